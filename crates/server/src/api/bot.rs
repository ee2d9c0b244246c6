//! The bot API, shaped like lichess's where the concepts match, so that a
//! bot written for lichess needs only another base URL: the account's
//! event stream (`GET /api/stream/event`), a game's stream
//! (`GET /api/bot/game/stream/{id}`), moves, resignation, abort, draw and
//! takeback answers, chat (`/api/bot/game/{id}/...`; `/api/board/...`
//! alike). Authorised by a personal API token (`Bearer dmp_...`) of scope
//! `bot:play` or `board:play` (or the session).
//!
//! Where our games differ from chess: seats are `white` (the first seat)
//! and `black` (the second); moves are each game's own notation, joined by
//! spaces in `moves` (a move sent in a path is URL-encoded); a game state
//! sent to the seat to move carries `legalMoves` (our extension: its
//! legal moves, so that a bot needs no rules of its own); `initialFen` is
//! `startpos`.
//!
//! Streams are newline-delimited JSON, with an empty line every 5 s when
//! nothing else was sent; each holds a place under [`STREAMS_MAX`] (and
//! [`STREAMS_PER_ACCOUNT`]) while open.

use super::games::find;
use super::{bad, not_found, stored, ApiError, ApiResult};
use crate::accounts::{player, Player};
use crate::game::GameSlot;
use crate::{lock, AppState};
use axum::body::{Body, Bytes};
use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use deckmate_accounts::Scope;
use deckmate_games::registry::SettlementReason;
use deckmate_rules::Seat;
use serde::Deserialize;
use serde_json::{json, Value};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::mpsc;

/// Streams open at once on a server.
pub const STREAMS_MAX: usize = 256;
/// Streams one account may hold open at once.
pub const STREAMS_PER_ACCOUNT: usize = 8;
/// An empty line is sent after this long without another.
const KEEP_ALIVE: Duration = Duration::from_secs(5);
/// How often the event stream looks for news of the account.
const EVENT_POLL: Duration = Duration::from_secs(1);

/// The player of a bot request: a token with `bot:play` or `board:play`
/// (or challenge scopes, for the event stream), or a session.
pub(super) async fn bot_player(
    state: &AppState,
    headers: &HeaderMap,
    scopes: &[Scope],
) -> ApiResult<Player> {
    let p = player(state, headers).await?.ok_or_else(|| {
        crate::accounts::login_first("send a personal API token: Authorization: Bearer dmp_...")
    })?;
    if !scopes.iter().any(|&s| p.may(s)) {
        let names: Vec<&str> = scopes.iter().map(|s| s.as_str()).collect();
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            format!("this token lacks the scope {}", names.join(" or ")),
        ));
    }
    Ok(p)
}

const PLAY: &[Scope] = &[Scope::BotPlay, Scope::BoardPlay];

/// The game `id` and the seat `p`'s account holds in it (404 when none).
async fn my_seat(state: &AppState, id: &str, p: &Player) -> ApiResult<(Arc<GameSlot>, Seat)> {
    let slot = find(state, id).await?;
    let seat = slot
        .lock()
        .accounts
        .iter()
        .position(|a| a.as_deref() == Some(p.key.as_str()))
        .map(|i| if i == 0 { Seat::First } else { Seat::Second })
        .ok_or_else(|| not_found("no game of yours with this id"))?;
    Ok((slot, seat))
}

/// The seat's token, as the game's own actions take it.
fn as_seat(slot: &GameSlot, seat: Seat) -> HeaderMap {
    let mut h = HeaderMap::new();
    if let Ok(v) = HeaderValue::from_str(&format!("Bearer {}", slot.lock().tokens[seat.index()])) {
        h.insert(header::AUTHORIZATION, v);
    }
    h
}

fn ok() -> Json<Value> {
    Json(json!({ "ok": true }))
}

/// The word of a seat.
pub(super) fn colour(seat: Seat) -> &'static str {
    if seat == Seat::First {
        "white"
    } else {
        "black"
    }
}

/// A stream's place under the caps, given back when the stream ends.
pub(crate) struct StreamPlace {
    state: AppState,
    key: String,
}

