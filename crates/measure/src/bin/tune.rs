//! Coordinate search over the Cardmate evaluation weights by self-play.
//!
//! `cargo run --release -p deckmate-measure --bin tune -- [rounds] [pairs] [depth]`
//!
//! Each candidate (one weight scaled by 1.3 or 0.7) plays `pairs` setups
//! twice, sides swapped, against the current weights, both at a fixed depth
//! (deterministic games); a candidate that scores 55% or more replaces the
//! current weights. Prints every result and the final weights.

use deckmate_games::cardmate::engine::fixed_depth;
use deckmate_games::cardmate::matches::{play_out, setup_of};
use deckmate_games::cardmate::Weights;
use deckmate_games::cardmate::{start_position, Options};
use deckmate_rules::Seat;

fn game(a: &Weights, b: &Weights, i: u32, depth: u32) -> f64 {
    let (kind, seed) = setup_of(i, 2026);
    let mut pos = start_position(kind, seed, Options::default());
    let a_first = i % 2 == 0;
    let mut pa = fixed_depth(depth, a.clone());
    let mut pb = fixed_depth(depth, b.clone());
    let (_, end) = play_out(&mut pos, &mut pa, &mut pb, a_first, 300);
    let a_seat = if a_first { Seat::First } else { Seat::Second };
    match end.and_then(|e| e.winner) {
        Some(w) if w == a_seat => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    }
}

fn score(a: &Weights, b: &Weights, pairs: u32, depth: u32) -> f64 {
    let n = pairs * 2;
    (0..n).map(|i| game(a, b, i, depth)).sum::<f64>() / f64::from(n)
}

fn get(w: &Weights, k: usize) -> i32 {
    match k {
        0 => w.last_king,
        1 => w.king_attacker,
        2 => w.lure,
        3 => w.palace_card,
        4 => w.mobility,
        _ => w.tempo,
    }
}

fn set(w: &mut Weights, k: usize, v: i32) {
    match k {
        0 => w.last_king = v,
        1 => w.king_attacker = v,
        2 => w.lure = v,
        3 => w.palace_card = v,
        4 => w.mobility = v,
        _ => w.tempo = v,
    }
}

const NAMES: [&str; 6] = [
    "last_king",
    "king_attacker",
    "lure",
    "palace_card",
    "mobility",
    "tempo",
];

fn main() {
    // `tune confirm PAIRS DEPTH MOBILITY TEMPO`: one match of those weights
    // against the defaults.
    if std::env::args().nth(1).as_deref() == Some("confirm") {
        let num = |i: usize, d: i32| {
            std::env::args()
                .nth(i)
                .and_then(|a| a.parse().ok())
                .unwrap_or(d)
        };
        let cand = Weights {
            mobility: num(4, 1),
            tempo: num(5, 13),
            ..Weights::default()
        };
        let (pairs, depth) = (num(2, 100) as u32, num(3, 4) as u32);
        let s = score(&cand, &Weights::default(), pairs, depth);
        println!(
            "mobility {} tempo {} vs default: {:.1}% over {} games",
            cand.mobility,
            cand.tempo,
            100.0 * s,
            pairs * 2
        );
        return;
    }
    let arg = |i: usize, d: u32| {
        std::env::args()
            .nth(i)
            .and_then(|a| a.parse().ok())
            .unwrap_or(d)
    };
    let (rounds, pairs, depth) = (arg(1, 2), arg(2, 20), arg(3, 3));
    let mut best = Weights::default();
    for round in 1..=rounds {
        for (k, name) in NAMES.iter().enumerate() {
            for factor in [1.3, 0.7] {
                let mut cand = best.clone();
                let v = get(&best, k);
                let nv = ((f64::from(v) * factor).round() as i32).max(1);
                if nv == v {
                    continue;
                }
                set(&mut cand, k, nv);
                let s = score(&cand, &best, pairs, depth);
                let keep = s >= 0.55;
                println!(
                    "round {round} {:<14} {v:>5} -> {nv:>5}: {:5.1}% {}",
                    name,
                    100.0 * s,
                    if keep { "kept" } else { "" }
                );
                if keep {
                    best = cand;
                    break;
                }
            }
        }
    }
    println!("final: {best:?}");
}
