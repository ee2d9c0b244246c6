// A playing card's face as SVG: its corners' rank, its symbol in the
// middle, in its colour (`suit-red`, `suit-black`), a star when it carries
// a privilege. `c`: { id, name, colour, rank, symbol, privilege }.
import { svgEl, svgText } from "./dom.js";

export function cardSvg(c, cls = "") {
  const s = svgEl("svg", { viewBox: "0 0 60 84", class: `pcard suit-${c.colour} ${cls}`, "data-card": c.id, role: "img", "aria-label": c.name });
  s.append(svgEl("rect", { x: 1.5, y: 1.5, width: 57, height: 81, rx: 6, class: "face" }));
  s.append(svgEl("rect", { x: 5, y: 5, width: 50, height: 74, rx: 4, class: "inner" }));
  s.append(svgText({ x: 9, y: 19, class: "corner" }, c.rank));
  s.append(svgText({ x: 9, y: 19, class: "corner", transform: "rotate(180 30 42)" }, c.rank));
  s.append(svgText({ x: 30, y: 55, class: "symbol" }, c.symbol));
  if (c.privilege) s.append(svgText({ x: 50, y: 19, class: "star" }, "\u2605"));
  return s;
}
