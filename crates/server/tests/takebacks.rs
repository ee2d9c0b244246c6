//! Takebacks: asked of a friend, who grants or declines; granted at once
//! by an engine in a game without a clock (and only asked of it under
//! one); stored, so a restart keeps them, and the record stays the game's
//! moves up to them.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use axum::http::StatusCode;
use common::{call, friend_game, play_first, record, temp_db};
use deckmate_server::{AppState, Db};
use serde_json::{json, Value};

async fn post(state: &AppState, id: &str, what: &str, token: &str) -> (StatusCode, Value) {
    call(
        state,
        "POST",
        &format!("/api/games/{id}/{what}"),
        Some(token),
        None,
    )
    .await
}

#[tokio::test(flavor = "multi_thread")]
async fn a_friend_grants_or_declines_and_a_restart_keeps_the_takeback() {
    let (_dir, p) = temp_db("takebacks");
    let (id, t) = {
        let state = AppState::new(Db::open(&p).unwrap(), true).unwrap();
        let (id, t) = friend_game(&state, "cuarenta").await;
        // Nothing to take back yet.
        let (s, _) = post(&state, &id, "takeback", &t[0]).await;
        assert_eq!(s, StatusCode::CONFLICT);
        for i in 0..3 {
            play_first(&state, &id, &t[i % 2]).await;
        }
        // Black asks to take back his move; White declines.
        let (s, v) = post(&state, &id, "takeback", &t[1]).await;
        assert_eq!(s, StatusCode::OK, "{v}");
        assert_eq!(v["takeback_offer"], 1);
        assert_eq!(common::view(&state, &id, Some(&t[0])).await["plies"], 3);
        let (s, _) = post(&state, &id, "takeback/decline", &t[1]).await;
        assert_eq!(
            s,
            StatusCode::CONFLICT,
            "one's own request is not declined by oneself"
        );
        let (s, v) = post(&state, &id, "takeback/decline", &t[0]).await;
        assert_eq!(s, StatusCode::OK, "{v}");
        assert!(v["takeback_offer"].is_null());
        // Asked again; White grants: back to before Black's move (and
        // White's reply to it).
        post(&state, &id, "takeback", &t[1]).await;
        let (s, v) = post(&state, &id, "takeback", &t[0]).await;
        assert_eq!(s, StatusCode::OK, "{v}");
        assert_eq!(v["plies"], 1, "{v}");
        assert_eq!(v["to_move"], 1);
        (id, t)
    };
    let state = AppState::new(Db::open(&p).unwrap(), true).unwrap();
    let v = common::view(&state, &id, Some(&t[1])).await;
    assert_eq!(v["plies"], 1, "the takeback outlived the restart: {v}");
    play_first(&state, &id, &t[1]).await;
    let (_, rec) = record(&state, &id).await;
    let r = deckmate_games::list::find("cuarenta")
        .unwrap()
        .replay_text(rec.as_str().unwrap())
        .unwrap();
    assert_eq!(r.plies, 2);
}

#[tokio::test(flavor = "multi_thread")]
async fn the_engine_grants_a_takeback_without_a_clock_only() {
    let (_dir, p) = temp_db("takeback-engine");
    let state = AppState::new(Db::open(&p).unwrap(), true).unwrap();
    for (tc, granted) in [(Value::Null, true), (json!({"initial_s": 600}), false)] {
        let (_, v) = call(
            &state,
            "POST",
            "/api/games",
            None,
            Some(json!({ "variant": "cuarenta", "opponent": {"engine": 1, "seat": "white"}, "time_control": tc })),
        )
        .await;
        let id = v["id"].as_str().unwrap().to_string();
        let me = v["token"].as_str().unwrap().to_string();
        play_first(&state, &id, &me).await;
        // The engine answers.
        for _ in 0..200 {
            if common::view(&state, &id, Some(&me)).await["plies"] == 2 {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        let (s, v) = post(&state, &id, "takeback", &me).await;
        assert_eq!(s, StatusCode::OK, "{v}");
        if granted {
            assert_eq!(v["plies"], 0, "{v}");
        } else {
            assert_eq!(v["plies"], 2, "{v}");
            assert_eq!(v["takeback_offer"], 0);
        }
    }
}
