//! Challenges, as lichess's API has them: one account challenges
//! another (`POST /api/challenge/{username}`), who accepts or declines
//! (`/api/challenge/{id}/accept`, `/decline`), or the challenger cancels;
//! or a player challenges the built-in engine (`POST /api/challenge/ai`),
//! which starts a game at once. Challenges are the database's (any
//! server answers them); an accepted one becomes a game between the two
//! accounts, rated if asked. A challenge stands an hour at most.

use super::bot::{bot_player, colour};
use super::games::{fresh_ids, new_game, new_game_as, seeded_game, Seating};
use super::{bad, conflict, internal, not_found, stored, ApiError, ApiResult};
use crate::clock::TimeControl;
use crate::db::accounts::ChallengeRow;
use crate::{secret, AppState};
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::Json;
use deckmate_accounts::Scope;
use deckmate_games::registry::{GameEntry, Options};
use deckmate_rules::Seat;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

/// The scopes that may make and answer challenges.
const CHALLENGING: &[Scope] = &[Scope::ChallengeWrite, Scope::BotPlay, Scope::BoardPlay];

/// How long a challenge stands unanswered.
pub const CHALLENGE_SECONDS: i64 = 3600;

/// A challenge's terms, as lichess's clients send them (every field may
/// be null).
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub(super) struct Terms {
    #[serde(default)]
    rated: Option<bool>,
    #[serde(default, rename = "clock.limit")]
    limit: Option<u64>,
    #[serde(default, rename = "clock.increment")]
    increment: Option<u64>,
    #[serde(default)]
    days: Option<u64>,
    /// The challenger's colour: `white`, `black` or `random`.
    #[serde(default)]
    color: Option<String>,
    #[serde(default)]
    variant: Option<String>,
    #[serde(default)]
    fen: Option<String>,
    /// The engine's level (`/api/challenge/ai` only).
    #[serde(default)]
    level: Option<u8>,
}

impl Terms {
    fn read(body: Option<Json<Value>>) -> ApiResult<Terms> {
        let v = body.map(|b| b.0).unwrap_or_else(|| json!({}));
        let t: Terms = serde_json::from_value(v).map_err(|e| bad(format!("a challenge: {e}")))?;
        if t.fen
            .as_deref()
            .is_some_and(|f| !f.is_empty() && f != "startpos")
        {
            return Err(bad(
                "a challenge from a position is not offered: leave fen out",
            ));
        }
        Ok(t)
    }

    /// The game challenged to: `variant`'s, or without one the server's
    /// first game (as the lobby's default), since no game here is
    /// lichess's "standard".
    fn entry(&self, state: &AppState) -> ApiResult<&'static GameEntry> {
        let Some(key) = self.variant.as_deref() else {
            return Ok(state.catalog().first());
        };
        state.catalog().find(key).ok_or_else(|| {
            bad(format!(
                "unknown variant '{}' (known: {})",
                super::quote(key),
                state.catalog().keys()
            ))
        })
    }

    fn time_control(&self) -> ApiResult<Option<TimeControl>> {
        let v = match (self.limit, self.increment, self.days) {
            (Some(l), inc, None) => json!({"initial_s": l, "increment_s": inc.unwrap_or(0)}),
            (None, None, Some(d)) => json!({"days": d}),
            (None, None, None) => Value::Null,
            _ => {
                return Err(bad(
                    "give clock.limit (and clock.increment), or days, not both",
                ))
            }
        };
        TimeControl::from_json(&v).map_err(bad)
    }

    /// The challenger's seat (`random`: a coin from the OS).
    fn seat(&self) -> ApiResult<Seat> {
        match self.color.as_deref() {
            Some("white") => Ok(Seat::First),
            Some("black") => Ok(Seat::Second),
            None | Some("random") => {
                let coin = secret().map_err(internal)?;
                Ok(if coin.as_bytes()[0] % 2 == 0 {
                    Seat::First
                } else {
                    Seat::Second
                })
            }
            Some(c) => Err(bad(format!(
                "color '{}': white, black or random",
                super::quote(c)
            ))),
        }
    }

    fn time_json(&self) -> Value {
        match (self.limit, self.days) {
            (Some(l), _) => {
                json!({"type": "clock", "limit": l, "increment": self.increment.unwrap_or(0), "show": format!("{}+{}", l / 60, self.increment.unwrap_or(0))})
            }
            (None, Some(d)) => json!({"type": "correspondence", "daysPerTurn": d}),
            _ => json!({"type": "unlimited"}),
        }
    }
}

/// A player as a challenge shows one.
async fn user_json(state: &AppState, key: &str) -> Value {
    let k = key.to_string();
    let a = state
        .store()
        .run(move |db| db.accounts().account(&k))
        .await
        .ok()
        .flatten();
    match a {
        Some(a) => json!({"id": a.key, "name": a.username, "title": a.bot.then_some("BOT")}),
        None => json!({"id": key, "name": key}),
    }
}

