// The clocks: the server keeps the time; the page counts the running clock
// down from the last view (`state.clockAt`: when it came), and the next
// view corrects it.
import { el } from "./dom.js";
import { playSound } from "./sound.js";

export function clockText(ms) {
  const s = Math.max(0, ms) / 1000;
  if (s < 10) return s.toFixed(1);
  const m = Math.floor(s / 60), r = Math.floor(s % 60);
  return m >= 60 ? `${Math.floor(m / 60)}:${String(m % 60).padStart(2, "0")}:${String(r).padStart(2, "0")}` : `${m}:${String(r).padStart(2, "0")}`;
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
  const clock = yours && v.clock ? ` ${clockText(timesLeft(state, v)[v.you])}` : "";
  const title = yours ? `Your turn${clock} · ${v.title} · deckmate` : `${v.title} · deckmate`;
  if (document.title !== title) document.title = title;
}

export function drawClocks(state) {
  const box = document.getElementById("clocks");
  const v = state.view;
  if (!box) return;
  drawTitle(state);
  if (!v || !v.clock) { box.replaceChildren(); return; }
  const c = v.clock;
  const left = timesLeft(state, v);
  const bottom = state.flipped ? 1 : 0;
  // One's own clock turning low: a sound, once a game.
  if (v.you !== null && v.you !== undefined && !v.result && isLow(left[v.you], c.initial_ms)) {
    if (!state.lowSounded) { state.lowSounded = true; playSound("low"); }
  }
  const one = (i) => el("div", { class: "clock" + (i === c.running && !v.result ? " running" : "") + (isLow(left[i], c.initial_ms) ? " low" : ""), id: `clock-${i}`, "data-ms": String(Math.round(left[i])) },
    el("span", { class: "clock-name" }, v.seats[i].name + (i === v.you ? " (you)" : "")),
    el("span", { class: "clock-time" }, clockText(left[i])));
  box.replaceChildren(one(1 - bottom), one(bottom));
}
