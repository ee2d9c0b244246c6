// Panel "hands": the cards each player holds beside the board and the
// shared ones (Dealer's Chess's hands and shared extras, D4), as chips
// showing their reference cards. The view's `hands` holds `white`,
// `black` and `shared`; the declaration may word the shared row.
import { el } from "../dom.js";
import { cardChip } from "../refcard.js";

function draw(box, state, v, decl) {
  if (!v.hands) { box.replaceChildren(); return; }
  const row = (label, cards, id) => el("div", { class: "hand-row", id },
    el("span", { class: "hand-label" }, label),
    ...(cards.length ? cards.map((c) => cardChip(c)) : [el("span", { class: "empty" }, "\u2014")]));
  const names = v.seats.map((s) => s.name);
  const order = state.flipped ? [0, 1] : [1, 0];
  const keys = ["white", "black"];
  const hand = (i) => row(`${names[order[i]]}'s hand${v.you === order[i] ? " (you)" : ""}`, v.hands[keys[order[i]]], `hand-${keys[order[i]]}`);
  box.replaceChildren(hand(0), row(decl.shared_label || "Shared", v.hands.shared, "hand-shared"), hand(1));
}

export default { kind: "hands", slot: "below", id: "hands", draw };
