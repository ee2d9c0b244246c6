//! What a seat does: move, resign, offer or accept a draw, ask for a
//! rematch. Each change is stored before it is made; each takes the
//! game's writer lock, so changes to one game happen one at a time.

use super::games::{find, fresh_ids, fresh_seed, new_game_as, secret_seed, Seating};
use super::{bad, bearer, conflict, internal, stored, typed, ApiError, ApiResult};
use crate::game::{seat_of, GameSlot, LiveGame};
use crate::offers::Offers;
use crate::view::GameView;
use crate::{AppState, CommitError};
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::Json;
use deckmate_games::registry::Settlement;
use deckmate_rules::Seat;
use serde::Deserialize;
use serde_json::Value;

/// `POST /api/games/{id}/moves`: the move's text in the game's notation,
/// and its number (from 1) so that a request sent twice plays once.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveRequest {
    #[serde(rename = "move")]
    text: String,
    #[serde(default)]
    ply: Option<u64>,
}

/// `POST /api/games/{id}/chat`: a message.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ChatRequest {
    text: String,
}
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
) -> ApiResult<Json<GameView>> {
    let slot = find(&state, &id).await?;
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
    let body: MoveRequest = typed(body, "send {\"move\": \"4Ci3\", \"ply\": n}")?;
    let ply = match body.ply {
        None => None,
        Some(0) => return Err(bad("ply must be the move's number, from 1")),
        Some(n) => Some(usize::try_from(n).map_err(|_| bad("ply is past any game"))?),
    };
    state
        .commit_move(&slot, me, &body.text, ply)
        .await
        .map_err(|e| match e {
            CommitError::Illegal(e) => ApiError::refused(&e),
            CommitError::Conflict(code, m) => conflict(m).coded(code),
            CommitError::Store(e) => stored(e),
        })?;
    let view = slot.lock().view(Some(me), None);
    Ok(Json(view))
}

/// Stores an end from outside the rules on the game's row version and
/// tells the watchers ([`AppState::store_end`]).
async fn end_game(
    state: &AppState,
    id: &str,
    g: &std::sync::Arc<GameSlot>,
    end: Settlement,
) -> ApiResult<()> {
    let version = g.lock().row_version;
    state.store_end(g, id, version, end).await.map_err(stored)
}

/// Stores a change of the game's offers besides a draw, made by `change`
/// (the caller holds the writer lock), then makes it in memory and tells
/// the watchers.
async fn change_offers(
    state: &AppState,
    slot: &GameSlot,
    change: impl FnOnce(&mut Offers),
) -> ApiResult<()> {
    let (id, version, mut offers) = {
        let g = slot.lock();
        (g.id.clone(), g.row_version, Offers::of(&g))
    };
    change(&mut offers);
    let r = state
        .store()
        .set_offers(&id, version, offers.to_stored())
        .await;
    state.written(slot, r).map_err(stored)?;
    let mut g = slot.lock();
    offers.apply(&mut g);
    g.changed();
    Ok(())
}

