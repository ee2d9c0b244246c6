//! Cuarenta's bench: fixed positions (the start and a few seeded random
//! plies from it) with their own node signature; the random openings the
//! bench and the matches start from.

use super::tools::TOOLS;
use crate::cuarenta::{self, Move, Position};
use crate::registry::EngineTools;
use deckmate_engine::bench::BenchCase;
pub use deckmate_engine::bench::BenchLine;
use std::time::Duration;

/// Cuarenta bench positions: name, the seed and number of random plies
/// from the start that reach it ([`opening`]), depth.
pub const BENCH: &[(&str, u64, u32, u32)] = &[
    ("cuarenta start", 0, 0, 7),
    ("cuarenta 6 plies", 1, 6, 6),
    ("cuarenta 12 plies", 2, 12, 6),
    ("cuarenta 20 plies", 3, 20, 5),
];

/// Runs the Cuarenta bench with every depth capped at `max_depth`: each
/// line, then the total nodes (its own signature) and time.
pub fn bench(
    max_depth: u32,
    mut on_line: impl FnMut(&BenchLine),
) -> Result<(u64, Duration), String> {
    TOOLS.bench(max_depth, &mut on_line)
}

/// The bench positions as the generic runner takes them, every depth
/// capped at `max_depth`.
pub fn cases(max_depth: u32) -> impl Iterator<Item = Result<BenchCase<Position>, String>> {
    BENCH.iter().map(move |&(name, seed, plies, depth)| {
        let mut pos = cuarenta::start_position();
        for m in opening(seed, 0, plies) {
            pos.play_move(m);
        }
        Ok(BenchCase {
            name,
            pos,
            depth: depth.min(max_depth),
        })
    })
}

/// The opening of game pair `pair`: random legal moves from the start.
pub fn opening(seed: u64, pair: u64, plies: u32) -> Vec<Move> {
    deckmate_engine::matches::random_opening(&cuarenta::start_position(), seed, pair, plies)
}
