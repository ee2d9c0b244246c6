//! Chat between the two seats of a game: stored before shown, seen by the
//! seats and by no spectator, bounded in length and rate, control
//! characters dropped, kept over a restart.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use axum::http::StatusCode;
use common::{call, friend_game, temp_db};
use deckmate_server::{AppState, Db};
use serde_json::{json, Value};

async fn say(state: &AppState, id: &str, token: Option<&str>, body: Value) -> (StatusCode, Value) {
    call(
        state,
        "POST",
        &format!("/api/games/{id}/chat"),
        token,
        Some(body),
    )
    .await
}

#[tokio::test(flavor = "multi_thread")]
async fn the_seats_chat_bounded_and_a_restart_keeps_it() {
    let (dir, p) = temp_db("chat");
    let (id, t) = {
        let state = AppState::new(Db::open(&p).unwrap(), true).unwrap();
        let (id, t) = friend_game(&state, "cuarenta").await;
        let (s, v) = say(
            &state,
            &id,
            Some(&t[0]),
            json!({"text": " good luck \u{7} <b>hi</b> "}),
        )
        .await;
        assert_eq!(s, StatusCode::OK, "{v}");
        assert_eq!(
            v["chat"],
            json!([{"seat": 0, "text": "good luck  <b>hi</b>"}])
        );
        // Black sees it; a spectator does not.
        let (_, b) = call(
            &state,
            "GET",
            &format!("/api/games/{id}"),
            Some(&t[1]),
            None,
        )
        .await;
        assert_eq!(b["chat"][0]["text"], "good luck  <b>hi</b>");
        let (_, s) = call(&state, "GET", &format!("/api/games/{id}"), None, None).await;
        assert!(s["chat"].is_null(), "{s}");
        // Without a seat's token, empty, too long, not text: refused.
        assert_eq!(
            say(&state, &id, None, json!({"text": "hi"})).await.0,
            StatusCode::FORBIDDEN
        );
        for bad in [
            json!({"text": "  "}),
            json!({"text": "x".repeat(301)}),
            json!({"text": 5}),
            json!({}),
        ] {
            assert_eq!(
                say(&state, &id, Some(&t[1]), bad.clone()).await.0,
                StatusCode::BAD_REQUEST,
                "{bad}"
            );
        }
        // Five messages in ten seconds, then 429.
        for i in 0..4 {
            let (s, _) = say(&state, &id, Some(&t[0]), json!({"text": format!("m{i}")})).await;
            assert_eq!(s, StatusCode::OK);
        }
        let (s, _) = say(&state, &id, Some(&t[0]), json!({"text": "flood"})).await;
        assert_eq!(s, StatusCode::TOO_MANY_REQUESTS);
        // The other seat is not slowed by it.
        assert_eq!(
            say(&state, &id, Some(&t[1]), json!({"text": "thanks"}))
                .await
                .0,
            StatusCode::OK
        );
        (id, t)
    };
    let state = AppState::new(Db::open(&p).unwrap(), true).unwrap();
    let (_, v) = call(
        &state,
        "GET",
        &format!("/api/games/{id}"),
        Some(&t[1]),
        None,
    )
    .await;
    let chat = v["chat"].as_array().unwrap();
    assert_eq!(chat.len(), 6, "{v}");
    assert_eq!(chat[5], json!({"seat": 1, "text": "thanks"}));
    assert_eq!(
        say(&state, &id, Some(&t[0]), json!({"text": "again"}))
            .await
            .0,
        StatusCode::OK
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[tokio::test]
async fn a_game_against_the_engine_has_no_chat() {
    // Issue 31 item 10: chat only where there is a person to talk to.
    let state = common::memory();
    let (id, token) = common::engine_game(&state, "cuarenta", "white", 1).await;
    let (_, v) = call(
        &state,
        "GET",
        &format!("/api/games/{id}"),
        Some(&token),
        None,
    )
    .await;
    assert!(v["chat"].is_null(), "{v}");
    let (s, v) = say(&state, &id, Some(&token), json!({"text": "hello?"})).await;
    assert_eq!(s, StatusCode::CONFLICT, "{v}");
    assert!(
        v["error"].as_str().unwrap().contains("no one to talk to"),
        "{v}"
    );
    // Between two people it is there.
    let (id, t) = friend_game(&state, "cuarenta").await;
    let (_, v) = call(
        &state,
        "GET",
        &format!("/api/games/{id}"),
        Some(&t[0]),
        None,
    )
    .await;
    assert_eq!(v["chat"], json!([]));
}
