// Premove (issue 31 item 5), as on lichess: while another seat is to move
// alone, the player may queue one move of a piece of his own (by click,
// drag or the board's keys), shown by its squares and a line under the
// status; Escape, a right-click or a click elsewhere on the board cancels
// it, a new one replaces it. When the position comes in which the player
// is to move, it is played at once if the legal moves of that view hold
// one with its from and to squares, else dropped without a word. Only
// board moves are premoved (no cards, no arrangements, no chance's draws);
// the client knows no rules: any square may be a premove's target, the
// server's legal moves decide.
import { el } from "./dom.js";

const has = (x) => x !== null && x !== undefined;

// Whether the page's seat may premove now: a live board of a game not
// over, another seat to move alone (not both, as in Dealer's Chess's
// arrangement), the page showing the position now.
export function premoving(state, v) {
  return !!state.premoves && !state.pastView && !!v.board && has(v.you) && !v.result &&
    has(v.to_move) && v.to_move !== v.you && !(v.acting || []).includes(v.you) && !v.arranging;
}

// Whether a piece of the page's seat stands on square n now.
export const ownPiece = (v, n) => v.pieces.some((p) => p.square === n && p.owner === v.you);

// The move queued.
export function setPremove(state, from, to) {
  state.premove = { from, to };
  state.selected = null;
  state.redraw();
}

// The premove (or the piece picked for one) cancelled; false if none was.
export function cancelPremove(state) {
  if (!state.premove && !state.selected) return false;
  state.premove = null;
  state.selected = null;
  state.redraw();
  return true;
}

// A click (or Enter) on square n while premoving: with a premove queued,
// cancels it (and picks the piece clicked if it is one's own); else picks
// one's own piece (a second click puts it back), or queues the picked
// piece's move to n.
export function premoveClick(state, v, n) {
  if (state.premove) {
    state.premove = null;
    state.selected = ownPiece(v, n) ? n : null;
  } else if (state.selected === n) state.selected = null;
  else if (state.selected && !ownPiece(v, n)) return setPremove(state, state.selected, n);
  else if (ownPiece(v, n)) state.selected = n;
  state.redraw();
}

// The premove to play now that view `v` came, or null: kept while the
// other seat is still to move (or the player's turn holds no board move
// yet, a card to draw first), dropped when the game is over or no legal
// move of `v` has its squares.
export function duePremove(state, v) {
  const p = state.premove;
  if (!p) return null;
  if (v.result || !has(v.you)) { state.premove = null; return null; }
  const mine = v.to_move === v.you || (v.acting || []).includes(v.you);
  const board = v.moves.filter((m) => m.from || m.to);
  if (!mine || !board.length) return null;
  state.premove = null;
  return board.some((m) => m.from === p.from && m.to === p.to) ? p : null;
}

// The line that says what is queued: "Premove: e2-e4 (Esc or click to
// cancel)", empty (hidden) when nothing is.
export const premoveLine = () => el("div", { id: "premove-line", role: "status", hidden: "" });

export function drawPremove(state) {
  const line = document.getElementById("premove-line");
  if (!line) return;
  const p = state.premove;
  line.hidden = !p;
  line.textContent = p ? `Premove: ${p.from}-${p.to} (Esc or click to cancel)` : "";
}
