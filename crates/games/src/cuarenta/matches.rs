//! Cuarenta's matches between players: A and B alternate colours; each
//! pair of games starts from the start plus a few random plies drawn from
//! the seed.

use super::bench::opening;
use super::tools::CuarentaTools;
use crate::cuarenta::{self, record};
use crate::registry::{match_game, match_player, EngineHook, MatchSettings};
use deckmate_engine::matches::{run_games, GameResult, MatchScore, PlayerSpec};
use std::time::Duration;

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

/// Plays game `i` of a match.
pub fn play_game(cfg: &CuarentaMatch, i: u32) -> Result<GameResult, String> {
    game_of(&cfg.settings(), cfg.random_plies, i)
}

/// Game `i` of the match `m`, from the start and `plies` random plies.
pub(super) fn game_of(m: &MatchSettings, plies: u32, i: u32) -> Result<GameResult, String> {
    match_game(
        m,
        i,
        cuarenta::start_position(),
        opening(m.seed, u64::from(i / 2), plies),
        None,
        |p, seed, time| match_player(p, seed, time, |lv, s, t| CuarentaTools.player(lv, s, t)),
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
