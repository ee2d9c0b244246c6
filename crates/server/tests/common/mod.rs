//! Calling the router as a client would, for the integration tests.

#![allow(clippy::unwrap_used, clippy::expect_used, dead_code)]

use axum::body::Body;
use axum::http::{Request, StatusCode};
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

/// A server over an in-memory database, engines on.
pub fn memory() -> AppState {
    AppState::new(Db::open(":memory:").unwrap(), true).unwrap()
}
