//! Players' pages as data: a profile (ratings per game, wins, losses and
//! draws), the history of games (paginated, filtered by game and result),
//! every game as one PGN file, a leaderboard per game, and "my games" for
//! the player logged in (his turn first).

use super::account::ratings_json;
use super::games::find;
use super::{bad, not_found, stored, ApiResult};
use crate::db::accounts::{HistoryFilter, HistoryRow, Outcome};
use crate::AppState;
use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderMap};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};

/// Games on a page of a history.
pub const HISTORY_PAGE: u64 = 20;
/// The most games in one PGN download (the newest).
pub const PGN_MAX: u64 = 1000;
/// The most players on a leaderboard.
pub const LEADERBOARD_MAX: usize = 100;
/// A player is on a game's leaderboard while his last rated game of it
/// is this recent (30 days).
pub const ACTIVE_SECONDS: i64 = 30 * 86_400;

/// The account of a username, or 404.
async fn account_of(
    state: &AppState,
    username: &str,
) -> ApiResult<crate::db::accounts::AccountRow> {
    let key = username.trim().to_lowercase();
    if key.is_empty() || key.len() > 40 {
        return Err(not_found("no such player"));
    }
    state
        .store()
        .run(move |db| db.accounts().account(&key))
        .await
        .map_err(stored)?
        .ok_or_else(|| not_found("no such player"))
}

/// `GET /api/user/{username}`: `{"username", "bot", "created", "ratings":
/// {GAME_KEY: {"rating", "rd", "provisional", "display", "games"}},
/// "record": {"wins", "losses", "draws"}}`.
pub(super) async fn profile(
    State(state): State<AppState>,
    Path(username): Path<String>,
) -> ApiResult<Json<Value>> {
    let a = account_of(&state, &username).await?;
    let key = a.key.clone();
    let (ratings, record) = state
        .store()
        .run(move |db| Ok((db.accounts().ratings(&key)?, db.accounts().record(&key)?)))
        .await
        .map_err(stored)?;
    Ok(Json(json!({
        "username": a.username,
        "key": a.key,
        "bot": a.bot,
        "created": a.created,
        "ratings": ratings_json(&ratings),
        "record": {"wins": record[0], "losses": record[1], "draws": record[2]},
    })))
}

/// A history's query: `?game=KEY&result=win|loss|draw&page=N` (from 1).
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub(super) struct HistoryQuery {
    #[serde(default)]
    game: Option<String>,
    #[serde(default)]
    result: Option<String>,
    #[serde(default)]
    page: Option<u64>,
}

fn outcome(word: Option<&str>) -> ApiResult<Option<Outcome>> {
    match word {
        None | Some("") | Some("all") => Ok(None),
        Some("win") => Ok(Some(Outcome::Win)),
        Some("loss") => Ok(Some(Outcome::Loss)),
        Some("draw") => Ok(Some(Outcome::Draw)),
        Some(_) => Err(bad("result: win, loss, draw or all")),
    }
}

/// A game of a history, as the player sees it.
fn history_line(state: &AppState, key: &str, r: &HistoryRow) -> Value {
    let seat = usize::from(r.accounts[1].as_deref() == Some(key));
    let other = 1 - seat;
    let mine = |result: &str| match (result, seat) {
        ("1-0", 0) | ("0-1", 1) => "win",
        ("1-0", 1) | ("0-1", 0) => "loss",
        ("1/2-1/2", _) => "draw",
        _ => "none",
    };
    let diff = r
        .rating_change
        .as_deref()
        .and_then(crate::view::RatingChangeView::from_stored)
        .and_then(|c| c.diff.get(seat).copied());
    json!({
        "id": r.id,
        "variant": r.variant,
        "title": state.catalog().find(&r.variant).map_or(r.variant.as_str(), |e| e.name),
        "created": r.created,
        "result": r.result,
        "outcome": r.result.as_deref().map(mine),
        "seat": seat,
        "opponent": r.names[other].clone().unwrap_or_else(|| "Anonymous".into()),
        "opponent_account": r.accounts[other],
        "rated": r.rated,
        "rating_diff": diff,
    })
}

/// `GET /api/user/{username}/games?game=&result=&page=`: a page of the
/// player's games, newest first: `{"games", "page", "next"}`.
pub(super) async fn history(
    State(state): State<AppState>,
    Path(username): Path<String>,
    Query(q): Query<HistoryQuery>,
) -> ApiResult<Json<Value>> {
    let a = account_of(&state, &username).await?;
    let page = q.page.unwrap_or(1).clamp(1, 100_000);
    let filter = HistoryFilter {
        account: a.key.clone(),
        game: q.game.filter(|g| !g.is_empty()),
        result: outcome(q.result.as_deref())?,
        offset: (page - 1) * HISTORY_PAGE,
        limit: HISTORY_PAGE + 1,
    };
    let mut rows = state
        .store()
        .run(move |db| db.accounts().history(&filter))
        .await
        .map_err(stored)?;
    let more = rows.len() as u64 > HISTORY_PAGE;
    rows.truncate(HISTORY_PAGE as usize);
    let games: Vec<Value> = rows
        .iter()
        .map(|r| history_line(&state, &a.key, r))
        .collect();
    Ok(Json(json!({
        "username": a.username,
        "games": games,
        "page": page,
        "next": more.then_some(page + 1),
    })))
}

