//! Games: creating one, the lobby's list, a view, a record.

use super::requests::NewGame;
use super::{bad, bearer, conflict, internal, not_found, quote, stored, typed, unmade, ApiResult};
use crate::clock::{Clock, TimeControl};
use crate::game::{seat_of, GameSlot, LiveGame};
use crate::live_games::Line;
use crate::view::GameView;
use crate::{secret, AppState};
use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderMap};
use axum::response::{IntoResponse, Response};
use axum::Json;
use deckmate_games::registry::{BoxedGame, GameEntry, Options};
use deckmate_rules::Seat;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::sync::Arc;

use crate::now;

/// A fresh seed for a game whose creator gave none, short enough to read
/// (it decides a start every seat sees, and shows in the record).
pub(super) fn fresh_seed() -> ApiResult<u64> {
    let s = secret().map_err(internal)?;
    Ok(u64::from_str_radix(&s[..12], 16).unwrap_or(1) % 1_000_000_000)
}

/// A fresh seed for a game whose seed decides draws still to come
/// ([`deckmate_games::registry::PlayedGame::seed_is_secret`]): all 64 bits,
/// so that it cannot be found by trying every seed against the cards
/// seen.
pub(super) fn secret_seed() -> ApiResult<u64> {
    let s = secret().map_err(internal)?;
    u64::from_str_radix(&s[..16], 16).map_err(|e| internal(e.to_string()))
}

/// A seed for a new game of `variant` with `options`: the one given, or a
/// fresh one. A game whose seed decides draws still to come (the entry's
/// `secret_seed`) takes no seed from a player (who would know every card)
/// and gets a secret one. The game is built once, with the seed chosen.
pub(super) fn seeded_game(
    variant: &'static GameEntry,
    options: &Options,
    given: Option<u64>,
) -> ApiResult<BoxedGame> {
    let seed = match (variant.secret_seed, given) {
        (true, Some(_)) => {
            return Err(bad(format!(
                "{}: the seed decides the cards still to be drawn, so the server chooses it \
                 and keeps it secret until the game ends (its record then carries it); leave \
                 out \"seed\"",
                variant.name
            )))
        }
        (true, None) => secret_seed()?,
        (false, Some(s)) => s,
        (false, None) => fresh_seed()?,
    };
    let game = variant.new_game(options, seed).map_err(unmade)?;
    if game.seed_is_secret() != variant.secret_seed {
        // The registry's tests hold the two together; never a short seed
        // for a secret one.
        return Err(internal(format!(
            "{}: the game and its entry disagree on whether its seed is secret",
            variant.name
        )));
    }
    Ok(game)
}

/// The game of an id (built from the database if it is not in memory),
/// or 404; 503 with the reason when it cannot be played now.
pub(super) async fn find(state: &AppState, id: &str) -> ApiResult<Arc<GameSlot>> {
    if let Some(why) = state.unavailable(id) {
        return Err(super::unavailable(why));
    }
    match state.game_loaded(id).await {
        Ok(Some(slot)) => Ok(slot),
        Ok(None) => Err(not_found(format!("no game '{}'", quote(id)))),
        Err(why) => Err(super::unavailable(why)),
    }
}

/// Stores a new game, then keeps it in memory and lets the engine move if
/// it is first: the id and the seats' tokens.
pub(super) async fn new_game(
    state: &AppState,
    game: BoxedGame,
    engine: Option<(Seat, u8)>,
    time_control: Option<TimeControl>,
    seating: Seating,
) -> ApiResult<(String, [String; 2])> {
    let (id, tokens) = fresh_ids()?;
    new_game_as(state, &id, &tokens, game, engine, time_control, seating).await?;
    Ok((id, tokens))
}

/// Who sits where in a new game: the players' nicknames and accounts by
/// seat, and whether the game is rated.
#[derive(Clone, Debug, Default)]
pub(crate) struct Seating {
    /// Nicknames.
    pub names: [Option<String>; 2],
    /// Accounts (keys).
    pub accounts: [Option<String>; 2],
    /// Rated (both seats' accounts agreed).
    pub rated: bool,
    /// Which seats' accounts are bots'.
    pub bots: [bool; 2],
}

