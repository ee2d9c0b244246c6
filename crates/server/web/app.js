// deckmate web client: draws the views the server sends; the rules stay in Rust.
"use strict";

const main = document.getElementById("main");
const SUITS = { C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660" };
const el = (tag, attrs = {}, ...kids) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (v !== null && v !== undefined && v !== false) e.setAttribute(k, v);
  }
  for (const k of kids) e.append(k);
  return e;
};
const svgEl = (tag, attrs = {}) => {
  const e = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  return e;
};

async function api(path, opts = {}) {
  const r = await fetch(path, opts);
  const text = await r.text();
  let body;
  try { body = JSON.parse(text); } catch { body = text; }
  if (!r.ok) throw new Error((body && body.error) || r.statusText);
  return body;
}

function route() {
  const m = location.pathname.match(/^\/game\/([0-9a-f]+)$/);
  if (m) gamePage(m[1]); else lobby();
}

// ---------- Lobby ----------
async function lobby() {
  main.replaceChildren();
  const variants = await api("/api/variants");
  const v = variants[0];
  const form = el("form", { class: "panel", id: "new-game" });
  form.append(el("h2", {}, "New game"));
  const select = (name, values, def) =>
    el("label", {}, name + " ", el("select", { name }, ...values.map((x) => el("option", { value: x, selected: x === def ? "" : null }, x))));
  form.append(el("label", {}, "Game ", el("select", { name: "variant" }, ...variants.map((x) => el("option", { value: x.key }, x.name)))));
  for (const o of v.options) form.append(select(o.name, o.values, o.default));
  form.append(el("label", {}, "Seed ", el("input", { name: "seed", type: "number", min: "0", placeholder: "random" })));
  form.append(select("opponent", ["engine", "friend"], "engine"));
  form.append(select("level", ["1", "2", "3", "4", "5", "6", "7", "8"], "4"));
  form.append(select("side", ["forehand", "rearhand"], "forehand"));
  form.append(el("button", { type: "submit", id: "create" }, "Play"));
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const f = new FormData(form);
    const options = {};
    for (const o of v.options) options[o.name] = f.get(o.name);
    const body = { variant: f.get("variant"), options };
    if (f.get("seed")) body.seed = Number(f.get("seed"));
    body.opponent = f.get("opponent") === "friend" ? "friend" : { engine: Number(f.get("level")), seat: f.get("side") };
    try {
      const r = await api("/api/games", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
      localStorage.setItem("deckmate-token-" + r.id, r.token);
      if (r.invite) localStorage.setItem("deckmate-invite-" + r.id, location.origin + r.invite);
      history.pushState({}, "", "/game/" + r.id);
      route();
    } catch (e) { alert(e.message); }
  });
  const list = el("div", { class: "panel", id: "games" }, el("h2", {}, "Games"));
  const games = await api("/api/games");
  if (!games.length) list.append(el("p", {}, "No games yet."));
  for (const g of games) {
    const status = g.result ? `${g.result} (${g.reason})` : `move ${Math.floor(g.plies / 2) + 1}, ${g.to_move === 0 ? "Forehand" : "Rearhand"} to play`;
    list.append(el("div", { class: "game-line" }, el("a", { href: "/game/" + g.id }, `Cardmate ${g.id.slice(0, 6)}`), ` vs ${g.opponent}: ${status}`));
  }
  main.append(el("div", { class: "lobby" }, form, list, el("p", {}, el("a", { href: "/api/rules/cardmate", target: "_blank" }, "Rules of Cardmate"))));
}

