// Panel "drawn-card": the card drawn for the move to come (52Chess),
// turned over as it comes, with the square it names. The view's
// `drawn_card` holds its name, rank, suit symbol, colour and square; the
// declaration words the label.
import { el } from "../dom.js";
import { cardSvg } from "../cardface.js";

function draw(box, state, v, decl) {
  const dc = v.drawn_card;
  if (!dc) { box.replaceChildren(); box.dataset.key = ""; return; }
  const key = `${dc.ply}-${dc.name}-${state.pastView ? "past" : "live"}`;
  if (box.dataset.key === key) return;
  box.dataset.key = key;
  const card = cardSvg({ id: dc.name, name: `${dc.name}: square ${dc.square}`, colour: dc.colour || "black", rank: dc.rank, symbol: dc.symbol || dc.suit }, "turned");
  box.replaceChildren(el("div", { class: "drawn-label" }, decl.label || "Drawn"),
    el("div", { class: "card-turn" }, card),
    el("div", { class: "drawn-square" }, `${dc.name} \u2192 ${dc.square}`));
}

export default { kind: "drawn-card", slot: "side", id: "drawn", draw };
