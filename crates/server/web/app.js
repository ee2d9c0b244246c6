// deckmate web client: draws the views the server sends; the rules stay in Rust.
//
// One renderer for every game: a view may hold a `board` (squares, holes,
// marked regions) with `pieces` on it, `zones` of cards (hands, the table,
// piles), `facts`, a `scoreboard`, a `prompt`. The legal moves come with
// their notation and with what a click must match: `from`/`to` squares, or
// the `card` to play and the `sacrifice` made first; `choice` labels the
// button when one click fits several moves. The client never decides what
// is legal. A game of chance adds `drawn_card` (the card turned for the
// move to come) and `board.marked` (the square it names).
"use strict";

const main = document.getElementById("main");
const SUITS = { C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660" };
const el = (tag, attrs = {}, ...kids) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (v !== null && v !== undefined && v !== false) e.setAttribute(k, v);
  }
  for (const k of kids) if (k !== null && k !== undefined) e.append(k);
  return e;
};
const svgEl = (tag, attrs = {}) => {
  const e = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  return e;
};
const svgText = (attrs, text) => { const t = svgEl("text", attrs); t.textContent = text; return t; };

async function api(path, opts = {}) {
  const r = await fetch(path, opts);
  const text = await r.text();
  let body;
  try { body = JSON.parse(text); } catch { body = text; }
  if (!r.ok) {
    const e = new Error((body && body.error) || r.statusText);
    e.status = r.status;
    throw e;
  }
  return body;
}

function route() {
  const m = location.pathname.match(/^\/game\/([^/]*)$/);
  const r = location.pathname.match(/^\/rules\/([a-z0-9-]+)$/);
  // A game's id is 12 hex digits: another is no game (never the lobby).
  if (m) { if (/^[0-9a-f]{12}$/.test(m[1])) gamePage(m[1]); else noSuchGame({ id: decodeURIComponent(m[1]) }); }
  else if (r) rulesPage(r[1]); else if (location.pathname === "/analysis") analysisPage(); else lobby();
}

// ---------- Rules pages ----------
// The rules text the terminal prints, as a page: a title (a line over a
// rule of '='), headings (a line on its own: capitals, or followed by an
// indented line), paragraphs as written; and the start drawn from a real
// game of the default options.
async function rulesPage(key) {
  main.replaceChildren(el("p", {}, "Loading the rules\u2026"));
  let text, start;
  try {
    const r = await fetch(`/api/rules/${key}`);
    if (!r.ok) throw new Error("no such game");
    text = await r.text();
    start = await api(`/api/rules/${key}/start`);
  } catch (e) {
    main.replaceChildren(el("div", { class: "panel" }, el("h2", {}, "No such game"), el("p", {}, el("a", { href: "/" }, "Back to the lobby"))));
    return;
  }
  const lines = text.split("\n");
  const article = el("article", { class: "panel rules", id: "rules-page" });
  let para = [];
  const flush = () => { if (para.length) { article.append(el("p", { class: "rules-text" }, reflow(para))); para = []; } };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i], next = lines[i + 1] || "";
    if (/^=+$/.test(line.trim()) && line.trim()) continue;
    if (!line.trim()) { flush(); continue; }
    const indented = /^\s/.test(line);
    if (i === 0 || /^=+$/.test(next.trim())) { flush(); article.append(el("h1", {}, line.trim())); continue; }
    const caps = line === line.toUpperCase() && /[A-Z]/.test(line);
    // A heading may run on to the next line inside its parentheses.
    const open = (t) => (t.match(/\(/g) || []).length > (t.match(/\)/g) || []).length;
    if (!indented && (caps || /^\s+\S/.test(next) || (/^[A-Z]{3,}\b/.test(line) && open(line)))) {
      let h = line.trim();
      while (open(h) && i + 1 < lines.length && lines[i + 1].trim()) h += " " + lines[++i].trim();
      flush();
      article.append(el("h2", {}, h));
      continue;
    }
    para.push(line);
  }
  flush();
  const state = { id: null, view: start, shown: null, flipped: false, selected: null, sacMode: false, sacCard: null, pastView: null,
    redraw: (st) => { drawBoard(st, st.view); drawZones(st, st.view); } };
  const figure = el("figure", { class: "panel rules-start" },
    el("div", { id: "board" }), el("div", { id: "zones" }), el("div", { id: "free-moves", hidden: "" }),
    el("figcaption", {}, `${start.title}: the start (default options)`));
  main.replaceChildren(el("p", {}, el("a", { href: "/" }, "\u2190 Lobby")), el("div", { class: "rules-layout" }, article, figure));
  drawBoard(state, start);
  drawZones(state, start);
}

// A paragraph of the rules text, its hard line breaks undone so that it
// fits any width. A line goes on with the one before, unless it starts an
// item: after a line ending in ':', an indented line after prose, a line
// indented less than the one before, or one indented alike after a
// sentence's end or in a table (columns apart by two spaces). Items keep
// their own lines and indentation.
function reflow(lines) {
  const indent = (l) => l.length - l.trimStart().length;
  const table = (l) => /\S {2,}\S/.test(l);
  const out = [];
  let prev = null;
  for (const line of lines) {
    const ind = indent(line);
    const p = prev === null ? 0 : indent(prev);
    const starts = prev === null || /:$/.test(prev.trimEnd()) || (p === 0 ? ind > 0 : ind < p)
      || (ind === p && p > 0 && (/[.;!?)]$/.test(prev.trimEnd()) || table(line) || table(prev)));
    if (starts) out.push(line); else out[out.length - 1] += " " + line.trim();
    if (starts || ind <= p) prev = line; else prev = " ".repeat(p) + line.trim();
  }
  return out.join("\n");
}

