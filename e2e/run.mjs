// End-to-end tests of `deckmate serve` in a real headless Chromium.
//
//   cargo build --release && cd e2e && npm ci && node run.mjs
//
// 1. A whole Cardmate game against the engine at level 1, played by clicking.
// 2. A game between two browsers joined through an invite link.
// 3. Screenshots of the lobby and a game, desktop and phone, into ../docs/.
// 4. A whole Chess Cards match (two games) against the engine, by clicking
//    cards (sacrifices and the Queen's Privilege included), and its
//    screenshots.
// 5. Cuarenta: a game against the engine by clicking (holes not drawn,
//    letters in discs), a promotion chosen by its button in a game between
//    friends, screenshots.
// 6. 52Chess: the 4x13 board, the drawn card turned and its square marked,
//    a teleport by clicking the piece and the marked square, the move list
//    with the cards, against the engine.
// ... and more below; E2E_ONLY="issue 29" runs the tests of issue 29's
//    items 15-19 (rematch, invite, draw offers, error pages, analysis).
// Prints "N passed, M failed" and exits non-zero on any failure.
import { chromium } from "playwright-core";
import { spawn, execFileSync } from "node:child_process";
import { mkdtempSync, existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..");
// The binary cargo built: under CARGO_TARGET_DIR when it is set (a path
// relative to the workspace), else under target/; of the profile
// DECKMATE_PROFILE names (CI: `debug`, the binary `cargo test --workspace`
// built), else release.
const profile = process.env.DECKMATE_PROFILE || "release";
const bin = join(resolve(root, process.env.CARGO_TARGET_DIR || "target"), profile, "deckmate");
const chromiumPath = process.env.CHROMIUM || "/usr/bin/chromium";
if (!existsSync(chromiumPath) || !existsSync(bin)) {
  const what = !existsSync(bin) ? bin + " (cargo build --release -p deckmate)" : chromiumPath;
  if (process.env.CI === "true") { console.error("missing " + what); process.exit(1); }
  console.log("skipped: missing " + what);
  process.exit(0);
}

const port = 9000 + Math.floor(Math.random() * 500);
const base = `http://127.0.0.1:${port}`;
// The servers' database folders, removed at the end of the run.
const tempDirs = [];
function tempDir() {
  const d = mkdtempSync(join(tmpdir(), "deckmate-e2e-"));
  tempDirs.push(d);
  return d;
}
const db = join(tempDir(), "e2e.db");
async function startServer() {
  const s = spawn(bin, ["serve", "--addr", `127.0.0.1:${port}`, "--db", db], { stdio: ["ignore", "pipe", "inherit"] });
  await new Promise((resolve, reject) => {
    s.stdout.on("data", (d) => { if (String(d).includes("running")) resolve(); });
    s.on("exit", (c) => reject(new Error("server exited " + c)));
    setTimeout(() => reject(new Error("server did not start")), 15000);
  });
  return s;
}
let server = await startServer();

const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
let passed = 0, failed = 0;
// Every page is watched for Content Security Policy violations (an inline
// script or style, a foreign source): the last test fails on any.
const cspViolations = [];
// ... and for uncaught errors of the page's own scripts.
const pageErrors = [];
const watchCsp = (page) => {
  page.on("console", (m) => { if (/Content Security Policy/i.test(m.text())) cspViolations.push(m.text()); });
  page.on("pageerror", (e) => pageErrors.push(`${page.url()}: ${e.message}`));
  return page;
};
const newPage = browser.newPage.bind(browser);
browser.newPage = async (...a) => watchCsp(await newPage(...a));
const newContext = browser.newContext.bind(browser);
browser.newContext = async (...a) => { const c = await newContext(...a); c.on("page", watchCsp); return c; };
// E2E_ONLY=word runs only the tests whose name contains it.
const only = (process.env.E2E_ONLY || "").toLowerCase();
async function test(name, fn) {
  if (only && !name.toLowerCase().includes(only)) return;
  const t = Date.now();
  try { await fn(); passed++; console.log(`ok   ${name} (${((Date.now() - t) / 1000).toFixed(1)} s)`); }
  catch (e) { failed++; console.log(`FAIL ${name}: ${e.stack || e}`); }
}
const assert = (c, m) => { if (!c) throw new Error(m); };

// The view the page is showing, as the server sends it to that seat.
// The game-over panel (issue 31 item 3) as the page shows it: its title,
// reason, points and buttons; fails if it is not shown.
async function gameOver(page, title, reason) {
  await page.waitForSelector("#game-over:not([hidden])", { timeout: 10000 });
  const t = await page.textContent("#game-over-title");
  const r = await page.textContent("#game-over-reason");
  assert(t.startsWith(title), `game over title: ${t} (wanted ${title})`);
  if (reason) assert(r.includes(reason), `game over reason: ${r} (wanted ${reason})`);
  for (const id of ["over-new", "over-analyse", "over-download"]) assert(await page.isVisible("#" + id), `no ${id} in the game-over panel`);
  const line = await page.textContent("#moves-result");
  assert(line.includes(r.trim()), "the move list does not end with the result: " + line);
  return { t, r };
}

// Holds back for `ms` the page's requests to `url` that `which` picks (by
// the request): `held()` counts them, `release()` stops holding.
async function holdAnswers(page, url, ms, which = () => true) {
  let held = 0;
  const handler = async (route) => {
    if (which(route.request())) { held += 1; await new Promise((r) => setTimeout(r, ms)); }
    await route.continue();
  };
  await page.route(url, handler);
  return { held: () => held, release: () => page.unroute(url, handler) };
}

async function viewOf(page) {
  return page.evaluate(async () => {
    const id = location.pathname.split("/").pop();
    const token = localStorage.getItem("deckmate-token-" + id);
    const r = await fetch("/api/games/" + id, { headers: token ? { Authorization: "Bearer " + token } : {} });
    return r.json();
  });
}

// Plays one legal move by clicking its card and then its target square.
async function clickMove(page, mv) {
  await page.click(`g.card[data-square="${mv.from}"]`);
  await page.click(`[data-target="${mv.to}"]`);
  const promo = await page.$(".promo-choice");
  if (promo) {
    const label = mv.promote ? "Ace (=A)" : "Stay a One";
    await page.click(`.promo-choice:has-text("${label}")`);
  }
}

async function newGame(page, opts) {
  await page.goto(base + "/");
  for (const [k, v] of Object.entries(opts)) await page.selectOption(`select[name=${k}]`, v);
  await page.click("#create");
  await page.waitForSelector("#board-svg");
}

await test("a whole game against the engine at level 1, by clicking", async () => {
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  await newGame(page, { opponent: "engine", level: "1", side: "forehand" });
  let plies = 0;
  for (let i = 0; i < 400; i++) {
    const v = await viewOf(page);
    if (v.result) break;
    if (v.to_move !== v.you) { await page.waitForTimeout(100); continue; }
    assert(v.moves.length > 0, "no legal moves offered");
    // Prefer captures so the game ends sooner; any legal move will do.
    const mv = v.moves.find((m) => m.text.includes(":")) || v.moves[i % v.moves.length];
    await clickMove(page, mv);
    await page.waitForFunction((n) => document.querySelectorAll("#moves .mv").length > n, v.plies, { timeout: 15000 });
    plies = v.plies + 1;
  }
  const v = await viewOf(page);
  assert(v.result, `the game did not end (${plies} plies)`);
  const status = await page.textContent("#status");
  assert(status.includes(v.result.result), "result not shown: " + status);
  // The game-over panel: who won, why, what next (issue 31 item 3).
  const title = v.result.winner === null ? "Draw" : v.result.winner === v.you ? "You won" : "You lost";
  await gameOver(page, title, v.result.reason);
  assert(await page.isVisible("#over-rematch"), "no Rematch in the game-over panel");
  const rec = await page.evaluate(async (id) => (await fetch(`/api/games/${id}/record`)).text(), v.id);
  assert(rec.includes(`[Result "${v.result.result}"]`), "record has no result");
  await page.close();
});

await test("two browsers through an invite link", async () => {
  const a = await browser.newPage();
  await newGame(a, { opponent: "friend" });
  const invite = await a.inputValue("#invite-link");
  const ctx = await browser.newContext();
  const b = await ctx.newPage();
  await b.goto(invite);
  await b.waitForSelector("#board-svg");
  const moves = ["4Ci3", "4Db6", "8Dj2", "8Ca7"];
  for (let i = 0; i < moves.length; i++) {
    const page = i % 2 === 0 ? a : b;
    const other = i % 2 === 0 ? b : a;
    const v = await viewOf(page);
    const mv = v.moves.find((m) => m.text === moves[i]);
    assert(mv, `${moves[i]} not offered`);
    await clickMove(page, mv);
    // The other browser sees it at once, over the WebSocket.
    await other.waitForFunction((n) => document.querySelectorAll("#moves .mv").length === n, i + 1, { timeout: 5000 });
  }
  // Both pages show all four moves (each page's own move arrives over its socket too).
  await b.waitForFunction(() => document.querySelectorAll("#moves .mv").length === 4, null, { timeout: 5000 });
  const last = await b.textContent("#moves");
  assert(last.includes("8Ca7"), "move list: " + last);
  await ctx.close();
  await a.close();
});

await test("a server restart in the middle of a game", async () => {
  const page = await browser.newPage();
  await newGame(page, { opponent: "engine", level: "1", side: "forehand", time: "10+5" });
  let v = await viewOf(page);
  await clickMove(page, v.moves.find((m) => m.text === "4Ci3"));
  await page.waitForFunction(() => document.querySelectorAll("#moves .mv").length >= 2, null, { timeout: 15000 });
  const before = (await viewOf(page)).history;
  // Forehand's clock runs (both first moves were untimed).
  assert((await viewOf(page)).clock.running === 0, "Forehand's clock does not run");
  server.kill("SIGKILL");
  await new Promise((r) => server.on("exit", r));
  // While the server is down the page says so and sends no move.
  await page.waitForFunction(() => document.querySelector("#status").textContent.includes("connection to the server is lost"), null, { timeout: 5000 });
  await new Promise((r) => setTimeout(r, 1000));
  server = await startServer();
  // The page reconnects by itself and the game goes on where it was.
  await page.waitForTimeout(1500);
  v = await viewOf(page);
  assert(JSON.stringify(v.history) === JSON.stringify(before), "history changed: " + v.history);
  // The clocks as they were: the time the server was down is nobody's.
  assert(v.clock.running === 0 && v.clock.remaining_ms[0] > 600000 - 2500, "clock after the restart: " + JSON.stringify(v.clock));
  await page.waitForSelector("#clock-0.running");
  // The page takes moves again once its socket is back (it retries with
  // growing delays, issue 29 item 18).
  await page.waitForFunction(() => !document.querySelector("#status").textContent.includes("connection to the server is lost"), null, { timeout: 20000 });
  const mv = v.moves[0];
  await clickMove(page, mv);
  await page.waitForFunction((n) => document.querySelectorAll("#moves .mv").length >= n, before.length + 2, { timeout: 15000 });
  await page.close();
});

await test("screenshots, desktop and phone", async () => {
  const docs = join(root, "docs");
  if (!existsSync(docs)) mkdirSync(docs);
  for (const [name, vp] of [["desktop", { width: 1200, height: 820 }], ["phone", { width: 390, height: 844 }]]) {
    const page = await browser.newPage({ viewport: vp, deviceScaleFactor: 1 });
    await page.goto(base + "/");
    // The lobby is drawn once the variants and the first page of games came.
    await page.waitForSelector("#games");
    await page.screenshot({ path: join(docs, `lobby-${name}.png`) });
    await newGame(page, { opponent: "engine", level: "1" });
    const v = await viewOf(page);
    await clickMove(page, v.moves.find((m) => m.text === "4Ci3"));
    await page.waitForFunction(() => document.querySelectorAll("#moves .mv").length >= 2, null, { timeout: 15000 });
    await page.click('g.card[data-square="j1"]');
    await page.screenshot({ path: join(docs, `game-${name}.png`), fullPage: name === "phone" });
    await page.close();
  }
});

// ---------- Chess Cards ----------
async function newChessCards(page, opts) {
  await page.goto(base + "/");
  await page.selectOption("select[name=variant]", "chess-cards");
  for (const [k, v] of Object.entries(opts)) {
    if (k === "seed") await page.fill("input[name=seed]", v);
    else await page.selectOption(`select[name=${k}]`, v);
  }
  await page.click("#create");
  await page.waitForSelector(".felt .zone.kind-hand");
}

// Plays one turn by clicking: the sacrifice mode and the card sacrificed
// first if any, then the card; a Queen led asks about the privilege.
async function clickTurn(page, mv) {
  const card = (id) => `.zone.kind-hand .pcard.playable[data-card="${id}"]`;
  if (mv.sacrifice) {
    await page.click("#sacrifice-mode");
    await page.click(card(mv.sacrifice));
  }
  await page.click(card(mv.card));
  if (mv.choice) await page.click(`.promo-choice:has-text("${mv.choice}")`);
}

// A turn to try: now and then a sacrifice or the privilege, else the
// first plain play the server lists.
function pickTurn(v, i) {
  const plain = v.moves.filter((m) => !m.sacrifice);
  if (i % 3 === 1) { const s = v.moves.filter((m) => m.sacrifice); if (s.length) return s[i % s.length]; }
  if (i % 4 === 2) { const p = plain.find((m) => m.privilege); if (p) return p; }
  return plain[i % plain.length] || v.moves[0];
}

await test("a whole Chess Cards match against the engine, by clicking", async () => {
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  await newChessCards(page, { opponent: "engine", level: "8", side: "dealer", seed: "7" });
  let turns = 0, sacrificed = false, privileged = false, sawGame2 = false;
  // Level 8 solves exactly: allow it minutes on a busy machine.
  const deadline = Date.now() + 8 * 60 * 1000;
  while (Date.now() < deadline) {
    const v = await viewOf(page);
    if (v.result) break;
    if (v.game === 2) sawGame2 = true;
    if (v.to_move !== v.you) { await page.waitForTimeout(100); continue; }
    assert(v.moves.length > 0, "no legal turn offered");
    // The page (over its WebSocket) says what is due.
    await page.waitForFunction(() => /^(Your lead|Reply to)/.test(document.querySelector("#status").textContent), null, { timeout: 10000 });
    const mv = pickTurn(v, turns);
    await clickTurn(page, mv);
    await page.waitForFunction((n) => document.querySelectorAll("#moves .mv").length > n, v.plies, { timeout: 120000 });
    const after = await viewOf(page);
    assert(after.history[v.plies] === mv.text, `played ${after.history[v.plies]}, meant ${mv.text}`);
    sacrificed ||= !!mv.sacrifice;
    privileged ||= !!mv.privilege;
    turns++;
  }
  const v = await viewOf(page);
  assert(v.result, `the match did not end (${turns} turns)`);
  assert(sawGame2 || v.game === 2, "no second game");
  assert(sacrificed, "no sacrifice was clicked");
  await page.waitForFunction(() => document.querySelector("#status").textContent.includes("match"), null, { timeout: 5000 });
  const status = await page.textContent("#status");
  assert(status.includes(v.result.result), "result not shown: " + status);
  const board = await page.textContent("#scoreboard");
  assert(board.includes("Match") && board.includes("Game 2"), "scoreboard: " + board);
  // The match's end with its points as data.
  await gameOver(page, v.result.winner === null ? "Draw" : v.result.winner === v.you ? "You won" : "You lost", v.result.reason);
  const pts = await page.textContent("#game-over-points");
  assert(pts.includes(String(v.result.points[0])) && pts.includes(String(v.result.points[1])), "points: " + pts);
  const rec = await page.evaluate(async (id) => (await fetch(`/api/games/${id}/record`)).text(), v.id);
  assert((rec.match(/\[Variant "Chess Cards"\]/g) || []).length === 2, "record: " + rec);
  console.log(`     ${turns} turns clicked${privileged ? ", the privilege too" : ""}: ${v.result.result} (${v.result.reason})`);
  await page.close();
});

await test("two browsers play Chess Cards through an invite link", async () => {
  const a = await browser.newPage();
  await newChessCards(a, { opponent: "friend", seed: "3" });
  const invite = await a.inputValue("#invite-link");
  const ctx = await browser.newContext();
  const b = await ctx.newPage();
  await b.goto(invite);
  await b.waitForSelector(".felt .zone.kind-hand");
  // The winner of a move leads the next: whoever is to act clicks.
  for (let i = 0; i < 4; i++) {
    const va = await viewOf(a);
    const [mover, watcher] = va.to_move === va.you ? [a, b] : [b, a];
    const v = mover === a ? va : await viewOf(b);
    assert(v.to_move === v.you, "nobody to act");
    await clickTurn(mover, pickTurn(v, i));
    // The other browser sees it at once, over the WebSocket.
    await watcher.waitForFunction((n) => document.querySelectorAll("#moves .mv").length === n, i + 1, { timeout: 5000 });
  }
  await ctx.close();
  await a.close();
});

await test("Chess Cards screenshots, desktop and phone", async () => {
  const docs = join(root, "docs");
  for (const [name, vp] of [["desktop", { width: 1200, height: 820 }], ["phone", { width: 390, height: 844 }]]) {
    const page = await browser.newPage({ viewport: vp, deviceScaleFactor: 1 });
    await newChessCards(page, { opponent: "engine", level: "8", side: "dealer", seed: "7" });
    // A few turns, a sacrifice among them; stop at a reply to the engine's lead.
    const deadline = Date.now() + 3 * 60 * 1000;
    for (let t = 0; Date.now() < deadline && t < 6;) {
      const v = await viewOf(page);
      if (v.result) break;
      if (v.to_move !== v.you) { await page.waitForTimeout(100); continue; }
      const onTable = v.zones.find((z) => z.id === "table").cards.length === 1;
      if (t >= 3 && onTable) break;
      const mv = pickTurn(v, t + 1);
      await clickTurn(page, mv);
      await page.waitForFunction((n) => document.querySelectorAll("#moves .mv").length > n, v.plies, { timeout: 60000 });
      t++;
    }
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(docs, `chess-cards-${name}.png`), fullPage: name === "phone" });
    await page.close();
  }
});

// ---------- Cuarenta ----------
async function newCuarenta(page, opts) {
  await page.goto(base + "/");
  await page.selectOption("select[name=variant]", "cuarenta");
  for (const [k, v] of Object.entries(opts)) await page.selectOption(`select[name=${k}]`, v);
  await page.click("#create");
  await page.waitForSelector("#board-svg g.disc");
}

// Plays a move by clicking its piece, its target, and its button when the
// click fits several moves (a promotion).
async function clickCuarenta(page, mv) {
  await page.click(`g.card[data-square="${mv.from}"]`);
  await page.click(`[data-target="${mv.to}"]`);
  if (await page.$(".promo-choice")) {
    await page.getByRole("button", { name: mv.choice, exact: true }).click();
  }
}

await test("a Cuarenta game against the engine, by clicking", async () => {
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  await page.goto(base + "/");
  await page.selectOption("select[name=variant]", "cuarenta");
  const sides = await page.$$eval("select[name=side] option", (os) => os.map((o) => o.textContent));
  assert(JSON.stringify(sides) === '["White","Black","Random"]', "sides: " + sides);
  assert((await page.$$("#variant-options select")).length === 0, "Cuarenta takes no options");
  await newCuarenta(page, { opponent: "engine", level: "1", side: "white" });
  // The 40 light squares are drawn, the 41 holes are not.
  assert((await page.$$("rect.sq")).length === 40, "squares drawn: " + (await page.$$("rect.sq")).length);
  assert(!(await page.$('rect.sq[data-square="a1"]')), "the hole a1 is drawn");
  assert((await page.$$("g.disc")).length === 26, "pieces drawn");
  assert((await page.getAttribute('g.disc[data-square="e2"]', "data-card")) === "White King", "White King on e2");
  let clicked = 0;
  for (let i = 0; clicked < 8 && i < 400; i++) {
    const v = await viewOf(page);
    if (v.result) break;
    if (v.to_move !== v.you) { await page.waitForTimeout(100); continue; }
    await page.waitForFunction(() => document.querySelector("#status").textContent.startsWith("White to move (you)"), null, { timeout: 10000 });
    // Promotions and castling first when offered, else a move from the list.
    const mv = v.moves.find((m) => m.promotion || m.castling) || v.moves[(i * 7) % v.moves.length];
    await clickCuarenta(page, mv);
    await page.waitForFunction((n) => document.querySelectorAll("#moves .mv").length > n, v.plies, { timeout: 15000 });
    const after = await viewOf(page);
    assert(after.history[v.plies] === mv.text, `played ${after.history[v.plies]}, meant ${mv.text}`);
    clicked++;
  }
  assert(clicked >= 8 || (await viewOf(page)).result, `only ${clicked} moves clicked`);
  // The engine answered every move.
  await page.waitForFunction(() => document.querySelectorAll("#moves .mv").length >= 16, null, { timeout: 15000 });
  const v = await viewOf(page);
  const rec = await page.evaluate(async (id) => (await fetch(`/api/games/${id}/record`)).text(), v.id);
  assert(rec.includes('[Variant "Cuarenta"]') && rec.includes(v.history[0]), "record: " + rec);
  await page.close();
});

