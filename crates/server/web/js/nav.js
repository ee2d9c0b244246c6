// Going to another page of the client without loading it again: the
// address changes and the router (main.js) draws the page it names.

const ROUTE = "deckmate:route";

export function go(path, replace = false) {
  if (replace) history.replaceState({}, "", path);
  else history.pushState({}, "", path);
  window.dispatchEvent(new Event(ROUTE));
}

// `show` runs for every change of page: one made here, or the browser's
// back and forward buttons.
export function onRoute(show) {
  window.addEventListener(ROUTE, show);
  window.addEventListener("popstate", show);
}