impl Seating {
    /// The seating with the seats swapped (a rematch).
    pub fn swapped(&self) -> Seating {
        Seating {
            names: [self.names[1].clone(), self.names[0].clone()],
            accounts: [self.accounts[1].clone(), self.accounts[0].clone()],
            rated: self.rated,
            bots: [self.bots[1], self.bots[0]],
        }
    }
}

/// A new game's id and its seats' tokens, from the OS's randomness.
pub(super) fn fresh_ids() -> ApiResult<(String, [String; 2])> {
    let id = secret().map_err(internal)?[..12].to_string();
    let tokens = [secret().map_err(internal)?, secret().map_err(internal)?];
    Ok((id, tokens))
}

/// [`new_game`] with its id and tokens chosen already.
pub(super) async fn new_game_as(
    state: &AppState,
    id: &str,
    tokens: &[String; 2],
    game: BoxedGame,
    engine: Option<(Seat, u8)>,
    time_control: Option<TimeControl>,
    seating: Seating,
) -> ApiResult<()> {
    let (id, tokens) = (id.to_string(), tokens.clone());
    let Seating {
        names,
        accounts,
        rated,
        bots,
    } = seating;
    let row = crate::db::GameRow {
        since_last_move_ms: None,
        id: id.clone(),
        variant: game.entry().key.into(),
        spec: game.spec().to_string(),
        tokens: tokens.clone(),
        engine: engine.map(|(s, l)| (s.index() as u8, l)),
        ended: None,
        created: now(),
        draw_offer: None,
        time_control: time_control.map(|tc| tc.to_json().to_string()),
        clocks: Vec::new(),
        chat: Vec::new(),
        names: names.clone(),
        version: 0,
        offers: None,
        accounts: accounts.clone(),
        rated,
        bots,
        rating_change: None,
    };
    let created = row.created;
    state.store().insert_game(row).await.map_err(stored)?;
    let mut live = LiveGame::new(id.clone(), game, tokens.clone(), engine, created);
    live.set_clock(time_control.map(Clock::new));
    live.names = names;
    live.accounts = accounts;
    live.rated = rated;
    live.bots = bots;
    let slot = state.insert(live);
    state.clock_changed(&slot);
    state.engine_move_if_due(&slot);
    Ok(())
}

/// The answer to a creation: the id, the tokens of the seats people play
/// by key (never an engine's), the creator's seat and token, an invite
/// link for a friend.
pub(super) fn created(
    variant: &GameEntry,
    id: &str,
    tokens: &[String; 2],
    you: Seat,
    engine: Option<Seat>,
) -> Json<Value> {
    let mut by_key = serde_json::Map::new();
    for s in Seat::BOTH {
        if engine != Some(s) {
            by_key.insert(variant.seats[s.index()].into(), json!(tokens[s.index()]));
        }
    }
    let invite = engine.is_none().then_some(you.other());
    Json(json!({
        "id": id,
        "variant": variant.key,
        "tokens": by_key,
        "you": you.index(),
        "token": tokens[you.index()],
        "invite": invite.map(|s| format!("/game/{id}#{}", tokens[s.index()])),
    }))
}

/// The longest nickname, in characters.
const NAME_MAX: usize = 20;

/// A nickname from a request: none (or blank) or 1-20 printable
/// characters.
pub(super) fn nickname(name: Option<&str>) -> ApiResult<Option<String>> {
    let Some(s) = name.map(str::trim).filter(|s| !s.is_empty()) else {
        return Ok(None);
    };
    if s.chars().count() > NAME_MAX || s.chars().any(char::is_control) {
        return Err(bad(format!(
            "name: at most {NAME_MAX} printable characters"
        )));
    }
    Ok(Some(s.to_string()))
}

