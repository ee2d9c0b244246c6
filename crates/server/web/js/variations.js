// The analysis board's moves as a tree (issue 31 item 12): the game's
// line is the main line, and every move tried on the board (by hand, by
// keyboard, or an engine line's move) branches from it and is kept, as on
// lichess. A node's first child is its main continuation; the others are
// variations, shown in parentheses after the main move. The board shows
// one path (`st.moves`, its first `st.at` moves played); any move of the
// tree is a click away.
import { el } from "./dom.js";

// A tree holding `line` as its main line.
export function newTree(line) {
  const root = { children: new Map() };
  addPath(root, line);
  return root;
}

// Adds `path` (moves from the start) to the tree; what is there is kept.
export function addPath(root, path) {
  let node = root;
  for (const m of path) {
    if (!node.children.has(m)) node.children.set(m, { children: new Map() });
    node = node.children.get(m);
  }
}

// `path` followed by the main continuation of where it ends in the tree.
export function withContinuation(root, path) {
  let node = root;
  for (const m of path) {
    node = node && node.children.get(m);
  }
  const out = path.slice();
  while (node && node.children.size) {
    const [m, next] = node.children.entries().next().value;
    out.push(m);
    node = next;
  }
  return out;
}

// The tree drawn into `box`: one button a move, numbered by its ply, the
// variations in parentheses. `decorate(path)` gives a button's extra
// classes and label suffix; `pick(path)` shows the position after `path`.
export function drawTree(st, box, decorate, pick) {
  const shown = st.moves.slice(0, st.at);
  const isShown = (path) => path.length === shown.length && path.every((m, i) => m === shown[i]);
  const button = (path) => {
    const m = path[path.length - 1];
    const d = decorate(path);
    const current = isShown(path);
    return el("button", {
      type: "button",
      class: "mv" + (current ? " current" : "") + d.classes,
      "aria-current": current ? "step" : null,
      "aria-label": `${path.length}. ${m}${d.label}`,
      onclick: () => pick(path),
    }, `${path.length}. ${m}${d.suffix}`);
  };
  // The main continuation from `node` (reached by `path`), each node's
  // variations after its main move.
  const chain = (node, path, out) => {
    while (node.children.size) {
      const [[m, next], ...others] = [...node.children.entries()];
      out.push(button(path.concat(m)), " ");
      for (const [alt, sub] of others) {
        const inner = [button(path.concat(alt)), " "];
        chain(sub, path.concat(alt), inner);
        out.push(el("span", { class: "variation", role: "group", "aria-label": `variation from ply ${path.length + 1}` }, "( ", ...inner, ")"), " ");
      }
      path = path.concat(m);
      node = next;
    }
  };
  const out = [];
  chain(st.tree, [], out);
  box.replaceChildren(...out);
}
