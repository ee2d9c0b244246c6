//! What a seat does: move, resign, offer or accept a draw, ask for a
//! rematch. Each change is stored before it is made; each takes the
//! game's writer lock, so changes to one game happen one at a time.

use super::games::{created, find, fresh_seed, new_game, secret_seed};
use super::{bad, bearer, conflict, internal, stored, ApiError, ApiResult};
use crate::game::{seat_of, LiveGame};
use crate::{AppState, CommitError};
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::Json;
use deckmate_games::registry::Settlement;
use deckmate_rules::Seat;
use serde_json::Value;

/// The seat of the token, or 403.
pub(super) fn seat(g: &LiveGame, headers: &HeaderMap) -> ApiResult<Seat> {
    seat_of(&g.tokens, bearer(headers).as_deref())
        .ok_or_else(|| ApiError::new(StatusCode::FORBIDDEN, "a seat's token is required"))
}

/// The seat of the token, in a game that is not over (403, 409).
fn seat_in_play(g: &LiveGame, headers: &HeaderMap) -> ApiResult<Seat> {
    let me = seat(g, headers)?;
    if g.end().is_some() {
        return Err(conflict("the game is already over"));
    }
    Ok(me)
}

/// `POST /api/games/{id}/moves`: `{"move": text, "ply": n}`.
pub(super) async fn play(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Option<Json<Value>>,
) -> ApiResult<Json<Value>> {
    let slot = find(&state, &id)?;
    let me = {
        let g = slot.lock();
        let me = seat(&g, &headers)?;
        if g.engine.is_some_and(|(s, _)| s == me) {
            return Err(ApiError::new(
                StatusCode::FORBIDDEN,
                "that seat is the engine's",
            ));
        }
        me
    };
    let usage = "send {\"move\": \"4Ci3\", \"ply\": n}";
    let Some(Json(body)) = body else {
        return Err(bad(usage));
    };
    let Some(text) = body.get("move").and_then(Value::as_str) else {
        return Err(bad(usage));
    };
    let ply = match body.get("ply") {
        None | Some(Value::Null) => None,
        Some(p) => Some(
            p.as_u64()
                .filter(|&n| n >= 1)
                .ok_or_else(|| bad("ply must be the move's number, from 1"))? as usize,
        ),
    };
    state
        .commit_move(&slot, me, text, ply)
        .await
        .map_err(|e| match e {
            CommitError::Illegal(m) => bad(m),
            CommitError::Conflict(m) => conflict(m),
            CommitError::Store(e) => stored(e),
        })?;
    let view = slot.lock().view(Some(me), None);
    Ok(Json(view))
}

/// Stores an end from outside the rules and tells the watchers.
async fn end_game(
    state: &AppState,
    id: &str,
    g: &crate::game::GameSlot,
    end: Settlement,
) -> ApiResult<()> {
    state
        .store()
        .set_ended(id, end.to_json())
        .await
        .map_err(stored)?;
    let mut g = g.lock();
    g.ended = Some(end);
    if let Some(c) = g.clock.as_mut() {
        c.stop(std::time::Instant::now());
    }
    g.clock_gen += 1;
    g.changed();
    Ok(())
}

