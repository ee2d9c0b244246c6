// The chat between the seats of a game: messages are text (never markup),
// each under its writer's name and seat (`Ann (White)`); a switch
// hides it, remembered in this browser. A spectator has none, nor a game
// against the engine (the view's `chat` is null: no one to talk to).
import { el } from "./dom.js";
import { api, post } from "./api.js";
import { status } from "./layout.js";

export function drawChat(state) {
  const box = document.getElementById("chat");
  const v = state.view;
  if (!box || !v || v.chat === null || v.chat === undefined) { if (box) box.replaceChildren(); return; }
  const off = localStorage.getItem("deckmate-chat-off") === "1";
  const toggle = el("button", { id: "chat-toggle", onclick: () => { localStorage.setItem("deckmate-chat-off", off ? "0" : "1"); drawChat(state); } }, off ? "Show chat" : "Hide chat");
  if (off) { box.replaceChildren(toggle); return; }
  const names = v.seats.map((s) => (s.player ? `${s.player} (${s.name})` : s.name));
  const other = v.you === null || v.you === undefined ? "the other player" : names[1 - v.you];
  const list = el("div", { id: "chat-lines" }, ...v.chat.map((m) => el("div", { class: "chat-line" + (m.seat === v.you ? " mine" : "") }, el("b", {}, names[m.seat] + ": "), m.text)));
  const input = el("input", { id: "chat-input", maxlength: "300", placeholder: `Say something to ${other}`, "aria-label": "chat message" });
  const form = el("form", { id: "chat-form" }, input, el("button", { type: "submit" }, "Send"));
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    try {
      await api(`/api/games/${state.id}/chat`, post({ text }, state.token));
      input.value = "";
    } catch (e) { status(e.message); }
  });
  const typing = document.activeElement && document.activeElement.id === "chat-input" ? document.activeElement.value : null;
  box.replaceChildren(el("div", { class: "chat-head" }, el("b", {}, "Chat"), toggle), list, form);
  if (typing !== null) { input.value = typing; input.focus(); }
  list.scrollTop = list.scrollHeight;
}
