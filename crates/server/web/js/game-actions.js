// What a seat does in a game besides drawing it: a move sent, an action
// (resign, draw, takeback and their answers), a rematch, its nickname.
import { api, post } from "./api.js";
import { go } from "./nav.js";
import { status, clearChoices } from "./layout.js";
import { resetPanels } from "./panels/index.js";

export async function sendMove(state, text) {
  if (state.offline) { status("The connection is lost: reconnecting\u2026 (the move was not sent)"); return; }
  state.selected = null;
  resetPanels(state);
  clearChoices();
  try {
    // The move's number: a request sent twice never plays twice.
    const ply = state.view.plies + 1;
    await api(`/api/games/${state.id}/moves`, post({ move: text, ply }, state.token));
  } catch (e) { status((e.status === 400 ? "Illegal move: " : "Not played: ") + e.message); }
}

// `what`: resign, draw, takeback, draw/accept, takeback/decline...
export async function act(state, what) {
  try { await api(`/api/games/${state.id}/${what}`, post(undefined, state.token)); }
  catch (e) { status(e.message); }
}

// A claim of a game the other player abandoned: `result` "win" or "draw".
export async function claim(state, result) {
  try { await api(`/api/games/${state.id}/claim`, post({ result }, state.token)); }
  catch (e) { status(e.message); }
}

// A rematch is offered once the game is over, or the other's offer
// accepted (against the engine it is made at once); when it is made both
// pages go to it (its view comes over each page's socket).
export async function rematch(state) {
  try {
    const v = await api(`/api/games/${state.id}/rematch`, post(undefined, state.token));
    if (v.rematch && v.rematch.token) goToRematch(v.rematch);
  } catch (e) { status(e.message); }
}

// The new game of a rematch, with this seat's token in it.
export function goToRematch(rm) {
  if (location.pathname === "/game/" + rm.id) return;
  localStorage.setItem("deckmate-token-" + rm.id, rm.token);
  go("/game/" + rm.id);
}

// A nickname kept in this browser goes to the seat that has none yet.
export async function sendName(state) {
  const name = (localStorage.getItem("deckmate-name") || "").trim();
  const v = state.view;
  if (!name || state.named || !v || v.you === null || v.you === undefined) return;
  state.named = true;
  if (v.seats[v.you].player !== "Player") return;
  try { await api(`/api/games/${state.id}/name`, post({ name }, state.token)); } catch { /* shown as Player */ }
}
