//! Playing a stranger: open seeks in the lobby, and nicknames.
//!
//! A seek is a game offered to anyone (its game, options, time control,
//! the seat its maker takes or `random`, his nickname). It stands while
//! its maker's page asks after it (every few seconds: a seek not asked
//! after for [`SEEK_IDLE`] is gone, as when the page closes), and at most
//! [`SEEK_TTL`]. Accepting one starts the game for both at once: the
//! accepter gets his seat's token in the answer, the maker in his page's
//! next question. Bounded: at most [`MAX_SEEKS`] seeks, made under the
//! same per-address limit as games.
//!
//! The database holds the seeks, and decides every race: the cap is
//! checked and the seek stored in one step, and an accepter takes a seek
//! in one step, so that of two accepters (perhaps on two servers on one
//! PostgreSQL database) exactly one has it; the maker may ask after his
//! seek at any server. The lobby's list is read from the database at
//! most every [`LIST_FRESH`] by each server.

use super::games::{created, find, fresh_ids, new_game_as, nickname, seeded_game};
use super::requests::{Name, NewSeek};
use super::{bad, bearer, conflict, internal, not_found, stored, typed, ApiError, ApiResult};
use crate::clock::TimeControl;
use crate::db::{SeekClock, SeekState};
use crate::view::GameView;
use crate::{lock, secret, AppState};
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::Json;
use deckmate_games::registry::{GameEntry, Options};
use deckmate_rules::Seat;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::time::{Duration, Instant};

/// The most seeks open at once (on the database: for every server on it).
pub const MAX_SEEKS: usize = 200;
/// A seek whose maker's page has not asked after it for this long is gone.
pub const SEEK_IDLE: Duration = Duration::from_secs(20);
/// No seek stands longer than this.
pub const SEEK_TTL: Duration = Duration::from_secs(15 * 60);
/// How long an accepted seek waits for its maker to learn his game.
const ACCEPTED_KEPT: Duration = Duration::from_secs(60);
/// How long a server answers the lobby's list from what it last read.
pub const LIST_FRESH: Duration = Duration::from_millis(500);

/// The lobby's list as a server last read it.
pub(crate) type SeekList = Option<(Instant, Value)>;

fn millis(d: Duration) -> i64 {
    i64::try_from(d.as_millis()).unwrap_or(i64::MAX)
}

/// The seeks' times, now.
pub(crate) fn seek_clock() -> SeekClock {
    SeekClock {
        now_ms: crate::now_ms(),
        idle_ms: millis(SEEK_IDLE),
        ttl_ms: millis(SEEK_TTL),
        accepted_kept_ms: millis(ACCEPTED_KEPT),
        cap: MAX_SEEKS,
    }
}

/// What a seek's request says: its game, options (as given), time
/// control, the maker's seat (`None`: random) and nickname.
type SeekTerms = (
    &'static GameEntry,
    Value,
    Option<TimeControl>,
    Option<Seat>,
    Option<String>,
);

/// A seek as the lobby lists it.
fn listed(id: &str, (variant, options, time_control, seat, name): &SeekTerms) -> Value {
    json!({
        "id": id,
        "variant": variant.key,
        "title": variant.name,
        "options": options,
        "time_control": time_control.map(TimeControl::to_json),
        "seat": seat.map(|s| variant.seats[s.index()]),
        "name": name.clone().unwrap_or_else(|| "Anonymous".to_string()),
    })
}

/// Whether a seek's options make a game (refused when it is made, not
/// when accepted): one is built and dropped. It may compile a client's
/// text: async code calls it off the runtime.
fn check_game(variant: &'static GameEntry, options: &Value) -> ApiResult<()> {
    let options = Options::from_json(variant.options, options).map_err(|e| bad(e.to_string()))?;
    seeded_game(variant, &options, None).map(drop)
}

/// Reads a seek's request (its game is checked by [`check_game`]).
fn terms(state: &AppState, body: &NewSeek) -> ApiResult<SeekTerms> {
    let key = body
        .variant
        .as_deref()
        .unwrap_or(state.catalog().first().key);
    let variant = state.catalog().find(key).ok_or_else(|| {
        bad(format!(
            "unknown variant '{key}' (known: {})",
            state.catalog().keys()
        ))
    })?;
    Options::from_json(variant.options, &body.options).map_err(|e| bad(e.to_string()))?;
    let time_control = TimeControl::from_json(&body.time_control).map_err(bad)?;
    let seat = match body.seat.as_deref() {
        None | Some("random") => None,
        Some(k) => Some(variant.seat(k).ok_or_else(|| {
            bad(format!(
                "seat '{k}': {} or random",
                variant.seats.join(", ")
            ))
        })?),
    };
    let name = nickname(body.name.as_deref())?;
    Ok((variant, body.options.clone(), time_control, seat, name))
}

