//! Toy games for testing and measuring the search (not part of the
//! engine's interface): small enough to search to the end, so that the
//! search's values can be checked against a plain expectimax.
//!
//! [`Pig`] is turn-limited Pig: a dice game with chance nodes, where a
//! seat moves several times in a row (it rolls, chance answers, it chooses
//! again, and a big enough bank gives it the next turn too) and where
//! several faces of the die reach the same position (every bust), so the
//! search merges them into one branch.
//!
//! [`Grab`] is a take-away game where a card drawn before each turn may
//! add a move: the card that adds none is the chance node's base
//! outcome ([`deckmate_rules::Game::chance_base`]), as 52Chess's cards
//! that teleport nothing are.

mod grab;
mod pig;

pub use grab::{Grab, GrabEval, GrabMove, GrabRules};
pub use pig::{Pig, PigEval, PigMove, PigRules};

use crate::search::{ChancePruning, SearchParams};

/// Search parameters for searching a toy game to its end exactly: the
/// depth-limited heuristics (late and internal iterative reductions,
/// futility pruning) off,
/// no extensions (a depth is so many choices), chance nodes pruned as
/// `pruning` says.
pub fn exact_params(pruning: ChancePruning) -> SearchParams {
    SearchParams {
        forced_moves: 0,
        lmr: false,
        iir: false,
        // Ordering as it was, so that node counts compare the chance
        // pruning modes alone.
        countermove: false,
        rfp_margin: 0,
        futility_margin: 0,
        chance_pruning: pruning,
        ..SearchParams::default()
    }
}
