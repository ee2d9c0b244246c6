//! Cardmate's deterministic players for tuning: the generic search of
//! `deckmate-engine` with Cardmate's evaluation ([`CardmateEval`]) at given
//! weights. Its level players and its analysis are the registry's generic
//! ones ([`super::tools::CardmateTools`]).

use super::eval::{CardmateEval, Weights};
use super::Position;
use crate::registry::untimed_player;
use deckmate_engine::search::{SearchParams, Searcher};
use deckmate_engine::EnginePlayer;

/// The engine player for Cardmate: the level-driven search with Cardmate's
/// evaluation.
pub type CardmateEngine = EnginePlayer<Position, CardmateEval>;

/// Cardmate's search parameters: the defaults, with internal iterative
/// reduction and counter-moves (400 games at 3+0.03 against the build
/// without them: +39 +- 34 Elo).
pub fn cardmate_params() -> SearchParams {
    SearchParams {
        iir: true,
        countermove: true,
        ..SearchParams::default()
    }
}

/// A deterministic player: fixed depth, no clock, no noise, the given
/// evaluation weights (for tuning by self-play).
pub fn fixed_depth(depth: u32, weights: Weights) -> CardmateEngine {
    fixed_nodes_at(depth, None, weights, cardmate_params())
}

/// A deterministic player with a node budget per move (a clock that
/// does not depend on the machine), the given weights and search
/// parameters (for tuning by self-play).
pub fn fixed_nodes(nodes: u64, weights: Weights, params: SearchParams) -> CardmateEngine {
    fixed_nodes_at(0, Some(nodes), weights, params)
}

/// [`untimed_player`] with Cardmate's evaluation at `weights`, an 8 MB table.
fn fixed_nodes_at(depth: u32, nodes: Option<u64>, w: Weights, p: SearchParams) -> CardmateEngine {
    let mut searcher = Searcher::new(CardmateEval { weights: w }, 8);
    searcher.params = p;
    searcher.min_depth = 2;
    untimed_player(searcher, depth, nodes)
}