/// A stored seek's terms, if this server offers its game (a variant file
/// dropped since is not).
fn stored_terms(state: &AppState, body: &str) -> Option<SeekTerms> {
    serde_json::from_str::<NewSeek>(body)
        .ok()
        .and_then(|b| terms(state, &b).ok())
}

/// Forgets the list read last: this server changed a seek.
fn stale(state: &AppState) {
    *lock(state.seek_list()) = None;
}

/// `POST /api/seeks` `{"variant", "options", "time_control", "seat":
/// key|"random", "name"}`: opens a seek; answers its `id` and `token`.
pub(super) async fn create(
    State(state): State<AppState>,
    body: Option<Json<Value>>,
) -> ApiResult<Json<Value>> {
    let body: NewSeek = typed(
        body,
        "send a JSON object: {\"variant\": \"cuarenta\", \"options\", \"time_control\", \"seat\", \"name\"}",
    )?;
    let (variant, options, time_control, seat, name) = terms(&state, &body)?;
    let given = options.clone();
    state
        .build("seek", move || check_game(variant, &given))
        .await
        .map_err(super::internal)??;
    let (id, token) = (
        secret().map_err(super::internal)?[..12].to_string(),
        secret().map_err(super::internal)?,
    );
    let stored_body = json!({
        "variant": variant.key,
        "options": options,
        "time_control": time_control.map(TimeControl::to_request),
        "seat": seat.map_or("random", |s| variant.seats[s.index()]),
        "name": name,
    })
    .to_string();
    let (sid, stoken) = (id.clone(), token.clone());
    let made = state
        .store()
        .run(move |db| db.insert_seek(&sid, &stoken, &stored_body, crate::now(), &seek_clock()))
        .await
        .map_err(stored)?;
    if !made {
        return Err(ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "too many open seeks: try again soon, or make a game and share its link",
        ));
    }
    stale(&state);
    Ok(Json(json!({ "id": id, "token": token })))
}

/// `GET /api/seeks`: the open seeks, newest first.
pub(super) async fn list(State(state): State<AppState>) -> ApiResult<Json<Value>> {
    if let Some((at, list)) = lock(state.seek_list()).as_ref() {
        if at.elapsed() < LIST_FRESH {
            return Ok(Json(list.clone()));
        }
    }
    let rows = state
        .store()
        .run(|db| db.open_seeks(&seek_clock()))
        .await
        .map_err(stored)?;
    let open: Vec<Value> = rows
        .iter()
        .filter_map(|(id, body, _)| stored_terms(&state, body).map(|t| listed(id, &t)))
        .collect();
    let list = json!({ "seeks": open });
    *lock(state.seek_list()) = Some((Instant::now(), list.clone()));
    Ok(Json(list))
}

/// The maker's token: `Authorization: Bearer`, or `?token=`.
fn seek_token(headers: &HeaderMap, q: &HashMap<String, String>) -> Option<String> {
    bearer(headers).or_else(|| q.get("token").cloned())
}

/// `GET /api/seeks/{id}?token=`: the maker's page asking after its seek
/// (which keeps it standing): `{"open": true}`, or the game it became,
/// with the maker's token.
pub(super) async fn status(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Query(q): Query<HashMap<String, String>>,
    headers: HeaderMap,
) -> ApiResult<Json<Value>> {
    let token = seek_token(&headers, &q).unwrap_or_default();
    let sid = id.clone();
    let found = state
        .store()
        .run(move |db| db.touch_seek(&sid, &token, &seek_clock()))
        .await
        .map_err(stored)?;
    match found {
        None => Err(not_found("no such seek (it lapsed: make another)")),
        Some(SeekState::Accepted { game, token }) => {
            Ok(Json(json!({ "open": false, "game": game, "token": token })))
        }
        Some(SeekState::Open(body)) => {
            let seek = stored_terms(&state, &body).map(|t| listed(&id, &t));
            Ok(Json(json!({ "open": true, "seek": seek })))
        }
    }
}

