//! Calling the router as a client would, for the integration tests.

#![allow(clippy::unwrap_used, clippy::expect_used, dead_code)]

/// How long a test waits for something that must come (a WebSocket
/// message, a report): a guard against a hang, never a measure. Generous,
/// since on a busy 2-core machine an engine's half-second search can take
/// many seconds of wall time (issue 29, item 21: no test depends on load).
pub const PATIENCE: std::time::Duration = std::time::Duration::from_secs(120);

use axum::body::Body;
use axum::http::{HeaderMap, Request, StatusCode};
use deckmate_server::{app, AppState, Db};
use http_body_util::BodyExt;
use serde_json::Value;
use tower::ServiceExt;

/// One request: the status and the body (JSON, or the text as a string).
pub async fn call(
    state: &AppState,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<Value>,
) -> (StatusCode, Value) {
    let mut req = Request::builder().method(method).uri(path);
    if let Some(t) = token {
        req = req.header("Authorization", format!("Bearer {t}"));
    }
    let body = match body {
        Some(b) => {
            req = req.header("Content-Type", "application/json");
            Body::from(b.to_string())
        }
        None => Body::empty(),
    };
    let resp = app(state.clone())
        .oneshot(req.body(body).unwrap())
        .await
        .unwrap();
    let status = resp.status();
    let bytes = resp.into_body().collect().await.unwrap().to_bytes();
    let v = serde_json::from_slice(&bytes)
        .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&bytes).into()));
    (status, v)
}

/// A server over a fresh database, engines on: an in-memory SQLite one,
/// or, with `DECKMATE_TEST_STORE=postgres`, a fresh PostgreSQL database on
/// the server of `DECKMATE_TEST_DATABASE_URL` (`.ci/run` runs the server's
/// tests both ways).
pub fn memory() -> AppState {
    let target = match std::env::var("DECKMATE_TEST_STORE").as_deref() {
        Ok("postgres") => fresh_postgres("memory")
            .expect("DECKMATE_TEST_STORE=postgres needs DECKMATE_TEST_DATABASE_URL"),
        _ => ":memory:".to_string(),
    };
    AppState::new(Db::open(&target).unwrap(), true).unwrap()
}

/// One request as built by the caller: the status, the headers and the
/// body as text.
pub async fn send(state: &AppState, req: Request<Body>) -> (StatusCode, HeaderMap, String) {
    let resp = app(state.clone()).oneshot(req).await.unwrap();
    let (parts, body) = resp.into_parts();
    let bytes = body.collect().await.unwrap().to_bytes();
    (
        parts.status,
        parts.headers,
        String::from_utf8_lossy(&bytes).into(),
    )
}

/// Serves the app on a loopback port, as `deckmate serve` does.
pub async fn listen(state: &AppState) -> std::net::SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let router = app(state.clone());
    tokio::spawn(deckmate_server::serve(
        listener,
        router,
        deckmate_server::ServeLimits::default(),
        std::future::pending(),
    ));
    addr
}

/// A fresh database file in a directory of its own: the directory's guard
/// and the file's path. Dropping the guard removes the directory, the
/// database and its journal files with it, at the end of the test and also
/// when it fails: keep it in a named variable (`_` drops it at once),
/// bound before the state or server that uses the database, so that
/// those are dropped first.
pub fn temp_db(name: &str) -> (tempfile::TempDir, String) {
    let dir = tempfile::Builder::new()
        .prefix(&format!("deckmate-{name}-"))
        .tempdir()
        .unwrap();
    let path = dir.path().join("test.db").to_string_lossy().into_owned();
    (dir, path)
}