await test("a Cuarenta promotion chosen by its button, and screenshots", async () => {
  const docs = join(root, "docs");
  const page = await browser.newPage({ viewport: { width: 1200, height: 820 }, deviceScaleFactor: 1 });
  await newCuarenta(page, { opponent: "friend" });
  const invite = await page.inputValue("#invite-link");
  const black = invite.split("#")[1];
  // White clicks; Black (a friend elsewhere) plays through the API.
  const line = ["Pdc4", "Pde6", "Pcd5", "Phg6", "Pc6", "Pgh5"];
  for (let i = 0; i < line.length; i++) {
    if (i % 2 === 0) {
      const v = await viewOf(page);
      // White's moves by their squares (d3-c4, c4-d5, d5-c6): the server
      // writes them in its canonical SAN.
      const [from, to] = { Pdc4: ["d3", "c4"], Pcd5: ["c4", "d5"], Pc6: ["d5", "c6"] }[line[i]];
      const mv = v.moves.find((m) => m.from === from && m.to === to);
      assert(mv, `${line[i]} not offered`);
      await clickCuarenta(page, mv);
    } else {
      const r = await page.evaluate(async ([id, token, move]) => (await fetch(`/api/games/${id}/moves`, {
        method: "POST", headers: { "Content-Type": "application/json", Authorization: "Bearer " + token }, body: JSON.stringify({ move }),
      })).status, [(await viewOf(page)).id, black, line[i]]);
      assert(r === 200, `${line[i]}: ${r}`);
    }
    await page.waitForFunction((n) => document.querySelectorAll("#moves .mv").length === n, i + 1, { timeout: 5000 });
  }
  // c6-d7 may promote to a Camel: one click, two buttons.
  await page.click('g.card[data-square="c6"]');
  await page.click('[data-target="d7"]');
  await page.waitForSelector(".promo-choice");
  const labels = await page.$$eval(".promo-choice", (bs) => bs.map((b) => b.textContent).sort());
  assert(JSON.stringify(labels) === '["Camel","no promotion"]', "buttons: " + labels);
  await page.screenshot({ path: join(docs, "cuarenta-desktop.png") });
  await page.getByRole("button", { name: "Camel", exact: true }).click();
  await page.waitForFunction(() => document.querySelectorAll("#moves .mv").length === 7, null, { timeout: 5000 });
  assert((await page.textContent('g.disc[data-square="d7"]')).startsWith("C"), "no Camel on d7");
  const v = await viewOf(page);
  assert(v.history[6].startsWith("Pd7=C"), "history: " + v.history);
  // The phone shows the same game, Black's turn.
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });
  await phone.goto(`${base}/game/${v.id}#${black}`);
  await phone.waitForSelector("#board-svg g.disc");
  await phone.waitForFunction(() => document.querySelector("#status").textContent.startsWith("Black to move (you)"), null, { timeout: 5000 });
  await phone.screenshot({ path: join(docs, "cuarenta-phone.png"), fullPage: true });
  await phone.close();
  await page.close();
});

// ---------- 52Chess ----------
await test("a 52Chess game: the card drawn, its square marked, a teleport by clicking", async () => {
  const page = await browser.newPage({ viewport: { width: 1200, height: 1100 } });
  await page.goto(base + "/");
  await page.waitForSelector("#create");
  // The seed decides the cards to come: the server picks it, no field.
  assert(await page.isVisible("input[name=seed]"), "the seed field is hidden for Cardmate");
  await page.selectOption("select[name=variant]", "52chess");
  assert(!(await page.isVisible("input[name=seed]")), "a seed field for 52Chess");
  await page.selectOption("select[name=opponent]", "engine");
  await page.selectOption("select[name=level]", "1");
  await page.selectOption("select[name=side]", "white");
  await page.click("#create");
  await page.waitForSelector("#board-svg g.disc");
  assert((await page.$$("rect.sq")).length === 52, "squares drawn: " + (await page.$$("rect.sq")).length);
  assert((await page.$$("g.disc")).length === 32, "pieces drawn");
  let teleported = false;
  for (let i = 0; i < 60 && !teleported; i++) {
    const v = await viewOf(page);
    if (v.result) break;
    if (v.to_move !== v.you) { await page.waitForTimeout(100); continue; }
    // The card is shown turned, and its square marked on the board.
    const dc = v.drawn_card;
    assert(dc && dc.name, "no card drawn: " + JSON.stringify(v.drawn_card));
    await page.waitForSelector(`#drawn svg.pcard[data-card="${dc.name}"]`, { timeout: 5000 });
    assert(await page.$(`rect.sq.marked[data-square="${dc.square}"]`), "the card's square is not marked");
    assert(v.history[v.history.length - 1] === "[" + dc.name + "]", "the draw is not the last ply: " + v.history);
    // A teleport when the card allows one, else a normal move.
    const mv = v.moves.find((m) => m.teleport) || v.moves.find((m) => m.from && m.to);
    assert(mv, "no move to click: " + JSON.stringify(v.moves));
    await page.click(`g.card[data-square="${mv.from}"]`);
    await page.click(`[data-target="${mv.to}"]`);
    if (await page.$(".promo-choice")) await page.getByRole("button", { name: mv.choice, exact: true }).click();
    await page.waitForFunction((n) => document.querySelectorAll("#moves .mv").length > n, v.plies, { timeout: 15000 });
    const after = await viewOf(page);
    assert(after.history[v.plies] === mv.text, `played ${after.history[v.plies]}, meant ${mv.text}`);
    if (mv.teleport) teleported = true;
  }
  assert(teleported, "no teleport was clicked");
  // The engine answers; the move list shows the cards before the moves.
  await page.waitForFunction(() => {
    const ms = [...document.querySelectorAll("#moves .mv")].map((e) => e.textContent);
    return ms.length >= 4 && ms[0].startsWith("[") && ms[2].startsWith("[");
  }, null, { timeout: 30000 });
  const v = await viewOf(page);
  // The game goes on: its record is not given (it would tell the seed).
  const r = await page.evaluate(async (id) => (await fetch(`/api/games/${id}/record`)).status, v.id);
  assert(r === 409 || v.result, "record status " + r);
  await page.close();
});

// ---------- Dealer's Chess ----------
await test("a Dealer's Chess game: the deal, the arrangement by tapping cards onto squares, a move, the reference card", async () => {
  const docs = join(root, "docs");
  const page = await browser.newPage({ viewport: { width: 1280, height: 1000 }, deviceScaleFactor: 1 });
  await page.goto(base + "/");
  await page.waitForSelector("#create");
  await page.selectOption("select[name=variant]", "dealers");
  assert(!(await page.isVisible("input[name=seed]")), "a seed field for Dealer's Chess (random arrangements come from it)");
  // Each option asked for as its kind says: the deck (a text) is a box
  // with its words as suggestions, the deck file a file chooser.
  const opts = await page.$$eval("#variant-options select, #variant-options input:not([type=file])", (ss) => ss.map((s) => s.name));
  assert(JSON.stringify(opts) === '["board","alternate","deck","zombie_royal"]', "options: " + opts);
  assert(await page.$("#variant-options input[name=deck][list]"), "the deck is not a text box with suggestions");
  assert(await page.$("#variant-options input[type=file][name=deck_file]"), "no deck file chooser");
  await page.selectOption("select[name=opponent]", "engine");
  await page.selectOption("select[name=level]", "1");
  await page.selectOption("select[name=side]", "white");
  await page.click("#create");
  await page.waitForSelector("#arrange .slot");
  let v = await viewOf(page);
  assert(v.arranging && v.deal && v.deal.seats.length === 2, "no deal in the view");
  assert(v.acting.includes(0), "White is not to arrange: " + JSON.stringify(v.acting));
  // Only the royals stand on the board before the arrangements.
  assert((await page.$$("g.disc")).length === 2, "pieces before the arrangement");
  const mine = v.deal.seats[0];
  // Tap a card, then a square: 7 pieces on the back row, 8 pawns.
  const backSlots = await page.$$eval('#arrange [data-slot^="back-"]', (xs) => xs.map((x) => x.dataset.slot));
  assert(backSlots.length === 7, "back slots: " + backSlots.length);
  for (let i = 0; i < 7; i++) {
    await page.click(`#arrange .pool .card-chip[data-code="${mine.pieces[i].code}"]`);
    await page.click(`#arrange [data-slot="back-${i}"]`);
  }
  for (let i = 0; i < 8; i++) {
    await page.click(`#arrange .pool .card-chip[data-code="${mine.pawns[i].code}"]`);
    await page.click(`#arrange [data-slot="pawns-${i}"]`);
  }
  // Hovering a card shows its reference card.
  await page.hover(`#arrange .pool .card-chip[data-code="${mine.pieces[7].code}"]`);
  await page.waitForSelector(`#card-view img[src="/cards/${mine.pieces[7].code}.svg"]`);
  await page.screenshot({ path: join(docs, "dealers-arrange.png") });
  assert(await page.isEnabled("#arrange-send"), "Ready is not enabled with every square filled");
  await page.click("#arrange-send");
  // The engine arranges after us; then the board is full and play starts.
  await page.waitForFunction(() => document.querySelectorAll("#board-svg g.disc").length === 32, null, { timeout: 30000 });
  v = await viewOf(page);
  assert(!v.arranging, "still arranging");
  const code = (c) => (c.length === 1 ? c : `[${c}]`);
  const expected = mine.pieces.slice(0, 7).map((c) => code(c.code)).join("") + "/" + mine.pawns.map((c) => code(c.code)).join("");
  assert(v.history[0] === expected, `arranged ${v.history[0]}, meant ${expected}`);
  assert((await page.textContent("#hand-white")).includes(mine.pieces[8].code), "the kept cards are not in White's hand");
  // A move by clicking, and the piece's reference card when it is selected.
  const mv = v.moves.find((m) => m.from && m.to);
  await page.click(`g.card[data-square="${mv.from}"]`);
  await page.waitForSelector("#card-view img");
  await page.click(`[data-target="${mv.to}"]`);
  if (await page.$(".promo-choice")) await page.getByRole("button", { name: mv.choice, exact: true }).click();
  await page.waitForFunction((n) => document.querySelectorAll("#moves .mv").length > n, v.plies, { timeout: 15000 });
  const after = await viewOf(page);
  assert(after.history[v.plies] === mv.text, `played ${after.history[v.plies]}, meant ${mv.text}`);
  await page.waitForFunction((n) => document.querySelectorAll("#moves .mv").length > n, v.plies + 1, { timeout: 30000 });
  await page.screenshot({ path: join(docs, "dealers-desktop.png") });
  await page.close();
});

await test("a Dealer's Chess arrangement stays hidden from the other player until both are made", async () => {
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  await page.goto(base + "/");
  await page.waitForSelector("#create");
  await page.selectOption("select[name=variant]", "dealers");
  await page.selectOption("select[name=opponent]", "friend");
  await page.click("#create");
  await page.waitForSelector("#arrange .slot");
  const invite = await page.inputValue("#invite-link");
  await page.click("#arrange-random");
  await page.waitForSelector("#arrange .waiting");
  const v = await viewOf(page);
  const white = v.history[0];
  assert(white && white.includes("/"), "White's arrangement: " + white);
  const black = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  await black.goto(invite);
  await black.waitForSelector("#arrange .slot");
  const seen = await black.content();
  const back = white.split("/")[0];
  assert(!seen.includes(back), "Black's page shows White's back row");
  const bv = await viewOf(black);
  assert(JSON.stringify(bv.history) === '["(arranged)"]', "Black sees: " + bv.history);
  assert(!JSON.stringify(bv).includes(back), "Black's view holds White's back row");
  await black.click("#arrange-random");
  await black.waitForFunction(() => document.querySelectorAll("#board-svg g.disc").length === 32, null, { timeout: 10000 });
  const after = await viewOf(black);
  assert(after.history[0] === white, "after both: " + after.history);
  await black.close();
  await page.close();
});

await test("a Dealer's Chess re-deal agreed by buttons, then a simplified arrangement by tapping", async () => {
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  await page.goto(base + "/");
  await page.waitForSelector("#create");
  await page.selectOption("select[name=variant]", "dealers");
  await page.selectOption("select[name=alternate]", "simplified");
  await page.selectOption("select[name=opponent]", "friend");
  await page.click("#create");
  await page.waitForSelector("#arrange .slot");
  const invite = await page.inputValue("#invite-link");
  const before = (await viewOf(page)).deal.seats;
  // White offers a re-deal; Black agrees by its button.
  await page.click("#arrange-redeal");
  const black = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  await black.goto(invite);
  await black.getByRole("button", { name: "Agree to a re-deal", exact: true }).click();
  await page.waitForFunction((old) => document.querySelector("#arrange") && !document.querySelector("#arrange").textContent.includes(old), before[0].pieces.map((c) => c.code).join(""), { timeout: 10000 });
  const v = await viewOf(page);
  assert(JSON.stringify(v.deal.seats) !== JSON.stringify(before), "the same deal after the re-deal");
  assert(v.deal.simplified && v.deal.seats[0].pieces.length === 7 && v.deal.seats[0].pawns.length === 3, "not a simplified deal");
  // Queen, Rook, Bishop, Knight, then the one Pawn card.
  const mine = v.deal.seats[0];
  for (let i = 0; i < 4; i++) {
    await page.click(`#arrange .pool .card-chip[data-code="${mine.pieces[i].code}"]`);
    await page.click(`#arrange [data-slot="back-${i}"]`);
  }
  await page.click(`#arrange .pool .card-chip[data-code="${mine.pawns[1].code}"]`);
  await page.click('#arrange [data-slot="pawns-0"]');
  await page.click("#arrange-send");
  await black.waitForSelector("#arrange-random");
  await black.click("#arrange-random");
  await page.waitForFunction(() => document.querySelectorAll("#board-svg g.disc").length === 32, null, { timeout: 10000 });
  const after = await viewOf(page);
  const pawns = after.pieces.filter((p) => p.square.endsWith("2") && p.owner === 0).map((p) => p.code);
  assert(pawns.length === 8 && pawns.every((c) => c === mine.pawns[1].code), "pawns: " + pawns);
  const queen = after.pieces.find((p) => p.square === "d1");
  assert(queen && queen.code === mine.pieces[0].code, "no Queen stand-in on d1");
  await black.close();
  await page.close();
});

// ---------- Clocks ----------
await test("a 1+0 game lost on time, the clock seen running", async () => {
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  await page.goto(base + "/");
  await page.selectOption("select[name=variant]", "cuarenta");
  await page.selectOption("select[name=time]", "1+0");
  await page.selectOption("select[name=opponent]", "engine");
  await page.selectOption("select[name=level]", "1");
  await page.selectOption("select[name=side]", "white");
  await page.click("#create");
  await page.waitForSelector("#board-svg g.disc");
  await page.waitForSelector("#clock-0");
  assert((await page.textContent("#clock-0 .clock-time")) === "1:00", "White's clock: " + (await page.textContent("#clock-0 .clock-time")));
  // The first move is untimed; then, after the engine's, White's clock runs.
  const v = await viewOf(page);
  const mv = v.moves[0];
  await page.click(`g.card[data-square="${mv.from}"]`);
  await page.click(`[data-target="${mv.to}"]`);
  await page.waitForSelector("#clock-0.running", { timeout: 15000 });
  const a = Number(await page.getAttribute("#clock-0", "data-ms"));
  await page.waitForTimeout(1500);
  const b = Number(await page.getAttribute("#clock-0", "data-ms"));
  assert(b < a - 1000, `the clock does not run: ${a} then ${b}`);
  // The tab says whose turn it is, with the clock (issue 31 item 4).
  const title = await page.title();
  assert(/^Your turn \d:\d\d \u00b7 Cuarenta/.test(title), "the tab's title: " + title);
  assert(!(await page.$("#clock-0.low")), "a full clock drawn low");
  // Under a tenth of its minute the clock turns low (red), in tenths.
  await page.waitForSelector("#clock-0.low", { timeout: 70000 });
  const low = Number(await page.getAttribute("#clock-0", "data-ms"));
  assert(low <= 6000 && low > 4000, `low at ${low} ms`);
  assert(/^0:0\d\.\d$/.test(await page.textContent("#clock-0 .clock-time")), "tenths under 10 s");
  // White never moves again: the flag falls, the server says so.
  await page.waitForFunction(() => document.querySelector("#status").textContent.includes("lost on time"), null, { timeout: 70000 });
  assert((await page.textContent("#clock-0 .clock-time")) === "0:00.0", "White's clock after the flag");
  await gameOver(page, "You lost", "lost on time");
  const after = await viewOf(page);
  assert(after.result && after.result.result === "0-1", "result: " + JSON.stringify(after.result));
  const rec = await page.evaluate(async (id) => (await fetch(`/api/games/${id}/record`)).text(), after.id);
  assert(rec.includes('[TimeControl "60+0"]') && rec.includes("White lost on time"), "record: " + rec);
  await page.close();
});

await test("a takeback asked of a friend and accepted", async () => {
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  await newCuarenta(page, { opponent: "friend" });
  const invite = await page.inputValue("#invite-link");
  const black = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  await black.goto(invite);
  await black.waitForSelector("#board-svg g.disc");
  // White moves, then Black; White asks to take back, Black accepts.
  let v = await viewOf(page);
  await clickCuarenta(page, v.moves[0]);
  await black.waitForFunction(() => document.querySelectorAll("#moves .mv").length === 1, null, { timeout: 5000 });
  v = await viewOf(black);
  await clickCuarenta(black, v.moves[0]);
  await page.waitForFunction(() => document.querySelectorAll("#moves .mv").length === 2, null, { timeout: 5000 });
  await page.click("#takeback");
  await black.waitForSelector("#takeback-accept", { timeout: 5000 });
  assert((await black.textContent("#status")).includes("asks to take back"), "Black is not asked");
  await black.click("#takeback-accept");
  await page.waitForFunction(() => document.querySelectorAll("#moves .mv").length === 0, null, { timeout: 5000 });
  const after = await viewOf(page);
  assert(after.plies === 0 && after.to_move === 0, "after the takeback: " + after.plies);
  await black.close();
  await page.close();
});

await test("chat between two friends, text never markup, and switched off", async () => {
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  await newCuarenta(page, { opponent: "friend" });
  const invite = await page.inputValue("#invite-link");
  const black = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  await black.goto(invite);
  await black.waitForSelector("#chat-input");
  // Presence (item 11): White sees Black's page open, Black sees White's.
  await page.waitForSelector("#presence-1.on", { timeout: 5000 });
  await black.waitForSelector("#presence-0.on", { timeout: 5000 });
  await page.fill("#chat-input", "<img src=x onerror=alert(1)> good luck");
  await page.press("#chat-input", "Enter");
  await black.waitForFunction(() => document.querySelector("#chat-lines") && document.querySelector("#chat-lines").textContent.includes("good luck"), null, { timeout: 5000 });
  assert(!(await black.$("#chat-lines img")), "a message became markup");
  // Each line under its writer's name and seat; the box names the other.
  assert((await black.textContent("#chat-lines .chat-line")).includes("(White): "), "the writer is not named");
  assert((await black.getAttribute("#chat-input", "placeholder")).includes("(White)"), "the other player is not named");
  await black.click("#chat-toggle");
  assert(!(await black.$("#chat-lines")), "the chat is still shown");
  await black.reload();
  await black.waitForSelector("#chat-toggle");
  assert(!(await black.$("#chat-lines")), "the switch was forgotten");
  await black.click("#chat-toggle");
  await black.close();
  // Black's page closed: White sees it away.
  await page.waitForSelector("#presence-1:not(.on)", { timeout: 10000 });
  await page.close();
  // Against the engine there is no one to talk to: no chat (item 10).
  const solo = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  await newCuarenta(solo, { opponent: "engine" });
  await solo.waitForSelector("#board-svg");
  assert(!(await solo.$("#chat-input")) && !(await solo.$("#chat-toggle")), "a chat with the engine");
  await solo.close();
});

