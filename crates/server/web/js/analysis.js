// The analysis board (/analysis?game=KEY[&fen=...][&seed=N] or
// /analysis?from=ID[&ply=N]): any position of any game, moves tried on it
// without touching a game, and the engine's lines as it thinks
// (engine-lines.js). The board is a spec and a line of moves held here;
// the server draws it (POST /api/analysis/view) and the core renderer
// shows it, a move made on the board tried here instead of played.
import { el, mainBox, phrase } from "./dom.js";
import { api, post } from "./api.js";
import { boardWrap, slot, status, clearChoices } from "./layout.js";
import { render } from "./render.js";
import { placePanels, panelStatus, resetPanels } from "./panels/index.js";
import { drawFacts } from "./facts.js";
import { connectAnalysis, analyse } from "./engine-lines.js";
import { wholeGamePanel, startWholeGame, drawWholeGame, judgementOf, SUFFIX } from "./eval-graph.js";
import { newTree, addPath, withContinuation, drawTree } from "./variations.js";

// The board shown, while its page is.
let current = null;

export async function analysisPage() {
  const q = new URLSearchParams(location.search);
  const from = q.get("from");
  const token = from ? localStorage.getItem("deckmate-token-" + from) : null;
  const main = mainBox();
  main.replaceChildren(el("p", {}, "Opening the analysis board\u2026"));
  let board, variants;
  try {
    variants = await api("/api/variants");
    // Without a game named, the lobby's first.
    const body = from
      ? { from, ply: q.get("ply") === null ? null : Number(q.get("ply")) }
      : { game: q.get("game") || variants[0].key, fen: q.get("fen") || null, seed: q.get("seed") === null ? null : Number(q.get("seed")) };
    board = await api("/api/analysis", post(body, token));
  } catch (e) {
    main.replaceChildren(el("div", { class: "panel", id: "no-analysis" },
      el("h2", {}, "No analysis board"), el("p", {}, e.message),
      el("p", {}, from ? el("a", { href: "/game/" + from }, "Back to the game") : null, " ", el("a", { href: "/" }, "Back to the lobby"))));
    return;
  }
  const st = {
    // A game's whole line, opened at the ply asked for (`at`).
    game: board.game, spec: board.spec, from, line: board.moves.slice(), moves: board.moves.slice(),
    at: Math.min(board.at ?? board.moves.length, board.moves.length),
    view: null, flipped: false, selected: null, pastView: null, panels: {}, keys: true,
    engine: localStorage.getItem("deckmate-engine-off") !== "1", lines: Number(localStorage.getItem("deckmate-lines") || 3), req: 0, ws: null,
    // The number of the last position asked of the server, and the path of the one drawn.
    viewReq: 0, shown: null,
  };
  // Every move tried is kept in the tree, the game's line its main line.
  st.tree = newTree(st.line);
  st.send = (text) => tryMove(st, text);
  st.redraw = () => drawAnalysis(st);
  // Whether the board drawn is the position of the line at `at` (a step's
  // answer from the server may still be on its way).
  st.settled = () => st.shown === JSON.stringify(st.moves.slice(0, st.at));
  current = st;
  // Looked at by the end-to-end tests (no module reads it).
  window.analysisState = st;
  st.root = el("div", { class: "game analysis" }, boardWrap("try", st.send), side(st, board, variants));
  main.replaceChildren(st.root);
  placePanels(st.root);
  connectAnalysis(st);
  await refresh(st);
  // A finished game's every position, evaluated in the background.
  startWholeGame(st, (i) => { st.moves = st.line.slice(); goTo(st, i); });
}

