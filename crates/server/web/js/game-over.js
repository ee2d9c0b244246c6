// The game-over panel (issue 31 item 3): once a game ends, its result and
// why as the page's seat sees it ("You won", "You lost", "Draw",
// "Aborted" (no result), an abandonment or a closure in the reason; the
// winner's name to a spectator), the points where the game scores them
// (Chess Cards' match), and what to do next: a rematch (to a seat), a new
// game, the analysis board, the record. Hidden while an earlier position
// is looked at.
import { el } from "./dom.js";
import { signed } from "./players.js";

export function drawGameOver(state, v, onRematch) {
  const box = document.getElementById("game-over");
  if (!box) return;
  const r = v.result;
  if (!r || state.pastView) { box.hidden = true; box.replaceChildren(); return; }
  const seat = v.you === undefined ? null : v.you;
  // An aborted game has no result: no winner, no draw.
  const head = r.aborted ? "Aborted"
    : r.winner === null ? "Draw"
    : seat === null ? `${v.seats[r.winner].name} wins`
    : r.winner === seat ? "You won" : "You lost";
  const points = r.points ? el("p", { id: "game-over-points" }, v.seats.map((s, i) => `${s.name} ${r.points[i]}`).join(", ")) : null;
  const offered = v.rematch_offer === seat;
  const rematch = seat !== null && !v.rematch
    ? el("button", { id: "over-rematch", disabled: offered ? "" : null, onclick: onRematch }, offered ? "Rematch offered" : "Rematch")
    : null;
  box.hidden = false;
  // (No points: nothing, not a "null" text.)
  box.replaceChildren(...[
    el("h2", { id: "game-over-title" }, head, r.aborted ? "" : " ", r.aborted ? "" : el("span", { class: "result" }, r.result)),
    el("p", { id: "game-over-reason" }, r.reason),
    points,
    ratingChange(v),
    el("div", { class: "buttons" },
      rematch,
      el("a", { href: "/", id: "over-new", class: "button" }, "New game"),
      el("a", { href: `/analysis?from=${v.id}`, id: "over-analyse", class: "button" }, "Analyse"),
      el("a", { href: `/api/games/${v.id}/record`, id: "over-download", class: "button" }, "Download"))].filter((x) => x));
}

// A rated game's change to each player's rating, once recorded (it may
// come in a later view): "Ann 1512 (+12), Bob 1488 (\u221212)".
function ratingChange(v) {
  const c = v.rated && v.rating_change;
  if (!c) return null;
  return el("p", { id: "game-over-ratings" }, v.seats.map((s, i) => `${s.player || s.name} ${c.after[i]} (${signed(c.diff[i])})`).join(", "));
}