impl StreamPlace {
    fn take(state: &AppState, key: &str) -> ApiResult<StreamPlace> {
        let mut open = lock(state.bot_streams());
        let total: usize = open.values().sum();
        let mine = open.get(key).copied().unwrap_or(0);
        if total >= STREAMS_MAX || mine >= STREAMS_PER_ACCOUNT {
            return Err(ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                "too many streams open: close one first",
            )
            .retry(5));
        }
        open.insert(key.to_string(), mine + 1);
        Ok(StreamPlace {
            state: state.clone(),
            key: key.to_string(),
        })
    }
}

impl Drop for StreamPlace {
    fn drop(&mut self) {
        let mut open = lock(self.state.bot_streams());
        if let Some(n) = open.get_mut(&self.key) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                open.remove(&self.key);
            }
        }
    }
}

/// A newline-delimited JSON stream fed by `rx`.
fn ndjson(rx: mpsc::Receiver<Bytes>) -> Response {
    let stream = futures_util::stream::unfold(rx, |mut rx| async move {
        rx.recv()
            .await
            .map(|b| (Ok::<Bytes, std::convert::Infallible>(b), rx))
    });
    (
        [(header::CONTENT_TYPE, "application/x-ndjson")],
        Body::from_stream(stream),
    )
        .into_response()
}

/// Sends one line; false when the client has gone.
async fn line(tx: &mpsc::Sender<Bytes>, v: &Value) -> bool {
    tx.send(Bytes::from(format!("{v}\n"))).await.is_ok()
}

/// A player as lichess shows one.
fn who(name: Option<String>, account: Option<String>, bot: bool) -> Value {
    json!({
        "id": account,
        "name": name.unwrap_or_else(|| "Anonymous".into()),
        "title": bot.then_some("BOT"),
    })
}

/// The game's state as lichess's `gameState`, for `seat`.
fn game_state(slot: &GameSlot, seat: Seat) -> Value {
    let g = slot.lock();
    let view = g.view(Some(seat), None);
    let moves = view.history.join(" ");
    let clock = view.clock.as_ref();
    // No clock: lichess's figure for an unlimited game (its clients read
    // it as a duration).
    let remaining = |i: usize| clock.map_or(2_147_483_647, |c| c.remaining_ms[i] as i64);
    let inc = clock.map_or(0, |c| c.increment_ms);
    let (status, winner) = match g.end() {
        None => ("started", None),
        Some(end) => {
            let status = match g.ended.map(|e| e.reason) {
                Some(SettlementReason::Aborted) => "aborted",
                Some(SettlementReason::OnTime) => "outoftime",
                Some(SettlementReason::Resigned) => "resign",
                Some(SettlementReason::Abandoned(_)) => "timeout",
                Some(SettlementReason::Agreed | SettlementReason::Stale) => "draw",
                None if end.winner.is_some() => "mate",
                None => "draw",
            };
            (status, end.winner.map(colour))
        }
    };
    let mut state = json!({
        "type": "gameState",
        "moves": moves,
        "wtime": remaining(0),
        "btime": remaining(1),
        "winc": inc,
        "binc": inc,
        "status": status,
        "wdraw": g.draw_offer == Some(Seat::First),
        "bdraw": g.draw_offer == Some(Seat::Second),
        "wtakeback": g.takeback_offer.is_some_and(|(s, _)| s == Seat::First),
        "btakeback": g.takeback_offer.is_some_and(|(s, _)| s == Seat::Second),
    });
    if let Some(w) = winner {
        state["winner"] = json!(w);
    }
    if status == "started" && view.acting.contains(&seat.index()) {
        let legal: Vec<String> = view
            .moves
            .iter()
            .filter_map(|m| m.0["text"].as_str().map(str::to_string))
            .collect();
        state["legalMoves"] = json!(legal.join(" "));
    }
    state
}

