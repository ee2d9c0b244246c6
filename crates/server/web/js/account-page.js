// The account's page (/account): change the password (the other sessions
// end), log out everywhere, and personal API tokens for programs (a bot,
// a board app): made with the scopes chosen and a label, shown once with
// a copy button, listed and revoked.
import { el, mainBox } from "./dom.js";
import { api, post } from "./api.js";
import { go } from "./nav.js";
import { me, sessionChanged, loginHref } from "./session.js";
import { profileHref, dateText } from "./players.js";

const SCOPES = [
  ["board:play", "play your games from a board app (moves, resign, draw)"],
  ["bot:play", "play as a bot (only for a bot account's programs)"],
  ["challenge:read", "read seeks and challenges"],
  ["challenge:write", "make and accept seeks"],
  ["account:read", "read your account (name, ratings)"],
];

export async function accountPage() {
  const main = mainBox();
  const who = await me();
  if (!who.username) {
    main.replaceChildren(el("section", { class: "panel account-form" }, el("h1", {}, "Your account"),
      el("p", {}, "You are not logged in. ", el("a", { href: loginHref("/account") }, "Log in"), " or ", el("a", { href: "/register?next=%2Faccount" }, "register"), ".")));
    return;
  }
  main.replaceChildren(el("div", { class: "account-page" },
    el("h1", {}, "Your account: ", el("a", { href: profileHref(who.username) }, who.username)),
    passwordPanel(), everywherePanel(), await tokensPanel()));
}

// A panel's live line for what happened (or why not).
const said = (id) => el("p", { id, class: "form-note", role: "status", "aria-live": "polite" });

function passwordPanel() {
  const note = said("password-note");
  const old = el("input", { id: "old-password", type: "password", required: "", autocomplete: "current-password" });
  const neu = el("input", { id: "new-password", type: "password", required: "", minlength: "10", autocomplete: "new-password", "aria-describedby": "new-password-rule" });
  const form = el("form", { id: "password-form", novalidate: "" },
    el("div", { class: "field" }, el("label", { for: "old-password" }, "Current password"), old),
    el("div", { class: "field" }, el("label", { for: "new-password" }, "New password"), neu,
      el("span", { class: "option-help", id: "new-password-rule" }, "At least 10 characters. Your other sessions are logged out.")),
    note, el("button", { type: "submit", id: "password-change" }, "Change password"));
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    if (neu.value.length < 10) { note.textContent = "The new password is too short: at least 10 characters."; neu.focus(); return; }
    try {
      await api("/api/account/password", post({ old: old.value, new: neu.value }));
      old.value = ""; neu.value = "";
      note.textContent = "Password changed. Your other sessions are logged out.";
    } catch (e) { note.textContent = "Not changed: " + (e.code === "login_failed" ? "the current password is wrong." : e.message); }
  });
  return el("section", { class: "panel", "aria-labelledby": "password-title" }, el("h2", { id: "password-title" }, "Change password"), form);
}

function everywherePanel() {
  return el("section", { class: "panel", "aria-labelledby": "everywhere-title" },
    el("h2", { id: "everywhere-title" }, "Log out everywhere"),
    el("p", {}, "Ends every session of your account, on every device, this one too."),
    el("button", { type: "button", id: "logout-everywhere", onclick: async () => {
      try { await api("/api/account/logout", post({ everywhere: true })); } catch { /* logged out here all the same */ }
      sessionChanged();
      go("/");
    } }, "Log out everywhere"));
}

async function tokensPanel() {
  const list = el("div", { id: "token-list" });
  const made = el("div", { id: "token-made" });
  const note = said("token-note");
  const label = el("input", { id: "token-label", maxlength: "40", placeholder: "e.g. my board app" });
  const boxes = SCOPES.map(([s, what]) => el("label", { class: "scope" }, el("input", { type: "checkbox", name: "scope", value: s }), " ", el("code", {}, s), ": " + what));
  const form = el("form", { id: "token-form" },
    el("div", { class: "field" }, el("label", { for: "token-label" }, "Label"), label),
    el("fieldset", {}, el("legend", {}, "What the token may do"), ...boxes),
    note, el("button", { type: "submit", id: "token-create" }, "Make a token"));
  const refresh = async () => {
    const { tokens } = await api("/api/account/tokens");
    list.replaceChildren(tokens.length ? el("table", { class: "tokens" },
      el("caption", { class: "sr-only" }, "Your tokens"),
      el("thead", {}, el("tr", {}, ...["Label", "Scopes", "Made", ""].map((h, i) => el("th", { scope: "col" }, i === 3 ? el("span", { class: "sr-only" }, "Revoke") : h)))),
      el("tbody", {}, ...tokens.map((t) => el("tr", { "data-token": t.id },
        el("td", {}, t.label || "(no label)"),
        el("td", {}, Array.isArray(t.scopes) ? t.scopes.join(" ") : String(t.scopes || "")),
        el("td", {}, dateText(t.created)),
        el("td", {}, el("button", { type: "button", class: "token-revoke", "aria-label": `Revoke the token ${t.label || t.id}`, onclick: async () => {
          try { await api("/api/account/tokens/" + encodeURIComponent(t.id), { method: "DELETE" }); note.textContent = "Token revoked."; }
          catch (e) { note.textContent = "Not revoked: " + e.message; }
          refresh();
        } }, "Revoke")))))) : el("p", {}, "No token yet."));
  };
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const scopes = [...form.querySelectorAll("input[name=scope]:checked")].map((b) => b.value);
    if (!scopes.length) { note.textContent = "Choose at least one thing the token may do."; return; }
    try {
      const t = await api("/api/account/tokens", post({ scopes: scopes.join(" "), label: label.value.trim() }));
      note.textContent = "";
      made.replaceChildren(shownOnce(t));
      made.querySelector("#token-value").focus();
      label.value = "";
      for (const b of form.querySelectorAll("input[name=scope]")) b.checked = false;
      refresh();
    } catch (e) { note.textContent = "No token made: " + e.message; }
  });
  await refresh();
  return el("section", { class: "panel", "aria-labelledby": "tokens-title" },
    el("h2", { id: "tokens-title" }, "Personal API tokens"),
    el("p", {}, "A token lets a program act for you through the API (", el("code", {}, "Authorization: Bearer \u2026"), "). Keep it secret like a password."),
    form, made, el("h3", {}, "Your tokens"), list);
}

// A new token, shown this once: a box to select, a copy button, a warning.
function shownOnce(t) {
  const copied = el("span", { role: "status", "aria-live": "polite", id: "token-copied" });
  const box = el("input", { id: "token-value", readonly: "", value: t.token, "aria-describedby": "token-warning", onfocus: (e) => e.target.select() });
  return el("div", { class: "token-once", role: "group", "aria-labelledby": "token-once-title" },
    el("p", { id: "token-once-title" }, el("b", {}, `Your new token${t.label ? " \u201c" + t.label + "\u201d" : ""}:`)),
    el("label", { for: "token-value", class: "sr-only" }, "The new token"), box, " ",
    el("button", { type: "button", id: "token-copy", onclick: async () => {
      try { await navigator.clipboard.writeText(t.token); copied.textContent = "Copied."; }
      catch { box.select(); copied.textContent = "Select the token and copy it (Ctrl+C)."; }
    } }, "Copy"), " ", copied,
    el("p", { id: "token-warning", class: "warning" }, "Copy it now: it is shown only this once. Anyone who has it can act for you with its scopes; revoke it if it leaks."));
}