await test("a seek made in one browser and accepted in a second, nicknames shown", async () => {
  const ctxA = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  const ctxB = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  const a = await ctxA.newPage();
  await a.goto(base + "/");
  await a.selectOption("select[name=variant]", "cuarenta");
  await a.selectOption("select[name=time]", "3+2");
  await a.selectOption("select[name=side]", "white");
  await a.fill("#nickname", "Ann");
  // A seek: the opponent "anyone in the lobby", then its button.
  await a.selectOption("select[name=opponent]", "seek");
  await a.click("#seek");
  await a.waitForSelector("#my-seek .waiting");
  const b = await ctxB.newPage();
  await b.goto(base + "/");
  await b.fill("#nickname", "Bob");
  await b.dispatchEvent("#nickname", "change");
  await b.waitForSelector("#seeks .accept-seek", { timeout: 10000 });
  assert((await b.textContent("#seeks")).includes("Ann"), "the seek is not shown with its maker's name");
  await b.click("#seeks .accept-seek");
  // Both are in the game at once.
  await b.waitForSelector("#board-svg g.disc");
  await a.waitForSelector("#board-svg g.disc", { timeout: 10000 });
  assert(a.url() === b.url(), `different games: ${a.url()} ${b.url()}`);
  const va = await viewOf(a), vb = await viewOf(b);
  assert(va.you === 0 && vb.you === 1, "seats: " + va.you + " " + vb.you);
  await a.waitForFunction(() => document.querySelector("#players").textContent.includes("Ann") && document.querySelector("#players").textContent.includes("Bob"), null, { timeout: 5000 });
  assert(va.clock && va.clock.initial_ms === 180000, "no 3+2 clock");
  // The lobby of a third visitor lists it as being played.
  const c = await ctxB.newPage();
  await c.goto(base + "/");
  await c.waitForFunction((id) => document.querySelector("#ongoing") && document.querySelector("#ongoing").innerHTML.includes(id), va.id, { timeout: 10000 });
  await ctxA.close();
  await ctxB.close();
});

await test("the lobby asks for each option as its kind says: a number box that also takes its words, a list, a file chooser", async () => {
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  await page.goto(base + "/");
  await page.waitForSelector("#create");
  // Cardmate: quiet_limit is a number that also takes "off".
  const box = "#variant-options input[name=quiet_limit]";
  assert(await page.$(box), "no box for the quiet limit");
  const words = await page.$$eval("#variant-options datalist#options-quiet_limit option", (os) => os.map((o) => o.value));
  assert(JSON.stringify(words) === '["100","off"]', "suggestions: " + words);
  assert(await page.$("#variant-options select[name=setup]"), "the setup (a choice) is not a list");
  await page.fill(box, "off");
  await page.selectOption("select[name=opponent]", "friend");
  const sent = page.waitForRequest((r) => r.url().endsWith("/api/games") && r.method() === "POST");
  await page.click("#create");
  const body = (await sent).postDataJSON();
  assert(body.options.quiet_limit === "off" && body.options.setup === "predefined", "options sent: " + JSON.stringify(body.options));
  await page.waitForSelector("#board-svg");
  // A number box refuses what is neither a number nor one of its words.
  await page.goto(base + "/");
  await page.waitForSelector("#create");
  await page.fill(box, "never");
  assert(!(await page.$eval(box, (i) => i.checkValidity())), "the box took 'never'");
  // Dealer's Chess: its deck file is a file chooser.
  await page.selectOption("select[name=variant]", "dealers");
  assert(await page.$("#variant-options input[type=file][name=deck_file]"), "no deck file chooser");
  await page.close();
});

await test("rough edges: no such game, resign asks first, buttons that cannot work, the invite, the icon", async () => {
  // An unknown game: a message, and no retrying.
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(base + "/game/0123456789ab");
  await page.waitForSelector("#no-game", { timeout: 5000 });
  await page.waitForTimeout(2500);
  assert(await page.$("#no-game"), "the message went away");
  assert((await fetch(base + "/favicon.ico")).status === 200, "no favicon");
  // At 1280x800 the whole Cardmate board, coordinates included, is on screen.
  await newGame(page, { opponent: "engine", level: "1", side: "forehand" });
  const box = await (await page.$("#board-svg")).boundingBox();
  assert(box.y + box.height <= 800 + 1, `the board ends at ${box.y + box.height} px, below the fold`);
  // A friend game: the invited player is told his seat; the invite goes
  // once the game is under way; a spectator has no seat's buttons.
  await newCuarenta(page, { opponent: "friend" });
  const invite = await page.inputValue("#invite-link");
  const black = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await black.goto(invite);
  await black.waitForSelector("#player-1");
  assert((await black.textContent("#player-1")).includes("(you)"), "the invited player is not told his seat");
  let v = await viewOf(page);
  await clickCuarenta(page, v.moves[0]);
  await page.waitForFunction(() => !document.querySelector("#invite-link"), null, { timeout: 5000 });
  const watcher = await browser.newPage();
  await watcher.goto(`${base}/game/${v.id}`);
  await watcher.waitForSelector("#board-svg");
  for (const id of ["resign", "draw", "rematch", "takeback"]) {
    assert(!(await watcher.isVisible("#" + id)), `a spectator sees ${id}`);
  }
  // Resign asks first; after the end, no resignation or draw.
  await black.click("#resign");
  assert((await black.textContent("#resign")) === "Really resign?", "resign did not ask");
  assert(!(await viewOf(black)).result, "one click resigned");
  await black.click("#resign");
  await black.waitForFunction(() => document.querySelector("#status").textContent.includes("resigned"), null, { timeout: 5000 });
  assert(await black.isDisabled("#resign") && await black.isDisabled("#draw"), "resign and draw still live after the end");
  // By resignation: the loser, the winner and a spectator each told.
  await gameOver(black, "You lost", "resigned");
  await gameOver(page, "You won", "resigned");
  await gameOver(watcher, "White wins", "resigned");
  assert(!(await watcher.$("#over-rematch")), "a spectator is offered a rematch");
  await watcher.close();
  await black.close();
  await page.close();
});

await test("a Cuarenta game played from the keyboard: moves typed with completion, arrow keys step", async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await newCuarenta(page, { opponent: "engine", level: "1", side: "white" });
  for (let i = 0; i < 3; i++) {
    await page.waitForFunction(() => !document.querySelector("#move-form").hidden, null, { timeout: 15000 });
    const v = await viewOf(page);
    const options = await page.$$eval("#move-list option", (os) => os.map((o) => o.value));
    assert(options.length === new Set(v.moves.map((m) => m.text)).size, "completions: " + options.length);
    const mv = v.moves[(i * 5) % v.moves.length].text;
    await page.focus("#move-input");
    await page.keyboard.type(mv);
    await page.keyboard.press("Enter");
    await page.waitForFunction((n) => document.querySelectorAll("#moves .mv").length >= n + 2, v.plies, { timeout: 15000 });
    assert((await viewOf(page)).history[v.plies] === mv, "typed " + mv);
  }
  // A bad move says why and plays nothing.
  await page.focus("#move-input");
  await page.keyboard.type("Zz9");
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => document.querySelector("#status").textContent.startsWith("Illegal move"), null, { timeout: 5000 });
  // The arrow keys step back through the moves.
  await page.focus("#board");
  await page.click("#board-svg", { position: { x: 5, y: 5 } });
  await page.keyboard.press("ArrowLeft");
  await page.waitForFunction(() => document.querySelector("#status").textContent.startsWith("Viewing after ply 5"), null, { timeout: 5000 });
  await page.keyboard.press("End");
  await page.waitForFunction(() => !document.querySelector("#status").textContent.startsWith("Viewing"), null, { timeout: 5000 });
  // A step back whose answer comes late, then straight back to the
  // present: the late answer does not put the past on the board.
  const hold = await holdAnswers(page, /\/api\/games\/[^/?]+\?ply=\d+$/, 1500);
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("End");
  await page.waitForTimeout(2500);
  assert(hold.held() === 1, "the step back was not asked: " + hold.held());
  const said = await page.textContent("#status");
  assert(!said.startsWith("Viewing"), "a late answer put the past on the board: " + said);
  await hold.release();
  await page.close();
});

await test("a compulsory capture marks the cards that must capture, and another card says why", async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await newGame(page, { opponent: "friend" });
  const invite = await page.inputValue("#invite-link");
  const tokens = [await page.evaluate(() => localStorage.getItem("deckmate-token-" + location.pathname.split("/").pop())), invite.split("#")[1]];
  const id = invite.split("/game/")[1].split("#")[0];
  const get = (t) => fetch(`${base}/api/games/${id}`, { headers: { Authorization: "Bearer " + t } }).then((r) => r.json());
  // Random moves through the API until a capture is compulsory.
  let seat = null;
  for (let i = 0; i < 300 && seat === null; i++) {
    const v0 = await get(tokens[0]);
    if (v0.result) break;
    const t = tokens[v0.to_move];
    const v = await get(t);
    if (v.compulsory) { seat = v.to_move; break; }
    const mv = v.moves[(i * 7 + 3) % v.moves.length];
    await fetch(`${base}/api/games/${id}/moves`, { method: "POST", headers: { "Content-Type": "application/json", Authorization: "Bearer " + t }, body: JSON.stringify({ move: mv.text }) });
  }
  assert(seat !== null, "no compulsory capture came up");
  const p = seat === 0 ? page : await browser.newPage({ viewport: { width: 1280, height: 800 } });
  if (seat === 1) await p.goto(invite);
  await p.reload();
  await p.waitForSelector("#board-svg g.card.must", { timeout: 5000 });
  const v = await viewOf(p);
  const froms = new Set(v.moves.map((m) => m.from));
  const marked = await p.$$eval("#board-svg g.card.must", (gs) => gs.map((g) => g.getAttribute("data-square")));
  assert(marked.length === froms.size && marked.every((s) => froms.has(s)), `marked ${marked} for ${[...froms]}`);
  const other = v.pieces.find((x) => x.owner === seat && !froms.has(x.square));
  if (other) {
    await p.click(`g.card[data-square="${other.square}"]`);
    await p.waitForFunction(() => document.querySelector("#status").textContent.includes("compulsory"), null, { timeout: 3000 });
  }
  await page.close();
  if (p !== page) await p.close();
});

await test("each game's rules as a page, with its start drawn, one click from the lobby and the game", async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(base + "/");
  await page.waitForSelector("#create");
  await page.selectOption("select[name=variant]", "cuarenta");
  await page.click("#rules-link");
  await page.waitForSelector("#rules-page h1");
  assert(page.url().endsWith("/rules/cuarenta"), "url " + page.url());
  assert((await page.$$("#rules-page h2")).length >= 5, "few headings");
  assert((await page.$$("#board-svg rect.sq")).length === 40, "the start is not drawn");
  // The text's hard line breaks are undone (it fits a phone), its lists
  // keep a line an item.
  const paras = await page.$$eval("#rules-page .rules-text", (ps) => ps.map((p) => p.textContent));
  const board = paras.find((p) => p.startsWith("A 9x9 board"));
  assert(board && !board.includes("\n") && board.includes("Only the 40 light squares exist"), "the board's paragraph: " + board);
  const setup = paras.find((p) => p.includes("White: King e2"));
  assert(setup && setup.split("\n").length === 3 && setup.includes("Frogs d1 f1, Vaos a2 i2"), "the setup: " + setup);
  assert((await page.$$eval("#rules-page h2", (hs) => hs.map((h) => h.textContent))).includes("THE PIECES (letters K B C V G F P)"), "headings");
  for (const key of ["cardmate", "chess-cards", "52chess", "dealers"]) {
    await page.goto(`${base}/rules/${key}`);
    await page.waitForSelector("#rules-page h1");
    const drawn = (await page.$$("#board-svg")).length + (await page.$$("#zones .zone")).length;
    assert(drawn > 0, key + ": nothing drawn");
  }
  await page.screenshot({ path: join(root, "docs", "rules-desktop.png") });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${base}/rules/cuarenta`);
  await page.waitForSelector("#rules-page h1");
  await page.screenshot({ path: join(root, "docs", "rules-phone.png") });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${base}/rules/nosuchgame`);
  await page.waitForSelector("text=No such game");
  // From a game: the Rules link.
  await newCuarenta(page, { opponent: "friend" });
  assert((await page.getAttribute("#rules", "href")) === "/rules/cuarenta", "the game's rules link");
  await page.close();
});

// ---- the board from the keyboard, dragging, a move's slide, its sound ----
// Tabs until the element with this id has the focus.
async function tabTo(page, id) {
  for (let i = 0; i < 40; i++) {
    if (await page.evaluate((id) => document.activeElement && document.activeElement.id === id, id)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error("Tab never reached #" + id);
}

// Moves the board's cursor to a square by the arrow keys: up or down to
// its row as seen on screen, then along the row.
async function keyTo(page, sq) {
  for (let i = 0; i < 60; i++) {
    const key = await page.evaluate((sq) => {
      const at = document.querySelector(".cursor-ring").getAttribute("data-cursor");
      if (at === sq) return null;
      const box = (n) => document.querySelector(`rect.sq[data-square="${n}"]`).getBoundingClientRect();
      const a = box(at), b = box(sq);
      if (Math.abs(a.y - b.y) > 2) return b.y < a.y ? "ArrowUp" : "ArrowDown";
      return b.x < a.x ? "ArrowLeft" : "ArrowRight";
    }, sq);
    if (!key) return;
    await page.keyboard.press(key);
  }
  throw new Error("the cursor never got to " + sq);
}

// Plays a move from the board's keys: the cursor to the piece, Enter, to
// the target, Enter, and when the move is one of several there (a
// promotion), Tab to its button and Enter. The board has the focus after.
async function keyMove(page, v, mv) {
  await keyTo(page, mv.from);
  await page.keyboard.press("Enter");
  const said = await page.textContent("#board-say");
  assert(said.startsWith(mv.from + ":") && said.endsWith("picked"), "said on picking: " + said);
  await keyTo(page, mv.to);
  await page.keyboard.press("Enter");
  const options = v.moves.filter((m) => m.from === mv.from && m.to === mv.to);
  if (options.length > 1) {
    assert(await page.evaluate(() => document.activeElement.classList.contains("promo-choice")), "the choice has no focus");
    for (let i = 0; i < options.indexOf(mv); i++) await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
  }
  await page.waitForFunction((n) => document.querySelectorAll("#moves .mv").length > n, v.plies, { timeout: 15000 });
  await page.waitForFunction(() => document.activeElement && document.activeElement.id === "board-svg", null, { timeout: 5000 });
}

await test("issue 31 item 9: the move box keeps the focus after a typed move; the move list is reached by Tab and stepped by Enter; the step buttons have names", async () => {
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  await newCuarenta(page, { opponent: "engine", level: "1", side: "white" });
  let v = await viewOf(page);
  await page.click("#move-input");
  await page.fill("#move-input", v.moves[0].text);
  await page.press("#move-input", "Enter");
  // The engine answers; the box has the focus again for the next move.
  await page.waitForFunction(() => document.querySelectorAll("#moves .mv").length >= 2, null, { timeout: 15000 });
  await page.waitForFunction(() => document.activeElement && document.activeElement.id === "move-input", null, { timeout: 5000 });
  // Tab reaches the moves of the list; Enter steps to one.
  let onMove = false;
  for (let i = 0; i < 40 && !onMove; i++) {
    await page.keyboard.press("Tab");
    onMove = await page.evaluate(() => document.activeElement && document.activeElement.classList.contains("mv"));
  }
  assert(onMove, "Tab never reached the move list");
  const label = await page.evaluate(() => document.activeElement.getAttribute("aria-label"));
  assert(/ply \d+$/.test(label), "a move's name: " + label);
  await page.keyboard.press("Enter");
  await page.waitForSelector("#moves .mv.current[aria-current=step]", { timeout: 5000 });
  for (const id of ["first", "prev", "next", "last"]) {
    const name = await page.getAttribute("#" + id, "aria-label");
    assert(name && name.length > 4, `#${id} has no name`);
  }
  await page.close();
});

await test("a whole game made with the keyboard alone: the lobby's form, then every move by the board's keys", async () => {
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  await page.goto(base + "/");
  await page.waitForSelector("#create");
  // The form: Cardmate (the first game) against the engine at level 1.
  assert(await page.inputValue("select[name=variant]") === "cardmate", "the first game is not Cardmate");
  for (let i = 0; i < 20 && !(await page.evaluate(() => document.activeElement.name === "level")); i++) await page.keyboard.press("Tab");
  await page.keyboard.press("Home");
  assert(await page.inputValue("select[name=level]") === "1", "level " + await page.inputValue("select[name=level]"));
  await tabTo(page, "create");
  await page.keyboard.press("Enter");
  await page.waitForSelector("#board-svg g.card");
  // The board: one tab stop after the move box, the cursor on a piece of
  // one's own, each square said.
  await tabTo(page, "board-svg");
  assert(await page.getAttribute("#board-svg", "role") === "application", "the board's role");
  let v = await viewOf(page);
  const start = await page.getAttribute(".cursor-ring", "data-cursor");
  assert(v.pieces.some((p) => p.square === start && p.owner === v.you), "the cursor starts on " + start);
  assert(await page.isVisible(".cursor-ring"), "no ring on the cursor's square");
  await keyTo(page, "e5");
  assert(await page.textContent("#board-say") === "e5: empty", "said: " + await page.textContent("#board-say"));
  await keyTo(page, "c2");
  assert(/^c2: \w+ of (Clubs|Diamonds|Hearts|Spades), Forehand's$/.test(await page.textContent("#board-say")), "said: " + await page.textContent("#board-say"));
  // The arrow keys on the board move its cursor, not through the moves.
  let moves = 0;
  for (let i = 0; i < 600; i++) {
    v = await viewOf(page);
    if (v.result) break;
    if (v.to_move !== v.you) { await page.waitForTimeout(100); continue; }
    // Captures first, so the game ends sooner (as when clicking).
    const mv = v.moves.find((m) => m.text.includes(":")) || v.moves[i % v.moves.length];
    await keyMove(page, v, mv);
    assert((await viewOf(page)).history[v.plies] === mv.text, "played " + (await viewOf(page)).history[v.plies] + " for " + mv.text);
    moves++;
  }
  v = await viewOf(page);
  assert(v.result, `the game did not end (${moves} moves by keys)`);
  assert(!(await page.textContent("#status")).startsWith("Viewing"), "the arrow keys stepped through the moves");
  await page.waitForFunction((r) => document.querySelector("#status").textContent.includes(r), v.result.result, { timeout: 5000 });
  await page.close();
});

await test("the board's keys on Cuarenta seen from Black: up is up on screen, holes skipped, Escape, the arrow keys off the board step, a promotion", async () => {
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  await newCuarenta(page, { opponent: "engine", level: "1", side: "black" });
  await page.waitForFunction(() => document.querySelectorAll("#moves .mv").length >= 1, null, { timeout: 15000 });
  await tabTo(page, "board-svg");
  const v = await viewOf(page);
  const ring = async () => {
    const [sq, box] = await page.$eval(".cursor-ring", (r) => [r.getAttribute("data-cursor"), r.getBoundingClientRect().toJSON()]);
    assert(!v.board.holes.includes(sq), "the cursor on the hole " + sq);
    return { sq, x: box.x, y: box.y };
  };
  // Black's pieces are at the bottom of the board turned round.
  const a = await ring();
  assert(v.pieces.some((p) => p.square === a.sq && p.owner === 1), "the cursor starts on " + a.sq);
  await page.keyboard.press("ArrowUp");
  const b = await ring();
  assert(b.y < a.y && Number(b.sq.slice(1)) < Number(a.sq.slice(1)), `up went from ${a.sq} to ${b.sq}`);
  await page.keyboard.press("ArrowRight");
  const c = await ring();
  assert(c.x > b.x && Math.abs(c.y - b.y) < 2 && c.sq[0] < b.sq[0], `right went from ${b.sq} to ${c.sq}`);
  // Every square, holes skipped, is reached from the keys: play three moves.
  for (let i = 0; i < 3; i++) {
    await page.waitForFunction(() => document.querySelector("#status").textContent.startsWith("Black to move (you)"), null, { timeout: 15000 });
    const w = await viewOf(page);
    const mv = w.moves.filter((m) => !m.promotion)[(i * 5) % w.moves.length] || w.moves[0];
    await keyMove(page, w, mv);
    assert((await viewOf(page)).history[w.plies] === mv.text, "played " + (await viewOf(page)).history[w.plies]);
  }
  // Escape puts a piece picked back.
  await page.waitForFunction(() => document.querySelector("#status").textContent.startsWith("Black to move (you)"), null, { timeout: 15000 });
  const w = await viewOf(page);
  await keyTo(page, w.moves[0].from);
  await page.keyboard.press("Space");
  assert(await page.$("rect.sq.selected") && (await page.$$("circle.target")).length > 0, "Space picked nothing");
  await page.keyboard.press("Escape");
  assert(!(await page.$("rect.sq.selected")) && (await page.$$("circle.target")).length === 0, "Escape put nothing back");
  assert(await page.evaluate(() => document.activeElement.id) === "board-svg", "the board lost the focus");
  // Off the board (on the Play button), the arrow keys step through the moves again.
  await page.keyboard.press("Shift+Tab");
  assert(await page.evaluate(() => document.activeElement.id) !== "board-svg", "the focus stayed");
  await page.keyboard.press("ArrowLeft");
  await page.waitForFunction(() => document.querySelector("#status").textContent.startsWith("Viewing after ply"), null, { timeout: 5000 });
  // A promotion from the keys (the line of the promotion test, played
  // through the API): its buttons take the focus, then give it back.
  await newCuarenta(page, { opponent: "friend" });
  const id = (await viewOf(page)).id;
  const tokens = [await page.evaluate(() => localStorage.getItem("deckmate-token-" + location.pathname.split("/").pop())), (await page.inputValue("#invite-link")).split("#")[1]];
  for (const [i, move] of ["d3c4", "Pde6", "c4d5", "Phg6", "d5c6", "Pgh5"].entries()) {
    const w = await (await fetch(`${base}/api/games/${id}`, { headers: { Authorization: "Bearer " + tokens[i % 2] } })).json();
    const text = i % 2 ? move : w.moves.find((m) => m.from + m.to === move).text;
    const r = await fetch(`${base}/api/games/${id}/moves`, { method: "POST", headers: { "Content-Type": "application/json", Authorization: "Bearer " + tokens[i % 2] }, body: JSON.stringify({ move: text }) });
    assert(r.status === 200, `${move}: ${r.status}`);
  }
  await page.waitForFunction(() => document.querySelectorAll("#moves .mv").length === 6, null, { timeout: 5000 });
  await tabTo(page, "board-svg");
  const p = await viewOf(page);
  await keyMove(page, p, p.moves.find((m) => m.from === "c6" && m.to === "d7" && m.choice === "Camel"));
  assert((await viewOf(page)).history[6].startsWith("Pd7=C"), "history: " + (await viewOf(page)).history);
  await page.close();
});

await test("a dragged piece follows the pointer (mouse and touch), goes back from a square it cannot go to, plays on a target", async () => {
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 }, hasTouch: true });
  await newGame(page, { opponent: "friend" });
  const v = await viewOf(page);
  const mv = v.moves.find((m) => m.text === "4Ci3");
  const centre = async (sel) => { const b = await page.locator(sel).boundingBox(); return { x: b.x + b.width / 2, y: b.y + b.height / 2 }; };
  const g = `g.card[data-square="${mv.from}"]`;
  // The piece's centre comes near a point (pointer moves are handled a frame later).
  const near = (p, what) => page.waitForFunction(([sel, p]) => {
    const b = document.querySelector(sel).getBoundingClientRect();
    return Math.abs(b.x + b.width / 2 - p.x) < 3 && Math.abs(b.y + b.height / 2 - p.y) < 3;
  }, [g, p], { timeout: 3000 }).catch(() => { throw new Error(what); });
  const from = await centre(g);
  const to = await centre(`rect.sq[data-square="${mv.to}"]`);
  const away = await centre('rect.sq[data-square="e5"]');
  const mid = { x: (from.x + away.x) / 2, y: (from.y + away.y) / 2 };
  // Dragged over the board, the piece is under the pointer all along.
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(mid.x, mid.y, { steps: 6 });
  await near(mid, "the piece does not follow the mouse");
  assert((await page.getAttribute(g, "transform") || "").startsWith("translate("), "no transform while dragging");
  // Dropped where it cannot go, it goes back and nothing is played.
  await page.mouse.move(away.x, away.y, { steps: 4 });
  await page.mouse.up();
  await near(from, "the piece did not go back");
  assert(!(await page.getAttribute(g, "transform")), "the piece keeps a transform");
  assert((await viewOf(page)).plies === 0, "a move was played");
  // By touch too (a finger dragged over the board).
  const cdp = await page.context().newCDPSession(page);
  const touch = (type, p) => cdp.send("Input.dispatchTouchEvent", { type, touchPoints: p ? [{ x: p.x, y: p.y }] : [] });
  await touch("touchStart", from);
  for (let i = 1; i <= 5; i++) await touch("touchMove", { x: from.x + ((mid.x - from.x) * i) / 5, y: from.y + ((mid.y - from.y) * i) / 5 });
  await near(mid, "the piece does not follow the finger");
  await touch("touchEnd");
  await near(from, "the touched piece did not go back");
  // A press and release without moving is still a click: it picks the piece.
  await page.click(g);
  assert(await page.$(`rect.sq.selected[data-square="${mv.from}"]`), "a click picked nothing");
  // Dropped on a target, the move is played.
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 8 });
  await page.mouse.up();
  await page.waitForFunction(() => document.querySelectorAll("#moves .mv").length === 1, null, { timeout: 5000 });
  assert((await viewOf(page)).history[0] === mv.text, "played " + (await viewOf(page)).history[0]);
  await page.close();
});

