//! The HTTP API and the router.
//!
//! | route | what |
//! |---|---|
//! | `GET /` , `/game/{id}` | the web client |
//! | `GET /cards`, `/cards/{code}.svg` | Dealer's Chess's reference cards: every shipped card on a page, or one as SVG |
//! | `GET /api/variants` | games and their options (the built-in games, then the variant files of `--variants DIR`) |
//! | `GET /api/variants/{variant}/start` | a spectator's view of the game's start (default options, the public seed [`lobby::START_SEED`]; `sample_deal`: whether another seed deals another start), for the lobby's card; built once per game and cached (one per game of the catalog); 404 for an unknown game |
//! | `GET /api/levels` | the engine's eight levels: `[{"level", "label", "depth", "nodes", "time_ms", "noise"}]`, the label in words from the engine's level table |
//! | `GET /api/rules/{variant}` | the rules text |
//! | `GET /api/rules/{variant}/pieces` | the game's pieces: `[{"code", "name", "group", "betza", "words", "svg"}]` (empty for a game without pieces on a board: Chess Cards) |
//! | `GET /pieces/{variant}/{code}.svg` | one piece's card: its name, move in words and XBetza, and move diagram |
//! | `GET /api/rules/{variant}/start` | the same start as `/api/variants/{variant}/start`, for the rules page |
//! | `POST /api/games` | create: `{"variant", "options", "seed", "opponent"}` -> `{"id", "tokens"}` (the human seats' tokens only); rate-limited per client (429 with `Retry-After`); `seed` is refused for a game whose seed decides draws during play (`"secret_seed": true` in `/api/variants`: 52Chess): the server picks a 64-bit one and keeps it secret until the end |
//! | `GET /api/games` | a page of games, newest first: `?status=ongoing\|finished&variant=&limit=&before=` -> `{"games", "next", "total"}` |
//! | `POST /api/games/mine` | `{"games": [{"id", "token"}]}` (at most [`lobby::MINE_MAX`]) -> `{"games"}`: the lobby line of each game whose token is a seat's, with `you` and `your_turn`; others left out |
//! | `GET /games/finished` | the web client's page of finished games |
//! | `GET /api/games/{id}` | the view (a seat's token as `Authorization: Bearer` adds its legal moves); `?ply=n` for an earlier position |
//! | `POST /api/games/{id}/moves` | `{"move": "4Ci3", "ply": n}` with the mover's token; `ply` (optional, from 1) is the move's number: another is refused with 409, so a retried request never plays twice |
//! | `POST /api/games/{id}/resign` | with a seat's token |
//! | `POST /api/games/{id}/abort` | with a seat's token, until both seats have made their first move (409 after, or once over): the game ends with no result |
//! | `POST /api/games/{id}/claim` | `{"result": "win"\|"draw"}` with a seat's token, once the view's `claimable_in_ms` is 0 (409 before): the other abandoned the game |
//! | `POST /api/games/{id}/draw`, `/draw/accept`, `/draw/decline` | with a seat's token: offer a draw; answer the other's offer (409 without one; offering while the other's offer is pending is 409 too) |
//! | `POST /api/games/{id}/rematch`, `/rematch/accept`, `/rematch/decline` | with a seat's token, once the game is over (409 before): offer a rematch (or accept the other's); the view then carries `rematch_offer`, and `rematch` (the new game's id, and to each seat its token) once made, its game there |
//! | `GET /api/games/{id}/record` | the record |
//! | `GET /api/games/{id}/ws` | live views over a WebSocket; a seat's token as the subprotocol `token.<token>` beside `deckmate` (or `?token=`) |
//!
//! Every error is `{"error": "...", "code": "..."}` with its status: the
//! message for people, the code a stable word for programs (a refused
//! move's is the rules' own, [`MoveError::code`]; others are the status's,
//! [`limits::status_code_word`], or a more precise one: `not_your_turn`,
//! `game_over`, `wrong_ply`, `position_changed`, `busy`). A busy database
//! answers 503 with `Retry-After`, and nothing changed. A browser asking
//! for a page outside `/api` (`Accept: text/html`) gets the error as an
//! HTML page instead, with the same status (`pages.rs`).

pub(crate) mod account;
mod actions;
mod analysis;
mod bot;
mod cards;
mod challenges;
mod evaluation;
mod games;
mod lobby;
pub use lobby::{MINE_MAX, START_SEED};
pub use seeks::LIST_FRESH;
mod pages;
mod pieces;
mod requests;
pub(crate) mod seeks;
mod users;
mod ws;