// ---------- Lobby ----------
async function lobby() {
  main.replaceChildren();
  const variants = await api("/api/variants");
  const form = el("form", { class: "panel", id: "new-game" });
  const select = (name, values, def, labels) =>
    el("label", {}, name.replace("_", " ") + " ",
      el("select", { name }, ...values.map((x, i) => el("option", { value: x, selected: x === def ? "" : null }, labels ? labels[i] : x))));
  const variantSelect = el("select", { name: "variant" }, ...variants.map((x) => el("option", { value: x.key }, x.name)));
  const optionBox = el("div", { id: "variant-options" });
  const sideBox = el("div", { id: "side-box" });
  const rulesLink = el("a", { id: "rules-link" });
  const analysisLink = el("a", { id: "analysis-link" });
  const current = () => variants.find((x) => x.key === variantSelect.value) || variants[0];
  const showVariant = () => {
    const v = current();
    // An option that is a file's text (a deck file) is a file chooser.
    optionBox.replaceChildren(...v.options.map((o) => o.name.endsWith("_file")
      ? el("label", { title: o.help }, o.name.replace("_", " ") + " ", el("input", { type: "file", name: o.name, accept: ".toml,.txt" }))
      : select(o.name, o.values, o.default)));
    sideBox.replaceChildren(select("side", [...v.seats, "random"], v.seats[0], [...v.seat_names, "Random"]));
    rulesLink.href = `/rules/${v.key}`;
    rulesLink.textContent = "Rules of " + v.name;
    analysisLink.href = `/analysis?game=${v.key}`;
    analysisLink.textContent = "Analysis board";
    seedBox.hidden = !!v.secret_seed;
  };
  variantSelect.addEventListener("change", showVariant);
  form.append(el("h2", {}, "New game"), el("label", {}, "Game ", variantSelect), optionBox);
  // A game that draws from its seed during play (52Chess) gets a secret
  // seed from the server: no seed field then.
  const seedBox = el("label", { id: "seed-box" }, "Seed ", el("input", { name: "seed", type: "number", min: "0", placeholder: "random" }));
  form.append(seedBox);
  // The clock: a time control or none (minutes + increment in seconds).
  const TIMES = ["none", "1+0", "3+2", "5+3", "10+5", "15+10", "custom"];
  const timeSelect = select("time", TIMES, "none");
  const custom = el("span", { id: "custom-time", hidden: "" },
    el("input", { name: "minutes", type: "number", min: "0.1", step: "0.1", value: "5", "aria-label": "minutes" }), " min + ",
    el("input", { name: "increment", type: "number", min: "0", step: "1", value: "3", "aria-label": "increment in seconds" }), " s");
  timeSelect.querySelector("select").addEventListener("change", (e) => { custom.hidden = e.target.value !== "custom"; });
  form.append(el("div", { id: "time-box" }, timeSelect, custom));
  form.append(select("opponent", ["engine", "friend"], "engine"));
  form.append(select("level", ["1", "2", "3", "4", "5", "6", "7", "8"], "4"));
  form.append(sideBox);
  // A nickname, kept in this browser only (no accounts).
  const nick = el("input", { name: "nickname", id: "nickname", maxlength: "20", placeholder: "optional", value: localStorage.getItem("deckmate-name") || "" });
  nick.addEventListener("change", () => localStorage.setItem("deckmate-name", nick.value.trim()));
  form.append(el("label", {}, "Your name ", nick));
  form.append(el("button", { type: "submit", id: "create" }, "Play"));
  form.append(el("button", { type: "button", id: "seek", title: "offer this game to anyone in the lobby", onclick: () => makeSeek() }, "Seek an opponent"));
  const seekBox = el("div", { id: "my-seek" });
  form.append(seekBox);
  showVariant();
  // The form's game as a request body (options, time control, name).
  const formBody = async () => {
    const f = new FormData(form);
    const v = current();
    const options = {};
    for (const o of v.options) {
      const value = f.get(o.name);
      if (o.name.endsWith("_file")) { if (value && value.size) options[o.name] = await value.text(); }
      else options[o.name] = value;
    }
    const body = { variant: v.key, options };
    const time = f.get("time");
    if (time === "custom") body.time_control = { initial_s: Number(f.get("minutes")) * 60, increment_s: Number(f.get("increment")) };
    else if (time && time !== "none") {
      const [m, inc] = time.split("+").map(Number);
      body.time_control = { initial_s: m * 60, increment_s: inc };
    }
    const name = nick.value.trim();
    localStorage.setItem("deckmate-name", name);
    if (name) body.name = name;
    return { body, f, v };
  };
  const goTo = (r) => {
    localStorage.setItem("deckmate-token-" + r.id, r.token);
    history.pushState({}, "", "/game/" + r.id);
    route();
  };
  // A seek stands while this page asks after it; it becomes a game when
  // someone accepts it.
  const makeSeek = async () => {
    const { body, f } = await formBody();
    body.seat = f.get("side") || "random";
    try {
      const s = await api("/api/seeks", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
      const cancel = el("button", { type: "button", id: "cancel-seek", onclick: async () => { clearInterval(timer); await fetch(`/api/seeks/${s.id}?token=${s.token}`, { method: "DELETE" }); seekBox.replaceChildren(); } }, "Cancel");
      seekBox.replaceChildren(el("p", { class: "waiting" }, "Waiting for an opponent\u2026 "), cancel);
      const timer = setInterval(async () => {
        if (location.pathname !== "/") { clearInterval(timer); return; }
        try {
          const st = await api(`/api/seeks/${s.id}?token=${s.token}`);
          if (!st.open) { clearInterval(timer); goTo({ id: st.game, token: st.token }); }
        } catch { clearInterval(timer); seekBox.replaceChildren(el("p", {}, "The seek lapsed.")); }
      }, 1500);
    } catch (e) { alert(e.message); }
  };
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const { body, f, v } = await formBody();
    if (f.get("seed") && !v.secret_seed) body.seed = Number(f.get("seed"));
    const side = f.get("side") === "random" ? v.seats[Math.random() < 0.5 ? 0 : 1] : f.get("side");
    body.opponent = f.get("opponent") === "friend" ? "friend" : { engine: Number(f.get("level")), seat: side };
    try {
      const r = await api("/api/games", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
      localStorage.setItem("deckmate-token-" + r.id, r.token);
      if (r.invite) localStorage.setItem("deckmate-invite-" + r.id, location.origin + r.invite);
      history.pushState({}, "", "/game/" + r.id);
      route();
    } catch (e) { alert(e.message); }
  });
  // Open seeks and games being played, live (asked again every few
  // seconds while the lobby is shown).
  const seeksPanel = el("div", { class: "panel", id: "seeks" }, el("h2", {}, "Open seeks"));
  const ongoingPanel = el("div", { class: "panel", id: "ongoing" }, el("h2", {}, "Being played"));
  const timeText = (tc) => (tc ? `${tc.initial_ms / 60000}+${tc.increment_ms / 1000}` : "no clock");
  const refresh = async () => {
    // Only while the lobby is the page shown.
    if (location.pathname !== "/") { clearInterval(live); return; }
    if (!document.body.contains(seeksPanel)) return;
    try {
      const s = await api("/api/seeks");
      seeksPanel.replaceChildren(el("h2", {}, "Open seeks"), ...(s.seeks.length ? s.seeks.map((k) => el("div", { class: "seek-line" },
        `${k.name}: ${k.title}, ${timeText(k.time_control)}, plays ${k.seat || "either side"} `,
        el("button", { class: "accept-seek", "data-seek": k.id, onclick: async () => {
          try {
            const name = (localStorage.getItem("deckmate-name") || "").trim();
            goTo(await api(`/api/seeks/${k.id}/accept`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(name ? { name } : {}) }));
          } catch (e) { alert(e.message); }
        } }, "Play"))) : [el("p", {}, "None now: make one with \u201cSeek an opponent\u201d.")]));
      const g = await api("/api/games?status=ongoing&limit=20");
      ongoingPanel.replaceChildren(el("h2", {}, "Being played"), ...(g.games.length ? g.games.map((x) => el("div", { class: "game-line" },
        el("a", { href: "/game/" + x.id }, `Watch ${x.title} ${x.id.slice(0, 6)}`), ` ${x.progress}`)) : [el("p", {}, "No game now.")]));
    } catch { /* the next round tries again */ }
  };
  const live = setInterval(refresh, 3000);
  const list = el("div", { class: "panel", id: "games" }, el("h2", {}, "Games"));
  // The list comes a page at a time, newest first.
  const more = async (cursor) => {
    const page = await api("/api/games?limit=30" + (cursor ? "&before=" + encodeURIComponent(cursor) : ""));
    if (!cursor && !page.games.length && !page.next) list.append(el("p", {}, "No games yet."));
    for (const g of page.games) {
      const status = g.result ? `${g.result} (${g.reason})` : `${g.progress}, ${g.to_move_name} to play`;
      list.append(el("div", { class: "game-line" }, el("a", { href: "/game/" + g.id }, `${g.title} ${g.id.slice(0, 6)}`), ` vs ${g.opponent}: ${status}`));
    }
    if (page.next) {
      const b = el("button", { id: "more-games", onclick: () => { b.remove(); more(page.next); } }, "More games");
      list.append(b);
    }
  };
  await more(null);
  main.append(el("div", { class: "lobby" }, form, el("div", {}, seeksPanel, ongoingPanel, list), el("p", {}, rulesLink, " \u00b7 ", analysisLink)));
  refresh();
}

// ---------- Game ----------
let ws = null;
function gamePage(id) {
  if (location.hash.length > 1) {
    localStorage.setItem("deckmate-token-" + id, location.hash.slice(1));
    history.replaceState({}, "", "/game/" + id);
  }
  const token = localStorage.getItem("deckmate-token-" + id);
  const state = { id, token, view: null, shown: null, flipped: null, selected: null, sacMode: false, sacCard: null, arrangement: null };
  main.replaceChildren(el("div", { class: "game" },
    boardWrap("play", (t) => sendMove(state, t)),
    el("div", { class: "side panel" },
      el("div", { id: "players" }), el("div", { id: "clocks" }), el("div", { id: "drawn" }), el("div", { id: "card-view" }), el("dl", { id: "facts" }), el("div", { id: "scores" }), el("div", { id: "invite" }),
      el("div", { class: "buttons" },
        el("button", { id: "first", title: "start", onclick: () => step(state, 0) }, "|\u25c0"),
        el("button", { id: "prev", title: "back", onclick: () => step(state, (state.shown ?? state.view.plies) - 1) }, "\u25c0"),
        el("button", { id: "next", title: "forward", onclick: () => step(state, (state.shown ?? state.view.plies) + 1) }, "\u25b6"),
        el("button", { id: "last", title: "now", onclick: () => step(state, null) }, "\u25b6|"),
        el("button", { id: "flip", onclick: () => { state.flipped = !state.flipped; draw(state); } }, "Flip")),
      el("div", { id: "moves" }),
      el("div", { id: "chat" }),
      el("div", { class: "buttons" }, soundToggle()),
      el("div", { class: "buttons" },
        el("button", { id: "resign", onclick: (e) => {
          // Two clicks: the first asks.
          const b = e.currentTarget;
          if (b.dataset.armed === "1") { b.dataset.armed = ""; b.textContent = "Resign"; act(state, "resign"); return; }
          b.dataset.armed = "1"; b.textContent = "Really resign?";
          setTimeout(() => { b.dataset.armed = ""; b.textContent = "Resign"; }, 4000);
        } }, "Resign"),
        el("button", { id: "draw", onclick: (e) => {
          // An offer is confirmed by a second click.
          const b = e.currentTarget;
          if (b.dataset.armed === "1") { b.dataset.armed = ""; b.textContent = "Offer draw"; act(state, "draw"); return; }
          b.dataset.armed = "1"; b.textContent = "Really offer a draw?";
          setTimeout(() => { b.dataset.armed = ""; b.textContent = "Offer draw"; }, 4000);
        } }, "Offer draw"),
        el("button", { id: "takeback", title: "take back your last move (and the reply to it)", onclick: () => act(state, "takeback") }, "Takeback"),
        el("button", { id: "rematch", hidden: "", onclick: () => rematch(state) }, "Rematch"),
        el("a", { href: `/api/games/${id}/record`, id: "download", onclick: (e) => {
          // While the record is withheld (a secret still to come), say why
          // here rather than leave the game for an error.
          const why = state.view && state.view.record_withheld;
          if (why) { e.preventDefault(); status("No record yet: " + why); }
        } }, "Download record"),
        el("a", { href: `/analysis?from=${id}`, id: "analyse", hidden: "" }, "Analyse"),
        el("a", { href: "/api/variants", target: "_blank", id: "rules" }, "Rules")))));
  // The invite stays until the friend has come (the view says so).
  const invite = localStorage.getItem("deckmate-invite-" + id);
  if (invite) document.getElementById("invite").append("Invite a friend: ", el("input", { readonly: "", value: invite, id: "invite-link", "aria-label": "invite link for the other player", onclick: (e) => e.target.select() }));
  connect(state);
}

