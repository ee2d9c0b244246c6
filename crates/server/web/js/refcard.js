// Reference cards: a piece's card (its name, its move in words and
// XBetza, its diagram) shown beside the board, in `#card-view`, when a
// piece or a card chip is pointed at; and the chips themselves.
import { el } from "./dom.js";

export function showCard(url, label) {
  const box = document.getElementById("card-view");
  if (!box || box.dataset.url === url) return;
  box.dataset.url = url;
  box.replaceChildren(el("img", { src: url, alt: label || "piece card", class: "ref-card" }));
}

// A small card chip: the code, its reference card on hover or focus.
// `c`: { code, name?, svg? }.
export function cardChip(c, attrs = {}) {
  const chip = el("button", { type: "button", class: "card-chip", title: c.name || c.code, ...attrs }, c.code);
  const url = c.svg || `/cards/${c.code}.svg`;
  chip.addEventListener("pointerenter", () => showCard(url, c.name || c.code));
  chip.addEventListener("focus", () => showCard(url, c.name || c.code));
  return chip;
}
