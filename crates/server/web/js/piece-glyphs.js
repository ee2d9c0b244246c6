// Chess piece glyphs: the six standard pieces drawn as SVG, Staunton
// silhouettes in the spirit of a tournament set, for a board whose pieces
// are the chess ones (a view label such as "White Knight" names the kind).
// Each piece is designed in a 45x45 box on one shared base; White light with
// a dark outline, Black dark with light inner lines. The drawings are our
// own, licensed like the rest of the project (MIT OR Apache-2.0).
import { svgEl } from "./dom.js";

const KINDS = ["king", "queen", "rook", "bishop", "knight", "pawn"];

// The kind a view label names by its last word ("Black Pawn" is a pawn).
export function chessKind(name) {
  const last = String(name ?? "").trim().split(/\s+/).pop().toLowerCase();
  return KINDS.includes(last) ? last : null;
}

// The shared base: a plinth with a rounded top, the body standing on it.
const BASE = ["path", { d: "M9.5,39.5 L35.5,39.5 L35.5,36.5 C35.5,35.3 34.7,34.8 33.5,34.8 L11.5,34.8 C10.3,34.8 9.5,35.3 9.5,36.5 Z" }];

// Each kind's shapes, drawn in order: a body (filled, outlined), a line
// (an inner detail, stroke only) or a dot (an inner detail, filled).
const body = (tag, attrs) => ["body", tag, attrs];
const line = (d) => ["line", "path", { d }];
const dot = (cx, cy, r) => ["dot", "circle", { cx, cy, r }];

const SHAPES = {
  pawn: [
    body("path", { d: "M13.5,35 C14.5,29 18.5,26 19.5,21 L25.5,21 C26.5,26 30.5,29 31.5,35 Z" }),
    body("rect", { x: 16.5, y: 18.3, width: 12, height: 3.2, rx: 1.6 }),
    body("circle", { cx: 22.5, cy: 12.5, r: 5.8 }),
  ],
  rook: [
    body("path", { d: "M15.5,31.5 L16.8,16 L28.2,16 L29.5,31.5 Z" }),
    body("rect", { x: 12.5, y: 30.8, width: 20, height: 4, rx: 1 }),
    body("path", { d: "M12,15.5 L12,7 L16.5,7 L16.5,10 L20.3,10 L20.3,7 L24.7,7 L24.7,10 L28.5,10 L28.5,7 L33,7 L33,15.5 Z" }),
    body("rect", { x: 12, y: 13.5, width: 21, height: 3.3, rx: 1 }),
    line("M17.5,19 L27.5,19"),
    line("M16.9,28 L28.1,28"),
  ],
  bishop: [
    body("path", { d: "M14.5,35 C15,30 19,28 19.5,25 L25.5,25 C26,28 30,30 30.5,35 Z" }),
    body("rect", { x: 16, y: 22.5, width: 13, height: 3.2, rx: 1.6 }),
    body("circle", { cx: 22.5, cy: 5.5, r: 2.4 }),
    body("path", { d: "M22.5,7.5 C17,11 14.3,16 15.3,19.8 C15.9,22 18.3,22.8 22.5,22.8 C26.7,22.8 29.1,22 29.7,19.8 C30.7,16 28,11 22.5,7.5 Z" }),
    line("M26,11.8 L20.3,17.8"),
    line("M17.5,29.5 L27.5,29.5"),
  ],
  queen: [
    body("path", { d: "M14,35 C15,28.5 19,25.5 18.5,21 L26.5,21 C26,25.5 30,28.5 31,35 Z" }),
    body("path", { d: "M16.5,19.5 L10.5,10 L16,14.2 L16.5,6.8 L20,13.2 L22.5,5.8 L25,13.2 L28.5,6.8 L29,14.2 L34.5,10 L28.5,19.5 Z" }),
    body("rect", { x: 15.5, y: 18.5, width: 14, height: 3.2, rx: 1.6 }),
    ...[[10.5, 10], [16.5, 6.8], [22.5, 5.8], [28.5, 6.8], [34.5, 10]].map(([cx, cy]) => body("circle", { cx, cy, r: 1.9 })),
    line("M17.5,29.5 L27.5,29.5"),
  ],
  king: [
    body("path", { d: "M14,35 C15,28.5 19,25.5 18.5,21 L26.5,21 C26,25.5 30,28.5 31,35 Z" }),
    body("path", { d: "M21.2,1.8 L23.8,1.8 L23.8,4.6 L26.6,4.6 L26.6,7.2 L23.8,7.2 L23.8,12 L21.2,12 L21.2,7.2 L18.4,7.2 L18.4,4.6 L21.2,4.6 Z" }),
    body("path", { d: "M16,19.5 C11.5,16 12,9.8 16.8,9.8 C19.5,9.8 21.5,11.5 22.5,13.5 C23.5,11.5 25.5,9.8 28.2,9.8 C33,9.8 33.5,16 29,19.5 Z" }),
    body("rect", { x: 15.5, y: 18.5, width: 14, height: 3.2, rx: 1.6 }),
    line("M22.5,14.5 L22.5,18.5"),
    line("M17.5,29.5 L27.5,29.5"),
  ],
  knight: [
    body("path", { d: "M32,35 C34,25 32.6,14.5 25.8,9.8 L24,4.2 L21.2,9.2 C17,10.6 13,14.6 10.4,18.6 C8.8,21 8,23.4 8.8,25 C9.8,26.8 12.6,26.7 14.2,25.6 C15.6,24.7 17,24.2 18.6,23.6 C19.4,27.8 14.6,30 14,35 Z" }),
    line("M26,11.5 C30.6,16 31.6,25 30,33.5"),
    line("M9.4,24.4 L12.4,24.1"),
    line("M18.6,23.6 C19.6,21.5 21,20.5 22,20"),
    dot(17.2, 14.6, 1.3),
    dot(11.2, 21.6, 0.7),
  ],
};

const COLOURS = [
  { fill: "#fbf7ee", stroke: "#222", detail: "#222" },
  { fill: "#2b2b2b", stroke: "#000", detail: "#eee" },
];

// A <g> drawing the piece of `kind` for `owner` (0 White, 1 Black) in the
// square at (x, y) of side `size`: about 80% of it, centred, the base a
// little above the bottom edge.
export function chessGlyph(kind, owner, x, y, size) {
  const c = COLOURS[owner === 1 ? 1 : 0];
  const k = (size * 0.8) / 45;
  const g = svgEl("g", {
    class: `glyph glyph-${kind}`,
    transform: `translate(${x + size * 0.1} ${y + size * 0.115}) scale(${k})`,
    "stroke-linejoin": "round",
    "stroke-linecap": "round",
  });
  const add = (role, tag, attrs) => {
    const paint = role === "body" ? { fill: c.fill, stroke: c.stroke, "stroke-width": 1.5 }
      : role === "line" ? { fill: "none", stroke: c.detail, "stroke-width": 1.1 }
      : { fill: c.detail, stroke: "none" };
    g.append(svgEl(tag, { ...attrs, ...paint }));
  };
  for (const [role, tag, attrs] of SHAPES[kind] ?? []) add(role, tag, attrs);
  add("body", ...BASE);
  if (owner === 1) add("line", "path", { d: "M12,37.2 L33,37.2" });
  return g;
}
