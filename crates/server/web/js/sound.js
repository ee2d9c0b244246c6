// Sounds, on unless muted (remembered in this browser): a move, a
// capture, a check, the game's end and one's own clock running low, each
// synthesised by an oscillator (no sound files). The AudioContext is made
// only once the page has had a user's gesture.
import { el } from "./dom.js";

let audio = null;
const soundOn = () => localStorage.getItem("deckmate-sound") !== "0";

export function soundToggle() {
  const b = el("button", { id: "sound", type: "button", "aria-pressed": String(soundOn()), title: "sounds: moves, captures, check, the end, low time" }, "Sound");
  b.addEventListener("click", () => { localStorage.setItem("deckmate-sound", soundOn() ? "0" : "1"); b.setAttribute("aria-pressed", String(soundOn())); });
  return b;
}

// Each sound's notes: [frequency, wave, start (s), length (s)].
const SOUNDS = {
  move: [[660, "triangle", 0, 0.09]],
  capture: [[330, "square", 0, 0.09]],
  check: [[880, "triangle", 0, 0.07], [880, "triangle", 0.1, 0.07]],
  end: [[523, "sine", 0, 0.12], [659, "sine", 0.13, 0.12], [784, "sine", 0.26, 0.2]],
  low: [[440, "sine", 0, 0.08], [440, "sine", 0.15, 0.08]],
};

export function playSound(kind) {
  const notes = SOUNDS[kind];
  if (!notes || !soundOn() || !window.AudioContext || !(audio || !navigator.userActivation || navigator.userActivation.hasBeenActive)) return;
  audio = audio || new AudioContext();
  if (audio.state === "suspended") audio.resume();
  const t0 = audio.currentTime;
  for (const [freq, wave, at, len] of notes) {
    const osc = audio.createOscillator(), gain = audio.createGain();
    osc.type = wave;
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0.15, t0 + at);
    gain.gain.exponentialRampToValueAtTime(0.001, t0 + at + len);
    osc.connect(gain).connect(audio.destination);
    osc.start(t0 + at);
    osc.stop(t0 + at + len + 0.01);
  }
}

export function moveSound(capture) {
  playSound(capture ? "capture" : "move");
}