/// `POST /api/games/{id}/resign`.
pub(super) async fn resign(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> ApiResult<Json<GameView>> {
    let slot = find(&state, &id).await?;
    let _writer = slot.writer.lock().await;
    let me = seat_in_play(&slot.lock(), &headers)?;
    let end = Settlement::resigned_or_agreed(Some(me.other()));
    end_game(&state, &id, &slot, end).await?;
    let view = slot.lock().view(Some(me), None);
    Ok(Json(view))
}

/// `POST /api/games/{id}/abort`: until both seats have made their first
/// move, either may end the game with no result.
pub(super) async fn abort(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> ApiResult<Json<GameView>> {
    let slot = find(&state, &id).await?;
    let _writer = slot.writer.lock().await;
    let me = {
        let g = slot.lock();
        let me = seat_in_play(&g, &headers)?;
        if !g.abort_allowed() {
            return Err(conflict(
                "both seats have made their first move: the game can no longer be aborted \
                 (resign or offer a draw)",
            )
            .coded("abort_too_late"));
        }
        me
    };
    end_game(&state, &id, &slot, Settlement::aborted()).await?;
    let view = slot.lock().view(Some(me), None);
    Ok(Json(view))
}

/// `POST /api/games/{id}/claim`: `{"result": "win"|"draw"}`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ClaimRequest {
    result: ClaimResult,
}

/// What a seat claims of a game the other abandoned.
#[derive(Deserialize, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
enum ClaimResult {
    /// The win.
    Win,
    /// A draw.
    Draw,
}

/// `POST /api/games/{id}/claim` `{"result": "win"|"draw"}`: the other
/// seat's player has no page open and has not moved, to move, for the
/// abandonment time ([`LiveGame::claim_in`]): the claimer wins, or it is
/// a draw.
pub(super) async fn claim(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Option<Json<Value>>,
) -> ApiResult<Json<GameView>> {
    let slot = find(&state, &id).await?;
    let me = seat(&slot.lock(), &headers)?;
    let body: ClaimRequest = typed(body, "send {\"result\": \"win\"} or {\"result\": \"draw\"}")?;
    let _writer = slot.writer.lock().await;
    {
        let g = slot.lock();
        seat_in_play(&g, &headers)?;
        match g.claim_in(me, std::time::Instant::now()) {
            Some(d) if d.is_zero() => {}
            Some(d) => {
                return Err(conflict(format!(
                    "the other player may still come back: a claim is possible in {} s",
                    d.as_secs().max(1)
                ))
                .coded("claim_too_early"))
            }
            None => {
                return Err(conflict(
                    "no claim now: the other player is here, is not to move, or the game has no \
                     such claim (correspondence, against the engine, before both first moves)",
                )
                .coded("no_claim"))
            }
        }
    }
    let end = Settlement::abandoned(me.other(), body.result == ClaimResult::Win);
    end_game(&state, &id, &slot, end).await?;
    let view = slot.lock().view(Some(me), None);
    Ok(Json(view))
}

/// The fewest moves stored (both seats' together) before an engine takes
/// a draw: 30 moves each; never in the opening.
pub const ENGINE_DRAW_MIN_MOVES: usize = 60;
/// How near zero (the game's unit: hundredths of a pawn or of a card's
/// value, Chess Cards' points) a search's score must stay for an engine to
/// call the game drawn.
pub const ENGINE_DRAW_MARGIN: i32 = 25;
/// How long an engine thinks about a draw offer.
const ENGINE_DRAW_TIME: std::time::Duration = std::time::Duration::from_millis(1000);

/// Whether an engine takes a draw offered after `moves` stored moves,
/// when the game's own rule says `game_rule` (its static evaluation shows
/// no more than a small edge for the engine; Chess Cards: never) and its
/// search reported `scores` (each completed depth and its score, in
/// order). The game is drawn when, after move 30, the last two depths
/// both score within [`ENGINE_DRAW_MARGIN`] of zero (a level score that a
/// deeper look does not change), the second of them at depth 4 or more.
pub fn engine_calls_it_drawn(moves: usize, game_rule: bool, scores: &[(u32, i32)]) -> bool {
    if moves < ENGINE_DRAW_MIN_MOVES || !game_rule {
        return false;
    }
    let mut depths: Vec<(u32, i32)> = Vec::new();
    for &(d, s) in scores {
        match depths.last_mut() {
            Some(last) if last.0 == d => last.1 = s,
            _ => depths.push((d, s)),
        }
    }
    match depths.as_slice() {
        [.., (_, a), (d, b)] => {
            *d >= 4 && a.abs() <= ENGINE_DRAW_MARGIN && b.abs() <= ENGINE_DRAW_MARGIN
        }
        _ => false,
    }
}

/// The engine in `seat` answers a draw offer: true to accept. It looks
/// only after move 30, and searches the position on the engine pool (a
/// game's search, before any analysis) for up to a second.
async fn engine_answers_draw(state: &AppState, slot: &crate::game::GameSlot, seat: Seat) -> bool {
    let scores = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let (job, moves, rule) = {
        let g = slot.lock();
        let moves = g.stored.len();
        let rule = g.game.engine_accepts_draw(seat);
        if moves < ENGINE_DRAW_MIN_MOVES || !rule {
            return false;
        }
        let sink_scores = scores.clone();
        let request = deckmate_games::registry::AnalysisRequest {
            lines: 1,
            limits: deckmate_games::registry::Limits {
                time: Some(ENGINE_DRAW_TIME),
                ..Default::default()
            },
            stop: std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false)),
        };
        let sink = Box::new(move |r: deckmate_games::registry::AnalysisReport| {
            if let Some(l) = r.lines.first() {
                crate::lock(&sink_scores).push((r.depth, l.score));
            }
        });
        (g.game.analysis_job(request, sink), moves, rule)
    };
    let (Some(job), Some(pool)) = (job, state.pool()) else {
        return false;
    };
    // The answer is not needed: the scores are.
    let _ = pool
        .submit(
            "draw offer".into(),
            crate::engine_pool::Priority::Unclocked,
            None,
            Box::new(|| true),
            job,
        )
        .await;
    let scores = crate::lock(&scores).clone();
    engine_calls_it_drawn(moves, rule, &scores)
}

