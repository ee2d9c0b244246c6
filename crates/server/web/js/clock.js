// The clocks: the server keeps the time; the page counts the running clock
// down from the last view (`state.clockAt`: when it came), and the next
// view corrects it.
import { el } from "./dom.js";
import { playSound } from "./sound.js";

// Minutes and seconds (`4:07`, hours when any: `1:02:03`); under 10 s
// with tenths (`0:09.4`), counted down (9.96 s shows 0:09.9).
export function clockText(ms) {
  const s = Math.max(0, ms) / 1000;
  if (s < 10) return `0:0${(Math.floor(s * 10) / 10).toFixed(1)}`;
  const m = Math.floor(s / 60), r = Math.floor(s % 60);
  return m >= 60 ? `${Math.floor(m / 60)}:${String(m % 60).padStart(2, "0")}:${String(r).padStart(2, "0")}` : `${m}:${String(r).padStart(2, "0")}`;
}

// A correspondence clock's time: days and hours (`2d 3h`), hours and
// minutes under a day (`5h 12m`), a clock's under an hour.
export function daysText(ms) {
  const h = Math.floor(Math.max(0, ms) / 3600000);
  if (h >= 24) return `${Math.floor(h / 24)}d ${h % 24}h`;
  if (h >= 1) return `${h}h ${Math.floor((ms % 3600000) / 60000)}m`;
  return clockText(ms);
}

// A seat's time as its clock shows it.
function shown(c, ms) {
  return c.correspondence_days ? daysText(ms) : clockText(ms);
}

// Each seat's time left now: the running clock counted down since the
// view came.
function timesLeft(state, v) {
  const c = v.clock;
  const elapsed = c.running !== null && !v.result ? performance.now() - (state.clockAt || performance.now()) : 0;
  return c.remaining_ms.map((ms, i) => (i === c.running ? ms - elapsed : ms));
}

// A clock is low (drawn red) under a tenth of the time it started with
// (under 10 s where it started with none).
export function isLow(ms, initialMs) {
  return ms < (initialMs > 0 ? initialMs / 10 : 10000);
}

// The tab's title: "Your turn" (with your clock) when the page's seat is
// to act, so that a player in another tab sees it; the game's name
// otherwise.
export function drawTitle(state) {
  const v = state.view;
  if (!v) return;
  const yours = v.you !== null && v.you !== undefined && !v.result && (v.to_move === v.you || (v.acting || []).includes(v.you));
  const clock = yours && v.clock ? ` ${shown(v.clock, timesLeft(state, v)[v.you])}` : "";
  const title = yours ? `Your turn${clock} · ${v.title} · deckmate` : `${v.title} · deckmate`;
  if (document.title !== title) document.title = title;
}

// Each seat's clock by its side of the board (issue 31 item 4): the
// opponent's above it, the player's own below (the board's bottom seat:
// the second seat's when the board is flipped; a spectator sees the
// first seat below unless flipped). The places are `#clock-top` and
// `#clock-bottom`, round the board.
// A seat as its clock names it: "Black · Ann (you)".
function seatLabel(v, i) {
  const s = v.seats[i];
  const who = s.player && s.player !== "Player" ? ` \u00b7 ${s.player}` : "";
  return s.name + who + (i === v.you ? " (you)" : "");
}

export function drawClocks(state) {
  const top = document.getElementById("clock-top");
  const under = document.getElementById("clock-bottom");
  const v = state.view;
  if (!top || !under) return;
  drawTitle(state);
  if (!v || !v.clock) { top.replaceChildren(); under.replaceChildren(); return; }
  const c = v.clock;
  const left = timesLeft(state, v);
  const bottom = state.flipped ? 1 : 0;
  // One's own clock turning low: a sound, once a game.
  if (v.you !== null && v.you !== undefined && !v.result && isLow(left[v.you], c.initial_ms)) {
    if (!state.lowSounded) { state.lowSounded = true; playSound("low"); }
  }
  const one = (i) => el("div", { class: "clock" + (i === c.running && !v.result ? " running" : "") + (isLow(left[i], c.initial_ms) ? " low" : ""), id: `clock-${i}`, "data-ms": String(Math.round(left[i])) },
    el("span", { class: "clock-name" }, seatLabel(v, i)),
    el("span", { class: "clock-time" }, shown(c, left[i])));
  top.replaceChildren(one(1 - bottom));
  under.replaceChildren(one(bottom));
}
