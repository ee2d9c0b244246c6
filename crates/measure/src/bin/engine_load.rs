//! Engine load benchmark: many engine games at once.
//!
//! `cargo run --release -p deckmate-measure --bin engine_load -- [games=100]
//! [level=8] [variant=cardmate] [run_seconds=60] [settle_seconds=420]`
//!
//! Starts `target/release/deckmate serve` (or `$DECKMATE_BIN`) with its
//! engines on a free loopback port with a fresh database and the creation
//! rate limit lifted, then creates `games` games at once in which the
//! engine (at `level`) has the first seat and so moves first: every search
//! is asked for at once. For `run_seconds` a player per game, watching its
//! game over a WebSocket, plays the first legal move (with its ply) each
//! time it is its turn, which keeps the engines busy. Meanwhile `GET
//! /api/games?limit=50` is timed every 100 ms and the server's resident set
//! and threads are read from /proc every 100 ms. Then the players stop and
//! the benchmark waits (up to `settle_seconds`) until no engine is to move,
//! and reads the memory again 5 s later.
//!
//! Prints the peak and settled memory, the most threads, the list's
//! latency while the engines were busy, the engines' moves and how long a
//! player waited for one, and a summary of the server's log. Bounded in
//! time: every request gives up after 30 s, every phase has its limit.

#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use deckmate_measure::server::{http, mb, proc_status, spread, ProcStatus, Server};
use futures_util::StreamExt;
use serde_json::{json, Value};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// What the list poller saw, by phase.
#[derive(Default)]
struct ListTimes {
    /// While the games were created and played.
    playing: Vec<Duration>,
    /// After the players stopped, while engines still searched.
    draining: Vec<Duration>,
    /// Requests that did not answer 200.
    failed: Vec<u16>,
}

/// What a player saw.
#[derive(Default)]
struct Played {
    /// Its moves the server took (200).
    moves: usize,
    /// From the game's creation to the engine's first move.
    first_reply: Option<Duration>,
    /// From each of its moves to the engine's answer.
    replies: Vec<Duration>,
    /// Statuses other than 200 its moves got, and what they said.
    refused: Vec<(u16, String)>,
    /// Views with a notice (an engine move that could not be saved).
    notices: usize,
    /// Whether the game ended.
    ended: bool,
    /// Whether the watcher failed (could not connect, or was closed).
    ws_failed: bool,
}

/// Every game's summary from the paged list.
async fn all_games(addr: &str) -> Option<Vec<Value>> {
    let mut games = Vec::new();
    let mut path = "/api/games?limit=100".to_string();
    loop {
        let r = http(addr, "GET", &path, None, None).await;
        if r.status != 200 {
            return None;
        }
        games.extend(r.body["games"].as_array().cloned().unwrap_or_default());
        match r.body["next"].as_str() {
            Some(n) => path = format!("/api/games?limit=100&before={n}"),
            None => return Some(games),
        }
    }
}

/// Games whose engine (in `engine_seat`) is to move, and all the games'
/// plies.
fn pending_and_plies(games: &[Value], engine_seat: u64) -> (usize, u64) {
    let pending = games
        .iter()
        .filter(|g| g["result"].is_null() && g["to_move"].as_u64() == Some(engine_seat))
        .count();
    let plies = games.iter().filter_map(|g| g["plies"].as_u64()).sum();
    (pending, plies)
}

