// The core renderer's board: squares (holes left out, regions shaded,
// marked squares ringed, the last move and a check shown), coordinates,
// pieces (cards, or as `board.piece_style` says discs: the chess pieces
// drawn as pieces, the others as their letters), each piece's card on
// hover or long press (piece-cards.js), the
// picked piece's targets, a premove's squares (premove.js), the royal
// mated or taken at the end; played by click, drag and keyboard. Everything
// comes from the view's `board` and `pieces`; the legal moves say what a
// click may do (`from`/`to`).
import { svgEl, svgText } from "./dom.js";
import { pickOrDrop } from "./pick.js";
import { boardGrid, startSquare, boardKey, sayBox, pieceName, cardWords } from "./keys.js";
import { dragPieces } from "./drag.js";
import { freshMove, slide } from "./motion.js";
import { cardOnPiece, showPieceCard } from "./piece-cards.js";
import { chessKind, chessGlyph } from "./piece-glyphs.js";
import { cancelPremove } from "./premove.js";

const S = 60;

export function drawBoard(state, v) {
  const host = document.getElementById("board");
  const b = v.board;
  const fresh = freshMove(state, v);
  if (!host) return;
  if (!b) { host.replaceChildren(); return; }
  const live = !state.pastView;
  // A game's board (or the analysis board) is one tab stop, played from
  // the keyboard too.
  const keys = live && state.keys;
  const W = b.files * S, H = b.ranks * S;
  const svg = svgEl("svg", keys
    ? { viewBox: `-24 -8 ${W + 32} ${H + 32}`, id: "board-svg", tabindex: 0, role: "application", "aria-label": "board, use arrow keys to move over squares, Enter to pick and drop, Escape to put back" }
    : { viewBox: `-24 -8 ${W + 32} ${H + 32}`, id: "board-svg", role: "img", "aria-label": "board" });
  // A board much taller than wide (52Chess's 4x13) fits the window's height.
  if (b.ranks >= 2 * b.files) svg.setAttribute("class", "tall");
  const grid = boardGrid(state, b);
  const pos = (name) => grid.xy(name).map((c) => c * S);
  drawSquares(svg, state, v, pos, live);
  for (const p of v.pieces) svg.append(b.piece_style === "disc" ? disc(state, v, p, pos) : card(state, v, p, pos, live));
  if (live) drawTargets(svg, state, v, pos);
  if (fresh && fresh.slide) slide(svg, pos, fresh);
  if (keys) {
    // The keyboard's cursor: a ring, shown while the board has the focus.
    if (!state.cursor || !grid.at(...grid.xy(state.cursor))) state.cursor = startSquare(v, grid);
    const [x, y] = pos(state.cursor);
    svg.append(svgEl("rect", { x: x + 2, y: y + 2, width: S - 4, height: S - 4, rx: 4, class: "cursor-ring", "data-cursor": state.cursor }));
    svg.addEventListener("keydown", (ev) => boardKey(state, v, grid, ev, () => drawBoard(state, v)));
    // A click leaves the focus off the board (the arrow keys then step
    // through the moves), unless the board had it.
    svg.addEventListener("mousedown", (ev) => { if (document.activeElement !== svg) { ev.preventDefault(); document.activeElement?.blur(); } });
    sayBox();
  }
  svg.addEventListener("click", (ev) => {
    if (!live) return;
    const sqEl = ev.target.closest("[data-square],[data-target]");
    if (!sqEl) return;
    pickOrDrop(state, v, sqEl.getAttribute("data-target") || sqEl.getAttribute("data-square"));
  });
  if (live) dragPieces(state, v, svg, pos);
  // A right-click cancels a premove (or the piece picked for one).
  svg.addEventListener("contextmenu", (ev) => { if (live && (state.premove || (state.premoves && state.selected && v.to_move !== v.you)) && cancelPremove(state)) ev.preventDefault(); });
  // The focus stays on the board redrawn (and comes back to it after a
  // promotion chosen by its button).
  const focused = document.activeElement && document.activeElement.id === "board-svg";
  host.replaceChildren(svg);
  if (keys && (focused || (state.refocus && !document.querySelector(".promo-choice")))) { state.refocus = false; svg.focus({ preventScroll: true }); }
}

