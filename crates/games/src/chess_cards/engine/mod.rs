//! The Chess Cards engine: the exact solver ([`Solver`]), a slow and
//! simple one that checks it ([`reference::ReferenceSolver`]), and the
//! computer player ([`ChessCardsPlayer`]): level 8 plays by the solver,
//! the lower levels see fewer moves ahead.

pub mod deals;
mod dominance;
pub mod reference;
mod solver;
mod state;
mod table;

pub use solver::Solver;
// The solver's parts, public for the tests only (tests/chess_cards_solver.rs).
#[doc(hidden)]
pub use dominance::{play_dominated, play_equivalent, sacrifice_dominated};
#[doc(hidden)]
pub use solver::{count, encode, sac_order, BEATERS};
#[doc(hidden)]
pub use state::{lead_wins, piece, suit};
#[doc(hidden)]
pub use table::{Entry, Table};

use crate::chess_cards::{ChessCards, Turn};
use deckmate_rules::SeededRng;

/// How many moves ahead (the current one included) a level looks; what
/// lies beyond counts as a draw. Level 8 sees to the end: perfect play.
///
/// | level | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 |
/// |---|---|---|---|---|---|---|---|---|
/// | moves ahead | 1 | 2 | 3 | 4 | 5 | 6 | 8 | all (exact) |
pub fn level_moves(level: u8) -> u32 {
    match level.clamp(1, 8) {
        7 => 8,
        8 => 10,
        n => u32::from(n),
    }
}

/// A Chess Cards computer player at a level 1..=8.
///
/// Every level plays a turn that is best within its horizon
/// ([`level_moves`]); so even level 1 mates when it can and level 8 never
/// gives away a point. Among equally good turns it prefers plain plays
/// (no sacrifice, no privilege) and then draws one from its seed.
pub struct ChessCardsPlayer {
    level: u8,
    rng: SeededRng,
    solver: Solver,
}

impl ChessCardsPlayer {
    /// A player of `level` whose choices among equal turns come from `seed`.
    pub fn new(level: u8, seed: u64) -> ChessCardsPlayer {
        let level = level.clamp(1, 8);
        let solver = if level == 8 {
            Solver::new()
        } else {
            Solver::limited(level_moves(level))
        };
        ChessCardsPlayer {
            level,
            rng: SeededRng::new(seed),
            solver,
        }
    }

    /// The level, 1..=8.
    pub fn level(&self) -> u8 {
        self.level
    }

    /// The turn to play, or `None` when the game is over.
    pub fn choose(&mut self, g: &ChessCards) -> Option<Turn> {
        g.to_act()?;
        if self.level < 8 {
            self.solver
                .set_horizon_moves(level_moves(self.level), g.move_no);
        }
        let v = self.solver.value(g);
        let best = self.solver.best_turns(g, v);
        // Plain plays first among the best (a sacrifice or privilege that
        // changes nothing is not made).
        let plain = |t: &Turn| t.sacrifice.is_none() && !t.privilege;
        let pool: Vec<Turn> = if best.iter().any(plain) {
            best.iter().copied().filter(plain).collect()
        } else {
            best
        };
        if pool.is_empty() {
            return g.turns().first().copied();
        }
        Some(pool[self.rng.below(pool.len() as u64) as usize])
    }
}

/// The turn the engine at `level` (1..=8) plays in `g`, or `None` when the
/// game is over. `seed` makes the choice among equal turns reproducible.
pub fn choose_turn(g: &ChessCards, level: u8, seed: u64) -> Option<Turn> {
    ChessCardsPlayer::new(level, seed).choose(g)
}
