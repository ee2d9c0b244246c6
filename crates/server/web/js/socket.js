// A game's live views over a WebSocket (the seat's token travels as a
// subprotocol, not in the address). A lost socket is tried again after
// growing delays; a game the server does not know is reported. One game's
// socket is open at a time.

let ws = null;

// How long to wait before the next try to reconnect, after `tries` failed
// ones: 1 s, then doubling up to 30 s, each with a random part (a half to
// the whole of it) so that many pages do not come back all at once.
export function reconnectDelay(tries) {
  const full = Math.min(30000, 1000 * 2 ** Math.min(tries, 5));
  return Math.round(full * (0.5 + Math.random() / 2));
}

// The game's socket now (null if none): closing it is a connection lost.
export const currentSocket = () => ws;

export function closeSocket() {
  const old = ws;
  ws = null;
  if (old) old.close();
}

// `on.view(view)` for each view; `on.gone()` when the game does not exist;
// `on.lost()` when the connection is lost (`state.offline`, `state.retryAt`
// say until when).
export function connect(state, on) {
  if (ws) ws.close();
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const url = `${proto}://${location.host}/api/games/${state.id}/ws`;
  const sock = new WebSocket(url, state.token ? ["deckmate", "token." + state.token] : ["deckmate"]);
  ws = sock;
  sock.onmessage = (m) => { if (ws === sock) on.view(JSON.parse(m.data)); };
  sock.onopen = () => { state.offline = false; state.retries = 0; };
  sock.onclose = async () => {
    if (ws !== sock) return;
    // A game that does not exist: say so and stop; else the connection is
    // lost: say so, take no move, and try again.
    try {
      const r = await fetch(`/api/games/${state.id}`);
      if (r.status === 404) { closeSocket(); on.gone(); return; }
    } catch { /* the server is down */ }
    if (ws !== sock) return;
    state.offline = true;
    const wait = reconnectDelay(state.retries || 0);
    state.retries = (state.retries || 0) + 1;
    state.retryAt = Date.now() + wait;
    on.lost();
    setTimeout(() => { if (ws === sock) connect(state, on); }, wait);
  };
}
