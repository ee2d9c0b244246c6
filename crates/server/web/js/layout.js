// The board's side of a page with a board (a game, the analysis board):
// the status line, a move box that sends a text typed in the game's
// notation (completed from the legal moves), the question asked when one
// click fits several moves, and the places the renderer draws into: the
// board and the panels' slots above and below it.
import { el } from "./dom.js";

// `verb`: "play" (a game) or "try" (the analysis board); `send(text)`.
export function boardWrap(verb, send) {
  // A move typed: the box remembers it was used, so that it takes the
  // focus again when it is this seat's turn next (a pointer used
  // elsewhere forgets it: the player went back to clicking).
  const submit = (e) => { e.preventDefault(); const i = document.getElementById("move-input"); const t = i.value.trim(); if (t) { i.value = ""; document.getElementById("move-form").dataset.typed = "1"; send(t); } };
  return el("div", { class: "board-wrap" },
    el("div", { class: "status-bar" }, el("div", { id: "status", role: "status" }),
      el("form", { id: "move-form", onsubmit: submit },
        el("input", { id: "move-input", list: "move-list", autocomplete: "off", placeholder: verb === "play" ? "type a move" : "try a move", "aria-label": `${verb === "play" ? "type" : "try"} a move in the game's notation` }),
        el("datalist", { id: "move-list" }),
        el("button", { type: "submit" }, verb === "play" ? "Play" : "Try")),
      el("div", { id: "offers" }), el("div", { id: "promo" }), el("div", { id: "free-moves" }), slot("bar")),
    slot("above"), el("div", { id: "board" }), slot("below"));
}

document.addEventListener("pointerdown", (e) => {
  const form = document.getElementById("move-form");
  if (form && !form.contains(e.target)) delete form.dataset.typed;
});

// A place where the panels of that slot (panels/index.js) are put.
export const slot = (name) => el("div", { class: "panel-slot", "data-slot": name });

export function status(text) {
  const s = document.getElementById("status");
  if (s) s.textContent = text;
}

// One click may fit several moves (a promotion, a Queen's Privilege): then
// the player picks among buttons labelled by the moves' `choice`, under
// the `question` the view words.
export function chooseAmong(state, options, question) {
  if (options.length === 1) return state.send(options[0].text);
  if (options.length > 1) {
    document.getElementById("promo").replaceChildren(question + " ",
      ...options.map((m) => el("button", { class: "promo-choice", onclick: () => state.send(m.text) }, m.choice || m.text)));
  }
}

export function clearChoices() {
  const b = document.getElementById("promo");
  if (b) b.replaceChildren();
}
