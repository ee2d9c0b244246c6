// A piece dragged follows the pointer and drops on a target, or goes back;
// a press and release without moving stays a click. While another seat
// is to move, one's own piece dropped anywhere is a premove.
import { chooseMove } from "./pick.js";
import { premoving, ownPiece, setPremove } from "./premove.js";

// `pos(square)`: the square's corner in the board's SVG units.
export function dragPieces(state, v, svg, pos) {
  let d = null;
  const at = (ev) => new DOMPoint(ev.clientX, ev.clientY).matrixTransform(svg.getScreenCTM().inverse());
  svg.addEventListener("pointerdown", (ev) => {
    const g = ev.button === 0 && ev.target.closest(".card");
    const from = g && g.getAttribute("data-square");
    // While another seat is to move, one's own pieces drag to a premove.
    const pre = premoving(state, v);
    d = from && (pre ? ownPiece(v, from) : v.moves.some((m) => m.from === from)) ? { pre, g, from, id: ev.pointerId, x: ev.clientX, y: ev.clientY, p: at(ev), moved: false } : null;
  });
  svg.addEventListener("pointermove", (ev) => {
    if (!d || ev.pointerId !== d.id || (!d.moved && Math.hypot(ev.clientX - d.x, ev.clientY - d.y) < 4)) return;
    if (!d.moved) { d.moved = true; svg.setPointerCapture(ev.pointerId); d.g.classList.add("dragging"); svg.append(d.g); }
    const p = at(ev);
    d.g.setAttribute("transform", `translate(${p.x - d.p.x} ${p.y - d.p.y})`);
  });
  const end = (ev) => {
    if (!d || ev.pointerId !== d.id) return;
    const { g, from, moved, pre } = d;
    d = null;
    if (!moved) return;
    const hit = ev.type === "pointerup" && document.elementFromPoint(ev.clientX, ev.clientY);
    g.classList.remove("dragging");
    const sq = hit && hit.closest("[data-square],[data-target]");
    const n = sq && (sq.getAttribute("data-target") || sq.getAttribute("data-square"));
    if (pre) { if (n && n !== from) setPremove(state, from, n); else g.removeAttribute("transform"); return; }
    if (!n || n === from || !v.moves.some((m) => m.from === from && m.to === n)) { g.removeAttribute("transform"); return; }
    const [[fx, fy], [tx, ty]] = [pos(from), pos(n)];
    g.setAttribute("transform", `translate(${tx - fx} ${ty - fy})`);
    state.dropped = from + n;
    chooseMove(state, from, n);
  };
  svg.addEventListener("pointerup", end);
  svg.addEventListener("pointercancel", end);
}