/// `POST /api/games`: the body is a [`NewGame`].
pub(super) async fn create(
    State(state): State<AppState>,
    headers: axum::http::HeaderMap,
    body: Option<Json<Value>>,
) -> ApiResult<Json<Value>> {
    let player = crate::accounts::writer(&state, &headers).await?;
    let body: NewGame = typed(
        body,
        "send a JSON object: {\"variant\": \"cardmate\", \"opponent\": \"friend\" or {\"engine\": 1-8, \"seat\": ...}, \"options\", \"seed\", \"time_control\", \"name\"}",
    )?;
    let key = body
        .variant
        .as_deref()
        .unwrap_or(state.catalog().first().key);
    let variant = state.catalog().find(key).ok_or_else(|| {
        bad(format!(
            "unknown variant '{}' (known: {})",
            quote(key),
            state.catalog().keys()
        ))
    })?;
    let given = body.seed;
    let engine = opponent(variant, &body.opponent)?;
    let options =
        Options::from_json(variant.options, &body.options).map_err(|e| bad(e.to_string()))?;
    let time_control = TimeControl::from_json(&body.time_control).map_err(bad)?;
    let name = nickname(body.name.as_deref())?;
    // A client's options may hold text to compile (a deck file).
    let game = state
        .build("create", move || seeded_game(variant, &options, given))
        .await
        .map_err(internal)??;
    let you = engine.map_or(Seat::First, |e| e.0.other());
    let mut seating = Seating::default();
    // A logged-in creator's seat is his account's, under his username.
    seating.names[you.index()] = name.or_else(|| player.as_ref().map(|p| p.username.clone()));
    seating.bots[you.index()] = player.as_ref().is_some_and(|p| p.bot);
    seating.accounts[you.index()] = player.map(|p| p.key);
    let (id, tokens) = new_game(&state, game, engine, time_control, seating).await?;
    let you = engine.map(|(s, _)| s.other()).unwrap_or(Seat::First);
    Ok(created(variant, &id, &tokens, you, engine.map(|e| e.0)))
}

/// The opponent of a creation: `{"engine": level, "seat": the seat the
/// creator takes}` (the default: the engine at level 4, the creator first)
/// or `"friend"`. The engine's seat and level.
fn opponent(variant: &GameEntry, o: &Value) -> ApiResult<Option<(Seat, u8)>> {
    let seat_list = || variant.seats.join(" or ");
    match o {
        Value::Null => Ok(Some((Seat::Second, 4))),
        Value::String(s) if s == "friend" => Ok(None),
        Value::Object(o) => {
            let level = match o.get("engine") {
                None => 4,
                Some(l) => l
                    .as_u64()
                    .ok_or_else(|| bad("engine level must be a number 1 to 8"))?,
            };
            if !(1..=8).contains(&level) {
                return Err(bad("engine level must be 1 to 8"));
            }
            let you = match o.get("seat") {
                None => Seat::First,
                Some(Value::String(s)) => variant
                    .seat(s)
                    .ok_or_else(|| bad(format!("seat '{}': {}", quote(s), seat_list())))?,
                Some(_) => return Err(bad(format!("seat must be {}", seat_list()))),
            };
            Ok(Some((you.other(), level as u8)))
        }
        _ => Err(bad("opponent must be \"friend\" or {\"engine\": level}")),
    }
}

/// The most games on one page of the list.
pub const PAGE_MAX: usize = 100;
/// Games on a page unless asked otherwise.
const PAGE_DEFAULT: usize = 50;
/// The most games one request looks at: a filter that matches few games
/// gives a short page and a `next` to go on from, never a long scan.
const SCAN_MAX: usize = 2000;

/// Which games the list shows.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Status {
    All,
    Ongoing,
    Finished,
}

