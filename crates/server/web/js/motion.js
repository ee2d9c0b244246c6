// A move new since the board was last drawn: its sound (sound.js: a move,
// a capture, a check, the end) and the
// moved piece's slide from its square to its new one.
import { moveSound, playSound } from "./sound.js";

// The move new since the board was last drawn (a view come live, not one
// stepped to), or null: clicks if the sound is on, and says whether the
// piece slides (not for a piece dropped there, nor with reduced motion).
export function freshMove(state, v) {
  const seen = state.seen;
  state.seen = state.pastView ? null : v;
  if (!seen || state.pastView || v.plies <= seen.plies) return null;
  const last = v.last || {};
  const capture = (seen.pieces || []).some((p) => p.square === last.to) || /[x:]/.test((v.history || [])[v.plies - 1] || "");
  // A move that ends the game sounds as the end (game.js plays it, for
  // every way a game ends); a check says more than a move.
  if (!(v.result && !seen.result)) {
    if (v.check || v.check_square) playSound("check");
    else moveSound(capture);
  }
  const dropped = state.dropped === last.from + last.to;
  state.dropped = null;
  const slide = last.from && last.to && !dropped && !matchMedia("(prefers-reduced-motion: reduce)").matches;
  return { ...last, slide };
}

// The piece moved slides from its square to its new one.
export function slide(svg, pos, m) {
  const g = svg.querySelector(`g.card[data-square="${m.to}"]`);
  if (!g || !g.animate) return;
  const [[fx, fy], [tx, ty]] = [pos(m.from), pos(m.to)];
  g.animate([{ transform: `translate(${fx - tx}px, ${fy - ty}px)` }, { transform: "none" }], { duration: 180, easing: "ease-out" });
}
