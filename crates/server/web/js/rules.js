// A rules page (/rules/KEY): the rules text the terminal prints, as a page
// — a title (a line over a rule of '='), headings (a line on its own:
// capitals, or followed by an indented line), paragraphs as written — and
// the start of a game of the default options, drawn by the core renderer,
// and every piece of the game as its card, with its move diagram.
import { el, mainBox } from "./dom.js";
import { pieceCards } from "./piece-cards.js";
import { api } from "./api.js";
import { slot } from "./layout.js";
import { render } from "./render.js";
import { placePanels } from "./panels/index.js";

export async function rulesPage(key) {
  const main = mainBox();
  main.replaceChildren(el("p", {}, "Loading the rules\u2026"));
  let text, start;
  try {
    const r = await fetch(`/api/rules/${key}`);
    if (!r.ok) throw new Error("no such game");
    text = await r.text();
    start = await api(`/api/rules/${key}/start`);
  } catch {
    main.replaceChildren(el("div", { class: "panel" }, el("h2", {}, "No such game"), el("p", {}, el("a", { href: "/" }, "Back to the lobby"))));
    return;
  }
  const article = rulesArticle(text);
  // The start is only looked at: nothing on it is played.
  const state = { id: null, view: start, shown: null, flipped: false, selected: null, pastView: null, panels: {}, keys: false, send: () => {} };
  state.redraw = () => render(state, state.view);
  const figure = el("figure", { class: "panel rules-start" },
    el("div", { id: "board" }), slot("below"), el("div", { id: "free-moves", hidden: "" }),
    el("figcaption", {}, `${start.title}: the start (default options)`));
  main.replaceChildren(el("p", {}, el("a", { href: "/" }, "\u2190 Lobby")), el("div", { class: "rules-layout" }, article, figure));
  placePanels(figure);
  render(state, start);
  const cards = await pieceCards(key);
  if (cards.length) main.append(piecesSection(start.title, cards));
}

// Every piece as its card: its name, its move in words and XBetza, its
// move diagram (the server draws them, as the hover cards of a game).
function piecesSection(title, cards) {
  return el("section", { class: "panel rules-pieces", id: "rules-pieces", "aria-labelledby": "pieces-heading" },
    el("h2", { id: "pieces-heading" }, `The pieces of ${title}`),
    el("p", {}, "Forward is up. A disc: moves or captures there; a ring: moves only; a cross: captures only. A line is a slide (an arrow: on to the board's edge), a dashed line a hop over a piece; blue is for the first move only."),
    el("div", { class: "piece-cards" }, ...cards.map((c) =>
      el("img", { src: c.svg, loading: "lazy", width: 306, height: 198, class: "piece-card-img", "data-code": c.code, alt: `${c.name}: ${c.words || "moves as " + c.betza} (XBetza ${c.betza})` }))));
}

function rulesArticle(text) {
  const lines = text.split("\n");
  const article = el("article", { class: "panel rules", id: "rules-page" });
  let para = [];
  const flush = () => { if (para.length) { article.append(el("p", { class: "rules-text" }, reflow(para))); para = []; } };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i], next = lines[i + 1] || "";
    if (/^=+$/.test(line.trim()) && line.trim()) continue;
    if (!line.trim()) { flush(); continue; }
    const indented = /^\s/.test(line);
    if (i === 0 || /^=+$/.test(next.trim())) { flush(); article.append(el("h1", {}, line.trim())); continue; }
    const caps = line === line.toUpperCase() && /[A-Z]/.test(line);
    // A heading may run on to the next line inside its parentheses.
    const open = (t) => (t.match(/\(/g) || []).length > (t.match(/\)/g) || []).length;
    // A heading: capitals, or a short line of its own (after a blank one,
    // not ending in ':') over an indented block.
    const own = i > 0 && !lines[i - 1].trim() && !/:$/.test(line.trim());
    if (!indented && (caps || (own && /^\s+\S/.test(next)) || (/^[A-Z]{3,}\b/.test(line) && open(line)))) {
      let h = line.trim();
      while (open(h) && i + 1 < lines.length && lines[i + 1].trim()) h += " " + lines[++i].trim();
      flush();
      article.append(el("h2", {}, h));
      continue;
    }
    para.push(line);
  }
  flush();
  return article;
}

// A paragraph of the rules text, its hard line breaks undone so that it
// fits any width. A line goes on with the one before, unless it starts an
// item: after a line ending in ':', an indented line after prose, a line
// indented less than the one before, or one indented alike after a
// sentence's end or in a table (columns apart by two spaces). Items keep
// their own lines and indentation.
function reflow(lines) {
  const indent = (l) => l.length - l.trimStart().length;
  const table = (l) => /\S {2,}\S/.test(l);
  const out = [];
  let prev = null;
  for (const line of lines) {
    const ind = indent(line);
    const p = prev === null ? 0 : indent(prev);
    const starts = prev === null || /:$/.test(prev.trimEnd()) || (p === 0 ? ind > 0 : ind < p)
      || (ind === p && p > 0 && (/[.;!?)]$/.test(prev.trimEnd()) || table(line) || table(prev)));
    if (starts) out.push(line); else out[out.length - 1] += " " + line.trim();
    if (starts || ind <= p) prev = line; else prev = " ".repeat(p) + line.trim();
  }
  return out.join("\n");
}
