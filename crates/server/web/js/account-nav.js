// The header's links: the leaderboard; for a guest "Log in" and
// "Register", for a player his name (a link to his profile), his
// account's page and "Log out". Drawn at each page and again whenever the
// session changes.
import { el } from "./dom.js";
import { api, post } from "./api.js";
import { go } from "./nav.js";
import { me, sessionChanged, onSession, loginHref } from "./session.js";
import { profileHref, botLabel } from "./players.js";

export async function drawAccountNav() {
  const nav = document.getElementById("account-nav");
  if (!nav) return;
  const who = await me();
  const leaderboard = el("a", { href: "/leaderboard", id: "nav-leaderboard" }, "Leaderboard");
  if (!who.username) {
    // The log-in page comes back here (not from the log-in pages themselves).
    const here = ["/login", "/register"].includes(location.pathname) ? "/" : location.pathname + location.search;
    nav.replaceChildren(leaderboard,
      el("a", { href: loginHref(here), id: "nav-login" }, "Log in"),
      el("a", { href: "/register?next=" + encodeURIComponent(here), id: "nav-register" }, "Register"));
    return;
  }
  const logout = el("button", { type: "button", id: "nav-logout", onclick: async () => {
    logout.disabled = true;
    try { await api("/api/account/logout", post({})); } catch { /* the cookie is cleared all the same */ }
    sessionChanged();
    if (location.pathname === "/account") go("/");
  } }, "Log out");
  nav.replaceChildren(leaderboard,
    el("span", { class: "nav-me" }, el("a", { href: profileHref(who.username), id: "nav-profile", "aria-label": `${who.username}: your profile` }, who.username), who.bot ? " " : null, who.bot ? botLabel() : null),
    el("a", { href: "/account", id: "nav-account" }, "Account"),
    logout);
}

onSession(drawAccountNav);
