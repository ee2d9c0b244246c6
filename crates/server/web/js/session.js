// Who is logged in, as the server says (GET /api/account): the session's
// cookie is HttpOnly, so the page never reads it. Asked once a page load
// and again after a log-in, a log-out or a registration; `onSession`
// hears every change (the header's account links redraw).

const CHANGED = "deckmate:session";
let asked = null;

// `{username: null}` for a guest, else `{username, bot, ratings}`.
export function me() {
  if (!asked) asked = fetch("/api/account").then((r) => (r.ok ? r.json() : { username: null })).catch(() => ({ username: null }));
  return asked;
}

// The session changed: ask again, and tell who listens.
export function sessionChanged() {
  asked = null;
  window.dispatchEvent(new Event(CHANGED));
}

export function onSession(show) {
  window.addEventListener(CHANGED, show);
}

// Where to go after logging in: `?next=` when it is a path of this site,
// else the lobby.
export function nextPath() {
  const next = new URLSearchParams(location.search).get("next") || "/";
  return /^\/(?!\/)/.test(next) ? next : "/";
}

// The log-in page's address, coming back here afterwards.
export const loginHref = (back = location.pathname + location.search) => "/login?next=" + encodeURIComponent(back);
