//! Load benchmark: many concurrent games on loopback over WebSockets.
//!
//! `cargo run --release -p deckmate-measure --bin load -- [games] [moves] [pause_ms] [clock_s]`
//! (defaults 500 games, 20 moves each, 1000 ms between a game's moves, each
//! game with a clock of `clock_s` seconds plus 5 (600; 0: no clock), so
//! about 500 moves a second in all, like 500 quick games being played;
//! `pause_ms` 0 hammers the server as fast as it answers). It starts `target/release/deckmate
//! serve --no-engines` (or `$DECKMATE_BIN`) on a free loopback port with a
//! fresh database, the creation rate limit lifted, creates
//! the games, opens one WebSocket watcher per game, then every game plays
//! random legal moves concurrently. Latency is from sending the move to its
//! watcher receiving the new view. Reports moves per second, p50 and p99
//! latency, and the server's memory (resident set) per game. Bounded: it
//! stops after the moves or after 5 minutes.
//!
//! Several servers on one database (issue 32): `DECKMATE_LOAD_DB` names it
//! (a PostgreSQL URL: an empty database) and `DECKMATE_LOAD_SERVERS` how
//! many servers to start on it (default 1). Game `i` is made and played on
//! server `i mod n` and watched on server `i + 1 mod n`, so with two or
//! more every latency measured crosses servers (LISTEN/NOTIFY); memory is
//! reported per server.

#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use deckmate_measure::server::{cpu_of_all, cpu_s, http, ms, pct, rss_kb, Server};
use futures_util::StreamExt;
use serde_json::{json, Value};
use std::time::{Duration, Instant};