/// `POST /api/games/{id}/draw`: offers a draw (the other seat answers with
/// `/draw/accept` or `/draw/decline`; an offer pending from the other is
/// answered, not offered over: 409). An engine seat answers at once:
/// it accepts only when [`engine_calls_it_drawn`]; otherwise it declines.
/// A pending offer is stored, so it outlives a restart; it lapses with
/// the next move.
pub(super) async fn draw(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> ApiResult<Json<GameView>> {
    let slot = find(&state, &id).await?;
    let (me, engine, plies) = {
        let _writer = slot.writer.lock().await;
        let (me, engine, plies) = {
            let g = slot.lock();
            let me = seat_in_play(&g, &headers)?;
            match g.draw_offer {
                Some(s) if s == me.other() => {
                    return Err(conflict(format!(
                        "{} offers a draw: accept it (POST /api/games/{id}/draw/accept) or decline it (/draw/decline)",
                        g.entry().seat_names[s.index()]
                    )))
                }
                Some(_) => return Ok(Json(g.view(Some(me), None))),
                None => {}
            }
            let engine = g.engine.map(|e| e.0).filter(|&e| e == me.other());
            (me, engine, g.plies())
        };
        let offer = (me.index() as u8, u32::try_from(plies).unwrap_or(u32::MAX));
        let version = slot.lock().row_version;
        let r = state
            .store()
            .set_draw_offer(&id, version, Some(offer))
            .await;
        state.written(&slot, r).map_err(stored)?;
        let mut g = slot.lock();
        g.draw_offer = Some(me);
        g.draw_declined = None;
        g.changed();
        (me, engine, plies)
    };
    if let Some(engine) = engine {
        let accept = engine_answers_draw(&state, &slot, engine).await;
        let _writer = slot.writer.lock().await;
        // The answer holds only for the position it was given on.
        let standing = {
            let g = slot.lock();
            g.end().is_none() && g.plies() == plies && g.draw_offer == Some(me)
        };
        if standing {
            answer_draw(&state, &id, &slot, engine, accept).await?;
        }
    }
    let view = slot.lock().view(Some(me), None);
    Ok(Json(view))
}

/// Seat `by` accepts (the game ends drawn) or declines the pending offer.
async fn answer_draw(
    state: &AppState,
    id: &str,
    slot: &std::sync::Arc<GameSlot>,
    by: Seat,
    accept: bool,
) -> ApiResult<()> {
    let version = slot.lock().row_version;
    let r = state.store().set_draw_offer(id, version, None).await;
    state.written(slot, r).map_err(stored)?;
    slot.lock().draw_offer = None;
    if accept {
        end_game(state, id, slot, Settlement::resigned_or_agreed(None)).await?;
    } else {
        change_offers(state, slot, |o| o.draw_declined = Some(by.index() as u8)).await?;
    }
    Ok(())
}

/// `POST /api/games/{id}/draw/accept` and `/draw/decline`: answers the
/// other seat's draw offer (409 when none is pending).
async fn answer_draw_offer(
    state: AppState,
    id: String,
    headers: HeaderMap,
    accept: bool,
) -> ApiResult<Json<GameView>> {
    let slot = find(&state, &id).await?;
    let _writer = slot.writer.lock().await;
    let me = {
        let g = slot.lock();
        let me = seat_in_play(&g, &headers)?;
        if g.draw_offer != Some(me.other()) {
            return Err(conflict("no draw is offered to you"));
        }
        me
    };
    answer_draw(&state, &id, &slot, me, accept).await?;
    let view = slot.lock().view(Some(me), None);
    Ok(Json(view))
}

/// `POST /api/games/{id}/draw/accept`: the game ends drawn by agreement.
pub(super) async fn accept_draw(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> ApiResult<Json<GameView>> {
    answer_draw_offer(state, id, headers, true).await
}

/// `POST /api/games/{id}/draw/decline`: the offer is withdrawn, and its
/// maker told.
pub(super) async fn decline_draw(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> ApiResult<Json<GameView>> {
    answer_draw_offer(state, id, headers, false).await
}

/// `POST /api/games/{id}/takeback`: asks to take back one's last move
/// (and the other's reply to it), or grants the other's request. An engine
/// grants it in a game without a clock. A takeback that would go back past a
/// card drawn or a secret revealed is refused (409) with the game's rule
/// ([`PlayedGame::takeback_keeping`](deckmate_games::registry::PlayedGame::takeback_keeping)). A takeback is stored (the moves
/// after it are deleted), so a restart keeps it, and the record is the
/// game's moves up to it.
pub(super) async fn takeback(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> ApiResult<Json<GameView>> {
    let slot = find(&state, &id).await?;
    let _writer = slot.writer.lock().await;
    let (me, keep, grant) = {
        let g = slot.lock();
        let me = seat_in_play(&g, &headers)?;
        if g.rated {
            return Err(conflict("a rated game has no takebacks").coded("rated"));
        }
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
        // Never back past a card drawn or a secret revealed (the game's
        // rule, which says why).
        g.game.takeback_keeping(last).map_err(conflict)?;
        let engine_grants = g.engine.is_some_and(|(s, _)| s == me.other()) && g.clock.is_none();
        (me, last, asked.is_some() || engine_grants)
    };
    if grant {
        let version = slot.lock().row_version;
        let r = state.store().truncate_moves(&id, version, keep).await;
        state.written(&slot, r).map_err(stored)?;
        let mut g = slot.lock();
        crate::take_back(&mut g, keep).map_err(internal)?;
    } else {
        change_offers(&state, &slot, |o| o.takeback = Some(me.index() as u8)).await?;
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
) -> ApiResult<Json<GameView>> {
    let slot = find(&state, &id).await?;
    let _writer = slot.writer.lock().await;
    let me = {
        let g = slot.lock();
        let me = seat_in_play(&g, &headers)?;
        if g.takeback_offer.is_none_or(|(by, _)| by != me.other()) {
            return Err(conflict("no takeback is asked of you"));
        }
        me
    };
    change_offers(&state, &slot, |o| o.takeback = None).await?;
    let view = slot.lock().view(Some(me), None);
    Ok(Json(view))
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
) -> ApiResult<Json<GameView>> {
    let slot = find(&state, &id).await?;
    let body: ChatRequest = typed(body, "send {\"text\": \"your message\"}")?;
    let text: String = body.text.chars().filter(|c| !c.is_control()).collect();
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
        if g.engine.is_some() {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                "no one to talk to: the other seat is the engine's",
            ));
        }
        let now = std::time::Instant::now();
        let times = &mut g.chat_times[me.index()];
        while times
            .front()
            .is_some_and(|t| now.duration_since(*t) > CHAT_WINDOW)
        {
            times.pop_front();
        }
        if times.len() >= CHAT_BURST {
            // The oldest of the window leaves it in this many (whole)
            // seconds, and a message may be sent again.
            let wait = times.front().map_or(CHAT_WINDOW, |t| {
                CHAT_WINDOW.saturating_sub(now.duration_since(*t))
            });
            let secs = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
            return Err(super::ApiError {
                retry_after: Some(secs.max(1)),
                ..super::ApiError::new(
                    StatusCode::TOO_MANY_REQUESTS,
                    format!(
                        "too many messages: at most {CHAT_BURST} in {} seconds",
                        CHAT_WINDOW.as_secs()
                    ),
                )
            });
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

/// `POST /api/games/{id}/rematch`: once the game is over (409 before),
/// offers a rematch, or accepts the other seat's offer (both asked: one
/// game). Against the engine it is made at once. The rematch is a new
/// game with the same options (a variant may deal anew: Chess Cards does),
/// the seats swapped and the players' names kept; the view of this game
/// then carries it (`rematch`: its id, and to each seat its own token in
/// it), so both players' pages go there over their sockets. The answer
/// is this game's view for the asker.
pub(super) async fn rematch(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> ApiResult<Json<GameView>> {
    rematch_answer(state, id, headers, false).await
}

/// `POST /api/games/{id}/rematch/accept`: accepts the other seat's
/// rematch offer (409 when none is pending).
pub(super) async fn accept_rematch(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> ApiResult<Json<GameView>> {
    rematch_answer(state, id, headers, true).await
}

/// Offers or accepts a rematch; `must_accept`: only an answer to an offer.
async fn rematch_answer(
    state: AppState,
    id: String,
    headers: HeaderMap,
    must_accept: bool,
) -> ApiResult<Json<GameView>> {
    let slot = find(&state, &id).await?;
    let _writer = slot.writer.lock().await;
    let claim = {
        let g = slot.lock();
        g.rematch
            .as_ref()
            .and_then(|r| r.claimed_at.map(|at| (r.id.clone(), at)))
    };
    if let Some((new_id, at)) = claim {
        settle_claim(&state, &slot, &new_id, at).await?;
    }
    let (fresh, secret) = (fresh_seed()?, secret_seed()?);
    let made = {
        let g = slot.lock();
        let me = seat(&g, &headers)?;
        if g.end().is_none() {
            return Err(conflict(
                "a rematch is offered once the game is over: finish it first (resign, or agree a draw)",
            ));
        }
        if g.rematch.is_some() {
            // Made already, the view carries it; or being made.
            return Ok(Json(g.view(Some(me), None)));
        }
        let engine_other = g.engine.is_some_and(|(s, _)| s == me.other());
        let offered = g.rematch_offer == Some(me.other());
        if must_accept && !offered {
            return Err(conflict("no rematch is offered to you"));
        }
        if !engine_other && !offered {
            Err(me)
        } else {
            // New draws from a seed nobody knows, where the seed decides them.
            let seed = if g.game.seed_is_secret() {
                secret
            } else {
                fresh
            };
            // Seats swapped: the player of each seat takes the other.
            let names = Seating {
                names: g.names.clone(),
                accounts: g.accounts.clone(),
                rated: g.rated,
                bots: g.bots,
            }
            .swapped();
            Ok((
                g.entry(),
                g.game.rematch_spec(seed),
                g.engine,
                me,
                g.clock.as_ref().map(|c| c.tc),
                names,
            ))
        }
    };
    let (variant, spec, engine, me, time_control, names) = match made {
        Ok(terms) => terms,
        // Offered, not made: the other is asked.
        Err(me) => {
            change_offers(&state, &slot, |o| o.rematch_offer = Some(me.index() as u8)).await?;
            let view = slot.lock().view(Some(me), None);
            return Ok(Json(view));
        }
    };
    // Built off the runtime: a deck file's pieces are compiled again.
    let game = state
        .build("rematch", move || variant.game_from_spec(&spec))
        .await
        .map_err(internal)?
        .map_err(internal)?;
    let engine = engine.map(|(s, l)| (s.other(), l));
    // The rematch is claimed in the store first: of two servers making
    // it at once, one does; then its game is made.
    let (new_id, tokens) = fresh_ids()?;
    let token_of = |old: Seat| {
        let new = old.other();
        (engine.map(|e| e.0) != Some(new)).then(|| tokens[new.index()].clone())
    };
    let made = (
        new_id.clone(),
        [token_of(Seat::First), token_of(Seat::Second)],
    );
    // The claim shows in no view: a page sent to the new game before it
    // is made would find none. The offer stays until it is made.
    change_offers(&state, &slot, |o| {
        o.rematch = Some(made);
        o.rematch_pending = Some(crate::now_ms());
    })
    .await?;
    if let Err(e) = new_game_as(&state, &new_id, &tokens, game, engine, time_control, names).await {
        // Not made: the claim is withdrawn (the players may ask again).
        if change_offers(&state, &slot, |o| {
            o.rematch = None;
            o.rematch_pending = None;
        })
        .await
        .is_err()
        {
            eprintln!("deckmate: game {id}: a rematch not made is still claimed");
        }
        return Err(e);
    }
    // Made: now both seats' views carry it, and their pages go there. (If
    // this write fails, the next rematch request of either seat shows it:
    // `settle_claim`.)
    mark_made(&state, &slot).await?;
    let view = slot.lock().view(Some(me), None);
    Ok(Json(view))
}

/// How long a rematch claimed may wait for its game before the claim
/// counts as left by a maker that stopped midway (a server that went
/// down between the claim and the game).
const CLAIM_PATIENCE_MS: i64 = 30_000;

/// Marks the claimed rematch made: both seats' views carry it.
async fn mark_made(state: &AppState, slot: &GameSlot) -> ApiResult<()> {
    change_offers(state, slot, |o| {
        o.rematch_pending = None;
        o.rematch_offer = None;
    })
    .await
}

/// A rematch claimed at `at` whose game `new_id` was not shown: shown now
/// if the game is there (its maker could not mark it made); left as it is
/// while it may still be being made; withdrawn after
/// [`CLAIM_PATIENCE_MS`] without its game, the offer standing, so that the
/// request goes on to make it anew.
async fn settle_claim(state: &AppState, slot: &GameSlot, new_id: &str, at: i64) -> ApiResult<()> {
    match state.game_loaded(new_id).await {
        Ok(Some(_)) => mark_made(state, slot).await,
        Ok(None) if crate::now_ms().saturating_sub(at) >= CLAIM_PATIENCE_MS => {
            change_offers(state, slot, |o| {
                o.rematch = None;
                o.rematch_pending = None;
            })
            .await
        }
        Ok(None) => Ok(()),
        Err(why) => Err(super::unavailable(why)),
    }
}

/// `POST /api/games/{id}/rematch/decline`: declines the other seat's
/// rematch offer (409 when none is pending); its maker is told.
pub(super) async fn decline_rematch(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> ApiResult<Json<GameView>> {
    let slot = find(&state, &id).await?;
    let _writer = slot.writer.lock().await;
    let me = {
        let g = slot.lock();
        let me = seat(&g, &headers)?;
        if g.rematch_offer != Some(me.other()) || g.rematch.is_some() {
            return Err(conflict("no rematch is offered to you"));
        }
        me
    };
    change_offers(&state, &slot, |o| {
        o.rematch_offer = None;
        o.rematch_declined = Some(me.index() as u8);
    })
    .await?;
    let view = slot.lock().view(Some(me), None);
    Ok(Json(view))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn item_17_an_engine_calls_a_game_drawn_only_after_move_30_on_a_steady_level_score() {
        let level = [(1, 3), (2, -4), (3, 0), (4, 5), (5, 2)];
        assert!(engine_calls_it_drawn(60, true, &level));
        // Never in the opening, however level.
        assert!(!engine_calls_it_drawn(2, true, &level));
        assert!(!engine_calls_it_drawn(59, true, &level));
        // Not when the game's own rule says no (Chess Cards; an engine
        // ahead by its static evaluation).
        assert!(!engine_calls_it_drawn(80, false, &level));
        // Not when the last depths leave the margin, or are too shallow.
        assert!(!engine_calls_it_drawn(80, true, &[(4, 3), (5, 90)]));
        assert!(!engine_calls_it_drawn(80, true, &[(4, -60), (5, 0)]));
        assert!(!engine_calls_it_drawn(80, true, &[(1, 0), (2, 0), (3, 0)]));
        assert!(!engine_calls_it_drawn(80, true, &[(6, 0)]));
        assert!(!engine_calls_it_drawn(80, true, &[]));
        // The final report repeats the last depth: counted once.
        assert!(!engine_calls_it_drawn(
            80,
            true,
            &[(4, 200), (5, 0), (5, 0)]
        ));
        assert!(engine_calls_it_drawn(
            80,
            true,
            &[(4, 20), (5, -20), (5, -20)]
        ));
    }
}
