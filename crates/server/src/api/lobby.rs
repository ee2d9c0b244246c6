//! What the lobby shows beside the games list: each game's start (its
//! card's picture, and the rules page's diagram), the engine's levels in
//! words, and the games a browser plays (by the seats' tokens it keeps).
//!
//! Everything here is bounded: one cached start per game of the catalog,
//! eight levels, and at most [`MINE_MAX`] games asked for at once.

use super::games::find;
use super::{internal, not_found, quote, typed, unmade, ApiResult};
use crate::game::seat_of;
use crate::AppState;
use axum::extract::{Path, State};
use axum::Json;
use deckmate_games::registry::{GameEntry, Options};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::sync::Arc;

/// The public seed of every start shown (a sample, never a real game's
/// seed: a game with a secret seed gets its own from the server).
pub const START_SEED: u64 = 31_031;

/// The most games `POST /api/games/mine` answers for in one request.
pub const MINE_MAX: usize = 40;

/// A spectator's view of a game's start, with its default options and
/// [`START_SEED`]: built once per game (off the runtime), then kept.
/// `sample_deal` says whether the start is dealt at random (another seed
/// gives another start): the picture is then one deal among many.
pub(super) async fn start_view(state: &AppState, variant: &str) -> ApiResult<Arc<Value>> {
    let v: &'static GameEntry = state
        .catalog()
        .find(variant)
        .ok_or_else(|| not_found(format!("no game '{}'", quote(variant))))?;
    if let Some(view) = crate::lock(state.starts()).get(v.key) {
        return Ok(Arc::clone(view));
    }
    // Built off the runtime: a variant file's pieces are compiled.
    let (view, other) = state
        .build("rules", move || {
            let options = Options::defaults(v.options);
            let view = v.new_game(&options, START_SEED)?.view(None, true);
            let other = v.new_game(&options, START_SEED + 1)?.view(None, true);
            Ok::<_, deckmate_games::registry::GameError>((view, other))
        })
        .await
        .map_err(internal)?
        .map_err(unmade)?;
    // Another seed, another start? (The seed itself, which a view may
    // show, aside.)
    let (mut view, mut other) = (view, other);
    let seed = view.remove("seed");
    other.remove("seed");
    let sample = view != other;
    if let Some(seed) = seed {
        view.insert("seed".into(), seed);
    }
    view.insert(
        "seats".into(),
        json!(v
            .seat_names
            .iter()
            .map(|n| json!({ "name": n }))
            .collect::<Vec<_>>()),
    );
    view.insert("moves".into(), json!([]));
    view.insert("title".into(), json!(v.name));
    view.insert("sample_deal".into(), json!(sample));
    view.entry("last").or_insert(Value::Null);
    view.entry("board").or_insert(Value::Null);
    view.entry("pieces").or_insert(json!([]));
    let view = Arc::new(Value::Object(view));
    // The catalog is fixed: the cache holds at most one start per game.
    crate::lock(state.starts()).insert(v.key, Arc::clone(&view));
    Ok(view)
}

/// `GET /api/variants/{variant}/start`: the game's start as its lobby card
/// draws it ([`start_view`]); 404 for a game the server does not offer.
pub(super) async fn start(
    State(state): State<AppState>,
    Path(variant): Path<String>,
) -> ApiResult<Json<Value>> {
    Ok(Json((*start_view(&state, &variant).await?).clone()))
}

/// One of the engine's levels, as the lobby offers it.
#[derive(Debug, Serialize)]
pub struct LevelLine {
    /// The level, 1 to 8.
    pub level: u8,
    /// How strong it is, in a few words ("1 — beginner: ...").
    pub label: String,
    /// The deepest search, in plies (none: as deep as its budget goes).
    pub depth: Option<u32>,
    /// Positions searched per move at most (none: the time decides).
    pub nodes: Option<u64>,
    /// Time per move in milliseconds (levels 1-3: what their node
    /// ceiling costs at most; they never look at the clock).
    pub time_ms: u64,
    /// Random noise on the root moves' scores, in centipawns (+-).
    pub noise: i32,
}

