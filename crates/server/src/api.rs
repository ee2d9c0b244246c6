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

use crate::game::{end_json, seat_of, LiveGame};
use crate::static_files;
use crate::{secret, AppState};
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{DefaultBodyLimit, Path, Query, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use deckmate_games::cardmate::{
    notation, parse_quiet_limit, parse_switch, record::GameSpec, End, EndReason, Options,
    PalaceRule, SetupKind,
};
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
    Json(json!([{
        "key": "cardmate",
        "name": "Cardmate",
        "options": [
            { "name": "setup", "values": ["predefined", "suits", "ranks", "deal"], "default": "predefined" },
            { "name": "palace", "values": ["palace", "king", "off"], "default": "palace" },
            { "name": "repetition", "values": ["on", "off"], "default": "on" },
            { "name": "quiet_limit", "values": ["100", "off"], "default": "100" },
        ],
    }]))
}

async fn rules(Path(variant): Path<String>) -> ApiResult<Response> {
    match variant.as_str() {
        "cardmate" => Ok((
            [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
            deckmate_games::cardmate::RULES,
        )
            .into_response()),
        _ => Err(ApiError(
            StatusCode::NOT_FOUND,
            format!("no game '{variant}'"),
        )),
    }
}

/// The spec as stored.
pub(crate) fn spec_to_json(s: &GameSpec) -> String {
    json!({
        "setup": s.setup.to_string(),
        "seed": s.seed,
        "palace": s.options.palace.to_string(),
        "repetition": s.options.repetition,
        "quiet_limit": s.options.quiet_limit,
    })
    .to_string()
}

/// Reads a stored spec.
pub(crate) fn spec_from_json(text: &str) -> Result<GameSpec, String> {
    let v: Value = serde_json::from_str(text).map_err(|e| format!("stored spec: {e}"))?;
    let mut spec = GameSpec::default();
    if let Some(s) = v["setup"].as_str() {
        spec.setup = s
            .parse()
            .map_err(|e: deckmate_games::cardmate::OptionError| e.to_string())?;
    }
    spec.seed = v["seed"].as_u64().unwrap_or(0);
    if let Some(p) = v["palace"].as_str() {
        spec.options.palace = p
            .parse()
            .map_err(|e: deckmate_games::cardmate::OptionError| e.to_string())?;
    }
    spec.options.repetition = v["repetition"].as_bool().unwrap_or(true);
    spec.options.quiet_limit = v["quiet_limit"].as_u64().map(|n| n as u32);
    Ok(spec)
}

fn option_str(v: &Value, name: &str) -> ApiResult<Option<String>> {
    match v.get(name) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s.clone())),
        Some(Value::Bool(b)) => Ok(Some(if *b { "on".into() } else { "off".into() })),
        Some(Value::Number(n)) => Ok(Some(n.to_string())),
        Some(_) => Err(bad(format!("option {name} must be a string"))),
    }
}

fn parse_options(v: &Value) -> ApiResult<(SetupKind, Options)> {
    if !v.is_null() && !v.is_object() {
        return Err(bad("options must be an object"));
    }
    let mut o = Options::default();
    let mut setup = SetupKind::Predefined;
    if let Some(s) = option_str(v, "setup")? {
        setup = s
            .parse()
            .map_err(|e: deckmate_games::cardmate::OptionError| bad(e.to_string()))?;
    }
    if let Some(s) = option_str(v, "palace")? {
        o.palace = s.parse::<PalaceRule>().map_err(|e| bad(e.to_string()))?;
    }
    if let Some(s) = option_str(v, "repetition")? {
        o.repetition = parse_switch("repetition", &s).map_err(|e| bad(e.to_string()))?;
    }
    if let Some(s) = option_str(v, "quiet_limit")? {
        o.quiet_limit = parse_quiet_limit(&s).map_err(|e| bad(e.to_string()))?;
    }
    if let Some(obj) = v.as_object() {
        for k in obj.keys() {
            if !["setup", "palace", "repetition", "quiet_limit"].contains(&k.as_str()) {
                return Err(bad(format!("unknown option '{k}'")));
            }
        }
    }
    Ok((setup, o))
}

fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0)
}

