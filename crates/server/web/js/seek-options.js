// A seek's terms besides the game (the lobby's form, for "anyone in the
// lobby"): rated or casual (rated only when logged in: otherwise the box
// is disabled and says why), an optional range of the accepting player's
// rating, and whether bot accounts may accept a rated seek.
import { el } from "./dom.js";
import { me, onSession, loginHref } from "./session.js";

export function seekOptions() {
  const rated = el("input", { type: "checkbox", name: "rated", id: "seek-rated", "aria-describedby": "seek-rated-help" });
  const help = el("span", { class: "option-help", id: "seek-rated-help" });
  const low = el("input", { type: "number", name: "rating_low", id: "rating-low", min: "0", max: "4000", step: "50", placeholder: "any", "aria-label": "lowest rating" });
  const high = el("input", { type: "number", name: "rating_high", id: "rating-high", min: "0", max: "4000", step: "50", placeholder: "any", "aria-label": "highest rating" });
  const bots = el("input", { type: "checkbox", name: "bots", id: "seek-bots" });
  const box = el("fieldset", { id: "seek-options", class: "seek-options" },
    el("legend", {}, "Seek"),
    el("div", { class: "option" }, el("label", {}, rated, " Rated"), help),
    el("div", { class: "option", role: "group", "aria-labelledby": "rating-range-label" },
      el("span", { id: "rating-range-label" }, "Opponent's rating "), low, " to ", high,
      el("span", { class: "option-help" }, "Optional: only players rated within it may accept (they must be logged in).")),
    el("div", { class: "option" }, el("label", {}, bots, " Let bots accept")));
  const show = async () => {
    const who = await me();
    rated.disabled = !who.username;
    if (!who.username) {
      rated.checked = false;
      help.replaceChildren("Rated games are for players logged in: ", el("a", { href: loginHref("/") }, "log in"), " or ", el("a", { href: "/register" }, "register"), ".");
    } else help.replaceChildren("Changes both players' ratings; casual games change none.");
  };
  show();
  onSession(show);
  // The terms put in the seek's request body.
  const apply = (body) => {
    if (rated.checked && !rated.disabled) body.rated = true;
    if (low.value !== "" || high.value !== "") body.rating_range = [low.value === "" ? 0 : Number(low.value), high.value === "" ? 4000 : Number(high.value)];
    if (bots.checked) body.bots = true;
    return body;
  };
  return { box, apply };
}
