//! The deckmate engine: search over any [`Game`], per-game evaluation,
//! levels, and the computer players the shells use.
//!
//! - [`search::Searcher`]: iterative-deepening PVS with a transposition
//!   table, move ordering, extensions of forced replies and quiescence.
//! - [`handle::SearchHandle`]: the same search on a thread: start it,
//!   receive reports, stop it, get the best move.
//! - [`Evaluator`]: what a game adds (Cardmate's is [`CardmateEval`]).
//! - [`Player`]: a computer opponent at a [`level::Level`], or random.
//! - [`bench`] and [`matches`]: the node-count signature and self-play.
#![deny(missing_docs)]

pub mod bench;
mod cardmate_eval;
pub mod chess_cards_solver;
mod evaluator;
pub mod handle;
pub mod level;
pub mod matches;
pub mod search;
mod tt;

pub use cardmate_eval::{CardmateEval, Weights};
pub use evaluator::Evaluator;
pub use search::{Limits, Report, SearchResult, Searcher, WIN};

use deckmate_games::cardmate::{Move, Position};
use deckmate_rules::{Game, SeededRng};
use std::time::Duration;

/// A computer player.
pub trait Player<G: Game>: Send {
    /// Chooses a legal move for the side to act, or `None` if there is none.
    fn choose(&mut self, game: &G) -> Option<G::Move>;
}

/// A Cardmate player of strength `level` (1 weakest .. 8 strongest); `seed`
/// makes its choices among equal moves reproducible.
pub fn cardmate_player(level: u8, seed: u64) -> Box<dyn Player<Position>> {
    Box::new(EnginePlayer::new(level, seed, None))
}

/// A Cardmate player at a level with its own time per move.
pub fn cardmate_player_timed(level: u8, seed: u64, time: Duration) -> Box<dyn Player<Position>> {
    Box::new(EnginePlayer::new(level, seed, Some(time)))
}

/// A player that picks uniformly among the legal moves.
pub fn random_player(seed: u64) -> Box<dyn Player<Position>> {
    Box::new(RandomPlayer {
        rng: SeededRng::new(seed),
    })
}

struct RandomPlayer {
    rng: SeededRng,
}

impl Player<Position> for RandomPlayer {
    fn choose(&mut self, pos: &Position) -> Option<Move> {
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            return None;
        }
        Some(moves[self.rng.below(moves.len() as u64) as usize])
    }
}

/// The search behind a level.
pub struct EnginePlayer {
    searcher: Searcher<Position, CardmateEval>,
    level: level::Level,
    rng: SeededRng,
    timed: bool,
}

impl EnginePlayer {
    /// A player at `level`, with `time` per move instead of the level's.
    pub fn new(level: u8, seed: u64, time: Option<Duration>) -> EnginePlayer {
        let mut lv = level::level(level);
        if let Some(t) = time {
            lv.time = t;
        }
        let mut searcher = Searcher::new(CardmateEval::default(), 32);
        searcher.exact_root = lv.noise > 0;
        EnginePlayer {
            searcher,
            level: lv,
            rng: SeededRng::new(seed),
            timed: true,
        }
    }
}

impl EnginePlayer {
    /// A deterministic player: fixed depth, no clock, no noise, the given
    /// evaluation weights (for tuning by self-play).
    pub fn fixed_depth(depth: u32, weights: Weights) -> EnginePlayer {
        let mut lv = level::level(8);
        lv.depth = depth;
        lv.noise = 0;
        EnginePlayer {
            searcher: Searcher::new(CardmateEval { weights }, 8),
            level: lv,
            rng: SeededRng::new(0),
            timed: false,
        }
    }
}

impl Player<Position> for EnginePlayer {
    fn choose(&mut self, pos: &Position) -> Option<Move> {
        let limits = Limits {
            depth: Some(self.level.depth),
            nodes: None,
            time: self.timed.then_some(self.level.time),
        };
        let r = self.searcher.search(pos, &limits, &mut |_| {});
        if self.level.noise == 0 || r.root_scores.is_empty() {
            return r.best;
        }
        // Noise on ordinary scores only; wins stay wins, losses losses.
        let noise = self.level.noise;
        let mut best: Option<(Move, i32)> = None;
        for &(m, s) in &r.root_scores {
            let jitter = if s.abs() > WIN - 1000 {
                0
            } else {
                self.rng.below(2 * noise as u64 + 1) as i32 - noise
            };
            let v = s + jitter;
            if best.is_none_or(|(_, b)| v > b) {
                best = Some((m, v));
            }
        }
        best.map(|(m, _)| m).or(r.best)
    }
}