/// A game between two friends: its id and White's (the first seat's) and
/// Black's tokens, by the seats' keys `white`/`black` or the first two.
pub async fn friend_game(state: &AppState, variant: &str) -> (String, [String; 2]) {
    let (s, v) = call(
        state,
        "POST",
        "/api/games",
        None,
        Some(serde_json::json!({ "variant": variant, "opponent": "friend" })),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let id = v["id"].as_str().unwrap().to_string();
    let tokens: Vec<String> = v["tokens"]
        .as_object()
        .unwrap()
        .values()
        .map(|t| t.as_str().unwrap().to_string())
        .collect();
    let white = v["tokens"]["white"].as_str().map(str::to_string);
    let black = v["tokens"]["black"].as_str().map(str::to_string);
    match (white, black) {
        (Some(w), Some(b)) => (id, [w, b]),
        _ => (id, [tokens[0].clone(), tokens[1].clone()]),
    }
}

/// The view of a game for a seat's token (or a spectator).
pub async fn view(state: &AppState, id: &str, token: Option<&str>) -> Value {
    call(state, "GET", &format!("/api/games/{id}"), token, None)
        .await
        .1
}

/// Plays the first legal move of the seat of `token`.
pub async fn play_first(state: &AppState, id: &str, token: &str) {
    let v = view(state, id, Some(token)).await;
    let mv = v["moves"][0]["text"].as_str().unwrap().to_string();
    let (s, e) = call(
        state,
        "POST",
        &format!("/api/games/{id}/moves"),
        Some(token),
        Some(serde_json::json!({ "move": mv })),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{e}");
}

/// A game against the engine at `level`, the caller in `seat` (a seat's
/// key): its id and the caller's token.
pub async fn engine_game(
    state: &AppState,
    variant: &str,
    seat: &str,
    level: u8,
) -> (String, String) {
    let (s, v) = call(
        state,
        "POST",
        "/api/games",
        None,
        Some(serde_json::json!({ "variant": variant, "opponent": { "engine": level, "seat": seat } })),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    (
        v["id"].as_str().unwrap().to_string(),
        v["token"].as_str().unwrap().to_string(),
    )
}

/// A seat's move, sent as the page sends it: the status and the answer.
pub async fn play_move(state: &AppState, id: &str, token: &str, mv: &str) -> (StatusCode, Value) {
    call(
        state,
        "POST",
        &format!("/api/games/{id}/moves"),
        Some(token),
        Some(serde_json::json!({ "move": mv })),
    )
    .await
}

/// The seat of `token` resigns game `id`: the status and the answer.
pub async fn resign(state: &AppState, id: &str, token: &str) -> (StatusCode, Value) {
    call(
        state,
        "POST",
        &format!("/api/games/{id}/resign"),
        Some(token),
        None,
    )
    .await
}

/// The game's record: the status and the text (or the error).
pub async fn record(state: &AppState, id: &str) -> (StatusCode, Value) {
    call(state, "GET", &format!("/api/games/{id}/record"), None, None).await
}

/// The PostgreSQL server the tests may use: `DECKMATE_TEST_DATABASE_URL`
/// (`scripts/with-postgres.sh` sets it). Unset: `None`, and a line says
/// the PostgreSQL tests are skipped, except under `CI=true`, where they
/// must run: the test fails.
pub fn postgres_url(test: &str) -> Option<String> {
    match std::env::var("DECKMATE_TEST_DATABASE_URL") {
        Ok(url) if !url.is_empty() => Some(url),
        _ => {
            assert!(
                std::env::var("CI").as_deref() != Ok("true"),
                "{test}: DECKMATE_TEST_DATABASE_URL is not set under CI=true: \
                 run the tests with scripts/with-postgres.sh"
            );
            eprintln!(
                "{test}: the PostgreSQL half skipped (DECKMATE_TEST_DATABASE_URL not set; \
                 scripts/with-postgres.sh sets it)"
            );
            None
        }
    }
}

/// A fresh, empty PostgreSQL database for one test, on the server of
/// [`postgres_url`]: its URL.
pub fn fresh_postgres(test: &str) -> Option<String> {
    let url = postgres_url(test)?;
    static MADE: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let name = format!(
        "t_{}_{}_{}_{}",
        test.replace(|c: char| !c.is_ascii_alphanumeric(), "_"),
        MADE.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .subsec_nanos()
    )
    .to_lowercase();
    // The blocking client runs a runtime of its own: on a thread of its own.
    let admin = url.clone();
    let create = name.clone();
    std::thread::spawn(move || {
        let mut c = postgres::Client::connect(&admin, postgres::NoTls).unwrap();
        c.batch_execute(&format!("CREATE DATABASE {create}"))
            .unwrap();
    })
    .join()
    .unwrap();
    let base = url.rsplit_once('/').unwrap().0;
    Some(format!("{base}/{name}"))
}

/// The stores a storage test runs against: SQLite always, PostgreSQL when
/// [`postgres_url`] has one (a fresh database); and the guard of the
/// SQLite file's directory (see [`temp_db`]), to keep until the test ends.
pub fn stores(test: &str) -> (tempfile::TempDir, Vec<(String, String)>) {
    let (dir, sqlite) = temp_db(test);
    let mut out = vec![("SQLite".to_string(), sqlite)];
    if let Some(pg) = fresh_postgres(test) {
        out.push(("PostgreSQL".to_string(), pg));
    }
    (dir, out)
}