/// `GET /api/user/{username}/games.pgn`: the player's games (the newest
/// [`PGN_MAX`]; `?game=` one game only) as one PGN file, each record as
/// `GET /api/games/{id}/record` gives it; a game whose record is withheld
/// now (a secret still to come) is left out.
pub(super) async fn pgn(
    State(state): State<AppState>,
    Path(username): Path<String>,
    Query(q): Query<HistoryQuery>,
) -> ApiResult<Response> {
    let a = account_of(&state, &username).await?;
    let filter = HistoryFilter {
        account: a.key.clone(),
        game: q.game.filter(|g| !g.is_empty()),
        result: outcome(q.result.as_deref())?,
        offset: 0,
        limit: PGN_MAX,
    };
    let rows = state
        .store()
        .run(move |db| db.accounts().history(&filter))
        .await
        .map_err(stored)?;
    let mut text = String::new();
    for r in rows {
        let Ok(slot) = find(&state, &r.id).await else {
            continue;
        };
        let g = slot.lock();
        if g.record_withheld().is_none() {
            text.push_str(g.record_text().trim_end());
            text.push_str("\n\n");
        }
    }
    Ok((
        [
            (
                header::CONTENT_TYPE,
                "application/x-chess-pgn; charset=utf-8".to_string(),
            ),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{}.pgn\"", a.key),
            ),
        ],
        text,
    )
        .into_response())
}

/// `GET /api/leaderboard/{game}`: the game's best players who played a
/// rated game of it in the last 30 days: `{"game", "players": [{"rank",
/// "username", "bot", "rating", "rd", "provisional", "display",
/// "games"}]}`.
pub(super) async fn leaderboard(
    State(state): State<AppState>,
    Path(game): Path<String>,
) -> ApiResult<Json<Value>> {
    let entry = state
        .catalog()
        .find(&game)
        .ok_or_else(|| not_found(format!("no game '{}'", super::quote(&game))))?;
    let since = crate::now() - ACTIVE_SECONDS;
    let key = entry.key.to_string();
    let rows = state
        .store()
        .run(move |db| db.accounts().leaderboard(&key, since, LEADERBOARD_MAX))
        .await
        .map_err(stored)?;
    let players: Vec<Value> = rows
        .iter()
        .enumerate()
        .map(|(i, r)| {
            json!({
                "rank": i + 1,
                "username": r.username,
                "bot": r.bot,
                "rating": r.rating.rating.round(),
                "rd": r.rating.rd.round(),
                "provisional": r.rating.provisional(),
                "display": r.rating.display(),
                "games": r.games,
            })
        })
        .collect();
    Ok(Json(
        json!({ "game": entry.key, "title": entry.name, "players": players }),
    ))
}

/// `GET /api/account/games`: the logged-in player's games being played
/// (at most 50), those where it is his turn first, each a lobby line with
/// `you` and `your_turn`.
pub(super) async fn my_games(
    State(state): State<AppState>,
    headers: HeaderMap,
) -> ApiResult<Json<Value>> {
    let p = crate::accounts::required_player(&state, &headers).await?;
    let filter = HistoryFilter {
        account: p.key.clone(),
        game: None,
        result: None,
        offset: 0,
        limit: 200,
    };
    let rows = state
        .store()
        .run(move |db| db.accounts().history(&filter))
        .await
        .map_err(stored)?;
    let mut games = Vec::new();
    for r in rows.iter().filter(|r| r.result.is_none()).take(50) {
        let Ok(slot) = find(&state, &r.id).await else {
            continue;
        };
        let g = slot.lock();
        let Some(you) = g
            .accounts
            .iter()
            .position(|a| a.as_deref() == Some(p.key.as_str()))
        else {
            continue;
        };
        let mut line = g.summary();
        if !line["result"].is_null() {
            continue;
        }
        line["you"] = json!(you);
        line["your_turn"] = json!(line["to_move"] == json!(you));
        games.push(line);
    }
    // Stable: the player's turn first, newest first within each.
    games.sort_by_key(|l| !l["your_turn"].as_bool().unwrap_or(false));
    Ok(Json(json!({ "games": games })))
}
