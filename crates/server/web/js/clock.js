// The clocks: the server keeps the time; the page counts the running clock
// down from the last view (`state.clockAt`: when it came), and the next
// view corrects it.
import { el } from "./dom.js";

export function clockText(ms) {
  const s = Math.max(0, ms) / 1000;
  if (s < 10) return s.toFixed(1);
  const m = Math.floor(s / 60), r = Math.floor(s % 60);
  return m >= 60 ? `${Math.floor(m / 60)}:${String(m % 60).padStart(2, "0")}:${String(r).padStart(2, "0")}` : `${m}:${String(r).padStart(2, "0")}`;
}

export function drawClocks(state) {
  const box = document.getElementById("clocks");
  const v = state.view;
  if (!box) return;
  if (!v || !v.clock) { box.replaceChildren(); return; }
  const c = v.clock;
  const elapsed = c.running !== null && !v.result ? performance.now() - (state.clockAt || performance.now()) : 0;
  const left = c.remaining_ms.map((ms, i) => (i === c.running ? ms - elapsed : ms));
  const bottom = state.flipped ? 1 : 0;
  const one = (i) => el("div", { class: "clock" + (i === c.running && !v.result ? " running" : "") + (left[i] < 10000 ? " low" : ""), id: `clock-${i}`, "data-ms": String(Math.round(left[i])) },
    el("span", { class: "clock-name" }, v.seats[i].name + (i === v.you ? " (you)" : "")),
    el("span", { class: "clock-time" }, clockText(left[i])));
  box.replaceChildren(one(1 - bottom), one(bottom));
}
