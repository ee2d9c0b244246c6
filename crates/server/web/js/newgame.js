// The lobby's form for a new game: the game and its options (options.js,
// each with its help), a seed (not for a game whose seed is secret), the
// clock, the opponent (the computer at a level, said in words as the
// server's GET /api/levels gives them; a friend invited by a link; or
// anyone in the lobby, as a seek), the side, a nickname. The level is
// shown only against the computer.
import { el } from "./dom.js";
import { api, post } from "./api.js";
import { go } from "./nav.js";
import { choice, optionInput, optionValue } from "./options.js";
import { seekOptions } from "./seek-options.js";

// A game joined: this browser keeps the seat's token, and goes there.
export function enterGame(r) {
  localStorage.setItem("deckmate-token-" + r.id, r.token);
  go("/game/" + r.id);
}

export function newGameForm(variants, levels) {
  const form = el("form", { class: "panel", id: "new-game" });
  const variantSelect = el("select", { name: "variant" }, ...variants.map((x) => el("option", { value: x.key }, x.name)));
  const optionBox = el("div", { id: "variant-options" });
  const sideBox = el("div", { id: "side-box" });
  const rulesLink = el("a", { id: "rules-link" });
  const analysisLink = el("a", { id: "analysis-link" });
  const current = () => variants.find((x) => x.key === variantSelect.value) || variants[0];
  // A game that draws from its seed during play (52Chess) gets a secret
  // seed from the server: no seed field then.
  // Elsewhere the seed decides the deal or setup: the same seed, the same
  // start.
  const seedBox = el("div", { class: "option", id: "seed-box" },
    el("label", {}, "Seed ", el("input", { name: "seed", type: "number", min: "0", placeholder: "random", "aria-describedby": "seed-help" })),
    el("span", { class: "option-help", id: "seed-help" }, "The same seed deals the same start; left empty, the server picks one."));
  const showVariant = () => {
    const v = current();
    optionBox.replaceChildren(...v.options.map(optionInput));
    sideBox.replaceChildren(choice("side", [...v.seats, "random"], v.seats[0], [...v.seat_names, "Random"]));
    rulesLink.href = `/rules/${v.key}`;
    rulesLink.textContent = "Rules of " + v.name;
    analysisLink.href = `/analysis?game=${v.key}`;
    analysisLink.textContent = "Analysis board";
    if (v.secret_seed) seedBox.remove();
    else if (!seedBox.parentNode) optionBox.after(seedBox);
  };
  variantSelect.addEventListener("change", showVariant);
  form.append(el("h2", {}, "New game"), el("label", {}, "Game ", variantSelect), optionBox, seedBox);
  // The clock: a time control or none (minutes + increment in seconds).
  // Correspondence: 1-14 days a move (the time resets after each move).
  const timeSelect = choice("time", ["none", "1+0", "3+2", "5+3", "10+5", "15+10", "custom", "correspondence"], "none",
    ["none", "1+0", "3+2", "5+3", "10+5", "15+10", "custom", "Correspondence (days a move)"]);
  const custom = el("span", { id: "custom-time", hidden: "" },
    el("input", { name: "minutes", type: "number", min: "0.1", step: "0.1", value: "5", "aria-label": "minutes" }), " min + ",
    el("input", { name: "increment", type: "number", min: "0", step: "1", value: "3", "aria-label": "increment in seconds" }), " s");
  const days = el("span", { id: "correspondence-days", hidden: "" },
    el("select", { name: "days", "aria-label": "days a move" },
      ...Array.from({ length: 14 }, (_, i) => el("option", { value: String(i + 1), selected: i === 2 ? "" : null }, String(i + 1)))), " days a move");
  timeSelect.querySelector("select").addEventListener("change", (e) => {
    custom.hidden = e.target.value !== "custom";
    days.hidden = e.target.value !== "correspondence";
  });
  form.append(el("div", { id: "time-box" }, timeSelect, custom, days));
  const opponent = choice("opponent", ["engine", "friend", "seek"], "engine", ["the computer", "a friend (an invite link)", "anyone in the lobby (a seek)"]);
  form.append(opponent);
  const levelBox = choice("level", levels.map((l) => String(l.level)), "4", levels.map((l) => l.label));
  levelBox.id = "level-box";
  form.append(levelBox);
  form.append(sideBox);
  // A nickname, kept in this browser only (no accounts).
  const nick = el("input", { name: "nickname", id: "nickname", maxlength: "20", placeholder: "optional", value: localStorage.getItem("deckmate-name") || "" });
  nick.addEventListener("change", () => localStorage.setItem("deckmate-name", nick.value.trim()));
  form.append(el("label", {}, "Your name ", nick));
  const create = el("button", { type: "submit", id: "create" }, "Play");
  form.append(create);
  const seekBox = el("div", { id: "my-seek" });
  // Rated or casual, a rating range, bots (seek-options.js).
  const seekTerms = seekOptions();
  form.append(seekTerms.box);
  const seekButton = el("button", { type: "button", id: "seek", title: "offer this game to anyone in the lobby", onclick: () => makeSeek() }, "Seek an opponent");
  form.append(seekButton);
  form.append(seekBox);
  // The level only against the computer; a seek is made by its own button.
  const showOpponent = () => {
    const o = opponent.querySelector("select").value;
    levelBox.hidden = o !== "engine";
    create.hidden = o === "seek";
    seekButton.hidden = o !== "seek";
    seekTerms.box.hidden = o !== "seek";
  };
  opponent.querySelector("select").addEventListener("change", showOpponent);
  showVariant();
  showOpponent();
  // A game chosen on its card: the form shows it.
  const choose = (key) => {
    variantSelect.value = key;
    showVariant();
    form.scrollIntoView({ behavior: "smooth", block: "start" });
    variantSelect.focus({ preventScroll: true });
  };

  // The form's game as a request body (options, time control, name).
  const formBody = async () => {
    const f = new FormData(form);
    const v = current();
    const options = {};
    for (const o of v.options) {
      const value = await optionValue(o, f);
      if (value !== undefined) options[o.name] = value;
    }
    const body = { variant: v.key, options };
    const time = f.get("time");
    if (time === "custom") body.time_control = { initial_s: Number(f.get("minutes")) * 60, increment_s: Number(f.get("increment")) };
    else if (time === "correspondence") body.time_control = { days: Number(f.get("days")) };
    else if (time && time !== "none") {
      const [m, inc] = time.split("+").map(Number);
      body.time_control = { initial_s: m * 60, increment_s: inc };
    }
    const name = nick.value.trim();
    localStorage.setItem("deckmate-name", name);
    if (name) body.name = name;
    return { body, f, v };
  };
  // A seek stands while this page asks after it; it becomes a game when
  // someone accepts it.
  const makeSeek = async () => {
    if (!form.reportValidity()) return;
    const { body, f } = await formBody();
    body.seat = f.get("side") || "random";
    seekTerms.apply(body);
    try {
      const s = await api("/api/seeks", post(body));
      const cancel = el("button", { type: "button", id: "cancel-seek", onclick: async () => { clearInterval(timer); await fetch(`/api/seeks/${s.id}?token=${s.token}`, { method: "DELETE" }); seekBox.replaceChildren(); } }, "Cancel");
      seekBox.replaceChildren(el("p", { class: "waiting" }, "Waiting for an opponent\u2026 "), cancel);
      const timer = setInterval(async () => {
        if (location.pathname !== "/") { clearInterval(timer); return; }
        try {
          const st = await api(`/api/seeks/${s.id}?token=${s.token}`);
          if (!st.open) { clearInterval(timer); enterGame({ id: st.game, token: st.token }); }
        } catch { clearInterval(timer); seekBox.replaceChildren(el("p", {}, "The seek lapsed.")); }
      }, 1500);
    } catch (e) { alert(e.message); }
  };
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    // Enter in a box of a seek's form makes the seek.
    if (form.elements.opponent.value === "seek") { makeSeek(); return; }
    const { body, f, v } = await formBody();
    if (f.get("seed") && !v.secret_seed) body.seed = Number(f.get("seed"));
    const side = f.get("side") === "random" ? v.seats[Math.random() < 0.5 ? 0 : 1] : f.get("side");
    body.opponent = f.get("opponent") === "friend" ? "friend" : { engine: Number(f.get("level")), seat: side };
    try {
      const r = await api("/api/games", post(body));
      if (r.invite) localStorage.setItem("deckmate-invite-" + r.id, location.origin + r.invite);
      enterGame(r);
    } catch (e) { alert(e.message); }
  });
  return { form, links: [rulesLink, analysisLink], choose };
}
