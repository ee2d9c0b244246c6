// What a view tells beside the board: its `facts` (label and value) and
// its `scoreboard` (columns by seat, rows of points, a total row).
import { el } from "./dom.js";

export function drawFacts(v) {
  const facts = document.getElementById("facts");
  if (facts) facts.replaceChildren(...(v.facts || []).flatMap((f) => [el("dt", {}, f.label), el("dd", {}, f.value)]));
}

export function drawScores(v) {
  const scores = document.getElementById("scores");
  if (!scores) return;
  if (!v.scoreboard) { scores.replaceChildren(); return; }
  const sb = v.scoreboard;
  scores.replaceChildren(el("table", { id: "scoreboard" },
    el("thead", {}, el("tr", {}, el("th", {}, ""), ...sb.columns.map((c, i) => el("th", {}, c + (i === v.you ? " (you)" : ""))))),
    el("tbody", {}, ...sb.rows.map((r) => el("tr", { class: r.total ? "total" : "" }, el("th", {}, r.label), ...r.cells.map((c) => el("td", {}, String(c))))))));
}
