//! Playing a stranger: open seeks in the lobby, and nicknames.
//!
//! A seek is a game offered to anyone (its game, options, time control,
//! the seat its maker takes or `random`, his nickname). It lives in memory
//! only while its maker's page asks after it (every few seconds: a seek
//! not asked after for [`SEEK_IDLE`] is gone, as when the page closes),
//! and at most [`SEEK_TTL`]. Accepting one starts the game for both at
//! once: the accepter gets his seat's token in the answer, the maker in
//! his page's next question. Bounded: at most [`MAX_SEEKS`] seeks, made
//! under the same per-address limit as games.

use super::games::{created, find, new_game, nickname, seeded_game};
use super::requests::{Name, NewSeek};
use super::{bad, bearer, conflict, not_found, stored, typed, ApiError, ApiResult};
use crate::clock::TimeControl;
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

/// The most seeks open at once.
pub const MAX_SEEKS: usize = 200;
/// A seek whose maker's page has not asked after it for this long is gone.
pub const SEEK_IDLE: Duration = Duration::from_secs(20);
/// No seek stands longer than this.
pub const SEEK_TTL: Duration = Duration::from_secs(15 * 60);
/// How long an accepted seek waits for its maker to learn his game.
const ACCEPTED_KEPT: Duration = Duration::from_secs(60);

/// An open seek.
pub struct Seek {
    id: String,
    token: String,
    variant: &'static GameEntry,
    options: Value,
    time_control: Option<TimeControl>,
    /// The maker's seat, `None` for random.
    seat: Option<Seat>,
    name: Option<String>,
    made: Instant,
    seen: Instant,
    /// Once accepted: the game and the maker's token.
    accepted: Option<(String, String, Instant)>,
    /// In the database: until then the seek holds its place under the
    /// cap, but is neither listed nor accepted.
    stored: bool,
}

impl Seek {
    fn json(&self) -> Value {
        json!({
            "id": self.id,
            "variant": self.variant.key,
            "title": self.variant.name,
            "options": self.options,
            "time_control": self.time_control.map(TimeControl::to_json),
            "seat": self.seat.map(|s| self.variant.seats[s.index()]),
            "name": self.name.clone().unwrap_or_else(|| "Anonymous".to_string()),
        })
    }
}

/// The seeks still standing (the others dropped, and forgotten by the
/// database).
fn standing(state: &AppState) -> std::sync::MutexGuard<'_, Vec<Seek>> {
    let mut seeks = lock(state.seeks());
    let now = Instant::now();
    let mut gone = Vec::new();
    seeks.retain(|s| {
        let keep = match s.accepted {
            Some((_, _, at)) => now.duration_since(at) < ACCEPTED_KEPT,
            None => now.duration_since(s.seen) < SEEK_IDLE && now.duration_since(s.made) < SEEK_TTL,
        };
        if !keep && s.accepted.is_none() {
            gone.push(s.id.clone());
        }
        keep
    });
    forget(state, gone);
    seeks
}

/// Deletes seeks from the database, in the background.
fn forget(state: &AppState, ids: Vec<String>) {
    if ids.is_empty() {
        return;
    }
    let state = state.clone();
    tokio::spawn(async move {
        for id in ids {
            if let Err(e) = state.store().delete_seek(&id).await {
                eprintln!("deckmate: seek {id} not forgotten: {e}");
            }
        }
    });
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

/// The seeks the database holds, standing again after a restart (their
/// makers' pages have [`SEEK_IDLE`] to ask after them); those past
/// [`SEEK_TTL`] or no longer valid are forgotten.
pub(crate) fn restore(state: &AppState, rows: Vec<(String, String, String, i64)>) {
    let now_s = crate::now();
    let now = Instant::now();
    let mut gone = Vec::new();
    let mut seeks = lock(state.seeks());
    for (id, token, body, made) in rows {
        let age = Duration::from_secs(now_s.saturating_sub(made).max(0) as u64);
        let parsed = serde_json::from_str::<NewSeek>(&body)
            .ok()
            .and_then(|b| terms(state, &b).ok())
            .filter(|t| check_game(t.0, &t.1).is_ok());
        match parsed {
            Some((variant, options, time_control, seat, name))
                if age < SEEK_TTL && seeks.len() < MAX_SEEKS =>
            {
                seeks.push(Seek {
                    id,
                    token,
                    variant,
                    options,
                    time_control,
                    seat,
                    name,
                    made: now.checked_sub(age).unwrap_or(now),
                    seen: now,
                    accepted: None,
                    stored: true,
                });
            }
            _ => gone.push(id),
        }
    }
    drop(seeks);
    forget(state, gone);
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
    // The place under the cap is taken at once, with the check, so that
    // requests at the same moment cannot all pass it; an accepted seek
    // (kept for its maker to learn the game) is no longer open and takes
    // none.
    {
        let mut seeks = standing(&state);
        if seeks.iter().filter(|s| s.accepted.is_none()).count() >= MAX_SEEKS {
            return Err(ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "too many open seeks: try again soon, or make a game and share its link",
            ));
        }
        let now = Instant::now();
        seeks.push(Seek {
            id: id.clone(),
            token: token.clone(),
            variant,
            options: options.clone(),
            time_control,
            seat,
            name: name.clone(),
            made: now,
            seen: now,
            accepted: None,
            stored: false,
        });
    }
    let stored_body = json!({
        "variant": variant.key,
        "options": options,
        "time_control": time_control.map(|tc| json!({
            "initial_s": tc.initial_ms as f64 / 1000.0,
            "increment_s": tc.increment_ms as f64 / 1000.0,
        })),
        "seat": seat.map_or("random", |s| variant.seats[s.index()]),
        "name": name,
    });
    let written = state
        .store()
        .insert_seek(&id, &token, &stored_body.to_string(), crate::now())
        .await;
    let mut seeks = lock(state.seeks());
    if let Err(e) = written {
        seeks.retain(|s| s.id != id);
        return Err(stored(e));
    }
    let now = Instant::now();
    match seeks.iter_mut().find(|s| s.id == id) {
        Some(s) => {
            s.stored = true;
            s.seen = now;
        }
        None => {
            // Lapsed while it was written: forgotten by the database too.
            drop(seeks);
            forget(&state, vec![id]);
            return Err(conflict(
                "the seek lapsed before it was stored: make another",
            ));
        }
    }
    Ok(Json(json!({ "id": id, "token": token })))
}

