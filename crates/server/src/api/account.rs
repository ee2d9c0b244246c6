//! Accounts: register, log in and out, change the password, personal API
//! tokens, and who is logged in (see [`crate::accounts`] for sessions).
//!
//! A wrong username and a wrong password get the same answer (401, the
//! same words) in the same time: an unknown name is checked against a
//! dummy hash. Failed log-ins are limited per account and per address
//! (429 with `Retry-After`).

use super::{bad, internal, stored, typed, ApiError, ApiResult};
use crate::accounts::{
    address, cross_site, hashing, player, required_writer, same_site, set_cookie, throttled, Via,
};
use crate::db::accounts::{AccountRow, TokenRow};
use crate::{lock, AppState};
use axum::extract::{FromRequestParts, Path, State};
use axum::http::request::Parts;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use deckmate_accounts::{
    check_password_rules, dummy_verify, hash_password, new_token, token_hash, verify_password,
    Scope, Username, PERSONAL_TOKEN_PREFIX, SESSION_PREFIX,
};
use serde::Deserialize;
use serde_json::{json, Value};
use std::net::SocketAddr;

/// The address the request came from, as the listener recorded it.
pub(crate) struct PeerAddr(Option<SocketAddr>);

impl<S: Send + Sync> FromRequestParts<S> for PeerAddr {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        Ok(PeerAddr(
            parts
                .extensions
                .get::<axum::extract::ConnectInfo<SocketAddr>>()
                .map(|c| c.0),
        ))
    }
}

/// `{"username", "password"}`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Credentials {
    username: String,
    password: String,
}

const CREDENTIALS: &str = "send {\"username\": \"2-20 letters, digits, - or _\", \"password\": \"at least 10 characters\"}";

/// The same answer for every failed log-in.
fn wrong() -> ApiError {
    ApiError::new(StatusCode::UNAUTHORIZED, "wrong username or password").coded("login_failed")
}

/// A log-in's or registration's `Origin`, if given, must be this site's:
/// another site cannot log its visitors in to an account of its choosing.
fn no_cross_site(state: &AppState, headers: &HeaderMap) -> ApiResult<()> {
    if headers.contains_key(header::ORIGIN) && !same_site(headers, state.allowed_origins()) {
        return Err(cross_site());
    }
    Ok(())
}

/// Opens a session for an account: the answer with its cookie.
async fn logged_in(state: &AppState, account: &AccountRow) -> ApiResult<Response> {
    let token = new_token(SESSION_PREFIX).map_err(|e| internal(e.to_string()))?;
    let (hash, key) = (token_hash(&token), account.key.clone());
    let now = crate::now();
    state
        .store()
        .run(move |db| db.accounts().create_session(&hash, &key, now))
        .await
        .map_err(stored)?;
    let mut r = Json(json!({ "username": account.username, "bot": account.bot })).into_response();
    r.headers_mut()
        .insert(header::SET_COOKIE, set_cookie(state, Some(&token)));
    Ok(r)
}

/// `POST /api/account/register` `{"username", "password"}`: a new account,
/// logged in (its session cookie and `{"username"}`); 409 when the name
/// is taken (in any case), 400 when a rule is broken.
pub(super) async fn register(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Option<Json<Value>>,
) -> ApiResult<Response> {
    no_cross_site(&state, &headers)?;
    let c: Credentials = typed(body, CREDENTIALS)?;
    let name = Username::parse(&c.username).map_err(|e| bad(e.to_string()))?;
    check_password_rules(&c.password).map_err(|e| bad(e.to_string()))?;
    let password = c.password;
    let hash = hashing(&state, move || hash_password(&password))
        .await?
        .map_err(|e| internal(e.to_string()))?;
    let account = AccountRow {
        key: name.key().to_string(),
        username: name.as_str().to_string(),
        hash,
        bot: false,
        created: crate::now(),
    };
    let row = account.clone();
    let made = state
        .store()
        .run(move |db| db.accounts().create_account(&row))
        .await
        .map_err(stored)?;
    if !made {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            format!("the name {} is taken", name.as_str()),
        )
        .coded("name_taken"));
    }
    logged_in(&state, &account).await
}