/// A challenge as lichess's API shows one.
pub(super) async fn challenge_json(state: &AppState, c: &ChallengeRow) -> Value {
    let terms: Terms = serde_json::from_str(&c.body).unwrap_or_default();
    let entry = terms.entry(state).ok();
    json!({
        "id": c.id,
        "url": format!("/api/challenge/{}", c.id),
        "status": c.status,
        "challenger": user_json(state, &c.challenger).await,
        "destUser": user_json(state, &c.dest).await,
        "variant": {"key": entry.map_or("?", |e| e.key), "name": entry.map_or("?", |e| e.name)},
        "rated": terms.rated.unwrap_or(false),
        "speed": if terms.limit.is_some() { "rapid" } else { "correspondence" },
        "timeControl": terms.time_json(),
        "color": terms.color.clone().unwrap_or_else(|| "random".into()),
        "declineReason": c.reason,
        "gameId": c.game,
    })
}

/// `POST /api/challenge/{username}` `{"rated", "clock.limit",
/// "clock.increment", "days", "color", "variant"}`: challenges a player;
/// answers the challenge.
pub(super) async fn create(
    State(state): State<AppState>,
    Path(username): Path<String>,
    headers: HeaderMap,
    body: Option<Json<Value>>,
) -> ApiResult<Json<Value>> {
    let p = bot_player(&state, &headers, CHALLENGING).await?;
    let terms = Terms::read(body)?;
    let entry = terms.entry(&state)?;
    terms.time_control()?;
    terms.seat()?;
    let dest = username.trim().to_lowercase();
    if dest == p.key {
        return Err(bad("a player cannot challenge himself"));
    }
    let d = dest.clone();
    let found = state
        .store()
        .run(move |db| db.accounts().account(&d))
        .await
        .map_err(stored)?;
    if found.is_none() {
        return Err(not_found("no such player"));
    }
    // The options the game takes by default are checked now, not when
    // accepted.
    let opts = Options::from_json(entry.options, &Value::Null).map_err(|e| bad(e.to_string()))?;
    state
        .build("challenge", move || {
            seeded_game(entry, &opts, None).map(drop)
        })
        .await
        .map_err(internal)??;
    let row = ChallengeRow {
        id: secret().map_err(internal)?[..8].to_string(),
        challenger: p.key.clone(),
        dest,
        body: serde_json::to_string(&terms).map_err(|e| internal(e.to_string()))?,
        status: "created".into(),
        game: None,
        reason: None,
        created: crate::now(),
    };
    let stored_row = row.clone();
    state
        .store()
        .run(move |db| db.accounts().create_challenge(&stored_row))
        .await
        .map_err(stored)?;
    Ok(Json(challenge_json(&state, &row).await))
}

/// A challenge still open, by id.
async fn open_challenge(state: &AppState, id: &str) -> ApiResult<ChallengeRow> {
    let cid = id.to_string();
    let c = state
        .store()
        .run(move |db| db.accounts().challenge(&cid))
        .await
        .map_err(stored)?
        .ok_or_else(|| not_found("no such challenge"))?;
    if c.status != "created" || c.created < crate::now() - CHALLENGE_SECONDS {
        return Err(conflict(format!(
            "the challenge is {}",
            if c.status == "created" {
                "too old"
            } else {
                &c.status
            }
        )));
    }
    Ok(c)
}

/// Refuses an answer by anyone but the challenged player (403).
fn to_me(c: &ChallengeRow, p: &crate::accounts::Player) -> ApiResult<()> {
    if c.dest == p.key {
        Ok(())
    } else {
        Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "this challenge is not to you",
        ))
    }
}

