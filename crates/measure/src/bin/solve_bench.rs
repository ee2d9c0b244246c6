//! The Chess Cards solver's speed: solves the first game of `n` seeded
//! deals, each with a fresh (cold) table, on one thread, and prints the
//! median, mean and slowest time and the positions searched.
//!
//! `cargo run --release -p deckmate-measure --bin solve_bench -- [n] [first seed] [table bits]`

use deckmate_games::chess_cards::Solver;
use deckmate_games::chess_cards::{ChessCards, SacrificeCount};
use std::time::Instant;

fn main() {
    let arg = |i: usize, d: u64| {
        std::env::args()
            .nth(i)
            .and_then(|a| a.parse().ok())
            .unwrap_or(d)
    };
    let (n, first, table_bits) = (arg(1, 20), arg(2, 1), arg(3, 20));
    let mut times = Vec::new();
    let mut nodes = 0;
    for seed in first..first + n {
        let (a, b) = ChessCards::deal(seed);
        let Ok(g) = ChessCards::new(a, b, SacrificeCount::Net) else {
            continue;
        };
        let mut s = Solver::with_table_bits(table_bits as u32);
        let t = Instant::now();
        let v = s.value(&g);
        let secs = t.elapsed().as_secs_f64();
        nodes += s.nodes;
        println!(
            "deal {seed:4}: value {v:5}  {:8} positions  {secs:.3} s",
            s.nodes
        );
        times.push(secs);
    }
    times.sort_by(f64::total_cmp);
    let total: f64 = times.iter().sum();
    println!(
        "{} deals: median {:.3} s, mean {:.3} s, slowest {:.3} s, {:.0} positions/s",
        times.len(),
        times.get(times.len() / 2).copied().unwrap_or(0.0),
        total / times.len().max(1) as f64,
        times.last().copied().unwrap_or(0.0),
        nodes as f64 / total.max(1e-9)
    );
}
