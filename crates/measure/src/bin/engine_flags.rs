//! Issue 29 item 4: does the engine lose on time when its queue is busy?
//!
//! `cargo run --release -p deckmate-measure --bin engine_flags --
//! [clocked=20] [unclocked=19] [seconds=10] [run_seconds=90] [threads=2]`
//!
//! In one process (no HTTP: the router is called directly), over an
//! in-memory database with `threads` engine threads: `clocked` Cuarenta
//! games with a clock of `seconds`+0 against the engine at level 8 (the
//! engine Black), and `unclocked` Cuarenta games without a clock against
//! the engine at level 8 (the engine White, so it moves first) that load
//! the pool. A random mover plays the other seat of every game, at once
//! whenever it is its turn, for `run_seconds`. Then it prints how many of
//! the clocked games the engine lost on time, how many ended otherwise,
//! and the moves played.

#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

/// The body of the router's answer.
async fn call(
    state: &AppState,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<Value>,
) -> Value {
    deckmate_measure::server::call(state, method, path, token, body)
        .await
        .1
}

use deckmate_server::{AppState, Config, Db};
use serde_json::{json, Value};
use std::time::{Duration, Instant};

/// Plays the player's seat of a game with random legal moves until the
/// game ends or `stop`; the game's last view.
async fn random_mover(
    state: AppState,
    id: String,
    token: String,
    seed: u64,
    stop: Instant,
) -> Value {
    let mut mover = deckmate_measure::server::RandomMover::new(seed);
    let mut last = Value::Null;
    while Instant::now() < stop {
        let v = call(
            &state,
            "GET",
            &format!("/api/games/{id}"),
            Some(&token),
            None,
        )
        .await;
        if !v["result"].is_null() {
            return v;
        }
        match mover.play(&state, &id, &token, &v).await {
            Some((_, answer)) => last = answer,
            None => {
                last = v;
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        }
    }
    last
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let args: Vec<String> = std::env::args().collect();
    let arg = |i: usize, d: u64| args.get(i).and_then(|a| a.parse().ok()).unwrap_or(d);
    let clocked = arg(1, 20) as usize;
    let unclocked = arg(2, 19) as usize;
    let seconds = arg(3, 10);
    let run = Duration::from_secs(arg(4, 90));
    let threads = arg(5, 2) as usize;
    let state = AppState::with_config(
        Db::open(":memory:").unwrap(),
        Config {
            engine_threads: threads,
            create_burst: 100_000,
            create_per_minute: 100_000,
            ..Config::default()
        },
    )
    .unwrap();
    let stop = Instant::now() + run;
    let mut load = Vec::new();
    for i in 0..unclocked {
        let v = call(
            &state,
            "POST",
            "/api/games",
            None,
            Some(json!({"variant": "cuarenta", "opponent": {"engine": 8, "seat": "black"}})),
        )
        .await;
        let (id, token) = (
            v["id"].as_str().unwrap().to_string(),
            v["token"].as_str().unwrap().to_string(),
        );
        load.push(tokio::spawn(random_mover(
            state.clone(),
            id,
            token,
            1000 + i as u64,
            stop,
        )));
    }
    let mut games = Vec::new();
    for i in 0..clocked {
        let v = call(
            &state,
            "POST",
            "/api/games",
            None,
            Some(
                json!({"variant": "cuarenta", "opponent": {"engine": 8, "seat": "white"},
                        "time_control": {"initial_s": seconds, "increment_s": 0}}),
            ),
        )
        .await;
        let (id, token) = (
            v["id"].as_str().unwrap().to_string(),
            v["token"].as_str().unwrap().to_string(),
        );
        games.push(tokio::spawn(random_mover(
            state.clone(),
            id,
            token,
            i as u64,
            stop,
        )));
    }
    let (mut flagged, mut other_end, mut going, mut plies) = (0, 0, 0, 0);
    for g in games {
        let v = g.await.unwrap();
        plies += v["plies"].as_u64().unwrap_or(0);
        let reason = v["result"]["reason"].as_str().unwrap_or("");
        if v["result"].is_null() {
            going += 1;
        } else if reason.contains("Black lost on time") {
            flagged += 1;
        } else {
            other_end += 1;
        }
    }
    let mut load_plies = 0;
    for g in load {
        load_plies += g.await.unwrap()["plies"].as_u64().unwrap_or(0);
    }
    println!(
        "{clocked} clocked games ({seconds}+0, engine level 8) with {unclocked} unclocked level-8 games loading {threads} engine threads for {} s:",
        run.as_secs()
    );
    println!("  the engine lost on time: {flagged} of {clocked}");
    println!("  ended otherwise: {other_end}; still going: {going}; plies played: {plies}");
    println!("  plies in the unclocked games: {load_plies}");
}
