//! The HTTP API and the router.
//!
//! | route | what |
//! |---|---|
//! | `GET /` , `/game/{id}` | the web client |
//! | `GET /api/variants` | games and their options |
//! | `GET /api/rules/{variant}` | the rules text |
//! | `POST /api/games` | create: `{"variant", "options", "seed", "opponent"}` -> `{"id", "tokens"}` |
//! | `GET /api/games` | ongoing and finished games |
//! | `GET /api/games/{id}` | the view (a seat's token as `Authorization: Bearer` adds its legal moves); `?ply=n` for an earlier position |
//! | `POST /api/games/{id}/moves` | `{"move": "4Ci3"}` with the mover's token |
//! | `POST /api/games/{id}/resign`, `/draw`, `/rematch` | with a seat's token |
//! | `GET /api/games/{id}/record` | the record |
//! | `GET /api/games/{id}/ws?token=` | live views over a WebSocket |

use crate::game::{seat_of, LiveGame};
use crate::static_files;
use crate::variant::{BoxedGame, Ended, Variant};
use crate::variants;
use crate::{secret, AppState, CommitError};
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{DefaultBodyLimit, Path, Query, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use deckmate_rules::Seat;
use serde_json::{json, Value};
use std::collections::HashMap;
use tokio::sync::broadcast;

/// An API error: a status and a message, sent as `{"error": ...}`.
#[derive(Debug)]
pub struct ApiError(StatusCode, String);

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.0, Json(json!({ "error": self.1 }))).into_response()
    }
}

type ApiResult<T> = Result<T, ApiError>;

fn bad(m: impl Into<String>) -> ApiError {
    ApiError(StatusCode::BAD_REQUEST, m.into())
}

fn internal(m: impl Into<String>) -> ApiError {
    ApiError(StatusCode::INTERNAL_SERVER_ERROR, m.into())
}

/// The router over a state. Request bodies are limited to 16 KiB.
pub fn app(state: AppState) -> Router {
    Router::new()
        .route("/", get(index))
        .route("/game/{id}", get(index))
        .route("/app.js", get(app_js))
        .route("/style.css", get(style))
        .route("/api/variants", get(variants))
        .route("/api/rules/{variant}", get(rules))
        .route("/api/games", post(create).get(list))
        .route("/api/games/{id}", get(view))
        .route("/api/games/{id}/moves", post(play))
        .route("/api/games/{id}/resign", post(resign))
        .route("/api/games/{id}/draw", post(draw))
        .route("/api/games/{id}/rematch", post(rematch))
        .route("/api/games/{id}/record", get(record_text))
        .route("/api/games/{id}/ws", get(ws))
        .layer(DefaultBodyLimit::max(16 * 1024))
        .with_state(state)
}

async fn index() -> Html<&'static str> {
    Html(static_files::INDEX)
}

async fn app_js() -> Response {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        static_files::APP_JS,
    )
        .into_response()
}

async fn style() -> Response {
    (
        [(header::CONTENT_TYPE, "text/css; charset=utf-8")],
        static_files::STYLE,
    )
        .into_response()
}

async fn variants() -> Json<Value> {
    Json(json!(variants::VARIANTS
        .iter()
        .map(|v| v.describe())
        .collect::<Vec<_>>()))
}

async fn rules(Path(variant): Path<String>) -> ApiResult<Response> {
    match variants::find(&variant) {
        Some(v) => Ok((
            [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
            v.rules,
        )
            .into_response()),
        None => Err(ApiError(
            StatusCode::NOT_FOUND,
            format!("no game '{variant}'"),
        )),
    }
}

fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0)
}

fn new_game(
    state: &AppState,
    game: BoxedGame,
    engine: Option<(Seat, u8)>,
) -> ApiResult<(String, [String; 2])> {
    let id = secret().map_err(internal)?[..12].to_string();
    let tokens = [secret().map_err(internal)?, secret().map_err(internal)?];
    let row = crate::db::GameRow {
        id: id.clone(),
        variant: game.variant().key.into(),
        spec: game.spec().to_string(),
        tokens: tokens.clone(),
        engine: engine.map(|(s, l)| (s.index() as u8, l)),
        ended: None,
        created: now(),
    };
    state.db().insert_game(&row).map_err(internal)?;
    state.insert(LiveGame::new(
        id.clone(),
        game,
        tokens.clone(),
        engine,
        row.created,
    ));
    state.engine_move_if_due(&id);
    Ok((id, tokens))
}

/// The answer to a creation: the id, every seat's token by key, the
/// creator's seat and token, an invite link for a friend.
fn created(
    variant: &Variant,
    id: &str,
    tokens: &[String; 2],
    you: Seat,
    invite: Option<Seat>,
) -> Json<Value> {
    let mut by_key = serde_json::Map::new();
    for s in Seat::BOTH {
        by_key.insert(variant.seats[s.index()].into(), json!(tokens[s.index()]));
    }
    Json(json!({
        "id": id,
        "variant": variant.key,
        "tokens": by_key,
        "you": you.index(),
        "token": tokens[you.index()],
        "invite": invite.map(|s| format!("/game/{id}#{}", tokens[s.index()])),
    }))
}

