//! SPSA tuning of the Cardmate evaluation weights by self-play.
//!
//! `cargo run --release -p deckmate-measure --bin spsa -- [ITERATIONS] [NODES] [THREADS] [SEED]`
//!
//! Every iteration perturbs all scalar weights (`Weights::NAMES`) at once by
//! +-c_k (a random sign each), plays two setups twice each (sides swapped)
//! between the "plus" and "minus" weights at a fixed node budget per move
//! (deterministic games), and moves every weight by
//! `a_k * c_i * (plus score - minus score) * sign_i`. Gains decay as in
//! Spall's SPSA (a_k = a / (A + k)^0.602, c_k = c / k^0.101). Prints the
//! weights every 10 iterations and at the end.

use deckmate_engine::SearchParams;
use deckmate_games::cardmate::engine::fixed_nodes;
use deckmate_games::cardmate::matches::{play_out, setup_of};
use deckmate_games::cardmate::Weights;
use deckmate_games::cardmate::{start_position, Options};
use deckmate_rules::{Seat, SeededRng};
use std::sync::atomic::{AtomicU32, Ordering};

/// Perturbation sizes (c at k = 1) for each weight of `Weights::NAMES`.
const C: [f64; 9] = [300.0, 15.0, 30.0, 15.0, 40.0, 60.0, 40.0, 1.0, 8.0];
/// Bounds of each weight.
const LO: [f64; 9] = [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0];
const HI: [f64; 9] = [
    4000.0, 300.0, 400.0, 100.0, 600.0, 800.0, 600.0, 10.0, 100.0,
];

fn game(a: &Weights, b: &Weights, setup: u32, a_first: bool, nodes: u64, seed: u64) -> f64 {
    let (kind, s) = setup_of(setup * 2, seed);
    let mut pos = start_position(kind, s, Options::default());
    let mut pa = fixed_nodes(nodes, a.clone(), SearchParams::default());
    let mut pb = fixed_nodes(nodes, b.clone(), SearchParams::default());
    let (_, end) = play_out(&mut pos, &mut pa, &mut pb, a_first, 400);
    let a_seat = if a_first { Seat::First } else { Seat::Second };
    match end.and_then(|e| e.winner) {
        Some(w) if w == a_seat => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    }
}

fn weights(theta: &[f64; 9]) -> Weights {
    let mut w = Weights::default();
    for (i, &t) in theta.iter().enumerate() {
        w.set(i, t.round() as i32);
    }
    w
}

fn main() {
    let arg = |i: usize, d: u64| {
        std::env::args()
            .nth(i)
            .and_then(|a| a.parse().ok())
            .unwrap_or(d)
    };
    let (iters, nodes, threads, seed) =
        (arg(1, 200), arg(2, 12_000), arg(3, 2) as usize, arg(4, 31));
    let base = Weights::default();
    let mut theta = [0.0; 9];
    for (i, t) in theta.iter_mut().enumerate() {
        *t = f64::from(base.get(i));
    }
    let big_a = iters as f64 / 10.0;
    // a is set so that the first step of a 4-0 result is about 0.5 c.
    let a = 0.125 * (big_a + 1.0).powf(0.602);
    let mut rng = SeededRng::new(seed);
    let mut setup = 0u32;
    for k in 1..=iters {
        let ck = 1.0 / (k as f64).powf(0.101);
        let ak = a / (big_a + k as f64).powf(0.602);
        let delta: Vec<f64> = (0..9)
            .map(|_| if rng.below(2) == 0 { -1.0 } else { 1.0 })
            .collect();
        let mut plus = theta;
        let mut minus = theta;
        for i in 0..9 {
            plus[i] = (theta[i] + ck * C[i] * delta[i]).clamp(LO[i], HI[i]);
            minus[i] = (theta[i] - ck * C[i] * delta[i]).clamp(LO[i], HI[i]);
        }
        let (wp, wm) = (weights(&plus), weights(&minus));
        // Two setups, each played with both sides.
        let jobs: Vec<(u32, bool)> = vec![
            (setup, true),
            (setup, false),
            (setup + 1, true),
            (setup + 1, false),
        ];
        setup += 2;
        let next = AtomicU32::new(0);
        let total = std::sync::Mutex::new(0.0);
        std::thread::scope(|s| {
            for _ in 0..threads {
                s.spawn(|| loop {
                    let j = next.fetch_add(1, Ordering::Relaxed) as usize;
                    let Some(&(st, first)) = jobs.get(j) else {
                        break;
                    };
                    let r = game(&wp, &wm, st, first, nodes, seed);
                    if let Ok(mut t) = total.lock() {
                        *t += r;
                    }
                });
            }
        });
        let score = total.into_inner().unwrap_or(2.0);
        // plus - minus, in games: score - (4 - score).
        let result = 2.0 * score - 4.0;
        for i in 0..9 {
            theta[i] = (theta[i] + ak * C[i] * result * delta[i]).clamp(LO[i], HI[i]);
        }
        if k % 10 == 0 || k == iters {
            let w: Vec<String> = Weights::NAMES
                .iter()
                .zip(theta.iter())
                .map(|(n, t)| format!("{n} {t:.0}"))
                .collect();
            println!("iteration {k}: {}", w.join(", "));
        }
    }
    println!("final: {:?}", weights(&theta));
}
