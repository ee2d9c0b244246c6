//! Issue 29 items 4 and 6: an engine's search is tied to the position it
//! was asked for. A search overtaken by a takeback (even when the player
//! then brings the game back to the same number of moves) is dropped, and
//! the engine answers the position on the board with its own search,
//! never a stale move nor "the first legal move instead". Made
//! deterministic by holding the pool's thread while the player acts, and
//! by a level that counts nodes (the same position and seed give the same
//! move).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;
use deckmate_games::list;

use axum::http::StatusCode;
use common::{call, engine_game, play_move, view};
use deckmate_games::registry::Options;
use deckmate_server::{AppState, Config, Db};
use serde_json::Value;
use std::time::Duration;

/// Waits (bounded) until the game has `plies` moves; its view then.
async fn at_plies(state: &AppState, id: &str, token: &str, plies: u64) -> Value {
    for _ in 0..3000 {
        let v = view(state, id, Some(token)).await;
        if v["plies"].as_u64() == Some(plies) {
            return v;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    panic!("the game never reached {plies} plies");
}

/// What the engine at `level` plays in Cuarenta after `moves`, searched
/// apart from the server, with the seed the server gives (the ply).
fn engine_reply(level: u8, moves: &[&str]) -> String {
    let entry = list::find("cuarenta").unwrap();
    let mut g = entry.new_game(&Options::default(), 0).unwrap();
    for m in moves {
        g.play(m).unwrap();
    }
    g.engine_job(level, moves.len() as u64)().unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn item_6_a_search_overtaken_by_a_takeback_is_dropped_and_searched_again() {
    let state = AppState::with_config(
        Db::open(":memory:").unwrap(),
        Config {
            engine_threads: 1,
            ..Config::default()
        },
    )
    .unwrap();
    const LEVEL: u8 = 3;
    let (id, token) = engine_game(&state, "cuarenta", "white", LEVEL).await;
    // The engine's thread is busy: its search for the position after Vxf7
    // waits in the queue.
    let hold = tokio::task::block_in_place(|| state.hold_engines()).expect("engines on");
    let (s, v) = play_move(&state, &id, &token, "Vxf7").await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let (s, v) = call(
        &state,
        "POST",
        &format!("/api/games/{id}/takeback"),
        Some(&token),
        None,
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["plies"], 0, "the engine grants at once: {v}");
    // The same ply again, another position.
    let (s, v) = play_move(&state, &id, &token, "Pi4").await;
    assert_eq!(s, StatusCode::OK, "{v}");
    drop(hold);
    let v = at_plies(&state, &id, &token, 2).await;
    let reply = v["history"][1].as_str().unwrap().to_string();
    assert_eq!(
        reply,
        engine_reply(LEVEL, &["Pi4"]),
        "the engine's reply is its search of the position after Pi4, not a stale move nor a fallback"
    );
    // And it did not answer the stale position.
    assert_ne!(reply, engine_reply(LEVEL, &["Vxf7"]));
}
