// A game's moves beside the board: the move list from the view's `lines`
// (headings, numbered lines, the ply shown marked, a click steps there),
// and the move box's completions, the legal moves (shown only to a seat
// that acts now).
import { el } from "./dom.js";

// `step(ply)`: show the position after `ply` plies (null: now).
export function drawMoveList(state, step) {
  const box = document.getElementById("moves");
  box.replaceChildren();
  const shown = state.shown === null ? state.view.plies : state.shown;
  const h = state.view.history;
  for (const line of state.view.lines || []) {
    if (line.heading) box.append(el("div", { class: "line-heading" }, line.heading));
    if (!line.plies.length) continue;
    const row = el("div", { class: "line" }, el("span", { class: "no" }, line.label));
    for (const k of line.plies) {
      // A button each: reached by Tab, played by Enter, named for a
      // screen reader with its number.
      row.append(el("button", { type: "button", class: "mv" + (k + 1 === shown ? " current" : ""), "aria-current": k + 1 === shown ? "step" : null, "aria-label": `${line.label ? line.label + " " : ""}${h[k]}, ply ${k + 1}`, onclick: () => step(k + 1 >= state.view.plies ? null : k + 1) }, h[k]), " ");
    }
    box.append(row);
  }
  // A finished game's list ends with its result, as a record does.
  const r = state.view.result;
  if (r) box.append(el("div", { class: "line result-line", id: "moves-result" }, el("b", {}, r.result), ` ${r.reason}`));
  const cur = box.querySelector(".mv.current");
  if (cur && state.shown !== null) cur.scrollIntoView({ block: "nearest" });
  else box.scrollTop = box.scrollHeight;
}

export function drawMoveBox(state, v) {
  const form = document.getElementById("move-form");
  const list = document.getElementById("move-list");
  if (!form || !list) return;
  const mine = !state.pastView && v.you !== null && v.you !== undefined && (v.acting || []).includes(v.you) && !v.result;
  const wasHidden = form.hidden;
  form.hidden = !mine;
  // The seat's turn again after a typed move: the box has the focus back.
  const input = document.getElementById("move-input");
  if (mine && wasHidden && form.dataset.typed === "1" && input && document.activeElement !== input) input.focus({ preventScroll: true });
  const texts = mine ? [...new Set(v.moves.map((m) => m.text))] : [];
  if (list.dataset.key !== texts.join("|")) {
    list.dataset.key = texts.join("|");
    list.replaceChildren(...texts.map((t) => el("option", { value: t })));
  }
}
