//! Dealer's Chess's computer players: the generic search of
//! `deckmate-engine` over a position in play with [`DealersEval`], and the
//! arrangement chooser.
//! arrangement chooser ([`super::arrange`]).

pub use super::arrange::choose_arrangement;
use super::eval::DealersEval;
use super::game::{DealersGame, DealersMove};
use super::tools::DealersTools;
use super::Position;
use crate::registry::EngineHook;
use deckmate_engine::search::Searcher;
use deckmate_engine::EnginePlayer;
use deckmate_rules::{Game, ToAct};

/// The engine player over a position in play.
pub type DealersEngine = EnginePlayer<Position, DealersEval>;

/// A searcher with Dealer's Chess's evaluation and a table of `tt_mb`
/// megabytes.
pub fn searcher(tt_mb: usize) -> Searcher<Position, DealersEval> {
    let mut s = Searcher::new(DealersEval, tt_mb);
    s.min_depth = 2;
    s
}

/// The computer's move in a whole game: an arrangement while arranging
/// (for the seat to act, from the deal alone), else the search's move.
pub fn engine_move(g: &DealersGame, level: u8, seed: u64) -> Option<DealersMove> {
    match g.position() {
        Some(p) => DealersTools
            .level_player(level, seed, None)
            .choose(p)
            .map(DealersMove::Play),
        None => {
            let seat = match g.to_act() {
                ToAct::Seat(s) => s,
                _ => return None,
            };
            // The computer agrees to a re-deal: it has seen only the deal.
            if g.offer() == Some(seat.other()) {
                return Some(DealersMove::Redeal(seat));
            }
            let a = choose_arrangement(g.table(), seat, level, seed)?;
            g.arrange_move(seat, &a)
        }
    }
}