// A square's name that is on board `b` (not off it, not a hole).
function onBoard(b, n) {
  const f = n.charCodeAt(0) - 97, r = Number(n.slice(1)) - b.rank_base;
  return f >= 0 && f < b.files && r >= 0 && r < b.ranks && !b.holes.includes(n);
}

// The squares, the marks on them, the midline and the coordinates.
function drawSquares(svg, state, v, pos, live) {
  const b = v.board;
  const W = b.files * S, H = b.ranks * S;
  const name = (f, r) => String.fromCharCode(97 + f) + (r + b.rank_base);
  const zoneOf = {};
  for (const z of b.regions || []) for (const s of z.squares) zoneOf[s] = z.name;
  const last = v.last ? [v.last.from, v.last.to] : [];
  // Holes (a board's missing squares) are not drawn: the board's tray
  // shows through them, dark under the light tiles of the squares.
  if (b.holes.length) svg.append(svgEl("rect", { x: -3, y: -3, width: W + 6, height: H + 6, rx: 4, class: "board-frame" }));
  for (let f = 0; f < b.files; f++) for (let r = 0; r < b.ranks; r++) {
    const n = name(f, r);
    if (b.holes.includes(n)) continue;
    const [x, y] = pos(n);
    // A board with holes (Cuarenta) draws its squares in one colour, so
    // the holes read as no squares, not as a checkerboard's.
    let cls = b.holes.length ? "light" : (f + r) % 2 ? "light" : "dark";
    if (zoneOf[n]) cls += " zone";
    if (last.includes(n)) cls += " last";
    if (n === state.selected) cls += " selected";
    if (live && state.premove && (n === state.premove.from || n === state.premove.to)) cls += " premove";
    if (live && n === v.check_square) cls += " check";
    if ((b.marked || []).includes(n)) cls += " marked";
    // A board with holes draws its squares as tiles on a dark tray.
    const inset = b.holes.length ? 2 : 0;
    svg.append(svgEl("rect", { x: x + inset, y: y + inset, width: S - 2 * inset, height: S - 2 * inset, rx: inset * 2, class: "sq " + cls, "data-square": n }));
  }
  // The game's end by a mate or a royal taken: the royal's square glows
  // red on the final position (`end_mark`).
  if (v.end_mark && onBoard(b, v.end_mark)) {
    const [x, y] = pos(v.end_mark);
    const glow = svgEl("radialGradient", { id: "end-glow" });
    for (const [at, colour, opacity] of [["0%", "#ff1a1a", "0.95"], ["55%", "#e01010", "0.6"], ["100%", "#b00000", "0"]]) glow.append(svgEl("stop", { offset: at, "stop-color": colour, "stop-opacity": opacity }));
    const defs = svgEl("defs");
    defs.append(glow);
    svg.append(defs,
      svgEl("rect", { x, y, width: S, height: S, class: "end-mark", fill: "url(#end-glow)", "data-end-mark": v.end_mark }),
      svgEl("circle", { cx: x + S / 2, cy: y + S / 2, r: S / 2 - 3, class: "end-mark-ring" }));
  }
  // Marked squares (the square a drawn card names) get a ring on top.
  for (const n of b.marked || []) {
    const [x, y] = pos(n);
    svg.append(svgEl("rect", { x: x + 3, y: y + 3, width: S - 6, height: S - 6, rx: 6, class: "mark-ring" }));
  }
  if (b.midline) {
    const my = (state.flipped ? b.midline : b.ranks - b.midline) * S;
    svg.append(svgEl("line", { x1: 0, y1: my, x2: W, y2: my, class: "midline" }));
  }
  for (let f = 0; f < b.files; f++) {
    const [x] = pos(name(f, 0));
    svg.append(svgText({ x: x + S / 2, y: H + 18, class: "coord" }, String.fromCharCode(97 + f)));
  }
  for (let r = 0; r < b.ranks; r++) {
    const [, y] = pos(name(0, r));
    svg.append(svgText({ x: -12, y: y + S / 2 + 5, class: "coord" }, r + b.rank_base));
  }
}

