// deckmate analysis board: any position of any game, moves tried on it
// without touching a game, and the engine's lines as it thinks.
//
// The board is a spec and a list of moves held here; the server draws it
// (POST /api/analysis/view) and analyses it over a WebSocket
// (/api/analysis/ws), the newest board only. It reuses the game page's
// renderer (drawBoard, drawZones, drawHands, drawArrange): a move made on
// the board goes to `state.play` instead of a game.
"use strict";

// /analysis?game=KEY[&fen=...][&seed=N] or /analysis?from=ID[&ply=N].
async function analysisPage() {
  window.deckmateState = null;
  const q = new URLSearchParams(location.search);
  const from = q.get("from");
  const token = from ? localStorage.getItem("deckmate-token-" + from) : null;
  main.replaceChildren(el("p", {}, "Opening the analysis board\u2026"));
  let board, variants;
  try {
    variants = await api("/api/variants");
    // Without a game named, the lobby's first.
    const body = from
      ? { from, ply: q.get("ply") === null ? null : Number(q.get("ply")) }
      : { game: q.get("game") || variants[0].key, fen: q.get("fen") || null, seed: q.get("seed") === null ? null : Number(q.get("seed")) };
    board = await api("/api/analysis", { method: "POST", headers: Object.assign({ "Content-Type": "application/json" }, token ? { Authorization: "Bearer " + token } : {}), body: JSON.stringify(body) });
  } catch (e) {
    main.replaceChildren(el("div", { class: "panel", id: "no-analysis" },
      el("h2", {}, "No analysis board"), el("p", {}, e.message),
      el("p", {}, from ? el("a", { href: "/game/" + from }, "Back to the game") : null, " ", el("a", { href: "/" }, "Back to the lobby"))));
    return;
  }
  const st = {
    // A game's whole line, opened at the ply asked for (`at`).
    game: board.game, spec: board.spec, from, line: board.moves.slice(), moves: board.moves.slice(),
    at: Math.min(board.at ?? board.moves.length, board.moves.length),
    view: null, flipped: false, selected: null, sacMode: false, sacCard: null, pastView: null, arrangement: null,
    engine: localStorage.getItem("deckmate-engine-off") !== "1", lines: Number(localStorage.getItem("deckmate-lines") || 3), req: 0, ws: null,
  };
  st.play = (text) => tryMove(st, text);
  // The game page's renderer, asked to draw again (a piece picked, a
  // sacrifice begun), draws this page.
  st.redraw = drawAnalysis;
  window.analysisState = st;
  const games = variants.map((g) => el("option", { value: g.key, selected: g.key === board.game ? "" : null }, g.name));
  const linesSelect = el("select", { id: "lines-count", "aria-label": "number of engine lines", onchange: (e) => { st.lines = Number(e.target.value); localStorage.setItem("deckmate-lines", String(st.lines)); analyse(st); } },
    ...[1, 2, 3, 4, 5].map((n) => el("option", { value: n, selected: n === st.lines ? "" : null }, `${n} line${n > 1 ? "s" : ""}`)));
  main.replaceChildren(el("div", { class: "game analysis" },
    boardWrap("try", (t) => tryMove(st, t)),
    el("div", { class: "side panel" },
      el("h2", { class: "analysis-title" }, `Analysis: ${board.title}`),
      el("div", { id: "engine-panel" },
        el("div", { class: "engine-head" },
          el("label", {}, el("input", { type: "checkbox", id: "engine-on", checked: st.engine ? "" : null, onchange: (e) => { st.engine = e.target.checked; localStorage.setItem("deckmate-engine-off", st.engine ? "0" : "1"); analyse(st); } }), " Engine"),
          linesSelect, el("span", { id: "engine-info" })),
        // Every score, like the bar, is the first player's (White's): + is good for him.
        el("div", { id: "eval-pov", class: "hint" }),
        el("div", { id: "eval-bar", role: "meter", "aria-valuemin": "0", "aria-valuemax": "100", "aria-valuenow": "50", "aria-label": "evaluation bar: the first player's share" },
          el("div", { id: "eval-fill" })),
        el("ol", { id: "engine-lines", "aria-live": "polite" })),
      el("div", { id: "card-view" }), el("dl", { id: "facts" }),
      el("div", { class: "buttons" },
        el("button", { id: "first", title: "start", onclick: () => goTo(st, 0) }, "|\u25c0"),
        el("button", { id: "prev", title: "back", onclick: () => goTo(st, st.at - 1) }, "\u25c0"),
        el("button", { id: "next", title: "forward", onclick: () => goTo(st, st.at + 1) }, "\u25b6"),
        el("button", { id: "last", title: "end of the line", onclick: () => goTo(st, st.moves.length) }, "\u25b6|"),
        el("button", { id: "flip", onclick: () => { st.flipped = !st.flipped; drawAnalysis(st); } }, "Flip")),
      el("div", { id: "moves", role: "region", "aria-label": "the moves of the line on the board" }),
      el("div", { class: "buttons" },
        el("button", { id: "game-line", title: "the game's own moves again", onclick: () => { st.moves = st.line.slice(); goTo(st, Math.min(st.at, st.line.length)); } }, "Back to the game's line"),
        from ? el("a", { href: "/game/" + from, id: "to-game" }, "To the game") : null,
        el("a", { href: `/rules/${board.game}`, id: "rules" }, "Rules")),
      el("form", { id: "setup-form", onsubmit: (e) => { e.preventDefault(); openSetup(); } },
        el("h3", {}, "Another position"),
        el("select", { id: "setup-game", "aria-label": "game" }, ...games),
        el("input", { id: "setup-fen", placeholder: "a position string (or empty for the start)", "aria-label": "position string", value: "" }),
        el("input", { id: "setup-seed", type: "number", min: "0", placeholder: "deal number", "aria-label": "deal number (seed)" }),
        el("button", { type: "submit" }, "Open"),
        el("div", { id: "position-out" })))));
  connectAnalysis(st);
  await refresh(st);
}