// The side: the engine's panel, the card looked at, facts, the line's
// steps, and a form to open another position.
function side(st, board, variants) {
  const games = variants.map((g) => el("option", { value: g.key, selected: g.key === board.game ? "" : null }, g.name));
  const linesSelect = el("select", { id: "lines-count", "aria-label": "number of engine lines", onchange: (e) => { st.lines = Number(e.target.value); localStorage.setItem("deckmate-lines", String(st.lines)); analyse(st); } },
    ...[1, 2, 3, 4, 5].map((n) => el("option", { value: n, selected: n === st.lines ? "" : null }, `${n} line${n > 1 ? "s" : ""}`)));
  return el("div", { class: "side panel" },
    el("h2", { class: "analysis-title" }, `Analysis: ${board.title}`),
    el("div", { id: "engine-panel" },
      el("div", { class: "engine-head" },
        el("label", {}, el("input", { type: "checkbox", id: "engine-on", checked: st.engine ? "" : null, onchange: (e) => { st.engine = e.target.checked; localStorage.setItem("deckmate-engine-off", st.engine ? "0" : "1"); analyse(st); } }), " Engine"),
        linesSelect, el("span", { id: "engine-info" })),
      // Every score, like the bar, is the first player's (White's): + is good for him.
      el("div", { id: "eval-pov", class: "hint" }),
      el("div", { id: "eval-bar", role: "meter", "aria-valuemin": "0", "aria-valuemax": "100", "aria-valuenow": "50", "aria-label": "evaluation bar: the first player's share" },
        el("div", { id: "eval-fill" })),
      el("ol", { id: "engine-lines", "aria-live": "polite" })),
    wholeGamePanel(),
    slot("side"), el("div", { id: "card-view" }), el("dl", { id: "facts" }),
    el("div", { class: "buttons" },
      el("button", { id: "first", title: "start", onclick: () => goTo(st, 0) }, "|\u25c0"),
      el("button", { id: "prev", title: "back", onclick: () => goTo(st, st.at - 1) }, "\u25c0"),
      el("button", { id: "next", title: "forward", onclick: () => goTo(st, st.at + 1) }, "\u25b6"),
      el("button", { id: "last", title: "end of the line", onclick: () => goTo(st, st.moves.length) }, "\u25b6|"),
      el("button", { id: "flip", onclick: () => { st.flipped = !st.flipped; drawAnalysis(st); } }, "Flip")),
    el("div", { id: "moves", role: "region", "aria-label": "the moves of the line on the board" }),
    el("div", { class: "buttons" },
      el("button", { id: "game-line", title: "the game's own moves again", onclick: () => { st.moves = st.line.slice(); goTo(st, Math.min(st.at, st.line.length)); } }, "Back to the game's line"),
      st.from ? el("a", { href: "/game/" + st.from, id: "to-game" }, "To the game") : null,
      el("a", { href: `/rules/${board.game}`, id: "rules" }, "Rules")),
    el("form", { id: "setup-form", onsubmit: (e) => { e.preventDefault(); openSetup(); } },
      el("h3", {}, "Another position"),
      el("select", { id: "setup-game", "aria-label": "game" }, ...games),
      el("input", { id: "setup-fen", placeholder: "a position string (or empty for the start)", "aria-label": "position string", value: "" }),
      el("input", { id: "setup-seed", type: "number", min: "0", placeholder: "deal number", "aria-label": "deal number (seed)" }),
      el("button", { type: "submit" }, "Open"),
      el("div", { id: "position-out" })));
}

// A new board from the setup form: the game, a position string, a deal.
function openSetup() {
  const p = new URLSearchParams({ game: document.getElementById("setup-game").value });
  const fen = document.getElementById("setup-fen").value.trim();
  const seed = document.getElementById("setup-seed").value.trim();
  if (fen) p.set("fen", fen);
  if (seed) p.set("seed", seed);
  location.href = "/analysis?" + p.toString();
}

