// A short click on each move, off unless switched on (remembered in this
// browser). The AudioContext is made only once the page has had a user's
// gesture.
import { el } from "./dom.js";

let audio = null;
const soundOn = () => localStorage.getItem("deckmate-sound") === "1";

export function soundToggle() {
  const b = el("button", { id: "sound", type: "button", "aria-pressed": String(soundOn()), title: "a click on each move" }, "Sound");
  b.addEventListener("click", () => { localStorage.setItem("deckmate-sound", soundOn() ? "0" : "1"); b.setAttribute("aria-pressed", String(soundOn())); });
  return b;
}

export function moveSound(capture) {
  if (!soundOn() || !window.AudioContext || !(audio || !navigator.userActivation || navigator.userActivation.hasBeenActive)) return;
  audio = audio || new AudioContext();
  if (audio.state === "suspended") audio.resume();
  const t = audio.currentTime, osc = audio.createOscillator(), gain = audio.createGain();
  osc.type = capture ? "square" : "triangle";
  osc.frequency.value = capture ? 330 : 660;
  gain.gain.setValueAtTime(0.15, t);
  gain.gain.exponentialRampToValueAtTime(0.001, t + 0.09);
  osc.connect(gain).connect(audio.destination);
  osc.start(t);
  osc.stop(t + 0.1);
}
