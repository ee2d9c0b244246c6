//! Cuarenta's computer players and analysis: the generic search of
//! `deckmate-engine` with Cuarenta's evaluation ([`CuarentaEval`]), its
//! search parameters ([`cuarenta_params`]) and notation.

use super::eval::{CuarentaEval, CuarentaWeights};
use super::{notation, Move, Position};
use deckmate_engine::analyse::{analyse_with, numbered_from, written_line, Analysis};
use deckmate_engine::level::{self, Level};
use deckmate_engine::search::{Limits, Report, SearchParams, Searcher};
use deckmate_engine::{EnginePlayer, Player};
use std::time::Duration;

/// The engine player for Cuarenta: the level-driven search with Cuarenta's
/// evaluation and parameters.
pub type CuarentaEngine = EnginePlayer<Position, CuarentaEval>;

/// A Cuarenta player of strength `level` (1 weakest .. 8 strongest, the
/// same table as Cardmate's, [`level`]) at the level's own time per move;
/// `seed` makes its choices among equal moves reproducible.
pub fn cuarenta_player(level: u8, seed: u64) -> Box<dyn Player<Position>> {
    Box::new(player_with_level(level::level(level), seed, None))
}

/// A Cuarenta player at a level with its own time per move.
pub fn cuarenta_player_timed(level: u8, seed: u64, time: Duration) -> Box<dyn Player<Position>> {
    Box::new(player_with_level(level::level(level), seed, Some(time)))
}

/// The search parameters Cuarenta plays with: the defaults, plus a check
/// extension at the horizon and two plies of quiescence in which a side in
/// check answers with every move instead of standing pat.
pub fn cuarenta_params() -> SearchParams {
    SearchParams {
        threat_extension: true,
        q_threat_plies: 2,
        ..SearchParams::default()
    }
}

/// A Cuarenta player at a level's settings, with `time` per move
/// instead of the level's.
pub fn player_with_level(lv: Level, seed: u64, time: Option<Duration>) -> CuarentaEngine {
    let mut p = EnginePlayer::with_evaluator(CuarentaEval::default(), lv, seed, time);
    p.searcher_mut().params = cuarenta_params();
    p
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

/// Writes `moves`, played from `pos`, in Cuarenta's notation, one entry
/// per move.
pub fn line_text(pos: &Position, moves: &[Move]) -> Vec<String> {
    written_line(pos, moves, notation::write, Position::play_move)
}

/// A line with move numbers: `3. Fa4 Pbc6` or `3... Pbc6 4. Fa4`.
pub fn numbered(pos: &Position, line: &[String]) -> String {
    numbered_from(pos.side_to_move(), pos.fullmove(), line)
}

/// The result of a Cuarenta analysis.
pub type CuarentaAnalysis = Analysis<Move>;

/// Searches `pos` within `limits` (5 seconds when none is given), calling
/// `on_report` after each completed depth with its line in notation.
pub fn analyse(
    pos: &Position,
    limits: &Limits,
    on_report: impl FnMut(&Report<Move>, &[String]),
) -> CuarentaAnalysis {
    analyse_with(&mut searcher(64), pos, limits, line_text, on_report)
}