await test("a move slides its piece to its square, and nothing slides with reduced motion", async () => {
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  await newGame(page, { opponent: "friend" });
  const invite = await page.inputValue("#invite-link");
  // Every frame, the pieces being animated are noted (the square each went to).
  await page.evaluate(() => {
    window.slid = [];
    const frame = () => {
      for (const a of document.getAnimations()) {
        const t = a.effect && a.effect.target;
        if (t && t.matches("g.card") && !window.slid.includes(t.getAttribute("data-square"))) window.slid.push(t.getAttribute("data-square"));
      }
      requestAnimationFrame(frame);
    };
    frame();
  });
  const slid = async () => { await page.waitForTimeout(300); const s = await page.evaluate(() => window.slid); await page.evaluate(() => { window.slid = []; }); return s; };
  // One move clicked here, one made by the other player (through the API).
  const play = async (mine, theirs) => {
    const v = await viewOf(page);
    await clickMove(page, v.moves.find((m) => m.text === mine));
    await page.waitForFunction((n) => document.querySelectorAll("#moves .mv").length === n + 1, v.plies, { timeout: 5000 });
    const a = await slid();
    await fetch(`${base}/api/games/${v.id}/moves`, { method: "POST", headers: { "Content-Type": "application/json", Authorization: "Bearer " + invite.split("#")[1] }, body: JSON.stringify({ move: theirs }) });
    await page.waitForFunction((n) => document.querySelectorAll("#moves .mv").length === n + 2, v.plies, { timeout: 5000 });
    return [a, await slid()];
  };
  const [a, b] = await play("4Ci3", "4Db6");
  assert(JSON.stringify(a) === '["i3"]' && JSON.stringify(b) === '["b6"]', `slid ${a} and ${b}`);
  // Stepping through the moves slides nothing.
  await page.click("#prev");
  await page.waitForFunction(() => document.querySelector("#status").textContent.startsWith("Viewing"), null, { timeout: 5000 });
  await page.click("#last");
  assert((await slid()).length === 0, "stepping slid");
  await page.emulateMedia({ reducedMotion: "reduce" });
  const [c, d] = await play("8Dj2", "8Ca7");
  assert(c.length === 0 && d.length === 0, `slid with reduced motion: ${c} ${d}`);
  await page.close();
});

await test("sound (issue 31 item 6): on at first with a mute, remembered, synthesised: a move, a capture, the end", async () => {
  const ctx = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  // The page's AudioContexts and oscillators, counted.
  await ctx.addInitScript(() => {
    window.sounds = { contexts: 0, started: [] };
    const A = window.AudioContext;
    window.AudioContext = class extends A {
      constructor(...a) { super(...a); window.sounds.contexts++; }
      createOscillator() {
        const o = super.createOscillator();
        const start = o.start.bind(o);
        o.start = (...a) => { window.sounds.started.push(o.frequency.value); return start(...a); };
        return o;
      }
    };
  });
  const page = await ctx.newPage();
  await newGame(page, { opponent: "engine", level: "1", side: "forehand" });
  const play = async () => {
    const v = await viewOf(page);
    await clickMove(page, v.moves.find((m) => !m.promote && !m.text.includes(":")) || v.moves[0]);
    await page.waitForFunction((n) => document.querySelectorAll("#moves .mv").length >= n + 2, v.plies, { timeout: 15000 });
    await page.waitForTimeout(100);
  };
  const heard = () => page.evaluate(() => window.sounds.started.slice());
  assert(await page.getAttribute("#sound", "aria-pressed") === "true", "the sound is off at first");
  // Silent until a move; then the move and the engine's reply sound.
  assert((await heard()).length === 0, "a sound with no move");
  await play();
  let s = await page.evaluate(() => window.sounds);
  assert(s.contexts === 1 && s.started.length === 2, "on: " + JSON.stringify(s));
  assert(s.started.every((f) => f === 660 || f === 330), "a move's or a capture's tone: " + JSON.stringify(s.started));
  // Muted: silent, and remembered after a reload.
  await page.click("#sound");
  assert(await page.evaluate(() => localStorage.getItem("deckmate-sound")) === "0", "the mute is not remembered");
  assert(await page.getAttribute("#sound", "aria-pressed") === "false", "the mute is not shown");
  await play();
  assert((await heard()).length === 2, "a sound while muted");
  await page.reload();
  await page.waitForSelector("#board-svg g.card");
  assert(await page.getAttribute("#sound", "aria-pressed") === "false", "muted is forgotten after a reload");
  // On again: the game's end (here a resignation) has its own three notes.
  await page.click("#sound");
  await page.click("#resign");
  await page.click("#resign");
  await page.waitForSelector("#game-over:not([hidden])", { timeout: 5000 });
  await page.waitForFunction(() => window.sounds.started.includes(784), null, { timeout: 3000 });
  const end = await heard();
  assert(end.slice(-3).join(",") === "523,659,784", "the end's notes: " + JSON.stringify(end));
  await ctx.close();
});

await test("sound (issue 31 item 6): a check's two notes, and one's own clock running low", async () => {
  const ctx = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  await ctx.addInitScript(() => {
    window.sounds = { started: [] };
    const A = window.AudioContext;
    window.AudioContext = class extends A {
      createOscillator() {
        const o = super.createOscillator();
        const start = o.start.bind(o);
        o.start = (...a) => { window.sounds.started.push(o.frequency.value); return start(...a); };
        return o;
      }
    };
  });
  // A friend's Cuarenta game on an 8 s clock (the first moves untimed),
  // played by both seats through the API, White's page listening.
  const g = await apiGame({ variant: "cuarenta", opponent: "friend", time_control: { initial_s: 8, increment_s: 0 } });
  const white = await seatPage(ctx, g.id, g.tokens.white);
  // The page's first gesture (sounds wait for one).
  await white.click("#status");
  const heard = () => white.evaluate(() => window.sounds.started.slice());
  // Moves chosen by a fixed rule until one gives check.
  let v, checked = false;
  for (let ply = 0; ply < 160 && !checked; ply++) {
    const token = ply % 2 ? g.tokens.black : g.tokens.white;
    v = await apiView(g.id, token);
    assert(!v.result, "the game ended before a check: " + JSON.stringify(v.result));
    const quiet = v.moves.filter((m) => !m.promotion);
    const m = quiet[(ply * 7 + 3) % quiet.length];
    const r = await apiPost(g.id, "moves", token, { move: m.text, ply: v.plies + 1 });
    assert(r.status === 200, "move refused: " + JSON.stringify(r.body));
    checked = !!r.body.check_square;
  }
  assert(checked, "no check in 160 plies");
  await white.waitForFunction(() => window.sounds.started.filter((f) => f === 880).length >= 2, null, { timeout: 5000 });
  const check = (await heard()).filter((f) => f === 880).length;
  assert(check === 2, "a check's notes: " + JSON.stringify(await heard()));
  // White to move and left alone: its clock runs low (under a tenth of
  // 8 s) and the page sounds it once, two 440 Hz notes.
  v = await apiView(g.id, g.tokens.white);
  if (v.to_move !== 0) {
    const m = v.moves.filter((x) => !x.promotion)[0];
    await apiPost(g.id, "moves", g.tokens.black, { move: m.text, ply: v.plies + 1 });
  }
  await white.waitForFunction(() => window.sounds.started.filter((f) => f === 440).length >= 2, null, { timeout: 12000 });
  await white.waitForFunction(() => document.querySelector("#status").textContent.includes("lost on time"), null, { timeout: 10000 });
  const low = (await heard()).filter((f) => f === 440).length;
  assert(low === 2, "the low clock sounded more than once: " + JSON.stringify(await heard()));
  await ctx.close();
});

await test("accessibility: axe-core finds no serious or critical violation on any page (the lobby, the finished games, each game's page and its end, every rules page, the cards, the analysis board, the account's pages: log-in, registration, account, a profile, the leaderboards), at 1280x800 and on a phone", async () => {
  const axe = readFileSync(join(root, "e2e", "node_modules", "axe-core", "axe.min.js"), "utf8");
  const bad = [];
  for (const [width, height] of [[1280, 800], [390, 844]]) {
    const page = await browser.newPage({ viewport: { width, height } });
    const check = async (name) => {
      await page.evaluate(axe);
      const found = await page.evaluate(async () => (await axe.run()).violations
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map((v) => `${v.id} (${v.impact}) at ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")}`));
      for (const f of found) bad.push(`${name} at ${width}x${height}: ${f}`);
    };
    await page.goto(base + "/");
    await page.waitForSelector("#create");
    await check("the lobby");
    await page.goto(base + "/games/finished");
    await page.waitForSelector("#finished-title");
    await check("the finished games");
    for (const v of ["cardmate", "chess-cards", "cuarenta", "52chess", "dealers"]) {
      await page.goto(base + "/");
      await page.selectOption("select[name=variant]", v);
      await page.selectOption("select[name=opponent]", "friend");
      await page.click("#create");
      await page.waitForFunction(() => document.querySelector("#status") && document.querySelector("#status").textContent.length > 0, null, { timeout: 10000 });
      await check(v);
      if (v === "cuarenta") {
        await page.click("#resign");
        await page.click("#resign");
        await page.waitForSelector("#game-over:not([hidden])", { timeout: 5000 });
        await check("a game over");
      }
    }
    for (const key of ["cardmate", "chess-cards", "cuarenta", "52chess", "dealers"]) {
      await page.goto(base + "/rules/" + key);
      await page.waitForSelector("#rules-page h1");
      if (key !== "chess-cards") await page.waitForSelector("#rules-pieces img");
      await check("the rules of " + key);
    }
    await page.goto(base + "/cards");
    await page.waitForSelector(".card-grid svg");
    await check("the cards page");
    await page.goto(base + "/analysis?game=cardmate");
    await page.waitForFunction(() => document.querySelectorAll("#engine-lines li").length > 0, null, { timeout: 20000 });
    await check("the analysis board");
    // The account's pages (issue 33): as a guest, then logged in.
    for (const [path, ready, name] of [["/login", "#login-form", "the log-in page"], ["/register", "#register-form", "the registration page"],
      ["/leaderboard", ".leaderboard-games a", "the leaderboards"], ["/leaderboard/cuarenta", "#leaderboard-title", "a game's leaderboard"], ["/account", "#main h1", "the account's page of a guest"]]) {
      await page.goto(base + path);
      await page.waitForSelector(ready);
      await check(name);
    }
    await page.goto(base + "/");
    await page.waitForSelector("#create");
    await page.selectOption("select[name=opponent]", "seek");
    await check("the lobby's seek form of a guest");
    const user = "axe" + width + (Date.now() % 1e7).toString(36);
    const made = await page.evaluate(async (u) => (await fetch("/api/account/register", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ username: u, password: "axe password 1" }) })).status, user);
    assert(made === 200, "registering " + user + ": " + made);
    await page.goto(base + "/");
    await page.waitForSelector("#nav-profile", { state: "attached" });
    await page.selectOption("select[name=opponent]", "seek");
    await check("the lobby of a player logged in, a seek's form");
    await page.goto(base + "/account");
    await page.waitForSelector("#token-form");
    await page.check('input[name=scope][value="account:read"]');
    await page.click("#token-create");
    await page.waitForSelector("#token-value");
    await page.waitForSelector("#token-list table");
    await check("the account's page with a token made");
    await page.goto(base + "/@/" + user);
    await page.waitForSelector("#history-table > *");
    await check("a profile");
    await page.close();
  }
  assert(bad.length === 0, "violations:\n" + bad.join("\n"));
});

// The analysis board: waits until the engine's lines for the board shown
// have come, and gives them.
async function engineLines(page) {
  await page.waitForFunction(() => document.querySelectorAll("#engine-lines li").length > 0, null, { timeout: 20000 });
  return page.$$eval("#engine-lines li", (ls) => ls.map((l) => l.textContent));
}

await test("the analysis board: the engine's lines and the evaluation bar for a position of each game", async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  for (const g of ["cardmate", "chess-cards", "cuarenta", "52chess", "dealers"]) {
    await page.goto(`${base}/analysis?game=${g}`);
    await page.waitForSelector("#engine-panel");
    if (g === "dealers") {
      // Both armies arranged from the move box, then the lines.
      for (const t of ["random white", "random black"]) {
        await page.fill("#move-input", t);
        await page.press("#move-input", "Enter");
        await page.waitForFunction((n) => document.querySelectorAll("#moves .mv").length === n, t === "random white" ? 1 : 2);
      }
    }
    const lines = await engineLines(page);
    assert(lines.length >= 1 && lines.length <= 3, `${g}: ${lines.length} lines`);
    // The lines deepen to three (Chess Cards: solved, best line first).
    await page.waitForFunction(() => document.querySelectorAll("#engine-lines li").length === 3, null, { timeout: 20000 });
    const now = Number(await page.getAttribute("#eval-bar", "aria-valuenow"));
    assert(now >= 0 && now <= 100, `${g}: bar ${now}`);
    const info = await page.textContent("#engine-info");
    assert(/depth \d+/.test(info), `${g}: ${info}`);
  }
  // As the lines come and deepen nothing below them moves (a click meant
  // for a button must not land on a line).
  // On a phone, where long lines would wrap, from the moment it thinks.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${base}/analysis?game=cardmate`);
  await page.waitForFunction(() => (document.querySelector("#engine-info") || {}).textContent);
  const ys = [];
  for (let i = 0; i < 12; i++) {
    ys.push(await page.evaluate(() => [document.querySelector("#game-line").getBoundingClientRect().y, document.querySelector("#engine-info").textContent]));
    await page.waitForTimeout(150);
  }
  assert(new Set(ys.map((y) => y[0])).size === 1, "the buttons moved: " + JSON.stringify(ys));
  assert(new Set(ys.map((y) => y[1])).size > 1, "no report came while watching: " + JSON.stringify(ys));
  await page.setViewportSize({ width: 1280, height: 800 });
  // Fewer lines on asking, remembered.
  await page.goto(`${base}/analysis?game=cuarenta`);
  await engineLines(page);
  await page.selectOption("#lines-count", "1");
  await page.waitForFunction(() => document.querySelectorAll("#engine-lines li").length === 1, null, { timeout: 20000 });
  await page.reload();
  await page.waitForSelector("#engine-panel");
  assert(await page.inputValue("#lines-count") === "1", "the number of lines is not remembered");
  await page.selectOption("#lines-count", "3");
  // The engine switched off: no lines.
  await page.uncheck("#engine-on");
  await page.waitForFunction(() => document.querySelectorAll("#engine-lines li").length === 0);
  await page.check("#engine-on");
  await engineLines(page);
  await page.close();
});

