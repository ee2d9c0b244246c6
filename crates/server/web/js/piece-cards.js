// A piece's card (its name, its move in words and XBetza, its move
// diagram: the shared renderer's `/pieces/KEY/CODE.svg`, or a Dealer's
// Chess reference card): which card a board's piece answers to, shown
// beside the board when the pointer is over the piece (refcard.js) and
// over the page on a long press, as a phone has no hover.
import { api } from "./api.js";
import { el } from "./dom.js";
import { showCard } from "./refcard.js";

// Each game's cards, asked once per page (a game without pieces on a
// board has none: an empty list).
const lists = new Map();
export function pieceCards(key) {
  if (!lists.has(key)) lists.set(key, api(`/api/rules/${key}/pieces`).catch(() => []));
  return lists.get(key);
}

// A view's piece answers to the card whose code is its rank (Cardmate),
// its code (Dealer's Chess) or its symbol, in any case.
const codeOf = (p) => String(p.rank || p.code || p.symbol || "").toUpperCase();

// The card of piece `p` of view `v`: `{ svg, name }`, or null.
export async function cardOf(v, p) {
  if (p.card) return { svg: p.card, name: p.label };
  const list = await pieceCards(v.variant);
  const c = list.find((c) => c.code.toUpperCase() === codeOf(p));
  return c ? { svg: c.svg, name: c.name } : null;
}

export async function showPieceCard(v, p) {
  const c = await cardOf(v, p);
  if (c) showCard(c.svg, c.name);
}

// The card over the page, until a tap or Escape.
export function popCard(url, name) {
  document.getElementById("card-pop")?.remove();
  const close = el("button", { type: "button", class: "card-pop-close" }, "Close");
  const pop = el("div", { id: "card-pop", role: "dialog", "aria-label": `${name}: its move` },
    el("img", { src: url, alt: `${name}: its move diagram` }), close);
  const done = () => { pop.remove(); document.removeEventListener("keydown", esc); };
  const esc = (ev) => { if (ev.key === "Escape") done(); };
  pop.addEventListener("click", done);
  document.addEventListener("keydown", esc);
  document.body.append(pop);
  close.focus({ preventScroll: true });
}

// Hover (a mouse) shows the card of the piece drawn by `g` beside the
// board; a long press (touch or pen, half a second without moving) shows
// it over the page, and the press then picks nothing.
export function cardOnPiece(g, v, p) {
  g.addEventListener("pointerenter", (ev) => { if (ev.pointerType === "mouse") showPieceCard(v, p); });
  let press = null, popped = false;
  const cancel = () => { if (press) { clearTimeout(press.timer); press = null; } };
  g.addEventListener("pointerdown", (ev) => {
    popped = false;
    if (ev.pointerType === "mouse") return;
    cancel();
    press = { x: ev.clientX, y: ev.clientY, timer: setTimeout(async () => {
      press = null;
      const c = await cardOf(v, p);
      if (c) { popped = true; popCard(c.svg, c.name); }
    }, 500) };
  });
  g.addEventListener("pointermove", (ev) => { if (press && Math.hypot(ev.clientX - press.x, ev.clientY - press.y) > 8) cancel(); });
  for (const type of ["pointerup", "pointercancel", "pointerleave"]) g.addEventListener(type, cancel);
  g.addEventListener("contextmenu", (ev) => ev.preventDefault());
  g.addEventListener("click", (ev) => { if (popped) { popped = false; ev.stopPropagation(); } }, true);
}
