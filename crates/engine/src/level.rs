//! Playing strength levels 1 (beginner) to 8 (full strength).

use std::time::Duration;

/// How a level searches.
#[derive(Clone, Debug, PartialEq)]
pub struct Level {
    /// The level, 1..=8.
    pub level: u8,
    /// Deepest iteration.
    pub depth: u32,
    /// Time per move in play.
    pub time: Duration,
    /// Random noise added to root move scores (centipawns, uniform in
    /// +-noise); never applied to wins and losses, so even level 1 takes an
    /// immediate win and avoids a move that loses at once.
    pub noise: i32,
}

/// The level table. Levels 1-3 search every root move fully (exact scores
/// for the noise), so they always see a one-move loss.
pub fn level(n: u8) -> Level {
    let n = n.clamp(1, 8);
    let (depth, ms, noise) = match n {
        1 => (2, 300, 250),
        2 => (2, 400, 120),
        3 => (3, 600, 60),
        4 => (4, 1000, 20),
        5 => (6, 1500, 0),
        6 => (8, 2500, 0),
        7 => (12, 4000, 0),
        _ => (64, 6000, 0),
    };
    Level {
        level: n,
        depth,
        time: Duration::from_millis(ms),
        noise,
    }
}