/// `GET /api/games?status=ongoing|finished|all&variant=KEY&limit=N&before=CURSOR`:
/// newest first; `next` is the cursor of the following page (`null` at
/// the end), `total` the number of games of every kind.
pub(super) async fn list(
    State(state): State<AppState>,
    Query(q): Query<HashMap<String, String>>,
) -> ApiResult<Json<Value>> {
    for k in q.keys() {
        if !["status", "variant", "limit", "before"].contains(&k.as_str()) {
            return Err(bad(format!(
                "unknown parameter '{}' (status, variant, limit, before)",
                quote(k)
            )));
        }
    }
    let status = match q.get("status").map(String::as_str) {
        None | Some("all") => Status::All,
        Some("ongoing") => Status::Ongoing,
        Some("finished") => Status::Finished,
        Some(s) => {
            return Err(bad(format!(
                "status '{}': ongoing, finished or all",
                quote(s)
            )))
        }
    };
    let variant = match q.get("variant") {
        None => None,
        Some(k) => Some(
            state
                .catalog()
                .find(k)
                .ok_or_else(|| {
                    bad(format!(
                        "unknown variant '{}' (known: {})",
                        quote(k),
                        state.catalog().keys()
                    ))
                })?
                .key,
        ),
    };
    let limit = match q.get("limit") {
        None => PAGE_DEFAULT,
        Some(l) => l
            .parse::<usize>()
            .ok()
            .filter(|n| (1..=PAGE_MAX).contains(n))
            .ok_or_else(|| bad(format!("limit must be a number 1 to {PAGE_MAX}")))?,
    };
    let total = state.game_count();
    // The position (in creation order) the page starts before; each game
    // looked at moves it down by one, so it is where the next page starts.
    let mut cursor = match q.get("before") {
        None => total,
        Some(c) => c
            .parse::<usize>()
            .map_err(|_| bad("before must be the 'next' of an earlier page"))?
            .min(total),
    };
    let mut games = Vec::new();
    let mut scanned = 0;
    'scan: while games.len() < limit && cursor > 0 && scanned < SCAN_MAX {
        let chunk = state.games_before(cursor, 100);
        if chunk.is_empty() {
            break;
        }
        for line in chunk {
            cursor -= 1;
            scanned += 1;
            // A game in memory gives its line now; another, its stored one.
            let line = match line {
                Line::Resident(slot) => slot.lock().summary(),
                Line::Stored(line) => (*line).clone(),
            };
            let finished = !line["result"].is_null();
            let wanted = match status {
                Status::All => true,
                Status::Ongoing => !finished,
                Status::Finished => finished,
            };
            if wanted && variant.is_none_or(|v| line["variant"] == v) {
                games.push(line);
                if games.len() == limit {
                    break 'scan;
                }
            }
        }
    }
    Ok(Json(json!({
        "games": games,
        "next": (cursor > 0).then(|| cursor.to_string()),
        "total": total,
    })))
}

/// `GET /api/games/{id}`.
pub(super) async fn view(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Query(q): Query<HashMap<String, String>>,
    headers: HeaderMap,
) -> ApiResult<Json<GameView>> {
    let slot = find(&state, &id).await?;
    let ply = match q.get("ply") {
        Some(p) => Some(
            p.parse::<usize>()
                .map_err(|_| bad("ply must be a number"))?,
        ),
        None => None,
    };
    // An earlier position is built again, off the runtime.
    let past = ply.and_then(|p| {
        let g = slot.lock();
        g.past(p).map(|past| (g.entry(), past))
    });
    let built = match past {
        Some((entry, (spec, moves))) => Some(
            state
                .build("view", move || entry.rebuild(&spec, &moves))
                .await
                .map_err(internal)?
                .map_err(internal)?,
        ),
        None => None,
    };
    let mut g = slot.lock();
    let you = seat_of(&g.tokens, bearer(&headers).as_deref());
    g.join(you);
    Ok(Json(match (ply, &built) {
        (Some(p), Some(past)) => g.view_at(you, p, past.as_ref()),
        _ => g.view(you, None),
    }))
}

/// `GET /api/games/{id}/record`.
pub(super) async fn record(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> ApiResult<Response> {
    let slot = find(&state, &id).await?;
    let (text, key) = {
        let g = slot.lock();
        if let Some(why) = g.record_withheld() {
            return Err(conflict(why));
        }
        (g.record_text(), g.entry().key)
    };
    Ok((
        [
            (
                header::CONTENT_TYPE,
                "application/x-chess-pgn; charset=utf-8".to_string(),
            ),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{key}-{id}.pgn\""),
            ),
        ],
        text,
    )
        .into_response())
}
