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

use super::games::{created, find, fresh_ids, new_game_as, nickname, seeded_game, Seating};
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
use serde::{Deserialize, Serialize};
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

/// What a seek's request says, and who made it.
#[derive(Clone)]
struct Terms {
    variant: &'static GameEntry,
    /// The options as given.
    options: Value,
    time_control: Option<TimeControl>,
    /// The maker's seat (`None`: random).
    seat: Option<Seat>,
    /// The maker's nickname.
    name: Option<String>,
    rated: bool,
    rating_range: Option<[u32; 2]>,
    bots: bool,
    /// The maker's account, if logged in.
    maker: Option<Maker>,
}

/// A seek's maker's account, as stored with the seek.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct Maker {
    key: String,
    username: String,
    bot: bool,
    /// His rating in the seek's game when he made it, as shown.
    rating: String,
}

/// A seek as stored: the request, and its maker's account.
#[derive(Serialize, Deserialize)]
struct StoredSeek {
    request: Value,
    #[serde(default)]
    maker: Option<Maker>,
}

/// A seek as the lobby lists it.
fn listed(id: &str, t: &Terms) -> Value {
    json!({
        "id": id,
        "variant": t.variant.key,
        "title": t.variant.name,
        "options": t.options,
        "time_control": t.time_control.map(TimeControl::to_json),
        "seat": t.seat.map(|s| t.variant.seats[s.index()]),
        "name": t.name.clone().unwrap_or_else(|| "Anonymous".to_string()),
        "rated": t.rated,
        "rating_range": t.rating_range,
        "bots": t.bots,
        "account": t.maker.as_ref().map(|m| m.username.clone()),
        "bot": t.maker.as_ref().is_some_and(|m| m.bot),
        "rating": t.maker.as_ref().map(|m| m.rating.clone()),
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
fn terms(state: &AppState, body: &NewSeek, maker: Option<Maker>) -> ApiResult<Terms> {
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
    if let Some([low, high]) = body.rating_range {
        if low > high || high > 4000 {
            return Err(bad(
                "rating_range: [low, high], low at most high, both at most 4000",
            ));
        }
    }
    let name = nickname(body.name.as_deref())?;
    Ok(Terms {
        variant,
        options: body.options.clone(),
        time_control,
        seat,
        name,
        rated: body.rated,
        rating_range: body.rating_range,
        bots: body.bots,
        maker,
    })
}

/// A stored seek's terms, if this server offers its game (a variant file
/// dropped since is not). A seek stored before accounts is its request
/// alone.
fn stored_terms(state: &AppState, body: &str) -> Option<Terms> {
    let (request, maker) = match serde_json::from_str::<StoredSeek>(body) {
        Ok(s) => (s.request, s.maker),
        Err(_) => (serde_json::from_str::<Value>(body).ok()?, None),
    };
    let request: NewSeek = serde_json::from_value(request).ok()?;
    terms(state, &request, maker).ok()
}

/// A player's rating in a game, as shown (`1500?` for none yet).
async fn rating_of(
    state: &AppState,
    key: &str,
    game: &str,
) -> ApiResult<deckmate_accounts::Rating> {
    let (key, game) = (key.to_string(), game.to_string());
    let rows = state
        .store()
        .run(move |db| db.accounts().ratings(&key))
        .await
        .map_err(stored)?;
    Ok(rows
        .into_iter()
        .find(|r| r.game == game)
        .map(|r| r.rating)
        .unwrap_or_default())
}

/// Forgets the list read last: this server changed a seek.
fn stale(state: &AppState) {
    *lock(state.seek_list()) = None;
}

/// `POST /api/seeks` `{"variant", "options", "time_control", "seat":
/// key|"random", "name"}`: opens a seek; answers its `id` and `token`.
pub(super) async fn create(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Option<Json<Value>>,
) -> ApiResult<Json<Value>> {
    let body: NewSeek = typed(
        body,
        "send a JSON object: {\"variant\": \"cuarenta\", \"options\", \"time_control\", \"seat\", \"name\", \"rated\", \"rating_range\", \"bots\"}",
    )?;
    let player = crate::accounts::writer(&state, &headers).await?;
    if body.rated && player.is_none() {
        return Err(crate::accounts::login_first(
            "a rated seek is made by a logged-in player: log in, or make it casual",
        ));
    }
    let maker = match player {
        Some(p) => {
            let key = body
                .variant
                .clone()
                .unwrap_or_else(|| state.catalog().first().key.to_string());
            let rating = rating_of(&state, &p.key, &key).await?;
            Some(Maker {
                key: p.key,
                username: p.username,
                bot: p.bot,
                rating: rating.display(),
            })
        }
        None => None,
    };
    let t = terms(&state, &body, maker)?;
    let (variant, options, time_control, seat) =
        (t.variant, t.options.clone(), t.time_control, t.seat);
    let name = t
        .name
        .clone()
        .or_else(|| t.maker.as_ref().map(|m| m.username.clone()));
    let given = options.clone();
    state
        .build("seek", move || check_game(variant, &given))
        .await
        .map_err(super::internal)??;
    let (id, token) = (
        secret().map_err(super::internal)?[..12].to_string(),
        secret().map_err(super::internal)?,
    );
    let request = json!({
        "variant": variant.key,
        "options": options,
        "time_control": time_control.map(TimeControl::to_request),
        "seat": seat.map_or("random", |s| variant.seats[s.index()]),
        "name": name,
        "rated": t.rated,
        "rating_range": t.rating_range,
        "bots": t.bots,
    });
    let stored_body = serde_json::to_string(&StoredSeek {
        request,
        maker: t.maker,
    })
    .map_err(|e| internal(e.to_string()))?;
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
    headers: HeaderMap,
    body: Option<Json<Value>>,
) -> ApiResult<Json<Value>> {
    let player = crate::accounts::writer(&state, &headers).await?;
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
    let made = start_seek(&state, &id, &body, name, player).await;
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

/// Whether `player` may accept a seek of these terms: a rated seek only
/// by a logged-in player other than its maker, a bot only where the
/// maker let bots in; a rating range only by a player within it.
async fn may_accept(
    state: &AppState,
    t: &Terms,
    player: Option<&crate::accounts::Player>,
) -> ApiResult<()> {
    let same = |p: &crate::accounts::Player| t.maker.as_ref().is_some_and(|m| m.key == p.key);
    if player.is_some_and(same) {
        return Err(conflict("that is your own seek"));
    }
    if t.rated {
        let p = player.ok_or_else(|| {
            crate::accounts::login_first("a rated game is played logged in: log in first")
        })?;
        let maker_bot = t.maker.as_ref().is_some_and(|m| m.bot);
        if p.bot && !maker_bot && !t.bots {
            return Err(ApiError::new(
                StatusCode::FORBIDDEN,
                "this player's rated seek is not open to bots",
            ));
        }
    }
    if let Some([low, high]) = t.rating_range {
        let p = player.ok_or_else(|| {
            crate::accounts::login_first("this seek asks for a rating: log in first")
        })?;
        let r = rating_of(state, &p.key, t.variant.key)
            .await?
            .rating
            .round();
        if r < f64::from(low) || r > f64::from(high) {
            return Err(ApiError::new(
                StatusCode::FORBIDDEN,
                format!("this seek is for ratings {low}-{high}; yours is {r}"),
            )
            .coded("out_of_range"));
        }
    }
    Ok(())
}

/// Makes the game of taken seek `id`, and records it with the seek for
/// its maker.
async fn start_seek(
    state: &AppState,
    id: &str,
    body: &str,
    name: Option<String>,
    player: Option<crate::accounts::Player>,
) -> ApiResult<Json<Value>> {
    let t = stored_terms(state, body)
        .ok_or_else(|| conflict("the seek's game is no longer offered here"))?;
    may_accept(state, &t, player.as_ref()).await?;
    let (variant, options, time_control, seat, maker_name) = (
        t.variant,
        t.options.clone(),
        t.time_control,
        t.seat,
        t.name.clone(),
    );
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
    let mut seating = Seating {
        rated: t.rated,
        ..Seating::default()
    };
    seating.names[maker.index()] = maker_name;
    seating.names[maker.other().index()] =
        name.or_else(|| player.as_ref().map(|p| p.username.clone()));
    seating.bots[maker.index()] = t.maker.as_ref().is_some_and(|m| m.bot);
    seating.bots[maker.other().index()] = player.as_ref().is_some_and(|p| p.bot);
    seating.accounts[maker.index()] = t.maker.map(|m| m.key);
    seating.accounts[maker.other().index()] = player.map(|p| p.key);
    let (game_id, tokens) = fresh_ids()?;
    new_game_as(state, &game_id, &tokens, game, None, time_control, seating).await?;
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