/// `POST /api/games`.
async fn create(
    State(state): State<AppState>,
    body: Option<Json<Value>>,
) -> ApiResult<Json<Value>> {
    let Some(Json(body)) = body else {
        return Err(bad("send a JSON object: {\"variant\": \"cardmate\", ...}"));
    };
    if !body.is_object() {
        return Err(bad("the request must be a JSON object"));
    }
    let key = match &body["variant"] {
        Value::Null => "cardmate",
        Value::String(s) => s.as_str(),
        _ => return Err(bad("variant must be a string")),
    };
    let variant = variants::find(key).ok_or_else(|| {
        bad(format!(
            "unknown variant '{key}' (known: {})",
            variants::keys()
        ))
    })?;
    let seed = match &body["seed"] {
        Value::Null => {
            u64::from_str_radix(&secret().map_err(internal)?[..12], 16).unwrap_or(1) % 1_000_000_000
        }
        Value::Number(n) => n
            .as_u64()
            .ok_or_else(|| bad("seed must be a whole number 0..2^64"))?,
        _ => return Err(bad("seed must be a number")),
    };
    // Opponent: {"engine": level, "seat": the seat the creator takes} or
    // "friend".
    let seat_list = || variant.seats.join(" or ");
    let engine = match &body["opponent"] {
        Value::Null => Some((Seat::Second, 4)),
        Value::String(s) if s == "friend" => None,
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
                    .ok_or_else(|| bad(format!("seat '{s}': {}", seat_list())))?,
                Some(_) => return Err(bad(format!("seat must be {}", seat_list()))),
            };
            Some((you.other(), level as u8))
        }
        _ => return Err(bad("opponent must be \"friend\" or {\"engine\": level}")),
    };
    let game = (variant.create)(&body["options"], seed).map_err(bad)?;
    let (id, tokens) = new_game(&state, game, engine)?;
    let you = engine.map(|(s, _)| s.other()).unwrap_or(Seat::First);
    let invite = engine.is_none().then_some(Seat::Second);
    Ok(created(variant, &id, &tokens, you, invite))
}

/// `GET /api/games`.
async fn list(State(state): State<AppState>) -> Json<Value> {
    let mut games: Vec<Value> = state
        .all_games()
        .iter()
        .map(|g| crate::lock(g).summary())
        .collect();
    games.sort_by_key(|g| std::cmp::Reverse(g["created"].as_i64().unwrap_or(0)));
    Json(json!(games))
}

fn bearer(headers: &HeaderMap) -> Option<String> {
    headers
        .get(header::AUTHORIZATION)?
        .to_str()
        .ok()?
        .strip_prefix("Bearer ")
        .map(|t| t.trim().to_string())
}

fn find(state: &AppState, id: &str) -> ApiResult<std::sync::Arc<std::sync::Mutex<LiveGame>>> {
    state
        .game(id)
        .ok_or_else(|| ApiError(StatusCode::NOT_FOUND, format!("no game '{id}'")))
}

/// The seat of the token, or 403.
fn seat(g: &LiveGame, headers: &HeaderMap) -> ApiResult<Seat> {
    seat_of(&g.tokens, bearer(headers).as_deref())
        .ok_or_else(|| ApiError(StatusCode::FORBIDDEN, "a seat's token is required".into()))
}

/// `GET /api/games/{id}`.
async fn view(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Query(q): Query<HashMap<String, String>>,
    headers: HeaderMap,
) -> ApiResult<Json<Value>> {
    let h = find(&state, &id)?;
    let g = crate::lock(&h);
    let you = seat_of(&g.tokens, bearer(&headers).as_deref());
    let ply = match q.get("ply") {
        Some(p) => Some(
            p.parse::<usize>()
                .map_err(|_| bad("ply must be a number"))?,
        ),
        None => None,
    };
    Ok(Json(g.view(you, ply)))
}

/// `POST /api/games/{id}/moves`.
async fn play(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Option<Json<Value>>,
) -> ApiResult<Json<Value>> {
    let h = find(&state, &id)?;
    let view = {
        let mut g = crate::lock(&h);
        let me = seat(&g, &headers)?;
        if g.engine.is_some_and(|(s, _)| s == me) {
            return Err(ApiError(
                StatusCode::FORBIDDEN,
                "that seat is the engine's".into(),
            ));
        }
        let Some(Json(body)) = body else {
            return Err(bad("send {\"move\": \"4Ci3\"}"));
        };
        let Some(text) = body.get("move").and_then(Value::as_str) else {
            return Err(bad("send {\"move\": \"4Ci3\"}"));
        };
        if let Some(end) = g.end() {
            return Err(ApiError(
                StatusCode::CONFLICT,
                format!("the game is over: {}", end.reason),
            ));
        }
        if g.to_move() != Some(me) {
            return Err(ApiError(StatusCode::CONFLICT, "it is not your turn".into()));
        }
        state.commit_move(&mut g, text).map_err(|e| match e {
            CommitError::Illegal(m) => bad(m),
            CommitError::Store(m) => internal(m),
        })?;
        g.view(Some(me), None)
    };
    state.engine_move_if_due(&id);
    Ok(Json(view))
}