/// Watches one game and plays the first legal move whenever it is the
/// player's turn, until `stop`.
async fn player(
    addr: String,
    id: String,
    token: String,
    created: Instant,
    stop: Instant,
) -> Played {
    let mut p = Played::default();
    let url = format!("ws://{addr}/api/games/{id}/ws?token={token}");
    let Ok(Ok((mut ws, _))) = tokio::time::timeout(
        Duration::from_secs(30),
        tokio_tungstenite::connect_async(url),
    )
    .await
    else {
        p.ws_failed = true;
        return p;
    };
    // When the engine was last asked to move (the creation, then each of
    // the player's moves), until its answer comes.
    let mut asked: Option<Instant> = Some(created);
    let mut first = true;
    let stop = tokio::time::Instant::from_std(stop);
    loop {
        let msg = tokio::select! {
            m = ws.next() => m,
            _ = tokio::time::sleep_until(stop) => break,
        };
        let Some(Ok(msg)) = msg else {
            p.ws_failed = true;
            break;
        };
        let Ok(text) = msg.to_text() else { continue };
        let Ok(view) = serde_json::from_str::<Value>(text) else {
            continue;
        };
        if !view["notice"].is_null() {
            p.notices += 1;
        }
        if !view["result"].is_null() {
            p.ended = true;
            break;
        }
        let legal = view["moves"].as_array().cloned().unwrap_or_default();
        let Some(mv) = legal.first().and_then(|m| m["text"].as_str()) else {
            continue;
        };
        if let Some(t) = asked.take() {
            if first {
                p.first_reply = Some(t.elapsed());
                first = false;
            } else {
                p.replies.push(t.elapsed());
            }
        }
        let ply = view["plies"].as_u64().unwrap_or(0) + 1;
        // Play it; a busy database (503) is tried again after Retry-After.
        loop {
            if tokio::time::Instant::now() >= stop {
                return p;
            }
            let r = http(
                &addr,
                "POST",
                &format!("/api/games/{id}/moves"),
                Some(&token),
                Some(&json!({"move": mv, "ply": ply})),
            )
            .await;
            if r.status == 200 {
                p.moves += 1;
                // The engine's turn now (not the player's again, nor over).
                let mine = r.body["moves"].as_array().is_some_and(|m| !m.is_empty());
                if !mine && r.body["result"].is_null() {
                    asked = Some(Instant::now());
                }
                break;
            }
            p.refused
                .push((r.status, r.body["error"].as_str().unwrap_or("").to_string()));
            if r.status == 503 {
                let wait = r
                    .header("retry-after")
                    .and_then(|s| s.parse().ok())
                    .unwrap_or(1);
                tokio::time::sleep(Duration::from_secs(wait)).await;
                continue;
            }
            // 409: the game moved on meanwhile; the next view says how.
            break;
        }
    }
    p
}

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().collect();
    let arg = |i: usize, d: u64| args.get(i).and_then(|a| a.parse().ok()).unwrap_or(d);
    let games = arg(1, 100) as usize;
    let level = arg(2, 8);
    let variant = args.get(3).cloned().unwrap_or_else(|| "cardmate".into());
    let run = Duration::from_secs(arg(4, 60));
    let settle = Duration::from_secs(arg(5, 420));

    let mut flags = vec!["--create-rate", "100000", "--create-burst", "100000"];
    // Every player's socket comes from this one address.
    if deckmate_measure::server::serve_has_flag("--max-connections-per-address") {
        flags.extend(["--max-connections-per-address", "100000"]);
    }
    let mut server = Server::start("engine_load", &flags).await;
    let addr = server.addr.clone();
    let pid = server.pid;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let base = proc_status(pid);

    // The engine takes the first seat, the player the second.
    let variants = http(&addr, "GET", "/api/variants", None, None).await.body;
    let seats: Vec<String> = variants
        .as_array()
        .and_then(|vs| vs.iter().find(|v| v["key"] == variant.as_str()))
        .and_then(|v| v["seats"].as_array())
        .map(|s| {
            s.iter()
                .filter_map(|x| x.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_else(|| panic!("no variant '{variant}' in GET /api/variants"));
    let (engine_seat, human_seat) = (0u64, seats[1].clone());

    // Memory and threads every 100 ms.
    let done = Arc::new(AtomicBool::new(false));
    let samples: Arc<Mutex<Vec<(Duration, ProcStatus)>>> = Arc::default();
    let t0 = Instant::now();
    let sampler = {
        let (done, samples) = (done.clone(), samples.clone());
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(Duration::from_millis(100));
            while !done.load(Ordering::Relaxed) {
                tick.tick().await;
                let s = proc_status(pid);
                samples.lock().unwrap().push((t0.elapsed(), s));
            }
        })
    };
    // The lobby's list every 100 ms.
    let draining = Arc::new(AtomicBool::new(false));
    let list = Arc::new(Mutex::new(ListTimes::default()));
    let polls = Arc::new(AtomicUsize::new(0));
    let poller = {
        let (done, draining, list, polls, addr) = (
            done.clone(),
            draining.clone(),
            list.clone(),
            polls.clone(),
            addr.clone(),
        );
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(Duration::from_millis(100));
            tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            while !done.load(Ordering::Relaxed) {
                tick.tick().await;
                let r = http(&addr, "GET", "/api/games?limit=50", None, None).await;
                polls.fetch_add(1, Ordering::Relaxed);
                let mut l = list.lock().unwrap();
                if r.status != 200 {
                    l.failed.push(r.status);
                } else if draining.load(Ordering::Relaxed) {
                    l.draining.push(r.elapsed);
                } else {
                    l.playing.push(r.elapsed);
                }
            }
        })
    };

    // Every game at once.
    let body = json!({
        "variant": variant,
        "opponent": {"engine": level, "seat": human_seat},
    });
    let creating = Instant::now();
    let mut creations = Vec::new();
    for i in 0..games {
        let (addr, mut body) = (addr.clone(), body.clone());
        body["seed"] = json!(1000 + i);
        creations.push(tokio::spawn(async move {
            let r = http(&addr, "POST", "/api/games", None, Some(&body)).await;
            (r, Instant::now())
        }));
    }
    let mut created = Vec::new();
    let mut create_times = Vec::new();
    let mut create_failed = Vec::new();
    for c in creations {
        let (r, at) = c.await.unwrap();
        create_times.push(r.elapsed);
        if r.status == 200 {
            created.push((
                r.body["id"].as_str().unwrap().to_string(),
                r.body["token"].as_str().unwrap().to_string(),
                at,
            ));
        } else {
            create_failed.push((r.status, r.body.to_string()));
        }
    }
    let created_in = creating.elapsed();

    // Play until the run is over.
    let stop = creating + run;
    let mut players = Vec::new();
    for (id, token, at) in &created {
        players.push(tokio::spawn(player(
            addr.clone(),
            id.clone(),
            token.clone(),
            *at,
            stop,
        )));
    }
    let mut played = Vec::new();
    for p in players {
        played.push(p.await.unwrap_or_default());
    }
    let run_secs = creating.elapsed().as_secs_f64();
    let at_stop = all_games(&addr).await.unwrap_or_default();
    let (pending_at_stop, plies_at_stop) = pending_and_plies(&at_stop, engine_seat);
    let human_moves: usize = played.iter().map(|p| p.moves).sum();

    // Wait until no engine is to move.
    draining.store(true, Ordering::Relaxed);
    let draining_from = Instant::now();
    let mut idle_after = None;
    let mut pending = pending_at_stop;
    let mut plies = plies_at_stop;
    while draining_from.elapsed() < settle {
        if let Some(g) = all_games(&addr).await {
            (pending, plies) = pending_and_plies(&g, engine_seat);
            if pending == 0 {
                idle_after = Some(draining_from.elapsed());
                break;
            }
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
    draining.store(false, Ordering::Relaxed);
    done.store(true, Ordering::Relaxed);
    let _ = poller.await;
    let _ = sampler.await;
    let at_idle = proc_status(pid);
    tokio::time::sleep(Duration::from_secs(5)).await;
    let settled = proc_status(pid);
    let alive = server.alive();
    server.kill();

    // The figures.
    let samples = samples.lock().unwrap().clone();
    let peak = samples.iter().map(|s| s.1.rss_kb).max().unwrap_or(0);
    let hwm = samples.iter().map(|s| s.1.hwm_kb).max().unwrap_or(0);
    let threads = samples.iter().map(|s| s.1.threads).max().unwrap_or(0);
    let mut list = std::mem::take(&mut *list.lock().unwrap());
    let mut firsts: Vec<Duration> = played.iter().filter_map(|p| p.first_reply).collect();
    let mut replies: Vec<Duration> = played.iter().flat_map(|p| p.replies.clone()).collect();
    let mut refused: Vec<(u16, String)> = played.iter().flat_map(|p| p.refused.clone()).collect();
    refused.sort();
    refused.dedup_by(|a, b| a.0 == b.0);

    println!("{games} {variant} games, engine level {level} moving first, {run_secs:.0} s of play");
    println!(
        "created {} in {:.2} s (POST {}){}",
        created.len(),
        created_in.as_secs_f64(),
        spread(&mut create_times),
        if create_failed.is_empty() {
            String::new()
        } else {
            format!(
                "; refused {}: {:?}",
                create_failed.len(),
                create_failed.first()
            )
        }
    );
    println!(
        "server memory: {:.1} MB at start, peak {:.1} MB (VmHWM {:.1} MB), {:.1} MB when idle, {:.1} MB 5 s later",
        mb(base.rss_kb),
        mb(peak),
        mb(hwm),
        mb(at_idle.rss_kb),
        mb(settled.rss_kb)
    );
    println!(
        "threads: {} at start, at most {}, {} when idle",
        base.threads, threads, settled.threads
    );
    println!(
        "GET /api/games?limit=50 while playing: {}",
        spread(&mut list.playing)
    );
    println!(
        "GET /api/games?limit=50 while engines drained: {}",
        spread(&mut list.draining)
    );
    if !list.failed.is_empty() {
        println!("list requests not 200: {:?}", list.failed);
    }
    let engine_moves_run = plies_at_stop.saturating_sub(human_moves as u64);
    let engine_moves = plies.saturating_sub(human_moves as u64);
    println!(
        "plies: engines' {engine_moves_run} during play ({:.2} a second), {engine_moves} in all; players' {human_moves}",
        engine_moves_run as f64 / run_secs
    );
    println!(
        "engine's first move after creation: {} of {} games; {}",
        firsts.len(),
        created.len(),
        spread(&mut firsts)
    );
    println!(
        "engine's answer to a player's move: {}",
        spread(&mut replies)
    );
    println!(
        "when play stopped: {pending_at_stop} games waited for their engine; {}",
        match idle_after {
            Some(d) => format!("none after {:.0} s more", d.as_secs_f64()),
            None => format!(
                "still {pending} after {:.0} s (gave up waiting)",
                settle.as_secs_f64()
            ),
        }
    );
    println!(
        "games ended {}, watchers failed {}, views with a notice {}, list polls {}",
        played.iter().filter(|p| p.ended).count(),
        played.iter().filter(|p| p.ws_failed).count(),
        played.iter().map(|p| p.notices).sum::<usize>(),
        polls.load(Ordering::Relaxed)
    );
    if !refused.is_empty() {
        println!("player moves refused (one of each status): {refused:?}");
    }
    if !alive {
        println!("the server had exited before the end");
    }
    print!("memory (MB) and threads every 10 s:");
    let mut next = Duration::ZERO;
    for (t, s) in &samples {
        if *t >= next {
            print!(" {:.0}s {:.0}/{}", t.as_secs_f64(), mb(s.rss_kb), s.threads);
            next += Duration::from_secs(10);
        }
    }
    println!();
    server.print_log_summary();
}
