//! Playing strength levels 1 (beginner) to 8 (full strength).
//!
//! | level | depth | nodes per move | time per move | root noise | what it is |
//! |---|---|---|---|---|---|
//! | 1 | 2 | - | 0.1 s | +-300 | a beginner: takes a win in one, never allows one, otherwise plays loosely |
//! | 2 | 2 | - | 0.2 s | +-100 | sees one move ahead for both sides |
//! | 3 | 3 | - | 0.3 s | +-40 | sees its own follow-up |
//! | 4 | - | 20,000 | 1 s | 0 | a club player: about five plies plus capture chains, answers at once |
//! | 5 | - | 60,000 | 1 s | 0 | |
//! | 6 | - | 200,000 | 2 s | 0 | |
//! | 7 | - | 800,000 | 3 s | 0 | |
//! | 8 | - | - | 6 s | 0 | full strength: as deep as the time allows |
//!
//! The node budgets make levels 4-7 play the same on any machine (as long
//! as the time does not run out first); level 8 uses its whole time. Every
//! level completes a two-ply search whatever the limits, scoring every
//! root move exactly (the noisy levels 1-3) or by a full search (4-8), and
//! noise is never added to a won or lost score, so every level takes an
//! immediate win and never plays a move that allows the opponent one when
//! another move does not. Forced chains of compulsory captures are followed
//! beyond the nominal depth at every level (extensions and quiescence).

use std::time::Duration;

/// How a level searches.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Level {
    /// The level, 1..=8.
    pub level: u8,
    /// Deepest iteration.
    pub depth: u32,
    /// Time per move in play.
    pub time: Duration,
    /// Node budget per move (none: time and depth decide).
    pub nodes: Option<u64>,
    /// Random noise added to root move scores (centipawns, uniform in
    /// +-noise); never applied to wins and losses, so even level 1 takes an
    /// immediate win and avoids a move that loses at once.
    pub noise: i32,
}

/// The level table (levels outside 1..=8 are clamped).
pub fn level(n: u8) -> Level {
    let n = n.clamp(1, 8);
    let (depth, nodes, ms, noise) = match n {
        1 => (2, None, 100, 300),
        2 => (2, None, 200, 100),
        3 => (3, None, 300, 40),
        4 => (64, Some(20_000), 1000, 0),
        5 => (64, Some(60_000), 1000, 0),
        6 => (64, Some(200_000), 2000, 0),
        7 => (64, Some(800_000), 3000, 0),
        _ => (64, None, 6000, 0),
    };
    Level {
        level: n,
        depth,
        time: Duration::from_millis(ms),
        nodes,
        noise,
    }
}

/// Every level, 1 to 8.
pub fn all() -> Vec<Level> {
    (1..=8).map(level).collect()
}
