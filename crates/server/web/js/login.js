// The log-in page (/login) and the registration page (/register): a form
// with its labels and the rules of a name and a password, the server's
// refusal said in words in a live region, and, once in, the page named by
// `?next=` (else the lobby).
import { el, mainBox } from "./dom.js";
import { api, post } from "./api.js";
import { go } from "./nav.js";
import { me, sessionChanged, nextPath } from "./session.js";

const NAME_RULE = "2 to 20 letters, digits, _ or -, starting with a letter or a digit.";
const PASSWORD_RULE = "At least 10 characters.";

export const loginPage = () => accountForm(false);
export const registerPage = () => accountForm(true);

async function accountForm(register) {
  const main = mainBox();
  const title = register ? "Register" : "Log in";
  const who = await me();
  if (who.username) {
    main.replaceChildren(el("section", { class: "panel account-form", "aria-labelledby": "form-title" },
      el("h1", { id: "form-title" }, title),
      el("p", {}, "You are logged in as ", el("b", {}, who.username), ". ", el("a", { href: "/" }, "Back to the lobby"))));
    return;
  }
  const error = el("p", { id: "form-error", class: "form-error", role: "alert", "aria-live": "assertive" });
  const user = el("input", { id: "username", name: "username", autocomplete: "username", required: "", minlength: "2", maxlength: "20",
    pattern: "[A-Za-z0-9][A-Za-z0-9_\\-]{1,19}", spellcheck: "false", autocapitalize: "none", "aria-describedby": register ? "username-rule" : null });
  const pass = el("input", { id: "password", name: "password", type: "password", required: "", minlength: register ? "10" : null,
    autocomplete: register ? "new-password" : "current-password", "aria-describedby": register ? "password-rule" : null });
  const again = register ? el("input", { id: "password2", name: "password2", type: "password", required: "", autocomplete: "new-password" }) : null;
  const submit = el("button", { type: "submit", id: "account-submit" }, title);
  const next = nextPath();
  const other = register
    ? el("p", {}, "Already registered? ", el("a", { href: "/login?next=" + encodeURIComponent(next), id: "to-login" }, "Log in"))
    : el("p", {}, "No account yet? ", el("a", { href: "/register?next=" + encodeURIComponent(next), id: "to-register" }, "Register"));
  const form = el("form", { id: register ? "register-form" : "login-form", novalidate: "" },
    el("div", { class: "field" }, el("label", { for: "username" }, "Username"), user,
      register ? el("span", { class: "option-help", id: "username-rule" }, NAME_RULE) : null),
    el("div", { class: "field" }, el("label", { for: "password" }, "Password"), pass,
      register ? el("span", { class: "option-help", id: "password-rule" }, PASSWORD_RULE) : null),
    register ? el("div", { class: "field" }, el("label", { for: "password2" }, "Password again"), again) : null,
    error, submit);
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    error.textContent = "";
    const username = user.value.trim();
    // The rules checked here first, said in words; the server decides.
    const said = !username ? "Enter your username." : !pass.value ? "Enter your password."
      : register && !/^[A-Za-z0-9][A-Za-z0-9_-]{1,19}$/.test(username) ? "That name cannot be used: " + NAME_RULE
      : register && pass.value.length < 10 ? "The password is too short: " + PASSWORD_RULE
      : register && pass.value !== again.value ? "The two passwords differ." : null;
    if (said) { error.textContent = said; return; }
    submit.disabled = true;
    try {
      await api(register ? "/api/account/register" : "/api/account/login", post({ username, password: pass.value }));
      sessionChanged();
      go(next);
    } catch (e) {
      error.textContent = refusal(e, register);
      submit.disabled = false;
      (e.code === "name_taken" ? user : pass).focus();
    }
  });
  main.replaceChildren(el("section", { class: "panel account-form", "aria-labelledby": "form-title" },
    el("h1", { id: "form-title" }, title),
    register ? el("p", {}, "An account keeps your games and ratings on every device, and lets you play rated games. A name is all it asks: no e-mail.") : null,
    form, other));
  user.focus();
}

// The server's refusal in words.
function refusal(e, register) {
  if (e.code === "name_taken") return "That name is taken: choose another.";
  if (e.code === "login_failed") return "Wrong username or password.";
  if (e.status === 429) return `Too many tries: wait ${e.retryAfter ? e.retryAfter + " seconds" : "a while"} and try again.`;
  return (register ? "Not registered: " : "Not logged in: ") + e.message;
}
