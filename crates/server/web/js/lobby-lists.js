// The lobby's lists, in this order: the open seeks (each with a button
// to play it), the games being played (who plays which seat, each a link
// to watch), and "Your games": the games this browser plays (the seats'
// tokens it keeps, asked after by POST /api/games/mine), those where it
// is your turn first; for a player logged in, his account's games too
// (GET /api/account/games), each game once. A seek names its player with
// his rating ("Ann 1500?"), says Rated or Casual, and labels a bot; a
// guest is asked to log in to play a rated one. Finished games have a page
// of their own (/games/finished), a page of them at a time, newest first.
import { el, mainBox } from "./dom.js";
import { api, post } from "./api.js";
import { enterGame } from "./newgame.js";
import { me, loginHref } from "./session.js";
import { playerLink } from "./players.js";

// The most of this browser's games asked after at once (the server's
// bound, MINE_MAX), and the finished ones among them shown.
const MINE_ASKED = 40;
const MINE_FINISHED_SHOWN = 5;

const timeText = (tc) => (!tc ? "no clock" : tc.days ? `${tc.days} days a move` : `${tc.initial_ms / 60000}+${tc.increment_ms / 1000}`);

// Who plays, from a game's lobby line ("Ann (White) vs deckmate level 4 (Black)").
const players = (g) => (g.players && g.players.length ? g.players.join(" vs ") : `vs ${g.opponent}`);

// The three lists' panels, and a function that asks for them all again.
export function lobbyLists() {
  const seeks = el("section", { class: "panel", id: "seeks", "aria-labelledby": "seeks-title" }, el("h2", { id: "seeks-title" }, "Open seeks"));
  const ongoing = el("section", { class: "panel", id: "ongoing", "aria-labelledby": "ongoing-title" }, el("h2", { id: "ongoing-title" }, "Being played"));
  const mine = el("section", { class: "panel", id: "mine", "aria-labelledby": "mine-title" }, el("h2", { id: "mine-title" }, "Your games"));
  const finished = el("p", { class: "finished-link" }, el("a", { href: "/games/finished", id: "finished-link" }, "Finished games"));
  const box = el("div", { class: "lobby-lists" }, seeks, ongoing, mine, finished);
  const refresh = async () => {
    const [s, g, m, who] = await Promise.all([api("/api/seeks"), api("/api/games?status=ongoing&limit=20"), myGames(), me()]);
    drawSeeks(seeks, s, who);
    drawOngoing(ongoing, g);
    drawMine(mine, who.username ? merged(m, await accountGames()) : m);
  };
  return { box, refresh };
}

function drawSeeks(panel, s, who) {
  const line = (k) => {
    // A guest cannot play a rated seek (nor one asking for a rating): the
    // button is a link to log in, coming back to the lobby.
    const needsLogin = !who.username && (k.rated || k.rating_range);
    const mine = who.username && k.account === who.username;
    const player = k.account ? playerLink(k.account, k.bot, { class: "seek-player" }) : el("span", { class: "seek-player" }, k.name);
    const terms = [k.rated ? "Rated" : "Casual", k.rating_range ? `for ${k.rating_range[0]}-${k.rating_range[1]}` : null].filter((x) => x).join(" ");
    const play = needsLogin
      ? el("a", { class: "accept-seek login-to-play button", "data-seek": k.id, href: loginHref("/"), "aria-label": `Log in to play ${k.name}'s rated ${k.title}` }, "Log in to play")
      : el("button", { class: "accept-seek", "data-seek": k.id, disabled: mine ? "" : null, title: mine ? "your own seek" : null, "aria-label": `Play ${k.name}'s ${k.title}`, onclick: async () => {
        try {
          const name = (localStorage.getItem("deckmate-name") || "").trim();
          enterGame(await api(`/api/seeks/${k.id}/accept`, post(name ? { name } : {})));
        } catch (e) { alert(e.code === "login" ? "Log in to play this seek." : e.message); }
      } }, "Play");
    return el("div", { class: "seek-line list-line", "data-seek-line": k.id },
      player, k.rating ? el("span", { class: "seek-rating" }, ` ${k.rating}`) : null,
      el("span", {}, `: ${k.title}, ${timeText(k.time_control)}, plays ${k.seat || "either side"}, `),
      el("span", { class: "seek-rated" + (k.rated ? " rated" : "") }, terms), " ", play);
  };
  panel.replaceChildren(panel.firstChild, ...(s.seeks.length ? s.seeks.map(line) : [el("p", {}, "None now: make one with \u201canyone in the lobby\u201d.")]));
}

