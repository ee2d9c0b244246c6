//! The deckmate engine: search over any [`Game`], per-game evaluation,
//! levels, and the computer players the shells use.
//!
//! - [`search::Searcher`]: iterative-deepening PVS with a transposition
//!   table, move ordering, extensions of forced replies and quiescence.
//! - [`handle::SearchHandle`]: the same search on a thread: start it,
//!   receive reports, stop it, get the best move.
//! - [`Evaluator`]: what a game adds (Cardmate's is [`CardmateEval`],
//!   Cuarenta's [`CuarentaEval`]).
//! - [`Player`]: a computer opponent at a [`level::Level`], or random.
//! - [`analyse`](mod@analyse), [`bench`](mod@bench) and [`matches`](mod@matches): what the `deckmate analyse`,
//!   `bench` and `match` commands call.
//!
//! ```
//! use deckmate_engine::{cardmate_player, Player};
//! use deckmate_games::cardmate::{start_position, Options, SetupKind};
//! let pos = start_position(SetupKind::Predefined, 0, Options::default());
//! let mut player = cardmate_player(1, 7);
//! let mv = player.choose(&pos).expect("a legal move");
//! let mut after = pos.clone();
//! after.play_move(mv);
//! ```
#![deny(missing_docs)]

pub mod analyse;
pub mod bench;
mod cardmate_eval;
pub mod chess_cards;
mod cuarenta_eval;
pub mod cuarenta_tools;
mod evaluator;
pub mod handle;
pub mod level;
pub mod matches;
pub mod search;
mod tt;

pub use analyse::{analyse, score_text, Analysis};
pub use cardmate_eval::{CardmateEval, Weights};
pub use cuarenta_eval::{CuarentaEval, CuarentaWeights};
pub use evaluator::{Eval, Evaluator};
pub use matches::{run_match, MatchResult, PlayerSpec};
pub use search::{Limits, Report, SearchParams, SearchResult, Searcher, WIN};

use deckmate_games::cardmate::Position;
use deckmate_games::cuarenta;
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

/// A Cardmate player of strength `level` (1 weakest .. 8 strongest) at the
/// level's own time per move; `seed` makes its choices among equal moves
/// reproducible.
pub fn cardmate_player(level: u8, seed: u64) -> Box<dyn Player<Position>> {
    Box::new(EnginePlayer::new(level, seed, None))
}

/// A Cardmate player at a level with its own time per move.
pub fn cardmate_player_timed(level: u8, seed: u64, time: Duration) -> Box<dyn Player<Position>> {
    Box::new(EnginePlayer::new(level, seed, Some(time)))
}

/// A Cuarenta player of strength `level` (1 weakest .. 8 strongest, the
/// same table as Cardmate's, [`level`]) at the level's own time per move;
/// `seed` makes its choices among equal moves reproducible.
pub fn cuarenta_player(level: u8, seed: u64) -> Box<dyn Player<cuarenta::Position>> {
    Box::new(EnginePlayer::cuarenta(level::level(level), seed, None))
}