// ---------- Game ----------
let ws = null;
function gamePage(id) {
  if (location.hash.length > 1) {
    localStorage.setItem("deckmate-token-" + id, location.hash.slice(1));
    history.replaceState({}, "", "/game/" + id);
  }
  const token = localStorage.getItem("deckmate-token-" + id);
  const state = { id, token, view: null, shown: null, flipped: null, selected: null };
  main.replaceChildren(el("div", { class: "game" },
    el("div", { class: "board-wrap" }, el("div", { id: "board" })),
    el("div", { class: "side panel" },
      el("div", { id: "status" }), el("div", { id: "invite" }),
      el("div", { class: "buttons" },
        el("button", { id: "first", onclick: () => step(state, 0) }, "|\u25c0"),
        el("button", { id: "prev", onclick: () => step(state, (state.shown ?? state.view.plies) - 1) }, "\u25c0"),
        el("button", { id: "next", onclick: () => step(state, (state.shown ?? state.view.plies) + 1) }, "\u25b6"),
        el("button", { id: "last", onclick: () => step(state, null) }, "\u25b6|"),
        el("button", { id: "flip", onclick: () => { state.flipped = !state.flipped; draw(state); } }, "Flip")),
      el("ol", { id: "moves" }),
      el("div", { class: "buttons" },
        el("button", { id: "resign", onclick: () => act(state, "resign") }, "Resign"),
        el("button", { id: "draw", onclick: () => act(state, "draw") }, "Offer draw"),
        el("button", { id: "rematch", onclick: () => rematch(state) }, "Rematch"),
        el("a", { href: `/api/games/${id}/record`, id: "download" }, "Download record"),
        el("a", { href: "/api/rules/cardmate", target: "_blank" }, "Rules")),
      el("div", { id: "promo" }))));
  const invite = localStorage.getItem("deckmate-invite-" + id);
  if (invite) document.getElementById("invite").append("Invite a friend: ", el("input", { readonly: "", value: invite, id: "invite-link", onclick: (e) => e.target.select() }));
  connect(state);
}