/// `POST /api/account/login` `{"username", "password"}`: the session
/// cookie and `{"username"}`; 401 for any failure, 429 after too many.
pub(super) async fn login(
    State(state): State<AppState>,
    PeerAddr(peer): PeerAddr,
    headers: HeaderMap,
    body: Option<Json<Value>>,
) -> ApiResult<Response> {
    no_cross_site(&state, &headers)?;
    let c: Credentials = typed(body, CREDENTIALS)?;
    let key = c.username.trim().to_lowercase();
    let from = address(peer);
    throttled(&state, &key, &from)?;
    // A name no account can have is looked up all the same: every
    // failure takes one database read and one hash check.
    let lookup = key.clone();
    let found = state
        .store()
        .run(move |db| db.accounts().account(&lookup))
        .await
        .map_err(stored)?;
    let password = c.password;
    let ok = match found.clone() {
        Some(a) => hashing(&state, move || verify_password(&password, &a.hash)).await?,
        None => {
            hashing(&state, move || dummy_verify(&password)).await?;
            false
        }
    };
    let now = std::time::Instant::now();
    match found.filter(|_| ok) {
        Some(account) => {
            lock(state.throttle()).record_success(&key);
            logged_in(&state, &account).await
        }
        None => {
            lock(state.throttle()).record_failure(&key, &from, now);
            Err(wrong())
        }
    }
}

/// `{"everywhere": true}`: every session of the account ends.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct Logout {
    #[serde(default)]
    everywhere: bool,
}

/// `POST /api/account/logout` (`{"everywhere": true}` to end every
/// session of the account): the session ends and its cookie is cleared.
pub(super) async fn logout(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Option<Json<Value>>,
) -> ApiResult<Response> {
    let how: Logout = match body {
        Some(b) => typed(Some(b), "send nothing, or {\"everywhere\": true}")?,
        None => Logout::default(),
    };
    let p = required_writer(&state, &headers).await?;
    let Via::Session(hash) = p.via.clone() else {
        return Err(bad(
            "log out with the session cookie (an API token is revoked instead)",
        ));
    };
    let key = p.key.clone();
    state
        .store()
        .run(move |db| {
            if how.everywhere {
                db.accounts().drop_sessions(&key)
            } else {
                db.accounts().drop_session(&hash)
            }
        })
        .await
        .map_err(stored)?;
    let mut r = Json(json!({ "username": Value::Null })).into_response();
    r.headers_mut()
        .insert(header::SET_COOKIE, set_cookie(&state, None));
    Ok(r)
}

/// `{"old", "new"}`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewPassword {
    old: String,
    new: String,
}

/// `POST /api/account/password` `{"old", "new"}`: changes the password;
/// every other session of the account ends.
pub(super) async fn password(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Option<Json<Value>>,
) -> ApiResult<Json<Value>> {
    let p = required_writer(&state, &headers).await?;
    let Via::Session(session) = p.via.clone() else {
        return Err(bad("change the password with the session cookie"));
    };
    let c: NewPassword = typed(
        body,
        "send {\"old\": \"...\", \"new\": \"at least 10 characters\"}",
    )?;
    check_password_rules(&c.new).map_err(|e| bad(e.to_string()))?;
    let key = p.key.clone();
    let account = state
        .store()
        .run(move |db| db.accounts().account(&key))
        .await
        .map_err(stored)?
        .ok_or_else(wrong)?;
    let old = c.old;
    if !hashing(&state, move || verify_password(&old, &account.hash)).await? {
        return Err(wrong());
    }
    let new = c.new;
    let hash = hashing(&state, move || hash_password(&new))
        .await?
        .map_err(|e| internal(e.to_string()))?;
    let key = p.key.clone();
    state
        .store()
        .run(move |db| db.accounts().set_password(&key, &hash, Some(&session)))
        .await
        .map_err(stored)?;
    Ok(Json(json!({ "username": p.username, "changed": true })))
}

/// The JSON of an account's ratings, by game key.
pub(super) fn ratings_json(rows: &[crate::db::accounts::RatingRow]) -> Value {
    let mut out = serde_json::Map::new();
    for r in rows {
        out.insert(
            r.game.clone(),
            json!({
                "rating": r.rating.rating.round(),
                "rd": r.rating.rd.round(),
                "provisional": r.rating.provisional(),
                "display": r.rating.display(),
                "games": r.games,
            }),
        );
    }
    Value::Object(out)
}

/// `GET /api/account`: who is logged in: `{"username": null}` for a guest,
/// else `{"username", "bot", "ratings"}`.
pub(super) async fn me(
    State(state): State<AppState>,
    headers: HeaderMap,
) -> ApiResult<Json<Value>> {
    let Some(p) = player(&state, &headers).await? else {
        return Ok(Json(json!({ "username": Value::Null })));
    };
    if !p.may(Scope::AccountRead) {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "this token lacks the scope account:read",
        ));
    }
    let key = p.key.clone();
    let ratings = state
        .store()
        .run(move |db| db.accounts().ratings(&key))
        .await
        .map_err(stored)?;
    Ok(Json(json!({
        "id": p.key,
        "username": p.username,
        "bot": p.bot,
        "title": p.bot.then_some("BOT"),
        "ratings": ratings_json(&ratings),
    })))
}

