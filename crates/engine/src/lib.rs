//! The deckmate engine: search over any [`Game`], levels, and the
//! computer players, analysis, bench and match runners built on them. It
//! knows no particular game: each game's module in `deckmate-games` gives
//! its [`Evaluator`] and builds its players and tools from these parts.
//!
//! - [`search::Searcher`]: iterative-deepening PVS with a transposition
//!   table, move ordering, extensions of forced replies and quiescence.
//! - [`handle::SearchHandle`]: the same search on a thread: start it,
//!   receive reports, stop it, get the best move.
//! - [`Evaluator`]: what a game adds to the search.
//! - [`Player`]: a computer opponent: [`EnginePlayer`] at a
//!   [`level::Level`], or [`random_player`].
//! - [`analyse`](mod@analyse), [`bench`](mod@bench) and
//!   [`matches`](mod@matches): the generic parts of what the `deckmate
//!   analyse`, `bench` and `match` commands call.
//!
//! ```
//! use deckmate_engine::{level, random_player, EnginePlayer, Evaluator, Player};
//! use deckmate_rules::Game;
//!
//! /// The move a level-1 engine with `eval` plays in `pos`, and one a
//! /// random player picks.
//! fn two_moves<G: Game, E: Evaluator<G>>(eval: E, pos: &G) -> (Option<G::Move>, Option<G::Move>) {
//!     let mut engine = EnginePlayer::with_evaluator(eval, level::level(1), 7, None);
//!     let mut random = random_player::<G>(7);
//!     (engine.choose(pos), random.choose(pos))
//! }
//! ```
#![deny(missing_docs)]

pub mod analyse;
pub mod bench;
pub mod deadline;
mod evaluator;
pub mod handle;
pub mod level;
pub mod matches;
pub mod search;
#[doc(hidden)]
pub mod toys;
mod tt;

pub use analyse::{analyse_with, score_text, Analysis};
pub use evaluator::{CandidateNote, Eval, Evaluator};
pub use matches::{GameResult, MatchScore, PlayerSpec};
pub use search::{
    ChancePruning, HorizonChance, Limits, Report, SearchParams, SearchResult, Searcher, WIN,
};

use deckmate_rules::{Game, SeededRng};
use std::time::Duration;

/// A computer player.
pub trait Player<G: Game>: Send {
    /// Chooses a legal move for the side to act, or `None` if there is none.
    fn choose(&mut self, game: &G) -> Option<G::Move>;

    /// Sets the time per move (`None`: the player's own default). Players
    /// that do not think ignore it.
    fn set_time(&mut self, _time: Option<Duration>) {}
}

/// A player that picks uniformly among the legal moves, for any game.
pub fn random_player<G: Game>(seed: u64) -> Box<dyn Player<G>> {
    Box::new(RandomPlayer {
        rng: SeededRng::new(seed),
    })
}

/// Uniform over the legal moves, from a seed.
pub struct RandomPlayer {
    rng: SeededRng,
}

impl RandomPlayer {
    /// A random player from `seed`.
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer {
            rng: SeededRng::new(seed),
        }
    }
}

impl<G: Game> Player<G> for RandomPlayer {
    fn choose(&mut self, pos: &G) -> Option<G::Move> {
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            return None;
        }
        Some(moves[self.rng.below(moves.len() as u64) as usize])
    }
}

/// The search behind a level for any game and its evaluation: the
/// level's depth, nodes, time and noise. A level with a node ceiling
/// (1-3) searches without a clock unless a time is given: the same
/// position and seed give the same move.
pub struct EnginePlayer<G: Game, E: Evaluator<G>> {
    searcher: Searcher<G, E>,
    level: level::Level,
    default_time: Duration,
    rng: SeededRng,
    timed: bool,
    last_nodes: u64,
}

impl<G: Game, E: Evaluator<G>> EnginePlayer<G, E> {
    /// A player for any game with its evaluator, at a level's settings;
    /// `time` per move instead of the level's (for a level with a node
    /// ceiling, a clock it otherwise does not have).
    pub fn with_evaluator(
        eval: E,
        lv: level::Level,
        seed: u64,
        time: Option<Duration>,
    ) -> EnginePlayer<G, E> {
        let mut searcher = Searcher::new(eval, 16);
        searcher.exact_root = lv.noise > 0;
        searcher.min_depth = 2;
        EnginePlayer::with_searcher(searcher, lv, seed, time)
    }

    /// A player searching with `searcher` as it is (its table size and
    /// parameters are the caller's), at a level's settings; `time` per
    /// move instead of the level's.
    pub fn with_searcher(
        searcher: Searcher<G, E>,
        lv: level::Level,
        seed: u64,
        time: Option<Duration>,
    ) -> EnginePlayer<G, E> {
        let default_time = lv.time;
        let mut p = EnginePlayer {
            searcher,
            level: lv,
            default_time,
            rng: SeededRng::new(seed),
            timed: time.is_some() || lv.max_nodes.is_none(),
            last_nodes: 0,
        };
        p.level.time = time.unwrap_or(default_time);
        p
    }

    /// Sets the depth, node and time limits (no time: no clock).
    pub fn set_limits(&mut self, depth: u32, nodes: Option<u64>, time: Option<Duration>) {
        self.level.depth = depth;
        self.level.nodes = nodes;
        self.timed = time.is_some();
        if let Some(t) = time {
            self.level.time = t;
        }
    }

    /// The level's settings in use.
    pub fn level(&self) -> &level::Level {
        &self.level
    }

    /// The nodes the last [`Player::choose`] searched.
    pub fn last_nodes(&self) -> u64 {
        self.last_nodes
    }

    /// The searcher (its parameters can be changed between moves).
    pub fn searcher_mut(&mut self) -> &mut Searcher<G, E> {
        &mut self.searcher
    }
}

impl<G: Game, E: Evaluator<G>> Player<G> for EnginePlayer<G, E> {
    fn set_time(&mut self, time: Option<Duration>) {
        self.level.time = time.unwrap_or(self.default_time);
        self.timed = time.is_some() || self.level.max_nodes.is_none();
    }

    fn choose(&mut self, pos: &G) -> Option<G::Move> {
        let limits = Limits {
            depth: Some(self.level.depth),
            nodes: self.level.nodes,
            time: self.timed.then_some(self.level.time),
            soft: None,
            whole_time: false,
        };
        self.searcher.max_nodes = self.level.max_nodes;
        let r = self.searcher.search(pos, &limits, &mut |_| {});
        self.last_nodes = r.nodes;
        if self.level.noise == 0 || r.root_scores.is_empty() {
            return r.best;
        }
        // Noise on ordinary scores only; wins stay wins, losses losses.
        let noise = self.level.noise;
        let mut best: Option<(G::Move, i32)> = None;
        for &(m, s) in &r.root_scores {
            let jitter = if search::is_mate(s) {
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
