//! Solves one Chess Cards deal and prints the value, line and time:
//! `cargo run --release -p deckmate-measure --bin solve_deal -- [seed]`.

use deckmate_games::chess_cards::Solver;
use deckmate_games::chess_cards::{ChessCards, SacrificeCount};
use std::time::Instant;

fn main() {
    let seed = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(1);
    let (a, b) = ChessCards::deal(seed);
    let Ok(g) = ChessCards::new(a, b, SacrificeCount::Net) else {
        return;
    };
    let t = Instant::now();
    let mut s = Solver::new();
    let (v, line) = s.solve(&g);
    println!(
        "dealer {a}\nother  {b}\nvalue {v} ({} positions, {:.3} s)",
        s.nodes,
        t.elapsed().as_secs_f64()
    );
    for (seat, turn) in line {
        let sac = turn.sacrifice.map(|c| format!("({c})")).unwrap_or_default();
        println!(
            "  {:?}: {sac}{}{}",
            seat,
            turn.card,
            if turn.privilege { "*" } else { "" }
        );
    }
}