/// `POST /api/games/{id}/resign`.
pub(super) async fn resign(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> ApiResult<Json<Value>> {
    let slot = find(&state, &id)?;
    let _writer = slot.writer.lock().await;
    let me = seat_in_play(&slot.lock(), &headers)?;
    let end = Settlement::resigned_or_agreed(Some(me.other()));
    end_game(&state, &id, &slot, end).await?;
    let view = slot.lock().view(Some(me), None);
    Ok(Json(view))
}

/// `POST /api/games/{id}/draw`: offers a draw, or accepts the other's
/// offer. An engine seat accepts when its variant says so (Cardmate and
/// Cuarenta: its static evaluation shows no clear edge for itself; the
/// Chess Cards engine declines: it plays the match out). A pending offer
/// is stored, so it outlives a restart; it lapses with the next move.
pub(super) async fn draw(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> ApiResult<Json<Value>> {
    let slot = find(&state, &id)?;
    let _writer = slot.writer.lock().await;
    let (me, accept, plies) = {
        let g = slot.lock();
        let me = seat_in_play(&g, &headers)?;
        let engine_accepts = g
            .engine
            .is_some_and(|(seat, _)| g.game.engine_accepts_draw(seat));
        (
            me,
            g.draw_offer == Some(me.other()) || engine_accepts,
            g.plies(),
        )
    };
    if accept {
        end_game(&state, &id, &slot, Settlement::resigned_or_agreed(None)).await?;
    } else {
        let offer = (me.index() as u8, u32::try_from(plies).unwrap_or(u32::MAX));
        state
            .store()
            .set_draw_offer(&id, Some(offer))
            .await
            .map_err(stored)?;
        let mut g = slot.lock();
        g.draw_offer = Some(me);
        g.changed();
    }
    let view = slot.lock().view(Some(me), None);
    Ok(Json(view))
}

/// `POST /api/games/{id}/takeback`: asks to take back one's last move
/// (and the other's reply to it), or grants the other's request. An engine
/// grants it in a game without a clock. A takeback is stored (the moves
/// after it are deleted), so a restart keeps it, and the record is the
/// game's moves up to it.
pub(super) async fn takeback(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> ApiResult<Json<Value>> {
    let slot = find(&state, &id)?;
    let _writer = slot.writer.lock().await;
    let (me, keep, grant) = {
        let g = slot.lock();
        let me = seat_in_play(&g, &headers)?;
        let asked = match g.takeback_offer {
            // The other asked, when the game stood as now: granted.
            Some((by, n)) if by == me.other() && n == g.stored.len() => Some(by),
            _ => None,
        };
        let asker = asked.unwrap_or(me);
        // Back to before the asker's last move.
        let Some(last) = g.stored.iter().rposition(|m| m.mover == Some(asker)) else {
            return Err(conflict("there is no move of yours to take back"));
        };
        let engine_grants = g.engine.is_some_and(|(s, _)| s == me.other()) && g.clock.is_none();
        (me, last, asked.is_some() || engine_grants)
    };
    if grant {
        state
            .store()
            .truncate_moves(&id, keep)
            .await
            .map_err(stored)?;
        let mut g = slot.lock();
        crate::take_back(&mut g, keep).map_err(internal)?;
    } else {
        let mut g = slot.lock();
        let n = g.stored.len();
        g.takeback_offer = Some((me, n));
        g.changed();
    }
    state.clock_changed(&slot);
    state.engine_move_if_due(&slot);
    let view = slot.lock().view(Some(me), None);
    Ok(Json(view))
}

/// `POST /api/games/{id}/takeback/decline`: declines the other's request.
pub(super) async fn decline_takeback(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> ApiResult<Json<Value>> {
    let slot = find(&state, &id)?;
    let mut g = slot.lock();
    let me = seat_in_play(&g, &headers)?;
    if g.takeback_offer.is_none_or(|(by, _)| by != me.other()) {
        return Err(conflict("no takeback is asked of you"));
    }
    g.takeback_offer = None;
    g.changed();
    Ok(Json(g.view(Some(me), None)))
}

/// The longest chat message, in characters.
const CHAT_MAX_CHARS: usize = 300;
/// A seat sends at most this many chat messages ...
const CHAT_BURST: usize = 5;
/// ... in this long.
const CHAT_WINDOW: std::time::Duration = std::time::Duration::from_secs(10);

/// `POST /api/games/{id}/chat` `{"text": "..."}`: a message from a seat to
/// the other (a spectator sees none). At most 300 characters, control
/// characters dropped; at most 5 messages a seat in 10 seconds (429);
/// stored before it is shown; the last 50 are in the seats' views.
pub(super) async fn chat(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Option<Json<Value>>,
) -> ApiResult<Json<Value>> {
    let slot = find(&state, &id)?;
    let text = match body.as_ref().map(|b| &b.0["text"]) {
        Some(Value::String(t)) => t.chars().filter(|c| !c.is_control()).collect::<String>(),
        _ => return Err(super::bad("send {\"text\": \"your message\"}")),
    };
    let text = text.trim().to_string();
    if text.is_empty() {
        return Err(super::bad("an empty message"));
    }
    if text.chars().count() > CHAT_MAX_CHARS {
        return Err(super::bad(format!(
            "a message is at most {CHAT_MAX_CHARS} characters"
        )));
    }
    let _writer = slot.writer.lock().await;
    let (me, n) = {
        let mut g = slot.lock();
        let me = seat(&g, &headers)?;
        let now = std::time::Instant::now();
        let times = &mut g.chat_times[me.index()];
        while times
            .front()
            .is_some_and(|t| now.duration_since(*t) > CHAT_WINDOW)
        {
            times.pop_front();
        }
        if times.len() >= CHAT_BURST {
            return Err(super::ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                "too many messages: at most 5 in 10 seconds",
            ));
        }
        times.push_back(now);
        (me, g.chat_sent)
    };
    state
        .store()
        .insert_chat(&id, n, me.index() as u8, &text)
        .await
        .map_err(stored)?;
    let mut g = slot.lock();
    g.chat_sent = n + 1;
    g.chat.push_back((me, text));
    while g.chat.len() > crate::game::CHAT_KEPT {
        g.chat.pop_front();
    }
    g.changed();
    Ok(Json(g.view(Some(me), None)))
}

/// `POST /api/games/{id}/rematch`: a new game, same options, seats swapped
/// (a variant may deal anew: Chess Cards does).
pub(super) async fn rematch(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> ApiResult<Json<Value>> {
    let slot = find(&state, &id)?;
    let (fresh, secret) = (fresh_seed()?, secret_seed()?);
    let (variant, spec, engine, me, time_control) = {
        let g = slot.lock();
        let me = seat(&g, &headers)?;
        // New draws from a seed nobody knows, where the seed decides them.
        let seed = if g.game.seed_is_secret() {
            secret
        } else {
            fresh
        };
        (
            g.entry(),
            g.game.rematch_spec(seed),
            g.engine,
            me,
            g.clock.as_ref().map(|c| c.tc),
        )
    };
    let game = variant.game_from_spec(&spec).map_err(internal)?;
    let engine = engine.map(|(s, l)| (s.other(), l));
    let (new_id, tokens) = new_game(&state, game, engine, time_control, [None, None]).await?;
    // The player who asked takes the other seat of the new game.
    Ok(created(
        variant,
        &new_id,
        &tokens,
        me.other(),
        engine.map(|e| e.0),
    ))
}
