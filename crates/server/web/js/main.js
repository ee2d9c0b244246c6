// deckmate's web client: draws the views the server sends; the rules stay
// in Rust. The entry module: it picks the page the address names — the
// lobby (/), a game (/game/ID), a rules page (/rules/KEY), the analysis
// board (/analysis), the finished games (/games/finished), the account's
// pages (/login, /register, /account), a player's profile (/@/NAME), the
// leaderboards (/leaderboard, /leaderboard/KEY) — and draws it again when
// the address changes; the header's account links (account-nav.js) too.
//
// Every game is drawn by one core renderer (render.js): a view may hold a
// `board` (squares, holes, marked regions) with `pieces` on it, and
// declares in `panels` what else it shows (panels/index.js: zones of
// cards, a secret arrangement, hands, a drawn card, chance's outcomes),
// with the words they use; the legal moves come with their notation and
// with what a click must match (`from`/`to` squares, or the `card` to play
// and the `sacrifice` made first; `choice` labels the button when one
// click fits several moves). The client never decides what is legal.
import { lobby } from "./lobby.js";
import { finishedPage } from "./lobby-lists.js";
import { gamePage, noSuchGame } from "./game.js";
import { rulesPage } from "./rules.js";
import { analysisPage } from "./analysis.js";
import { onRoute } from "./nav.js";
import { loginPage, registerPage } from "./login.js";
import { accountPage } from "./account-page.js";
import { profilePage } from "./profile.js";
import { leaderboardPage } from "./leaderboard.js";
import { drawAccountNav } from "./account-nav.js";

function route() {
  const path = location.pathname;
  const game = path.match(/^\/game\/([^/]*)$/);
  const rules = path.match(/^\/rules\/([a-z0-9-]+)$/);
  const player = path.match(/^\/@\/([^/]+)$/);
  const board = path.match(/^\/leaderboard(?:\/([^/]+))?$/);
  drawAccountNav();
  // A game's id is 12 hex digits: another is no game (never the lobby).
  if (game) { if (/^[0-9a-f]{12}$/.test(game[1])) gamePage(game[1]); else noSuchGame(decodeURIComponent(game[1])); }
  else if (rules) rulesPage(rules[1]);
  else if (path === "/analysis") analysisPage();
  else if (path === "/games/finished") finishedPage();
  else if (path === "/login") loginPage();
  else if (path === "/register") registerPage();
  else if (path === "/account") accountPage();
  else if (player) profilePage(decodeURIComponent(player[1]));
  else if (board) leaderboardPage(board[1] ? decodeURIComponent(board[1]) : null);
  else lobby();
}

onRoute(route);
route();
