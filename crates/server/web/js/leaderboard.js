// The leaderboards: /leaderboard, a choice of game; /leaderboard/KEY, the
// game's best players who played a rated game of it in the last 30 days:
// rank, player (a link to his profile, a BOT label), rating ("1500?" while
// provisional), rated games.
import { el, mainBox } from "./dom.js";
import { api } from "./api.js";
import { playerLink, gameNames } from "./players.js";

export async function leaderboardPage(key) {
  const main = mainBox();
  const names = await gameNames();
  const choice = el("nav", { class: "leaderboard-games", "aria-label": "Leaderboards by game" },
    el("ul", {}, ...names.map((n) => el("li", {}, el("a", { href: "/leaderboard/" + n.key, "aria-current": n.key === key ? "page" : null }, n.name)))));
  if (!key) {
    main.replaceChildren(el("section", { class: "panel", id: "leaderboard", "aria-labelledby": "leaderboard-title" },
      el("h1", { id: "leaderboard-title" }, "Leaderboards"), el("p", {}, "Choose a game:"), choice));
    return;
  }
  let b;
  try { b = await api("/api/leaderboard/" + encodeURIComponent(key)); }
  catch (e) {
    main.replaceChildren(el("section", { class: "panel", id: "leaderboard" }, el("h1", { id: "leaderboard-title" }, "Leaderboard"),
      el("p", {}, e.status === 404 ? `There is no game \u201c${key}\u201d here.` : "The leaderboard could not be read: " + e.message), choice));
    return;
  }
  const table = b.players.length ? el("table", { class: "leaderboard", id: "leaderboard-table" },
    el("caption", { class: "sr-only" }, `The best players of ${b.title}`),
    el("thead", {}, el("tr", {}, ...["Rank", "Player", "Rating", "Rated games"].map((h) => el("th", { scope: "col" }, h)))),
    el("tbody", {}, ...b.players.map((p) => el("tr", { "data-player": p.username },
      el("td", {}, String(p.rank)),
      el("td", {}, playerLink(p.username, p.bot)),
      el("td", { class: "rating", title: p.provisional ? "provisional: too few rated games yet to be sure" : `rating deviation ${p.rd}` }, p.display),
      el("td", {}, String(p.games))))))
    : el("p", {}, "No one has played a rated game of it in the last 30 days.");
  main.replaceChildren(el("section", { class: "panel", id: "leaderboard", "aria-labelledby": "leaderboard-title" },
    el("h1", { id: "leaderboard-title" }, `Leaderboard: ${b.title}`),
    el("p", {}, "The players who played a rated game of it in the last 30 days. A rating with ? is provisional."),
    table, el("h2", {}, "Other games"), choice));
}
