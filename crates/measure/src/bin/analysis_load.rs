//! Does analysis slow the games' engines? Engine games' first moves timed
//! with and without analysis boards busy on the same engine pool.
//!
//! `cargo run --release -p deckmate-measure --bin analysis_load -- [analyses=8] [games=10] [level=4]`
//!
//! Starts `target/release/deckmate serve` (or `$DECKMATE_BIN`) with its
//! engines on two threads and the creation rate limit lifted. Then twice:
//! once with no analysis, once with `analyses` analysis sockets each
//! asking for three lines of a Cardmate position for 30 s (and again
//! whenever one ends), it creates `games` Cardmate games one after the
//! other in which the engine (at `level`) moves first, and times each from
//! its creation until the engine's move is in its view. Prints p50 and the
//! slowest, and how many analysis reports came meanwhile.

#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use deckmate_measure::server::{http, ms, pct, Server};
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;

/// Times `games` engine games from creation to the engine's first move.
async fn first_moves(addr: &str, games: usize, level: usize) -> Vec<Duration> {
    let mut times = Vec::new();
    for _ in 0..games {
        let t = Instant::now();
        let r = http(
            addr,
            "POST",
            "/api/games",
            None,
            Some(&json!({ "variant": "cardmate", "opponent": { "engine": level, "seat": "rearhand" } })),
        )
        .await;
        assert_eq!(r.status, 200, "{}", r.body);
        let id = r.body["id"].as_str().unwrap().to_string();
        loop {
            let v = http(addr, "GET", &format!("/api/games/{id}"), None, None).await;
            if v.body["plies"].as_u64().unwrap_or(0) >= 1 {
                break;
            }
            assert!(
                t.elapsed() < Duration::from_secs(120),
                "no engine move in 2 minutes"
            );
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        times.push(t.elapsed());
    }
    times.sort();
    times
}

#[tokio::main]
async fn main() {
    let arg = |i: usize, d: usize| {
        std::env::args()
            .nth(i)
            .and_then(|a| a.parse().ok())
            .unwrap_or(d)
    };
    let (analyses, games, level) = (arg(1, 8), arg(2, 10), arg(3, 4));
    let mut args = vec!["--engine-threads", "2"];
    if deckmate_measure::server::serve_has_flag("--create-rate") {
        args.extend(["--create-rate", "100000", "--create-burst", "100000"]);
    }
    let mut server = Server::start("analysis-load", &args).await;
    let addr = server.addr.clone();
    let quiet = first_moves(&addr, games, level).await;

    let board = http(
        &addr,
        "POST",
        "/api/analysis",
        None,
        Some(&json!({ "game": "cardmate", "seed": 3 })),
    )
    .await;
    assert_eq!(board.status, 200, "{}", board.body);
    let stop = Arc::new(AtomicBool::new(false));
    let reports = Arc::new(AtomicUsize::new(0));
    let refused = Arc::new(AtomicUsize::new(0));
    let mut tasks = Vec::new();
    for i in 0..analyses {
        let (addr, stop, reports, refused) =
            (addr.clone(), stop.clone(), reports.clone(), refused.clone());
        let mut req: Value = board.body.clone();
        req["lines"] = json!(3);
        req["seconds"] = json!(30);
        tasks.push(tokio::spawn(async move {
            let (mut ws, _) =
                tokio_tungstenite::connect_async(format!("ws://{addr}/api/analysis/ws"))
                    .await
                    .unwrap();
            let mut n = 0u64;
            while !stop.load(Ordering::Relaxed) {
                n += 1;
                req["id"] = json!(format!("{i}-{n}"));
                ws.send(Message::Text(req.to_string().into()))
                    .await
                    .unwrap();
                loop {
                    let Ok(Some(Ok(m))) =
                        tokio::time::timeout(Duration::from_secs(1), ws.next()).await
                    else {
                        if stop.load(Ordering::Relaxed) {
                            return;
                        }
                        continue;
                    };
                    let Ok(t) = m.to_text() else { continue };
                    let v: Value = serde_json::from_str(t).unwrap_or(Value::Null);
                    if v.get("error").is_some() {
                        refused.fetch_add(1, Ordering::Relaxed);
                        tokio::time::sleep(Duration::from_millis(500)).await;
                        break;
                    }
                    reports.fetch_add(1, Ordering::Relaxed);
                    if v["done"] == true {
                        break;
                    }
                }
            }
        }));
    }
    tokio::time::sleep(Duration::from_secs(2)).await;
    let busy = first_moves(&addr, games, level).await;
    stop.store(true, Ordering::Relaxed);
    for t in tasks {
        let _ = t.await;
    }
    println!("engine games at level {level}, {games} each, engine pool of 2 threads");
    println!(
        "  no analysis:         first move p50 {:7.0} ms, slowest {:7.0} ms",
        ms(pct(&quiet, 50.0)),
        ms(*quiet.last().unwrap())
    );
    println!(
        "  {analyses} analyses running: first move p50 {:7.0} ms, slowest {:7.0} ms ({} analysis reports, {} refusals: busy)",
        ms(pct(&busy, 50.0)),
        ms(*busy.last().unwrap()),
        reports.load(Ordering::Relaxed),
        refused.load(Ordering::Relaxed)
    );
    server.kill();
}