use crate::limits;
use crate::store::StoreError;
use crate::{static_files, AppState};
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use deckmate_rules::MoveError;
use serde_json::{json, Value};
use std::time::Duration;
use tower_governor::GovernorLayer;
use tower_http::compression::CompressionLayer;
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::timeout::TimeoutLayer;

/// The largest request body.
pub const BODY_LIMIT: usize = 16 * 1024;

/// How long a request may take, its body included (a WebSocket's life is
/// not a request: it is not limited by this).
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(20);

/// An API error: a status, a stable machine-readable code and a message
/// for people, sent as `{"error": message, "code": code}`, with
/// `Retry-After` when trying again later may work.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    code: &'static str,
    message: String,
    retry_after: Option<u64>,
}

impl ApiError {
    /// An error whose code is the status's ([`limits::status_code_word`]).
    pub(crate) fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            code: limits::status_code_word(status),
            message: message.into(),
            retry_after: None,
        }
    }

    /// The same error with a more precise code.
    pub(crate) fn coded(self, code: &'static str) -> ApiError {
        ApiError { code, ..self }
    }

    /// The same error with `Retry-After: seconds`.
    pub(crate) fn retry(self, seconds: u64) -> ApiError {
        ApiError {
            retry_after: Some(seconds),
            ..self
        }
    }

    /// A move refused by the rules: 400, the refusal's own code
    /// ([`MoveError::code`]).
    pub(crate) fn refused(e: &MoveError) -> ApiError {
        bad(e.to_string()).coded(e.code())
    }
}

impl ApiError {
    /// The message, as the answer's `error` says it.
    fn message(&self) -> &str {
        &self.message
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut r = (
            self.status,
            Json(json!({ "error": self.message, "code": self.code })),
        )
            .into_response();
        if let Some(s) = self.retry_after {
            r.headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(s));
        }
        r
    }
}

/// An API answer or its error.
pub(crate) type ApiResult<T> = Result<T, ApiError>;

pub(crate) fn bad(m: impl Into<String>) -> ApiError {
    ApiError::new(StatusCode::BAD_REQUEST, m)
}

/// A game the client's options, spec or moves do not make: a 400 with
/// the error's code (`bad_option`, `bad_spec`, or the refused move's).
fn unmade(e: deckmate_games::registry::GameError) -> ApiError {
    bad(e.to_string()).coded(e.code())
}

pub(crate) fn internal(m: impl Into<String>) -> ApiError {
    ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, m)
}

pub(crate) fn conflict(m: impl Into<String>) -> ApiError {
    ApiError::new(StatusCode::CONFLICT, m)
}

pub(crate) fn not_found(m: impl Into<String>) -> ApiError {
    ApiError::new(StatusCode::NOT_FOUND, m)
}

/// A stored game the server cannot play now (its variant file is not
/// offered, or changed): 503 without `Retry-After`, the reason in words.
fn unavailable(m: impl Into<String>) -> ApiError {
    ApiError::new(StatusCode::SERVICE_UNAVAILABLE, m)
}

/// A write the database did not make: 503 and `Retry-After` when it was
/// busy, 409 when the same row was stored first by another request (a
/// move for the same ply through another server), 500 otherwise. Nothing
/// changed either way.
pub(crate) fn stored(e: StoreError) -> ApiError {
    match e {
        StoreError::Busy(m) => ApiError {
            status: StatusCode::SERVICE_UNAVAILABLE,
            code: "busy",
            message: format!("{m}; try again"),
            retry_after: Some(2),
        },
        StoreError::Failed(m) => internal(format!("not saved, nothing changed: {m}")),
        StoreError::Conflict(m) => ApiError {
            status: StatusCode::CONFLICT,
            code: "conflict",
            message: m,
            retry_after: None,
        },
    }
}

/// A request body read as its type: a missing body, or one that is not
/// that type (a field missing, of the wrong kind, or unknown), is a 400
/// that says what to send (`usage`) and what was wrong.
pub(crate) fn typed<T: serde::de::DeserializeOwned>(
    body: Option<Json<Value>>,
    usage: &str,
) -> ApiResult<T> {
    let Some(Json(body)) = body else {
        return Err(bad(usage));
    };
    serde_json::from_value(body).map_err(|e| bad(format!("{usage} ({e})")))
}