// The board's side of a page with a board (a game, the analysis board):
// the status, a move box (`verb`: "play" or "try") that sends a text typed
// in the game's notation, completed from the legal moves, and the places
// the renderer draws into.
function boardWrap(verb, send) {
  const submit = (e) => { e.preventDefault(); const i = document.getElementById("move-input"); const t = i.value.trim(); if (t) { i.value = ""; send(t); } };
  return el("div", { class: "board-wrap" },
    el("div", { class: "status-bar" }, el("div", { id: "status", role: "status" }),
      el("form", { id: "move-form", onsubmit: submit },
        el("input", { id: "move-input", list: "move-list", autocomplete: "off", placeholder: verb === "play" ? "type a move" : "try a move", "aria-label": `${verb === "play" ? "type" : "try"} a move in the game's notation` }),
        el("datalist", { id: "move-list" }),
        el("button", { type: "submit" }, verb === "play" ? "Play" : "Try")),
      el("div", { id: "offers" }), el("div", { id: "promo" }), el("div", { id: "free-moves" })),
    el("div", { id: "arrange" }), el("div", { id: "board" }), el("div", { id: "hands" }), el("div", { id: "zones" }));
}

// A nickname kept in this browser goes to the seat that has none yet.
async function sendName(state) {
  const name = (localStorage.getItem("deckmate-name") || "").trim();
  const v = state.view;
  if (!name || state.named || !v || v.you === null || v.you === undefined) return;
  state.named = true;
  if (v.seats[v.you].player !== "Player") return;
  try { await api(`/api/games/${state.id}/name`, { method: "POST", headers: { "Content-Type": "application/json", Authorization: "Bearer " + state.token }, body: JSON.stringify({ name }) }); } catch { /* shown as Player */ }
}

// A game id the server does not know: a message, nothing live.
function noSuchGame(state) {
  const old = ws;
  ws = null;
  if (old) old.close();
  main.replaceChildren(el("div", { class: "panel", id: "no-game" },
    el("h2", {}, "No such game"),
    el("p", {}, `There is no game '${state.id}' on this server.`),
    el("p", {}, el("a", { href: "/" }, "Back to the lobby"))));
}

function connect(state) {
  if (ws) ws.close();
  const proto = location.protocol === "https:" ? "wss" : "ws";
  // The seat's token travels as a subprotocol, not in the address.
  const url = `${proto}://${location.host}/api/games/${state.id}/ws`;
  const sock = new WebSocket(url, state.token ? ["deckmate", "token." + state.token] : ["deckmate"]);
  ws = sock;
  sock.onmessage = (m) => {
    const before = state.view ? state.view.plies : -1;
    state.view = JSON.parse(m.data);
    state.clockAt = performance.now();
    // A rematch made while this page shows the game: go there.
    const rm = state.view.rematch;
    if (state.rematchSeen === undefined) state.rematchSeen = rm ? rm.id : null;
    else if (rm && rm.id !== state.rematchSeen && rm.token) { goToRematch(rm); return; }
    sendName(state);
    if (state.view.plies !== before) { state.sacMode = false; state.sacCard = null; clearChoices(); }
    if (state.flipped === null) state.flipped = state.view.you === 1;
    if (state.shown !== null && state.shown >= state.view.plies) state.shown = null;
    if (state.shown === null) { state.pastView = null; draw(state); }
  };
  sock.onopen = () => { state.offline = false; state.retries = 0; };
  sock.onclose = async () => {
    if (ws !== sock) return;
    // A game that does not exist: say so and stop; else the connection is
    // lost: say so, take no move, and try again.
    try {
      const r = await fetch(`/api/games/${state.id}`);
      if (r.status === 404) { noSuchGame(state); return; }
    } catch { /* the server is down */ }
    if (ws !== sock) return;
    state.offline = true;
    const wait = reconnectDelay(state.retries || 0);
    state.retries = (state.retries || 0) + 1;
    state.retryAt = Date.now() + wait;
    if (state.view) draw(state);
    setTimeout(() => { if (ws === sock) connect(state); }, wait);
  };
}

// How long to wait before the next try to reconnect, after `tries` failed
// ones: 1 s, then doubling up to 30 s, each with a random part (a half to
// the whole of it) so that many pages do not come back all at once.
function reconnectDelay(tries) {
  const full = Math.min(30000, 1000 * 2 ** Math.min(tries, 5));
  return Math.round(full * (0.5 + Math.random() / 2));
}

async function step(state, ply) {
  if (!state.view) return;
  if (ply !== null && (ply < 0 || ply >= state.view.plies)) ply = ply < 0 ? 0 : null;
  state.shown = ply;
  state.selected = null;
  state.pastView = ply === null ? null : await api(`/api/games/${state.id}?ply=${ply}`);
  draw(state);
}

async function act(state, what) {
  try { await api(`/api/games/${state.id}/${what}`, { method: "POST", headers: { Authorization: "Bearer " + state.token } }); }
  catch (e) { status(e.message); }
}

// A rematch is offered once the game is over, or the other's offer
// accepted (against the engine it is made at once); when it is made both
// pages go to it (its view comes over each page's socket).
async function rematch(state) {
  try {
    const v = await api(`/api/games/${state.id}/rematch`, { method: "POST", headers: { Authorization: "Bearer " + state.token } });
    if (v.rematch && v.rematch.token) goToRematch(v.rematch);
  } catch (e) { status(e.message); }
}

// The new game of a rematch, with this seat's token in it.
function goToRematch(rm) {
  if (location.pathname === "/game/" + rm.id) return;
  localStorage.setItem("deckmate-token-" + rm.id, rm.token);
  history.pushState({}, "", "/game/" + rm.id);
  route();
}

function status(text) { document.getElementById("status").textContent = text; }
function clearChoices() { const b = document.getElementById("promo"); if (b) b.replaceChildren(); }

async function sendMove(state, text) {
  // The analysis board plays on itself, not in a game.
  if (state.play) return state.play(text);
  if (state.offline) { status("The connection is lost: reconnecting\u2026 (the move was not sent)"); return; }
  state.selected = null;
  state.sacMode = false;
  state.sacCard = null;
  clearChoices();
  try {
    // The move's number: a request sent twice never plays twice.
    const ply = state.view.plies + 1;
    await api(`/api/games/${state.id}/moves`, { method: "POST", headers: { "Content-Type": "application/json", Authorization: "Bearer " + state.token }, body: JSON.stringify({ move: text, ply }) });
  } catch (e) { status((e.status === 400 ? "Illegal move: " : "Not played: ") + e.message); }
}

// One click may fit several moves (a promotion, a Queen's Privilege): then
// the player picks by the moves' `choice` labels.
function chooseAmong(state, options, question) {
  if (options.length === 1) return sendMove(state, options[0].text);
  if (options.length > 1) {
    document.getElementById("promo").replaceChildren(question + " ",
      ...options.map((m) => el("button", { class: "promo-choice", onclick: () => sendMove(state, m.text) }, m.choice || m.text)));
  }
}

function chooseMove(state, from, to) {
  const options = state.view.moves.filter((m) => m.from === from && m.to === to);
  const b = state.view.board || {};
  chooseAmong(state, options, b.choice_question || "Promote the One?");
}

// ---- cards in zones ----
// A playing card of a card game: its face in the suit's colour, the piece's
// symbol, its letter in the corners.
function cardSvg(c, cls = "") {
  const s = svgEl("svg", { viewBox: "0 0 60 84", class: `pcard suit-${c.colour} ${cls}`, "data-card": c.id, role: "img", "aria-label": c.name });
  s.append(svgEl("rect", { x: 1.5, y: 1.5, width: 57, height: 81, rx: 6, class: "face" }));
  s.append(svgEl("rect", { x: 5, y: 5, width: 50, height: 74, rx: 4, class: "inner" }));
  s.append(svgText({ x: 9, y: 19, class: "corner" }, c.rank));
  s.append(svgText({ x: 9, y: 19, class: "corner", transform: "rotate(180 30 42)" }, c.rank));
  s.append(svgText({ x: 30, y: 55, class: "symbol" }, c.symbol));
  if (c.privilege) s.append(svgText({ x: 50, y: 19, class: "star" }, "\u2605"));
  return s;
}

// What a click on a card can do now: the ids of the clickable cards.
function clickableCards(state, v) {
  if (state.pastView || v.you === null || v.to_move !== v.you) return new Set();
  const ms = v.moves.filter((m) => m.card !== undefined);
  if (state.sacMode && !state.sacCard) return new Set(ms.filter((m) => m.sacrifice).map((m) => m.sacrifice));
  const sac = state.sacMode ? state.sacCard : null;
  return new Set(ms.filter((m) => (m.sacrifice || null) === sac).map((m) => m.card));
}

