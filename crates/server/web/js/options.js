// A game's options in the lobby's form, each asked for as its `kind` says
// (GET /api/variants), its help text under it: a choice is a list of its
// values; a number a box for a whole number, its listed words (`off`)
// offered too; a file a file chooser whose text is sent; a text a box
// with the values as suggestions.
import { el } from "./dom.js";

const label = (o) => o.name.replace("_", " ") + " ";

// A labelled list of `values` (`labels` shown, if given).
export function choice(name, values, def, labels, title) {
  return el("label", { title }, name.replace("_", " ") + " ",
    el("select", { name }, ...values.map((x, i) => el("option", { value: x, selected: x === def ? "" : null }, labels ? labels[i] : x))));
}

// A box with the option's values as suggestions (a datalist of its own).
function suggested(o, attrs) {
  const list = `options-${o.name}`;
  return el("label", { title: o.help }, label(o),
    el("input", { name: o.name, list, value: o.default, autocomplete: "off", ...attrs }),
    el("datalist", { id: list }, ...o.values.map((x) => el("option", { value: x }))));
}

// The option's control, with its help (the server's words) under it.
export function optionInput(o) {
  const field = optionField(o);
  if (!o.help) return field;
  const id = `help-${o.name}`;
  const control = field.querySelector("select, input");
  if (control) control.setAttribute("aria-describedby", id);
  return el("div", { class: "option" }, field, el("span", { class: "option-help", id }, o.help));
}

function optionField(o) {
  switch (o.kind) {
    case "file":
      return el("label", { title: o.help }, label(o), el("input", { type: "file", name: o.name, accept: ".toml,.txt" }));
    case "number": {
      // The words it takes besides numbers keep the box a text box.
      const words = o.values.filter((x) => !/^-?\d+$/.test(x));
      const escaped = words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
      return suggested(o, { size: "6", inputmode: words.length ? null : "numeric", pattern: ["\\d+", ...escaped].join("|") });
    }
    case "text":
      return suggested(o, { size: "12" });
    default:
      return choice(o.name, o.values, o.default, null, o.help);
  }
}

// The option's value from the form: a file's text, else what was chosen
// or typed; undefined when nothing was (the game's default then).
export async function optionValue(o, form) {
  const value = form.get(o.name);
  if (o.kind === "file") return value && value.size ? await value.text() : undefined;
  const text = typeof value === "string" ? value.trim() : "";
  return text === "" ? undefined : text;
}