/// The token of `Authorization: Bearer <token>`.
pub(crate) fn bearer(headers: &HeaderMap) -> Option<String> {
    headers
        .get(header::AUTHORIZATION)?
        .to_str()
        .ok()?
        .strip_prefix("Bearer ")
        .map(|t| t.trim().to_string())
}

/// The router over a state: the API, the web client, and the layers every
/// response passes (body limit, time limit, errors as JSON, security
/// headers, compression: gzip or brotli as the client accepts, for any
/// text response of more than 32 bytes; WebSocket frames are not
/// compressed).
pub fn app(state: AppState) -> Router {
    let create_limit =
        GovernorLayer::new(state.create_limit().clone()).error_handler(limits::rate_limited);
    let mut router = Router::new()
        .route("/", get(index))
        .route("/game/{id}", get(game_page))
        .route("/js/{*path}", get(module))
        .route("/style.css", get(style))
        .route("/favicon.svg", get(favicon))
        .route("/favicon.ico", get(favicon))
        .route("/v/{version}/js/{*path}", get(versioned_module))
        .route("/v/{version}/style.css", get(versioned_style))
        .route("/v/{version}/favicon.svg", get(versioned_favicon))
        .route("/cards", get(cards::page))
        .route("/cards/{file}", get(cards::one))
        .route("/api/variants", get(list_variants))
        .route("/api/schema", get(schema))
        .route("/api/rules/{variant}", get(rules))
        .route("/api/rules/{variant}/start", get(rules_start))
        .route("/api/rules/{variant}/pieces", get(pieces::list))
        .route("/pieces/{variant}/{file}", get(pieces::one))
        .route("/api/variants/{variant}/start", get(lobby::start))
        .route("/api/levels", get(lobby::levels))
        .route("/api/games/mine", post(lobby::mine))
        .route("/games/finished", get(index))
        .route("/rules/{variant}", get(index))
        .route("/analysis", get(index))
        .route(
            "/api/analysis",
            post(analysis::start).layer(DefaultBodyLimit::max(analysis::ANALYSIS_BODY_LIMIT)),
        )
        .route(
            "/api/analysis/view",
            post(analysis::view).layer(DefaultBodyLimit::max(analysis::ANALYSIS_BODY_LIMIT)),
        )
        .route("/api/analysis/ws", get(analysis::ws))
        .route(
            "/api/games",
            post(games::create)
                .layer(create_limit.clone())
                .get(games::list),
        )
        .route("/api/games/{id}", get(games::view))
        .route("/api/games/{id}/moves", post(actions::play))
        .route("/api/games/{id}/resign", post(actions::resign))
        .route("/api/games/{id}/abort", post(actions::abort))
        .route("/api/games/{id}/claim", post(actions::claim))
        .route("/api/games/{id}/draw", post(actions::draw))
        .route("/api/games/{id}/draw/accept", post(actions::accept_draw))
        .route("/api/games/{id}/draw/decline", post(actions::decline_draw))
        .route("/api/games/{id}/takeback", post(actions::takeback))
        .route("/api/games/{id}/chat", post(actions::chat))
        .route("/api/games/{id}/name", post(seeks::set_name))
        .route(
            "/api/seeks",
            post(seeks::create)
                .layer(create_limit.clone())
                .get(seeks::list),
        )
        .route("/api/seeks/{id}", get(seeks::status).delete(seeks::cancel))
        .route("/api/seeks/{id}/accept", post(seeks::accept))
        .route(
            "/api/games/{id}/takeback/decline",
            post(actions::decline_takeback),
        )
        .route(
            "/api/games/{id}/rematch",
            post(actions::rematch).layer(create_limit.clone()),
        )
        .route(
            "/api/games/{id}/rematch/accept",
            post(actions::accept_rematch).layer(create_limit.clone()),
        )
        .route(
            "/api/games/{id}/rematch/decline",
            post(actions::decline_rematch),
        )
        .route("/api/games/{id}/record", get(games::record))
        .route(
            "/api/games/{id}/evaluation",
            get(evaluation::read).post(evaluation::start),
        )
        .route("/api/games/{id}/ws", get(ws::ws))
        .route(
            "/api/account/register",
            post(account::register).layer(create_limit.clone()),
        )
        .route("/api/account/login", post(account::login))
        .route("/api/account/logout", post(account::logout))
        .route("/api/account/password", post(account::password))
        .route("/api/account", get(account::me))
        .route("/api/account/games", get(users::my_games))
        .route("/api/bot/account/upgrade", post(account::upgrade_to_bot))
        .route("/api/stream/event", get(bot::events))
        .route("/api/bot/game/stream/{id}", get(bot::game_stream))
        .route("/api/board/game/stream/{id}", get(bot::game_stream))
        .route("/api/bot/game/{id}/move/{move}", post(bot::play))
        .route("/api/board/game/{id}/move/{move}", post(bot::play))
        .route("/api/bot/game/{id}/resign", post(bot::resign))
        .route("/api/board/game/{id}/resign", post(bot::resign))
        .route("/api/bot/game/{id}/abort", post(bot::abort))
        .route("/api/board/game/{id}/abort", post(bot::abort))
        .route("/api/bot/game/{id}/draw/{answer}", post(bot::draw))
        .route("/api/board/game/{id}/draw/{answer}", post(bot::draw))
        .route("/api/bot/game/{id}/takeback/{answer}", post(bot::takeback))
        .route(
            "/api/board/game/{id}/takeback/{answer}",
            post(bot::takeback),
        )
        .route("/api/bot/game/{id}/chat", post(bot::chat))
        .route("/api/board/game/{id}/chat", post(bot::chat))
        .route("/api/challenge", get(challenges::list))
        .route(
            "/api/challenge/ai",
            post(challenges::ai).layer(create_limit.clone()),
        )
        .route(
            "/api/challenge/{username}",
            post(challenges::create).layer(create_limit.clone()),
        )
        .route("/api/challenge/{id}/accept", post(challenges::accept))
        .route("/api/challenge/{id}/decline", post(challenges::decline))
        .route("/api/challenge/{id}/cancel", post(challenges::cancel))
        .route("/api/user/{username}", get(users::profile))
        .route("/api/user/{username}/games", get(users::history))
        .route("/api/user/{username}/games.pgn", get(users::pgn))
        .route("/api/leaderboard/{game}", get(users::leaderboard))
        .route("/@/{username}", get(index))
        .route("/leaderboard", get(index))
        .route("/leaderboard/{game}", get(index))
        .route("/login", get(index))
        .route("/register", get(index))
        .route("/account", get(index))
        .route(
            "/api/account/tokens",
            post(account::create_token).get(account::tokens),
        )
        .route(
            "/api/account/tokens/{id}",
            axum::routing::delete(account::revoke_token),
        )
        .fallback(|| async { not_found("no such page") })
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            crate::accounts::seat_by_account,
        ))
        .with_state(state)
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(TimeoutLayer::with_status_code(
            StatusCode::REQUEST_TIMEOUT,
            REQUEST_TIMEOUT,
        ))
        .layer(axum::middleware::map_response(limits::json_errors))
        .layer(axum::middleware::from_fn(pages::html_errors))
        .layer(CompressionLayer::new().compress_when(
            // Streams of lines are sent as they come, never held back
            // to be compressed.
            tower_http::compression::predicate::Predicate::and(
                tower_http::compression::predicate::DefaultPredicate::new(),
                tower_http::compression::predicate::NotForContentType::const_new(
                    "application/x-ndjson",
                ),
            ),
        ));
    for (name, value) in limits::security_headers() {
        router = router.layer(SetResponseHeaderLayer::if_not_present(name, value));
    }
    router
}