fn new_game(
    state: &AppState,
    spec: GameSpec,
    engine: Option<(Seat, u8)>,
) -> ApiResult<(String, [String; 2])> {
    let pos = spec.start().map_err(|e| bad(e.to_string()))?;
    let id = secret().map_err(internal)?[..12].to_string();
    let tokens = [secret().map_err(internal)?, secret().map_err(internal)?];
    let row = crate::db::GameRow {
        id: id.clone(),
        variant: "cardmate".into(),
        spec: spec_to_json(&spec),
        tokens: tokens.clone(),
        engine: engine.map(|(s, l)| (s.index() as u8, l)),
        ended: None,
        created: now(),
    };
    state.db().insert_game(&row).map_err(internal)?;
    let (tx, _) = broadcast::channel(64);
    state.insert(LiveGame {
        id: id.clone(),
        spec,
        pos,
        moves: Vec::new(),
        texts: Vec::new(),
        tokens: tokens.clone(),
        engine,
        ended: None,
        draw_offer: None,
        tx,
        created: row.created,
    });
    state.engine_move_if_due(&id);
    Ok((id, tokens))
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
    let variant = body["variant"].as_str().unwrap_or("cardmate");
    if variant != "cardmate" {
        return Err(bad(format!(
            "unknown variant '{variant}' (known: cardmate)"
        )));
    }
    let (setup, options) = parse_options(&body["options"])?;
    let seed = match &body["seed"] {
        Value::Null => {
            u64::from_str_radix(&secret().map_err(internal)?[..12], 16).unwrap_or(1) % 1_000_000_000
        }
        Value::Number(n) => n
            .as_u64()
            .ok_or_else(|| bad("seed must be a whole number 0..2^64"))?,
        _ => return Err(bad("seed must be a number")),
    };
    // Opponent: {"engine": level, "seat": "forehand"|"rearhand"} (the seat
    // the creator takes) or "friend".
    let engine = match &body["opponent"] {
        Value::Null => Some((Seat::Second, 4)),
        Value::String(s) if s == "friend" => None,
        Value::Object(o) => {
            let level = o.get("engine").and_then(Value::as_u64).unwrap_or(4);
            if !(1..=8).contains(&level) {
                return Err(bad("engine level must be 1 to 8"));
            }
            let you = match o.get("seat").and_then(Value::as_str) {
                None | Some("forehand") => Seat::First,
                Some("rearhand") => Seat::Second,
                Some(s) => return Err(bad(format!("seat '{s}': forehand or rearhand"))),
            };
            Some((you.other(), level as u8))
        }
        _ => return Err(bad("opponent must be \"friend\" or {\"engine\": level}")),
    };
    let spec = GameSpec {
        setup,
        seed,
        options,
        fen: None,
    };
    let (id, tokens) = new_game(&state, spec, engine)?;
    let you = engine.map(|(s, _)| s.other().index()).unwrap_or(0);
    Ok(Json(json!({
        "id": id,
        "tokens": { "forehand": tokens[0], "rearhand": tokens[1] },
        "you": you,
        "token": tokens[you],
        "invite": engine.is_none().then(|| format!("/game/{id}#{}", tokens[1])),
    })))
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
                format!("the game is over: {}", end.describe()),
            ));
        }
        if g.to_move() != Some(me) {
            return Err(ApiError(StatusCode::CONFLICT, "it is not your turn".into()));
        }
        let mv = notation::parse(&g.pos, text).map_err(|e| bad(e.to_string()))?;
        state.commit_move(&mut g, mv).map_err(internal)?;
        g.view(Some(me), None)
    };
    state.engine_move_if_due(&id);
    Ok(Json(view))
}

fn end_game(state: &AppState, g: &mut LiveGame, end: End) -> ApiResult<()> {
    state
        .db()
        .set_ended(&g.id, &end_json(&end))
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
        End {
            winner: Some(me.other()),
            reason: EndReason::Resignation,
        },
    )?;
    Ok(Json(g.view(Some(me), None)))
}

/// `POST /api/games/{id}/draw`: offers a draw, or accepts the other's
/// offer. An engine accepts when its static evaluation of the position is
/// not better than a small edge for itself.
async fn draw(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> ApiResult<Json<Value>> {
    let h = find(&state, &id)?;
    let mut g = crate::lock(&h);
    let me = seat_in_play(&g, &headers)?;
    let engine_accepts = g.engine.is_some_and(|(seat, _)| {
        use deckmate_engine::Evaluator;
        let score = deckmate_engine::CardmateEval::default().evaluate(&g.pos);
        let mine = if g.pos.side_to_move() == seat {
            score
        } else {
            -score
        };
        mine <= 50
    });
    if g.draw_offer == Some(me.other()) || engine_accepts {
        end_game(
            &state,
            &mut g,
            End {
                winner: None,
                reason: EndReason::Agreement,
            },
        )?;
    } else {
        g.draw_offer = Some(me);
        let _ = g.tx.send(());
    }
    Ok(Json(g.view(Some(me), None)))
}

/// `POST /api/games/{id}/rematch`: a new game, same options, seats swapped.
async fn rematch(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> ApiResult<Json<Value>> {
    let h = find(&state, &id)?;
    let (spec, engine, me) = {
        let g = crate::lock(&h);
        let me = seat(&g, &headers)?;
        (g.spec.clone(), g.engine, me)
    };
    let engine = engine.map(|(s, l)| (s.other(), l));
    let (new_id, tokens) = new_game(&state, spec, engine)?;
    // The player who asked takes the other seat of the new game.
    let you = me.other();
    Ok(Json(json!({
        "id": new_id,
        "tokens": { "forehand": tokens[0], "rearhand": tokens[1] },
        "you": you.index(),
        "token": tokens[you.index()],
        "invite": engine.is_none().then(|| format!("/game/{new_id}#{}", tokens[me.index()])),
    })))
}

/// `GET /api/games/{id}/record`.
async fn record_text(State(state): State<AppState>, Path(id): Path<String>) -> ApiResult<Response> {
    let h = find(&state, &id)?;
    let text = crate::lock(&h).record_text();
    Ok((
        [
            (
                header::CONTENT_TYPE,
                "application/x-chess-pgn; charset=utf-8".to_string(),
            ),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"cardmate-{id}.pgn\""),
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
