//! The test-only sixth game, Take Away (defined in deckmate-games'
//! tests/toy_game.rs, not in the list of games), registered at run time in
//! the server's catalog and played end to end through the HTTP API: made,
//! listed, moved in, refused with typed codes, played by the engine,
//! recorded and replayed. The server's code never names it (issue 30
//! part 1).

#![allow(clippy::unwrap_used)]

use crate::common::{self, call, play_move, record, view, PATIENCE};
use crate::toy_game::{self, ENTRY, KEY};
use axum::http::StatusCode;
use deckmate_games::list::Catalog;
use deckmate_server::{AppState, Config, Db};
use serde_json::{json, Value};
use std::time::Duration;

fn state(engines: bool) -> AppState {
    let mut catalog = Catalog::builtin();
    catalog.add(&ENTRY).unwrap();
    let config = Config {
        engines,
        catalog,
        ..Config::default()
    };
    AppState::with_config(Db::open(":memory:").unwrap(), config).unwrap()
}

#[tokio::test]
async fn friends_play_the_test_game_through_the_api() {
    let state = state(false);
    // Listed with its options, as every game.
    let (s, list) = call(&state, "GET", "/api/variants", None, None).await;
    assert_eq!(s, StatusCode::OK);
    let mine = list
        .as_array()
        .and_then(|l| l.iter().find(|g| g["key"] == KEY))
        .cloned()
        .unwrap_or_else(|| panic!("{list}"));
    assert_eq!(mine["options"][0]["name"], "stones");
    assert_eq!(mine["options"][0]["kind"], "number");
    let (s, v) = call(
        &state,
        "POST",
        "/api/games",
        None,
        Some(json!({ "variant": KEY, "opponent": "friend", "options": { "stones": "5" } })),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let id = v["id"].as_str().unwrap().to_string();
    let first = v["tokens"]["first"].as_str().unwrap().to_string();
    let second = v["tokens"]["second"].as_str().unwrap().to_string();
    let seen = view(&state, &id, Some(&first)).await;
    assert_eq!(seen["stones"], 5, "{seen}");
    assert_eq!(seen["moves"].as_array().map(Vec::len), Some(3), "{seen}");
    // Refusals carry their codes.
    let (s, e) = play_move(&state, &id, &second, "t1").await;
    assert_eq!(
        (s, e["code"].as_str()),
        (StatusCode::CONFLICT, Some("not_your_turn")),
        "{e}"
    );
    let (s, e) = play_move(&state, &id, &first, "t7").await;
    assert_eq!(
        (s, e["code"].as_str()),
        (StatusCode::BAD_REQUEST, Some("not_a_move")),
        "{e}"
    );
    // Each move is read once, from the request to the store and the game
    // in memory (this test's runtime runs the handlers on its thread).
    let before = toy_game::READS.with(|r| r.get());
    for (token, mv) in [(&first, "t1"), (&second, "t3"), (&first, "t1")] {
        let (s, v) = play_move(&state, &id, token, mv).await;
        assert_eq!(s, StatusCode::OK, "{mv}: {v}");
    }
    assert_eq!(toy_game::READS.with(|r| r.get()) - before, 3);
    let end = view(&state, &id, None).await;
    assert_eq!(end["result"]["result"], "1-0", "{end}");
    let (s, e) = play_move(&state, &id, &second, "t1").await;
    assert_eq!(e["code"].as_str(), Some("game_over"), "{s} {e}");
    // The record replays through the entry to the same end.
    let (s, rec) = record(&state, &id).await;
    assert_eq!(s, StatusCode::OK);
    let rec = rec.as_str().unwrap();
    assert!(rec.contains("[Variant \"Take Away\"]"), "{rec}");
    let replayed = ENTRY.replay_text(rec).unwrap();
    assert_eq!(replayed.json["result"], "1-0", "{}", replayed.json);
}

#[tokio::test(flavor = "multi_thread")]
async fn the_engine_plays_the_test_game_through_the_api() {
    let state = state(true);
    let (id, token) = common::engine_game(&state, KEY, "first", 3).await;
    // 21 stones: the first to move wins by leaving a multiple of four;
    // the engine (second) answers each move with its own.
    let mut last: Value = Value::Null;
    let deadline = std::time::Instant::now() + PATIENCE;
    while std::time::Instant::now() < deadline {
        last = view(&state, &id, Some(&token)).await;
        if !last["result"].is_null() {
            break;
        }
        if last["moves"].as_array().is_some_and(|m| !m.is_empty()) {
            let left = last["stones"].as_u64().unwrap();
            let take = if left.is_multiple_of(4) { 1 } else { left % 4 };
            let (s, v) = play_move(&state, &id, &token, &format!("t{take}")).await;
            assert_eq!(s, StatusCode::OK, "{v}");
        } else {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
    assert_eq!(last["result"]["result"], "1-0", "{last}");
}