/// How long a browser may keep a response of the web client.
#[derive(Clone, Copy)]
enum Keep {
    /// A year, never asking again: an asset at its current versioned
    /// address, which changes with its content.
    Year,
    /// Asking again each time (`no-cache`), answered 304 when the entity
    /// tag still matches: the pages and the unversioned addresses.
    Revalidate,
}

/// A file of the web client with its caching headers; 304 (no body) when
/// the request's `If-None-Match` holds its entity tag.
fn web_file(
    headers: &HeaderMap,
    content_type: &'static str,
    text: &'static str,
    keep: Keep,
) -> Response {
    let tag = static_files::etag(text);
    let cache = match keep {
        Keep::Year => "public, max-age=31536000, immutable",
        Keep::Revalidate => "no-cache",
    };
    let matches = headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == tag || t.trim() == "*"));
    let head = [
        (header::ETAG, tag),
        (header::CACHE_CONTROL, cache.to_string()),
    ];
    if matches {
        return (StatusCode::NOT_MODIFIED, head).into_response();
    }
    (head, [(header::CONTENT_TYPE, content_type)], text).into_response()
}

/// How long an asset asked for at `version` may be kept: a year at the
/// current version; revalidated at another (a page loaded before a new
/// build asks for its modules: it gets today's, not kept).
fn keep_for(version: &str) -> Keep {
    if version == static_files::version() {
        Keep::Year
    } else {
        Keep::Revalidate
    }
}

