// A notification when it becomes the player's turn while the page is
// hidden (issue 31 item 4): off until the player turns it on with the
// "Notify me" button — the browser asks its permission then, never on
// load — and remembered in this browser.
import { el } from "./dom.js";

const KEY = "deckmate-notify";
const supported = () => "Notification" in window;
const wanted = () => localStorage.getItem(KEY) === "1";
const allowed = () => supported() && Notification.permission === "granted";

export function notifyToggle() {
  const b = el("button", { id: "notify", type: "button", "aria-pressed": String(wanted() && allowed()), title: "a notification when it is your turn while this page is hidden" }, "Notify me");
  b.addEventListener("click", async () => {
    if (wanted() && allowed()) localStorage.setItem(KEY, "0");
    else if (!supported()) b.title = "this browser shows no notifications";
    else {
      const p = Notification.permission === "default" ? await Notification.requestPermission() : Notification.permission;
      if (p === "granted") localStorage.setItem(KEY, "1");
      else b.title = "notifications are blocked for this site";
    }
    b.setAttribute("aria-pressed", String(wanted() && allowed()));
  });
  return b;
}

// Called with each view: a notification when the seat's turn has just
// come (it was not its turn in the view before) and the page is hidden.
export function notifyTurn(state, v) {
  const mine = v.you !== null && v.you !== undefined && !v.result && (v.to_move === v.you || (v.acting || []).includes(v.you));
  const came = mine && state.wasMine === false;
  state.wasMine = mine;
  if (!came || !document.hidden || !wanted() || !allowed()) return;
  const last = (v.history || [])[v.plies - 1];
  const n = new Notification(`Your turn \u00b7 ${v.title}`, { body: last ? `The last move: ${last}` : "", tag: "deckmate-" + v.id });
  n.onclick = () => { window.focus(); n.close(); };
}