function drawOngoing(panel, g) {
  panel.replaceChildren(panel.firstChild, ...(g.games.length ? g.games.map((x) => el("div", { class: "game-line list-line", "data-game": x.id },
    el("a", { href: "/game/" + x.id, "aria-label": `Watch ${x.title}: ${players(x)}` }, `Watch ${x.title}`),
    el("span", { class: "line-players" }, ` ${players(x)}, ${x.progress}`))) : [el("p", {}, "No game now.")]));
}

// The games whose seats' tokens this browser keeps (localStorage
// deckmate-token-ID), as the server's lines with `you` and `your_turn`.
async function myGames() {
  const games = [];
  for (let i = 0; i < localStorage.length && games.length < MINE_ASKED; i++) {
    const key = localStorage.key(i);
    const m = key && key.match(/^deckmate-token-([0-9a-f]{12})$/);
    if (m) games.push({ id: m[1], token: localStorage.getItem(key) });
  }
  if (!games.length) return [];
  return (await api("/api/games/mine", post({ games }))).games;
}

// The logged-in player's games being played (the server's lines with
// `you` and `your_turn`), none when the session has ended.
async function accountGames() {
  try { return (await api("/api/account/games")).games; } catch { return []; }
}

// The browser's games and the account's, each game once.
function merged(kept, account) {
  const ids = new Set(kept.map((g) => g.id));
  return [...kept, ...account.filter((g) => !ids.has(g.id))];
}

// Yours: your turn first, then the others being played, newest first
// within each; then the last few finished.
function drawMine(panel, lines) {
  const newest = (a, b) => b.created - a.created;
  const playing = lines.filter((g) => !g.result).sort((a, b) => (b.your_turn - a.your_turn) || newest(a, b));
  const done = lines.filter((g) => g.result).sort(newest).slice(0, MINE_FINISHED_SHOWN);
  const line = (g) => el("div", { class: "game-line list-line mine-line" + (g.your_turn ? " your-turn-line" : ""), "data-game": g.id },
    el("a", { href: "/game/" + g.id, "aria-label": `${g.your_turn ? "Your turn: " : ""}${g.title}, ${players(g)}` }, g.title),
    g.your_turn ? el("strong", { class: "your-turn-mark" }, " your turn") : null,
    el("span", { class: "line-players" }, ` ${players(g)}, ${g.result ? `${g.result} (${g.reason})` : g.progress}`));
  panel.replaceChildren(panel.firstChild, ...(playing.length || done.length ? [...playing, ...done].map(line) : [el("p", {}, "None yet: the games you play in this browser come here.")]));
}

// The finished games' page (/games/finished): a page of games at a time,
// newest first, with a button for more.
export async function finishedPage() {
  const main = mainBox();
  const list = el("section", { class: "panel", id: "finished", "aria-labelledby": "finished-title" }, el("h1", { id: "finished-title" }, "Finished games"));
  main.replaceChildren(el("p", {}, el("a", { href: "/", class: "back-link" }, "\u2190 Lobby")), list);
  await moreFinished(list, null);
}

async function moreFinished(list, cursor) {
  const page = await api("/api/games?status=finished&limit=30" + (cursor ? "&before=" + encodeURIComponent(cursor) : ""));
  if (!cursor && !page.games.length && !page.next) list.append(el("p", {}, "No finished game yet."));
  for (const g of page.games) {
    list.append(el("div", { class: "game-line list-line", "data-game": g.id },
      el("a", { href: "/game/" + g.id, "aria-label": `${g.title}, ${players(g)}: ${g.result}` }, g.title),
      el("span", { class: "line-players" }, ` ${players(g)}: ${g.result} (${g.reason})`)));
  }
  // A page may come short (the server looks at a bounded number of games
  // a request): `next` says there are more to look at.
  if (page.next) {
    const b = el("button", { type: "button", id: "more-games", onclick: () => { b.remove(); moreFinished(list, page.next); } }, "More games");
    list.append(b);
  }
}
