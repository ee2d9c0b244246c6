// The analysis board's engine: the lines of the board shown, asked over a
// WebSocket (/api/analysis/ws, the newest board only) and drawn as they
// deepen — each line's score (from the first player's side), its first
// move a button that plays it, an evaluation bar.
import { el } from "./dom.js";
import { reconnectDelay } from "./socket.js";

const alive = (st) => document.body.contains(st.root);

export function connectAnalysis(st) {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const sock = new WebSocket(`${proto}://${location.host}/api/analysis/ws`);
  st.ws = sock;
  sock.onopen = () => { st.retries = 0; analyse(st); };
  sock.onmessage = (m) => {
    const r = JSON.parse(m.data);
    if (r.id !== st.req) return;
    drawLines(st, r);
  };
  // A lost socket is tried again after growing delays (as a game's).
  sock.onclose = () => {
    if (!alive(st)) return;
    const wait = reconnectDelay(st.retries || 0);
    st.retries = (st.retries || 0) + 1;
    setTimeout(() => { if (alive(st)) connectAnalysis(st); }, wait);
  };
}

// Asks for the lines of the board shown (the server stops the last ones).
export function analyse(st) {
  st.req += 1;
  const info = document.getElementById("engine-info");
  const lines = document.getElementById("engine-lines");
  if (!st.engine || !st.view || st.view.result) {
    if (info) info.textContent = st.engine ? "" : "off";
    if (lines) { lines.replaceChildren(); lines.style.minHeight = "0"; }
    if (st.ws && st.ws.readyState === 1) st.ws.send(JSON.stringify({ id: st.req, stop: true }));
    return;
  }
  if (lines) lines.style.minHeight = `calc(${st.lines} * (1.9em + 6px))`;
  if (!st.ws || st.ws.readyState !== 1) return;
  if (info) info.textContent = "thinking\u2026";
  // Said from the start, not with the first report: the line it takes
  // must not push the buttons below it down as the lines come.
  sayPointOfView(st);
  st.ws.send(JSON.stringify({ id: st.req, game: st.game, spec: st.spec, moves: st.moves.slice(0, st.at), lines: st.lines, seconds: 30 }));
}

// Whose side the scores and the bar take: the first seat's.
function sayPointOfView(st) {
  const pov = document.getElementById("eval-pov");
  const first = st.view.seats[0].name;
  if (pov) pov.textContent = `Scores and bar from ${first}'s side: + is good for ${first}.`;
}

// What a line that starts at chance's turn (no move yet) says: the
// game's chance panel words it ("before the draw").
function chanceWord(st) {
  const decl = (st.view.panels || []).find((p) => p.kind === "chance") || {};
  return decl.before || "before the draw";
}

function drawLines(st, r) {
  const info = document.getElementById("engine-info");
  const list = document.getElementById("engine-lines");
  if (!info || !list) return;
  // Room for every line asked, so that nothing below moves as they come.
  list.style.minHeight = `calc(${st.lines} * (1.9em + 6px))`;
  if (r.error) { info.textContent = r.error; list.replaceChildren(); return; }
  const secs = (r.elapsed_ms / 1000).toFixed(1);
  info.textContent = `depth ${r.depth}${r.done ? "" : "\u2026"} \u00b7 ${secs} s`;
  const first = st.view.seats[0].name;
  sayPointOfView(st);
  const pct = Math.round(r.bar * 100);
  document.getElementById("eval-fill").style.width = pct + "%";
  const bar = document.getElementById("eval-bar");
  bar.setAttribute("aria-valuenow", String(pct));
  bar.setAttribute("aria-valuetext", `${st.view.seats[0].name} ${pct}%`);
  // Rows are updated in place, not replaced: a click on a line's move
  // that starts as the lines deepen (press and release on the same
  // button) is never lost.
  while (list.children.length > r.lines.length) list.lastElementChild.remove();
  r.lines.forEach((l, i) => {
    let row = list.children[i];
    if (!row) {
      row = el("li", { class: "engine-line" },
        el("span", { class: "score", title: `for ${first}` }), " ",
        el("button", { class: "line-move", title: "play this move on the board", onclick: (e) => st.send(e.currentTarget.dataset.move) }), " ",
        el("span", { class: "line-rest" }));
      list.append(row);
    }
    row.title = `${l.score_text}: ${l.text}`;
    row.querySelector(".score").textContent = r.chance ? `expected ${l.score_text}` : l.score_text;
    const button = row.querySelector(".line-move");
    button.hidden = !l.moves.length;
    button.dataset.move = l.moves[0] || "";
    button.textContent = l.moves[0] || "";
    row.querySelector(".line-rest").textContent = l.moves.length ? l.text.slice(l.text.indexOf(l.moves[0]) + l.moves[0].length) : chanceWord(st);
  });
}
