// The lobby (/): the new game's form (newgame.js), the open seeks and the
// games being played (asked again every 3 s while the lobby is shown), and
// every game, a page at a time, newest first.
import { el, mainBox } from "./dom.js";
import { api, post } from "./api.js";
import { newGameForm, enterGame } from "./newgame.js";

export async function lobby() {
  const main = mainBox();
  main.replaceChildren();
  const variants = await api("/api/variants");
  const { form, links } = newGameForm(variants);
  const seeksPanel = el("div", { class: "panel", id: "seeks" }, el("h2", {}, "Open seeks"));
  const ongoingPanel = el("div", { class: "panel", id: "ongoing" }, el("h2", {}, "Being played"));
  const refresh = async () => {
    // Only while the lobby is the page shown.
    if (location.pathname !== "/") { clearInterval(live); return; }
    if (!document.body.contains(seeksPanel)) return;
    try {
      drawSeeks(seeksPanel, await api("/api/seeks"));
      drawOngoing(ongoingPanel, await api("/api/games?status=ongoing&limit=20"));
    } catch { /* the next round tries again */ }
  };
  const live = setInterval(refresh, 3000);
  const list = el("div", { class: "panel", id: "games" }, el("h2", {}, "Games"));
  await moreGames(list, null);
  main.append(el("div", { class: "lobby" }, form, el("div", {}, seeksPanel, ongoingPanel, list), el("p", {}, links[0], " \u00b7 ", links[1])));
  refresh();
}

const timeText = (tc) => (tc ? `${tc.initial_ms / 60000}+${tc.increment_ms / 1000}` : "no clock");

function drawSeeks(panel, s) {
  panel.replaceChildren(el("h2", {}, "Open seeks"), ...(s.seeks.length ? s.seeks.map((k) => el("div", { class: "seek-line" },
    `${k.name}: ${k.title}, ${timeText(k.time_control)}, plays ${k.seat || "either side"} `,
    el("button", { class: "accept-seek", "data-seek": k.id, onclick: async () => {
      try {
        const name = (localStorage.getItem("deckmate-name") || "").trim();
        enterGame(await api(`/api/seeks/${k.id}/accept`, post(name ? { name } : {})));
      } catch (e) { alert(e.message); }
    } }, "Play"))) : [el("p", {}, "None now: make one with \u201cSeek an opponent\u201d.")]));
}

function drawOngoing(panel, g) {
  panel.replaceChildren(el("h2", {}, "Being played"), ...(g.games.length ? g.games.map((x) => el("div", { class: "game-line" },
    el("a", { href: "/game/" + x.id }, `Watch ${x.title} ${x.id.slice(0, 6)}`), ` ${x.progress}`)) : [el("p", {}, "No game now.")]));
}

// The next page of the games list (after `cursor`), with a button for more.
async function moreGames(list, cursor) {
  const page = await api("/api/games?limit=30" + (cursor ? "&before=" + encodeURIComponent(cursor) : ""));
  if (!cursor && !page.games.length && !page.next) list.append(el("p", {}, "No games yet."));
  for (const g of page.games) {
    const status = g.result ? `${g.result} (${g.reason})` : `${g.progress}, ${g.to_move_name} to play`;
    list.append(el("div", { class: "game-line" }, el("a", { href: "/game/" + g.id }, `${g.title} ${g.id.slice(0, 6)}`), ` vs ${g.opponent}: ${status}`));
  }
  if (page.next) {
    const b = el("button", { id: "more-games", onclick: () => { b.remove(); moreGames(list, page.next); } }, "More games");
    list.append(b);
  }
}
