//! 52Chess's bench: the start and a few seeded random turns from it, each
//! with a card drawn, searched to their depths; the random openings the
//! bench and the matches start from.

use super::tools::TOOLS;
use super::{Chess52, Move};
use crate::registry::EngineTools;
use deckmate_engine::bench::BenchCase;
pub use deckmate_engine::bench::BenchLine;
use deckmate_rules::{Game, SeededRng};
use std::time::Duration;

/// 52Chess bench positions: name, the seed and number of random turns
/// from the start that reach it ([`opening`]; the last card drawn, so a
/// side is to move), depth in moves (draws between them are free).
pub const BENCH: &[(&str, u64, u32, u32)] = &[
    ("52chess start", 0, 0, 3),
    ("52chess 4 turns", 1, 4, 3),
    ("52chess 10 turns", 2, 10, 3),
    ("52chess 20 turns", 3, 20, 3),
];

/// The bench positions as the generic runner takes them, every depth
/// capped at `max_depth`.
pub fn cases(max_depth: u32) -> impl Iterator<Item = Result<BenchCase<Chess52>, String>> {
    BENCH.iter().map(move |&(name, seed, turns, depth)| {
        let mut pos = Chess52::start();
        for m in opening(seed, 0, turns) {
            pos.play_move(m);
        }
        let mut rng = SeededRng::new(seed ^ 0xB3AC);
        if let Some(d) = pos.sample_chance(&mut rng) {
            pos.play_move(d);
        }
        Ok(BenchCase {
            name,
            pos,
            depth: depth.min(max_depth),
        })
    })
}

/// Runs the 52Chess bench with every depth capped at `max_depth`: each
/// line, then the total nodes (its own signature) and time.
pub fn bench(
    max_depth: u32,
    mut on_line: impl FnMut(&BenchLine),
) -> Result<(u64, Duration), String> {
    TOOLS.bench(max_depth, &mut on_line)
}

/// The opening of game pair `pair`: `turns` random turns from the start
/// (a card from the seed, then a random move for it), fewer if the game
/// ends first.
pub fn opening(seed: u64, pair: u64, turns: u32) -> Vec<Move> {
    let mut rng = SeededRng::new(seed.wrapping_mul(0x9E37_79B9).wrapping_add(pair));
    let mut p = Chess52::start();
    let mut out = Vec::new();
    let mut moves = Vec::new();
    for _ in 0..turns {
        let Some(d) = p.sample_chance(&mut rng) else {
            break;
        };
        moves.clear();
        let mut q = p.clone();
        q.play_move(d);
        q.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.below(moves.len() as u64) as usize];
        q.play_move(m);
        if q.end().is_some() {
            break;
        }
        out.push(d);
        out.push(m);
        p = q;
    }
    out
}
