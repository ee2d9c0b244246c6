//! Issue 35: "each level keeps its time". For every game and every level
//! 1-8, an unclocked game against the engine at that level (the engine in
//! the second seat) through the server's router, in one process over an
//! in-memory database: a random mover plays the first seat, and the time
//! from each of its moves to the engine's answer is measured. Prints, per
//! game and level, the level's time per move, the engine's answers and
//! their median and slowest times, and whether the slowest kept within the
//! level's time (plus 10% and 100 ms for the server around the search).
//!
//! `cargo run --release -p deckmate-measure --bin level_times -- [answers=4] [seed=1] [variants=all]`
//!
//! `variants` is a comma-separated list of keys (default: every game of
//! `deckmate_games::list::GAMES`). One engine thread: nothing else waits in
//! its queue.

#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use deckmate_server::{AppState, Config, Db};
use serde_json::{json, Value};
use std::time::{Duration, Instant};

/// The level table's time per move (`deckmate_engine::level::level`).
fn level_time(level: u8) -> Duration {
    deckmate_engine::level::level(level).time
}

/// The view of game `id` for `token`.
async fn view(state: &AppState, id: &str, token: &str) -> Value {
    deckmate_measure::server::call(state, "GET", &format!("/api/games/{id}"), Some(token), None)
        .await
        .1
}

/// Plays `answers` random moves of the first seat against the engine and
/// returns how long the engine took to answer each (the game may end
/// sooner).
async fn engine_answers(
    state: &AppState,
    variant: &str,
    level: u8,
    answers: usize,
    seed: u64,
) -> Vec<Duration> {
    // A game whose seed decides its draws (52Chess) takes none: the
    // server picks it.
    let mut v = Value::Null;
    for body in [
        json!({"variant": variant, "opponent": {"engine": level}, "seed": seed}),
        json!({"variant": variant, "opponent": {"engine": level}}),
    ] {
        v = deckmate_measure::server::call(state, "POST", "/api/games", None, Some(body))
            .await
            .1;
        if v["id"].is_string() {
            break;
        }
    }
    let (id, token) = (
        v["id"]
            .as_str()
            .unwrap_or_else(|| panic!("{variant}: {v}"))
            .to_string(),
        v["token"].as_str().expect("a token").to_string(),
    );
    let mut mover = deckmate_measure::server::RandomMover::new(seed);
    let mut times = Vec::new();
    let mut v = view(state, &id, &token).await;
    while times.len() < answers && v["result"].is_null() {
        // The ply of our move.
        let ply = v["plies"].as_u64().unwrap_or(0) + 1;
        let Some((status, after)) = mover.play(state, &id, &token, &v).await else {
            // The engine's turn (a game it opens, or a setup it makes).
            tokio::time::sleep(Duration::from_millis(5)).await;
            v = view(state, &id, &token).await;
            continue;
        };
        assert_eq!(status, 200, "{variant} level {level}: {after}");
        let t = Instant::now();
        // Until the engine has answered: our turn again, or the game over.
        loop {
            v = view(state, &id, &token).await;
            let ours = v["moves"].as_array().is_some_and(|m| !m.is_empty());
            if !v["result"].is_null() || ours {
                break;
            }
            tokio::time::sleep(Duration::from_millis(2)).await;
        }
        if v["plies"].as_u64().unwrap_or(0) > ply {
            times.push(t.elapsed());
        }
    }
    times
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let args: Vec<String> = std::env::args().collect();
    let answers = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(4usize);
    let seed = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(1u64);
    let variants: Vec<String> = match args.get(3) {
        Some(list) if list != "all" => list.split(',').map(str::to_string).collect(),
        _ => deckmate_games::list::GAMES
            .iter()
            .map(|g| g.key.to_string())
            .collect(),
    };
    let state = AppState::with_config(
        Db::open(":memory:").unwrap(),
        Config {
            engine_threads: 1,
            create_burst: 100_000,
            create_per_minute: 100_000,
            ..Config::default()
        },
    )
    .unwrap();
    println!("game         level  time    answers  median    slowest   kept");
    let mut over = 0;
    for variant in &variants {
        for level in 1..=8u8 {
            let mut times = engine_answers(&state, variant, level, answers, seed).await;
            times.sort();
            let limit = level_time(level).mul_f64(1.1) + Duration::from_millis(100);
            let slowest = times.last().copied().unwrap_or_default();
            let kept = slowest <= limit;
            over += usize::from(!kept);
            println!(
                "{variant:12} {level:5}  {:5} s  {:7}  {:7.3} s  {:7.3} s  {}",
                level_time(level).as_secs_f64(),
                times.len(),
                times
                    .get(times.len() / 2)
                    .copied()
                    .unwrap_or_default()
                    .as_secs_f64(),
                slowest.as_secs_f64(),
                if kept { "yes" } else { "NO" }
            );
        }
    }
    println!("{over} game-levels over their time");
}
