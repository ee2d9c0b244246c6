//! Issue 29 items 3 and 5: the limits a public server keeps whatever its
//! clients do at once: the open-seek cap, chat's rate and storage, the
//! creation limit per client (an IPv6 /64 is one), WebSocket origins, and
//! connections (WebSockets included) in total and per address.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{header, Request, StatusCode};
use common::{call, friend_game, send};
use deckmate_server::{AppState, Config, Db, CHAT_STORED};
use serde_json::{json, Value};
use std::net::SocketAddr;

/// A server whose creation limit is out of the way.
fn unlimited() -> AppState {
    AppState::with_config(
        Db::open(":memory:").unwrap(),
        Config {
            create_burst: 100_000,
            create_per_minute: 100_000,
            ..Config::default()
        },
    )
    .unwrap()
}

async fn open_seek(state: &AppState) -> (StatusCode, Value) {
    call(
        state,
        "POST",
        "/api/seeks",
        None,
        Some(json!({"variant": "cuarenta"})),
    )
    .await
}

async fn listed_seeks(state: &AppState) -> usize {
    let (s, v) = call(state, "GET", "/api/seeks", None, None).await;
    assert_eq!(s, StatusCode::OK);
    v["seeks"].as_array().unwrap().len()
}

/// 40 seeks asked for at once while 190 are open: exactly 10 are made.
/// (On this one-threaded runtime every request reaches its database write
/// before any is answered: the check and the place it reserves must be
/// one step.)
#[tokio::test]
async fn item_5_seek_cap_holds_under_concurrency() {
    let state = unlimited();
    for _ in 0..190 {
        assert_eq!(open_seek(&state).await.0, StatusCode::OK);
    }
    let tasks: Vec<_> = (0..40)
        .map(|_| {
            let state = state.clone();
            tokio::spawn(async move { open_seek(&state).await.0 })
        })
        .collect();
    let mut made = 0;
    for t in tasks {
        match t.await.unwrap() {
            StatusCode::OK => made += 1,
            s => assert_eq!(s, StatusCode::SERVICE_UNAVAILABLE),
        }
    }
    assert_eq!(made, 10);
    assert_eq!(listed_seeks(&state).await, 200);
}

/// An accepted seek waits (a minute) for its maker to learn the game, but
/// it is not open: it leaves its place under the cap at once.
#[tokio::test]
async fn item_5_accepted_seeks_do_not_count_against_the_cap() {
    let state = unlimited();
    let mut first = None;
    for _ in 0..200 {
        let (s, v) = open_seek(&state).await;
        assert_eq!(s, StatusCode::OK, "{v}");
        first.get_or_insert(v);
    }
    assert_eq!(open_seek(&state).await.0, StatusCode::SERVICE_UNAVAILABLE);
    let first = first.unwrap();
    let id = first["id"].as_str().unwrap();
    let (s, v) = call(
        &state,
        "POST",
        &format!("/api/seeks/{id}/accept"),
        None,
        None,
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    // The maker still learns his game...
    let (s, v) = call(
        &state,
        "GET",
        &format!("/api/seeks/{id}?token={}", first["token"].as_str().unwrap()),
        None,
        None,
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["open"], false);
    // ...and another seek takes the place.
    let (s, v) = open_seek(&state).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(listed_seeks(&state).await, 200);
}

/// The database keeps a game's last messages only, pruned as they come.
#[test]
fn item_5_chat_is_pruned() {
    let db = Db::open(":memory:").unwrap();
    let extra = 25;
    for n in 0..(CHAT_STORED + extra) as u64 {
        db.insert_chat("g1", n, (n % 2) as u8, &format!("message {n}"))
            .unwrap();
        db.insert_chat("g2", n, 0, "other game").unwrap();
    }
    let kept = db.chat_of("g1", 10 * CHAT_STORED).unwrap();
    assert_eq!(kept.len(), CHAT_STORED);
    assert_eq!(kept[0].0, extra as u64);
    assert_eq!(kept[0].2, format!("message {extra}"));
    assert_eq!(
        kept.last().unwrap().2,
        format!("message {}", CHAT_STORED + extra - 1)
    );
    assert_eq!(
        db.chat_of("g2", 10 * CHAT_STORED).unwrap().len(),
        CHAT_STORED
    );
}

/// A seat over chat's rate is told when it may write again.
#[tokio::test]
async fn item_5_chat_429_has_retry_after() {
    let state = unlimited();
    let (id, t) = friend_game(&state, "cuarenta").await;
    let say = |n: usize| {
        Request::post(format!("/api/games/{id}/chat"))
            .header(header::CONTENT_TYPE, "application/json")
            .header(header::AUTHORIZATION, format!("Bearer {}", t[0]))
            .body(Body::from(json!({ "text": format!("hi {n}") }).to_string()))
            .unwrap()
    };
    for n in 0..5 {
        let (s, _, body) = send(&state, say(n)).await;
        assert_eq!(s, StatusCode::OK, "{body}");
    }
    let (s, h, body) = send(&state, say(5)).await;
    assert_eq!(s, StatusCode::TOO_MANY_REQUESTS, "{body}");
    let wait: u64 = h
        .get(header::RETRY_AFTER)
        .expect("Retry-After")
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=10).contains(&wait), "{wait}");
    let e: Value = serde_json::from_str(&body).unwrap();
    assert!(e["error"].as_str().unwrap().contains("too many"), "{e}");
}

/// A creation as if from `addr`.
async fn create_from(state: &AppState, addr: &str) -> StatusCode {
    let peer: SocketAddr = addr.parse().unwrap();
    let mut req = Request::post("/api/games")
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(
            r#"{"variant": "cuarenta", "opponent": "friend"}"#,
        ))
        .unwrap();
    req.extensions_mut().insert(ConnectInfo(peer));
    send(state, req).await.0
}

/// The hosts of one IPv6 /64 share one creation quota; another /64 has its
/// own; IPv4 addresses are apart, as before.
#[tokio::test]
async fn item_5_ipv6_slash64_is_one_client() {
    let state = AppState::with_config(
        Db::open(":memory:").unwrap(),
        Config {
            create_burst: 2,
            create_per_minute: 1,
            ..Config::default()
        },
    )
    .unwrap();
    assert_eq!(
        create_from(&state, "[2001:db8:1:2::1]:4000").await,
        StatusCode::OK
    );
    assert_eq!(
        create_from(&state, "[2001:db8:1:2:aaaa::7]:4001").await,
        StatusCode::OK
    );
    // A third host of the same /64 is over the quota.
    assert_eq!(
        create_from(&state, "[2001:db8:1:2:ffff:1:2:3]:4002").await,
        StatusCode::TOO_MANY_REQUESTS
    );
    // Another /64 is another client.
    assert_eq!(
        create_from(&state, "[2001:db8:1:3::1]:4000").await,
        StatusCode::OK
    );
    assert_eq!(create_from(&state, "192.0.2.1:4000").await, StatusCode::OK);
    assert_eq!(create_from(&state, "192.0.2.2:4000").await, StatusCode::OK);
}
