//! Failover benchmark (issue 32): how long after a server dies another
//! server on the same PostgreSQL database takes its games over.
//!
//! `scripts/with-postgres.sh cargo run --release -p deckmate-measure --bin failover -- [rounds]`
//! (or `DECKMATE_LOAD_DB=postgres://...` naming an empty database). It
//! starts server B, then for each round (default 10) starts server A,
//! makes a clocked Cuarenta game on A (3 s each, no increment), plays both
//! first moves on A so that White's clock runs there, waits until White has
//! about half a second left, and kills A (SIGKILL). The flag must then fall
//! on B; the time from the kill to the flag is the takeover (the lease's
//! lapse and B's next look), the clock having run out already by then.
//! Also counts acknowledged moves missing from B's view (0 expected).

#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use deckmate_measure::server::{http, ms, pct, Server};
use serde_json::json;
use std::time::{Duration, Instant};

#[tokio::main]
async fn main() {
    let rounds: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(10);
    let db = std::env::var("DECKMATE_LOAD_DB")
        .or_else(|_| std::env::var("DECKMATE_TEST_DATABASE_URL"))
        .expect("DECKMATE_LOAD_DB or DECKMATE_TEST_DATABASE_URL: a PostgreSQL database (scripts/with-postgres.sh)");
    let args = ["--no-engines"];
    let mut b = Server::start_on("failover-b", Some(&db), &args).await;
    let mut times = Vec::new();
    let mut lost = 0usize;
    for round in 1..=rounds {
        let mut a = Server::start_on(&format!("failover-a{round}"), Some(&db), &args).await;
        let r = http(
            &a.addr,
            "POST",
            "/api/games",
            None,
            Some(&json!({"variant": "cuarenta", "opponent": "friend",
                "time_control": {"initial_s": 3, "increment_s": 0}})),
        )
        .await;
        assert_eq!(r.status, 200, "{}", r.body);
        let id = r.body["id"].as_str().unwrap().to_string();
        let mut played = Vec::new();
        for seat in ["white", "black"] {
            let token = r.body["tokens"][seat].as_str().unwrap().to_string();
            let v = http(
                &a.addr,
                "GET",
                &format!("/api/games/{id}"),
                Some(&token),
                None,
            )
            .await
            .body;
            let mv = v["moves"][0]["text"].as_str().unwrap().to_string();
            let m = http(
                &a.addr,
                "POST",
                &format!("/api/games/{id}/moves"),
                Some(&token),
                Some(&json!({"move": mv})),
            )
            .await;
            assert_eq!(m.status, 200, "{}", m.body);
            played.push(mv);
        }
        // White's 3 s run on A: kill A with about half a second left.
        tokio::time::sleep(Duration::from_millis(2500)).await;
        a.kill();
        let killed = Instant::now();
        let over = loop {
            let v = http(&b.addr, "GET", &format!("/api/games/{id}"), None, None)
                .await
                .body;
            if !v["result"].is_null() {
                break v;
            }
            assert!(
                killed.elapsed() < Duration::from_secs(30),
                "round {round}: no flag on B after 30 s: {v}"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        };
        let took = killed.elapsed();
        let history: Vec<String> = over["history"]
            .as_array()
            .map(|h| {
                h.iter()
                    .filter_map(|m| m.as_str().map(str::to_string))
                    .collect()
            })
            .unwrap_or_default();
        lost += played.iter().filter(|m| !history.contains(m)).count();
        println!(
            "round {round}: the flag fell on B {:.0} ms after A was killed ({})",
            ms(took),
            over["result"]["reason"].as_str().unwrap_or("?")
        );
        times.push(took);
    }
    b.kill();
    times.sort();
    println!(
        "{rounds} kills: takeover (kill to flag on B) min {:.0} ms, median {:.0} ms, max {:.0} ms; acknowledged moves lost: {lost}",
        ms(times[0]),
        ms(pct(&times, 0.5)),
        ms(times[times.len() - 1])
    );
}