// A new board from the setup form: the game, a position string, a deal.
function openSetup() {
  const p = new URLSearchParams({ game: document.getElementById("setup-game").value });
  const fen = document.getElementById("setup-fen").value.trim();
  const seed = document.getElementById("setup-seed").value.trim();
  if (fen) p.set("fen", fen);
  if (seed) p.set("seed", seed);
  location.href = "/analysis?" + p.toString();
}

// The board after the first `at` moves of the line, drawn and analysed.
async function refresh(st) {
  let v;
  try {
    v = await api("/api/analysis/view", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ game: st.game, spec: st.spec, moves: st.moves.slice(0, st.at) }) });
  } catch (e) { status(e.message); return; }
  st.view = v;
  st.selected = null;
  st.sacMode = false;
  st.sacCard = null;
  drawAnalysis(st);
  analyse(st);
}

function goTo(st, at) {
  st.at = Math.max(0, Math.min(at, st.moves.length));
  refresh(st);
}

// A move tried on the board: the line's next move goes forward; another
// starts a new line from here (checked by the server before it is kept).
async function tryMove(st, text) {
  clearChoices();
  if (st.moves[st.at] === text) { goTo(st, st.at + 1); return; }
  const moves = st.moves.slice(0, st.at).concat([text]);
  try {
    await api("/api/analysis/view", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ game: st.game, spec: st.spec, moves }) });
  } catch (e) { status("Illegal move: " + e.message.replace(/^move \d+ /, "")); return; }
  st.moves = moves;
  goTo(st, moves.length);
}

