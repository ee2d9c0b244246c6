// Whole-game analysis on the analysis board of a finished game (POST and
// GET /api/games/{id}/evaluation): every position of the game's line
// evaluated by the engine in the background, drawn as a graph of the
// first player's share (up: good for him, as the bar), and the moves that
// lost the most marked ?! (inaccuracy), ? (mistake), ?? (blunder) in the
// graph, in a list and in the line's moves. A click on the graph or a
// mark goes to that position of the game's line.
import { el } from "./dom.js";
import { api, post } from "./api.js";

const SVG = "http://www.w3.org/2000/svg";
const WIDTH = 600;
const HEIGHT = 80;
export const SUFFIX = { inaccuracy: "?!", mistake: "?", blunder: "??" };

// The panel, hidden until there is an analysis to show.
export function wholeGamePanel() {
  return el("section", { id: "whole-game", hidden: "", "aria-label": "whole-game analysis" },
    el("h3", {}, "Whole-game analysis"),
    el("p", { id: "whole-game-status", class: "hint", "aria-live": "polite" }),
    el("div", { id: "eval-graph" }),
    el("ul", { id: "eval-marks" }));
}

// Asks for the analysis of the game the board was opened from, if it is
// over (a game still going answers 409: the panel stays hidden), then
// shows it as it comes. `go(i)`: the position after the line's first `i`
// moves.
export async function startWholeGame(st, go) {
  if (!st.from) return;
  const path = `/api/games/${encodeURIComponent(st.from)}/evaluation`;
  try { st.evaluation = await api(path, post()); } catch { return; }
  st.goLine = go;
  // The whole page drawn anew (the line's moves carry the marks).
  st.redraw();
  while (st.evaluation && !st.evaluation.complete && !st.evaluation.error && document.body.contains(st.root)) {
    await new Promise((r) => setTimeout(r, 700));
    try { st.evaluation = await api(path); } catch { break; }
    st.redraw();
  }
}

// The judgement of the last move of `path` (moves from the start), if
// the path is the game's own line and that move is marked.
export function judgementOf(st, path) {
  const ev = st.evaluation;
  if (!ev || path.length > st.line.length || !path.every((m, k) => m === st.line[k])) return null;
  const m = ev.marks.find((k) => k.ply - ev.first_ply === path.length);
  return m ? m.judgement : null;
}

function sameAsLine(st, n) {
  return n <= st.line.length && st.moves.slice(0, n).every((m, k) => m === st.line[k]);
}

// The panel drawn anew: the status, the graph with the position shown, the
// marks.
export function drawWholeGame(st) {
  const box = document.getElementById("whole-game");
  const ev = st.evaluation;
  if (!box || !ev) return;
  box.hidden = false;
  const known = ev.points.filter((p) => p !== null).length;
  document.getElementById("whole-game-status").textContent = ev.error
    ? `The analysis stopped: ${ev.error}`
    : ev.complete
      ? `Every position evaluated; up is good for ${firstName(st)}. ${ev.method[0].toUpperCase()}${ev.method.slice(1)}.`
      : `Evaluating\u2026 ${known} of ${ev.points.length} positions`;
  document.getElementById("eval-graph").replaceChildren(graph(st, ev));
  const marks = document.getElementById("eval-marks");
  marks.replaceChildren(...ev.marks.map((m) => {
    const i = m.ply - ev.first_ply;
    const text = st.line[i - 1] || "";
    return el("li", { class: "mark " + m.judgement },
      el("button", { type: "button", onclick: () => st.goLine(i) },
        `${m.ply}. ${text}${SUFFIX[m.judgement]}`), ` ${m.seat}'s ${m.judgement} (\u2212${Math.round(m.drop * 100)}%)`);
  }));
}

function firstName(st) {
  const v = st.view;
  return v && v.seats && v.seats[0] ? v.seats[0].name : "the first player";
}

// The graph: the first player's share over the line's positions, the
// middle line, the marks and the position shown.
function graph(st, ev) {
  const n = Math.max(1, ev.points.length - 1);
  const x = (i) => (i / n) * WIDTH;
  const y = (p) => (1 - p) * HEIGHT;
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${WIDTH} ${HEIGHT}`);
  svg.setAttribute("preserveAspectRatio", "none");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", `evaluation graph of ${ev.points.length} positions; ${ev.marks.length} moves marked`);
  svg.id = "eval-svg";
  const add = (name, attrs) => {
    const e = document.createElementNS(SVG, name);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
    svg.append(e);
    return e;
  };
  add("rect", { x: 0, y: 0, width: WIDTH, height: HEIGHT, class: "graph-back" });
  const pts = ev.points.map((p, i) => (p === null ? null : [x(i), y(p)])).filter(Boolean);
  if (pts.length) {
    const line = pts.map(([a, b]) => `${a.toFixed(1)},${b.toFixed(1)}`).join(" L");
    add("path", { d: `M${pts[0][0].toFixed(1)},${HEIGHT} L${line} L${pts[pts.length - 1][0].toFixed(1)},${HEIGHT} Z`, class: "graph-area" });
    add("path", { d: `M${line}`, class: "graph-line", "vector-effect": "non-scaling-stroke" });
  }
  add("line", { x1: 0, y1: HEIGHT / 2, x2: WIDTH, y2: HEIGHT / 2, class: "graph-mid", "vector-effect": "non-scaling-stroke" });
  for (const m of ev.marks) {
    const i = m.ply - ev.first_ply;
    add("line", { x1: x(i), y1: 0, x2: x(i), y2: HEIGHT, class: "graph-mark " + m.judgement, "data-ply": m.ply, "vector-effect": "non-scaling-stroke" });
  }
  if (sameAsLine(st, st.at)) {
    add("line", { x1: x(st.at), y1: 0, x2: x(st.at), y2: HEIGHT, class: "graph-here", "vector-effect": "non-scaling-stroke" });
  }
  svg.addEventListener("click", (e) => {
    const r = svg.getBoundingClientRect();
    const i = Math.round(((e.clientX - r.left) / Math.max(1, r.width)) * n);
    st.goLine(Math.max(0, Math.min(n, i)));
  });
  return svg;
}
