// Panel "chance": on the analysis board, where chance is to act (a card
// to be drawn in 52Chess), the player chooses its outcome among the
// view's `chance_moves`, or lets one be picked at random. The words (the
// status line's question, the list's name, the buttons) come from the
// view's declaration.
import { el } from "../dom.js";

const WORDS = { question: "Chance is to act: choose its outcome", label: "chance's outcome", pick: "Play this outcome", random: "At random" };
const word = (decl, k) => decl[k] || WORDS[k];

function draw(box, state, v, decl) {
  const outcomes = v.chance_moves || [];
  if (!outcomes.length || state.pastView) { box.replaceChildren(); return; }
  const pick = el("select", { id: "chance-select", "aria-label": word(decl, "label") }, ...outcomes.map((t) => el("option", { value: t }, t)));
  box.replaceChildren(pick,
    el("button", { id: "chance-play", onclick: () => state.send(pick.value) }, word(decl, "pick")),
    el("button", { id: "chance-random", onclick: () => state.send(outcomes[Math.floor(Math.random() * outcomes.length)]) }, word(decl, "random")));
}

function status(state, v, decl) {
  return (v.chance_moves || []).length && !v.result ? word(decl, "question") : null;
}

export default { kind: "chance", slot: "bar", id: "chance", draw, status };