await test("the analysis board plays each game its own way: cards clicked and sacrificed in Chess Cards, a card chosen in 52Chess, armies arranged by buttons", async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const count = () => page.$$eval("#moves .mv", (m) => m.length);
  const board = () => page.evaluate(() => window.analysisState.view);
  // Chess Cards: a plain play and a sacrifice first, by clicking.
  await page.goto(`${base}/analysis?game=chess-cards&seed=7`);
  await page.waitForSelector(".felt .zone.kind-hand .pcard.playable");
  let v = await board();
  await clickTurn(page, v.moves.find((m) => !m.sacrifice && !m.choice));
  await page.waitForFunction(() => document.querySelectorAll("#moves .mv").length === 1);
  v = await board();
  const sac = v.moves.find((m) => m.sacrifice && !m.choice);
  assert(sac, "no sacrifice offered");
  await clickTurn(page, sac);
  await page.waitForFunction(() => document.querySelectorAll("#moves .mv").length === 2);
  assert((await page.textContent("#moves")).includes("(" + sac.sacrifice + ")"), "the sacrifice is not in the line: " + await page.textContent("#moves"));
  await engineLines(page);
  // 52Chess: after a move the card drawn is chosen, then the engine's lines.
  await page.goto(`${base}/analysis?game=52chess`);
  await page.waitForSelector("#engine-panel");
  await page.waitForFunction(() => window.analysisState.view && window.analysisState.view.moves.length > 0);
  v = await board();
  const n = await count();
  await page.fill("#move-input", v.moves[0].text);
  await page.press("#move-input", "Enter");
  await page.waitForSelector("#chance-select");
  assert((await page.textContent("#status")).includes("choose"), await page.textContent("#status"));
  const cards = await page.$$eval("#chance-select option", (o) => o.map((x) => x.value));
  assert(cards.length >= 13, `${cards.length} cards offered`);
  // Before the draw: the expected score, no move.
  await page.waitForFunction(() => /expected/.test(document.querySelector("#engine-lines").textContent), null, { timeout: 20000 });
  await page.selectOption("#chance-select", cards[3]);
  await page.click("#chance-play");
  await page.waitForFunction((k) => document.querySelectorAll("#moves .mv").length === k, n + 2);
  assert((await page.textContent("#moves")).includes(cards[3]), "the card chosen is not in the line");
  assert(!(await page.$("#chance-select")), "the card is still to choose");
  await engineLines(page);
  // Dealer's Chess: each army arranged by its Random button, then lines.
  await page.goto(`${base}/analysis?game=dealers`);
  await page.waitForSelector("#arrange-random");
  await page.click("#arrange-random");
  await page.waitForFunction(() => document.querySelectorAll("#moves .mv").length === 1);
  await page.click("#arrange-random");
  await page.waitForFunction(() => document.querySelectorAll("#moves .mv").length === 2);
  await page.waitForSelector("#board-svg g.card");
  await engineLines(page);
  await page.close();
});

await test("the analysis board of a game: moves tried without touching it, back to the game's line, keys step", async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await newGame(page, { variant: "cuarenta", opponent: "engine", level: "1", side: "white" });
  let v = await viewOf(page);
  await page.fill("#move-input", v.moves[0].text);
  await page.press("#move-input", "Enter");
  await page.waitForFunction(() => document.querySelectorAll("#moves .mv").length >= 2, null, { timeout: 20000 });
  v = await viewOf(page);
  // Against the engine the board opens at once, from the game page.
  assert(await page.isVisible("#analyse"), "no Analyse link in a game against the engine");
  await Promise.all([page.waitForURL(/\/analysis\?from=/), page.click("#analyse")]);
  await page.waitForSelector("#engine-panel");
  await page.waitForFunction((n) => document.querySelectorAll("#moves .mv").length === n, v.history.length);
  const shown = await page.$$eval("#moves .mv", (ms) => ms.map((m) => m.textContent.replace(/^\d+\. /, "")));
  assert(JSON.stringify(shown) === JSON.stringify(v.history), `the game's moves: ${shown} vs ${v.history}`);
  // The engine's first move, played on the board by its button.
  await engineLines(page);
  await page.click("#engine-lines li .line-move");
  await page.waitForFunction((n) => document.querySelectorAll("#moves .mv").length === n + 1, v.history.length);
  assert(await page.$("#moves .mv.tried"), "a move tried is not marked as such");
  // The game did not move.
  const game = await page.evaluate(async (id) => (await fetch("/api/games/" + id)).json(), v.id);
  assert(game.plies === v.plies, `the game moved: ${game.plies} plies`);
  // Keys step back along the line; the board follows.
  await page.focus("#moves");
  await page.keyboard.press("Home");
  await page.waitForFunction(() => !document.querySelector("#moves .mv.current"));
  await page.keyboard.press("ArrowRight");
  await page.waitForFunction(() => document.querySelector("#moves .mv.current") && document.querySelector("#moves .mv.current").textContent.startsWith("1."));
  // Back to the game's line: the board shows it again; the move tried
  // stays in the tree (issue 31 item 12), not on the board.
  const onLine = (h) => window.analysisState.at === h.length && window.analysisState.moves.slice(0, h.length).join(" ") === h.join(" ") && window.analysisState.settled() && !document.querySelector("#moves .mv.current.tried");
  await page.keyboard.press("End");
  await page.click("#game-line");
  await page.waitForFunction(onLine, v.history);
  assert(await page.$("#moves .mv.tried"), "the tried move was not kept");
  // A move tried with the mouse: the piece, then its target.
  const mv0 = (await page.evaluate(() => window.analysisState.view)).moves[0];
  await page.click(`#board-svg g.card[data-square="${mv0.from}"]`);
  await page.click(`[data-target="${mv0.to}"]`);
  await page.waitForFunction((n) => window.analysisState.at === n + 1 && document.querySelector("#moves .mv.current.tried") && window.analysisState.settled(), v.history.length);
  await page.click("#game-line");
  await page.waitForFunction(onLine, v.history);
  // A move tried from the board's keys, as in a game.
  const av = await page.evaluate(() => window.analysisState.view);
  await page.focus("#board-svg");
  const km = av.moves[0];
  await keyTo(page, km.from);
  await page.keyboard.press("Enter");
  await keyTo(page, km.to);
  await page.keyboard.press("Enter");
  await page.waitForFunction((n) => window.analysisState.at === n + 1 && document.querySelector("#moves .mv.current.tried") && window.analysisState.settled(), v.history.length);
  await page.click("#game-line");
  await page.waitForFunction(onLine, v.history);
  // A move the rules refuse is said so, and nothing changes.
  await page.fill("#move-input", "Kz9");
  await page.press("#move-input", "Enter");
  await page.waitForFunction(() => /Illegal move/.test(document.querySelector("#status").textContent));
  await page.close();
});

