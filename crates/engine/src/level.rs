//! Playing strength levels 1 (beginner) to 8 (full strength).
//!
//! | level | depth | nodes per move | time per move | root noise | what it is |
//! |---|---|---|---|---|---|
//! | 1 | 2 | at most 4,000 | (0.1 s) | +-300 | a beginner: takes a win in one, never allows one, otherwise plays loosely |
//! | 2 | 2 | at most 8,000 | (0.2 s) | +-100 | sees one move ahead for both sides |
//! | 3 | 3 | at most 16,000 | (0.3 s) | +-40 | sees its own follow-up |
//! | 4 | - | 20,000 | 1 s | 0 | a club player: about five plies plus capture chains, answers at once |
//! | 5 | - | 60,000 | 1 s | 0 | |
//! | 6 | - | 200,000 | 2 s | 0 | |
//! | 7 | - | 800,000 | 3 s | 0 | |
//! | 8 | - | - | 6 s | 0 | full strength: as deep as the time allows |
//!
//! Levels 1-3 count nodes and never look at the clock: a hard ceiling
//! ([`Level::max_nodes`]) that no part of the search passes, quiescence
//! included, so the same position and seed give the same move on any
//! machine, and a move never takes longer than the ceiling's nodes (their
//! time, in brackets, is what the ceiling costs at most on a large board,
//! used to choose a level under a clock). The node budgets make levels 4-7
//! play the same on any machine as long as the time does not run out
//! first; level 8 uses its whole time. Every level completes a two-ply
//! search when it fits in its limits (levels 1-3: within the ceiling; 4-8:
//! whatever the time and node budget, but never past a deadline set from
//! outside, [`crate::deadline`]), scoring every root move exactly (the
//! noisy levels 1-3) or by a full search (4-8), and noise is never added
//! to a won or lost score, so every level takes an immediate win and
//! never plays a move that allows the opponent one when another move does
//! not, where two plies fit. Forced chains of compulsory captures are
//! followed beyond the nominal depth at every level (extensions and
//! quiescence).

use std::time::Duration;

/// How a level searches.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Level {
    /// The level, 1..=8.
    pub level: u8,
    /// Deepest iteration.
    pub depth: u32,
    /// Time per move in play (levels 1-3: the most their node ceiling
    /// takes, not a limit: they never look at the clock).
    pub time: Duration,
    /// Node budget per move (none: time and depth decide); beyond the
    /// two-ply minimum.
    pub nodes: Option<u64>,
    /// A hard node ceiling per move that even the two-ply minimum stays
    /// within (levels 1-3, which then search without a clock).
    pub max_nodes: Option<u64>,
    /// Random noise added to root move scores (centipawns, uniform in
    /// +-noise); never applied to wins and losses, so even level 1 takes an
    /// immediate win and avoids a move that loses at once.
    pub noise: i32,
}

/// The level table (levels outside 1..=8 are clamped).
pub fn level(n: u8) -> Level {
    let n = n.clamp(1, 8);
    let (depth, nodes, ms, noise) = match n {
        1 => (2, Some(4_000), 100, 300),
        2 => (2, Some(8_000), 200, 100),
        3 => (3, Some(16_000), 300, 40),
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
        max_nodes: if n <= 3 { nodes } else { None },
        noise,
    }
}

/// Every level, 1 to 8.
pub fn all() -> Vec<Level> {
    (1..=8).map(level).collect()
}
