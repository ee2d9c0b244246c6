//! Prints perft counts and speed from the start position:
//! `cargo run --release -p deckmate-measure --bin perft_speed -- 5` for
//! Cardmate, `... -- 5 cuarenta` for Cuarenta.

use deckmate_games::{cardmate, cuarenta};
use deckmate_rules::{perft, Game};
use std::time::Instant;

fn run<G: Game>(start: &G, max: u32) {
    for depth in 1..=max {
        let t = Instant::now();
        let n = perft(start, depth);
        let secs = t.elapsed().as_secs_f64();
        println!(
            "depth {depth}: {n} leaves in {secs:.3} s = {:.1} M leaves/s",
            n as f64 / secs.max(1e-9) / 1e6
        );
    }
}

fn main() {
    let max: u32 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(4);
    match std::env::args().nth(2).as_deref() {
        Some("cuarenta") => run(&cuarenta::start_position(), max),
        _ => run(
            &cardmate::start_position(
                cardmate::SetupKind::Predefined,
                0,
                cardmate::Options::default(),
            ),
            max,
        ),
    }
}
