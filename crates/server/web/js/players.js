// A player as the account pages show him: his name as a link to his
// profile (/@/name), a BOT label for a bot account, his rating as shown
// ("1500?" while provisional). Names are text, never markup.
import { el } from "./dom.js";

export const botLabel = () => el("span", { class: "bot-label", title: "a bot account: a program plays" }, "BOT");

export const profileHref = (username) => "/@/" + encodeURIComponent(username);

// The name linked to the profile, with the BOT label after it.
export function playerLink(username, bot, attrs = {}) {
  return el("span", { class: "player-name" }, el("a", { href: profileHref(username), ...attrs }, username), bot ? " " : null, bot ? botLabel() : null);
}

// A rating change as shown: "+12", "\u221212", "\u00b10".
export const signed = (d) => (d > 0 ? "+" + d : d < 0 ? "\u2212" + -d : "\u00b10");

// The games' names by key, from GET /api/variants (asked once).
let variants = null;
export function gameNames() {
  if (!variants) variants = fetch("/api/variants").then((r) => r.json()).then((vs) => vs.map((v) => ({ key: v.key, name: v.name }))).catch(() => { variants = null; return []; });
  return variants;
}

// A date from seconds since 1970, in the reader's words.
export const dateText = (secs) => new Date(secs * 1000).toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric" });