function clickCard(state, id) {
  const v = state.view;
  if (!clickableCards(state, v).has(id)) return;
  if (state.sacMode && !state.sacCard) { state.sacCard = id; clearChoices(); draw(state); return; }
  const sac = state.sacMode ? state.sacCard : null;
  const options = v.moves.filter((m) => m.card === id && (m.sacrifice || null) === sac);
  chooseAmong(state, options, "Lead it with the Queen's Privilege?");
}

function drawZones(state, v) {
  const box = document.getElementById("zones");
  const zones = v.zones || [];
  if (!zones.length) { box.replaceChildren(); box.className = ""; return; }
  const mine = !state.pastView && v.you !== null && v.to_move === v.you;
  box.className = "felt" + (mine ? " your-turn" : "");
  const live = !state.pastView;
  const clickable = clickableCards(state, v);
  const bottom = state.flipped ? 1 : 0;
  const row = (owner) => el("div", { class: "zone-row" + (owner === bottom ? " mine" : "") + (owner === null ? " middle" : "") },
    ...zones.filter((z) => z.owner === owner).map((z) => zoneEl(z)));
  const zoneEl = (z) => {
    const cards = el("div", { class: "cards" });
    for (const c of z.cards) {
      const cls = [];
      if (live && clickable.has(c.id) && z.owner === v.you) cls.push("playable");
      if (state.sacCard === c.id && z.owner === v.you) cls.push("sacrificing");
      if (c.again) cls.push("again");
      const svg = cardSvg(c, cls.join(" "));
      const wrap = el("div", { class: "card-slot" }, svg);
      if (c.caption) wrap.append(el("div", { class: "caption" }, c.caption + (c.privilege ? " *" : "")));
      if (c.again) wrap.append(el("div", { class: "caption" }, "again"));
      if (cls.includes("playable")) {
        svg.setAttribute("tabindex", "0");
        svg.addEventListener("click", () => clickCard(state, c.id));
        svg.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); clickCard(state, c.id); } });
      }
      cards.append(wrap);
    }
    if (!z.cards.length) cards.append(el("div", { class: "empty" }, z.kind === "pile" ? "none" : "\u2014"));
    const name = z.name + (z.owner !== null && z.owner === v.you ? " (you)" : "");
    return el("section", { class: `zone kind-${z.kind}`, "data-zone": z.id },
      el("div", { class: "zone-name" }, name), cards, z.note ? el("div", { class: "zone-note" }, z.note) : null);
  };
  const parts = [row(1 - bottom), row(null), row(bottom)];
  // The sacrifice toggle, under the player's own hand.
  const canSac = live && v.you !== null && v.to_move === v.you && v.moves.some((m) => m.sacrifice);
  if (canSac) {
    const label = state.sacMode ? (state.sacCard ? `Cancel sacrifice of ${state.sacCard}` : "Cancel sacrifice") : "Sacrifice a card first";
    parts.push(el("div", { class: "zone-tools" }, el("button", {
      id: "sacrifice-mode", class: state.sacMode ? "on" : "",
      onclick: () => { state.sacMode = !state.sacMode; state.sacCard = null; clearChoices(); draw(state); },
    }, label)));
  }
  box.replaceChildren(...parts);
}

// ---- a board with pieces ----
function drawBoard(state, v) {
  const host = document.getElementById("board");
  const b = v.board;
  const fresh = freshMove(state, v);
  if (!b) { host.replaceChildren(); return; }
  const live = !state.pastView;
  // A game's board (or the analysis board) is one tab stop, played from
  // the keyboard too.
  const keys = live && (state.id || state.play);
  const S = 60;
  const W = b.files * S, H = b.ranks * S;
  const svg = svgEl("svg", keys
    ? { viewBox: `-24 -8 ${W + 32} ${H + 32}`, id: "board-svg", tabindex: 0, role: "application", "aria-label": "board, use arrow keys to move over squares, Enter to pick and drop, Escape to put back" }
    : { viewBox: `-24 -8 ${W + 32} ${H + 32}`, id: "board-svg", role: "img", "aria-label": "board" });
  // A board much taller than wide (52Chess's 4x13) fits the window's height.
  if (b.ranks >= 2 * b.files) svg.setAttribute("class", "tall");
  const grid = boardGrid(state, b);
  const pos = (name) => grid.xy(name).map((c) => c * S);
  const name = (f, r) => String.fromCharCode(97 + f) + (r + b.rank_base);
  const zoneOf = {};
  for (const z of b.regions || []) for (const s of z.squares) zoneOf[s] = z.name;
  const last = v.last ? [v.last.from, v.last.to] : [];
  const targets = new Set(state.selected && live ? v.moves.filter((m) => m.from === state.selected).map((m) => m.to) : []);
  // Holes (a board's missing squares) are not drawn: the page shows through
  // them, inside a thin frame around the board.
  if (b.holes.length) svg.append(svgEl("rect", { x: -3, y: -3, width: W + 6, height: H + 6, rx: 4, class: "board-frame" }));
  for (let f = 0; f < b.files; f++) for (let r = 0; r < b.ranks; r++) {
    const n = name(f, r);
    if (b.holes.includes(n)) continue;
    const [x, y] = pos(n);
    // A board with holes (Cuarenta) draws its squares in one colour, so
    // the holes read as no squares, not as a checkerboard's.
    let cls = b.holes.length ? "light" : (f + r) % 2 ? "light" : "dark";
    if (zoneOf[n]) cls += " zone";
    if (last.includes(n)) cls += " last";
    if (n === state.selected) cls += " selected";
    if (live && n === v.check_square) cls += " check";
    if ((b.marked || []).includes(n)) cls += " marked";
    svg.append(svgEl("rect", { x, y, width: S, height: S, class: "sq " + cls, "data-square": n }));
  }
  // Marked squares (the square a drawn card names) get a ring on top.
  for (const n of b.marked || []) {
    const [x, y] = pos(n);
    svg.append(svgEl("rect", { x: x + 3, y: y + 3, width: S - 6, height: S - 6, rx: 6, class: "mark-ring" }));
  }
  if (b.midline) {
    const my = (state.flipped ? b.midline : b.ranks - b.midline) * S;
    svg.append(svgEl("line", { x1: 0, y1: my, x2: W, y2: my, class: "midline" }));
  }
  for (let f = 0; f < b.files; f++) {
    const [x] = pos(name(f, 0));
    svg.append(svgText({ x: x + S / 2, y: H + 18, class: "coord" }, String.fromCharCode(97 + f)));
  }
  for (let r = 0; r < b.ranks; r++) {
    const [, y] = pos(name(0, r));
    svg.append(svgText({ x: -12, y: y + S / 2 + 5, class: "coord" }, r + b.rank_base));
  }
  for (const p of v.pieces) {
    const [x, y] = pos(p.square);
    if (b.piece_style === "disc") {
      // A chess piece: its letter in a disc, White light and Black dark.
      const g = svgEl("g", { class: `card disc owner${p.owner}`, "data-card": p.label, "data-square": p.square, role: "img", "aria-label": `${p.label}, on ${p.square}` });
      g.append(svgEl("circle", { cx: x + S / 2, cy: y + S / 2, r: S / 2 - 7, class: "face" }));
      g.append(svgText({ x: x + S / 2, y: y + S / 2 + 8, class: "label" }, p.symbol));
      const t = svgEl("title"); t.textContent = p.label; g.append(t);
      // A piece with a reference card (Dealer's Chess) shows it on hover
      // and when selected.
      if (p.card) {
        g.addEventListener("pointerenter", () => showCard(p.card, p.label));
        if (p.square === state.selected) showCard(p.card, p.label);
      }
      svg.append(g);
      continue;
    }
    // When a capture is compulsory, the cards that must capture are marked.
    const must = live && v.compulsory && v.you === v.to_move && v.moves.some((m) => m.from === p.square);
    const g = svgEl("g", { class: `card owner${p.owner}` + (p.red ? " red" : "") + (must ? " must" : ""), "data-card": p.label, "data-square": p.square, role: "img", "aria-label": `${pieceName(p, v)}, on ${p.square}` + (must ? ", must capture" : "") });
    const up = (p.owner === 0) !== state.flipped;
    g.append(svgEl("rect", { x: x + 6, y: y + 4, width: S - 12, height: S - 8, rx: 6, class: "face" }));
    g.append(svgEl("path", { d: up ? `M${x + 22} ${y + 10} L${x + 30} ${y + 4} L${x + 38} ${y + 10}` : `M${x + 22} ${y + S - 10} L${x + 30} ${y + S - 4} L${x + 38} ${y + S - 10}`, class: "wedge" }));
    const label = p.symbol || ((p.rank === "X" ? "10" : p.rank) + (SUITS[p.suit] || p.suit || ""));
    g.append(svgText({ x: x + S / 2, y: y + S / 2 + 7, class: "label" }, label));
    svg.append(g);
  }
  // Targets on top of everything, so a capture target can be clicked.
  for (const n of targets) {
    const [x, y] = pos(n);
    const occupied = v.pieces.some((p) => p.square === n);
    const c = occupied
      ? svgEl("circle", { cx: x + S / 2, cy: y + S / 2, r: S / 2 - 3, class: "target capture", "data-target": n })
      : svgEl("circle", { cx: x + S / 2, cy: y + S / 2, r: 11, class: "target", "data-target": n });
    // A target that castles says so.
    const castle = v.moves.find((m) => m.from === state.selected && m.to === n && m.castling);
    if (castle) { const t = svgEl("title"); t.textContent = castle.choice || castle.text; c.append(t); c.setAttribute("class", "target castle"); }
    svg.append(c);
    if (castle) svg.append(svgText({ x: x + S / 2, y: y + S - 3, class: "castle-label" }, castle.choice || "O-O"));
  }
  if (fresh && fresh.slide) slide(svg, pos, fresh);
  if (keys) {
    // The keyboard's cursor: a ring, shown while the board has the focus.
    if (!state.cursor || !grid.at(...grid.xy(state.cursor))) state.cursor = startSquare(v, grid);
    const [x, y] = pos(state.cursor);
    svg.append(svgEl("rect", { x: x + 2, y: y + 2, width: S - 4, height: S - 4, rx: 4, class: "cursor-ring", "data-cursor": state.cursor }));
    svg.addEventListener("keydown", (ev) => boardKey(state, v, grid, ev));
    // A click leaves the focus off the board (the arrow keys then step
    // through the moves), unless the board had it.
    svg.addEventListener("mousedown", (ev) => { if (document.activeElement !== svg) { ev.preventDefault(); document.activeElement?.blur(); } });
    sayBox();
  }
  svg.addEventListener("click", (ev) => {
    if (!live) return;
    const sqEl = ev.target.closest("[data-square],[data-target]");
    if (!sqEl) return;
    pickOrDrop(state, v, sqEl.getAttribute("data-target") || sqEl.getAttribute("data-square"));
  });
  if (live) dragPieces(state, v, svg, pos);
  // The focus stays on the board redrawn (and comes back to it after a
  // promotion chosen by its button).
  const focused = document.activeElement && document.activeElement.id === "board-svg";
  host.replaceChildren(svg);
  if (keys && (focused || (state.refocus && !document.querySelector(".promo-choice")))) { state.refocus = false; svg.focus({ preventScroll: true }); }
  drawFreeMoves(state, v);
}

