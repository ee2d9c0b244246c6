// The board played from the keyboard: a cursor moved over the squares as
// seen on screen (holes skipped), Enter or Space to pick and drop, Escape
// to put back; each step said to screen readers through a live region.
import { el } from "./dom.js";
import { pickOrDrop } from "./pick.js";

// A card on the board by its rank and suit, in the board's words
// (`card_words`: each rank's name and face, each suit's name and symbol):
// { name: "Ten of Clubs", face: "10\u2663" }, or null for another piece.
export function cardWords(p, v) {
  const w = v.board && v.board.card_words;
  const r = w && w.ranks[p.rank];
  const s = w && w.suits[p.suit];
  return r && s ? { name: `${r[0]} of ${s[0]}`, face: r[1] + s[1] } : null;
}

// A piece in words: a card's name (by its rank and suit) and whose it is;
// else its label.
export function pieceName(p, v) {
  const c = cardWords(p, v);
  return c ? `${c.name}, ${v.seats[p.owner].name}'s` : p.label;
}

// Where a board's squares are on screen, counted in squares from the top
// left (a flipped board turned round): `xy(name)`, and `at(x, y)`, the
// square there (null off the board or on a hole).
export function boardGrid(state, b) {
  const flip = state.flipped;
  return {
    xy: (n) => { const f = n.charCodeAt(0) - 97, r = Number(n.slice(1)) - b.rank_base; return flip ? [b.files - 1 - f, r] : [f, b.ranks - 1 - r]; },
    at: (x, y) => {
      if (x < 0 || y < 0 || x >= b.files || y >= b.ranks) return null;
      const n = String.fromCharCode(97 + (flip ? b.files - 1 - x : x)) + ((flip ? y : b.ranks - 1 - y) + b.rank_base);
      return b.holes.includes(n) ? null : n;
    },
  };
}

// Where the keyboard's cursor starts: on a piece of the player's that can
// move (or any of his), else the square nearest the centre.
export function startSquare(v, grid) {
  const own = v.pieces.filter((p) => p.owner === v.you);
  const p = own.find((q) => v.moves.some((m) => m.from === q.square)) || own[0];
  if (p) return p.square;
  let best = null, d = Infinity;
  for (let x = 0; x < v.board.files; x++) for (let y = 0; y < v.board.ranks; y++) {
    const e = Math.abs(x - (v.board.files - 1) / 2) + Math.abs(y - (v.board.ranks - 1) / 2);
    if (grid.at(x, y) && e < d) { best = grid.at(x, y); d = e; }
  }
  return best;
}

// The cursor one step on screen: left and right to the next square of the
// row, up and down to the nearest square of the next row with any, near
// the column last gone to (on a board with holes it zigzags).
function cursorStep(state, v, grid, dx, dy) {
  let [x, y] = grid.xy(state.cursor);
  if (dx) {
    for (x += dx; x >= 0 && x < v.board.files; x += dx) if (grid.at(x, y)) { state.cursorX = x; return grid.at(x, y); }
    return state.cursor;
  }
  const goal = state.cursorX ?? x;
  for (y += dy; y >= 0 && y < v.board.ranks; y += dy) {
    let best = null;
    for (let i = 0; i < v.board.files; i++) if (grid.at(i, y) && (best === null || Math.abs(i - goal) < Math.abs(best - goal))) best = i;
    if (best !== null) return grid.at(best, y);
  }
  return state.cursor;
}

// The board's keys: arrows move the cursor, Enter or Space picks the piece
// under it or drops the picked one there, Escape puts it back; each said.
// `again()` draws the board again.
export function boardKey(state, v, grid, ev, again) {
  const step = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[ev.key];
  const n = state.cursor, from = state.selected;
  const goes = (f) => f && v.moves.some((m) => m.from === f && m.to === state.cursor);
  let said = null;
  if (step) {
    state.cursor = cursorStep(state, v, grid, ...step);
    if (state.cursor !== n) again();
  } else if (ev.key === "Enter" || ev.key === " ") {
    if (goes(from)) said = `${from} to ${n}`;
    pickOrDrop(state, v, n);
    // A promotion's question: its buttons take the focus, and give it back.
    const choice = document.querySelector(".promo-choice");
    if (choice) { choice.focus(); state.refocus = true; }
  } else if (ev.key === "Escape" && from) {
    state.selected = null;
    again();
  } else return;
  ev.preventDefault();
  const p = v.pieces.find((q) => q.square === state.cursor);
  say(said || `${state.cursor}: ${p ? pieceName(p, v) : "empty"}` +
    (state.selected === state.cursor ? ", picked" : goes(state.selected) ? `, ${state.selected} can go here` : ""));
}

// What the board's keys did, said politely to screen readers from a
// visually hidden region beside the board (there before it speaks).
export function sayBox() {
  let box = document.getElementById("board-say");
  if (!box) document.getElementById("board").after(box = el("div", { id: "board-say", class: "sr-only", "aria-live": "polite" }));
  return box;
}

function say(text) { sayBox().textContent = text; }