function drawAnalysis(st) {
  const v = st.view;
  if (!v) return;
  const names = v.seats.map((s) => s.name);
  let s;
  if (v.result) s = `The game is over: ${v.result.reason}`;
  else if (v.chance_moves.length) s = "A card is to be drawn: choose it";
  else if (v.to_move !== null) s = `${names[v.to_move]} to play` + (v.compulsory ? " \u2014 a same-suit capture is compulsory" : "");
  else s = v.prompt || "Both players arrange";
  status(s);
  drawArrange(st, v);
  drawHands(st, v);
  drawBoard(st, v);
  drawZones(st, v);
  // Chance's moves: the card drawn is chosen.
  if (v.chance_moves.length) {
    const pick = el("select", { id: "chance-select", "aria-label": "the card drawn" }, ...v.chance_moves.map((t) => el("option", { value: t }, t)));
    document.getElementById("free-moves").replaceChildren(pick,
      el("button", { id: "chance-play", onclick: () => tryMove(st, pick.value) }, "Draw this card"),
      el("button", { id: "chance-random", onclick: () => tryMove(st, v.chance_moves[Math.floor(Math.random() * v.chance_moves.length)]) }, "A random card"));
  }
  const list = document.getElementById("move-list");
  const texts = [...new Set(v.moves.map((m) => m.text).concat(v.chance_moves))];
  list.replaceChildren(...texts.map((t) => el("option", { value: t })));
  document.getElementById("move-form").hidden = !texts.length;
  const facts = document.getElementById("facts");
  facts.replaceChildren(...(v.facts || []).flatMap((f) => [el("dt", {}, f.label), el("dd", {}, f.value)]));
  const out = document.getElementById("position-out");
  out.replaceChildren(...(v.position ? [el("label", { for: "position-text" }, "Position string"), el("input", { id: "position-text", readonly: "", value: v.position, onclick: (e) => e.target.select() })] : []));
  // The line: the game's moves in plain, moves tried in italics.
  const box = document.getElementById("moves");
  box.replaceChildren(...st.moves.map((m, i) => el("span", {
    class: "mv" + (i + 1 === st.at ? " current" : "") + (i < st.line.length && st.line[i] === m && st.moves.slice(0, i).every((x, k) => x === st.line[k]) ? "" : " tried"),
    onclick: () => goTo(st, i + 1),
  }, `${i + 1}. ${m}`), " "));
  const cur = box.querySelector(".mv.current");
  if (cur) cur.scrollIntoView({ block: "nearest" });
}

// ---- the engine ----
function connectAnalysis(st) {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const sock = new WebSocket(`${proto}://${location.host}/api/analysis/ws`);
  st.ws = sock;
  sock.onopen = () => { st.retries = 0; analyse(st); };
  sock.onmessage = (m) => {
    const r = JSON.parse(m.data);
    if (r.id !== st.req) return;
    drawLines(st, r);
  };
  // A lost socket is tried again after growing delays (the game page's).
  sock.onclose = () => {
    if (window.analysisState !== st) return;
    const wait = reconnectDelay(st.retries || 0);
    st.retries = (st.retries || 0) + 1;
    setTimeout(() => { if (window.analysisState === st) connectAnalysis(st); }, wait);
  };
}

// Asks for the lines of the board shown (the server stops the last ones).
function analyse(st) {
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
  st.ws.send(JSON.stringify({ id: st.req, game: st.game, spec: st.spec, moves: st.moves.slice(0, st.at), lines: st.lines, seconds: 30 }));
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
  document.getElementById("eval-pov").textContent = `Scores and bar from ${first}'s side: + is good for ${first}.`;
  const pct = Math.round(r.bar * 100);
  document.getElementById("eval-fill").style.width = pct + "%";
  const bar = document.getElementById("eval-bar");
  bar.setAttribute("aria-valuenow", String(pct));
  bar.setAttribute("aria-valuetext", `${st.view.seats[0].name} ${pct}%`);
  list.replaceChildren(...r.lines.map((l) => el("li", { class: "engine-line", title: `${l.score_text}: ${l.text}` },
    el("span", { class: "score", title: `for ${first}` }, r.chance ? `expected ${l.score_text}` : l.score_text), " ",
    l.moves.length ? el("button", { class: "line-move", title: "play this move on the board", onclick: () => tryMove(st, l.moves[0]) }, l.moves[0]) : null, " ",
    el("span", { class: "line-rest" }, l.moves.length ? l.text.slice(l.text.indexOf(l.moves[0]) + l.moves[0].length) : "before the draw"))));
}

// The arrow keys step along the line (not while typing, nor on the board).
document.addEventListener("keydown", (e) => {
  const st = window.analysisState;
  const f = document.activeElement || {};
  if (!st || !document.querySelector(".analysis") || ["INPUT", "TEXTAREA", "SELECT"].includes(f.tagName) || f.id === "board-svg") return;
  const to = { ArrowLeft: st.at - 1, ArrowRight: st.at + 1, Home: 0, End: st.moves.length }[e.key];
  if (to === undefined) return;
  e.preventDefault();
  goTo(st, to);
});