/// `POST /api/challenge/{id}/accept`: the challenged player accepts: the
/// game starts for both (their event streams say `gameStart`).
pub(super) async fn accept(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> ApiResult<Json<Value>> {
    let p = bot_player(&state, &headers, CHALLENGING).await?;
    let c = open_challenge(&state, &id).await?;
    to_me(&c, &p)?;
    let terms: Terms = serde_json::from_str(&c.body).map_err(|e| internal(e.to_string()))?;
    let entry = terms.entry(&state)?;
    let tc = terms.time_control()?;
    let challenger_seat = terms.seat()?;
    let (game_id, tokens) = fresh_ids()?;
    // Settled first: of two answers, one makes the game.
    let (cid, gid) = (id.clone(), game_id.clone());
    let settled = state
        .store()
        .run(move |db| {
            db.accounts()
                .settle_challenge(&cid, "accepted", Some(&gid), None)
        })
        .await
        .map_err(stored)?;
    if !settled {
        return Err(conflict("the challenge was answered or canceled meanwhile"));
    }
    let accounts = [c.challenger.clone(), c.dest.clone()];
    let mut seating = Seating {
        rated: terms.rated.unwrap_or(false),
        ..Seating::default()
    };
    for (who, seat) in [(0, challenger_seat), (1, challenger_seat.other())] {
        let k = accounts[who].clone();
        let a = state
            .store()
            .run(move |db| db.accounts().account(&k))
            .await
            .map_err(stored)?;
        seating.names[seat.index()] = a.as_ref().map(|a| a.username.clone());
        seating.bots[seat.index()] = a.as_ref().is_some_and(|a| a.bot);
        seating.accounts[seat.index()] = Some(accounts[who].clone());
    }
    let opts = Options::from_json(entry.options, &Value::Null).map_err(|e| bad(e.to_string()))?;
    let game = state
        .build("challenge", move || seeded_game(entry, &opts, None))
        .await
        .map_err(internal)??;
    new_game_as(&state, &game_id, &tokens, game, None, tc, seating).await?;
    Ok(Json(json!({ "ok": true, "gameId": game_id })))
}

/// `{"reason"}`.
#[derive(Deserialize, Default)]
struct Decline {
    #[serde(default)]
    reason: Option<String>,
}

/// `POST /api/challenge/{id}/decline` `{"reason"}`: the challenged player
/// declines (the challenger's stream says `challengeDeclined`).
pub(super) async fn decline(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Option<Json<Value>>,
) -> ApiResult<Json<Value>> {
    let p = bot_player(&state, &headers, CHALLENGING).await?;
    let d: Decline = body
        .map(|b| serde_json::from_value(b.0))
        .transpose()
        .map_err(|e| bad(e.to_string()))?
        .unwrap_or_default();
    let c = open_challenge(&state, &id).await?;
    to_me(&c, &p)?;
    let reason: String = d
        .reason
        .unwrap_or_else(|| "generic".into())
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .take(30)
        .collect();
    settle(&state, &id, "declined", Some(reason)).await
}

/// `POST /api/challenge/{id}/cancel`: the challenger takes it back.
pub(super) async fn cancel(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> ApiResult<Json<Value>> {
    let p = bot_player(&state, &headers, CHALLENGING).await?;
    let c = open_challenge(&state, &id).await?;
    if c.challenger != p.key {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "this challenge is not yours",
        ));
    }
    settle(&state, &id, "canceled", None).await
}

async fn settle(
    state: &AppState,
    id: &str,
    status: &'static str,
    reason: Option<String>,
) -> ApiResult<Json<Value>> {
    let cid = id.to_string();
    let done = state
        .store()
        .run(move |db| {
            db.accounts()
                .settle_challenge(&cid, status, None, reason.as_deref())
        })
        .await
        .map_err(stored)?;
    if !done {
        return Err(conflict("the challenge was answered or canceled meanwhile"));
    }
    Ok(Json(json!({ "ok": true })))
}

/// `GET /api/challenge`: the account's open challenges: `{"in", "out"}`.
pub(super) async fn list(
    State(state): State<AppState>,
    headers: HeaderMap,
) -> ApiResult<Json<Value>> {
    let p = bot_player(
        &state,
        &headers,
        &[Scope::ChallengeRead, Scope::BotPlay, Scope::BoardPlay],
    )
    .await?;
    let k = p.key.clone();
    let since = crate::now() - CHALLENGE_SECONDS;
    let rows = state
        .store()
        .run(move |db| db.accounts().challenges_of(&k, since))
        .await
        .map_err(stored)?;
    let (mut incoming, mut outgoing) = (Vec::new(), Vec::new());
    for c in rows.iter().filter(|c| c.status == "created") {
        let j = challenge_json(&state, c).await;
        if c.dest == p.key {
            incoming.push(j);
        } else {
            outgoing.push(j);
        }
    }
    Ok(Json(json!({ "in": incoming, "out": outgoing })))
}

/// `POST /api/challenge/ai` `{"level": 1-8, "clock.limit",
/// "clock.increment", "days", "color", "variant"}`: a game against the
/// built-in engine, started at once: `{"id", "variant", "player",
/// "status"}`.
pub(super) async fn ai(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Option<Json<Value>>,
) -> ApiResult<Json<Value>> {
    let p = bot_player(&state, &headers, CHALLENGING).await?;
    let terms = Terms::read(body)?;
    let entry = terms.entry(&state)?;
    let tc = terms.time_control()?;
    let you = terms.seat()?;
    let level = terms.level.unwrap_or(1);
    if !(1..=8).contains(&level) {
        return Err(bad("level: 1 to 8"));
    }
    if terms.rated == Some(true) {
        return Err(bad("a game against the engine is casual"));
    }
    let opts = Options::from_json(entry.options, &Value::Null).map_err(|e| bad(e.to_string()))?;
    let game = state
        .build("challenge", move || seeded_game(entry, &opts, None))
        .await
        .map_err(internal)??;
    let mut seating = Seating::default();
    seating.names[you.index()] = Some(p.username.clone());
    seating.accounts[you.index()] = Some(p.key.clone());
    seating.bots[you.index()] = p.bot;
    let (id, _) = new_game(&state, game, Some((you.other(), level)), tc, seating).await?;
    Ok(Json(json!({
        "id": id,
        "variant": {"key": entry.key, "name": entry.name},
        "player": colour(you),
        "rated": false,
        "source": "ai",
        "status": {"id": 20, "name": "started"},
    })))
}
