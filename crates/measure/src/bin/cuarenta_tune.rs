//! Cuarenta piece values by self-play: each candidate value set plays
//! pairs of games (colours swapped, the same seeded random opening) against
//! the default weights at a fixed node budget per move, so the result does
//! not depend on the machine.
//!
//! `cargo run --release -p deckmate-measure --bin cuarenta_tune -- [PAIRS] [NODES]`

use deckmate_engine::Player;
use deckmate_games::cuarenta;
use deckmate_games::cuarenta::engine::fixed_player;
use deckmate_games::cuarenta::tools::opening;
use deckmate_games::cuarenta::CuarentaWeights;
use deckmate_rules::Seat;

/// One game; returns the points of the player with weights `a`.
fn game(a: &CuarentaWeights, b: &CuarentaWeights, a_white: bool, pair: u64, nodes: u64) -> f64 {
    let mut pa = fixed_player(0, Some(nodes), a.clone());
    let mut pb = fixed_player(0, Some(nodes), b.clone());
    let mut pos = cuarenta::start_position();
    for m in opening(17, pair, 4) {
        pos.play_move(m);
    }
    let mut plies = 0;
    while pos.end_state().is_none() && plies < 300 {
        let a_to_move = (pos.side_to_move() == Seat::First) == a_white;
        let m = if a_to_move {
            pa.choose(&pos)
        } else {
            pb.choose(&pos)
        };
        let Some(m) = m else { break };
        pos.play_move(m);
        plies += 1;
    }
    let a_seat = if a_white { Seat::First } else { Seat::Second };
    match pos.end_state().and_then(|e| e.winner) {
        Some(w) if w == a_seat => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let pairs: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(4);
    let nodes: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(3000);
    let base = CuarentaWeights::default();
    // Candidates: one value changed at a time (K B C G V F P).
    let names = ["King", "Bishop", "Camel", "Guard", "Vao", "Frog", "Pawn"];
    let mut candidates = Vec::new();
    for (i, delta) in [
        (1, 80),
        (1, -80),
        (2, 60),
        (2, -60),
        (3, 60),
        (3, -60),
        (4, 60),
        (4, -60),
        (5, 60),
        (5, -60),
    ] {
        let mut w = base.clone();
        w.values[i] += delta;
        candidates.push((format!("{} {:+}", names[i], delta), w));
    }
    println!(
        "default values {:?}; {pairs} pairs per candidate, {nodes} nodes per move",
        base.values
    );
    for (name, w) in &candidates {
        let mut points = 0.0;
        for pair in 0..pairs {
            points += game(w, &base, true, pair, nodes);
            points += game(w, &base, false, pair, nodes);
        }
        println!("{name:<12} {points:4.1} / {}", 2 * pairs);
    }
}
