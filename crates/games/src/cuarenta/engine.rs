//! Cuarenta's computer players: the generic search of
//! `deckmate-engine` with Cuarenta's evaluation ([`CuarentaEval`]), its
//! search parameters ([`cuarenta_params`]); its analysis is the registry's
//! generic one ([`crate::registry::Study`]).

use super::eval::{CuarentaEval, CuarentaWeights};
use super::Position;
use deckmate_engine::search::{SearchParams, Searcher};
use deckmate_engine::EnginePlayer;

/// The engine player for Cuarenta: the level-driven search with Cuarenta's
/// evaluation and parameters.
pub type CuarentaEngine = EnginePlayer<Position, CuarentaEval>;

/// The search parameters Cuarenta plays with: the defaults, plus a check
/// extension at the horizon and two plies of quiescence in which a side in
/// check answers with every move instead of standing pat, and narrower
/// reverse-futility and futility margins (110 and 145 a ply, against 150
/// and 200: +29 +- 27 in 400 self-play games, docs/strength.md).
pub fn cuarenta_params() -> SearchParams {
    SearchParams {
        threat_extension: true,
        q_threat_plies: 2,
        rfp_margin: 110,
        futility_margin: 145,
        ..SearchParams::default()
    }
}

/// A deterministic Cuarenta player: a node budget per move (and a
/// depth, 0 for none), no clock, no noise, the given weights (for
/// tuning by self-play).
pub fn fixed_player(depth: u32, nodes: Option<u64>, weights: CuarentaWeights) -> CuarentaEngine {
    crate::registry::fixed_player(CuarentaEval::new(weights), cuarenta_params(), depth, nodes)
}

/// A searcher with Cuarenta's evaluation and search parameters.
pub fn searcher(tt_mb: usize) -> Searcher<Position, CuarentaEval> {
    let mut s = Searcher::new(CuarentaEval::default(), tt_mb);
    s.params = cuarenta_params();
    s.min_depth = 2;
    s
}
