//! Who is asking: a player's account, known by a session cookie (the web
//! client) or by a personal API token (`Authorization: Bearer dmp_...`,
//! scripts and bots); a guest otherwise, who plays by seat tokens as
//! before.
//!
//! - Sessions are random tokens in an `HttpOnly`, `SameSite=Lax` cookie
//!   (`Secure` with [`crate::Config::secure_cookies`]), stored as their
//!   SHA-256 only, revocable (log out, log out everywhere, a password
//!   changed).
//! - A write authenticated by the cookie must come from this server's own
//!   pages (or an allowed origin): its `Origin` is required and checked
//!   ([`writer`]), so another site cannot act for a logged-in visitor.
//! - A seat that belongs to an account is that account's from any
//!   browser: [`seat_by_account`] gives a request to a game that carries
//!   the account's session (and no seat token) the seat's token.

use crate::api::{ApiError, ApiResult};
use crate::db::accounts::AccountRow;
use crate::{lock, AppState};
use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::Response;
use deckmate_accounts::{token_hash, Scope, PERSONAL_TOKEN_PREFIX};

/// The session cookie's name.
pub const COOKIE: &str = "deckmate_session";

/// How long a session lasts (30 days): the browser keeps its cookie so
/// long, and the server refuses it after.
pub const SESSION_DAYS: i64 = 30;

/// A player known by an account.
#[derive(Clone, Debug)]
pub struct Player {
    /// The username's key (lowercase).
    pub key: String,
    /// The username as chosen.
    pub username: String,
    /// A bot's account.
    pub bot: bool,
    /// How the player is known.
    pub via: Via,
}

/// How a request showed its account.
#[derive(Clone, Debug)]
pub enum Via {
    /// A session cookie (its token's hash).
    Session(String),
    /// A personal API token, with its scopes.
    Token(Vec<Scope>),
}

impl Player {
    fn of(a: AccountRow, via: Via) -> Player {
        Player {
            key: a.key,
            username: a.username,
            bot: a.bot,
            via,
        }
    }

    /// Whether the request may do what `scope` allows (a session may do
    /// everything its player may).
    pub fn may(&self, scope: Scope) -> bool {
        match &self.via {
            Via::Session(_) => true,
            Via::Token(scopes) => scopes.contains(&scope),
        }
    }
}

/// The session token in the request's cookies, if any.
pub fn session_cookie(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|c| c.trim().split_once('='))
        .find(|(name, _)| *name == COOKIE)
        .map(|(_, value)| value.trim().to_string())
        .filter(|v| !v.is_empty() && v.len() <= 128)
}

/// A personal API token given as `Authorization: Bearer`, if any.
fn personal_token(headers: &HeaderMap) -> Option<String> {
    crate::api::bearer(headers).filter(|t| t.starts_with(PERSONAL_TOKEN_PREFIX))
}

/// The player asking, if known (a guest: `None`). A personal token that
/// is not one is refused (401); a stale cookie is a guest's.
pub async fn player(state: &AppState, headers: &HeaderMap) -> ApiResult<Option<Player>> {
    if let Some(t) = personal_token(headers) {
        let hash = token_hash(&t);
        let found = state
            .store()
            .run(move |db| db.accounts().token(&hash))
            .await
            .map_err(crate::api::stored)?;
        let (account, scopes) = found.ok_or_else(|| {
            ApiError::new(StatusCode::UNAUTHORIZED, "no such API token (revoked?)")
        })?;
        let scopes = Scope::parse_list(&scopes).unwrap_or_default();
        return Ok(Some(Player::of(account, Via::Token(scopes))));
    }
    let Some(t) = session_cookie(headers) else {
        return Ok(None);
    };
    let hash = token_hash(&t);
    let key = hash.clone();
    let since = crate::now() - SESSION_DAYS * 86_400;
    let found = state
        .store()
        .run(move |db| db.accounts().session(&key, since))
        .await
        .map_err(crate::api::stored)?;
    Ok(found.map(|a| Player::of(a, Via::Session(hash))))
}

/// Whether a write carried by the session cookie comes from a page
/// allowed to make it: its `Origin` is required, and must be this
/// server's (the request's `Host`) or an allowed one.
pub fn same_site(headers: &HeaderMap, allowed: &[String]) -> bool {
    headers.contains_key(header::ORIGIN) && crate::limits::origin_allowed(headers, allowed)
}

/// The refusal of a cross-site write.
pub fn cross_site() -> ApiError {
    ApiError::new(
        StatusCode::FORBIDDEN,
        "a write made with the session cookie must come from this site's pages (its Origin is \
         missing or another site's); scripts use a personal API token",
    )
    .coded("cross_site")
}

/// The player making a write, if known: one known by the cookie only
/// when [`same_site`] holds (else 403 `cross_site`).
pub async fn writer(state: &AppState, headers: &HeaderMap) -> ApiResult<Option<Player>> {
    let p = player(state, headers).await?;
    if matches!(
        p,
        Some(Player {
            via: Via::Session(_),
            ..
        })
    ) && !same_site(headers, state.allowed_origins())
    {
        return Err(cross_site());
    }
    Ok(p)
}

/// The refusal of a guest where a player must be logged in (401 `login`).
pub fn login_first(why: &str) -> ApiError {
    ApiError::new(StatusCode::UNAUTHORIZED, why).coded("login")
}

/// The player making a write, who must be known (401).
pub async fn required_writer(state: &AppState, headers: &HeaderMap) -> ApiResult<Player> {
    writer(state, headers)
        .await?
        .ok_or_else(|| login_first("log in first"))
}

