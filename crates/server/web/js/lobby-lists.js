// The lobby's lists, in this order: the open seeks (each with a button
// to play it), the games being played (who plays which seat, each a link
// to watch), and "Your games": the games this browser plays (the seats'
// tokens it keeps, asked after by POST /api/games/mine), those where it
// is your turn first. Finished games have a page of their own
// (/games/finished), a page of them at a time, newest first.
import { el, mainBox } from "./dom.js";
import { api, post } from "./api.js";
import { enterGame } from "./newgame.js";

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
    const [s, g, m] = await Promise.all([api("/api/seeks"), api("/api/games?status=ongoing&limit=20"), myGames()]);
    drawSeeks(seeks, s);
    drawOngoing(ongoing, g);
    drawMine(mine, m);
  };
  return { box, refresh };
}

function drawSeeks(panel, s) {
  panel.replaceChildren(panel.firstChild, ...(s.seeks.length ? s.seeks.map((k) => el("div", { class: "seek-line list-line" },
    el("span", {}, `${k.name}: ${k.title}, ${timeText(k.time_control)}, plays ${k.seat || "either side"} `),
    el("button", { class: "accept-seek", "data-seek": k.id, "aria-label": `Play ${k.name}'s ${k.title}`, onclick: async () => {
      try {
        const name = (localStorage.getItem("deckmate-name") || "").trim();
        enterGame(await api(`/api/seeks/${k.id}/accept`, post(name ? { name } : {})));
      } catch (e) { alert(e.message); }
    } }, "Play"))) : [el("p", {}, "None now: make one with \u201canyone in the lobby\u201d.")]));
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