await test("the analysis board: from a position string, its refusals, and a game between two players is not analysed while it goes on", async () => {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await page.goto(`${base}/analysis?game=cuarenta`);
  await page.waitForSelector("#position-text");
  const fen = await page.inputValue("#position-text");
  await page.selectOption("#setup-game", "cuarenta");
  await page.fill("#setup-fen", fen);
  await Promise.all([page.waitForURL(/fen=/), page.click("#setup-form button[type=submit]")]);
  await page.waitForSelector("#position-text");
  assert(await page.inputValue("#position-text") === fen, "the position string did not read back");
  await engineLines(page);
  await page.goto(`${base}/analysis?game=cuarenta&fen=${encodeURIComponent("not a position")}`);
  await page.waitForSelector("#no-analysis");
  assert((await page.textContent("#no-analysis")).includes("position"), "no reason given");
  // A game between friends in progress: refused, with the reason.
  const a = await browser.newPage();
  await newGame(a, { variant: "cuarenta", opponent: "friend" });
  assert(!(await a.isVisible("#analyse")), "an Analyse link in a game between two players");
  const id = a.url().split("/").pop();
  await a.goto(`${base}/analysis?from=${id}`);
  await a.waitForSelector("#no-analysis");
  assert((await a.textContent("#no-analysis")).includes("when it ends"), await a.textContent("#no-analysis"));
  await a.screenshot({ path: join(root, "docs", "analysis-refused-phone.png") });
  await page.goto(`${base}/analysis?game=cardmate`);
  await engineLines(page);
  await page.screenshot({ path: join(root, "docs", "analysis-phone.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(root, "docs", "analysis-desktop.png") });
  await a.close();
  await page.close();
});

await test("every page fits a phone (390x844) and a desktop (1280x800): no sideways scrolling", async () => {
  for (const [width, height] of [[390, 844], [1280, 800]]) {
    const page = await browser.newPage({ viewport: { width, height } });
    const fits = async (what) => {
      const w = await page.evaluate(() => document.documentElement.scrollWidth);
      assert(w <= width, `${what} at ${width}: ${w} pixels wide`);
    };
    for (const path of ["/", "/rules/cardmate", "/rules/chess-cards", "/rules/cuarenta", "/rules/52chess", "/rules/dealers"]) {
      await page.goto(base + path);
      await page.waitForSelector(path === "/" ? "#create" : "#rules-page h1");
      await fits(path);
    }
    for (const g of ["cardmate", "chess-cards", "cuarenta", "52chess", "dealers"]) {
      await page.goto(`${base}/analysis?game=${g}`);
      await page.waitForSelector("#engine-panel");
      await page.waitForFunction(() => document.querySelector("#board-svg, #zones .zone, #arrange h3"));
      // With the engine's lines in, which may be long.
      await page.waitForFunction(() => document.querySelector("#engine-lines li") || /nothing/.test(document.querySelector("#engine-info").textContent), null, { timeout: 20000 });
      await page.waitForTimeout(300);
      await fits("the analysis board of " + g);
      await page.goto(base + "/");
      await page.waitForSelector("#create");
      await page.selectOption("select[name=variant]", g);
      await page.selectOption("select[name=opponent]", "friend");
      await page.click("#create");
      await page.waitForFunction(() => document.querySelector("#status") && document.querySelector("#status").textContent.length > 0);
      await page.waitForFunction(() => document.querySelector("#board-svg, #zones .zone, #arrange h3"));
      await fits("a game of " + g);
    }
    await page.close();
  }
});

// ---------- issue 29, items 15-19 ----------
// A game made through the API: its id and the seats' tokens by key.
async function apiGame(body) {
  const r = await fetch(base + "/api/games", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const v = await r.json();
  assert(r.ok, "creation: " + JSON.stringify(v));
  return v;
}
async function apiPost(id, what, token, body) {
  const r = await fetch(`${base}/api/games/${id}/${what}`, { method: "POST", headers: Object.assign({ Authorization: "Bearer " + token }, body ? { "Content-Type": "application/json" } : {}), body: body ? JSON.stringify(body) : undefined });
  return { status: r.status, body: await r.json() };
}
// A page that holds a seat's token for game `id` (as an invite link does).
async function seatPage(ctx, id, token) {
  const p = await ctx.newPage();
  await p.goto(`${base}/game/${id}#${token}`);
  await p.waitForSelector("#board-svg");
  return p;
}

await test("issue 29 item 15: a rematch after the end is an offer the other browser accepts; both land in one new game, names kept, seats swapped", async () => {
  const g = await apiGame({ variant: "cuarenta", opponent: "friend", name: "Ann" });
  const ctxA = await browser.newContext(), ctxB = await browser.newContext();
  const a = await seatPage(ctxA, g.id, g.tokens.white);
  const b = await seatPage(ctxB, g.id, g.tokens.black);
  assert((await apiPost(g.id, "name", g.tokens.black, { name: "Bob" })).status === 200, "name");
  // No rematch while the game goes on.
  for (const p of [a, b]) assert(!(await p.isVisible("#rematch")), "Rematch offered during the game");
  await b.click("#resign");
  await b.click("#resign");
  await a.waitForSelector("#rematch:not([hidden])", { timeout: 5000 });
  await b.waitForSelector("#rematch:not([hidden])", { timeout: 5000 });
  // Ann offers; Bob is asked, and nothing is made before he accepts.
  await a.click("#rematch");
  await b.waitForSelector("#rematch-accept", { timeout: 5000 });
  assert((await b.textContent("#status")).includes("Ann offers a rematch"), "Bob is not told: " + await b.textContent("#status"));
  assert(a.url().endsWith("/game/" + g.id), "Ann left before Bob accepted");
  await b.click("#rematch-accept");
  // Both pages go to the same new game, over their sockets.
  await a.waitForURL((u) => !u.pathname.endsWith(g.id), { timeout: 5000 });
  await b.waitForURL((u) => !u.pathname.endsWith(g.id), { timeout: 5000 });
  assert(a.url() === b.url(), `two games: ${a.url()} ${b.url()}`);
  await a.waitForSelector("#board-svg");
  const va = await viewOf(a), vb = await viewOf(b);
  assert(va.you === 1 && vb.you === 0, `seats not swapped: Ann ${va.you}, Bob ${vb.you}`);
  assert(va.seats[1].player === "Ann" && va.seats[0].player === "Bob", "names: " + JSON.stringify(va.seats));
  await a.waitForFunction(() => document.querySelector("#players").textContent.includes("Ann") && document.querySelector("#players").textContent.includes("Bob"), null, { timeout: 5000 });
  // The old game is over, and lists where the rematch went.
  const old = await (await fetch(`${base}/api/games/${g.id}`)).json();
  assert(old.result && old.rematch && old.rematch.id === va.id, "old game: " + JSON.stringify(old.rematch));
  await ctxA.close();
  await ctxB.close();
});

await test("issue 29 item 15: against the engine, Rematch appears only after the end and goes to the new game at once", async () => {
  const page = await browser.newPage();
  await newGame(page, { variant: "cuarenta", opponent: "engine", level: "1", side: "white" });
  assert(!(await page.isVisible("#rematch")), "Rematch offered during the game");
  const before = page.url();
  await page.click("#resign");
  await page.click("#resign");
  await page.waitForSelector("#rematch:not([hidden])", { timeout: 5000 });
  await page.click("#rematch");
  await page.waitForURL((u) => u.href !== before, { timeout: 5000 });
  await page.waitForSelector("#board-svg");
  const v = await viewOf(page);
  assert(v.you === 1 && v.engine.seat === 0, "seats: " + JSON.stringify({ you: v.you, engine: v.engine }));
  await page.close();
});

await test("issue 29 item 16: the invite link stays after the inviter's first move and a reload, until the friend opens it", async () => {
  const page = await browser.newPage();
  await newGame(page, { opponent: "friend" });
  const invite = await page.inputValue("#invite-link");
  const v = await viewOf(page);
  await clickMove(page, v.moves.find((m) => m.text === "4Ci3"));
  await page.waitForFunction(() => document.querySelectorAll("#moves .mv").length === 1);
  await page.waitForTimeout(500);
  assert(await page.$("#invite-link"), "the invite went after the first move");
  await page.reload();
  await page.waitForSelector("#board-svg");
  await page.waitForTimeout(500);
  assert((await page.inputValue("#invite-link")) === invite, "the invite is not back after a reload");
  // The friend comes: the invite goes, on the inviter's page too.
  const ctx = await browser.newContext();
  const friend = await ctx.newPage();
  await friend.goto(invite);
  await friend.waitForSelector("#board-svg");
  await page.waitForFunction(() => !document.querySelector("#invite-link"), null, { timeout: 5000 });
  await ctx.close();
  await page.close();
});

await test("issue 29 item 17: a draw offered by two clicks, answered by the other's Accept/Decline buttons", async () => {
  const g = await apiGame({ variant: "cardmate", opponent: "friend" });
  const ctxA = await browser.newContext(), ctxB = await browser.newContext();
  const a = await seatPage(ctxA, g.id, g.tokens.forehand);
  const b = await seatPage(ctxB, g.id, g.tokens.rearhand);
  // One click only asks.
  await a.click("#draw");
  assert((await a.textContent("#draw")) === "Really offer a draw?", "the offer is not confirmed");
  assert((await viewOf(a)).draw_offer === null, "one click offered");
  await a.click("#draw");
  await b.waitForSelector("#draw-accept", { timeout: 5000 });
  assert(await b.isVisible("#draw-decline"), "no Decline");
  assert(await a.isDisabled("#draw"), "the offerer can offer again");
  assert(!(await a.$("#draw-accept")), "the offerer is asked to accept his own offer");
  await b.click("#draw-decline");
  await a.waitForFunction(() => document.querySelector("#status").textContent.includes("declined the draw"), null, { timeout: 5000 });
  assert(!(await viewOf(a)).result, "a decline ended the game");
  // Offered again and accepted: drawn.
  await a.click("#draw");
  await a.click("#draw");
  await b.waitForSelector("#draw-accept", { timeout: 5000 });
  await b.click("#draw-accept");
  await a.waitForFunction(() => document.querySelector("#status").textContent.includes("1/2-1/2"), null, { timeout: 5000 });
  await gameOver(a, "Draw", "agreed");
  await gameOver(b, "Draw", "agreed");
  await ctxA.close();
  await ctxB.close();
});

await test("issue 29 item 18: Download record in a 52Chess game stays on the page and says why; HTML error pages; reconnection backs off", async () => {
  const page = await browser.newPage();
  await newGame(page, { variant: "52chess", opponent: "engine", level: "1" });
  const url = page.url();
  await page.waitForFunction(() => document.querySelector("#download").getAttribute("aria-disabled") === "true", null, { timeout: 5000 });
  assert((await page.getAttribute("#download", "title")).includes("may not know"), "no reason on the button");
  await page.click("#download");
  await page.waitForTimeout(500);
  assert(page.url() === url, "the tab left the game: " + page.url());
  assert((await page.textContent("#status")).includes("No record yet"), "status: " + await page.textContent("#status"));
  // Error pages for a browser; the API keeps JSON.
  for (const [path, words] of [["/nonsense/page", "no such page"], ["/game/unknown-id", "no game 'unknown-id'"]]) {
    const r = await page.goto(base + path);
    assert(r.status() === 404, path + ": " + r.status());
    assert((r.headers()["content-type"] || "").startsWith("text/html"), path + ": " + r.headers()["content-type"]);
    assert((await page.textContent("#error-message")).includes(words), path + ": " + await page.textContent("body"));
    assert(await page.$("a[href='/']"), "no way back");
  }
  const api = await fetch(base + "/api/nothing", { headers: { Accept: "text/html" } });
  assert(api.status === 404 && api.headers.get("content-type").startsWith("application/json"), "the API answered HTML");
  // The delays between tries grow from about 1 s to 30 s at most, with jitter.
  await page.goto(url);
  await page.waitForSelector("#board-svg");
  // The client's modules are asked for their functions (the page's own
  // instances: a module is loaded once per page, at the versioned
  // address its page script has).
  const socketModule = () => document.querySelector("script[type=module]").src.replace(/main\.js$/, "socket.js");
  const delays = await page.evaluate(async (src) => {
    const { reconnectDelay } = await import(src);
    return [0, 1, 2, 3, 4, 5, 6, 10, 50].map((n) => [reconnectDelay(n), reconnectDelay(n)]);
  }, await page.evaluate(socketModule));
  const cap = [1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000, 30000];
  delays.forEach(([x, y], i) => {
    for (const d of [x, y]) assert(d >= cap[i] / 2 && d <= cap[i], `try ${i}: ${d} ms`);
  });
  // Sockets refused: the page tries again less and less often.
  let tries = 0;
  await page.routeWebSocket(/\/api\/games\/.*\/ws$/, (ws) => { tries++; ws.close(); });
  await page.evaluate(async (src) => { const s = (await import(src)).currentSocket(); if (s) s.close(); }, await page.evaluate(socketModule));
  await page.waitForTimeout(6500);
  assert(tries >= 2 && tries <= 4, `${tries} tries in 6.5 s`);
  assert((await page.textContent("#status")).includes("connection to the server is lost"), "not said");
  // The analysis board's socket backs off alike (it retried every 2 s).
  await page.goto(base + "/analysis?game=cuarenta");
  await page.waitForSelector("#engine-panel");
  let boardTries = 0;
  await page.routeWebSocket(/\/api\/analysis\/ws$/, (ws) => { boardTries++; ws.close(); });
  await page.evaluate(() => window.analysisState.ws.close());
  await page.waitForTimeout(12000);
  assert(boardTries >= 3 && boardTries <= 4, `the analysis socket: ${boardTries} tries in 12 s`);
  await page.close();
});

await test("issue 29 item 19: the analysis board at ?ply=N holds the game's whole line, opened at N; scores and bar from White's side", async () => {
  const g = await apiGame({ variant: "cuarenta", opponent: "friend" });
  const toks = [g.tokens.white, g.tokens.black];
  for (let i = 0; i < 4; i++) {
    const v = await (await fetch(`${base}/api/games/${g.id}`, { headers: { Authorization: "Bearer " + toks[i % 2] } })).json();
    assert((await apiPost(g.id, "moves", toks[i % 2], { move: v.moves[0].text })).status === 200, "move");
  }
  assert((await apiPost(g.id, "resign", toks[0])).status === 200, "resign");
  const history = (await (await fetch(`${base}/api/games/${g.id}`)).json()).history;
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`${base}/analysis?from=${g.id}&ply=1`);
  await page.waitForSelector("#engine-panel");
  await page.waitForFunction((n) => document.querySelectorAll("#moves .mv").length === n, history.length, { timeout: 5000 });
  const current = () => page.evaluate(() => [...document.querySelectorAll("#moves .mv")].findIndex((m) => m.classList.contains("current")));
  assert((await current()) === 0, "not opened at ply 1: " + await current());
  await page.focus("#moves");
  await page.keyboard.press("ArrowRight");
  await page.waitForFunction(() => document.querySelectorAll("#moves .mv")[1].classList.contains("current"), null, { timeout: 5000 });
  await page.keyboard.press("End");
  await page.waitForFunction((n) => document.querySelectorAll("#moves .mv")[n - 1].classList.contains("current"), history.length, { timeout: 5000 });
  // Black to move after ply 1: the lines' scores and the bar agree, both White's.
  await page.keyboard.press("Home");
  await page.keyboard.press("ArrowRight");
  await page.waitForFunction(() => /White's side/.test((document.querySelector("#eval-pov") || {}).textContent || ""), null, { timeout: 20000 });
  await page.close();
});

// issue 31 item 9: lenient notation
await test("issue 31 item 9: the move box reads from-to coordinates and lower-case piece letters", async () => {
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  await newCuarenta(page, { opponent: "engine", level: "1", side: "white" });
  // A Frog's move typed as its two squares with '-' between: the move
  // list shows it in Cuarenta's own notation.
  let v = await viewOf(page);
  const frog = v.moves.find((m) => m.text.startsWith("F") && m.from && m.to);
  assert(frog, "no Frog move: " + JSON.stringify(v.moves.map((m) => m.text)));
  await page.waitForFunction(() => !document.querySelector("#move-form").hidden, null, { timeout: 15000 });
  await page.fill("#move-input", `${frog.from}-${frog.to}`);
  await page.press("#move-input", "Enter");
  await page.waitForFunction((n) => document.querySelectorAll("#moves .mv").length >= n + 2, v.plies, { timeout: 15000 });
  v = await viewOf(page);
  assert(v.history[0] === frog.text, `typed ${frog.from}-${frog.to}, played ${v.history[0]}, wanted ${frog.text}`);
  // Then a move typed with its piece letter in lower case.
  await page.waitForFunction(() => !document.querySelector("#move-form").hidden, null, { timeout: 15000 });
  v = await viewOf(page);
  const piece = v.moves.find((m) => /^[KBCVGF][a-i][1-9]$/.test(m.text));
  assert(piece, "no plain piece move: " + JSON.stringify(v.moves.map((m) => m.text)));
  const typed = piece.text[0].toLowerCase() + piece.text.slice(1);
  await page.fill("#move-input", typed);
  await page.press("#move-input", "Enter");
  await page.waitForFunction((n) => document.querySelectorAll("#moves .mv").length >= n + 2, v.plies, { timeout: 15000 });
  v = await viewOf(page);
  assert(v.history[2] === piece.text, `typed ${typed}, played ${v.history[2]}, wanted ${piece.text}`);
  await page.close();
});

// issue 31 item 13: whole-game analysis
await test("issue 31 item 13: a finished game's analysis board evaluates every position, draws the graph and marks the planted blunder", async () => {
  // Cuarenta between friends: White's 3. Ff5 gives Black's Vao a free
  // meal (the engine's own search finds it worth more than three pawns);
  // then White resigns.
  const g = await apiGame({ variant: "cuarenta", opponent: "friend" });
  const line = ["Pi4", "Pa6", "Pa4", "Vxg2", "Ff5"];
  for (const [i, mv] of line.entries()) {
    const r = await apiPost(g.id, "moves", i % 2 ? g.tokens.black : g.tokens.white, { move: mv });
    assert(r.status === 200, mv + ": " + JSON.stringify(r.body));
  }
  assert((await apiPost(g.id, "resign", g.tokens.white)).status === 200, "resign");
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`${base}/analysis?from=${g.id}`);
  await page.waitForSelector("#whole-game:not([hidden])", { timeout: 10000 });
  await page.waitForFunction(() => /Every position evaluated/.test(document.getElementById("whole-game-status").textContent), null, { timeout: 60000 });
  const points = await page.evaluate(() => window.analysisState.evaluation.points);
  assert(points.length === line.length + 1 && points.every((p) => typeof p === "number"), "points: " + JSON.stringify(points));
  // The graph has its line and a blunder's mark; the list and the move say it.
  assert(await page.locator("#eval-svg .graph-line").count() === 1, "no graph line");
  assert(await page.locator("#eval-svg .graph-mark.blunder").count() >= 1, "no blunder drawn");
  const marks = await page.locator("#eval-marks li.blunder").allTextContents();
  assert(marks.some((t) => t.startsWith("5. Ff5??") && /White/.test(t)), "marks: " + JSON.stringify(marks));
  const fifth = page.locator("#moves .mv").nth(4);
  assert(/blunder/.test(await fifth.getAttribute("class")) && (await fifth.textContent()).endsWith("??"), "move 5 not marked");
  // A click on the mark goes to that position.
  await page.locator("#eval-marks li.blunder button").first().click();
  await page.waitForFunction(() => window.analysisState.at === 5 && window.analysisState.settled(), null, { timeout: 5000 });
  await page.screenshot({ path: join(root, "docs", "analysis-graph.png") });
  await page.close();
});

// issue 31 item 12: the variation tree
await test("issue 31 item 12: a move tried on the analysis board branches from the game's line and is kept, with navigation back and forth", async () => {
  const g = await apiGame({ variant: "cuarenta", opponent: "friend" });
  const line = ["Pi4", "Pa6", "Pa4", "Vxg2"];
  for (const [i, mv] of line.entries()) {
    assert((await apiPost(g.id, "moves", i % 2 ? g.tokens.black : g.tokens.white, { move: mv })).status === 200, mv);
  }
  assert((await apiPost(g.id, "resign", g.tokens.white)).status === 200, "resign");
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`${base}/analysis?from=${g.id}&ply=2`);
  await page.waitForFunction(() => window.analysisState && window.analysisState.view && window.analysisState.at === 2 && window.analysisState.settled(), null, { timeout: 10000 });
  // Another third move than the game's: a variation from ply 3.
  const other = (await page.evaluate(() => window.analysisState.view.moves.map((m) => m.text))).find((t) => t !== "Pa4" && /^P/.test(t));
  assert(other, "no other pawn move");
  await page.fill("#move-input", other);
  await page.press("#move-input", "Enter");
  await page.waitForFunction((o) => window.analysisState.at === 3 && window.analysisState.moves[2] === o && window.analysisState.settled(), other, { timeout: 10000 });
  // Back on the game's line by its own move: the tried move is still there, in parentheses.
  await page.locator("#moves .mv", { hasText: "4. Vxg2" }).click();
  await page.waitForFunction(() => window.analysisState.at === 4 && window.analysisState.moves[2] === "Pa4" && window.analysisState.settled(), null, { timeout: 10000 });
  const variation = page.locator("#moves .variation .mv", { hasText: `3. ${other}` });
  assert(await variation.count() === 1, "the branch was not kept");
  assert(/tried/.test(await variation.getAttribute("class")), "the branch is not marked as tried");
  // Into the branch again, and along the keyboard: back to ply 2, forward follows the path shown.
  await variation.click();
  await page.waitForFunction((o) => window.analysisState.at === 3 && window.analysisState.moves[2] === o && window.analysisState.settled(), other, { timeout: 10000 });
  await page.focus("#moves");
  await page.keyboard.press("ArrowLeft");
  await page.waitForFunction(() => window.analysisState.at === 2 && window.analysisState.settled(), null, { timeout: 5000 });
  await page.keyboard.press("ArrowRight");
  await page.waitForFunction((o) => window.analysisState.at === 3 && window.analysisState.moves[2] === o && window.analysisState.settled(), other, { timeout: 5000 });
  // The main line is still whole: four moves and one variation.
  assert(await page.locator("#moves > .mv").count() === 4, "main line: " + await page.locator("#moves > .mv").count());
  // Two steps taken quickly, the first one's answer late: the board shows
  // the second position, not whichever answer came back last.
  await page.locator("#moves > .mv", { hasText: "2. Pa6" }).click();
  await page.waitForFunction(() => window.analysisState.at === 2 && window.analysisState.settled(), null, { timeout: 5000 });
  const hold = await holdAnswers(page, "**/api/analysis/view", 1500, (req) => req.postDataJSON().moves.length === 3);
  await page.focus("#moves");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await page.waitForFunction(() => window.analysisState.at === 4 && window.analysisState.settled(), null, { timeout: 5000 });
  await page.waitForTimeout(2000);
  assert(hold.held() === 1, "the step to ply 3 was not asked: " + hold.held());
  const shown = await page.evaluate(() => ({ ok: window.analysisState.settled(), at: window.analysisState.at, current: document.querySelector("#moves .mv.current")?.textContent }));
  assert(shown.ok && shown.at === 4 && /Vxg2/.test(shown.current || ""), "a late answer drew an older position: " + JSON.stringify(shown));
  await hold.release();
  await page.close();
});

// issue 31 items 3-5: premove, clocks, end mark
// A move of the seat's by its from and to squares, sent through the API.
async function apiMove(id, token, v, from, to) {
  const m = v.moves.find((x) => x.from === from && x.to === to && !x.promotion);
  assert(m, `no move ${from}-${to} in ${v.moves.map((x) => x.text).join(" ")}`);
  const r = await apiPost(id, "moves", token, { move: m.text, ply: v.plies + 1 });
  assert(r.status === 200, "move refused: " + JSON.stringify(r.body));
  return m;
}
async function apiView(id, token) {
  return (await fetch(`${base}/api/games/${id}`, { headers: { Authorization: "Bearer " + token } })).json();
}
// The squares of a premove drawn on the board, and its line.
async function premoveShown(page) {
  return page.evaluate(() => ({
    squares: [...document.querySelectorAll("#board-svg rect.sq.premove")].map((r) => r.getAttribute("data-square")).sort(),
    line: document.getElementById("premove-line").hidden ? "" : document.getElementById("premove-line").textContent,
  }));
}

await test("issue 31 item 5: a premove made while the other seat thinks is played the instant the turn comes; Esc, a right-click cancel; an illegal one is dropped; a drag replaces a click's", async () => {
  // White's first move and Black's reply, and White's moves after them
  // (Cuarenta starts the same every game): found in a trial game.
  const trial = await apiGame({ variant: "cuarenta", opponent: "friend" });
  let tv = await apiView(trial.id, trial.tokens.white);
  const w1 = tv.moves.find((m) => m.from && m.to && !m.promotion);
  await apiMove(trial.id, trial.tokens.white, tv, w1.from, w1.to);
  tv = await apiView(trial.id, trial.tokens.black);
  const b1 = tv.moves.find((m) => m.from && m.to && !m.promotion);
  await apiMove(trial.id, trial.tokens.black, tv, b1.from, b1.to);
  tv = await apiView(trial.id, trial.tokens.white);
  const legal = tv.moves.filter((m) => m.from && m.to);
  // A premove that will be legal, and one that will not (a square its
  // piece cannot reach, on the board).
  const good = legal.find((m) => m.from !== w1.to && legal.filter((o) => o.from === m.from && o.to === m.to).length === 1);
  const squares = tv.pieces.map((p) => p.square).concat(legal.map((m) => m.to));
  const badTo = squares.find((s) => s !== good.from && !legal.some((m) => m.from === good.from && m.to === s) && !tv.pieces.some((p) => p.square === s && p.owner === 0));
  assert(good && badTo, "no premoves to try");

  const runs = [
    { how: "played", want: 3 },
    { how: "escape", want: 2 },
    { how: "right-click", want: 2 },
    { how: "illegal", want: 2 },
  ];
  const ctx = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  for (const run of runs) {
    const g = await apiGame({ variant: "cuarenta", opponent: "friend" });
    const page = await seatPage(ctx, g.id, g.tokens.white);
    await apiMove(g.id, g.tokens.white, await apiView(g.id, g.tokens.white), w1.from, w1.to);
    await page.waitForFunction(() => document.querySelectorAll("#moves .mv").length === 1, null, { timeout: 5000 });
    // Black to move: White queues a move by clicking.
    const to = run.how === "illegal" ? badTo : good.to;
    await page.click(`g.card[data-square="${good.from}"]`);
    await page.click(`#board-svg rect.sq[data-square="${to}"]`, { force: true });
    let shown = await premoveShown(page);
    assert(JSON.stringify(shown.squares) === JSON.stringify([good.from, to].sort()), `${run.how}: premove squares ${shown.squares}`);
    assert(shown.line === `Premove: ${good.from}-${to} (Esc or click to cancel)`, `${run.how}: premove line '${shown.line}'`);
    if (run.how === "played") {
      // A new premove replaces the old: the same piece dragged elsewhere,
      // then back to the good square.
      const box = async (sq) => page.locator(`#board-svg rect.sq[data-square="${sq}"]`).boundingBox();
      const [a, b] = [await box(good.from), await box(badTo)];
      await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
      await page.mouse.down();
      await page.mouse.move(a.x + a.width / 2 + 20, a.y + a.height / 2 + 20, { steps: 3 });
      await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 5 });
      await page.mouse.up();
      shown = await premoveShown(page);
      assert(shown.line.startsWith(`Premove: ${good.from}-${badTo}`), "the drag did not replace the premove: " + shown.line);
      // A click on one's own piece cancels the premove and picks it.
      await page.click(`g.card[data-square="${good.from}"]`);
      assert((await premoveShown(page)).line === "", "the click did not cancel the premove");
      await page.click(`#board-svg rect.sq[data-square="${good.to}"]`, { force: true });
      shown = await premoveShown(page);
      assert(shown.line.startsWith(`Premove: ${good.from}-${good.to}`), "the premove again: " + shown.line);
    }
    if (run.how === "escape") {
      await page.keyboard.press("Escape");
    }
    if (run.how === "right-click") {
      await page.click(`#board-svg rect.sq[data-square="${badTo}"]`, { button: "right", force: true });
    }
    if (run.how === "escape" || run.how === "right-click") {
      shown = await premoveShown(page);
      assert(shown.squares.length === 0 && shown.line === "", `${run.how}: still queued: ${JSON.stringify(shown)}`);
    }
    // Black moves (through the API): the premove goes at once, or not.
    await apiMove(g.id, g.tokens.black, await apiView(g.id, g.tokens.black), b1.from, b1.to);
    if (run.want === 3) {
      await page.waitForFunction(() => document.querySelectorAll("#moves .mv").length === 3, null, { timeout: 5000 });
      const v = await apiView(g.id, g.tokens.white);
      assert(v.plies === 3 && v.history[2] === good.text, `not the premove: ${v.history}`);
    } else {
      await page.waitForFunction(() => document.querySelectorAll("#moves .mv").length === 2, null, { timeout: 5000 });
      await page.waitForTimeout(700);
      const v = await apiView(g.id, g.tokens.white);
      assert(v.plies === 2 && v.to_move === 0, `${run.how}: played anyway: ${v.history}`);
    }
    shown = await premoveShown(page);
    assert(shown.squares.length === 0 && shown.line === "", `${run.how}: marks left: ${JSON.stringify(shown)}`);
    await page.close();
  }
  await ctx.close();
});

await test("issue 31 item 4: each clock by its player's side of the board (own below, flipped for Black, Black on top for a spectator), tenths under 10 s, a turn notified only once asked for by a click", async () => {
  const g = await apiGame({ variant: "cuarenta", opponent: "friend", time_control: { initial_s: 13, increment_s: 0 } });
  const ctx = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  // The Notification API stubbed: permission asked (counted), shown
  // (recorded), and the page's `hidden` as the test says.
  await ctx.addInitScript(() => {
    window.__asked = 0; window.__shown = [];
    const perm = () => localStorage.getItem("__perm") || "default";
    window.Notification = class { constructor(title) { window.__shown.push(title); } close() {} static get permission() { return perm(); } static async requestPermission() { window.__asked++; localStorage.setItem("__perm", "granted"); return "granted"; } };
    Object.defineProperty(Document.prototype, "hidden", { get: () => !!window.__hidden, configurable: true });
  });
  const white = await seatPage(ctx, g.id, g.tokens.white);
  const other = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  const black = await seatPage(other, g.id, g.tokens.black);
  const third = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  const watcher = await third.newPage();
  await watcher.goto(`${base}/game/${g.id}`);
  await watcher.waitForSelector("#board-svg");
  // Where each clock is, against the board (measured at one instant: the
  // board is drawn again with each view).
  const sides = async (page) => {
    await page.waitForSelector("#clock-1");
    return page.evaluate(() => {
      const b = document.getElementById("board-svg").getBoundingClientRect();
      const at = (id) => { const c = document.getElementById(id).getBoundingClientRect(); return c.bottom <= b.top + 1 ? "above" : c.top >= b.bottom - 1 ? "below" : "beside"; };
      return [at("clock-0"), at("clock-1")].join(",");
    });
  };
  assert(await sides(white) === "below,above", "White's page: " + await sides(white));
  assert(await sides(black) === "above,below", "Black's page: " + await sides(black));
  assert(await sides(watcher) === "below,above", "a spectator's page: " + await sides(watcher));
  // The phone: the board and both clocks on the screen at once.
  await white.setViewportSize({ width: 390, height: 844 });
  const fit = await white.evaluate(() => ["#clock-0", "#clock-1", "#board-svg"].every((s) => { const r = document.querySelector(s).getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; }));
  assert(fit, "on a phone the clocks and the board are not all in view");
  await white.setViewportSize({ width: 1200, height: 900 });
  // The notification: asked for only by the click.
  assert(await white.evaluate(() => window.__asked) === 0, "permission asked on load");
  assert(await white.getAttribute("#notify", "aria-pressed") === "false", "notifying before it was asked for");
  await white.click("#notify");
  await white.waitForFunction(() => document.getElementById("notify").getAttribute("aria-pressed") === "true");
  assert(await white.evaluate(() => window.__asked) === 1, "permission not asked by the click");
  await white.reload();
  await white.waitForSelector("#board-svg");
  assert(await white.evaluate(() => window.__asked) === 0, "permission asked on a reload");
  assert(await white.getAttribute("#notify", "aria-pressed") === "true", "the choice not remembered");
  // Both first moves (untimed); White's turn comes while its page is hidden.
  let v = await apiView(g.id, g.tokens.white);
  const w = v.moves.find((m) => m.from && !m.promotion);
  await apiMove(g.id, g.tokens.white, v, w.from, w.to);
  await white.waitForFunction(() => document.querySelectorAll("#moves .mv").length === 1, null, { timeout: 5000 });
  await white.evaluate(() => { window.__hidden = true; });
  v = await apiView(g.id, g.tokens.black);
  const b = v.moves.find((m) => m.from && !m.promotion);
  await apiMove(g.id, g.tokens.black, v, b.from, b.to);
  await white.waitForFunction(() => window.__shown.length === 1, null, { timeout: 5000 });
  assert((await white.evaluate(() => window.__shown[0])).startsWith("Your turn"), "the notification: " + await white.evaluate(() => window.__shown[0]));
  // White's 13 s run: under 10 s in tenths, red under 1.3 s.
  await white.waitForFunction(() => Number(document.querySelector("#clock-0").dataset.ms) < 9500, null, { timeout: 8000 });
  const t = await white.textContent("#clock-0 .clock-time");
  assert(/^0:0\d\.\d$/.test(t), "tenths under 10 s: " + t);
  assert(/^0:1\d$/.test(await white.textContent("#clock-1 .clock-time")), "Black's clock: " + await white.textContent("#clock-1 .clock-time"));
  await white.waitForSelector("#clock-0.low", { timeout: 10000 });
  await white.waitForFunction(() => document.querySelector("#status").textContent.includes("lost on time"), null, { timeout: 10000 });
  assert(await white.textContent("#clock-0 .clock-time") === "0:00.0", "White's clock after the flag");
  assert(await white.evaluate(() => window.__shown.length) === 1, "notified again");
  await ctx.close();
  await other.close();
  await third.close();
});