// A piece of a chess-like game: a chess piece drawn as one (its name
// says which), any other as its letter in a disc; White light, Black dark.
function disc(state, v, p, pos) {
  const [x, y] = pos(p.square);
  const g = svgEl("g", { class: `card disc owner${p.owner}`, "data-card": p.label, "data-square": p.square, role: "img", "aria-label": `${p.label}, on ${p.square}` });
  const kind = chessKind(p.label);
  if (kind) {
    g.append(svgEl("rect", { x, y, width: S, height: S, class: "hit" }), chessGlyph(kind, p.owner, x, y, S));
  } else {
    g.append(svgEl("circle", { cx: x + S / 2, cy: y + S / 2, r: S / 2 - 7, class: "face" }));
    g.append(svgText({ x: x + S / 2, y: y + S / 2 + 8, class: "label" }, p.symbol));
  }
  const t = svgEl("title"); t.textContent = p.label; g.append(t);
  cardOnPiece(g, v, p);
  if (p.square === state.selected) showPieceCard(v, p);
  return g;
}

// A card on the board (Cardmate): its `face` with a wedge toward its
// owner's opponent; when a capture is compulsory, the cards that must
// capture are marked.
function card(state, v, p, pos, live) {
  const [x, y] = pos(p.square);
  const must = live && v.compulsory && v.you === v.to_move && v.moves.some((m) => m.from === p.square);
  const g = svgEl("g", { class: `card owner${p.owner}` + (p.red ? " red" : "") + (must ? " must" : ""), "data-card": p.label, "data-square": p.square, role: "img", "aria-label": `${pieceName(p, v)}, on ${p.square}` + (must ? `, ${v.board.must_label || "must capture"}` : "") });
  const up = (p.owner === 0) !== state.flipped;
  g.append(svgEl("rect", { x: x + 6, y: y + 4, width: S - 12, height: S - 8, rx: 6, class: "face" }));
  g.append(svgEl("path", { d: up ? `M${x + 22} ${y + 10} L${x + 30} ${y + 4} L${x + 38} ${y + 10}` : `M${x + 22} ${y + S - 10} L${x + 30} ${y + S - 4} L${x + 38} ${y + S - 10}`, class: "wedge" }));
  const words = cardWords(p, v);
  g.append(svgText({ x: x + S / 2, y: y + S / 2 + 7, class: "label" }, (words && words.face) || p.symbol || p.label));
  cardOnPiece(g, v, p);
  if (p.square === state.selected) showPieceCard(v, p);
  return g;
}

// The picked piece's targets, on top of everything so that a capture
// target can be clicked; a target that castles says so.
function drawTargets(svg, state, v, pos) {
  const targets = new Set(state.selected ? v.moves.filter((m) => m.from === state.selected).map((m) => m.to) : []);
  for (const n of targets) {
    const [x, y] = pos(n);
    const occupied = v.pieces.some((p) => p.square === n);
    const c = occupied
      ? svgEl("circle", { cx: x + S / 2, cy: y + S / 2, r: S / 2 - 3, class: "target capture", "data-target": n })
      : svgEl("circle", { cx: x + S / 2, cy: y + S / 2, r: 11, class: "target", "data-target": n });
    const castle = v.moves.find((m) => m.from === state.selected && m.to === n && m.castling);
    if (castle) { const t = svgEl("title"); t.textContent = castle.choice || castle.text; c.append(t); c.setAttribute("class", "target castle"); }
    svg.append(c);
    if (castle) svg.append(svgText({ x: x + S / 2, y: y + S - 3, class: "castle-label" }, castle.choice || "O-O"));
  }
}
