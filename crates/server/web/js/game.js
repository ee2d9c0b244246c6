// The game page (/game/ID): the board and its panels with each seat's
// clock by its side, the side with the players, facts, scoreboard, move list, chat and the seat's
// buttons; the views come live over the game's socket, and earlier
// positions are looked at by stepping through the moves.
import { el, mainBox } from "./dom.js";
import { api } from "./api.js";
import { boardWrap, slot, status, clearChoices } from "./layout.js";
import { render } from "./render.js";
import { placePanels, resetPanels } from "./panels/index.js";
import { connect, closeSocket } from "./socket.js";
import { drawClocks } from "./clock.js";
import { drawChat } from "./chat.js";
import { drawFacts, drawScores } from "./facts.js";
import { drawMoveList, drawMoveBox } from "./movelist.js";
import { drawStatus } from "./game-status.js";
import { sendMove, act, rematch, goToRematch, sendName } from "./game-actions.js";
import { soundToggle, playSound } from "./sound.js";
import { drawGameOver } from "./game-over.js";
import { premoveLine, drawPremove, duePremove, cancelPremove } from "./premove.js";
import { notifyToggle, notifyTurn } from "./notify.js";
import { chooseMove } from "./pick.js";
import { playerLink, profileHref } from "./players.js";

// The game shown, while its page is.
let current = null;
const shown = (state) => state && document.body.contains(state.root);

export function gamePage(id) {
  if (location.hash.length > 1) {
    localStorage.setItem("deckmate-token-" + id, location.hash.slice(1));
    history.replaceState({}, "", "/game/" + id);
  }
  const token = localStorage.getItem("deckmate-token-" + id);
  const state = { id, token, view: null, shown: null, stepReq: 0, flipped: null, selected: null, pastView: null, panels: {}, keys: true, premoves: true, premove: null };
  state.send = (t) => sendMove(state, t);
  state.redraw = () => draw(state);
  const step = (ply) => stepTo(state, ply);
  // The clocks by the board's sides (clock.js), the premove's line under
  // the status (premove.js).
  const wrap = boardWrap("play", state.send);
  wrap.querySelector("#status").after(premoveLine());
  wrap.querySelector(".status-bar").after(el("div", { id: "clock-top", class: "clock-place" }));
  wrap.append(el("div", { id: "clock-bottom", class: "clock-place" }));
  state.root = el("div", { class: "game" },
    wrap,
    el("div", { class: "side panel" },
      el("div", { id: "game-over", class: "game-over", role: "status", hidden: "" }),
      el("div", { id: "players" }), slot("side"), el("div", { id: "card-view" }), el("dl", { id: "facts" }), el("div", { id: "scores" }), el("div", { id: "invite" }),
      el("div", { class: "buttons" },
        el("button", { id: "first", title: "start", "aria-label": "the start position", onclick: () => step(0) }, "|\u25c0"),
        el("button", { id: "prev", title: "back", "aria-label": "one move back", onclick: () => step((state.shown ?? state.view.plies) - 1) }, "\u25c0"),
        el("button", { id: "next", title: "forward", "aria-label": "one move forward", onclick: () => step((state.shown ?? state.view.plies) + 1) }, "\u25b6"),
        el("button", { id: "last", title: "now", "aria-label": "the position now", onclick: () => step(null) }, "\u25b6|"),
        el("button", { id: "flip", onclick: () => { state.flipped = !state.flipped; draw(state); } }, "Flip")),
      el("div", { id: "moves" }),
      el("div", { id: "chat" }),
      el("div", { class: "buttons" }, soundToggle(), notifyToggle()),
      el("div", { class: "buttons" },
        confirmed("abort", "Abort", "Really abort? (no result)", () => act(state, "abort")),
        confirmed("resign", "Resign", "Really resign?", () => act(state, "resign")),
        confirmed("draw", "Offer draw", "Really offer a draw?", () => act(state, "draw")),
        el("button", { id: "takeback", title: "take back your last move (and the reply to it)", onclick: () => act(state, "takeback") }, "Takeback"),
        el("button", { id: "rematch", hidden: "", onclick: () => rematch(state) }, "Rematch"),
        el("a", { href: `/api/games/${id}/record`, id: "download", onclick: (e) => {
          // While the record is withheld (a secret still to come), say why
          // here rather than leave the game for an error.
          const why = state.view && state.view.record_withheld;
          if (why) { e.preventDefault(); status("No record yet: " + why); }
        } }, "Download record"),
        el("a", { href: `/analysis?from=${id}`, id: "analyse", hidden: "" }, "Analyse"),
        el("a", { href: "/api/variants", target: "_blank", id: "rules" }, "Rules"))));
  mainBox().replaceChildren(state.root);
  placePanels(state.root);
  // The invite stays until the friend has come (the view says so).
  const invite = localStorage.getItem("deckmate-invite-" + id);
  if (invite) document.getElementById("invite").append("Invite a friend: ", el("input", { readonly: "", value: invite, id: "invite-link", "aria-label": "invite link for the other player", onclick: (e) => e.target.select() }));
  current = state;
  connect(state, { view: (v) => onView(state, v), gone: () => noSuchGame(id), lost: () => { if (state.view) draw(state); } });
}

