// A player's profile (/@/NAME): his ratings per game ("1500?" while
// provisional), his record (wins, losses, draws), a BOT label for a bot,
// and his games: a table a page at a time, filtered by game and result,
// each game a link to its page; and all of them as one PGN file.
import { el, mainBox } from "./dom.js";
import { api } from "./api.js";
import { botLabel, profileHref, signed, gameNames, dateText } from "./players.js";

export async function profilePage(name) {
  const main = mainBox();
  let p;
  const [names] = await Promise.all([gameNames(), api("/api/user/" + encodeURIComponent(name)).then((x) => { p = x; }).catch((e) => { p = e; })]);
  if (p instanceof Error) {
    main.replaceChildren(el("section", { class: "panel", id: "no-player" }, el("h1", {}, "No such player"),
      el("p", {}, p.status === 404 ? `There is no player \u201c${name}\u201d here.` : "The profile could not be read: " + p.message),
      el("p", {}, el("a", { href: "/" }, "Back to the lobby"))));
    return;
  }
  const title = (key) => (names.find((n) => n.key === key) || { name: key }).name;
  const rated = Object.entries(p.ratings || {});
  const ratings = el("section", { class: "panel", id: "profile-ratings", "aria-labelledby": "ratings-title" },
    el("h2", { id: "ratings-title" }, "Ratings"),
    rated.length ? el("table", { class: "ratings" },
      el("thead", {}, el("tr", {}, ...["Game", "Rating", "Rated games"].map((h) => el("th", { scope: "col" }, h)))),
      el("tbody", {}, ...rated.map(([key, r]) => el("tr", { "data-game": key },
        el("th", { scope: "row" }, el("a", { href: "/leaderboard/" + key }, title(key))),
        el("td", { class: "rating", title: r.provisional ? "provisional: too few rated games yet to be sure" : `rating deviation ${r.rd}` }, r.display),
        el("td", {}, String(r.games))))))
      : el("p", {}, "No rated game yet."));
  const rec = p.record || { wins: 0, losses: 0, draws: 0 };
  const record = el("span", { id: "profile-record" }, `${rec.wins} won, ${rec.losses} lost, ${rec.draws} drawn`);
  const history = el("section", { class: "panel", id: "profile-games", "aria-labelledby": "games-title" }, el("h2", { id: "games-title" }, "Games"));
  main.replaceChildren(el("div", { class: "profile" },
    el("h1", { id: "profile-name" }, p.username, p.bot ? " " : null, p.bot ? botLabel() : null),
    el("p", {}, `Playing since ${dateText(p.created)}. `, record),
    ratings, history));
  drawHistory(history, p.username, names, title);
}

// The history: the filters, a table of a page of games, the pages, the
// download.
function drawHistory(box, username, names, title) {
  const game = el("select", { id: "history-game" }, el("option", { value: "" }, "All games"), ...names.map((n) => el("option", { value: n.key }, n.name)));
  const result = el("select", { id: "history-result" }, ...[["all", "All results"], ["win", "Wins"], ["loss", "Losses"], ["draw", "Draws"]].map(([v, t]) => el("option", { value: v }, t)));
  const table = el("div", { id: "history-table", "aria-live": "polite" });
  const pages = el("nav", { class: "pages", "aria-label": "Pages of games" });
  const download = el("a", { id: "download-pgn", href: `/api/user/${encodeURIComponent(username)}/games.pgn`, download: "" }, "Download all games (PGN)");
  let page = 1;
  const show = async () => {
    const q = new URLSearchParams({ result: result.value, page: String(page) });
    if (game.value) q.set("game", game.value);
    let h;
    try { h = await api(`/api/user/${encodeURIComponent(username)}/games?${q}`); }
    catch (e) { table.replaceChildren(el("p", {}, "The games could not be read: " + e.message)); return; }
    table.replaceChildren(h.games.length ? el("table", { class: "history" },
      el("caption", { class: "sr-only" }, `${username}'s games, page ${h.page}`),
      el("thead", {}, el("tr", {}, ...["Game", "Opponent", "Result", "Rated", "Date"].map((t) => el("th", { scope: "col" }, t)))),
      el("tbody", {}, ...h.games.map((g) => el("tr", { "data-game": g.id },
        el("td", {}, el("a", { href: "/game/" + g.id }, g.title || title(g.variant))),
        el("td", {}, g.opponent_account ? el("a", { href: profileHref(g.opponent_account) }, g.opponent) : g.opponent),
        el("td", { class: "outcome " + (g.outcome || "") }, outcomeText(g)),
        el("td", {}, g.rated ? "Rated" + (g.rating_diff !== null && g.rating_diff !== undefined ? ` (${signed(g.rating_diff)})` : "") : "Casual"),
        el("td", {}, dateText(g.created))))))
      : el("p", {}, page > 1 ? "No more games." : "No game here."));
    const prev = el("button", { type: "button", id: "history-prev", disabled: h.page > 1 ? null : "", onclick: () => { page -= 1; show(); } }, "\u2190 Newer");
    const next = el("button", { type: "button", id: "history-next", disabled: h.next ? null : "", onclick: () => { page = h.next; show(); } }, "Older \u2192");
    pages.replaceChildren(prev, el("span", {}, ` Page ${h.page} `), next);
  };
  const refilter = () => { page = 1; show(); };
  game.addEventListener("change", refilter);
  result.addEventListener("change", refilter);
  box.append(el("div", { class: "filters" },
    el("label", {}, "Game ", game), " ", el("label", {}, "Result ", result)), table, pages, el("p", {}, download));
  show();
}

function outcomeText(g) {
  if (!g.result) return "being played";
  const word = { win: "Won", loss: "Lost", draw: "Draw" }[g.outcome] || "Ended";
  return `${word} (${g.result})`;
}
