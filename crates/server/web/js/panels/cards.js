// Panel "cards": zones of playing cards on a felt (Chess Cards' hands,
// sacrifice piles, the table and the last trick), each with its `kind`
// (hand, pile, trick, table), its owner's row (the player's at the
// bottom) and its note. A card is played by a click; a move that gives up
// a card first (`sacrifice`) is made in two clicks after the sacrifice
// button. The words (the question when one card fits several moves, the
// sacrifice's) come from the view's declaration.
import { el, fill } from "../dom.js";
import { cardSvg } from "../cardface.js";
import { chooseAmong, clearChoices } from "../layout.js";

const WORDS = {
  choice_question: "Which move?",
  sacrifice: "Sacrifice a card first",
  sacrifice_cancel: "Cancel sacrifice",
  sacrifice_cancel_card: "Cancel sacrifice of {card}",
  sacrifice_choose: "Choose the card to sacrifice",
  sacrifice_chosen: "Sacrificing {card}: now choose the card to play",
  again: "again",
};
const word = (decl, k) => decl[k] || WORDS[k];

// The ids of the cards a click may play now.
function clickable(state, v) {
  const m = state.panels.cards;
  if (state.pastView || v.you === null || v.to_move !== v.you) return new Set();
  const ms = v.moves.filter((x) => x.card !== undefined);
  if (m.sacMode && !m.sacCard) return new Set(ms.filter((x) => x.sacrifice).map((x) => x.sacrifice));
  const sac = m.sacMode ? m.sacCard : null;
  return new Set(ms.filter((x) => (x.sacrifice || null) === sac).map((x) => x.card));
}

function clickCard(state, v, decl, id) {
  const m = state.panels.cards;
  if (!clickable(state, v).has(id)) return;
  if (m.sacMode && !m.sacCard) { m.sacCard = id; clearChoices(); state.redraw(); return; }
  const sac = m.sacMode ? m.sacCard : null;
  const options = v.moves.filter((x) => x.card === id && (x.sacrifice || null) === sac);
  chooseAmong(state, options, word(decl, "choice_question"));
}

function draw(box, state, v, decl) {
  const m = state.panels.cards;
  const zones = v.zones || [];
  if (!zones.length) { box.replaceChildren(); box.className = ""; return; }
  const live = !state.pastView;
  const mine = live && v.you !== null && v.to_move === v.you;
  box.className = "felt" + (mine ? " your-turn" : "");
  const playable = clickable(state, v);
  const bottom = state.flipped ? 1 : 0;
  const zoneEl = (z) => {
    const cards = el("div", { class: "cards" });
    for (const c of z.cards) {
      const cls = [];
      if (live && playable.has(c.id) && z.owner === v.you) cls.push("playable");
      if (m.sacCard === c.id && z.owner === v.you) cls.push("sacrificing");
      if (c.again) cls.push("again");
      const svg = cardSvg(c, cls.join(" "));
      const wrap = el("div", { class: "card-slot" }, svg);
      if (c.caption) wrap.append(el("div", { class: "caption" }, c.caption + (c.privilege ? " *" : "")));
      if (c.again) wrap.append(el("div", { class: "caption" }, word(decl, "again")));
      if (cls.includes("playable")) {
        svg.setAttribute("tabindex", "0");
        svg.addEventListener("click", () => clickCard(state, v, decl, c.id));
        svg.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); clickCard(state, v, decl, c.id); } });
      }
      cards.append(wrap);
    }
    if (!z.cards.length) cards.append(el("div", { class: "empty" }, z.kind === "pile" ? "none" : "\u2014"));
    const name = z.name + (z.owner !== null && z.owner === v.you ? " (you)" : "");
    return el("section", { class: `zone kind-${z.kind}`, "data-zone": z.id },
      el("div", { class: "zone-name" }, name), cards, z.note ? el("div", { class: "zone-note" }, z.note) : null);
  };
  const row = (owner) => el("div", { class: "zone-row" + (owner === bottom ? " mine" : "") + (owner === null ? " middle" : "") },
    ...zones.filter((z) => z.owner === owner).map(zoneEl));
  const parts = [row(1 - bottom), row(null), row(bottom)];
  // The sacrifice's button, under the player's own hand.
  if (mine && v.moves.some((x) => x.sacrifice)) {
    const label = m.sacMode ? (m.sacCard ? fill(word(decl, "sacrifice_cancel_card"), { card: m.sacCard }) : word(decl, "sacrifice_cancel")) : word(decl, "sacrifice");
    parts.push(el("div", { class: "zone-tools" }, el("button", {
      id: "sacrifice-mode", class: m.sacMode ? "on" : "",
      onclick: () => { m.sacMode = !m.sacMode; m.sacCard = null; clearChoices(); state.redraw(); },
    }, label)));
  }
  box.replaceChildren(...parts);
}

// While a sacrifice is being made, the status line says its step.
function status(state, v, decl) {
  const m = state.panels.cards;
  if (!m.sacMode || state.pastView || v.to_move === null || v.to_move !== v.you) return null;
  return m.sacCard ? fill(word(decl, "sacrifice_chosen"), { card: m.sacCard }) : word(decl, "sacrifice_choose");
}

function reset(m) { m.sacMode = false; m.sacCard = null; }

export default { kind: "cards", slot: "below", id: "zones", draw, status, reset };
