// The header's links: the leaderboard; for a guest "Log in" and
// "Register", for a player his name (a link to his profile), his
// account's page and "Log out". On a wide screen they stand in the
// header; on a narrower one (a phone) they fold into a "Menu" (a details element), so the
// header keeps its one line and the board its room. Drawn at each page
// and again whenever the session changes.
import { el } from "./dom.js";
import { api, post } from "./api.js";
import { go } from "./nav.js";
import { me, sessionChanged, onSession, loginHref } from "./session.js";
import { profileHref, botLabel } from "./players.js";

async function logOut(button) {
  button.disabled = true;
  try { await api("/api/account/logout", post({})); } catch { /* the cookie is cleared all the same */ }
  sessionChanged();
  if (location.pathname === "/account") go("/");
}

// The links, once with their ids (the wide header's), once without (the
// phone's menu): a page has each id once.
function links(who, ids) {
  const id = (x) => (ids ? "nav-" + x : null);
  const leaderboard = el("a", { href: "/leaderboard", id: id("leaderboard") }, "Leaderboard");
  if (!who.username) {
    // The log-in page comes back here (not from the log-in pages themselves).
    const here = ["/login", "/register"].includes(location.pathname) ? "/" : location.pathname + location.search;
    return [leaderboard,
      el("a", { href: loginHref(here), id: id("login") }, "Log in"),
      el("a", { href: "/register?next=" + encodeURIComponent(here), id: id("register") }, "Register")];
  }
  const logout = el("button", { type: "button", id: id("logout"), onclick: () => logOut(logout) }, "Log out");
  return [leaderboard,
    el("span", { class: "nav-me" }, el("a", { href: profileHref(who.username), id: id("profile"), "aria-label": `${who.username}: your profile` }, who.username), who.bot ? " " : null, who.bot ? botLabel() : null),
    el("a", { href: "/account", id: id("account") }, "Account"),
    logout];
}

export async function drawAccountNav() {
  const nav = document.getElementById("account-nav");
  if (!nav) return;
  const who = await me();
  const menu = el("details", { class: "nav-narrow" },
    el("summary", {}, "Menu"),
    el("div", { class: "nav-drop" }, ...links(who, false)));
  // A link followed or Escape closes the menu.
  menu.addEventListener("keydown", (e) => { if (e.key === "Escape" && menu.open) { menu.open = false; menu.querySelector("summary").focus(); } });
  nav.replaceChildren(el("div", { class: "nav-wide" }, ...links(who, true)), menu);
}

onSession(drawAccountNav);
