//! Locked-database benchmark: what the server does while another process
//! holds the SQLite write lock.
//!
//! `cargo run --release -p deckmate-measure --bin locked_db -- [lock_seconds=12]`
//!
//! Starts `target/release/deckmate serve` (or `$DECKMATE_BIN`) on a free
//! loopback port with a fresh database file and its default store wait (a
//! write waits 5 s for a lock, then 503), creates six friend games and one
//! game against the level-8 engine, and plays the player's first move in
//! the engine game, so the engine's move comes during the lock. Then it
//! opens the database file itself and holds `BEGIN IMMEDIATE` (with an
//! insert, rolled back at the end) for `lock_seconds`. Meanwhile:
//!
//! - 1 s into the lock, the first moves of games 1-3 at once;
//! - `lock_seconds - 3` s in, the first moves of games 4-6 at once, game 6's
//!   twice (a client's retry: one must play, the other get 409);
//! - every 50 ms, `GET /api/variants`, `GET /api/games?limit=50`, and the
//!   views of game 1 (its move waiting) and of the engine game.
//!
//! After the lock: the refused moves (503) are sent again and must play;
//! every game's plies must be the moves the server acknowledged. Then the
//! server is killed and the database read: every acknowledged move must be
//! in it and nothing else, and `PRAGMA integrity_check` must say ok.
//! Bounded: every request gives up after 30 s.

#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use deckmate_measure::server::{http, ms, spread, Resp, Server};
use serde_json::json;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A friend game: its id, the first mover's token, and that move.
#[derive(Clone)]
struct Game {
    id: String,
    token: String,
    mv: String,
}

/// A move sent: which game, when (seconds from the lock's start), and
/// what came back.
struct Sent {
    game: usize,
    at: f64,
    resp: Resp,
}

/// The timed polls of one path: (seconds from the lock's start, status,
/// latency).
type Polls = Arc<Mutex<Vec<(f64, u16, Duration)>>>;

/// The states a view went through: (seconds from the lock's start, state).
type Seen = Arc<Mutex<Vec<(f64, String)>>>;

fn secs_since(t: Instant, from: Instant) -> f64 {
    if t >= from {
        (t - from).as_secs_f64()
    } else {
        -(from - t).as_secs_f64()
    }
}

/// Polls `path` every 50 ms until `done`; for the engine game's view also
/// notes when a notice shows and when the engine's move lands.
fn poll(
    addr: String,
    path: String,
    token: Option<String>,
    lock_at: Instant,
    done: Arc<AtomicBool>,
    polls: Polls,
    seen: Seen,
) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(Duration::from_millis(50));
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let mut last = String::new();
        while !done.load(Ordering::Relaxed) {
            tick.tick().await;
            let sent = Instant::now();
            let r = http(&addr, "GET", &path, token.as_deref(), None).await;
            let at = secs_since(sent, lock_at);
            polls.lock().unwrap().push((at, r.status, r.elapsed));
            let state = format!(
                "plies {} notice {}",
                r.body["plies"],
                r.body["notice"].as_str().unwrap_or("-")
            );
            if r.body.get("plies").is_some() && state != last {
                seen.lock().unwrap().push((at, state.clone()));
                last = state;
            }
        }
    })
}

async fn send_move(addr: &str, g: &Game, ply: u64) -> Resp {
    http(
        addr,
        "POST",
        &format!("/api/games/{}/moves", g.id),
        Some(&g.token),
        Some(&json!({"move": g.mv, "ply": ply})),
    )
    .await
}

/// The moves of a wave at once: (game index, the game) each.
async fn wave(addr: &str, games: Vec<(usize, Game)>, lock_at: Instant) -> Vec<Sent> {
    let mut tasks = Vec::new();
    for (i, g) in games {
        let addr = addr.to_string();
        tasks.push(tokio::spawn(async move {
            let at = secs_since(Instant::now(), lock_at);
            let resp = send_move(&addr, &g, 1).await;
            Sent { game: i, at, resp }
        }));
    }
    let mut out = Vec::new();
    for t in tasks {
        out.push(t.await.unwrap());
    }
    out
}