/// The game as lichess's `gameFull`, for `seat`.
fn game_full(slot: &GameSlot, seat: Seat) -> Value {
    let state = game_state(slot, seat);
    let g = slot.lock();
    let entry = g.entry();
    let clock = g.clock.as_ref().map(|c| c.tc);
    let mut full = json!({
        "type": "gameFull",
        "id": g.id,
        "variant": {"key": entry.key, "name": entry.name, "short": entry.name},
        "clock": clock.map(|tc| json!({"initial": tc.initial_ms, "increment": tc.increment_ms})),
        "speed": if clock.is_some() { "rapid" } else { "correspondence" },
        "rated": g.rated,
        "createdAt": g.created.saturating_mul(1000),
        "white": who(g.names[0].clone(), g.accounts[0].clone(), g.bots[0]),
        "black": who(g.names[1].clone(), g.accounts[1].clone(), g.bots[1]),
        "initialFen": "startpos",
        "state": state,
    });
    // An extension: the game's spec (its options, its deal's seed), from
    // which the moves rebuild the game, when it tells this seat nothing
    // it may not know yet (no arrangement unrevealed, no seed deciding
    // draws to come).
    if !g.game.secrets_pending() && !g.game.seed_is_secret() {
        full["spec"] = g.game.spec();
    }
    full
}

