//! Load benchmark: many concurrent games on loopback over WebSockets.
//!
//! `cargo run --release -p deckmate-server --example load -- [games] [moves] [pause_ms]`
//! (defaults 500 games, 20 moves each, 1000 ms between a game's moves, so
//! about 500 moves a second in all, like 500 quick games being played;
//! `pause_ms` 0 hammers the server as fast as it answers). It starts `target/release/deckmate
//! serve --no-engines` on a free loopback port with a fresh database, creates
//! the games, opens one WebSocket watcher per game, then every game plays
//! random legal moves concurrently. Latency is from sending the move to its
//! watcher receiving the new view. Reports moves per second, p50 and p99
//! latency, and the server's memory (resident set) per game. Bounded: it
//! stops after the moves or after 5 minutes.

#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use futures_util::StreamExt;
use serde_json::{json, Value};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

async fn http(
    addr: &str,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<&Value>,
) -> (u16, Value) {
    let mut s = TcpStream::connect(addr).await.expect("connect");
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let auth = token
        .map(|t| format!("Authorization: Bearer {t}\r\n"))
        .unwrap_or_default();
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n{auth}Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).await.expect("write");
    let mut buf = Vec::new();
    s.read_to_end(&mut buf).await.expect("read");
    let text = String::from_utf8_lossy(&buf);
    let status = text
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    let body = text.split("\r\n\r\n").nth(1).unwrap_or("");
    (status, serde_json::from_str(body).unwrap_or(Value::Null))
}

fn rss_kb(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1).and_then(|n| n.parse().ok()))
        })
        .unwrap_or(0)
}

#[tokio::main]
async fn main() {
    let arg = |i: usize, d: usize| {
        std::env::args()
            .nth(i)
            .and_then(|a| a.parse().ok())
            .unwrap_or(d)
    };
    let (games, moves, pause) = (arg(1, 500), arg(2, 20), arg(3, 1000) as u64);
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let bin = root.join("target/release/deckmate");
    let db = std::env::temp_dir().join(format!("deckmate-load-{}.db", std::process::id()));
    let _ = std::fs::remove_file(&db);
    let port = 20000 + (std::process::id() % 20000) as u16;
    let addr = format!("127.0.0.1:{port}");
    let mut server = std::process::Command::new(&bin)
        .args([
            "serve",
            "--no-engines",
            "--addr",
            &addr,
            "--db",
            db.to_str().unwrap(),
        ])
        .stdout(std::process::Stdio::null())
        .spawn()
        .expect("start target/release/deckmate (cargo build --release first)");
    tokio::time::sleep(Duration::from_millis(500)).await;
    let pid = server.id();
    let rss0 = rss_kb(pid);

    let mut ids = Vec::new();
    for _ in 0..games {
        let (s, v) = http(
            &addr,
            "POST",
            "/api/games",
            None,
            Some(&json!({"opponent": "friend"})),
        )
        .await;
        assert_eq!(s, 200, "{v}");
        ids.push((
            v["id"].as_str().unwrap().to_string(),
            [
                v["tokens"]["forehand"].as_str().unwrap().to_string(),
                v["tokens"]["rearhand"].as_str().unwrap().to_string(),
            ],
        ));
    }
    let started = Instant::now();
    let mut tasks = Vec::new();
    for (i, (id, tokens)) in ids.into_iter().enumerate() {
        let addr = addr.clone();
        tasks.push(tokio::spawn(async move {
            let (mut ws, _) =
                tokio_tungstenite::connect_async(format!("ws://{addr}/api/games/{id}/ws"))
                    .await
                    .expect("ws");
            ws.next().await; // the first view
            let mut lat = Vec::new();
            let mut rng = i as u64 * 7919 + 1;
            // Spread the games' first moves over one pause.
            tokio::time::sleep(Duration::from_millis(pause * i as u64 / games as u64)).await;
            for ply in 0..moves {
                if ply > 0 {
                    tokio::time::sleep(Duration::from_millis(pause)).await;
                }
                let token = &tokens[ply % 2];
                let (_, view) =
                    http(&addr, "GET", &format!("/api/games/{id}"), Some(token), None).await;
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
                let (s, _) = http(
                    &addr,
                    "POST",
                    &format!("/api/games/{id}/moves"),
                    Some(token),
                    Some(&json!({"move": mv})),
                )
                .await;
                assert_eq!(s, 200);
                loop {
                    let Some(Ok(msg)) = ws.next().await else {
                        return lat;
                    };
                    let v: Value =
                        serde_json::from_str(msg.to_text().unwrap_or("{}")).unwrap_or(Value::Null);
                    if v["plies"].as_u64() == Some(ply as u64 + 1) {
                        break;
                    }
                }
                lat.push(t.elapsed());
            }
            lat
        }));
    }
    let mut all = Vec::new();
    let deadline = tokio::time::sleep(Duration::from_secs(300));
    tokio::pin!(deadline);
    for t in tasks {
        tokio::select! {
            r = t => all.extend(r.unwrap_or_default()),
            _ = &mut deadline => break,
        }
    }
    let secs = started.elapsed().as_secs_f64();
    let rss1 = rss_kb(pid);
    let _ = server.kill();
    let _ = server.wait();
    let _ = std::fs::remove_file(&db);
    all.sort();
    let pct = |p: f64| {
        all.get(((all.len() as f64 * p) as usize).min(all.len().saturating_sub(1)))
            .copied()
            .unwrap_or_default()
    };
    println!("games {games}, {moves} moves each, {pause} ms between a game's moves");
    println!("moves played {}, {:.1} s", all.len(), secs);
    println!("moves per second: {:.0}", all.len() as f64 / secs);
    println!(
        "latency p50 {:.1} ms, p99 {:.1} ms",
        pct(0.5).as_secs_f64() * 1e3,
        pct(0.99).as_secs_f64() * 1e3
    );
    println!(
        "server memory: {} KB at start, {} KB with {games} games and watchers = {:.1} KB per game",
        rss0,
        rss1,
        (rss1.saturating_sub(rss0)) as f64 / games as f64
    );
}