/// `GET /api/seeks`: the open seeks, newest first.
pub(super) async fn list(State(state): State<AppState>) -> Json<Value> {
    let seeks = standing(&state);
    let open: Vec<Value> = seeks
        .iter()
        .rev()
        .filter(|s| s.accepted.is_none() && s.stored)
        .map(Seek::json)
        .collect();
    Json(json!({ "seeks": open }))
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
    let token = seek_token(&headers, &q);
    let mut seeks = standing(&state);
    let s = seeks
        .iter_mut()
        .find(|s| s.id == id && Some(&s.token) == token.as_ref())
        .ok_or_else(|| not_found("no such seek (it lapsed: make another)"))?;
    s.seen = Instant::now();
    Ok(Json(match &s.accepted {
        Some((game, tok, _)) => json!({ "open": false, "game": game, "token": tok }),
        None => json!({ "open": true, "seek": s.json() }),
    }))
}

/// `DELETE /api/seeks/{id}?token=`: withdraws a seek.
pub(super) async fn cancel(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Query(q): Query<HashMap<String, String>>,
    headers: HeaderMap,
) -> ApiResult<Json<Value>> {
    let token = seek_token(&headers, &q);
    let mut seeks = standing(&state);
    let before = seeks.len();
    seeks.retain(|s| !(s.id == id && Some(&s.token) == token.as_ref() && s.accepted.is_none()));
    if seeks.len() == before {
        return Err(not_found("no such open seek"));
    }
    drop(seeks);
    forget(&state, vec![id.clone()]);
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
    // Taken out at once: two accepters cannot both have it.
    let seek = {
        let mut seeks = standing(&state);
        let i = seeks
            .iter()
            .position(|s| s.id == id && s.accepted.is_none() && s.stored)
            .ok_or_else(|| not_found("no such open seek (taken, withdrawn or lapsed)"))?;
        seeks.remove(i)
    };
    forget(&state, vec![seek.id.clone()]);
    let maker = match seek.seat {
        Some(s) => s,
        None => {
            let coin = secret().map_err(super::internal)?;
            if coin.as_bytes()[0] % 2 == 0 {
                Seat::First
            } else {
                Seat::Second
            }
        }
    };
    let (variant, given) = (seek.variant, seek.options.clone());
    let game = state
        .build("seek", move || {
            let options =
                Options::from_json(variant.options, &given).map_err(|e| bad(e.to_string()))?;
            seeded_game(variant, &options, None)
        })
        .await
        .map_err(super::internal)??;
    let mut names = [None, None];
    names[maker.index()] = seek.name.clone();
    names[maker.other().index()] = name;
    let (game_id, tokens) = new_game(&state, game, None, seek.time_control, names).await?;
    {
        let mut seeks = lock(state.seeks());
        let mut done = seek;
        done.accepted = Some((
            game_id.clone(),
            tokens[maker.index()].clone(),
            Instant::now(),
        ));
        seeks.push(done);
    }
    let variant = lock(state.seeks())
        .iter()
        .find(|s| s.id == id)
        .map(|s| s.variant)
        .ok_or_else(|| conflict("the seek is gone"))?;
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