// A click (or Enter) on square n: drops the piece picked there when it may
// go there, else picks the piece on n, or puts the picked one back.
function pickOrDrop(state, v, n) {
  state.cursor = n;
  state.cursorX = null;
  if (state.selected && v.moves.some((m) => m.from === state.selected && m.to === n)) return chooseMove(state, state.selected, n);
  state.selected = v.moves.some((m) => m.from === n) ? n : null;
  clearChoices();
  draw(state);
  // A card of one's own that may not move now: say why.
  const mine = v.you !== null && v.to_move === v.you && v.pieces.some((p) => p.square === n && p.owner === v.you);
  if (mine && !state.selected) {
    status(v.compulsory ? "A same-suit capture is compulsory: play one of the marked cards" : "That piece has no legal move now");
  }
}

// A piece in words: a card by its rank and suit, and whose it is.
const RANK_WORDS = { X: "Ten", J: "Jack", Q: "Queen", K: "King", A: "Ace" };
const SUIT_WORDS = { C: "Clubs", D: "Diamonds", H: "Hearts", S: "Spades" };
function pieceName(p, v) {
  if (!SUIT_WORDS[p.suit]) return p.label;
  const rank = RANK_WORDS[p.rank] || "One Two Three Four Five Six Seven Eight Nine".split(" ")[p.rank - 1] || p.rank;
  return `${rank} of ${SUIT_WORDS[p.suit]}, ${v.seats[p.owner].name}'s`;
}

// Where a board's squares are on screen, counted in squares from the top
// left (a flipped board turned round): `xy(name)`, and `at(x, y)`, the
// square there (null off the board or on a hole).
function boardGrid(state, b) {
  const flip = state.flipped;
  return {
    xy: (n) => { const f = n.charCodeAt(0) - 97, r = Number(n.slice(1)) - b.rank_base; return flip ? [b.files - 1 - f, r] : [f, b.ranks - 1 - r]; },
    at: (x, y) => {
      if (x < 0 || y < 0 || x >= b.files || y >= b.ranks) return null;
      const n = String.fromCharCode(97 + (flip ? b.files - 1 - x : x)) + ((flip ? y : b.ranks - 1 - y) + b.rank_base);
      return b.holes.includes(n) ? null : n;
    },
  };
}

// Where the keyboard's cursor starts: on a piece of the player's that can
// move (or any of his), else the square nearest the centre.
function startSquare(v, grid) {
  const own = v.pieces.filter((p) => p.owner === v.you);
  const p = own.find((q) => v.moves.some((m) => m.from === q.square)) || own[0];
  if (p) return p.square;
  let best = null, d = Infinity;
  for (let x = 0; x < v.board.files; x++) for (let y = 0; y < v.board.ranks; y++) {
    const e = Math.abs(x - (v.board.files - 1) / 2) + Math.abs(y - (v.board.ranks - 1) / 2);
    if (grid.at(x, y) && e < d) { best = grid.at(x, y); d = e; }
  }
  return best;
}

// The cursor one step on screen: left and right to the next square of the
// row, up and down to the nearest square of the next row with any, near
// the column last gone to (on a board with holes it zigzags).
function cursorStep(state, v, grid, dx, dy) {
  let [x, y] = grid.xy(state.cursor);
  if (dx) {
    for (x += dx; x >= 0 && x < v.board.files; x += dx) if (grid.at(x, y)) { state.cursorX = x; return grid.at(x, y); }
    return state.cursor;
  }
  const goal = state.cursorX ?? x;
  for (y += dy; y >= 0 && y < v.board.ranks; y += dy) {
    let best = null;
    for (let i = 0; i < v.board.files; i++) if (grid.at(i, y) && (best === null || Math.abs(i - goal) < Math.abs(best - goal))) best = i;
    if (best !== null) return grid.at(best, y);
  }
  return state.cursor;
}

// The board's keys: arrows move the cursor, Enter or Space picks the piece
// under it or drops the picked one there, Escape puts it back; each said.
function boardKey(state, v, grid, ev) {
  const step = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[ev.key];
  const n = state.cursor, from = state.selected;
  const goes = (f) => f && v.moves.some((m) => m.from === f && m.to === state.cursor);
  let said = null;
  if (step) {
    state.cursor = cursorStep(state, v, grid, ...step);
    if (state.cursor !== n) drawBoard(state, v);
  } else if (ev.key === "Enter" || ev.key === " ") {
    if (goes(from)) said = `${from} to ${n}`;
    pickOrDrop(state, v, n);
    // A promotion's question: its buttons take the focus, and give it back.
    const choice = document.querySelector(".promo-choice");
    if (choice) { choice.focus(); state.refocus = true; }
  } else if (ev.key === "Escape" && from) {
    state.selected = null;
    drawBoard(state, v);
  } else return;
  ev.preventDefault();
  const p = v.pieces.find((q) => q.square === state.cursor);
  say(said || `${state.cursor}: ${p ? pieceName(p, v) : "empty"}` +
    (state.selected === state.cursor ? ", picked" : goes(state.selected) ? `, ${state.selected} can go here` : ""));
}

// What the board's keys did, said politely to screen readers from a
// visually hidden region beside the board (there before it speaks).
function sayBox() {
  let box = document.getElementById("board-say");
  if (!box) document.getElementById("board").after(box = el("div", { id: "board-say", class: "sr-only", "aria-live": "polite" }));
  return box;
}
function say(text) { sayBox().textContent = text; }

// A piece dragged follows the pointer and drops on a target, or goes back;
// a press and release without moving stays a click.
function dragPieces(state, v, svg, pos) {
  let d = null;
  const at = (ev) => new DOMPoint(ev.clientX, ev.clientY).matrixTransform(svg.getScreenCTM().inverse());
  svg.addEventListener("pointerdown", (ev) => {
    const g = ev.button === 0 && ev.target.closest(".card");
    const from = g && g.getAttribute("data-square");
    d = from && v.moves.some((m) => m.from === from) ? { g, from, id: ev.pointerId, x: ev.clientX, y: ev.clientY, p: at(ev), moved: false } : null;
  });
  svg.addEventListener("pointermove", (ev) => {
    if (!d || ev.pointerId !== d.id || (!d.moved && Math.hypot(ev.clientX - d.x, ev.clientY - d.y) < 4)) return;
    if (!d.moved) { d.moved = true; svg.setPointerCapture(ev.pointerId); d.g.classList.add("dragging"); svg.append(d.g); }
    const p = at(ev);
    d.g.setAttribute("transform", `translate(${p.x - d.p.x} ${p.y - d.p.y})`);
  });
  const end = (ev) => {
    if (!d || ev.pointerId !== d.id) return;
    const { g, from, moved } = d;
    d = null;
    if (!moved) return;
    const hit = ev.type === "pointerup" && document.elementFromPoint(ev.clientX, ev.clientY);
    g.classList.remove("dragging");
    const sq = hit && hit.closest("[data-square],[data-target]");
    const n = sq && (sq.getAttribute("data-target") || sq.getAttribute("data-square"));
    if (!n || n === from || !v.moves.some((m) => m.from === from && m.to === n)) { g.removeAttribute("transform"); return; }
    const [[fx, fy], [tx, ty]] = [pos(from), pos(n)];
    g.setAttribute("transform", `translate(${tx - fx} ${ty - fy})`);
    state.dropped = from + n;
    chooseMove(state, from, n);
  };
  svg.addEventListener("pointerup", end);
  svg.addEventListener("pointercancel", end);
}