// A button that acts on its second click: the first asks (for 4 s).
function confirmed(id, label, asking, run) {
  return el("button", { id, onclick: (e) => {
    const b = e.currentTarget;
    if (b.dataset.armed === "1") { b.dataset.armed = ""; b.textContent = label; run(); return; }
    b.dataset.armed = "1"; b.textContent = asking;
    setTimeout(() => { b.dataset.armed = ""; b.textContent = label; }, 4000);
  } }, label);
}

function onView(state, v) {
  if (!shown(state)) { closeSocket(); return; }
  const before = state.view ? state.view.plies : -1;
  state.view = v;
  state.clockAt = performance.now();
  // A rematch made while this page shows the game: go there.
  const rm = v.rematch;
  if (state.rematchSeen === undefined) state.rematchSeen = rm ? rm.id : null;
  else if (rm && rm.id !== state.rematchSeen && rm.token) { goToRematch(rm); return; }
  sendName(state);
  if (v.plies !== before) { resetPanels(state); clearChoices(); }
  if (state.flipped === null) state.flipped = v.you === 1;
  if (state.shown !== null && state.shown >= v.plies) state.shown = null;
  notifyTurn(state, v);
  // A premove queued plays the instant the turn comes, if legal then.
  const due = duePremove(state, v);
  if (state.shown === null) { state.pastView = null; draw(state); }
  else drawPremove(state);
  if (due) chooseMove(state, due.from, due.to);
}

// A game id the server does not know: a message, nothing live.
export function noSuchGame(id) {
  closeSocket();
  mainBox().replaceChildren(el("div", { class: "panel", id: "no-game" },
    el("h2", {}, "No such game"),
    el("p", {}, `There is no game '${id}' on this server.`),
    el("p", {}, el("a", { href: "/" }, "Back to the lobby"))));
}

// Shows the position after `ply` plies (null: now). Steps taken quickly
// ask for several past positions at once: only the last step's is drawn,
// whatever order the answers come back in (a late one must not put an
// old position on the board after the player came back to the present).
async function stepTo(state, ply) {
  if (!state.view) return;
  if (ply !== null && (ply < 0 || ply >= state.view.plies)) ply = ply < 0 ? 0 : null;
  const n = ++state.stepReq;
  state.shown = ply;
  state.selected = null;
  const past = ply === null ? null : await api(`/api/games/${state.id}?ply=${ply}`);
  if (n !== state.stepReq || state.shown !== ply) return;
  state.pastView = past;
  draw(state);
}

function draw(state) {
  const v = state.pastView || state.view;
  // The game's end, however it came (a move, a resignation, a flag, a
  // draw agreed), sounds once, when it comes while the page is open.
  const ended = !!state.view.result;
  if (ended && state.wasLive === true) playSound("end");
  state.wasLive = !ended;
  drawMoveBox(state, v);
  drawChat(state);
  drawClocks(state);
  render(state, v);
  drawPremove(state);
  drawStatus(state, v);
  // Who plays: nicknames, the engine with its level, an account's name
  // as a link to its profile (a BOT label for a bot); for the other
  // player, whether their page is open (presence). Above them, in a game
  // of accounts (a guest's is never rated): Rated or Casual.
  const presence = (s, i) => (i === v.you || v.you === null || v.you === undefined ? null :
    el("span", { class: "presence" + (s.present ? " on" : ""), id: `presence-${i}`, role: "img", "aria-label": s.present ? "here now" : "away", title: s.present ? "here now" : "away" }));
  const who = (s) => (s.account ? playerLink(s.player || s.account, s.bot, { href: profileHref(s.account), class: "seat-account" }) : s.player || "Player");
  document.getElementById("players").replaceChildren(
    v.rated || v.seats.some((s) => s.account) ? el("p", { id: "game-rated", class: "game-rated" + (v.rated ? " rated" : "") }, v.rated ? "Rated" : "Casual") : null,
    ...v.seats.map((s, i) =>
      el("div", { class: "player", id: `player-${i}` }, presence(s, i), el("b", {}, s.name + ": "), who(s), i === v.you ? " (you)" : "")));
  document.getElementById("rules").href = `/rules/${v.variant}`;
  drawFacts(v);
  drawScores(v);
  drawMoveList(state, (ply) => stepTo(state, ply));
  drawGameOver(state, state.view, () => rematch(state));
}

// The running clock counts down between views.
setInterval(() => { if (shown(current)) drawClocks(current); }, 200);

// Escape cancels a premove (wherever the focus is).
document.addEventListener("keydown", (e) => {
  if (e.key === "Escape" && shown(current) && current.premove) cancelPremove(current);
});

// The arrow keys step through the moves (not while typing, nor on the
// board, where they move its cursor).
document.addEventListener("keydown", (e) => {
  const state = current;
  const f = document.activeElement || {};
  if (!shown(state) || !state.view || ["INPUT", "TEXTAREA", "SELECT"].includes(f.tagName) || f.id === "board-svg") return;
  const at = state.shown ?? state.view.plies;
  const to = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: null }[e.key];
  if (to === undefined) return;
  e.preventDefault();
  stepTo(state, to);
});
