//! Issue 29 item 2: a restart builds no game it does not need (the lobby
//! reads each game's stored line), a game is built when first touched,
//! and idle games leave memory, to be built again from the database.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use axum::http::StatusCode;
use common::{call, friend_game, play_first, temp_db, view};
use deckmate_server::{AppState, BuildHook, Config, Db};
use serde_json::Value;
use std::sync::{Arc, Mutex};
use std::time::Duration;

fn state_at(path: &str, config: Config) -> AppState {
    AppState::with_config(Db::open(path).unwrap(), config).unwrap()
}

fn quiet() -> Config {
    Config {
        engines: false,
        ..Config::default()
    }
}

async fn list(state: &AppState) -> Value {
    let (s, v) = call(state, "GET", "/api/games?limit=100", None, None).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    v
}

/// Games of several kinds, some moves played, one resigned: their ids and
/// the first seat's token of each.
async fn some_games(state: &AppState) -> Vec<(String, String)> {
    let mut games = Vec::new();
    for variant in ["cuarenta", "cardmate", "52chess", "cuarenta"] {
        let (id, t) = friend_game(state, variant).await;
        play_first(state, &id, &t[0]).await;
        games.push((id, t[0].clone()));
    }
    let (id, t) = friend_game(state, "cuarenta").await;
    let (s, v) = common::resign(state, &id, &t[1]).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    games.push((id, t[0].clone()));
    games
}

#[tokio::test(flavor = "multi_thread")]
async fn item_2_a_restart_builds_no_game_until_one_is_touched() {
    let (_dir, path) = temp_db("lazy-restart");
    let (games, lobby, views) = {
        let state = state_at(&path, quiet());
        let games = some_games(&state).await;
        let mut views = Vec::new();
        for (id, token) in &games {
            views.push(view(&state, id, Some(token)).await);
        }
        // The lobby's lines are stored (every few seconds; here at once).
        state.sweep().await;
        (games, list(&state).await, views)
    };
    let loads = Arc::new(Mutex::new(0));
    let state = {
        let loads = Arc::clone(&loads);
        state_at(
            &path,
            Config {
                build_hook: Some(BuildHook(Arc::new(move |what| {
                    if what == "load" {
                        *loads.lock().unwrap() += 1;
                    }
                }))),
                ..quiet()
            },
        )
    };
    // Nothing built, the lobby as it was.
    assert_eq!(state.resident_games(), 0);
    assert_eq!(list(&state).await, lobby);
    assert_eq!(*loads.lock().unwrap(), 0);
    // A game is built when touched, once, as it was.
    for (i, (id, token)) in games.iter().enumerate() {
        for _ in 0..2 {
            let v = view(&state, id, Some(token)).await;
            for k in ["history", "plies", "result", "moves", "board", "lines"] {
                assert_eq!(v[k], views[i][k], "{k}");
            }
        }
        assert_eq!(state.resident_games(), i + 1);
        assert_eq!(*loads.lock().unwrap(), i + 1);
    }
    // And played on.
    let (id, token) = &games[0];
    let v = view(&state, id, Some(token)).await;
    if v["acting"].as_array().unwrap().contains(&v["you"]) {
        play_first(&state, id, token).await;
    }
}

/// A line stored before the game's last change (the server stopped before
/// the next sweep) is not shown: that game is built at start for its line.
#[tokio::test(flavor = "multi_thread")]
async fn item_2_a_line_older_than_the_moves_is_made_again_at_start() {
    let (_dir, path) = temp_db("lazy-stale");
    let (id, lobby) = {
        let state = state_at(&path, quiet());
        let (id, t) = friend_game(&state, "cuarenta").await;
        state.sweep().await;
        play_first(&state, &id, &t[0]).await;
        play_first(&state, &id, &t[1]).await;
        (id, list(&state).await)
    };
    let state = state_at(&path, quiet());
    let now = list(&state).await;
    assert_eq!(now, lobby);
    assert_eq!(now["games"][0]["id"], id.as_str());
    assert_eq!(now["games"][0]["plies"], 2);
    // Built for its line only: not kept in memory.
    assert_eq!(state.resident_games(), 0);
}

/// Idle games leave memory and come back from the database when touched,
/// as they were; a game watched or being changed stays.
#[tokio::test(flavor = "multi_thread")]
async fn item_2_idle_games_are_dropped_and_built_again() {
    let (_dir, path) = temp_db("lazy-evict");
    let state = state_at(
        &path,
        Config {
            max_resident_games: 1,
            idle_games_kept: Duration::from_secs(3600),
            ..quiet()
        },
    );
    let mut games = Vec::new();
    for _ in 0..3 {
        let (id, t) = friend_game(&state, "cuarenta").await;
        play_first(&state, &id, &t[0]).await;
        games.push((id, t));
    }
    assert_eq!(state.resident_games(), 3);
    state.sweep().await;
    // The most recently touched one stays.
    assert_eq!(state.resident_games(), 1);
    for (id, t) in &games {
        let v = view(&state, id, Some(&t[1])).await;
        assert_eq!(v["plies"], 1, "{v}");
        play_first(&state, id, &t[1]).await;
    }
    state.sweep().await;
    assert_eq!(state.resident_games(), 1);
    for (id, t) in &games {
        let v = view(&state, id, Some(&t[0])).await;
        assert_eq!(v["plies"], 2, "{v}");
        assert_eq!(v["history"].as_array().unwrap().len(), 2, "{v}");
    }
    let lobby = list(&state).await;
    assert_eq!(lobby["total"], 3);
    assert!(lobby["games"]
        .as_array()
        .unwrap()
        .iter()
        .all(|g| g["plies"] == 2));
}