await test("issue 31 item 3: a checkmate marks the mated King's square on the final board (a variant file's chess, fool's mate)", async () => {
  // A second server that offers the variant files of variants/.
  const port2 = port + 500;
  const base2 = `http://127.0.0.1:${port2}`;
  const db2 = join(tempDir(), "e2e.db");
  const s2 = spawn(bin, ["serve", "--addr", `127.0.0.1:${port2}`, "--db", db2, "--variants", join(root, "variants")], { stdio: ["ignore", "pipe", "inherit"] });
  try {
    await new Promise((res, rej) => {
      s2.stdout.on("data", (d) => { if (String(d).includes("running")) res(); });
      s2.on("exit", (c) => rej(new Error("server exited " + c)));
      setTimeout(() => rej(new Error("server did not start")), 15000);
    });
    const r = await fetch(base2 + "/api/games", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ variant: "chess", opponent: "friend" }) });
    const g = await r.json();
    assert(r.ok, "creation: " + JSON.stringify(g));
    const post = async (token, move, ply) => {
      const q = await fetch(`${base2}/api/games/${g.id}/moves`, { method: "POST", headers: { Authorization: "Bearer " + token, "Content-Type": "application/json" }, body: JSON.stringify({ move, ply }) });
      assert(q.ok, `${move}: ` + await q.text());
    };
    await post(g.tokens.white, "f3", 1);
    await post(g.tokens.black, "e5", 2);
    await post(g.tokens.white, "g4", 3);
    const ctx = await browser.newContext({ viewport: { width: 1200, height: 900 } });
    const white = await ctx.newPage();
    await white.goto(`${base2}/game/${g.id}#${g.tokens.white}`);
    await white.waitForSelector("#board-svg");
    const bctx = await browser.newContext({ viewport: { width: 1200, height: 900 } });
    const black = await bctx.newPage();
    await black.goto(`${base2}/game/${g.id}#${g.tokens.black}`);
    await black.waitForSelector("#board-svg g.disc");
    assert(!(await white.$("[data-end-mark]")), "an end mark before the end");
    // Black mates by clicking: Qd8-h4.
    await black.click(`g.card[data-square="d8"]`);
    await black.click(`[data-target="h4"]`);
    for (const [page, title] of [[black, "You won"], [white, "You lost"]]) {
      await page.waitForSelector("#game-over:not([hidden])", { timeout: 5000 });
      assert((await page.textContent("#game-over-title")).startsWith(title), "title: " + await page.textContent("#game-over-title"));
      await page.waitForSelector("[data-end-mark]", { timeout: 5000 });
      assert(await page.getAttribute("[data-end-mark]", "data-end-mark") === "e1", "marked: " + await page.getAttribute("[data-end-mark]", "data-end-mark"));
      const [m, sq] = await Promise.all([page.locator("[data-end-mark]").boundingBox(), page.locator(`rect.sq[data-square="e1"]`).boundingBox()]);
      assert(Math.abs(m.x - sq.x) < 1 && Math.abs(m.y - sq.y) < 1 && Math.abs(m.width - sq.width) < 1, `the mark is not on e1: ${JSON.stringify([m, sq])}`);
      assert(await page.$(".end-mark-ring"), "no ring");
    }
    // The game over as the loser sees it, for the README.
    await white.screenshot({ path: join(root, "docs", "game-over-desktop.png") });
    const v = await (await fetch(`${base2}/api/games/${g.id}`)).json();
    assert(v.end_mark === "e1" && v.result.result === "0-1", "view: " + JSON.stringify([v.end_mark, v.result]));
    // Stepping back: no mark before the end.
    await white.click("#prev");
    await white.waitForFunction(() => document.querySelector("#status").textContent.startsWith("Viewing"));
    assert(!(await white.$("[data-end-mark]")), "an end mark on an earlier position");
    await ctx.close();
    await bctx.close();
  } finally {
    s2.kill();
  }
});

// issue 31 items 1-2: the lobby
// The lobby's cards (item 1): a card for every game, its start drawn from
// the server's start view, its summary, links to its rules and analysis.
async function lobbyCards(page) {
  await page.goto(base + "/");
  await page.waitForSelector("#games .variant-card");
}

await test("issue 31 item 1: every game has a card: its start drawn, its summary, and links that open its rules and its analysis board", async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const variants = await (await fetch(base + "/api/variants")).json();
  await lobbyCards(page);
  for (const v of variants) {
    const card = `#games .variant-card[data-variant="${v.key}"]`;
    assert(await page.isVisible(card), "no card for " + v.key);
    assert((await page.textContent(`${card} h3`)).trim() === v.name, "the card's name for " + v.key);
    assert((await page.textContent(`${card} .card-summary`)).trim() === v.summary.trim(), "the summary of " + v.key);
    const drawn = await page.$$eval(`${card} .card-start svg.start-board rect.sq, ${card} .card-start svg.start-board g.card, ${card} .card-start .pcard`, (xs) => xs.length);
    assert(drawn > 0, "no start drawn for " + v.key);
    const caption = await page.textContent(`${card} figcaption`);
    if (["52chess", "dealers"].includes(v.key)) assert(/a sample deal/.test(caption), `${v.key}'s caption: ${caption}`);
    if (["cuarenta", "cardmate"].includes(v.key)) assert(!/sample/.test(caption), `${v.key}'s start (default options) is no sample: ${caption}`);
    // The picture is only looked at: it is not the game board (#board-svg).
    assert(!(await page.$("#board-svg")), "a card's picture took the board's id");
  }
  for (const v of variants) {
    const card = `#games .variant-card[data-variant="${v.key}"]`;
    await page.click(`${card} a.card-rules`);
    await page.waitForSelector("#rules-page h1");
    assert(page.url().endsWith("/rules/" + v.key), "rules link of " + v.key + ": " + page.url());
    await lobbyCards(page);
    await page.click(`${card} a.card-analysis`);
    await page.waitForSelector("#engine-panel");
    assert(page.url().includes("/analysis?game=" + v.key), "analysis link of " + v.key + ": " + page.url());
    await lobbyCards(page);
  }
  // "Play this" on a card chooses the game in the form.
  await page.click('#games .variant-card[data-variant="cuarenta"] .card-choose');
  assert(await page.inputValue("select[name=variant]") === "cuarenta", "the card did not choose its game");
  await page.close();
});

await test("issue 31 item 1: the level shows only against the computer and says how strong it is; options show their help; no seed field for a secret seed", async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await lobbyCards(page);
  await page.selectOption("select[name=opponent]", "engine");
  assert(await page.isVisible("select[name=level]"), "no level against the computer");
  const labels = await page.$$eval("select[name=level] option", (os) => os.map((o) => o.textContent));
  assert(labels.length === 8 && labels.every((l, i) => l.startsWith(`${i + 1} \u2014 `) && l.length > 8), "levels: " + labels.join(" | "));
  assert(/beginner/.test(labels[0]) && /strongest/.test(labels[7]), "levels: " + labels.join(" | "));
  await page.selectOption("select[name=opponent]", "friend");
  assert(!(await page.isVisible("select[name=level]")), "a level for a friend game");
  assert(await page.isVisible("#create") && !(await page.isVisible("#seek")), "friend: Play, not Seek");
  await page.selectOption("select[name=opponent]", "seek");
  assert(!(await page.isVisible("select[name=level]")), "a level for a seek");
  assert(await page.isVisible("#seek") && !(await page.isVisible("#create")), "seek: Seek, not Play");
  await page.selectOption("select[name=opponent]", "engine");
  assert(await page.isVisible("select[name=level]"), "the level did not come back");
  // Each option's help, as the API has it, under the option.
  const variants = await (await fetch(base + "/api/variants")).json();
  for (const v of variants) {
    await page.selectOption("select[name=variant]", v.key);
    const helps = await page.$$eval("#variant-options .option-help", (hs) => hs.map((h) => h.textContent));
    for (const o of v.options) if (o.help) assert(helps.includes(o.help), `${v.key}: no help for ${o.name}`);
    const seed = await page.$("input[name=seed]");
    if (v.secret_seed) assert(!seed, v.key + " has a seed field, its seed is secret");
    else assert(seed && await seed.isVisible(), v.key + " has no seed field");
  }
  for (const key of ["52chess", "dealers"]) {
    await page.selectOption("select[name=variant]", key);
    assert(!(await page.$("input[name=seed]")), key + ": a seed field");
  }
  await page.close();
});

await test("issue 31 item 2: the lobby's lists in order: a seek, a game being played with its players' names, your games with your turn first", async () => {
  const r = await fetch(base + "/api/seeks", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ variant: "cuarenta", name: "Sam" }) });
  const seek = await r.json();
  assert(r.ok, "seek: " + JSON.stringify(seek));
  try {
    const played = await apiGame({ variant: "cuarenta", opponent: "friend", name: "Ann" });
    assert((await apiPost(played.id, "name", played.tokens.black, { name: "Bob" })).status === 200, "Bob's name");
    // This browser's games: one where it is its turn (older), one where
    // it is not (newer).
    const mineTurn = await apiGame({ variant: "cuarenta", opponent: "friend" });
    const mineWait = await apiGame({ variant: "cuarenta", opponent: "friend" });
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(base + "/");
    await page.evaluate(([a, b]) => {
      localStorage.setItem("deckmate-token-" + a.id, a.tokens.white);
      localStorage.setItem("deckmate-token-" + b.id, b.tokens.black);
    }, [mineTurn, mineWait]);
    await page.reload();
    await page.waitForSelector(`#seeks .accept-seek[data-seek="${seek.id}"]`, { timeout: 10000 });
    await page.waitForSelector(`#ongoing [data-game="${played.id}"]`, { timeout: 10000 });
    await page.waitForSelector(`#mine [data-game="${mineWait.id}"]`, { timeout: 10000 });
    // The order on the page: seeks, being played, yours.
    const order = await page.evaluate(() => ["seeks", "ongoing", "mine"].map((id) => document.getElementById(id).getBoundingClientRect().top));
    assert(order[0] < order[1] && order[1] < order[2], "the lists' order: " + order);
    const line = await page.textContent(`#ongoing [data-game="${played.id}"]`);
    assert(line.includes("Ann (White)") && line.includes("Bob (Black)"), "the players: " + line);
    const href = await page.getAttribute(`#ongoing [data-game="${played.id}"] a`, "href");
    assert(href === "/game/" + played.id, "watch link: " + href);
    const mine = await page.$$eval("#mine .mine-line", (ls) => ls.map((l) => ({ id: l.dataset.game, text: l.textContent })));
    assert(mine.length === 2, "your games: " + JSON.stringify(mine));
    assert(mine[0].id === mineTurn.id && /your turn/.test(mine[0].text), "your turn first: " + JSON.stringify(mine));
    assert(mine[1].id === mineWait.id && !/your turn/.test(mine[1].text), "then the other: " + JSON.stringify(mine));
    assert(!(await page.$(`#mine [data-game="${played.id}"]`)), "a game of others among yours");
    // Watching: the link opens the game, as a spectator.
    await page.click(`#ongoing [data-game="${played.id}"] a`);
    await page.waitForSelector("#board-svg");
    assert(page.url().endsWith("/game/" + played.id), "watch: " + page.url());
    await page.close();
  } finally {
    await fetch(`${base}/api/seeks/${seek.id}?token=${seek.token}`, { method: "DELETE" });
  }
});

await test("issue 31 item 2: finished games have a page of their own, a link from the lobby", async () => {
  const g = await apiGame({ variant: "cuarenta", opponent: "friend", name: "Fay" });
  assert((await apiPost(g.id, "resign", g.tokens.white)).status === 200, "resign");
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await lobbyCards(page);
  await page.click("#finished-link");
  await page.waitForSelector("#finished h1");
  assert(page.url().endsWith("/games/finished"), "url " + page.url());
  await page.waitForSelector(`#finished [data-game="${g.id}"]`);
  const line = await page.textContent(`#finished [data-game="${g.id}"]`);
  assert(line.includes("Fay (White)") && line.includes("0-1"), "the finished line: " + line);
  assert(!(await page.$(`#ongoing [data-game="${g.id}"]`)), "a finished game among those being played");
  // Opened by its address too.
  await page.goto(base + "/games/finished");
  await page.waitForSelector(`#finished [data-game="${g.id}"]`);
  await page.close();
});

await test("issue 31 item 2: on a phone (390x844) every visible button, link and control of the lobby is at least 44x44 px", async () => {
  const g = await apiGame({ variant: "cuarenta", opponent: "friend" });
  const r = await fetch(base + "/api/seeks", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ variant: "cuarenta", name: "Sam" }) });
  const seek = await r.json();
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(base + "/");
    await page.evaluate((a) => localStorage.setItem("deckmate-token-" + a.id, a.tokens.white), g);
    await page.reload();
    await page.waitForSelector("#games .variant-card");
    await page.waitForSelector("#mine .mine-line");
    await page.waitForSelector("#seeks .accept-seek");
    const small = async () => page.$$eval("header a, main a, main button, main select, main input", (xs) => xs
      .filter((x) => { const s = getComputedStyle(x); const b = x.getBoundingClientRect(); return s.display !== "none" && s.visibility !== "hidden" && b.width > 0 && b.height > 0; })
      .map((x) => { const b = x.getBoundingClientRect(); return { what: x.outerHTML.slice(0, 70), w: b.width, h: b.height }; })
      .filter((b) => b.w < 43.5 || b.h < 43.5));
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    assert(wide <= 390, `the lobby is ${wide} pixels wide`);
    for (const o of ["engine", "friend", "seek"]) {
      await page.selectOption("select[name=opponent]", o);
      const bad = await small();
      assert(bad.length === 0, `too small (${o}): ` + JSON.stringify(bad.slice(0, 6)));
    }
    await page.goto(base + "/games/finished");
    await page.waitForSelector("#finished h1");
    const bad = await small();
    assert(bad.length === 0, "too small on the finished page: " + JSON.stringify(bad.slice(0, 6)));
    await page.close();
  } finally {
    await fetch(`${base}/api/seeks/${seek.id}?token=${seek.token}`, { method: "DELETE" });
  }
});

// issue 31 item 8: the board fits
// Every game's board lies wholly within the first screen, without
// scrolling, at 1280x800 and on a phone (390x844); 52Chess's drawn card
// too. A game against the engine at level 1, the first seat; Dealer's
// Chess once both armies are arranged (at random, through the API).
async function openForFit(page, variant, board) {
  if (variant === "dealers") {
    // Between friends through the API, each army arranged at random, the
    // page White's.
    // A 12x12 deal takes more cards than the standard deck: the example's.
    const options = board === "12x12" ? { board, deck_file: readFileSync(join(root, "variants/dealers-example-deck.txt"), "utf8") } : { board };
    const g = await apiGame({ variant, opponent: "friend", options });
    for (const seat of ["white", "black"]) {
      const r = await apiPost(g.id, "moves", g.tokens[seat], { move: "random" });
      assert(r.status === 200, "arrangement refused: " + JSON.stringify(r.body));
    }
    await page.goto(`${base}/game/${g.id}#${g.tokens.white}`);
  } else {
    await page.goto(base + "/");
    await page.waitForSelector("#create");
    await page.selectOption("select[name=variant]", variant);
    await page.selectOption("select[name=opponent]", "engine");
    await page.selectOption("select[name=level]", "1");
    await page.click("#create");
  }
  await page.waitForSelector("#board-svg g.disc, #board-svg g.card");
  if (variant === "52chess") await page.waitForSelector("#drawn .pcard");
  // Layout and the card's turn settled; the page at its top.
  await page.waitForTimeout(800);
  await page.evaluate(() => window.scrollTo(0, 0));
}
const inScreen = (page, sel) => page.evaluate((sel) => {
  const r = document.querySelector(sel).getBoundingClientRect();
  return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, w: innerWidth, h: innerHeight };
}, sel);
await test("issue 31 item 8: every game's board (and 52Chess's drawn card) fits the first screen at 1280x800 and 390x844", async () => {
  const bad = [];
  for (const [width, height] of [[1280, 800], [390, 844]]) {
    const page = await browser.newPage({ viewport: { width, height } });
    for (const [variant, board] of [["cardmate"], ["cuarenta"], ["52chess"], ["dealers", "8x8"], ["dealers", "12x12"]]) {
      await openForFit(page, variant, board);
      const what = `${variant}${board ? " " + board : ""} at ${width}x${height}`;
      for (const sel of variant === "52chess" ? ["#board-svg", "#drawn .pcard"] : ["#board-svg"]) {
        const r = await inScreen(page, sel);
        if (!(r.top >= 0 && r.left >= 0 && r.bottom <= r.h && r.right <= r.w)) bad.push(`${what}: ${sel} at ${JSON.stringify(r)}`);
      }
      if (process.env.E2E_FIT_SHOTS) await page.screenshot({ path: `/tmp/fit-${variant}${board || ""}-${width}.png` });
    }
    await page.close();
  }
  assert(bad.length === 0, "not within the first screen:\n" + bad.join("\n"));
});

await test("issue 31 items 7 and 15: chess pieces drawn as pieces, every piece's card on hover and long press, rules pages with every piece", async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  // Every rules page: headings as written, no terminal flags, every piece
  // as its card (the cards load), chess pieces drawn as pieces.
  const cards = { cardmate: 14, "chess-cards": 0, cuarenta: 7, "52chess": 6, dealers: 71 };
  for (const [key, n] of Object.entries(cards)) {
    await page.goto(`${base}/rules/${key}`);
    await page.waitForSelector("#rules-page h1");
    const hs = await page.$$eval("#rules-page h2", (hs) => hs.map((h) => h.textContent));
    assert(hs.length >= 5 && hs.every((h) => !/:$/.test(h)), `${key}: headings ${JSON.stringify(hs)}`);
    const text = await page.textContent("#rules-page");
    assert(!/(^|\s)--[a-z]/.test(text), `${key}: a terminal flag in the rules page`);
    if (n) await page.waitForSelector("#rules-pieces img");
    const imgs = await page.$$("#rules-pieces img");
    assert(imgs.length === n, `${key}: ${imgs.length} piece cards, wanted ${n}`);
    if (n) {
      await imgs[n - 1].scrollIntoViewIfNeeded();
      await page.waitForFunction(() => [...document.querySelectorAll("#rules-pieces img")].slice(-1)[0].naturalWidth > 0, null, { timeout: 5000 });
    }
  }
  await page.goto(`${base}/rules/52chess`);
  await page.waitForSelector("#board-svg g.disc");
  for (const [kind, count] of [["king", 2], ["queen", 2], ["rook", 4], ["bishop", 4], ["knight", 4], ["pawn", 16]]) {
    const got = (await page.$$(`#board-svg g.glyph-${kind}`)).length;
    assert(got === count, `52Chess: ${got} ${kind}s drawn as pieces, wanted ${count}`);
  }
  // The analysis board: a piece's card beside the board on hover, for a
  // Cuarenta fairy piece and a Cardmate card.
  for (const [game, square, src] of [["cuarenta", "d1", "/pieces/cuarenta/F.svg"], ["cardmate", "i3", null]]) {
    await page.goto(`${base}/analysis?game=${game}`);
    await page.waitForSelector("#board-svg g.card");
    const sq = square === "i3" ? await page.$eval("#board-svg g.card", (g) => g.getAttribute("data-square")) : square;
    await page.hover(`#board-svg g.card[data-square="${sq}"]`);
    await page.waitForSelector("#card-view img", { timeout: 5000 });
    const got = await page.getAttribute("#card-view img", "src");
    assert(src ? got === src : got.startsWith(`/pieces/${game}/`), `${game}: the card on hover is ${got}`);
    assert(await page.$eval("#card-view img", (i) => i.complete && i.naturalWidth > 0 || new Promise((r) => { i.onload = () => r(i.naturalWidth > 0); })), `${game}: the card does not load`);
  }
  await page.close();
  // A phone: a long press shows the card over the page and picks nothing;
  // a tap closes it.
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  await phone.goto(`${base}/analysis?game=cuarenta`);
  await phone.waitForSelector("#board-svg g.disc");
  const g = await phone.$('#board-svg g.disc[data-square="b3"]');
  const box = await g.boundingBox();
  const at = { pointerType: "touch", pointerId: 7, isPrimary: true, clientX: box.x + box.width / 2, clientY: box.y + box.height / 2, bubbles: true };
  await g.dispatchEvent("pointerdown", at);
  await phone.waitForTimeout(700);
  await g.dispatchEvent("pointerup", at);
  await g.dispatchEvent("click", at);
  await phone.waitForSelector("#card-pop img", { timeout: 3000 });
  const src = await phone.getAttribute("#card-pop img", "src");
  assert(src === "/pieces/cuarenta/P.svg", "the long press's card: " + src);
  assert(!(await phone.$("rect.sq.selected")), "the long press picked the piece");
  const pop = await phone.$("#card-pop");
  const pb = await pop.boundingBox();
  assert(pb.y + pb.height <= 844 && pb.y >= 0, "the card is not within the screen: " + JSON.stringify(pb));
  await phone.tap("#card-pop .card-pop-close");
  await phone.waitForSelector("#card-pop", { state: "detached", timeout: 3000 });
  await phone.close();
});

