//! Whole-game analysis (issue 31 item 13): a finished game's every
//! position evaluated on the engine pool, and a planted blunder marked;
//! refused for a game still going, absent before it is asked for.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common::{call, friend_game, play_move, temp_db};
use axum::http::StatusCode;
use deckmate_server::{load_variants, AppState, Config, Db};
use std::time::{Duration, Instant};

const CHESS: &str = include_str!("../../../variants/chess.toml");

/// A server with engines and chess from its variant file, and the guard of
/// the folder of its database and file (see [`temp_db`]).
fn chess_server(name: &str) -> (tempfile::TempDir, AppState) {
    let (dir, db) = temp_db(name);
    let v = dir.path().join("variants");
    std::fs::create_dir_all(&v).unwrap();
    std::fs::write(v.join("chess.toml"), CHESS).unwrap();
    let config = Config {
        engines: true,
        catalog: load_variants(&v).unwrap().catalog,
        ..Config::default()
    };
    (
        dir,
        AppState::with_config(Db::open(&db).unwrap(), config).unwrap(),
    )
}

#[tokio::test]
async fn a_finished_game_is_evaluated_and_its_planted_blunder_marked() {
    let (_dir, state) = chess_server("evaluation-mate");
    let (id, tokens) = friend_game(&state, "chess").await;
    let path = format!("/api/games/{id}/evaluation");
    // Nothing before it is asked for; refused while the game goes on.
    let (s, v) = call(&state, "GET", &path, None, None).await;
    assert_eq!(s, StatusCode::NOT_FOUND, "{v}");
    assert_eq!(v["code"], "not_started");
    let line = ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"];
    for (i, mv) in line.iter().enumerate() {
        if i == 2 {
            let (s, v) = call(&state, "POST", &path, None, None).await;
            assert_eq!(s, StatusCode::CONFLICT, "{v}");
            assert_eq!(v["code"], "game_not_over");
        }
        let (s, v) = play_move(&state, &id, &tokens[i % 2], mv).await;
        assert_eq!(s, StatusCode::OK, "{mv}: {v}");
    }
    let (s, v) = call(&state, "POST", &path, None, None).await;
    assert_eq!(s, StatusCode::ACCEPTED, "{v}");
    // Asking again does not start another.
    let (s, _) = call(&state, "POST", &path, None, None).await;
    assert_eq!(s, StatusCode::ACCEPTED);
    let started = Instant::now();
    let done = loop {
        let (s, v) = call(&state, "GET", &path, None, None).await;
        assert_eq!(s, StatusCode::OK, "{v}");
        if v["complete"] == true || v["error"].is_string() {
            break v;
        }
        assert!(
            started.elapsed() < Duration::from_secs(120),
            "not done: {v}"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    assert!(done["error"].is_null(), "{done}");
    let points = done["points"].as_array().unwrap();
    assert_eq!(points.len(), line.len() + 1, "{done}");
    assert!(points.iter().all(|p| p.is_number()), "{done}");
    // The mate: White has it all.
    assert_eq!(points[line.len()], 1.0);
    // Before 3... Nf6 Black holds (f7 can be defended); after it, mate in one.
    assert!(points[5].as_f64().unwrap() < 0.85, "{done}");
    assert!(points[6].as_f64().unwrap() > 0.95, "{done}");
    let marks = done["marks"].as_array().unwrap();
    let nf6 = marks.iter().find(|m| m["ply"] == 6).expect("Nf6 marked");
    assert_eq!(nf6["seat"], "Black");
    assert_eq!(nf6["judgement"], "blunder");
    // White's moves did not lose.
    assert!(marks.iter().all(|m| m["seat"] == "Black"), "{done}");
}
