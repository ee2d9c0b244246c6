// The lobby (/): the new game's form (newgame.js); the lists (lobby-lists.js:
// the open seeks, the games being played, your games; asked again every
// 3 s while the lobby is shown) with a link to the finished games' page;
// and under them a card for each game (lobby-cards.js).
import { el, mainBox } from "./dom.js";
import { api } from "./api.js";
import { newGameForm } from "./newgame.js";
import { lobbyLists } from "./lobby-lists.js";
import { gameCards } from "./lobby-cards.js";

export async function lobby() {
  const main = mainBox();
  main.replaceChildren();
  const [variants, levels] = await Promise.all([api("/api/variants"), api("/api/levels")]);
  const { form, links, choose } = newGameForm(variants, levels);
  const lists = lobbyLists();
  let drawn = false;
  const refresh = async () => {
    // Only while this lobby is the page shown (not one drawn since).
    if (location.pathname !== "/" || (drawn && !document.body.contains(lists.box))) { clearInterval(live); return; }
    if (!drawn) return;
    try { await lists.refresh(); } catch { /* the next round tries again */ }
  };
  const live = setInterval(refresh, 3000);
  try { await lists.refresh(); } catch { /* drawn at the next round */ }
  const cards = await gameCards(variants, choose);
  if (location.pathname !== "/") return;
  // The form on the left; on the right the lists, then the games' cards
  // (on a phone: the form, the lists, the cards).
  main.replaceChildren(el("h1", { class: "sr-only" }, "deckmate: the lobby"),
    el("div", { class: "lobby" }, form, el("div", { class: "lobby-right" }, lists.box, cards)),
    el("p", { class: "form-links" }, links[0], " \u00b7 ", links[1]));
  drawn = true;
}