/// A number with thousands apart by commas (20,000).
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Seconds as words: "1 s", "0.1 s".
fn seconds(ms: u64) -> String {
    if ms.is_multiple_of(1000) {
        format!("{} s", ms / 1000)
    } else {
        format!("{} s", ms as f64 / 1000.0)
    }
}

/// A level in words, from the engine's table
/// ([`deckmate_engine::level::level`]): its name, then what it does.
pub fn level_line(n: u8) -> LevelLine {
    let l = deckmate_engine::level::level(n);
    let time_ms = l.time.as_millis() as u64;
    let shallow = l.max_nodes.is_some();
    let name = match l.level {
        1 => "beginner",
        2 => "novice",
        3 => "casual",
        4 => "club player",
        5 => "strong club player",
        6 => "expert",
        7 => "master",
        _ => "strongest",
    };
    let what = match (shallow, l.nodes) {
        (true, Some(nodes)) if l.noise >= 100 => format!(
            "looks {} plies ahead, plays loosely (±{} noise), at most {} positions",
            l.depth,
            l.noise,
            grouped(nodes)
        ),
        (true, Some(nodes)) => format!(
            "looks {} plies ahead, slight randomness (±{}), at most {} positions",
            l.depth,
            l.noise,
            grouped(nodes)
        ),
        (_, Some(nodes)) => format!(
            "searches {} positions, at most {} a move",
            grouped(nodes),
            seconds(time_ms)
        ),
        (_, None) => format!("as deep as {} a move allows", seconds(time_ms)),
    };
    LevelLine {
        level: l.level,
        label: format!("{} \u{2014} {name}: {what}", l.level),
        depth: shallow.then_some(l.depth),
        nodes: l.nodes,
        time_ms,
        noise: l.noise,
    }
}

/// `GET /api/levels`: the engine's eight levels, weakest first.
pub(super) async fn levels() -> Json<Vec<LevelLine>> {
    Json((1..=8).map(level_line).collect())
}

/// One game a browser asks after: its id and the seat's token it keeps.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct MineGame {
    /// The game's id.
    pub id: String,
    /// The seat's token.
    pub token: String,
}

/// `POST /api/games/mine`: the games a browser plays.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Mine {
    /// At most [`MINE_MAX`] games.
    pub games: Vec<MineGame>,
}

/// `POST /api/games/mine` with `{"games": [{"id", "token"}]}`: each game's
/// lobby line whose token is one of its seats', with `you` (that seat)
/// and `your_turn`; an unknown game or a token that is no seat's is left
/// out (nothing is said of it). At most [`MINE_MAX`] games (400 beyond).
pub(super) async fn mine(
    State(state): State<AppState>,
    body: Option<Json<Value>>,
) -> ApiResult<Json<Value>> {
    let body: Mine = typed(
        body,
        "send a JSON object: {\"games\": [{\"id\": ..., \"token\": ...}, ...]}",
    )?;
    if body.games.len() > MINE_MAX {
        return Err(super::bad(format!("at most {MINE_MAX} games at once")));
    }
    let mut games = Vec::new();
    for g in &body.games {
        let plausible = g.id.len() == 12 && g.id.bytes().all(|b| b.is_ascii_hexdigit());
        if !plausible {
            continue;
        }
        let Ok(slot) = find(&state, &g.id).await else {
            continue;
        };
        let game = slot.lock();
        let Some(you) = seat_of(&game.tokens, Some(&g.token)) else {
            continue;
        };
        let mut line = game.summary();
        let your_turn = line["result"].is_null() && line["to_move"] == json!(you.index());
        line["you"] = json!(you.index());
        line["your_turn"] = json!(your_turn);
        games.push(line);
    }
    Ok(Json(json!({ "games": games })))
}
