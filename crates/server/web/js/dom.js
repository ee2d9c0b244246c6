// DOM helpers: HTML and SVG elements built from a tag, attributes (an
// `on...` attribute is a listener) and children.

export const el = (tag, attrs = {}, ...kids) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (v !== null && v !== undefined && v !== false) e.setAttribute(k, v);
  }
  for (const k of kids) if (k !== null && k !== undefined) e.append(k);
  return e;
};

export const svgEl = (tag, attrs = {}) => {
  const e = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  return e;
};

export const svgText = (attrs, text) => { const t = svgEl("text", attrs); t.textContent = text; return t; };

// The page's main box, that each page fills.
export const mainBox = () => document.getElementById("main");

// A text with `{name}` places filled from `values` (a view's words).
export const fill = (text, values) => String(text).replace(/\{(\w+)\}/g, (m, k) => (k in values ? values[k] : m));

// A view's sentence (`turn_note`: "A same-suit capture is compulsory.") as
// a phrase inside a status line: its first letter small, no full stop.
export const phrase = (sentence) => String(sentence).replace(/\.$/, "").replace(/^./, (c) => c.toLowerCase());