/// The player asking, who must be known (401).
pub async fn required_player(state: &AppState, headers: &HeaderMap) -> ApiResult<Player> {
    player(state, headers)
        .await?
        .ok_or_else(|| login_first("log in first"))
}

/// The `Set-Cookie` of a new session (or, with `None`, of its end).
pub fn set_cookie(state: &AppState, token: Option<&str>) -> HeaderValue {
    let secure = if state.secure_cookies() {
        "; Secure"
    } else {
        ""
    };
    let text = match token {
        Some(t) => format!(
            "{COOKIE}={t}; Path=/; HttpOnly; SameSite=Lax; Max-Age={}{secure}",
            SESSION_DAYS * 86_400
        ),
        None => format!("{COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0{secure}"),
    };
    HeaderValue::from_str(&text).unwrap_or_else(|_| HeaderValue::from_static(""))
}

/// The game a request is about, by its path (`/api/games/{id}/...`).
fn game_of(path: &str) -> Option<&str> {
    let id = path.strip_prefix("/api/games/")?.split('/').next()?;
    (!id.is_empty() && id != "mine").then_some(id)
}

/// Middleware: a request about a game, carrying no seat token but the
/// session of an account that one of the game's seats belongs to, acts
/// as that seat (the seat's token is put in its `Authorization`) — a
/// write only from this site's pages ([`same_site`]). So a player's games
/// follow him to any browser where he is logged in. A personal API token
/// with the scope `board:play` or `bot:play` acts as its account's seat
/// likewise (scripts and bots).
pub async fn seat_by_account(
    State(state): State<AppState>,
    mut req: Request,
    next: Next,
) -> Response {
    let by_token = personal_token(req.headers()).is_some();
    let wanted = (by_token
        || (req.headers().get(header::AUTHORIZATION).is_none()
            && session_cookie(req.headers()).is_some()))
        && req.uri().path().starts_with("/api/games/");
    if wanted {
        let (path, write, headers) = (
            req.uri().path().to_string(),
            req.method() != Method::GET && req.method() != Method::HEAD,
            req.headers().clone(),
        );
        if let Some(token) = seat_token(&state, &path, write, &headers).await {
            if let Ok(v) = HeaderValue::from_str(&format!("Bearer {token}")) {
                req.headers_mut().insert(header::AUTHORIZATION, v);
            }
        }
    }
    next.run(req).await
}

/// The token of the seat the session's account holds in the request's
/// game, if any (and the request may use it).
async fn seat_token(
    state: &AppState,
    path: &str,
    write: bool,
    headers: &HeaderMap,
) -> Option<String> {
    let id = game_of(path)?.to_string();
    let player = player(state, headers).await.ok()??;
    match &player.via {
        Via::Session(_) if write && !same_site(headers, state.allowed_origins()) => return None,
        Via::Token(_) if !(player.may(Scope::BoardPlay) || player.may(Scope::BotPlay)) => {
            return None
        }
        _ => {}
    }
    let slot = state.game_loaded(&id).await.ok()??;
    let g = slot.lock();
    let seat = g
        .accounts
        .iter()
        .position(|a| a.as_deref() == Some(player.key.as_str()))?;
    Some(g.tokens[seat].clone())
}

/// The bounded work of password hashing: at most this many at once (each
/// takes tens of milliseconds of a core), the others wait.
pub const HASHING_AT_ONCE: usize = 2;

/// Runs a password hash or check off the runtime, at most
/// [`HASHING_AT_ONCE`] at once.
pub async fn hashing<T: Send + 'static>(
    state: &AppState,
    f: impl FnOnce() -> T + Send + 'static,
) -> ApiResult<T> {
    let _permit = state
        .hashing()
        .acquire()
        .await
        .map_err(|_| crate::api::internal("the server is stopping"))?;
    tokio::task::spawn_blocking(f)
        .await
        .map_err(|e| crate::api::internal(e.to_string()))
}

/// The address a request comes from, as the log-in limit counts it.
pub fn address(req_headers_addr: Option<std::net::SocketAddr>) -> String {
    req_headers_addr.map_or_else(
        || "local".to_string(),
        |a| crate::limits::client_key(a.ip()).to_string(),
    )
}

/// Checks the log-in limit for an account and address (429 with how long
/// to wait).
pub fn throttled(state: &AppState, key: &str, address: &str) -> ApiResult<()> {
    let now = std::time::Instant::now();
    lock(state.throttle())
        .check(key, address, now)
        .map_err(|r| {
            let secs = r.retry_after.as_secs().max(1);
            ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                format!("too many failed log-ins: try again in {secs} s"),
            )
            .retry(secs)
        })
}

#[cfg(test)]
mod tests {
    use super::{game_of, session_cookie, COOKIE};
    use axum::http::{header, HeaderMap, HeaderValue};

    #[test]
    fn the_session_is_read_from_the_cookies_and_the_game_from_the_path() {
        let mut h = HeaderMap::new();
        h.insert(
            header::COOKIE,
            HeaderValue::from_str(&format!("a=1; {COOKIE}=dms_abc; b=2"))
                .unwrap_or_else(|_| HeaderValue::from_static("")),
        );
        assert_eq!(session_cookie(&h).as_deref(), Some("dms_abc"));
        assert_eq!(session_cookie(&HeaderMap::new()), None);
        assert_eq!(game_of("/api/games/abc/moves"), Some("abc"));
        assert_eq!(game_of("/api/games/abc"), Some("abc"));
        assert_eq!(game_of("/api/games/mine"), None);
        assert_eq!(game_of("/api/seeks"), None);
    }
}
