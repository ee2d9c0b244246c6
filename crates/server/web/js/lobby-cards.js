// The lobby's game cards: one a game, with its name, a picture of its
// start (GET /api/variants/KEY/start: the default options, a fixed public
// seed; "a sample deal" when another seed deals another start), its
// one-line summary, and links to its rules and its analysis board. The
// picture is the core board renderer's (board.js), only looked at.
import { el } from "./dom.js";
import { api } from "./api.js";
import { drawBoard } from "./board.js";
import { cardSvg } from "./cardface.js";

// Every game's card, the starts asked for together; a start that does not
// come leaves its card without a picture.
export async function gameCards(variants, choose) {
  const starts = await Promise.all(variants.map((v) => api(`/api/variants/${v.key}/start`).catch(() => null)));
  return el("section", { class: "panel", id: "games", "aria-labelledby": "games-title" },
    el("h2", { id: "games-title" }, "The games"),
    el("div", { class: "variant-cards" }, ...variants.map((v, i) => gameCard(v, starts[i], choose))));
}

function gameCard(v, start, choose) {
  const picture = start ? startPicture(start) : null;
  const caption = start && start.sample_deal ? "The start: a sample deal" : "The start";
  return el("article", { class: "variant-card", "data-variant": v.key, "aria-labelledby": `card-title-${v.key}` },
    el("h3", { id: `card-title-${v.key}` }, v.name),
    picture ? el("figure", { class: "card-start" }, picture, el("figcaption", {}, caption)) : null,
    el("p", { class: "card-summary" }, v.summary),
    el("div", { class: "card-links" },
      el("a", { href: `/rules/${v.key}`, class: "card-rules" }, "Rules"),
      el("a", { href: `/analysis?game=${v.key}`, class: "card-analysis" }, "Analysis board"),
      el("button", { type: "button", class: "card-choose", "aria-label": `Play this: ${v.name}`, onclick: () => choose(v.key) }, "Play this")));
}

// The start as a small picture: the board drawn by the board renderer
// (read-only: a view stepped to is never played on), or, for a game of
// cards alone (Chess Cards), the cards in its zones.
function startPicture(view) {
  if (view.board) {
    // The renderer draws into #board: a box of that id for a moment,
    // whose drawing is then taken as the card's picture.
    const host = el("div", { id: "board", hidden: "" });
    document.body.append(host);
    const state = { id: null, view, shown: null, flipped: false, selected: null, pastView: view, panels: {}, keys: false, send: () => {} };
    drawBoard(state, view);
    const svg = host.querySelector("svg");
    host.remove();
    if (!svg) return null;
    svg.removeAttribute("id");
    svg.setAttribute("class", "start-board" + (view.board.ranks >= 2 * view.board.files ? " tall" : ""));
    svg.setAttribute("aria-label", `${view.title}: the start`);
    return svg;
  }
  // The first hand dealt (Chess Cards: the dealer's).
  const zone = (view.zones || []).find((z) => (z.cards || []).some((c) => c && c.colour));
  const cards = zone ? zone.cards.slice(0, 12) : [];
  if (!cards.length) return null;
  const box = el("div", { class: "start-cards", role: "img", "aria-label": `${view.title}: the cards at the start` });
  for (const c of cards) if (c && c.colour) box.append(cardSvg(c));
  return box.childElementCount ? box : null;
}