#[tokio::main]
async fn main() {
    let arg = |i: usize, d: usize| {
        std::env::args()
            .nth(i)
            .and_then(|a| a.parse().ok())
            .unwrap_or(d)
    };
    let (games, moves, pause, clock_s) =
        (arg(1, 500), arg(2, 20), arg(3, 1000) as u64, arg(4, 600));
    let mut args = vec!["--no-engines"];
    // Builds with a creation rate limit would refuse most of the games.
    if deckmate_measure::server::serve_has_flag("--create-rate") {
        args.extend(["--create-rate", "100000", "--create-burst", "100000"]);
    }
    // Every watcher comes from this one address.
    if deckmate_measure::server::serve_has_flag("--max-connections-per-address") {
        args.extend(["--max-connections-per-address", "100000"]);
    }
    // ... and there are more of them than the default cap of all.
    if deckmate_measure::server::serve_has_flag("--max-connections <N>") {
        args.extend(["--max-connections", "16000"]);
    }
    let db = std::env::var("DECKMATE_LOAD_DB").ok();
    let n = std::env::var("DECKMATE_LOAD_SERVERS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1usize)
        .max(1);
    let mut servers = Vec::new();
    for k in 0..n {
        servers.push(Server::start_on(&format!("load{k}"), db.as_deref(), &args).await);
    }
    let addrs: Vec<String> = servers.iter().map(|s| s.addr.clone()).collect();
    tokio::time::sleep(Duration::from_millis(500)).await;
    let rss0: Vec<u64> = servers.iter().map(|s| rss_kb(s.pid)).collect();

    let mut ids = Vec::new();
    for g in 0..games {
        let r = http(
            &addrs[g % n],
            "POST",
            "/api/games",
            None,
            Some(&if clock_s > 0 {
                json!({"opponent": "friend", "time_control": {"initial_s": clock_s, "increment_s": 5}})
            } else {
                json!({"opponent": "friend"})
            }),
        )
        .await;
        assert_eq!(r.status, 200, "{}", r.body);
        let v = r.body;
        ids.push((
            v["id"].as_str().unwrap().to_string(),
            [
                v["tokens"]["forehand"].as_str().unwrap().to_string(),
                v["tokens"]["rearhand"].as_str().unwrap().to_string(),
            ],
        ));
    }
    let started = Instant::now();
    let cpu0: f64 = servers.iter().map(|s| cpu_s(s.pid)).sum();
    let pg0 = cpu_of_all("postgres");
    let mut tasks = Vec::new();
    for (i, (id, tokens)) in ids.into_iter().enumerate() {
        let addr = addrs[i % n].clone();
        let watch = addrs[(i + 1) % n].clone();
        tasks.push(tokio::spawn(async move {
            let mut lat = Vec::new();
            let mut failed = 0usize;
            let Ok((mut ws, _)) =
                tokio_tungstenite::connect_async(format!("ws://{watch}/api/games/{id}/ws")).await
            else {
                return (lat, 1);
            };
            ws.next().await; // the first view
            let mut rng = i as u64 * 7919 + 1;
            // Spread the games' first moves over one pause.
            tokio::time::sleep(Duration::from_millis(pause * i as u64 / games as u64)).await;
            for ply in 0..moves {
                if ply > 0 {
                    tokio::time::sleep(Duration::from_millis(pause)).await;
                }
                let token = &tokens[ply % 2];
                let view = http(&addr, "GET", &format!("/api/games/{id}"), Some(token), None)
                    .await
                    .body;
                let legal = view["moves"].as_array().cloned().unwrap_or_default();
                if legal.is_empty() {
                    break;
                }
                rng = rng
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let mv = legal[(rng >> 33) as usize % legal.len()]["text"]
                    .as_str()
                    .unwrap()
                    .to_string();
                let t = Instant::now();
                let r = http(
                    &addr,
                    "POST",
                    &format!("/api/games/{id}/moves"),
                    Some(token),
                    Some(&json!({"move": mv})),
                )
                .await;
                if r.status != 200 {
                    eprintln!("game {id} ply {}: {} {}", ply + 1, r.status, r.body);
                    failed += 1;
                    break;
                }
                loop {
                    let Some(Ok(msg)) = ws.next().await else {
                        return (lat, failed + 1);
                    };
                    let v: Value =
                        serde_json::from_str(msg.to_text().unwrap_or("{}")).unwrap_or(Value::Null);
                    if v["plies"].as_u64() == Some(ply as u64 + 1) {
                        break;
                    }
                }
                lat.push(t.elapsed());
            }
            (lat, failed)
        }));
    }
    let mut all = Vec::new();
    let mut failed = 0;
    let deadline = tokio::time::sleep(Duration::from_secs(300));
    tokio::pin!(deadline);
    for t in tasks {
        tokio::select! {
            r = t => {
                let (lat, f) = r.unwrap_or_default();
                all.extend(lat);
                failed += f;
            }
            _ = &mut deadline => break,
        }
    }
    let secs = started.elapsed().as_secs_f64();
    let rss1: Vec<u64> = servers.iter().map(|s| rss_kb(s.pid)).collect();
    let cpu = servers.iter().map(|s| cpu_s(s.pid)).sum::<f64>() - cpu0;
    let pg = cpu_of_all("postgres") - pg0;
    for s in &mut servers {
        s.kill();
    }
    all.sort();
    println!("games {games}, {moves} moves each, {pause} ms between a game's moves");
    println!("moves played {}, {:.1} s", all.len(), secs);
    if failed > 0 {
        println!("games stopped by a failed move or watcher: {failed}");
    }
    println!("moves per second: {:.0}", all.len() as f64 / secs);
    println!(
        "latency p50 {:.1} ms, p99 {:.1} ms",
        ms(pct(&all, 0.5)),
        ms(pct(&all, 0.99))
    );
    // CPU a move: stable when other work shares the machine, unlike the
    // latencies (the PostgreSQL figure counts its backends on this machine,
    // whoever's they are).
    let played = all.len().max(1) as f64;
    if db.as_deref().is_some_and(|d| d.starts_with("postgres")) {
        println!(
            "CPU a move: servers {:.0} µs, PostgreSQL {:.0} µs",
            cpu * 1e6 / played,
            pg * 1e6 / played
        );
    } else {
        println!("CPU a move: servers {:.0} µs", cpu * 1e6 / played);
    }
    println!(
        "{n} server{} on {}",
        if n == 1 { "" } else { "s" },
        db.as_deref()
            .map_or("a fresh SQLite file", |d| if d.starts_with("postgres") {
                "one PostgreSQL database"
            } else {
                d
            })
    );
    for k in 0..n {
        println!(
            "server {k} memory: {} KB at start, {} KB with its {} games and watchers = {:.1} KB per game",
            rss0[k],
            rss1[k],
            games.div_ceil(n),
            (rss1[k].saturating_sub(rss0[k])) as f64 / games.div_ceil(n) as f64
        );
    }
    for s in &servers {
        s.print_log_summary();
    }
}