await test("issue 32 item 5: two servers on one PostgreSQL: browsers on A and B play a clocked game, a spectator on A sees every move; A killed (kill -9) while its engine thinks and a clock runs: the engine moves and the flag falls on B, the browsers reconnect to A restarted, no acknowledged move lost", async () => {
  const url = process.env.DECKMATE_TEST_DATABASE_URL;
  if (!url) {
    assert(process.env.CI !== "true", "DECKMATE_TEST_DATABASE_URL is not set under CI=true: run the e2e tests with scripts/with-postgres.sh");
    console.log("     (skipped: DECKMATE_TEST_DATABASE_URL not set; scripts/with-postgres.sh sets it)");
    return;
  }
  // A fresh database on that PostgreSQL server.
  const name = `e2e_${process.pid}_${Date.now() % 100000}`;
  execFileSync("psql", [url, "-q", "-c", `CREATE DATABASE ${name}`]);
  const dbUrl = url.replace(/\/[^/]*$/, "/" + name);
  const start = async (p) => {
    const s = spawn(bin, ["serve", "--addr", `127.0.0.1:${p}`, "--db", dbUrl], { stdio: ["ignore", "pipe", "inherit"] });
    await new Promise((res, rej) => {
      s.stdout.on("data", (d) => { if (String(d).includes("running")) res(); });
      s.on("exit", (c) => rej(new Error("server exited " + c)));
      setTimeout(() => rej(new Error("server did not start")), 15000);
    });
    return s;
  };
  const pA = port + 600, pB = port + 700;
  const A = `http://127.0.0.1:${pA}`, B = `http://127.0.0.1:${pB}`;
  let a = await start(pA);
  const b = await start(pB);
  const ctxs = [];
  try {
    const make = async (at, body) => {
      const r = await fetch(at + "/api/games", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
      const g = await r.json();
      assert(r.ok, "creation: " + JSON.stringify(g));
      return g;
    };
    const viewAt = async (at, id) => (await fetch(`${at}/api/games/${id}`)).json();
    const g = await make(A, { variant: "cuarenta", opponent: "friend", time_control: { initial_s: 12, increment_s: 0 } });
    const open = async (at, path) => {
      const ctx = await browser.newContext({ viewport: { width: 1200, height: 900 } });
      ctxs.push(ctx);
      const p = await ctx.newPage();
      await p.goto(at + path);
      await p.waitForSelector("#board-svg");
      return p;
    };
    const white = await open(A, `/game/${g.id}#${g.tokens.white}`);
    const black = await open(B, `/game/${g.id}#${g.tokens.black}`);
    const watcher = await open(A, `/game/${g.id}`);
    // Four moves by clicking, each seen by the other server's browser and
    // by the spectator on A.
    const acknowledged = [];
    for (let ply = 1; ply <= 4; ply++) {
      const page = ply % 2 ? white : black;
      await page.waitForFunction((n) => document.querySelectorAll("#moves .mv").length === n, ply - 1, { timeout: 10000 });
      const v = await viewOf(page);
      const m = v.moves.find((x) => x.from && x.to && !x.promotion);
      await clickMove(page, m);
      for (const p of [white, black, watcher]) await p.waitForFunction((n) => document.querySelectorAll("#moves .mv").length === n, ply, { timeout: 10000 });
      acknowledged.push(m.text.replace(/[+#]$/, ""));
    }
    // White's clock runs (A holds the game's lease). An engine game made
    // on A: its engine (level 8: seconds) thinks there.
    const e = await make(A, { variant: "cuarenta", opponent: { engine: 8, seat: "black" } });
    await new Promise((r) => setTimeout(r, 400));
    assert((await viewAt(A, e.id)).plies === 0, "the engine moved before A was killed");
    a.kill("SIGKILL");
    const killed = Date.now();
    // On B: the engine's move and White's flag.
    const until = async (what, f, ms) => {
      const t = Date.now();
      for (;;) {
        const v = await f();
        if (v) return v;
        assert(Date.now() - t < ms, what + " did not happen on B");
        await new Promise((r) => setTimeout(r, 200));
      }
    };
    await until("the engine's move", async () => (await viewAt(B, e.id)).plies >= 1 || null, 30000);
    const engineSecs = (Date.now() - killed) / 1000;
    const over = await until("the flag", async () => { const v = await viewAt(B, g.id); return v.result ? v : null; }, 20000);
    assert(/time/.test(JSON.stringify(over.result)), "result: " + JSON.stringify(over.result));
    console.log(`     A killed: the flag fell on B after ${((Date.now() - killed) / 1000).toFixed(1)} s, the engine's move after ${engineSecs.toFixed(1)} s`);
    // Every acknowledged move is there.
    const history = over.history.map((h) => h.replace(/[+#]$/, ""));
    assert(JSON.stringify(history.slice(0, 4)) === JSON.stringify(acknowledged), `moves: ${history} vs ${acknowledged}`);
    // A restarted: its browsers reconnect and show the end.
    a = await start(pA);
    for (const p of [white, watcher]) await p.waitForFunction(() => document.querySelector("#status").textContent.includes("lost on time"), null, { timeout: 40000 });
    await black.waitForFunction(() => document.querySelector("#status").textContent.includes("on time"), null, { timeout: 10000 });
  } finally {
    for (const c of ctxs) await c.close();
    a.kill("SIGKILL");
    b.kill();
  }
});

// Issue 33: player accounts in the browser. Two players register (unique
// names), one makes a rated clocked seek in the lobby, the other accepts
// it; they play a few moves and one resigns; both see their rating change
// on the end panel; the game's leaderboard lists both; a guest opens the
// winner's profile and sees his rating and the game in his history.
await test("issue 33 accounts: register, a rated seek accepted, the rating change at the end, the leaderboard, a guest reads the winner's profile", async () => {
  const stamp = (Date.now() % 1e8).toString(36);
  const [ann, bob] = ["ann" + stamp, "bob" + stamp];
  const password = "correct horse battery";
  const size = { viewport: { width: 1200, height: 900 } };
  const [ctxA, ctxB, ctxC] = [await browser.newContext(size), await browser.newContext(size), await browser.newContext(size)];
  try {
    // The pages with their tables filled pass axe too (the accessibility
    // test sees them empty: it runs on a fresh server).
    const axe = readFileSync(join(root, "e2e", "node_modules", "axe-core", "axe.min.js"), "utf8");
    const axeCheck = async (p, what) => {
      await p.evaluate(axe);
      const found = await p.evaluate(async () => (await axe.run()).violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id} at ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")}`));
      assert(found.length === 0, what + ": " + found.join(" | "));
    };
    const register = async (ctx, name) => {
      const p = await ctx.newPage();
      await p.goto(base + "/");
      await p.waitForSelector("#nav-register");
      await p.click("#nav-register");
      await p.waitForSelector("#register-form");
      assert((await p.textContent("#username-rule")).includes("2 to 20"), "the name's rule is not shown");
      await p.fill("#username", name);
      await p.fill("#password", password);
      await p.fill("#password2", password);
      await p.click("#account-submit");
      // Back in the lobby, the header names the player.
      await p.waitForSelector("#nav-profile", { timeout: 10000 });
      assert((await p.textContent("#nav-profile")) === name, "the header's name: " + (await p.textContent("#nav-profile")));
      assert(new URL(p.url()).pathname === "/", "after registering: " + p.url());
      await p.waitForSelector("#create");
      return p;
    };
    const a = await register(ctxA, ann);
    const b = await register(ctxB, bob);
    // The refusals, said in words: a name taken, a wrong password.
    const c = await ctxC.newPage();
    await c.goto(base + "/register");
    await c.fill("#username", ann.toUpperCase());
    await c.fill("#password", password);
    await c.fill("#password2", password);
    await c.click("#account-submit");
    await c.waitForFunction(() => /taken/.test(document.querySelector("#form-error").textContent));
    await c.goto(base + "/login");
    await c.fill("#username", ann);
    await c.fill("#password", "not the password");
    await c.click("#account-submit");
    await c.waitForFunction(() => /Wrong username or password/.test(document.querySelector("#form-error").textContent));
    // A guest's seek form: Rated disabled, and why.
    await c.goto(base + "/");
    await c.waitForSelector("#create");
    await c.selectOption("select[name=opponent]", "seek");
    assert(await c.isDisabled("#seek-rated"), "a guest may tick Rated");
    assert(/log in/i.test(await c.textContent("#seek-rated-help")), "no reason given: " + (await c.textContent("#seek-rated-help")));
    // Ann's rated seek: Cuarenta, 3+2, White.
    await a.selectOption("select[name=variant]", "cuarenta");
    await a.selectOption("select[name=time]", "3+2");
    await a.selectOption("select[name=side]", "white");
    await a.selectOption("select[name=opponent]", "seek");
    assert(!(await a.isDisabled("#seek-rated")), "Rated is disabled for a player logged in");
    await a.check("#seek-rated");
    const sent = a.waitForRequest((r) => r.url().endsWith("/api/seeks") && r.method() === "POST");
    await a.click("#seek");
    const body = (await sent).postDataJSON();
    assert(body.rated === true, "the seek sent: " + JSON.stringify(body));
    await a.waitForSelector("#my-seek .waiting");
    // Bob's lobby shows it with Ann's rating and Rated; a guest's asks to log in.
    await b.waitForFunction((n) => [...document.querySelectorAll("#seeks .seek-line")].some((l) => l.textContent.includes(n)), ann, { timeout: 10000 });
    const line = await b.$eval("#seeks .seek-line", (l) => l.textContent);
    assert(line.includes(`${ann} 1500?`) && line.includes("Rated"), "the seek's line: " + line);
    await c.waitForSelector("#seeks .login-to-play", { timeout: 10000 });
    assert((await c.getAttribute("#seeks .login-to-play", "href")).startsWith("/login?next="), "the guest's link");
    await b.click("#seeks .accept-seek");
    await b.waitForSelector("#board-svg g.disc", { timeout: 10000 });
    await a.waitForSelector("#board-svg g.disc", { timeout: 10000 });
    assert(a.url() === b.url(), `different games: ${a.url()} ${b.url()}`);
    const id = new URL(a.url()).pathname.split("/").pop();
    for (const p of [a, b]) {
      await p.waitForSelector("#game-rated");
      assert((await p.textContent("#game-rated")) === "Rated", "not said Rated: " + (await p.textContent("#game-rated")));
      assert(await p.getAttribute(`#player-0 a[href="/@/${ann}"]`, "href"), "Ann's seat is no link to her profile");
      assert(await p.getAttribute(`#player-1 a[href="/@/${bob}"]`, "href"), "Bob's seat is no link to his profile");
    }
    // A few moves by clicking, each on the page of the seat to move.
    for (let i = 0; i < 4; i++) {
      const p = i % 2 === 0 ? a : b;
      const v = await viewOf(p);
      assert(v.to_move === v.you, `ply ${i + 1}: not ${i % 2 ? "Bob" : "Ann"}'s turn`);
      const mv = v.moves.find((m) => m.from && m.to && !m.choice);
      await clickCuarenta(p, mv);
      for (const q of [a, b]) await q.waitForFunction((n) => document.querySelectorAll("#moves .mv").length > n, v.plies, { timeout: 10000 });
    }
    // Ann's games follow her: a page of hers with no seat's token in this
    // browser is her seat all the same (her session), and her lobby lists it.
    const a2 = await ctxA.newPage();
    await a2.goto(base + "/");
    await a2.evaluate((g) => localStorage.removeItem("deckmate-token-" + g), id);
    await a2.waitForSelector(`#mine [data-game="${id}"]`, { timeout: 10000 });
    await a2.goto(base + "/game/" + id);
    await a2.waitForFunction(() => document.querySelector("#player-0") && document.querySelector("#player-0").textContent.includes("(you)"), null, { timeout: 10000 });
    assert(await a2.isVisible("#resign"), "no Resign for Ann's session");
    await a2.close();
    // Bob resigns; both see the end and, a moment later, the ratings.
    await b.click("#resign");
    await b.click("#resign");
    await gameOver(a, "You won");
    await gameOver(b, "You lost");
    const changes = [];
    for (const p of [a, b]) {
      await p.waitForSelector("#game-over-ratings", { timeout: 10000 });
      changes.push(await p.textContent("#game-over-ratings"));
    }
    const said = changes[0];
    assert(changes[1] === said, "the two panels differ: " + changes.join(" | "));
    assert(new RegExp(`${ann} 1\\d{3} \\(\\+\\d+\\)`).test(said) && new RegExp(`${bob} 1\\d{3} \\(\\u2212\\d+\\)`).test(said), "the rating change: " + said);
    console.log("     " + said);
    // The leaderboard of Cuarenta lists both, Ann first.
    await c.goto(base + "/leaderboard");
    await c.click('a[href="/leaderboard/cuarenta"]');
    await c.waitForSelector("#leaderboard-table");
    const rows = await c.$$eval("#leaderboard-table tbody tr", (rs) => rs.map((r) => r.dataset.player));
    await axeCheck(c, "the leaderboard with its players");
    assert(rows.includes(ann) && rows.includes(bob) && rows.indexOf(ann) < rows.indexOf(bob), "the leaderboard: " + rows);
    const annRow = await c.textContent(`#leaderboard-table tr[data-player="${ann}"]`);
    assert(/\d{4}\?/.test(annRow), "a provisional rating without ?: " + annRow);
    // A guest opens Ann's profile from there: her rating, the game.
    await c.click(`#leaderboard-table tr[data-player="${ann}"] a`);
    await c.waitForSelector("#profile-ratings");
    assert(new URL(c.url()).pathname === "/@/" + ann, "the profile's address: " + c.url());
    assert((await c.textContent("#profile-name")).includes(ann), "the profile's name");
    const rating = await c.textContent('#profile-ratings tr[data-game="cuarenta"]');
    assert(/Cuarenta\s*1\d{3}\?\s*1/.test(rating), "the profile's rating: " + rating);
    assert((await c.textContent("#profile-record")).startsWith("1 won, 0 lost"), "the record: " + (await c.textContent("#profile-record")));
    await c.waitForSelector(`#history-table tr[data-game="${id}"]`);
    const row = await c.textContent(`#history-table tr[data-game="${id}"]`);
    assert(row.includes(bob) && row.includes("Won") && /Rated \(\+\d+\)/.test(row), "the history's line: " + row);
    assert((await c.getAttribute(`#history-table tr[data-game="${id}"] a[href^="/game/"]`, "href")) === "/game/" + id, "no link to the game");
    await axeCheck(c, "the profile with its games");
    await axeCheck(a, "the end of a rated game");
    // The filters: Losses has none of hers.
    await c.selectOption("#history-result", "loss");
    await c.waitForFunction(() => !document.querySelector("#history-table tr[data-game]"));
    assert((await c.getAttribute("#download-pgn", "href")) === `/api/user/${ann}/games.pgn`, "the PGN link");
    const pgn = await (await fetch(`${base}/api/user/${ann}/games.pgn`)).text();
    assert(pgn.includes("[Result \"1-0\"]") || pgn.includes("1-0"), "the PGN: " + pgn.slice(0, 200));
    // Bob logs out: the header offers Log in again.
    await b.goto(base + "/");
    await b.click("#nav-logout");
    await b.waitForSelector("#nav-login");
    const me = await b.evaluate(async () => (await fetch("/api/account")).json());
    assert(me.username === null, "still logged in: " + JSON.stringify(me));
  } finally {
    for (const x of [ctxA, ctxB, ctxC]) await x.close();
  }
});

await test("issue 33 accounts: the account's page: a token made with its scopes, shown once with a copy button, listed and revoked; the password changed", async () => {
  const ctx = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  try {
    const name = "tok" + (Date.now() % 1e8).toString(36);
    const page = await ctx.newPage();
    await page.goto(base + "/register?next=%2Faccount");
    await page.waitForSelector("#register-form");
    await page.fill("#username", name);
    await page.fill("#password", "first password 1");
    await page.fill("#password2", "first password 1");
    await page.click("#account-submit");
    await page.waitForSelector("#token-form", { timeout: 10000 });
    assert(new URL(page.url()).pathname === "/account", "next= not followed: " + page.url());
    await page.fill("#token-label", "my board");
    await page.check('input[name=scope][value="board:play"]');
    await page.check('input[name=scope][value="account:read"]');
    await page.click("#token-create");
    await page.waitForSelector("#token-value");
    const token = await page.inputValue("#token-value");
    assert(token.length > 20 && (await page.isVisible("#token-copy")), "the token shown: " + token);
    assert(/only this once/.test(await page.textContent("#token-warning")), "no warning");
    await page.waitForSelector('#token-list tr[data-token]');
    const listed = await page.textContent("#token-list");
    assert(listed.includes("my board") && listed.includes("board:play account:read") && !listed.includes(token), "the list: " + listed);
    const who = await (await fetch(base + "/api/account", { headers: { Authorization: "Bearer " + token } })).json();
    assert(who.username === name, "the token does not act for its player: " + JSON.stringify(who));
    await page.click(".token-revoke");
    await page.waitForFunction(() => !document.querySelector("#token-list tr[data-token]"));
    // The password: the old one must be right.
    await page.fill("#old-password", "wrong password 1");
    await page.fill("#new-password", "second password 2");
    await page.click("#password-change");
    await page.waitForFunction(() => /Not changed/.test(document.querySelector("#password-note").textContent));
    await page.fill("#old-password", "first password 1");
    await page.fill("#new-password", "second password 2");
    await page.click("#password-change");
    await page.waitForFunction(() => /Password changed/.test(document.querySelector("#password-note").textContent));
    await page.click("#logout-everywhere");
    await page.waitForSelector("#nav-login");
    await page.goto(base + "/login");
    await page.fill("#username", name);
    await page.fill("#password", "second password 2");
    await page.click("#account-submit");
    await page.waitForSelector("#nav-profile", { timeout: 10000 });
  } finally {
    await ctx.close();
  }
});

await test("the pages break no rule of the Content Security Policy, which the server sends", async () => {
  const r = await fetch(base + "/");
  const csp = r.headers.get("content-security-policy") || "";
  assert(csp.includes("script-src 'self'") && !csp.includes("unsafe-inline"), "CSP: " + csp);
  assert(r.headers.get("x-content-type-options") === "nosniff", "nosniff missing");
  assert(r.headers.get("referrer-policy") === "no-referrer", "referrer policy missing");
  assert(cspViolations.length === 0, "violations: " + cspViolations.join(" | "));
});

await test("no page's script threw an uncaught error in any test", async () => {
  assert(pageErrors.length === 0, pageErrors.length + " errors: " + pageErrors.slice(0, 10).join(" | "));
});

await browser.close();
server.kill();
if (server.exitCode === null && server.signalCode === null) await new Promise((r) => server.on("exit", r));
for (const d of tempDirs) rmSync(d, { recursive: true, force: true });
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
