// The panels: what a view shows besides the board, each drawn by the module
// registered for its kind. A view declares the panels it wants in
// `panels`: a kind, or an object with a `kind` and the panel's words, e.g.
// `{"kind": "cards", "choice_question": "..."}`; a panel not declared is
// left empty. A new kind of panel is one module, registered below.
//
// A panel module: { kind, slot, id, draw, status?, reset? }
// - slot: where its host goes ("above" or "below" the board, "side",
//   "bar" under the status line); id: its host's id;
// - draw(host, state, v, decl): fills the host from the view `v` and the
//   panel's declaration `decl`; the page's `state` holds the board's
//   state, `state.send(text)` makes a move, `state.redraw()` draws the
//   page again, and `state.panels[kind]` is the panel's memory;
// - status(state, v, decl): what the status line says while the panel
//   waits on the player (null: nothing);
// - reset(memory): forgets a half-made choice (a new position, a move
//   sent).
import cards from "./cards.js";
import arrangement from "./arrangement.js";
import hands from "./hands.js";
import drawn from "./drawn.js";
import chance from "./chance.js";
import { el } from "../dom.js";

const registry = new Map();

export function registerPanel(kind, panel) {
  if (registry.has(kind)) throw new Error(`panel '${kind}' registered twice`);
  registry.set(kind, panel);
}

for (const p of [arrangement, hands, cards, drawn, chance]) registerPanel(p.kind, p);

// The view's declarations, each an object with its kind.
export function declared(v) {
  return (v.panels || []).map((d) => (typeof d === "string" ? { kind: d } : d)).filter((d) => d && registry.has(d.kind));
}

// Puts each panel's host into its slot under `root` (the slots the page
// has; a panel whose slot the page lacks is not shown there).
export function placePanels(root) {
  for (const p of registry.values()) {
    const s = root.querySelector(`.panel-slot[data-slot="${p.slot}"]`);
    if (s && !document.getElementById(p.id)) s.append(el("div", { id: p.id }));
  }
}

// A panel's memory in the page's state.
export function memory(state, kind) {
  state.panels = state.panels || {};
  return (state.panels[kind] = state.panels[kind] || {});
}

// Draws the panels `v` declares, and empties the others.
export function drawPanels(state, v) {
  const decls = new Map(declared(v).map((d) => [d.kind, d]));
  for (const [kind, p] of registry) {
    const host = document.getElementById(p.id);
    if (!host) continue;
    memory(state, kind);
    if (decls.has(kind)) p.draw(host, state, v, decls.get(kind));
    else if (host.firstChild || host.className) { host.replaceChildren(); host.className = ""; delete host.dataset.key; }
  }
}

// What a declared panel has the status line say now, if any.
export function panelStatus(state, v) {
  for (const d of declared(v)) {
    const p = registry.get(d.kind);
    memory(state, d.kind);
    const said = p.status && p.status(state, v, d);
    if (said) return said;
  }
  return null;
}

// A new position, or a move sent: every panel forgets its half-made choice.
export function resetPanels(state) {
  for (const [kind, p] of registry) if (p.reset && state.panels && state.panels[kind]) p.reset(state.panels[kind]);
}