/// `DELETE /api/seeks/{id}?token=`: withdraws a seek.
pub(super) async fn cancel(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Query(q): Query<HashMap<String, String>>,
    headers: HeaderMap,
) -> ApiResult<Json<Value>> {
    let token = seek_token(&headers, &q).unwrap_or_default();
    let sid = id.clone();
    let withdrawn = state
        .store()
        .run(move |db| db.cancel_seek(&sid, &token))
        .await
        .map_err(stored)?;
    if !withdrawn {
        return Err(not_found("no such open seek"));
    }
    stale(&state);
    Ok(Json(json!({ "cancelled": id })))
}

/// `POST /api/seeks/{id}/accept` `{"name"}`: starts the game with the
/// seek's maker; the answer is a creation's, for the accepter's seat.
pub(super) async fn accept(
    State(state): State<AppState>,
    Path(id): Path<String>,
    body: Option<Json<Value>>,
) -> ApiResult<Json<Value>> {
    let name = match body {
        Some(b) => typed::<Name>(Some(b), "send {\"name\": \"your nickname\"} or nothing")?.name,
        None => None,
    };
    let name = nickname(name.as_deref())?;
    // Taken in one step: two accepters cannot both have it.
    let sid = id.clone();
    let body = state
        .store()
        .run(move |db| db.take_seek(&sid, &seek_clock()))
        .await
        .map_err(stored)?
        .ok_or_else(|| not_found("no such open seek (taken, withdrawn or lapsed)"))?;
    stale(&state);
    let made = start_seek(&state, &id, &body, name).await;
    if made.is_err() {
        // Not made: the seek stands again for another.
        let sid = id.clone();
        if let Err(e) = state
            .store()
            .run(move |db| db.settle_seek(&sid, None, &seek_clock()))
            .await
        {
            eprintln!("deckmate: seek {id} not opened again: {e}");
        }
    }
    made
}

/// Makes the game of taken seek `id`, and records it with the seek for
/// its maker.
async fn start_seek(
    state: &AppState,
    id: &str,
    body: &str,
    name: Option<String>,
) -> ApiResult<Json<Value>> {
    let (variant, options, time_control, seat, maker_name) = stored_terms(state, body)
        .ok_or_else(|| conflict("the seek's game is no longer offered here"))?;
    let maker = match seat {
        Some(s) => s,
        None => {
            let coin = secret().map_err(internal)?;
            if coin.as_bytes()[0] % 2 == 0 {
                Seat::First
            } else {
                Seat::Second
            }
        }
    };
    let game = state
        .build("seek", move || {
            let options =
                Options::from_json(variant.options, &options).map_err(|e| bad(e.to_string()))?;
            seeded_game(variant, &options, None)
        })
        .await
        .map_err(internal)??;
    let mut names = [None, None];
    names[maker.index()] = maker_name;
    names[maker.other().index()] = name;
    let (game_id, tokens) = fresh_ids()?;
    new_game_as(state, &game_id, &tokens, game, None, time_control, names).await?;
    let (sid, gid, maker_token) = (
        id.to_string(),
        game_id.clone(),
        tokens[maker.index()].clone(),
    );
    if let Err(e) = state
        .store()
        .run(move |db| db.settle_seek(&sid, Some((&gid, &maker_token)), &seek_clock()))
        .await
    {
        // The game is made; its maker's page is not told of it.
        eprintln!("deckmate: seek {id}: its game {game_id} not recorded: {e}");
    }
    let mut answer = created(variant, &game_id, &tokens, maker.other(), Some(maker)).0;
    answer["invite"] = Value::Null;
    Ok(Json(answer))
}

/// `POST /api/games/{id}/name` `{"name"}`: a seat's nickname (1-20
/// printable characters), shown on the game page and in the record.
pub(super) async fn set_name(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Option<Json<Value>>,
) -> ApiResult<Json<GameView>> {
    let slot = find(&state, &id).await?;
    const USAGE: &str = "send {\"name\": \"your nickname\"}";
    let body: Name = typed(body, USAGE)?;
    let name = nickname(body.name.as_deref())?.ok_or_else(|| bad(USAGE))?;
    let _writer = slot.writer.lock().await;
    let me = super::actions::seat(&slot.lock(), &headers)?;
    state
        .store()
        .set_name(&id, me.index() as u8, &name)
        .await
        .map_err(stored)?;
    let mut g = slot.lock();
    g.names[me.index()] = Some(name);
    g.changed();
    Ok(Json(g.view(Some(me), None)))
}
