// Panel "arrangement": a secret setup before play (Dealer's Chess, D11).
// The player's dealt cards are dragged (or tapped, then a slot tapped)
// onto the back row and the pawn row; the rest go to the hand. Sent as
// one move (`[code]` per card, back row / pawn row), or `random`, or an
// offer of a new deal; the opponent's stays hidden until both are made.
// The view's `deal` holds the cards and the rows; the declaration words
// the titles and the hint.
import { el, fill } from "../dom.js";
import { cardChip, showCard } from "../refcard.js";

const WORDS = {
  title: "Arrange your army", hint: "Drag (or tap, then tap a slot) a card onto each slot.",
  pieces_label: "Piece cards", pawns_label: "Pawn cards", deal_title: "The deal", shared_label: "Shared",
  redeal: "Offer a new deal", redeal_help: "offer the other player a new deal",
  ready: "Ready", random: "Random", clear: "Clear", random_move: "random", redeal_move: "redeal",
  arranged: "arranged", arranging: "arranging\u2026", yours: "Your arrangement: ", rows: "/",
};
const word = (decl, k) => decl[k] || WORDS[k];

function draw(box, state, v, decl) {
  const d = v.deal;
  if (!d || state.pastView) { box.replaceChildren(); box.className = ""; return; }
  box.className = "panel arrange";
  const me = v.you;
  const seated = me !== null && me !== undefined;
  const seatsInfo = d.seats.map((s, i) => el("div", { class: "dealt" },
    el("strong", {}, `${v.seats[i].name} dealt${i === me ? " (you)" : ""}: `),
    cardChip(s.royal, { class: "card-chip royal" }), " ",
    ...s.pieces.map((c) => cardChip(c)), " | ", ...s.pawns.map((c) => cardChip(c)),
    el("span", { class: "arranged" }, s.arranged ? ` \u2714 ${word(decl, "arranged")}` : ` ${word(decl, "arranging")}`)));
  const shared = el("div", { class: "dealt" }, el("strong", {}, word(decl, "shared_label") + ": "), ...d.shared.map((c) => cardChip(c)));
  const offered = v.to_move !== null && v.to_move !== undefined && v.moves.some((m) => m.text.startsWith("keep"));
  if (!seated || d.seats[me].arranged || offered || (v.acting.length === 1 && v.acting[0] !== me && !d.seats[1 - me].arranged)) {
    const mine = d.mine ? el("p", {}, word(decl, "yours"), el("code", {}, d.mine.text)) : null;
    box.replaceChildren(el("h3", {}, word(decl, "deal_title")), ...seatsInfo, shared, mine,
      el("p", { class: "waiting" }, v.prompt || (seated ? "Waiting for the other player." : "The players are setting up.")));
    return;
  }
  const mySeat = d.seats[me];
  const backSlots = [];
  for (let r = 0; r < d.back_ranks; r++) for (let f = 0; f < d.files; f++) if (!(r === 0 && f === d.royal_file)) backSlots.push({ r, f });
  // simplified (D6): stand-ins and one Pawn card instead of a row.
  const pawnSlots = d.simplified ? 1 : mySeat.pawns.length;
  const backCount = d.simplified ? d.stand_ins.length : backSlots.length;
  const memory = state.panels.arrangement;
  if (!memory.a || memory.a.key !== `${v.id}-${me}`) {
    memory.a = { key: `${v.id}-${me}`, back: Array(backCount).fill(null), pawns: Array(pawnSlots).fill(null), picked: null };
  }
  const a = memory.a;
  const again = () => draw(box, state, v, decl);
  const used = new Set([...a.back, ...a.pawns].filter((x) => x));
  const file = (f) => String.fromCharCode(97 + f);
  const place = (kind, i) => {
    if (a.picked && a.picked.kind === kind) {
      const code = a.picked.code;
      for (const k of ["back", "pawns"]) a[k] = a[k].map((x) => (x === code ? null : x));
      a[kind][i] = code;
      a.picked = null;
    } else if (a[kind][i]) {
      a[kind][i] = null;
    }
    again();
  };
  const slot = (kind, i, label) => {
    const code = a[kind][i];
    const s = el("div", { class: "slot" + (code ? " filled" : "") + (a.picked && a.picked.kind === kind ? " open" : ""), "data-slot": `${kind}-${i}`, tabindex: "0",
      onclick: () => place(kind, i), onkeydown: (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); place(kind, i); } } },
      el("span", { class: "slot-square" }, label), code ? el("span", { class: "slot-code" }, code) : null);
    s.addEventListener("dragover", (e) => e.preventDefault());
    s.addEventListener("drop", (e) => {
      e.preventDefault();
      const [k, c] = (e.dataTransfer.getData("text/plain") || "").split(":");
      if (k === kind && c) { a.picked = { kind, code: c }; place(kind, i); }
    });
    if (code) s.addEventListener("pointerenter", () => showCard(`/cards/${code}.svg`, code));
    return s;
  };
  const rank = (r) => (me === 0 ? r + 1 : Number(d.files) - r);
  const backRows = [];
  for (let r = d.back_ranks - 1; r >= 0; r--) {
    const cells = [];
    for (let f = 0; f < d.files; f++) {
      if (r === 0 && f === d.royal_file) { cells.push(el("div", { class: "slot royal" }, el("span", { class: "slot-square" }, file(f) + rank(r)), el("span", { class: "slot-code" }, mySeat.royal.code))); continue; }
      const i = backSlots.findIndex((x) => x.r === r && x.f === f);
      cells.push(slot("back", i, file(f) + rank(r)));
    }
    // Seen from the player's side, as the board is drawn for him.
    backRows.push(el("div", { class: "slot-row" }, ...(me === 0 ? cells : cells.reverse())));
  }
  const simpleRows = d.simplified ? [
    el("div", { class: "slot-row" }, ...d.stand_ins.map((name, i) => slot("back", i, name))),
    el("div", { class: "slot-row" }, slot("pawns", 0, "Pawns")),
  ] : null;
  const pawnRank = me === 0 ? d.back_ranks + 1 : Number(d.files) - d.back_ranks;
  const pawnCells = d.simplified ? [] : mySeat.pawns.map((_, i) => slot("pawns", i, file(i) + pawnRank));
  const pawnRow = el("div", { class: "slot-row" }, ...(me === 0 ? pawnCells : pawnCells.reverse()));
  const pool = (kind, cards) => el("div", { class: "pool" }, ...cards.filter((c) => !used.has(c.code)).map((c) => {
    const chip = cardChip(c, { class: "card-chip" + (a.picked && a.picked.code === c.code ? " picked" : ""), draggable: "true", "data-code": c.code });
    chip.addEventListener("click", () => { a.picked = a.picked && a.picked.code === c.code ? null : { kind, code: c.code }; again(); });
    chip.addEventListener("dragstart", (e) => e.dataTransfer.setData("text/plain", `${kind}:${c.code}`));
    return chip;
  }));
  const complete = a.back.every((x) => x) && a.pawns.every((x) => x);
  // Each card as the game writes it in an arrangement (the deal's
  // `written`), the rows joined as the declaration says.
  const written = new Map([...mySeat.pieces, ...mySeat.pawns].map((c) => [c.code, c.written]));
  const code = (c) => written.get(c) || (c.length === 1 ? c : `[${c}]`);
  const text = () => a.back.map(code).join("") + word(decl, "rows") + a.pawns.map(code).join("");
  const hand = mySeat.pieces.filter((c) => !a.back.includes(c.code)).length;
  box.replaceChildren(
    el("h3", {}, word(decl, "title")),
    el("p", { class: "hint" }, fill(word(decl, "hint"), { hand })),
    el("div", { class: "slots" }, ...(simpleRows || [pawnRow, ...backRows])),
    el("div", { class: "pool-label" }, word(decl, "pieces_label")), pool("back", mySeat.pieces),
    el("div", { class: "pool-label" }, word(decl, "pawns_label")), pool("pawns", mySeat.pawns),
    el("div", { class: "buttons" },
      el("button", { id: "arrange-send", disabled: complete ? null : "", onclick: () => state.send(text()) }, word(decl, "ready")),
      el("button", { id: "arrange-random", onclick: () => state.send(word(decl, "random_move")) }, word(decl, "random")),
      el("button", { id: "arrange-clear", onclick: () => { memory.a = null; again(); } }, word(decl, "clear")),
      el("button", { id: "arrange-redeal", title: word(decl, "redeal_help"), onclick: () => state.send(word(decl, "redeal_move")) }, word(decl, "redeal"))),
    el("h3", {}, word(decl, "deal_title")), ...seatsInfo, shared);
}

export default { kind: "arrangement", slot: "above", id: "arrange", draw };
