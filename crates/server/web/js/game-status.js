// A game's status line and what hangs on it: whose turn it is (or the
// result, the ply looked at, a lost connection), the offers made (draw,
// takeback, rematch) with their answers, and the seat's buttons shown or
// disabled as the game allows.
import { el, phrase } from "./dom.js";
import { status } from "./layout.js";
import { panelStatus } from "./panels/index.js";
import { act, claim, rematch, goToRematch } from "./game-actions.js";

const has = (x) => x !== null && x !== undefined;

export function drawStatus(state, v) {
  const live = !state.pastView;
  const names = v.seats.map((s) => s.name);
  let st;
  if (v.result && live) st = v.result.aborted ? "Aborted: no result" : `${v.result.result}: ${v.result.reason}`;
  else if (!live) st = `Viewing after ply ${v.ply} of ${v.plies}`;
  else if (v.to_move !== null) {
    const said = panelStatus(state, v);
    if (said) st = said;
    else if (v.prompt) st = v.prompt;
    else st = `${names[v.to_move]} to play` + (v.you === v.to_move ? " (you)" : "") + (v.compulsory && v.turn_note ? ` \u2014 ${phrase(v.turn_note)}` : "");
    if (v.engine && v.engine.seat === v.to_move) st += " \u2014 thinking\u2026";
  } else st = v.prompt || "";
  const drawOffer = live && !v.result && has(v.draw_offer) ? v.draw_offer : null;
  if (drawOffer !== null) st += drawOffer === v.you ? " \u2014 you offered a draw" : ` \u2014 ${names[drawOffer]} offers a draw`;
  else if (live && !v.result && has(v.draw_declined)) {
    st += v.draw_declined === v.you ? " \u2014 you declined the draw" : ` \u2014 ${v.engine && v.engine.seat === v.draw_declined ? "the engine" : names[v.draw_declined]} declined the draw`;
  }
  const rmOffer = v.result && !v.rematch && has(v.rematch_offer) ? v.rematch_offer : null;
  // After the end the players are named (a rematch swaps the seats).
  const who = (i) => (v.seats[i].player && v.seats[i].player !== "Player" ? v.seats[i].player : names[i]);
  if (rmOffer !== null) st += rmOffer === v.you ? " \u2014 you offered a rematch" : ` \u2014 ${who(rmOffer)} offers a rematch`;
  else if (v.result && !v.rematch && has(v.rematch_declined) && v.rematch_declined !== v.you) st += ` \u2014 ${who(v.rematch_declined)} declined a rematch`;
  if (state.offline) {
    const secs = Math.max(1, Math.round(((state.retryAt || Date.now()) - Date.now()) / 1000));
    st = `The connection to the server is lost: reconnecting in ${secs} s\u2026`;
  }
  drawButtons(state, v, drawOffer, rmOffer);
  // A takeback asked: its asker waits; the other grants or declines.
  const tb = live && !v.result ? v.takeback_offer : null;
  const answers = [];
  if (has(tb)) {
    st += ` \u2014 ${names[tb]} asks to take back a move`;
    if (v.you === 1 - tb) answers.push(
      el("button", { id: "takeback-accept", onclick: () => act(state, "takeback") }, "Accept takeback"),
      el("button", { id: "takeback-decline", onclick: () => act(state, "takeback/decline") }, "Decline"));
  }
  // A draw or a rematch offered to this seat: accept or decline.
  if (drawOffer !== null && v.you === 1 - drawOffer) answers.push(
    el("button", { id: "draw-accept", onclick: () => act(state, "draw/accept") }, "Accept draw"),
    el("button", { id: "draw-decline", onclick: () => act(state, "draw/decline") }, "Decline draw"));
  if (rmOffer !== null && v.you === 1 - rmOffer) answers.push(
    el("button", { id: "rematch-accept", onclick: () => rematch(state) }, "Accept rematch"),
    el("button", { id: "rematch-decline", onclick: () => act(state, "rematch/decline") }, "Decline rematch"));
  // The other player left (no page open, not moving): once the view says
  // so, the claim's buttons; before, when they will come.
  const claimIn = live && !v.result ? v.claimable_in_ms : null;
  clearTimeout(state.claimTimer);
  if (claimIn === 0) {
    st += " \u2014 the other player has left the game";
    answers.push(
      el("button", { id: "claim-win", onclick: () => claim(state, "win") }, "Claim victory"),
      el("button", { id: "claim-draw", onclick: () => claim(state, "draw") }, "Call it a draw"));
  } else if (has(claimIn)) {
    // The page asks itself again when the claim is due.
    state.claimTimer = setTimeout(() => { if (state.view === v) { v.claimable_in_ms = 0; drawStatus(state, v); } }, claimIn + 50);
  }
  // A rematch made before this page came: a link to it.
  if (v.rematch && live) answers.push(el("a", { id: "to-rematch", href: "/game/" + v.rematch.id, onclick: (e) => {
    if (v.rematch.token) { e.preventDefault(); goToRematch(v.rematch); }
  } }, v.rematch.token ? "Go to the rematch" : "Watch the rematch"));
  document.getElementById("offers").replaceChildren(...answers);
  if (live && v.notice) st += ` \u2014 ${v.notice}`;
  status(st);
}

// Buttons that cannot work are not offered: a spectator has none of a
// seat's; a finished game takes no resignation, draw or takeback. A draw
// is offered once (the other answers); a rematch exists only once the
// game is over.
function drawButtons(state, v, drawOffer, rmOffer) {
  const seat = has(v.you);
  for (const [id, show, enabled] of [
    ["abort", seat && !!v.can_abort, !!v.can_abort],
    ["resign", seat, !v.result], ["draw", seat, !v.result && drawOffer === null], ["takeback", seat, !v.result],
    ["rematch", seat && !!v.result, !v.rematch && rmOffer !== v.you]]) {
    const b = document.getElementById(id);
    if (b) { b.hidden = !show; b.disabled = !enabled; }
  }
  const rb = document.getElementById("rematch");
  if (rb) rb.textContent = rmOffer !== null && rmOffer !== v.you ? "Accept rematch" : rmOffer === v.you ? "Rematch offered" : "Rematch";
  // The record: withheld while a secret is to come, and said why.
  const dl = document.getElementById("download");
  if (dl) {
    if (v.record_withheld) { dl.removeAttribute("href"); dl.setAttribute("aria-disabled", "true"); dl.classList.add("disabled"); dl.title = "No record yet: " + v.record_withheld; }
    else { dl.href = `/api/games/${state.id}/record`; dl.removeAttribute("aria-disabled"); dl.classList.remove("disabled"); dl.title = "the game's record"; }
  }
  // The analysis board: once the game is over, or at once against the
  // engine (between two players it would be help); at the ply shown.
  const an = document.getElementById("analyse");
  if (an) { an.hidden = !(v.result || v.engine); an.href = `/analysis?from=${state.id}` + (state.shown !== null ? `&ply=${state.shown}` : ""); }
  // The invite stays until the friend has come.
  const inv = document.getElementById("invite");
  if (inv && v.opponent_joined !== false) inv.replaceChildren();
}