fn print_polls(name: &str, polls: &Polls, lock_secs: f64) {
    let p = polls.lock().unwrap();
    let mut during: Vec<Duration> = p
        .iter()
        .filter(|(at, _, _)| (0.0..lock_secs).contains(at))
        .map(|x| x.2)
        .collect();
    let mut outside: Vec<Duration> = p
        .iter()
        .filter(|(at, _, _)| !(0.0..lock_secs).contains(at))
        .map(|x| x.2)
        .collect();
    let mut statuses: BTreeMap<u16, usize> = BTreeMap::new();
    for x in p.iter() {
        *statuses.entry(x.1).or_default() += 1;
    }
    println!(
        "{name}: during the lock {}; outside it {}; statuses {statuses:?}",
        spread(&mut during),
        spread(&mut outside)
    );
}

#[tokio::main]
async fn main() {
    let lock_secs: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(12);
    assert!(lock_secs >= 4, "hold the lock at least 4 s");
    let mut server = Server::start("locked_db", &[]).await;
    let addr = server.addr.clone();
    let db_path = server.db.clone();

    // Six friend games and their first moves, and one engine game.
    let mut games = Vec::new();
    for seed in 1..=6u64 {
        let r = http(
            &addr,
            "POST",
            "/api/games",
            None,
            Some(&json!({"variant": "cardmate", "seed": seed, "opponent": "friend"})),
        )
        .await;
        assert_eq!(r.status, 200, "{}", r.body);
        let id = r.body["id"].as_str().unwrap().to_string();
        let token = r.body["tokens"]["forehand"].as_str().unwrap().to_string();
        let view = http(
            &addr,
            "GET",
            &format!("/api/games/{id}"),
            Some(&token),
            None,
        )
        .await;
        let mv = view.body["moves"][0]["text"].as_str().unwrap().to_string();
        games.push(Game { id, token, mv });
    }
    let r = http(
        &addr,
        "POST",
        "/api/games",
        None,
        Some(&json!({"variant": "cardmate", "seed": 7,
            "opponent": {"engine": 8, "seat": "forehand"}})),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.body);
    let engine_game = {
        let id = r.body["id"].as_str().unwrap().to_string();
        let token = r.body["token"].as_str().unwrap().to_string();
        let view = http(
            &addr,
            "GET",
            &format!("/api/games/{id}"),
            Some(&token),
            None,
        )
        .await;
        let mv = view.body["moves"][0]["text"].as_str().unwrap().to_string();
        Game { id, token, mv }
    };
    let r = send_move(&addr, &engine_game, 1).await;
    assert_eq!(r.status, 200, "{}", r.body);
    let engine_asked = Instant::now();

    // Take the write lock on another connection, as another program would.
    let (locked_tx, locked_rx) = std::sync::mpsc::channel();
    let holder = {
        let db_path = db_path.clone();
        std::thread::spawn(move || {
            let conn = rusqlite::Connection::open(&db_path).expect("open the database");
            conn.busy_timeout(Duration::from_secs(10)).unwrap();
            conn.execute_batch(
                "BEGIN IMMEDIATE;
                 INSERT INTO moves (game_id, ply, text) VALUES ('lock-holder', 1, 'x');",
            )
            .expect("take the write lock");
            let at = Instant::now();
            locked_tx.send(at).unwrap();
            std::thread::sleep(Duration::from_secs(lock_secs));
            conn.execute_batch("ROLLBACK").expect("roll back");
            Instant::now()
        })
    };
    let lock_at = locked_rx.recv().unwrap();
    println!(
        "write lock taken {:.2} s after the engine was asked to move",
        (lock_at - engine_asked).as_secs_f64()
    );

    let done = Arc::new(AtomicBool::new(false));
    let (variants, list, view1, view_engine): (Polls, Polls, Polls, Polls) = Default::default();
    let (seen1, seen_engine): (Seen, Seen) = Default::default();
    let pollers = [
        poll(
            addr.clone(),
            "/api/variants".into(),
            None,
            lock_at,
            done.clone(),
            variants.clone(),
            Arc::default(),
        ),
        poll(
            addr.clone(),
            "/api/games?limit=50".into(),
            None,
            lock_at,
            done.clone(),
            list.clone(),
            Arc::default(),
        ),
        poll(
            addr.clone(),
            format!("/api/games/{}", games[0].id),
            Some(games[0].token.clone()),
            lock_at,
            done.clone(),
            view1.clone(),
            seen1.clone(),
        ),
        poll(
            addr.clone(),
            format!("/api/games/{}", engine_game.id),
            Some(engine_game.token.clone()),
            lock_at,
            done.clone(),
            view_engine.clone(),
            seen_engine.clone(),
        ),
    ];

    // The waves.
    let first = {
        let addr = addr.clone();
        let w: Vec<(usize, Game)> = (0..3).map(|i| (i, games[i].clone())).collect();
        tokio::spawn(async move {
            tokio::time::sleep_until((lock_at + Duration::from_secs(1)).into()).await;
            wave(&addr, w, lock_at).await
        })
    };
    let second = {
        let addr = addr.clone();
        let mut w: Vec<(usize, Game)> = (3..6).map(|i| (i, games[i].clone())).collect();
        w.push((5, games[5].clone()));
        tokio::spawn(async move {
            tokio::time::sleep_until((lock_at + Duration::from_secs(lock_secs - 3)).into()).await;
            wave(&addr, w, lock_at).await
        })
    };
    let mut sent = first.await.unwrap();
    sent.extend(second.await.unwrap());
    let released = tokio::task::spawn_blocking(move || holder.join().unwrap())
        .await
        .unwrap();
    let released_at = secs_since(released, lock_at);

    // The refused ones again, once the lock is gone.
    let mut retried = Vec::new();
    for s in sent.iter().filter(|s| s.resp.status == 503) {
        let at = secs_since(Instant::now(), lock_at);
        let resp = send_move(&addr, &games[s.game], 1).await;
        retried.push(Sent {
            game: s.game,
            at,
            resp,
        });
    }
    // Let the engine's move land, and the polls see it.
    let t = Instant::now();
    loop {
        let v = http(
            &addr,
            "GET",
            &format!("/api/games/{}", engine_game.id),
            None,
            None,
        )
        .await;
        if v.body["plies"].as_u64() >= Some(2) || t.elapsed() > Duration::from_secs(30) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    done.store(true, Ordering::Relaxed);
    for p in pollers {
        let _ = p.await;
    }

    // The server's own view of each game.
    let mut acked: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for s in sent.iter().chain(&retried).filter(|s| s.resp.status == 200) {
        let g = &games[s.game];
        acked.entry(g.id.clone()).or_default().push(g.mv.clone());
    }
    let mut api_ok = true;
    for (i, g) in games.iter().enumerate() {
        let v = http(&addr, "GET", &format!("/api/games/{}", g.id), None, None).await;
        let want = acked.get(&g.id).map_or(0, Vec::len) as u64;
        if v.body["plies"].as_u64() != Some(want) {
            api_ok = false;
            println!(
                "game {}: the server has {} plies, {} acknowledged",
                i + 1,
                v.body["plies"],
                want
            );
        }
    }
    let engine_view = http(
        &addr,
        "GET",
        &format!("/api/games/{}", engine_game.id),
        None,
        None,
    )
    .await
    .body;
    let engine_history: Vec<String> = engine_view["history"]
        .as_array()
        .map(|h| {
            h.iter()
                .filter_map(|m| m.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default();

    let alive = server.alive();
    server.kill();

    // The database as the server left it.
    let conn = rusqlite::Connection::open(&db_path).expect("open the database");
    let integrity: String = conn
        .query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .unwrap_or_else(|e| e.to_string());
    let mut stored: BTreeMap<String, Vec<(i64, String)>> = BTreeMap::new();
    {
        let mut st = conn
            .prepare("SELECT game_id, ply, text FROM moves ORDER BY game_id, ply")
            .unwrap();
        let rows = st
            .query_map([], |r| Ok((r.get::<_, String>(0)?, r.get(1)?, r.get(2)?)))
            .unwrap();
        for row in rows {
            let (id, ply, text): (String, i64, String) = row.unwrap();
            stored.entry(id).or_default().push((ply, text));
        }
    }
    let mut db_ok = true;
    for (i, g) in games.iter().enumerate() {
        let want: Vec<(i64, String)> = acked
            .get(&g.id)
            .map(|m| {
                m.iter()
                    .enumerate()
                    .map(|(k, t)| (k as i64 + 1, t.clone()))
                    .collect()
            })
            .unwrap_or_default();
        let have = stored.get(&g.id).cloned().unwrap_or_default();
        // The server may store a move's canonical text: compare plies, and
        // texts where they were sent canonical.
        if have.len() != want.len() || have.iter().zip(&want).any(|(h, w)| h.0 != w.0) {
            db_ok = false;
            println!("game {}: stored {have:?}, acknowledged {want:?}", i + 1);
        } else if have.iter().zip(&want).any(|(h, w)| h.1 != w.1) {
            println!(
                "game {}: stored texts {have:?} differ from those sent {want:?}",
                i + 1
            );
        }
    }
    let engine_stored: Vec<String> = stored
        .get(&engine_game.id)
        .map(|m| m.iter().map(|x| x.1.clone()).collect())
        .unwrap_or_default();
    if engine_stored != engine_history {
        db_ok = false;
        println!("engine game: stored {engine_stored:?}, the server showed {engine_history:?}");
    }
    if stored.contains_key("lock-holder") {
        db_ok = false;
        println!("the lock holder's rolled-back row is in the database");
    }

    // The report.
    println!(
        "write lock held {lock_secs} s (released at {released_at:.2} s); store wait: the server's default"
    );
    print_polls("GET /api/variants", &variants, lock_secs as f64);
    print_polls("GET /api/games?limit=50", &list, lock_secs as f64);
    print_polls("GET /api/games/{id} (game 1)", &view1, lock_secs as f64);
    print_polls(
        "GET /api/games/{id} (engine game)",
        &view_engine,
        lock_secs as f64,
    );
    println!("moves during the lock (sent at s from the lock's start):");
    for s in &sent {
        println!(
            "  game {} at {:5.2} s: {} after {:7.1} ms{}{}",
            s.game + 1,
            s.at,
            s.resp.status,
            ms(s.resp.elapsed),
            s.resp
                .header("retry-after")
                .map(|r| format!(", Retry-After {r}"))
                .unwrap_or_default(),
            s.resp.body["error"]
                .as_str()
                .map(|e| format!(": {e}"))
                .unwrap_or_default()
        );
    }
    println!("refused moves sent again after the lock:");
    for s in &retried {
        println!(
            "  game {} at {:5.2} s: {} after {:.1} ms{}",
            s.game + 1,
            s.at,
            s.resp.status,
            ms(s.resp.elapsed),
            s.resp.body["error"]
                .as_str()
                .map(|e| format!(": {e}"))
                .unwrap_or_default()
        );
    }
    println!("engine game's view over time (s from the lock's start):");
    for (at, state) in seen_engine.lock().unwrap().iter() {
        println!("  {at:6.2} s: {state}");
    }
    println!("game 1's view over time:");
    for (at, state) in seen1.lock().unwrap().iter() {
        println!("  {at:6.2} s: {state}");
    }
    let all_retries_played = retried.iter().all(|s| s.resp.status == 200);
    let twice = sent.iter().filter(|s| s.game == 5).map(|s| s.resp.status);
    let mut twice: Vec<u16> = twice.collect();
    twice.sort();
    println!("game 6's move sent twice at once: {twice:?} (one 200 and one 409 expected; or 503s)");
    println!(
        "checks: refused moves played when sent again: {}; plies match acknowledgements (API): {}; \
         database holds exactly the acknowledged moves: {}; integrity_check: {integrity}; server alive at the end: {alive}",
        if all_retries_played { "yes" } else { "NO" },
        if api_ok { "yes" } else { "NO" },
        if db_ok { "yes" } else { "NO" },
    );
    server.print_log_summary();
}
