// The core renderer: one view drawn whatever the game — the board, the
// panels the view declares (panels/index.js), and buttons for the moves
// with nothing to click on either (a pass). The page's `state` carries
// what the player is doing on the board (see panels/index.js).
import { el } from "./dom.js";
import { drawBoard } from "./board.js";
import { drawPanels } from "./panels/index.js";

export function render(state, v) {
  drawPanels(state, v);
  drawBoard(state, v);
  if (v.board) drawFreeMoves(state, v);
}

// Moves with nothing to click on the board or in a panel: buttons.
function drawFreeMoves(state, v) {
  const box = document.getElementById("free-moves");
  if (!box) return;
  const mine = !state.pastView && v.you !== null && v.to_move === v.you;
  const free = mine ? v.moves.filter((m) => !m.from && !m.to && m.card === undefined) : [];
  box.replaceChildren(...free.map((m) => el("button", { class: "free-move", onclick: () => state.send(m.text) }, m.choice || m.text)));
}