/// `POST /api/bot/account/upgrade` (as lichess spells it), with a
/// personal token of scope `bot:play` (or the session): the account
/// becomes a bot's for good, if it has played no game (409 otherwise).
/// A bot is labelled everywhere and never takes a human's rated seek
/// unless its maker let bots in.
pub(super) async fn upgrade_to_bot(
    State(state): State<AppState>,
    headers: HeaderMap,
) -> ApiResult<Json<Value>> {
    let p = required_writer(&state, &headers).await?;
    if !p.may(Scope::BotPlay) {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "this token lacks the scope bot:play",
        ));
    }
    let key = p.key.clone();
    let bot = state
        .store()
        .run(move |db| db.accounts().make_bot(&key))
        .await
        .map_err(stored)?;
    if !bot {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "an account that has played games cannot become a bot's: make a new account",
        ));
    }
    Ok(Json(json!({ "username": p.username, "bot": true })))
}

/// `{"scopes": "board:play bot:play" or a list, "label"}`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewToken {
    #[serde(default)]
    scopes: Option<Value>,
    #[serde(default)]
    label: Option<String>,
}

/// The most personal API tokens an account holds.
pub const MAX_TOKENS: usize = 20;

/// `POST /api/account/tokens` `{"scopes", "label"}`: a personal API token
/// for scripts and bots (`Authorization: Bearer dmp_...`): the token is
/// in this answer only; the server keeps its hash.
pub(super) async fn create_token(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Option<Json<Value>>,
) -> ApiResult<Json<Value>> {
    let p = required_writer(&state, &headers).await?;
    if !matches!(p.via, Via::Session(_)) {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "a token is made by a logged-in player, not by another token",
        ));
    }
    let t: NewToken = typed(
        body,
        "send {\"scopes\": \"board:play bot:play challenge:read challenge:write account:read\", \"label\": \"my bot\"}",
    )?;
    let scopes = match t.scopes {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::String(s)) => Scope::parse_list(&s).map_err(|e| bad(e.to_string()))?,
        Some(Value::Array(a)) => {
            let words: Vec<String> = a
                .iter()
                .map(|v| {
                    v.as_str()
                        .map(str::to_string)
                        .ok_or_else(|| bad("scopes are words"))
                })
                .collect::<ApiResult<_>>()?;
            Scope::parse_list(&words.join(" ")).map_err(|e| bad(e.to_string()))?
        }
        Some(_) => return Err(bad("scopes: a string or a list of strings")),
    };
    let label: String = t
        .label
        .unwrap_or_default()
        .chars()
        .filter(|c| !c.is_control())
        .take(60)
        .collect();
    let key = p.key.clone();
    let held = state
        .store()
        .run(move |db| db.accounts().tokens(&key))
        .await
        .map_err(stored)?;
    if held.len() >= MAX_TOKENS {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            format!("at most {MAX_TOKENS} tokens: revoke one first"),
        ));
    }
    let token = new_token(PERSONAL_TOKEN_PREFIX).map_err(|e| internal(e.to_string()))?;
    let id = token_hash(&token)[..12].to_string();
    let scope_words: Vec<&str> = scopes.iter().map(|s| s.as_str()).collect();
    let row = TokenRow {
        id: id.clone(),
        label: label.clone(),
        scopes: scope_words.join(" "),
        created: crate::now(),
    };
    let (hash, key) = (token_hash(&token), p.key.clone());
    state
        .store()
        .run(move |db| db.accounts().create_token(&hash, &key, &row))
        .await
        .map_err(stored)?;
    Ok(Json(json!({
        "id": id,
        "token": token,
        "label": label,
        "scopes": scope_words,
    })))
}

/// `GET /api/account/tokens`: the account's tokens (never the tokens
/// themselves).
pub(super) async fn tokens(
    State(state): State<AppState>,
    headers: HeaderMap,
) -> ApiResult<Json<Value>> {
    let p = crate::accounts::required_player(&state, &headers).await?;
    let key = p.key.clone();
    let rows = state
        .store()
        .run(move |db| db.accounts().tokens(&key))
        .await
        .map_err(stored)?;
    let list: Vec<Value> = rows
        .iter()
        .map(|t| json!({"id": t.id, "label": t.label, "scopes": t.scopes.split_whitespace().collect::<Vec<_>>(), "created": t.created}))
        .collect();
    Ok(Json(json!({ "tokens": list })))
}

/// `DELETE /api/account/tokens/{id}`: revokes a token.
pub(super) async fn revoke_token(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> ApiResult<Json<Value>> {
    let p = required_writer(&state, &headers).await?;
    let key = p.key.clone();
    let tid = id.clone();
    let gone = state
        .store()
        .run(move |db| db.accounts().drop_token(&key, &tid))
        .await
        .map_err(stored)?;
    if !gone {
        return Err(super::not_found("no such token of yours"));
    }
    Ok(Json(json!({ "revoked": id })))
}
