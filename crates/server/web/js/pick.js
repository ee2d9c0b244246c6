// Moves made on the board by picking a piece and dropping it on a square
// (a click, a tap, a drag, the keyboard); when one drop fits several
// moves, the view's `choice_question` asks which.
import { status, chooseAmong, clearChoices } from "./layout.js";
import { premoving, premoveClick } from "./premove.js";

export function chooseMove(state, from, to) {
  const options = state.view.moves.filter((m) => m.from === from && m.to === to);
  const b = state.view.board || {};
  chooseAmong(state, options, b.choice_question || "Which move?");
}

// A click (or Enter) on square n: drops the piece picked there when it may
// go there, else picks the piece on n, or puts the picked one back (a
// premove while another seat is to move).
export function pickOrDrop(state, v, n) {
  state.cursor = n;
  state.cursorX = null;
  // Another seat to move: the click makes a premove (premove.js).
  if (premoving(state, v)) return premoveClick(state, v, n);
  if (state.selected && v.moves.some((m) => m.from === state.selected && m.to === n)) return chooseMove(state, state.selected, n);
  state.selected = v.moves.some((m) => m.from === n) ? n : null;
  clearChoices();
  state.redraw();
  // A piece of one's own that may not move now: say why.
  const mine = v.you !== null && v.to_move === v.you && v.pieces.some((p) => p.square === n && p.owner === v.you);
  if (mine && !state.selected) {
    status(v.compulsory && v.turn_note ? `${v.turn_note.replace(/\.$/, "")}: play one of the marked pieces` : "That piece has no legal move now");
  }
}