/// A Cuarenta player at a level with its own time per move.
pub fn cuarenta_player_timed(
    level: u8,
    seed: u64,
    time: Duration,
) -> Box<dyn Player<cuarenta::Position>> {
    Box::new(EnginePlayer::cuarenta(
        level::level(level),
        seed,
        Some(time),
    ))
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

/// The search behind a level: a game's evaluation (Cardmate's by default),
/// the level's depth, time and noise.
pub struct EnginePlayer<G: Game = Position, E: Evaluator<G> = CardmateEval> {
    searcher: Searcher<G, E>,
    level: level::Level,
    default_time: Duration,
    rng: SeededRng,
    timed: bool,
}

impl EnginePlayer<Position, CardmateEval> {
    /// A Cardmate player at `level`, with `time` per move instead of the
    /// level's.
    pub fn new(level: u8, seed: u64, time: Option<Duration>) -> EnginePlayer {
        EnginePlayer::with_level(level::level(level), seed, time)
    }

    /// A Cardmate player with a level's settings given in full (for
    /// experiments).
    pub fn with_level(lv: level::Level, seed: u64, time: Option<Duration>) -> EnginePlayer {
        EnginePlayer::with_evaluator(CardmateEval::default(), lv, seed, time)
    }

    /// A deterministic player: fixed depth, no clock, no noise, the given
    /// evaluation weights (for tuning by self-play).
    pub fn fixed_depth(depth: u32, weights: Weights) -> EnginePlayer {
        let mut lv = level::level(8);
        lv.depth = depth;
        lv.noise = 0;
        let mut p = EnginePlayer::with_level(lv, 0, None);
        p.searcher = Searcher::new(CardmateEval { weights }, 8);
        p.searcher.min_depth = 2;
        p.timed = false;
        p
    }

    /// A deterministic player with a node budget per move (a clock that
    /// does not depend on the machine), the given weights and search
    /// parameters (for tuning by self-play).
    pub fn fixed_nodes(nodes: u64, weights: Weights, params: SearchParams) -> EnginePlayer {
        let mut lv = level::level(8);
        lv.nodes = Some(nodes);
        lv.noise = 0;
        let mut p = EnginePlayer::with_level(lv, 0, None);
        p.searcher = Searcher::new(CardmateEval { weights }, 8);
        p.searcher.params = params;
        p.searcher.min_depth = 2;
        p.timed = false;
        p
    }
}

impl EnginePlayer<cuarenta::Position, CuarentaEval> {
    /// A Cuarenta player at a level's settings, with `time` per move
    /// instead of the level's.
    pub fn cuarenta(lv: level::Level, seed: u64, time: Option<Duration>) -> Self {
        let mut p = EnginePlayer::with_evaluator(CuarentaEval::default(), lv, seed, time);
        p.searcher.params = cuarenta_params();
        p
    }

    /// A deterministic Cuarenta player: a node budget per move (and a
    /// depth, 0 for none), no clock, no noise, the given weights (for
    /// tuning by self-play).
    pub fn cuarenta_fixed(depth: u32, nodes: Option<u64>, weights: CuarentaWeights) -> Self {
        let mut lv = level::level(8);
        if depth > 0 {
            lv.depth = depth;
        }
        lv.nodes = nodes;
        lv.noise = 0;
        let mut p = EnginePlayer::with_evaluator(CuarentaEval::new(weights), lv, 0, None);
        p.searcher.params = cuarenta_params();
        p.searcher.min_depth = 2;
        p.timed = false;
        p
    }
}

impl<G: Game, E: Evaluator<G>> EnginePlayer<G, E> {
    /// A player for any game with its evaluator, at a level's settings;
    /// `time` per move instead of the level's.
    pub fn with_evaluator(
        eval: E,
        lv: level::Level,
        seed: u64,
        time: Option<Duration>,
    ) -> EnginePlayer<G, E> {
        let mut searcher = Searcher::new(eval, 16);
        searcher.exact_root = lv.noise > 0;
        searcher.min_depth = 2;
        let default_time = lv.time;
        let mut p = EnginePlayer {
            searcher,
            level: lv,
            default_time,
            rng: SeededRng::new(seed),
            timed: true,
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

    /// The searcher (its parameters can be changed between moves).
    pub fn searcher_mut(&mut self) -> &mut Searcher<G, E> {
        &mut self.searcher
    }
}

impl<G: Game, E: Evaluator<G>> Player<G> for EnginePlayer<G, E> {
    fn set_time(&mut self, time: Option<Duration>) {
        self.level.time = time.unwrap_or(self.default_time);
    }

    fn choose(&mut self, pos: &G) -> Option<G::Move> {
        let limits = Limits {
            depth: Some(self.level.depth),
            nodes: self.level.nodes,
            time: self.timed.then_some(self.level.time),
        };
        let r = self.searcher.search(pos, &limits, &mut |_| {});
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