// A move new since the board was last drawn (a view come live, not one
// stepped to): clicks if the sound is on, and says whether the piece
// slides (not for a piece dropped there, nor with reduced motion).
function freshMove(state, v) {
  const seen = state.seen;
  state.seen = state.pastView ? null : v;
  if (!seen || state.pastView || v.plies <= seen.plies) return null;
  const last = v.last || {};
  const capture = (seen.pieces || []).some((p) => p.square === last.to) || /[x:]/.test((v.history || [])[v.plies - 1] || "");
  moveSound(capture);
  const dropped = state.dropped === last.from + last.to;
  state.dropped = null;
  const slide = last.from && last.to && !dropped && !matchMedia("(prefers-reduced-motion: reduce)").matches;
  return { ...last, slide };
}

// The piece moved slides from its square to its new one.
function slide(svg, pos, m) {
  const g = svg.querySelector(`g.card[data-square="${m.to}"]`);
  if (!g || !g.animate) return;
  const [[fx, fy], [tx, ty]] = [pos(m.from), pos(m.to)];
  g.animate([{ transform: `translate(${fx - tx}px, ${fy - ty}px)` }, { transform: "none" }], { duration: 180, easing: "ease-out" });
}

// ---- sound: a short click on each move, off unless switched on ----
// The AudioContext is made only once the page has had a user's gesture.
let audio = null;
const soundOn = () => localStorage.getItem("deckmate-sound") === "1";
function soundToggle() {
  const b = el("button", { id: "sound", type: "button", "aria-pressed": String(soundOn()), title: "a click on each move" }, "Sound");
  b.addEventListener("click", () => { localStorage.setItem("deckmate-sound", soundOn() ? "0" : "1"); b.setAttribute("aria-pressed", String(soundOn())); });
  return b;
}
function moveSound(capture) {
  if (!soundOn() || !window.AudioContext || !(audio || !navigator.userActivation || navigator.userActivation.hasBeenActive)) return;
  audio = audio || new AudioContext();
  if (audio.state === "suspended") audio.resume();
  const t = audio.currentTime, osc = audio.createOscillator(), gain = audio.createGain();
  osc.type = capture ? "square" : "triangle";
  osc.frequency.value = capture ? 330 : 660;
  gain.gain.setValueAtTime(0.15, t);
  gain.gain.exponentialRampToValueAtTime(0.001, t + 0.09);
  osc.connect(gain).connect(audio.destination);
  osc.start(t);
  osc.stop(t + 0.1);
}

// Moves with nothing to click on the board or in a zone (a pass): buttons.
function drawFreeMoves(state, v) {
  const box = document.getElementById("free-moves");
  const mine = !state.pastView && v.you !== null && v.to_move === v.you;
  const free = mine ? v.moves.filter((m) => !m.from && !m.to && m.card === undefined) : [];
  box.replaceChildren(...free.map((m) => el("button", { class: "free-move", onclick: () => sendMove(state, m.text) }, m.choice || m.text)));
}

// The card drawn for the move to come (a game of chance): turned over as
// it comes, its square named.
function drawDrawn(state, v) {
  const box = document.getElementById("drawn");
  const dc = v.drawn_card;
  if (!dc) { box.replaceChildren(); box.dataset.key = ""; return; }
  const key = `${dc.ply}-${dc.name}-${state.pastView ? "past" : "live"}`;
  if (box.dataset.key === key) return;
  box.dataset.key = key;
  const colour = dc.suit === "H" || dc.suit === "D" ? "red" : "black";
  const card = cardSvg({ id: dc.name, name: `${dc.name}: square ${dc.square}`, colour, rank: dc.rank, symbol: SUITS[dc.suit] || dc.suit }, "turned");
  box.replaceChildren(el("div", { class: "drawn-label" }, "Card drawn"),
    el("div", { class: "card-turn" }, card),
    el("div", { class: "drawn-square" }, `${dc.name} \u2192 ${dc.square}`));
}

function drawSide(state, v) {
  const live = !state.pastView;
  const names = v.seats.map((s) => s.name);
  let st;
  if (v.result && live) st = `${v.result.result}: ${v.result.reason}`;
  else if (!live) st = `Viewing after ply ${v.ply} of ${v.plies}`;
  else if (v.to_move !== null) {
    if (state.sacMode && v.to_move === v.you) st = state.sacCard ? `Sacrificing ${state.sacCard}: now choose the card to play` : "Choose the card to sacrifice";
    else if (v.prompt) st = v.prompt;
    else st = `${names[v.to_move]} to play` + (v.you === v.to_move ? " (you)" : "") + (v.compulsory ? " \u2014 a same-suit capture is compulsory" : "");
    if (v.engine && v.engine.seat === v.to_move) st += " \u2014 thinking\u2026";
  } else st = v.prompt || "";
  const drawOffer = live && !v.result && v.draw_offer !== null && v.draw_offer !== undefined ? v.draw_offer : null;
  if (drawOffer !== null) st += drawOffer === v.you ? " \u2014 you offered a draw" : ` \u2014 ${names[drawOffer]} offers a draw`;
  else if (live && !v.result && v.draw_declined !== null && v.draw_declined !== undefined) {
    st += v.draw_declined === v.you ? " \u2014 you declined the draw" : ` \u2014 ${v.engine && v.engine.seat === v.draw_declined ? "the engine" : names[v.draw_declined]} declined the draw`;
  }
  const rmOffer = v.result && !v.rematch && v.rematch_offer !== null && v.rematch_offer !== undefined ? v.rematch_offer : null;
  // After the end the players are named (a rematch swaps the seats).
  const who = (i) => (v.seats[i].player && v.seats[i].player !== "Player" ? v.seats[i].player : names[i]);
  if (rmOffer !== null) st += rmOffer === v.you ? " \u2014 you offered a rematch" : ` \u2014 ${who(rmOffer)} offers a rematch`;
  else if (v.result && !v.rematch && v.rematch_declined !== null && v.rematch_declined !== undefined && v.rematch_declined !== v.you) st += ` \u2014 ${who(v.rematch_declined)} declined a rematch`;
  if (state.offline) {
    const secs = Math.max(1, Math.round(((state.retryAt || Date.now()) - Date.now()) / 1000));
    st = `The connection to the server is lost: reconnecting in ${secs} s\u2026`;
  }
  // Buttons that cannot work are not offered: a spectator has none of a
  // seat's; a finished game takes no resignation, draw or takeback.
  const seat = v.you !== null && v.you !== undefined;
  // A draw is offered once (the other answers); a rematch exists only
  // once the game is over.
  for (const [id, show, enabled] of [
    ["resign", seat, !v.result], ["draw", seat, !v.result && drawOffer === null], ["takeback", seat, !v.result],
    ["rematch", seat && !!v.result, !v.rematch && rmOffer !== v.you]]) {
    const b = document.getElementById(id);
    if (b) { b.hidden = !show; b.disabled = !enabled; }
  }
  const rb = document.getElementById("rematch");
  if (rb) rb.textContent = rmOffer !== null && rmOffer !== v.you ? "Accept rematch" : rmOffer === v.you ? "Rematch offered" : "Rematch";
  // The record: withheld while a secret is to come, and said why.
  const dl = document.getElementById("download");
  if (dl) {
    if (v.record_withheld) { dl.removeAttribute("href"); dl.setAttribute("aria-disabled", "true"); dl.classList.add("disabled"); dl.title = "No record yet: " + v.record_withheld; }
    else { dl.href = `/api/games/${state.id}/record`; dl.removeAttribute("aria-disabled"); dl.classList.remove("disabled"); dl.title = "the game's record"; }
  }
  // The analysis board: once the game is over, or at once against the
  // engine (between two players it would be help); at the ply shown.
  const an = document.getElementById("analyse");
  if (an) { an.hidden = !(v.result || v.engine); an.href = `/analysis?from=${state.id}` + (state.shown !== null ? `&ply=${state.shown}` : ""); }
  // The invite stays until the friend has come.
  const inv = document.getElementById("invite");
  if (inv && v.opponent_joined !== false) inv.replaceChildren();
  // A takeback asked: its asker waits; the other grants or declines.
  const offers = document.getElementById("offers");
  const tb = live && !v.result ? v.takeback_offer : null;
  const answers = [];
  if (tb !== null && tb !== undefined) {
    st += ` \u2014 ${names[tb]} asks to take back a move`;
    if (v.you === 1 - tb) answers.push(
      el("button", { id: "takeback-accept", onclick: () => act(state, "takeback") }, "Accept takeback"),
      el("button", { id: "takeback-decline", onclick: () => act(state, "takeback/decline") }, "Decline"));
  }
  // A draw or a rematch offered to this seat: accept or decline.
  if (drawOffer !== null && v.you === 1 - drawOffer) answers.push(
    el("button", { id: "draw-accept", onclick: () => act(state, "draw/accept") }, "Accept draw"),
    el("button", { id: "draw-decline", onclick: () => act(state, "draw/decline") }, "Decline draw"));
  if (rmOffer !== null && v.you === 1 - rmOffer) answers.push(
    el("button", { id: "rematch-accept", onclick: () => rematch(state) }, "Accept rematch"),
    el("button", { id: "rematch-decline", onclick: () => act(state, "rematch/decline") }, "Decline rematch"));
  // A rematch made before this page came: a link to it.
  if (v.rematch && live) answers.push(el("a", { id: "to-rematch", href: "/game/" + v.rematch.id, onclick: (e) => {
    if (v.rematch.token) { e.preventDefault(); goToRematch(v.rematch); }
  } }, v.rematch.token ? "Go to the rematch" : "Watch the rematch"));
  offers.replaceChildren(...answers);
  if (live && v.notice) st += ` \u2014 ${v.notice}`;
  status(st);
  // Who plays: nicknames, the engine with its level.
  document.getElementById("players").replaceChildren(...v.seats.map((s, i) =>
    el("div", { class: "player", id: `player-${i}` }, el("b", {}, s.name + ": "), (s.player || "Player") + (i === v.you ? " (you)" : ""))));
  document.getElementById("rules").href = `/rules/${v.variant}`;
  const facts = document.getElementById("facts");
  facts.replaceChildren(...(v.facts || []).flatMap((f) => [el("dt", {}, f.label), el("dd", {}, f.value)]));
  const scores = document.getElementById("scores");
  if (v.scoreboard) {
    const sb = v.scoreboard;
    scores.replaceChildren(el("table", { id: "scoreboard" },
      el("thead", {}, el("tr", {}, el("th", {}, ""), ...sb.columns.map((c, i) => el("th", {}, c + (i === v.you ? " (you)" : ""))))),
      el("tbody", {}, ...sb.rows.map((r) => el("tr", { class: r.total ? "total" : "" }, el("th", {}, r.label), ...r.cells.map((c) => el("td", {}, String(c))))))));
  } else scores.replaceChildren();
  // The move list, from the live view's lines.
  const box = document.getElementById("moves");
  box.replaceChildren();
  const shown = state.shown === null ? state.view.plies : state.shown;
  const h = state.view.history;
  for (const line of state.view.lines || []) {
    if (line.heading) box.append(el("div", { class: "line-heading" }, line.heading));
    if (!line.plies.length) continue;
    const row = el("div", { class: "line" }, el("span", { class: "no" }, line.label));
    for (const k of line.plies) {
      row.append(el("span", { class: "mv" + (k + 1 === shown ? " current" : ""), onclick: () => step(state, k + 1 >= state.view.plies ? null : k + 1) }, h[k]), " ");
    }
    box.append(row);
  }
  const cur = box.querySelector(".mv.current");
  if (cur && state.shown !== null) cur.scrollIntoView({ block: "nearest" });
  else box.scrollTop = box.scrollHeight;
}

