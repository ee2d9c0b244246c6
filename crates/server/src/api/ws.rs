//! Live views over a WebSocket.
//!
//! The server sends the view on connect and after every change, nothing
//! else; the socket takes no messages from the client (a text or binary
//! frame closes it with 1008), so a client cannot make the server send.
//! A seat's token comes as a subprotocol: the client offers `deckmate`
//! and `token.<token>`, the server picks `deckmate`; `?token=` works too,
//! and so does a session whose account holds a seat (the page of a player
//! logged in, with no token in that browser).
//! The server pings every half minute and closes a socket that answered
//! none of the last two pings, or that does not take a view within ten
//! seconds. While a seat's socket is open its player counts as present
//! (the views' `seats[i].present`).

use super::games::find;
use super::ApiResult;
use crate::game::{seat_of, GameSlot, LiveGame};
use crate::AppState;
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderMap};
use axum::response::{IntoResponse, Response};
use deckmate_rules::Seat;
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::broadcast;

/// The subprotocol the server speaks.
pub const PROTOCOL: &str = "deckmate";
/// The prefix of the subprotocol that carries a seat's token.
pub const TOKEN_PROTOCOL: &str = "token.";
/// How often the server pings.
const PING_EVERY: Duration = Duration::from_secs(30);
/// How long one send may take before the client counts as gone.
const SEND_TIMEOUT: Duration = Duration::from_secs(10);
/// The close code for a client that sent what the protocol does not have.
const POLICY: u16 = 1008;

/// The token among the offered subprotocols, if any.
fn protocol_token(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(header::SEC_WEBSOCKET_PROTOCOL)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .find_map(|p| p.trim().strip_prefix(TOKEN_PROTOCOL).map(str::to_string))
}

/// `GET /api/games/{id}/ws`: the view now and after every change; 403 for
/// another site's page ([`crate::limits::origin_allowed`]).
pub(super) async fn ws(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Query(q): Query<HashMap<String, String>>,
    headers: HeaderMap,
    upgrade: WebSocketUpgrade,
) -> ApiResult<Response> {
    if !crate::limits::origin_allowed(&headers, state.allowed_origins()) {
        return Ok(crate::limits::foreign_origin().into_response());
    }
    let slot = find(&state, &id).await?;
    // A page with no seat's token but its player's session: the token
    // `accounts::seat_by_account` put in the `Authorization` header.
    let token = protocol_token(&headers)
        .or_else(|| q.get("token").cloned())
        .or_else(|| super::bearer(&headers));
    let (rx, you, presence) = {
        let mut g = slot.lock();
        let you = seat_of(&g.tokens, token.as_deref());
        // A seat's socket: its player has come (an invite is done).
        g.join(you);
        // Counted present before this socket listens, so that the news
        // wakes the others and not itself; if the upgrade never happens
        // the count goes with the dropped closure.
        let presence = Presence::enter(&mut g, slot.clone(), you);
        (g.tx.subscribe(), you, presence)
    };
    Ok(upgrade
        .protocols([PROTOCOL])
        .on_upgrade(move |socket| watch(socket, slot, rx, you, presence)))
}

/// Sends the current view; false when the client is gone or too slow.
async fn send_view(socket: &mut WebSocket, slot: &GameSlot, you: Option<Seat>) -> bool {
    // Serialized once, from the typed view to the socket's text.
    let text = serde_json::to_string(&slot.lock().view(you, None)).unwrap_or_default();
    matches!(
        tokio::time::timeout(SEND_TIMEOUT, socket.send(Message::Text(text.into()))).await,
        Ok(Ok(()))
    )
}

/// A seat's page counted as open while its socket lives: the other
/// seat's view says whether its player is there. Counted in when made,
/// out when dropped (however the socket ends); the watchers are woken
/// only when the seat comes or goes (its first page opened, its last
/// closed), not for a second tab.
pub(crate) struct Presence {
    slot: Arc<GameSlot>,
    seat: Option<Seat>,
}

impl Presence {
    /// Counts `seat`'s player present in the game while this lives (the
    /// bot API's game stream).
    pub(crate) fn enter_slot(slot: &Arc<GameSlot>, seat: Option<Seat>) -> Presence {
        let mut g = slot.lock();
        Presence::enter(&mut g, Arc::clone(slot), seat)
    }

    fn enter(g: &mut LiveGame, slot: Arc<GameSlot>, seat: Option<Seat>) -> Presence {
        if let Some(s) = seat {
            g.present[s.index()] = g.present[s.index()].saturating_add(1);
            if g.present[s.index()] == 1 {
                let _ = g.tx.send(());
            }
        }
        Presence { slot, seat }
    }
}

impl Drop for Presence {
    fn drop(&mut self) {
        if let Some(s) = self.seat {
            let mut g = self.slot.lock();
            g.present[s.index()] = g.present[s.index()].saturating_sub(1);
            if g.present[s.index()] == 0 {
                g.left_at[s.index()] = Some(std::time::Instant::now());
                let _ = g.tx.send(());
            }
        }
    }
}

async fn watch(
    mut socket: WebSocket,
    slot: Arc<GameSlot>,
    mut rx: broadcast::Receiver<()>,
    you: Option<Seat>,
    _presence: Presence,
) {
    if !send_view(&mut socket, &slot, you).await {
        return;
    }
    let mut ping = tokio::time::interval(PING_EVERY);
    ping.tick().await;
    let mut unanswered = 0u32;
    loop {
        tokio::select! {
            r = rx.recv() => match r {
                Ok(()) | Err(broadcast::error::RecvError::Lagged(_)) => {
                    // Several changes at once make one view.
                    while rx.try_recv().is_ok() {}
                    if !send_view(&mut socket, &slot, you).await {
                        return;
                    }
                }
                Err(broadcast::error::RecvError::Closed) => return,
            },
            m = socket.recv() => match m {
                Some(Ok(Message::Pong(_) | Message::Ping(_))) => unanswered = 0,
                Some(Ok(Message::Text(_) | Message::Binary(_))) => {
                    let close = CloseFrame {
                        code: POLICY,
                        reason: "this socket only sends views".into(),
                    };
                    let _ = tokio::time::timeout(
                        SEND_TIMEOUT,
                        socket.send(Message::Close(Some(close))),
                    )
                    .await;
                    return;
                }
                Some(Ok(Message::Close(_)) | Err(_)) | None => return,
            },
            _ = ping.tick() => {
                if unanswered >= 2 {
                    return;
                }
                unanswered += 1;
                let sent = tokio::time::timeout(
                    SEND_TIMEOUT,
                    socket.send(Message::Ping(Vec::new().into())),
                )
                .await;
                if !matches!(sent, Ok(Ok(()))) {
                    return;
                }
            }
        }
    }
}