fn end_game(state: &AppState, g: &mut LiveGame, end: Ended) -> ApiResult<()> {
    state
        .db()
        .set_ended(&g.id, &end.to_json())
        .map_err(internal)?;
    g.ended = Some(end);
    let _ = g.tx.send(());
    Ok(())
}

/// The seat of the token, in a game that is not over (403, 409).
fn seat_in_play(g: &LiveGame, headers: &HeaderMap) -> ApiResult<Seat> {
    let me = seat(g, headers)?;
    if g.end().is_some() {
        return Err(ApiError(
            StatusCode::CONFLICT,
            "the game is already over".into(),
        ));
    }
    Ok(me)
}

/// `POST /api/games/{id}/resign`.
async fn resign(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> ApiResult<Json<Value>> {
    let h = find(&state, &id)?;
    let mut g = crate::lock(&h);
    let me = seat_in_play(&g, &headers)?;
    end_game(
        &state,
        &mut g,
        Ended {
            winner: Some(me.other()),
        },
    )?;
    Ok(Json(g.view(Some(me), None)))
}

/// `POST /api/games/{id}/draw`: offers a draw, or accepts the other's
/// offer. An engine seat accepts when its variant says so (Cardmate and
/// Cuarenta: its static evaluation shows no clear edge for itself; the
/// Chess Cards engine declines: it plays the match out).
async fn draw(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> ApiResult<Json<Value>> {
    let h = find(&state, &id)?;
    let mut g = crate::lock(&h);
    let me = seat_in_play(&g, &headers)?;
    let engine_accepts = g
        .engine
        .is_some_and(|(seat, _)| g.game.engine_accepts_draw(seat));
    if g.draw_offer == Some(me.other()) || engine_accepts {
        end_game(&state, &mut g, Ended { winner: None })?;
    } else {
        g.draw_offer = Some(me);
        let _ = g.tx.send(());
    }
    Ok(Json(g.view(Some(me), None)))
}

/// `POST /api/games/{id}/rematch`: a new game, same options, seats swapped
/// (a variant may deal anew: Chess Cards does).
async fn rematch(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> ApiResult<Json<Value>> {
    let h = find(&state, &id)?;
    let fresh =
        u64::from_str_radix(&secret().map_err(internal)?[..12], 16).unwrap_or(1) % 1_000_000_000;
    let (variant, spec, engine, me) = {
        let g = crate::lock(&h);
        let me = seat(&g, &headers)?;
        (g.variant(), g.game.rematch_spec(fresh), g.engine, me)
    };
    let game = (variant.from_spec)(&spec).map_err(internal)?;
    let engine = engine.map(|(s, l)| (s.other(), l));
    let (new_id, tokens) = new_game(&state, game, engine)?;
    // The player who asked takes the other seat of the new game.
    let you = me.other();
    Ok(created(
        variant,
        &new_id,
        &tokens,
        you,
        engine.is_none().then_some(me),
    ))
}

/// `GET /api/games/{id}/record`.
async fn record_text(State(state): State<AppState>, Path(id): Path<String>) -> ApiResult<Response> {
    let h = find(&state, &id)?;
    let (text, key) = {
        let g = crate::lock(&h);
        (g.record_text(), g.variant().key)
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

/// `GET /api/games/{id}/ws?token=`: the view now and after every change.
async fn ws(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Query(q): Query<HashMap<String, String>>,
    upgrade: WebSocketUpgrade,
) -> ApiResult<Response> {
    let h = find(&state, &id)?;
    let (rx, you) = {
        let g = crate::lock(&h);
        (
            g.tx.subscribe(),
            seat_of(&g.tokens, q.get("token").map(String::as_str)),
        )
    };
    Ok(upgrade.on_upgrade(move |socket| watch(socket, h, rx, you)))
}

async fn watch(
    mut socket: WebSocket,
    h: std::sync::Arc<std::sync::Mutex<LiveGame>>,
    mut rx: broadcast::Receiver<()>,
    you: Option<Seat>,
) {
    loop {
        let text = crate::lock(&h).view(you, None).to_string();
        if socket.send(Message::Text(text.into())).await.is_err() {
            return;
        }
        tokio::select! {
            r = rx.recv() => match r {
                Ok(()) | Err(broadcast::error::RecvError::Lagged(_)) => continue,
                Err(broadcast::error::RecvError::Closed) => return,
            },
            m = socket.recv() => match m {
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                Some(Ok(_)) => continue,
            },
        }
    }
}
