// End-to-end tests of `deckmate serve` in a real headless Chromium.
//
//   cargo build --release && cd e2e && npm ci && node run.mjs
//
// 1. A whole Cardmate game against the engine at level 1, played by clicking.
// 2. A game between two browsers joined through an invite link.
// 3. Screenshots of the lobby and a game, desktop and phone, into ../docs/.
// Prints "N passed, M failed" and exits non-zero on any failure.
import { chromium } from "playwright-core";
import { spawn } from "node:child_process";
import { mkdtempSync, existsSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..");
const bin = join(root, "target", "release", "deckmate");
const chromiumPath = process.env.CHROMIUM || "/usr/bin/chromium";
if (!existsSync(chromiumPath) || !existsSync(bin)) {
  const what = !existsSync(bin) ? bin + " (cargo build --release)" : chromiumPath;
  if (process.env.CI === "true") { console.error("missing " + what); process.exit(1); }
  console.log("skipped: missing " + what);
  process.exit(0);
}

const port = 9000 + Math.floor(Math.random() * 500);
const base = `http://127.0.0.1:${port}`;
const db = join(mkdtempSync(join(tmpdir(), "deckmate-e2e-")), "e2e.db");
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
async function test(name, fn) {
  const t = Date.now();
  try { await fn(); passed++; console.log(`ok   ${name} (${((Date.now() - t) / 1000).toFixed(1)} s)`); }
  catch (e) { failed++; console.log(`FAIL ${name}: ${e.stack || e}`); }
}
const assert = (c, m) => { if (!c) throw new Error(m); };

// The view the page is showing, as the server sends it to that seat.
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
  await newGame(page, { opponent: "engine", level: "1", side: "forehand" });
  let v = await viewOf(page);
  await clickMove(page, v.moves.find((m) => m.text === "4Ci3"));
  await page.waitForFunction(() => document.querySelectorAll("#moves .mv").length >= 2, null, { timeout: 15000 });
  const before = (await viewOf(page)).history;
  server.kill("SIGKILL");
  await new Promise((r) => server.on("exit", r));
  server = await startServer();
  // The page reconnects by itself and the game goes on where it was.
  await page.waitForTimeout(1500);
  v = await viewOf(page);
  assert(JSON.stringify(v.history) === JSON.stringify(before), "history changed: " + v.history);
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

await browser.close();
server.kill();
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