const HTML: &str = "text/html; charset=utf-8";
const JAVASCRIPT: &str = "text/javascript; charset=utf-8";
const CSS: &str = "text/css; charset=utf-8";
const SVG: &str = "image/svg+xml";

/// The page (the lobby, a rules page, the analysis board): its assets at
/// their versioned addresses, revalidated each visit.
async fn index(headers: HeaderMap) -> Response {
    web_file(&headers, HTML, static_files::index_page(), Keep::Revalidate)
}

/// `GET /game/{id}`: the web client, for an id that can be a game's (12
/// hex digits; an unknown one the page itself reports); any other is 404
/// (a page saying so, to a browser).
async fn game_page(Path(id): Path<String>, headers: HeaderMap) -> ApiResult<Response> {
    if id.len() == 12
        && id
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
    {
        Ok(web_file(
            &headers,
            HTML,
            static_files::index_page(),
            Keep::Revalidate,
        ))
    } else {
        Err(not_found(format!(
            "no game '{}': a game's id is 12 hexadecimal digits",
            quote(&id)
        )))
    }
}

/// `GET /js/{path}`: one of the web client's ES modules; another path is
/// 404.
async fn module(Path(path): Path<String>, headers: HeaderMap) -> ApiResult<Response> {
    let text = static_files::module(&path)
        .ok_or_else(|| not_found(format!("no module '{}'", quote(&path))))?;
    Ok(web_file(&headers, JAVASCRIPT, text, Keep::Revalidate))
}

/// `GET /v/{version}/js/{path}`: a module at its versioned address.
async fn versioned_module(
    Path((version, path)): Path<(String, String)>,
    headers: HeaderMap,
) -> ApiResult<Response> {
    let text = static_files::module(&path)
        .ok_or_else(|| not_found(format!("no module '{}'", quote(&path))))?;
    Ok(web_file(&headers, JAVASCRIPT, text, keep_for(&version)))
}

async fn favicon(headers: HeaderMap) -> Response {
    web_file(&headers, SVG, static_files::FAVICON, Keep::Revalidate)
}

async fn versioned_favicon(Path(version): Path<String>, headers: HeaderMap) -> Response {
    web_file(&headers, SVG, static_files::FAVICON, keep_for(&version))
}

async fn style(headers: HeaderMap) -> Response {
    web_file(&headers, CSS, static_files::STYLE, Keep::Revalidate)
}

async fn versioned_style(Path(version): Path<String>, headers: HeaderMap) -> Response {
    web_file(&headers, CSS, static_files::STYLE, keep_for(&version))
}

/// `GET /api/schema`: the JSON Schema of the views of the games this
/// server offers, with the protocol's version.
async fn schema(State(state): State<AppState>) -> Json<Value> {
    Json(crate::view::schema(state.catalog()))
}

async fn list_variants(State(state): State<AppState>) -> Json<Value> {
    Json(json!(state
        .catalog()
        .games()
        .map(|v| v.describe())
        .collect::<Vec<_>>()))
}

async fn rules(State(state): State<AppState>, Path(variant): Path<String>) -> ApiResult<Response> {
    match state.catalog().find(&variant) {
        Some(v) => Ok((
            [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
            v.rules,
        )
            .into_response()),
        None => Err(not_found(format!("no game '{}'", quote(&variant)))),
    }
}

/// `GET /api/rules/{variant}/start`: a spectator's view of the game's
/// start with its default options, for the rules page's diagram (the
/// lobby card's start, [`lobby::start_view`]).
async fn rules_start(
    State(state): State<AppState>,
    Path(variant): Path<String>,
) -> ApiResult<Json<Value>> {
    Ok(Json((*lobby::start_view(&state, &variant).await?).clone()))
}

/// At most the first 40 characters of a client's text, to quote it back.
fn quote(text: &str) -> String {
    let mut q: String = text.chars().take(40).collect();
    if q.len() < text.len() {
        q.push('…');
    }
    q
}