// ---- Dealer's Chess: reference cards, the hands, the arrangement ----
// A piece card (its name, its move in words and XBetza, its diagram), shown
// beside the board.
function showCard(url, label) {
  const box = document.getElementById("card-view");
  if (!box || box.dataset.url === url) return;
  box.dataset.url = url;
  box.replaceChildren(el("img", { src: url, alt: label || "piece card", class: "ref-card" }));
}

// A small card chip: the code, its reference card on hover or tap.
function cardChip(c, attrs = {}) {
  const chip = el("button", { type: "button", class: "card-chip", title: c.name || c.code, ...attrs }, c.code);
  chip.addEventListener("pointerenter", () => showCard(c.svg || `/cards/${c.code}.svg`, c.name || c.code));
  chip.addEventListener("focus", () => showCard(c.svg || `/cards/${c.code}.svg`, c.name || c.code));
  return chip;
}

// The hands and the shared extras beside the board (D4).
function drawHands(state, v) {
  const box = document.getElementById("hands");
  if (!v.hands) { box.replaceChildren(); return; }
  const row = (label, cards, id) => el("div", { class: "hand-row", id },
    el("span", { class: "hand-label" }, label),
    ...(cards.length ? cards.map((c) => cardChip(c)) : [el("span", { class: "empty" }, "\u2014")]));
  const names = v.seats.map((s) => s.name);
  const order = state.flipped ? [0, 1] : [1, 0];
  const keys = ["white", "black"];
  box.replaceChildren(
    row(`${names[order[0]]}'s hand${v.you === order[0] ? " (you)" : ""}`, v.hands[keys[order[0]]], `hand-${keys[order[0]]}`),
    row("Shared extras", v.hands.shared, "hand-shared"),
    row(`${names[order[1]]}'s hand${v.you === order[1] ? " (you)" : ""}`, v.hands[keys[order[1]]], `hand-${keys[order[1]]}`));
}

