//! Cuarenta's engine tools: fixed bench positions with their own node
//! signature, matches between levels from the start position with a few
//! random opening moves drawn from the seed, and the hook of the generic
//! engine tools ([`CuarentaTools`]: studies, the bench, matches).

use super::engine::{player_with_level, searcher};
use crate::cuarenta::{self, record, CuarentaEval, Move, Position};
use crate::registry::{match_game, match_player, EngineHook, EngineTools};
use crate::registry::{MatchSettings, Options, StudyError, Tools};
use deckmate_engine::bench::BenchCase;
pub use deckmate_engine::bench::BenchLine;
use deckmate_engine::matches::{run_games, GameResult, MatchScore, PlayerSpec};
use deckmate_engine::Searcher;
use std::time::Duration;

/// Cuarenta bench positions: name, the seed and number of random plies
/// from the start that reach it ([`opening`]), depth.
pub const BENCH: &[(&str, u64, u32, u32)] = &[
    ("cuarenta start", 0, 0, 7),
    ("cuarenta 6 plies", 1, 6, 6),
    ("cuarenta 12 plies", 2, 12, 6),
    ("cuarenta 20 plies", 3, 20, 5),
];

/// Runs the Cuarenta bench with every depth capped at `max_depth`: each
/// line, then the total nodes (its own signature) and time.
pub fn bench(
    max_depth: u32,
    mut on_line: impl FnMut(&BenchLine),
) -> Result<(u64, Duration), String> {
    TOOLS.bench(max_depth, &mut on_line)
}

/// The bench positions as the generic runner takes them, every depth
/// capped at `max_depth`.
pub fn cases(max_depth: u32) -> impl Iterator<Item = Result<BenchCase<Position>, String>> {
    BENCH.iter().map(move |&(name, seed, plies, depth)| {
        let mut pos = cuarenta::start_position();
        for m in opening(seed, 0, plies) {
            pos.play_move(m);
        }
        Ok(BenchCase {
            name,
            pos,
            depth: depth.min(max_depth),
        })
    })
}

/// Cuarenta's engine tools, the entry's `tools`.
pub static TOOLS: Tools<CuarentaTools> = Tools::new(CuarentaTools);

/// Cuarenta's hook into [`Tools`]: studies from Q2's setup or a position
/// string (no options, and the seed decides nothing), its searcher, the
/// bench and one game of a match ([`play_game`], 4 random plies first).
#[derive(Clone, Copy, Debug)]
pub struct CuarentaTools;

impl EngineHook for CuarentaTools {
    type Position = Position;
    type Eval = CuarentaEval;

    const SEEDED_START: bool = false;
    const BENCH_PREFIX: &'static str = "cuarenta ";
    const MATCH_HELP: &'static str =
        "each pair of games starts from the start position plus 4 random plies drawn from the seed";

    fn start(&self, _: &Options, _: u64, fen: Option<&str>) -> Result<Position, StudyError> {
        let spec = record::GameSpec {
            fen: fen.map(str::to_string),
        };
        spec.start().map_err(StudyError::Position)
    }

    fn searcher(&self, tt_mb: usize) -> Searcher<Position, CuarentaEval> {
        searcher(tt_mb)
    }

    fn bench_cases(&self) -> Vec<Result<BenchCase<Position>, String>> {
        cases(u32::MAX).collect()
    }

    fn match_game(&self, m: &MatchSettings, i: u32) -> Result<GameResult, String> {
        game_of(m, 4, i)
    }
}

/// A Cuarenta match: A and B alternate colours; each pair of games starts
/// from the same position, the start plus `random_plies` random moves drawn
/// from the seed (so games differ).
#[derive(Clone, Debug)]
pub struct CuarentaMatch {
    /// Player A.
    pub a: PlayerSpec,
    /// Player B.
    pub b: PlayerSpec,
    /// Games.
    pub games: u32,
    /// Time per move of engine players.
    pub time: Duration,
    /// Seed of the openings and players.
    pub seed: u64,
    /// Random plies from the start before the players take over.
    pub random_plies: u32,
    /// A game still going after this many plies is a draw.
    pub max_plies: usize,
}

impl CuarentaMatch {
    /// The registry's settings of the match.
    fn settings(&self) -> MatchSettings {
        MatchSettings {
            a: self.a,
            b: self.b,
            games: self.games,
            time: self.time,
            seed: self.seed,
            max_plies: self.max_plies,
        }
    }
}

/// The opening of game pair `pair`: random legal moves from the start.
pub fn opening(seed: u64, pair: u64, plies: u32) -> Vec<Move> {
    deckmate_engine::matches::random_opening(&cuarenta::start_position(), seed, pair, plies)
}

/// Plays game `i` of a match.
pub fn play_game(cfg: &CuarentaMatch, i: u32) -> Result<GameResult, String> {
    game_of(&cfg.settings(), cfg.random_plies, i)
}

/// Game `i` of the match `m`, from the start and `plies` random plies.
fn game_of(m: &MatchSettings, plies: u32, i: u32) -> Result<GameResult, String> {
    match_game(
        m,
        i,
        cuarenta::start_position(),
        opening(m.seed, u64::from(i / 2), plies),
        None,
        |p, seed, time| match_player(p, seed, time, player_with_level),
        ["White", "Black"],
        |moves, end| record::write(&Default::default(), moves, end).map_err(|e| e.to_string()),
    )
}

/// Runs a match, calling `on_game` after each game.
pub fn run_match(
    cfg: &CuarentaMatch,
    on_game: impl FnMut(u32, &GameResult),
) -> Result<MatchScore, String> {
    run_games(cfg.games, 1, |i| play_game(cfg, i), on_game)
}
