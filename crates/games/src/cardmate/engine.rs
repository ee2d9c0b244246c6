//! Cardmate's computer players and analysis: the generic search of
//! `deckmate-engine` with Cardmate's evaluation ([`CardmateEval`]) and
//! notation.

use super::eval::{CardmateEval, Weights};
use super::{notation, tools::CardmateTools, Move, Position};
use crate::registry::{untimed_player, EngineHook};
use deckmate_engine::analyse::{analyse_with, numbered_from, written_line, Analysis};
use deckmate_engine::level;
use deckmate_engine::search::{Limits, Report, SearchParams, Searcher};
use deckmate_engine::{EnginePlayer, Player};
use std::time::Duration;

/// The engine player for Cardmate: the level-driven search with Cardmate's
/// evaluation.
pub type CardmateEngine = EnginePlayer<Position, CardmateEval>;

/// A Cardmate player of strength `level` (1 weakest .. 8 strongest) at the
/// level's own time per move; `seed` makes its choices among equal moves
/// reproducible.
pub fn cardmate_player(level: u8, seed: u64) -> Box<dyn Player<Position>> {
    Box::new(CardmateTools.player(level::level(level), seed, None))
}

/// A Cardmate player at a level with its own time per move.
pub fn cardmate_player_timed(level: u8, seed: u64, time: Duration) -> Box<dyn Player<Position>> {
    Box::new(CardmateTools.player(level::level(level), seed, Some(time)))
}

/// A deterministic player: fixed depth, no clock, no noise, the given
/// evaluation weights (for tuning by self-play).
pub fn fixed_depth(depth: u32, weights: Weights) -> CardmateEngine {
    fixed_nodes_at(depth, None, weights, SearchParams::default())
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

/// A line of moves (already in notation) with move numbers, from `pos`:
/// `18... 7Dh8 19. 8D:h8`.
pub fn numbered_line(pos: &Position, line: &[String]) -> String {
    numbered_from(pos.side_to_move(), pos.fullmove(), line)
}

/// Writes `moves`, played from `pos`, in the page's notation, one entry per
/// move (`8D:j7`, `QS:f0+`, `QS:e0×`).
pub fn line_text(pos: &Position, moves: &[Move]) -> Vec<String> {
    written_line(pos, moves, notation::write, Position::play_move)
}

/// Searches `pos` within `limits` (a depth, a time, a node budget or a
/// mix; with none at all, 5 seconds), calling `on_report` after each
/// completed depth with the report and its principal variation in
/// notation, and returns the best line. One thread, a 64 MB table.
pub fn analyse(
    pos: &Position,
    limits: &Limits,
    on_report: impl FnMut(&Report<Move>, &[String]),
) -> Analysis<Move> {
    analyse_with(
        &mut CardmateTools.searcher(64),
        pos,
        limits,
        line_text,
        on_report,
    )
}