// The arrangement (D11): the player's dealt cards, dragged (or tapped, then
// a slot tapped) onto the back row and the pawn row; the rest go to the
// hand. Sent as one move; the opponent's stays hidden until both are made.
function drawArrange(state, v) {
  const box = document.getElementById("arrange");
  const d = v.deal;
  if (!v.arranging || !d || state.pastView) { box.replaceChildren(); box.className = ""; return; }
  box.className = "panel arrange";
  const me = v.you;
  const seatsInfo = d.seats.map((s, i) => el("div", { class: "dealt" },
    el("strong", {}, `${v.seats[i].name} dealt${i === me ? " (you)" : ""}: `),
    cardChip(s.royal, { class: "card-chip royal" }), " ",
    ...s.pieces.map((c) => cardChip(c)), " | ", ...s.pawns.map((c) => cardChip(c)),
    el("span", { class: "arranged" }, s.arranged ? " \u2714 arranged" : " arranging\u2026")));
  const shared = el("div", { class: "dealt" }, el("strong", {}, "Shared extras: "), ...d.shared.map((c) => cardChip(c)));
  const offered = v.to_move !== null && v.to_move !== undefined && v.moves.some((m) => m.text.startsWith("keep"));
  if (me === null || me === undefined || d.seats[me].arranged || offered || (v.acting.length === 1 && v.acting[0] !== me && !d.seats[1 - me].arranged)) {
    const mine = d.mine ? el("p", {}, "Your arrangement: ", el("code", {}, d.mine.text)) : null;
    box.replaceChildren(el("h3", {}, "The deal"), ...seatsInfo, shared, mine,
      el("p", { class: "waiting" }, v.prompt || (me === null || me === undefined ? "The players are arranging their armies." : "Waiting for the other player's arrangement.")));
    return;
  }
  const mySeat = d.seats[me];
  const backSlots = [];
  for (let r = 0; r < d.back_ranks; r++) for (let f = 0; f < d.files; f++) if (!(r === 0 && f === d.royal_file)) backSlots.push({ r, f });
  // simplified (D6): four stand-ins and one Pawn card instead of a row.
  const pawnSlots = d.simplified ? 1 : mySeat.pawns.length;
  const backCount = d.simplified ? d.stand_ins.length : backSlots.length;
  if (!state.arrangement || state.arrangement.key !== `${v.id}-${me}`) {
    state.arrangement = { key: `${v.id}-${me}`, back: Array(backCount).fill(null), pawns: Array(pawnSlots).fill(null), picked: null };
  }
  const a = state.arrangement;
  const used = new Set([...a.back, ...a.pawns].filter((x) => x));
  const file = (f) => String.fromCharCode(97 + f);
  const place = (kind, i) => {
    if (a.picked && a.picked.kind === kind) {
      const code = a.picked.code;
      for (const k of ["back", "pawns"]) a[k] = a[k].map((x) => (x === code ? null : x));
      a[kind][i] = code;
      a.picked = null;
    } else if (a[kind][i]) {
      a[kind][i] = null;
    }
    drawArrange(state, v);
  };
  const slot = (kind, i, label) => {
    const code = a[kind][i];
    const s = el("div", { class: "slot" + (code ? " filled" : "") + (a.picked && a.picked.kind === kind ? " open" : ""), "data-slot": `${kind}-${i}`, tabindex: "0",
      onclick: () => place(kind, i), onkeydown: (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); place(kind, i); } } },
      el("span", { class: "slot-square" }, label), code ? el("span", { class: "slot-code" }, code) : null);
    s.addEventListener("dragover", (e) => e.preventDefault());
    s.addEventListener("drop", (e) => {
      e.preventDefault();
      const [k, c] = (e.dataTransfer.getData("text/plain") || "").split(":");
      if (k === kind && c) { a.picked = { kind, code: c }; place(kind, i); }
    });
    if (code) s.addEventListener("pointerenter", () => showCard(`/cards/${code}.svg`, code));
    return s;
  };
  const rank = (r) => (me === 0 ? r + 1 : Number(d.files) - r);
  const backRows = [];
  for (let r = d.back_ranks - 1; r >= 0; r--) {
    const cells = [];
    for (let f = 0; f < d.files; f++) {
      if (r === 0 && f === d.royal_file) { cells.push(el("div", { class: "slot royal" }, el("span", { class: "slot-square" }, file(f) + rank(r)), el("span", { class: "slot-code" }, mySeat.royal.code))); continue; }
      const i = backSlots.findIndex((x) => x.r === r && x.f === f);
      cells.push(slot("back", i, file(f) + rank(r)));
    }
    // Seen from the player's side, as the board is drawn for him.
    backRows.push(el("div", { class: "slot-row" }, ...(me === 0 ? cells : cells.reverse())));
  }
  const simpleRows = d.simplified ? [
    el("div", { class: "slot-row" }, ...d.stand_ins.map((name, i) => slot("back", i, name))),
    el("div", { class: "slot-row" }, slot("pawns", 0, "Pawns")),
  ] : null;
  const pawnRank = me === 0 ? d.back_ranks + 1 : Number(d.files) - d.back_ranks;
  const pawnCells = d.simplified ? [] : mySeat.pawns.map((_, i) => slot("pawns", i, file(i) + pawnRank));
  const pawnRow = el("div", { class: "slot-row" }, ...(me === 0 ? pawnCells : pawnCells.reverse()));
  const pool = (kind, cards) => el("div", { class: "pool" }, ...cards.filter((c) => !used.has(c.code)).map((c) => {
    const chip = cardChip(c, { class: "card-chip" + (a.picked && a.picked.code === c.code ? " picked" : ""), draggable: "true", "data-code": c.code });
    chip.addEventListener("click", () => { a.picked = a.picked && a.picked.code === c.code ? null : { kind, code: c.code }; drawArrange(state, v); });
    chip.addEventListener("dragstart", (e) => e.dataTransfer.setData("text/plain", `${kind}:${c.code}`));
    return chip;
  }));
  const complete = a.back.every((x) => x) && a.pawns.every((x) => x);
  const code = (c) => (c.length === 1 ? c : `[${c}]`);
  const text = () => a.back.map(code).join("") + "/" + a.pawns.map(code).join("");
  const hand = mySeat.pieces.filter((c) => !a.back.includes(c.code)).length;
  box.replaceChildren(
    el("h3", {}, "Arrange your army"),
    el("p", { class: "hint" }, d.simplified
      ? "Drag (or tap, then tap a slot) a Piece card onto each of Queen, Rook, Bishop and Knight, and one Pawn card for all your pawns; the others are set aside. Hover a card to see its moves."
      : `Drag (or tap, then tap a square) ${d.back} of your Piece cards onto the back row and your pawns onto the pawn row; the Piece cards left go to your hand (${hand} now). Hover a card to see its moves.`),
    el("div", { class: "slots" }, ...(simpleRows || [pawnRow, ...backRows])),
    el("div", { class: "pool-label" }, "Piece cards"), pool("back", mySeat.pieces),
    el("div", { class: "pool-label" }, "Pawn cards"), pool("pawns", mySeat.pawns),
    el("div", { class: "buttons" },
      el("button", { id: "arrange-send", disabled: complete ? null : "", onclick: () => sendMove(state, text()) }, "Ready"),
      el("button", { id: "arrange-random", onclick: () => sendMove(state, "random") }, "Random"),
      el("button", { id: "arrange-clear", onclick: () => { state.arrangement = null; drawArrange(state, v); } }, "Clear"),
      el("button", { id: "arrange-redeal", title: "offer the other player a new deal (D11)", onclick: () => sendMove(state, "redeal") }, "Offer a re-deal")),
    el("h3", {}, "The deal"), ...seatsInfo, shared);
}

// ---- clocks ----
// The server keeps the time; the page counts the running clock down from
// the last view, and the next view corrects it.
function clockText(ms) {
  const s = Math.max(0, ms) / 1000;
  if (s < 10) return s.toFixed(1);
  const m = Math.floor(s / 60), r = Math.floor(s % 60);
  return m >= 60 ? `${Math.floor(m / 60)}:${String(m % 60).padStart(2, "0")}:${String(r).padStart(2, "0")}` : `${m}:${String(r).padStart(2, "0")}`;
}

function drawClocks(state) {
  const box = document.getElementById("clocks");
  const v = state.view;
  if (!box) return;
  if (!v || !v.clock) { box.replaceChildren(); return; }
  const c = v.clock;
  const elapsed = c.running !== null && !v.result ? performance.now() - (state.clockAt || performance.now()) : 0;
  const left = c.remaining_ms.map((ms, i) => (i === c.running ? ms - elapsed : ms));
  const bottom = state.flipped ? 1 : 0;
  const one = (i) => el("div", { class: "clock" + (i === c.running && !v.result ? " running" : "") + (left[i] < 10000 ? " low" : ""), id: `clock-${i}`, "data-ms": String(Math.round(left[i])) },
    el("span", { class: "clock-name" }, v.seats[i].name + (i === v.you ? " (you)" : "")),
    el("span", { class: "clock-time" }, clockText(left[i])));
  box.replaceChildren(one(1 - bottom), one(bottom));
}
setInterval(() => { if (document.getElementById("clocks") && window.deckmateState) drawClocks(window.deckmateState); }, 200);

// ---- chat between the seats ----
// Messages are text (never markup); a switch hides the chat, remembered in
// this browser.
function drawChat(state) {
  const box = document.getElementById("chat");
  const v = state.view;
  if (!box || !v || v.chat === null || v.chat === undefined) { if (box) box.replaceChildren(); return; }
  const off = localStorage.getItem("deckmate-chat-off") === "1";
  const toggle = el("button", { id: "chat-toggle", onclick: () => { localStorage.setItem("deckmate-chat-off", off ? "0" : "1"); drawChat(state); } }, off ? "Show chat" : "Hide chat");
  if (off) { box.replaceChildren(toggle); return; }
  const names = v.seats.map((s) => s.name);
  const list = el("div", { id: "chat-lines" }, ...v.chat.map((m) => el("div", { class: "chat-line" + (m.seat === v.you ? " mine" : "") }, el("b", {}, names[m.seat] + ": "), m.text)));
  const input = el("input", { id: "chat-input", maxlength: "300", placeholder: "Say something to the other player", "aria-label": "chat message" });
  const form = el("form", { id: "chat-form" }, input, el("button", { type: "submit" }, "Send"));
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    try {
      await api(`/api/games/${state.id}/chat`, { method: "POST", headers: { "Content-Type": "application/json", Authorization: "Bearer " + state.token }, body: JSON.stringify({ text }) });
      input.value = "";
    } catch (e) { status(e.message); }
  });
  const typing = document.activeElement && document.activeElement.id === "chat-input" ? document.activeElement.value : null;
  box.replaceChildren(el("div", { class: "chat-head" }, el("b", {}, "Chat"), toggle), list, form);
  if (typing !== null) { input.value = typing; input.focus(); }
  list.scrollTop = list.scrollHeight;
}

// The legal moves as the move box's completions; the box only for a seat
// whose turn it is.
function drawMoveBox(state, v) {
  const form = document.getElementById("move-form");
  const list = document.getElementById("move-list");
  if (!form || !list) return;
  const mine = !state.pastView && v.you !== null && v.you !== undefined && (v.acting || []).includes(v.you) && !v.result;
  form.hidden = !mine;
  const texts = mine ? [...new Set(v.moves.map((m) => m.text))] : [];
  if (list.dataset.key !== texts.join("|")) {
    list.dataset.key = texts.join("|");
    list.replaceChildren(...texts.map((t) => el("option", { value: t })));
  }
}

// The arrow keys step through the moves (not while typing, nor on the
// board, where they move its cursor).
document.addEventListener("keydown", (e) => {
  const state = window.deckmateState;
  const f = document.activeElement || {};
  if (!state || !state.view || ["INPUT", "TEXTAREA", "SELECT"].includes(f.tagName) || f.id === "board-svg") return;
  const at = state.shown ?? state.view.plies;
  const to = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: null }[e.key];
  if (to === undefined) return;
  e.preventDefault();
  step(state, to);
});

function draw(state) {
  // A page of its own (the analysis board, a rules page) draws itself.
  if (state.redraw) return state.redraw(state);
  const v = state.pastView || state.view;
  window.deckmateState = state;
  drawMoveBox(state, v);
  drawChat(state);
  drawClocks(state);
  drawDrawn(state, v);
  drawArrange(state, v);
  drawHands(state, v);
  drawBoard(state, v);
  drawZones(state, v);
  drawSide(state, v);
}

window.addEventListener("popstate", route);
// After every script (the analysis board's too) has loaded.
document.addEventListener("DOMContentLoaded", route);
