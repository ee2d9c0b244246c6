//! Accounts benchmark (issue 33): the password hash's time, and the
//! log-in latency seen by a client, for a right password, a wrong one and
//! an unknown name (the last two must take the same time).
//!
//! `cargo run --release -p deckmate-measure --bin accounts -- [rounds]`
//! (default 20). Hashes `rounds` passwords in this process with the
//! server's Argon2id parameters, then starts `target/release/deckmate
//! serve` (or `$DECKMATE_BIN`) on a fresh SQLite file, registers one
//! account and logs in `rounds` times each way over HTTP (a wrong
//! password and an unknown name under a fresh name each time, so that the
//! log-in limit of 5 failures an account is not met; the 20 an address
//! limit would be met: at most 9 rounds of failures are timed).
//! Last, reads the server's log for any session or API token.

#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use deckmate_measure::server::{http, spread, Server};
use serde_json::json;
use std::time::{Duration, Instant};

#[tokio::main]
async fn main() {
    let rounds: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(20);
    let mut hashes: Vec<Duration> = (0..rounds)
        .map(|i| {
            let t = Instant::now();
            deckmate_accounts::hash_password(&format!("correct horse battery {i}")).unwrap();
            t.elapsed()
        })
        .collect();
    println!(
        "Argon2id (m = {} KiB, t = {}, p = {}) hash: {}",
        deckmate_accounts::password::MEMORY_KIB,
        deckmate_accounts::password::ITERATIONS,
        deckmate_accounts::password::PARALLELISM,
        spread(&mut hashes)
    );
    let server = Server::start_on(
        "accounts",
        None,
        &[
            "--no-engines",
            "--create-rate",
            "1000",
            "--create-burst",
            "1000",
        ],
    )
    .await;
    let r = http(
        &server.addr,
        "POST",
        "/api/account/register",
        None,
        Some(&json!({"username": "bench", "password": "correct horse battery"})),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.head);
    let mut right = Vec::new();
    let mut wrong = Vec::new();
    let mut unknown = Vec::new();
    let failures = rounds.min(9);
    for i in 0..rounds {
        let r = http(
            &server.addr,
            "POST",
            "/api/account/login",
            None,
            Some(&json!({"username": "bench", "password": "correct horse battery"})),
        )
        .await;
        assert_eq!(r.status, 200);
        right.push(r.elapsed);
        if i < failures {
            // A fresh account each time for the wrong password.
            let name = format!("b{i}");
            let reg = http(
                &server.addr,
                "POST",
                "/api/account/register",
                None,
                Some(&json!({"username": name, "password": "correct horse battery"})),
            )
            .await;
            assert_eq!(reg.status, 200, "{}", reg.head);
            let r = http(
                &server.addr,
                "POST",
                "/api/account/login",
                None,
                Some(&json!({"username": name, "password": "not the password"})),
            )
            .await;
            assert_eq!(r.status, 401);
            wrong.push(r.elapsed);
            let r = http(
                &server.addr,
                "POST",
                "/api/account/login",
                None,
                Some(&json!({"username": format!("nobody{i}"), "password": "not the password"})),
            )
            .await;
            assert_eq!(r.status, 401);
            unknown.push(r.elapsed);
        }
    }
    println!("log-in, right password: {}", spread(&mut right));
    println!("log-in, wrong password: {}", spread(&mut wrong));
    println!("log-in, unknown name:   {}", spread(&mut unknown));
    let log = std::fs::read_to_string(&server.log).unwrap_or_default();
    let leaks = log.matches("dms_").count() + log.matches("dmp_").count();
    println!("tokens in the server's log: {leaks}");
}