// The board after the first `at` moves of the line, drawn and analysed.
// Steps taken quickly ask for several positions at once: only the answer
// to the last one is drawn, whatever order they come back in.
async function refresh(st) {
  const n = ++st.viewReq;
  const path = st.moves.slice(0, st.at);
  let v;
  try {
    v = await api("/api/analysis/view", post({ game: st.game, spec: st.spec, moves: path }));
  } catch (e) { if (n === st.viewReq) status(e.message); return; }
  if (n !== st.viewReq) return;
  st.view = v;
  st.shown = JSON.stringify(path);
  st.selected = null;
  resetPanels(st);
  drawAnalysis(st);
  analyse(st);
}

function goTo(st, at) {
  st.at = Math.max(0, Math.min(at, st.moves.length));
  refresh(st);
}

// A move tried on the board: the path's next move goes forward; another
// branches from here into the tree (checked by the server before it is
// kept), the move's own continuation there followed if it has one.
async function tryMove(st, text) {
  clearChoices();
  if (st.moves[st.at] === text) { goTo(st, st.at + 1); return; }
  const moves = st.moves.slice(0, st.at).concat([text]);
  try {
    await api("/api/analysis/view", post({ game: st.game, spec: st.spec, moves }));
  } catch (e) { status("Illegal move: " + e.message.replace(/^move \d+ /, "")); return; }
  addPath(st.tree, moves);
  st.moves = withContinuation(st.tree, moves);
  goTo(st, moves.length);
}

// The position after `path` (a path of the tree), on that path followed
// by its main continuation.
function pick(st, path) {
  st.moves = withContinuation(st.tree, path);
  goTo(st, path.length);
}

function drawAnalysis(st) {
  const v = st.view;
  if (!v) return;
  const names = v.seats.map((s) => s.name);
  const said = v.result ? null : panelStatus(st, v);
  if (v.result) status(`The game is over: ${v.result.reason}`);
  else if (said) status(said);
  else if (v.to_move !== null) status(`${names[v.to_move]} to play` + (v.compulsory && v.turn_note ? ` \u2014 ${phrase(v.turn_note)}` : ""));
  else status(v.prompt || "Both players move at once");
  render(st, v);
  const list = document.getElementById("move-list");
  const texts = [...new Set(v.moves.map((m) => m.text).concat(v.chance_moves))];
  list.replaceChildren(...texts.map((t) => el("option", { value: t })));
  document.getElementById("move-form").hidden = !texts.length;
  drawFacts(v);
  const out = document.getElementById("position-out");
  out.replaceChildren(...(v.position ? [el("label", { for: "position-text" }, "Position string"), el("input", { id: "position-text", readonly: "", value: v.position, onclick: (e) => e.target.select() })] : []));
  // The tree: the game's moves in plain, moves tried in italics, the
  // variations in parentheses, marked moves with their signs.
  const box = document.getElementById("moves");
  drawTree(st, box, (path) => {
    const onLine = path.length <= st.line.length && path.every((m, k) => m === st.line[k]);
    const judged = judgementOf(st, path);
    return {
      classes: (onLine ? "" : " tried") + (judged ? " judged " + judged : ""),
      suffix: judged ? SUFFIX[judged] : "",
      label: judged ? `, ${judged}` : "",
    };
  }, (path) => pick(st, path));
  drawWholeGame(st);
  const cur = box.querySelector(".mv.current");
  if (cur) cur.scrollIntoView({ block: "nearest" });
}

// The arrow keys step along the line (not while typing, nor on the board).
document.addEventListener("keydown", (e) => {
  const st = current;
  const f = document.activeElement || {};
  if (!st || !document.body.contains(st.root) || ["INPUT", "TEXTAREA", "SELECT"].includes(f.tagName) || f.id === "board-svg") return;
  const to = { ArrowLeft: st.at - 1, ArrowRight: st.at + 1, Home: 0, End: st.moves.length }[e.key];
  if (to === undefined) return;
  e.preventDefault();
  // Forward past the path's end: its main continuation in the tree.
  st.moves = withContinuation(st.tree, st.moves);
  goTo(st, e.key === "End" ? st.moves.length : to);
});
