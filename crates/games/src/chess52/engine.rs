//! 52Chess's computer players: the generic search of
//! `deckmate-engine` (iterative deepening, expectimax over the draws with
//! Star2 pruning: the cards that let nothing teleport are one outcome,
//! [`Chess52`]'s `chance_outcomes`) with 52Chess's evaluation
//! ([`Chess52Eval`]) and parameters ([`chess52_params`]).
//!
//! A draw takes no depth in the search: depth `n` is `n` moves with the
//! draws between them.

use super::eval::Chess52Eval;
use super::Chess52;
use deckmate_engine::search::{ChancePruning, HorizonChance, SearchParams, Searcher};
use deckmate_engine::EnginePlayer;

/// The engine player for 52Chess.
pub type Chess52Engine = EnginePlayer<Chess52, Chess52Eval>;

/// The search parameters 52Chess plays with: Star2 at the draws; in
/// quiescence a side whose King is attacked stands pat like any other
/// (every move there is followed by a draw of up to 52 cards: searching
/// them all costs more than it finds; the evaluation scores the attack);
/// no extension of an attacked King at the horizon, for the same reason.
/// No late-move pruning nor history malus: the search reaches 4 plies at
/// a chance root, so nearly every node is within the pruning's depths,
/// where it cut the card's quiet moves short: 1 win, 1 draw and 13
/// losses against the build without them (3+0.03).
pub fn chess52_params() -> SearchParams {
    SearchParams {
        chance_pruning: ChancePruning::Star2,
        horizon_chance: HorizonChance::Likeliest,
        threat_extension: false,
        q_threat_plies: 0,
        lmp: false,
        history_malus: false,
        ..SearchParams::default()
    }
}

/// A searcher with 52Chess's evaluation and parameters and a table of
/// `tt_mb` megabytes.
pub fn searcher(tt_mb: usize) -> Searcher<Chess52, Chess52Eval> {
    let mut s = Searcher::new(Chess52Eval::default(), tt_mb);
    s.params = chess52_params();
    s.min_depth = 2;
    s
}
