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
    let (_dir, p) = temp_db("chat");
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

#[tokio::test(flavor = "multi_thread")]
async fn each_seat_sees_whether_the_other_players_page_is_open() {
    // Issue 31 item 11: presence. A seat's page is there while its live
    // view (the WebSocket) is open; the other seat's view says so.
    use futures_util::StreamExt;
    let state = common::memory();
    let (id, t) = friend_game(&state, "cuarenta").await;
    let present = |v: &Value| {
        [
            v["seats"][0]["present"].clone(),
            v["seats"][1]["present"].clone(),
        ]
    };
    let view = |token: String| {
        let state = state.clone();
        let id = id.clone();
        async move {
            call(
                &state,
                "GET",
                &format!("/api/games/{id}"),
                Some(&token),
                None,
            )
            .await
            .1
        }
    };
    assert_eq!(
        present(&view(t[0].clone()).await),
        [json!(false), json!(false)]
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let server = state.clone();
    tokio::spawn(async move { axum::serve(listener, deckmate_server::app(server)).await });
    let (mut black, _) =
        tokio_tungstenite::connect_async(format!("ws://{addr}/api/games/{id}/ws?token={}", t[1]))
            .await
            .unwrap();
    // Black's first view comes once its socket counts.
    let first = tokio::time::timeout(common::PATIENCE, black.next())
        .await
        .unwrap();
    assert!(first.is_some());
    assert_eq!(
        present(&view(t[0].clone()).await),
        [json!(false), json!(true)]
    );
    // A spectator's socket is nobody's presence.
    let (_spectator, _) =
        tokio_tungstenite::connect_async(format!("ws://{addr}/api/games/{id}/ws"))
            .await
            .unwrap();
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    assert_eq!(present(&view(t[0].clone()).await)[0], json!(false));
    // Black closes the page: gone (the server notices within a moment).
    drop(black);
    let mut gone = false;
    for _ in 0..50 {
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        if present(&view(t[0].clone()).await)[1] == json!(false) {
            gone = true;
            break;
        }
    }
    assert!(gone, "black still present after closing its page");
    // Against the engine, its seat is always there.
    let (id, token) = common::engine_game(&state, "cuarenta", "white", 1).await;
    let (_, v) = call(
        &state,
        "GET",
        &format!("/api/games/{id}"),
        Some(&token),
        None,
    )
    .await;
    assert_eq!(v["seats"][1]["present"], json!(true), "{v}");
}