/// `GET /api/bot/game/stream/{id}` (and `/api/board/game/stream/{id}`):
/// `gameFull`, then a `gameState` after every change and a `chatLine` for
/// every message of the other seat; ends once the game is over.
pub(super) async fn game_stream(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> ApiResult<Response> {
    let p = bot_player(&state, &headers, PLAY).await?;
    let (slot, seat) = my_seat(&state, &id, &p).await?;
    let place = StreamPlace::take(&state, &p.key)?;
    let (tx, rx) = mpsc::channel::<Bytes>(16);
    let mut changes = slot.lock().tx.subscribe();
    tokio::spawn(async move {
        let _place = place;
        let _present = super::ws::Presence::enter_slot(&slot, Some(seat));
        if !line(&tx, &game_full(&slot, seat)).await {
            return;
        }
        let mut last = game_state(&slot, seat);
        let mut chat_seen = slot.lock().chat_sent;
        loop {
            if last["status"] != "started" {
                return;
            }
            match tokio::time::timeout(KEEP_ALIVE, changes.recv()).await {
                Err(_) => {
                    if tx.send(Bytes::from_static(b"\n")).await.is_err() {
                        return;
                    }
                    continue;
                }
                Ok(Err(tokio::sync::broadcast::error::RecvError::Closed)) => return,
                Ok(_) => {}
            }
            let now = game_state(&slot, seat);
            if now != last {
                if !line(&tx, &now).await {
                    return;
                }
                last = now;
            }
            let news: Vec<(Seat, String)> = {
                let g = slot.lock();
                let fresh = g.chat_sent.saturating_sub(chat_seen) as usize;
                chat_seen = g.chat_sent;
                g.chat.iter().rev().take(fresh).rev().cloned().collect()
            };
            for (by, text) in news.into_iter().filter(|(by, _)| *by != seat) {
                let name = slot.lock().names[by.index()]
                    .clone()
                    .unwrap_or_else(|| colour(by).into());
                let chat =
                    json!({"type": "chatLine", "room": "player", "username": name, "text": text});
                if !line(&tx, &chat).await {
                    return;
                }
            }
        }
    });
    Ok(ndjson(rx))
}

/// `POST /api/bot/game/{id}/move/{move}`: plays a move (the game's own
/// notation, URL-encoded in the path).
pub(super) async fn play(
    State(state): State<AppState>,
    Path((id, text)): Path<(String, String)>,
    headers: HeaderMap,
) -> ApiResult<Json<Value>> {
    let p = bot_player(&state, &headers, PLAY).await?;
    let (slot, seat) = my_seat(&state, &id, &p).await?;
    state
        .commit_move(&slot, seat, &text, None)
        .await
        .map_err(|e| match e {
            crate::CommitError::Illegal(e) => ApiError::refused(&e),
            crate::CommitError::Conflict(code, m) => super::conflict(m).coded(code),
            crate::CommitError::Store(e) => stored(e),
        })?;
    Ok(ok())
}

/// Runs one of the game's own actions as the bot's seat.
async fn act<F, Fut>(
    state: AppState,
    id: String,
    headers: HeaderMap,
    f: F,
) -> ApiResult<Json<Value>>
where
    F: FnOnce(AppState, String, HeaderMap) -> Fut,
    Fut: std::future::Future<Output = ApiResult<Json<crate::view::GameView>>>,
{
    let p = bot_player(&state, &headers, PLAY).await?;
    let (slot, seat) = my_seat(&state, &id, &p).await?;
    let h = as_seat(&slot, seat);
    f(state, id, h).await.map(|_| ok())
}

/// `POST /api/bot/game/{id}/resign`.
pub(super) async fn resign(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> ApiResult<Json<Value>> {
    act(state, id, headers, |s, id, h| {
        super::actions::resign(State(s), Path(id), h)
    })
    .await
}

/// `POST /api/bot/game/{id}/abort`.
pub(super) async fn abort(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> ApiResult<Json<Value>> {
    act(state, id, headers, |s, id, h| {
        super::actions::abort(State(s), Path(id), h)
    })
    .await
}

/// Whether a path's answer is yes (`yes`, `true`, `1`, `accept`).
fn yes(word: &str) -> ApiResult<bool> {
    match word {
        "yes" | "true" | "1" | "accept" => Ok(true),
        "no" | "false" | "0" | "decline" => Ok(false),
        _ => Err(bad("answer yes or no")),
    }
}

/// `POST /api/bot/game/{id}/draw/{yes|no}`: offers or accepts a draw
/// (yes), declines the other's offer (no).
pub(super) async fn draw(
    State(state): State<AppState>,
    Path((id, answer)): Path<(String, String)>,
    headers: HeaderMap,
) -> ApiResult<Json<Value>> {
    let accept = yes(&answer)?;
    let p = bot_player(&state, &headers, PLAY).await?;
    let (slot, seat) = my_seat(&state, &id, &p).await?;
    let offered = slot.lock().draw_offer == Some(seat.other());
    let h = as_seat(&slot, seat);
    let r = match (accept, offered) {
        (true, true) => super::actions::accept_draw(State(state), Path(id), h).await,
        (true, false) => super::actions::draw(State(state), Path(id), h).await,
        (false, _) => super::actions::decline_draw(State(state), Path(id), h).await,
    };
    r.map(|_| ok())
}

/// `POST /api/bot/game/{id}/takeback/{yes|no}`: asks for or grants a
/// takeback (yes), declines the other's (no).
pub(super) async fn takeback(
    State(state): State<AppState>,
    Path((id, answer)): Path<(String, String)>,
    headers: HeaderMap,
) -> ApiResult<Json<Value>> {
    let accept = yes(&answer)?;
    let p = bot_player(&state, &headers, PLAY).await?;
    let (slot, seat) = my_seat(&state, &id, &p).await?;
    let h = as_seat(&slot, seat);
    let r = if accept {
        super::actions::takeback(State(state), Path(id), h).await
    } else {
        super::actions::decline_takeback(State(state), Path(id), h).await
    };
    r.map(|_| ok())
}

/// `{"room": "player"|"spectator", "text"}`.
#[derive(Deserialize)]
struct ChatBody {
    #[serde(default)]
    room: Option<String>,
    text: String,
}

/// `POST /api/bot/game/{id}/chat` `{"room", "text"}`: a message to the
/// other player (the spectators' room is not kept: 400).
pub(super) async fn chat(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Option<Json<Value>>,
) -> ApiResult<Json<Value>> {
    let b: ChatBody = super::typed(body, "send {\"room\": \"player\", \"text\": \"...\"}")?;
    if b.room.as_deref().is_some_and(|r| r != "player") {
        return Err(bad("only the player room is kept here"));
    }
    let p = bot_player(&state, &headers, PLAY).await?;
    let (slot, seat) = my_seat(&state, &id, &p).await?;
    let h = as_seat(&slot, seat);
    super::actions::chat(
        State(state),
        Path(id),
        h,
        Some(Json(json!({"text": b.text}))),
    )
    .await
    .map(|_| ok())
}

/// A game of the account as the event stream tells it.
fn game_event(
    kind: &str,
    r: &crate::db::accounts::HistoryRow,
    key: &str,
    state: &AppState,
) -> Value {
    let seat = usize::from(r.accounts[1].as_deref() == Some(key));
    let other = 1 - seat;
    let entry = state.catalog().find(&r.variant);
    json!({
        "type": kind,
        "game": {
            "gameId": r.id,
            "id": r.id,
            "color": if seat == 0 { "white" } else { "black" },
            "variant": {"key": r.variant, "name": entry.map_or(r.variant.as_str(), |e| e.name)},
            "rated": r.rated,
            "opponent": {"id": r.accounts[other], "username": r.names[other].clone().unwrap_or_else(|| "Anonymous".into())},
            "source": "friend",
            "status": r.result.as_ref().map_or("started", |_| "over"),
        }
    })
}

/// `GET /api/stream/event`: the account's events: `gameStart` for each
/// game being played (at once for those going on), `gameFinish` when one
/// ends, `challenge` for each challenge to the account, and
/// `challengeCanceled`/`challengeDeclined`.
pub(super) async fn events(
    State(state): State<AppState>,
    headers: HeaderMap,
) -> ApiResult<Response> {
    let p = bot_player(
        &state,
        &headers,
        &[Scope::BotPlay, Scope::BoardPlay, Scope::ChallengeRead],
    )
    .await?;
    let place = StreamPlace::take(&state, &p.key)?;
    let (tx, rx) = mpsc::channel::<Bytes>(64);
    tokio::spawn(async move {
        let _place = place;
        let key = p.key.clone();
        let mut playing = std::collections::HashSet::new();
        let mut told = std::collections::HashMap::<String, String>::new();
        let mut quiet = std::time::Instant::now();
        loop {
            let since = crate::now() - 3600;
            let k = key.clone();
            let read = state
                .store()
                .run(move |db| {
                    let games = db.accounts().history(&crate::db::accounts::HistoryFilter {
                        account: k.clone(),
                        limit: 200,
                        ..Default::default()
                    })?;
                    Ok((games, db.accounts().challenges_of(&k, since)?))
                })
                .await;
            let mut out = Vec::new();
            if let Ok((games, challenges)) = read {
                for g in &games {
                    match (&g.result, playing.contains(&g.id)) {
                        (None, false) => {
                            playing.insert(g.id.clone());
                            out.push(game_event("gameStart", g, &key, &state));
                        }
                        (Some(_), true) => {
                            playing.remove(&g.id);
                            out.push(game_event("gameFinish", g, &key, &state));
                        }
                        _ => {}
                    }
                }
                // Bounded: only the challenges still read (the last hour's,
                // at most 100) are remembered.
                told.retain(|id, _| challenges.iter().any(|c| &c.id == id));
                for c in challenges.iter().rev() {
                    if told.get(&c.id) == Some(&c.status) {
                        continue;
                    }
                    let event = match c.status.as_str() {
                        "created" if c.dest == key => Some("challenge"),
                        "declined" if c.challenger == key => Some("challengeDeclined"),
                        "canceled" if c.dest == key => Some("challengeCanceled"),
                        _ => None,
                    };
                    told.insert(c.id.clone(), c.status.clone());
                    if let Some(kind) = event {
                        out.push(json!({"type": kind, "challenge": super::challenges::challenge_json(&state, c).await}));
                    }
                }
            }
            for v in &out {
                if !line(&tx, v).await {
                    return;
                }
                quiet = std::time::Instant::now();
            }
            if quiet.elapsed() >= KEEP_ALIVE {
                if tx.send(Bytes::from_static(b"\n")).await.is_err() {
                    return;
                }
                quiet = std::time::Instant::now();
            }
            if tx.is_closed() {
                return;
            }
            tokio::time::sleep(EVENT_POLL).await;
        }
    });
    Ok(ndjson(rx))
}
