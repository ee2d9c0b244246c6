//! Prints Cardmate perft counts and speed from the start position:
//! `cargo run --release -p deckmate-games --example perft_speed -- 5`.

use deckmate_games::cardmate::{start_position, Options, SetupKind};
use deckmate_rules::perft;
use std::time::Instant;

fn main() {
    let max: u32 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(4);
    let start = start_position(SetupKind::Predefined, 0, Options::default());
    for depth in 1..=max {
        let t = Instant::now();
        let n = perft(&start, depth);
        let secs = t.elapsed().as_secs_f64();
        println!(
            "depth {depth}: {n} leaves in {secs:.3} s = {:.1} M leaves/s",
            n as f64 / secs.max(1e-9) / 1e6
        );
    }
}
