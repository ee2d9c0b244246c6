//! Perft speed of the fairy core:
//! `cargo run --release -p deckmate-games --example fairy_perft -- chess 6`
//! prints, for each depth up to 6, the leaves and leaves per second from
//! chess's start on one thread.
//!
//! Options after the depth: `--set u64|u128|256` (the square-set width;
//! chess fits all three), `--generic` (the kernel's `deckmate_rules::perft`
//! over `Game` instead of the position's own), `--fen "<position>"`.

use deckmate_games::fairy::{chess, Position, Set256, SquareSet, Tables};
use deckmate_rules::perft;
use std::sync::Arc;
use std::time::Instant;

fn run<S: SquareSet>(fen: Option<&str>, max: u32, generic: bool) {
    let tables = match Tables::<S>::new(chess()) {
        Ok(t) => Arc::new(t),
        Err(e) => return eprintln!("{e}"),
    };
    let pos = match fen {
        Some(f) => match Position::from_text(&tables, f) {
            Ok(p) => p,
            Err(e) => return eprintln!("{e}"),
        },
        None => Position::start(&tables),
    };
    for depth in 1..=max {
        let t = Instant::now();
        let n = if generic {
            perft(&pos, depth)
        } else {
            pos.perft(depth)
        };
        let secs = t.elapsed().as_secs_f64();
        println!(
            "depth {depth}: {n} leaves in {secs:.3} s = {:.1} M leaves/s",
            n as f64 / secs.max(1e-9) / 1e6
        );
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let game = args.first().map_or("chess", String::as_str);
    if game != "chess" {
        eprintln!("unknown game '{game}': this example knows chess");
        return;
    }
    let max: u32 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(5);
    let value = |flag: &str| {
        args.iter()
            .position(|a| a == flag)
            .and_then(|i| args.get(i + 1))
            .map(String::as_str)
    };
    let generic = args.iter().any(|a| a == "--generic");
    let fen = value("--fen");
    match value("--set").unwrap_or("u64") {
        "u64" => run::<u64>(fen, max, generic),
        "u128" => run::<u128>(fen, max, generic),
        "256" => run::<Set256>(fen, max, generic),
        other => eprintln!("--set takes u64, u128 or 256, not {other}"),
    }
}