function connect(state) {
  if (ws) ws.close();
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const url = `${proto}://${location.host}/api/games/${state.id}/ws` + (state.token ? "?token=" + state.token : "");
  const sock = new WebSocket(url);
  ws = sock;
  sock.onmessage = (m) => {
    state.view = JSON.parse(m.data);
    if (state.flipped === null) state.flipped = state.view.you === 1;
    if (state.shown !== null && state.shown >= state.view.plies) state.shown = null;
    if (state.shown === null) { state.pastView = null; draw(state); }
  };
  sock.onclose = () => { if (ws === sock) setTimeout(() => connect(state), 1000); };
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

async function rematch(state) {
  try {
    const r = await api(`/api/games/${state.id}/rematch`, { method: "POST", headers: { Authorization: "Bearer " + state.token } });
    localStorage.setItem("deckmate-token-" + r.id, r.token);
    if (r.invite) localStorage.setItem("deckmate-invite-" + r.id, location.origin + r.invite);
    history.pushState({}, "", "/game/" + r.id);
    route();
  } catch (e) { status(e.message); }
}

function status(text) { document.getElementById("status").textContent = text; }

async function sendMove(state, text) {
  state.selected = null;
  document.getElementById("promo").replaceChildren();
  try {
    await api(`/api/games/${state.id}/moves`, { method: "POST", headers: { "Content-Type": "application/json", Authorization: "Bearer " + state.token }, body: JSON.stringify({ move: text }) });
  } catch (e) { status("Illegal move: " + e.message); }
}

function chooseMove(state, from, to) {
  const options = state.view.moves.filter((m) => m.from === from && m.to === to);
  if (options.length === 1) return sendMove(state, options[0].text);
  if (options.length > 1) {
    const box = document.getElementById("promo");
    box.replaceChildren("Promote the One? ",
      ...options.map((m) => el("button", { class: "promo-choice", onclick: () => sendMove(state, m.text) }, m.promote ? "Ace (=A)" : "Stay a One")));
  }
}

function draw(state) {
  const v = state.pastView || state.view;
  const live = !state.pastView;
  const b = v.board;
  const S = 60;
  const W = b.files * S, H = b.ranks * S;
  const svg = svgEl("svg", { viewBox: `-24 -8 ${W + 32} ${H + 32}`, id: "board-svg", role: "img", "aria-label": "board" });
  const pos = (name) => {
    const f = name.charCodeAt(0) - 97, r = Number(name.slice(1)) - b.rank_base;
    const x = state.flipped ? b.files - 1 - f : f, y = state.flipped ? r : b.ranks - 1 - r;
    return [x * S, y * S];
  };
  const name = (f, r) => String.fromCharCode(97 + f) + (r + b.rank_base);
  const zoneOf = {};
  for (const z of b.zones) for (const s of z.squares) zoneOf[s] = z.name;
  const last = v.last ? [v.last.from, v.last.to] : [];
  const targets = new Set(state.selected && live ? v.moves.filter((m) => m.from === state.selected).map((m) => m.to) : []);
  for (let f = 0; f < b.files; f++) for (let r = 0; r < b.ranks; r++) {
    const n = name(f, r);
    if (b.holes.includes(n)) continue;
    const [x, y] = pos(n);
    let cls = (f + r) % 2 ? "light" : "dark";
    if (zoneOf[n]) cls += " zone";
    if (last.includes(n)) cls += " last";
    if (n === state.selected) cls += " selected";
    const rect = svgEl("rect", { x, y, width: S, height: S, class: "sq " + cls, "data-square": n });
    svg.append(rect);
  }
  // the middle line
  const my = (state.flipped ? b.midline : b.ranks - b.midline) * S;
  svg.append(svgEl("line", { x1: 0, y1: my, x2: W, y2: my, class: "midline" }));
  for (let f = 0; f < b.files; f++) {
    const [x] = pos(name(f, 0));
    const t = svgEl("text", { x: x + S / 2, y: H + 18, class: "coord" }); t.textContent = String.fromCharCode(97 + f); svg.append(t);
  }
  for (let r = 0; r < b.ranks; r++) {
    const [, y] = pos(name(0, r));
    const t = svgEl("text", { x: -12, y: y + S / 2 + 5, class: "coord" }); t.textContent = r + b.rank_base; svg.append(t);
  }
  for (const p of v.pieces) {
    const [x, y] = pos(p.square);
    const g = svgEl("g", { class: `card owner${p.owner}` + (p.red ? " red" : ""), "data-card": p.label, "data-square": p.square });
    const up = (p.owner === 0) !== state.flipped;
    g.append(svgEl("rect", { x: x + 6, y: y + 4, width: S - 12, height: S - 8, rx: 6, class: "face" }));
    g.append(svgEl("path", { d: up ? `M${x + 22} ${y + 10} L${x + 30} ${y + 4} L${x + 38} ${y + 10}` : `M${x + 22} ${y + S - 10} L${x + 30} ${y + S - 4} L${x + 38} ${y + S - 10}`, class: "wedge" }));
    const t = svgEl("text", { x: x + S / 2, y: y + S / 2 + 7, class: "label" });
    t.textContent = (p.rank === "X" ? "10" : p.rank) + SUITS[p.suit];
    g.append(t);
    svg.append(g);
  }
  // Targets on top of everything, so a capture target can be clicked.
  for (const n of targets) {
    const [x, y] = pos(n);
    svg.append(svgEl("circle", { cx: x + S / 2, cy: y + S / 2, r: 11, class: "target", "data-target": n }));
  }
  svg.addEventListener("click", (ev) => {
    if (!live) return;
    const sqEl = ev.target.closest("[data-square],[data-target]");
    if (!sqEl) return;
    const n = sqEl.getAttribute("data-target") || sqEl.getAttribute("data-square");
    if (state.selected && v.moves.some((m) => m.from === state.selected && m.to === n)) return chooseMove(state, state.selected, n);
    state.selected = v.moves.some((m) => m.from === n) ? n : null;
    draw(state);
  });
  let dragFrom = null;
  svg.addEventListener("pointerdown", (ev) => { const c = ev.target.closest(".card"); dragFrom = c && live ? c.getAttribute("data-square") : null; });
  svg.addEventListener("pointerup", (ev) => {
    if (!dragFrom) return;
    const at = document.elementFromPoint(ev.clientX, ev.clientY);
    const sqEl = at && at.closest("[data-square],[data-target]");
    const n = sqEl && (sqEl.getAttribute("data-target") || sqEl.getAttribute("data-square"));
    if (n && n !== dragFrom && v.moves.some((m) => m.from === dragFrom && m.to === n)) { chooseMove(state, dragFrom, n); }
    dragFrom = null;
  });
  document.getElementById("board").replaceChildren(svg);
  // status
  const names = v.seats.map((s) => s.name);
  let st;
  if (v.result) st = `${v.result.result}: ${v.result.reason}`;
  else if (!live) st = `Viewing after ply ${v.ply} of ${v.plies}`;
  else if (v.to_move !== null) st = `${names[v.to_move]} to play` + (v.you === v.to_move ? " (you)" : "") + (v.compulsory ? " \u2014 a same-suit capture is compulsory" : "");
  else st = "";
  if (live && v.draw_offer !== null && v.draw_offer !== undefined && !v.result) st += ` \u2014 ${names[v.draw_offer]} offers a draw`;
  status(st);
  const ol = document.getElementById("moves");
  ol.replaceChildren();
  const shown = state.shown === null ? v.plies : state.shown;
  for (let i = 0; i < state.view.history.length; i += 2) {
    const li = el("li");
    for (const k of [i, i + 1]) {
      if (k >= state.view.history.length) break;
      li.append(el("span", { class: "mv" + (k + 1 === shown ? " current" : ""), onclick: () => step(state, k + 1 >= state.view.plies ? null : k + 1) }, state.view.history[k]), " ");
    }
    ol.append(li);
  }
}

window.addEventListener("popstate", route);
route();
