//! 52Chess's matches between players: A and B alternate sides, both games
//! of a pair start from the same random opening and draw the same cards
//! turn by turn.

use super::bench::opening;
use super::tools::Chess52Tools;
use super::Chess52;
use crate::registry::{match_game, match_player, EngineHook, MatchSettings};
use deckmate_engine::matches::{run_games, GameResult, MatchScore, PlayerSpec};
use deckmate_rules::SeededRng;
use std::time::Duration;

/// A 52Chess match: A and B alternate sides; both games of a pair start
/// from the same opening and draw the same cards turn by turn.
#[derive(Clone, Debug)]
pub struct Chess52Match {
    /// Player A.
    pub a: PlayerSpec,
    /// Player B.
    pub b: PlayerSpec,
    /// Games.
    pub games: u32,
    /// Time per move of engine players.
    pub time: Duration,
    /// Seed of the openings, the draws and the players.
    pub seed: u64,
    /// Random turns (a draw and a move) from the start before the players
    /// take over.
    pub random_turns: u32,
    /// A game still going after this many plies (draws and moves) is a
    /// draw.
    pub max_plies: usize,
    /// Games played at once (1: one after the other).
    pub threads: usize,
}

/// Plays game `i` of a match.
pub fn play_game(cfg: &Chess52Match, i: u32) -> Result<GameResult, String> {
    let m = MatchSettings {
        a: cfg.a,
        b: cfg.b,
        games: cfg.games,
        time: cfg.time,
        seed: cfg.seed,
        max_plies: cfg.max_plies,
    };
    game_of(&m, cfg.random_turns, i)
}

/// Game `i` of the match `m`, from the start and `turns` random turns;
/// both games of a pair draw the same cards. The game's own record (its
/// Variant, Result and Termination), as `deckmate replay` reads it, has
/// no Seed: the cards were drawn from the match's streams (the
/// opening's, then the pair's), not from one game seed, so the record's
/// cards are as written (F9).
pub(super) fn game_of(m: &MatchSettings, turns: u32, i: u32) -> Result<GameResult, String> {
    let pair = u64::from(i / 2);
    let cards = SeededRng::new(m.seed ^ pair.wrapping_mul(0xD1B5_4A32_D192_ED03) ^ 0xC4D5);
    match_game(
        m,
        i,
        Chess52::start(),
        opening(m.seed, pair, turns),
        Some(cards),
        |p, seed, time| match_player(p, seed, time, |lv, s, t| Chess52Tools.player(lv, s, t)),
        ["White", "Black"],
        |moves, end| {
            crate::game_record::write(&super::record::GameSpec::default(), moves, end)
                .map_err(|e| e.to_string())
        },
    )
}

/// Runs a match on `cfg.threads` threads, calling `on_game` after each
/// game in order.
pub fn run_match(
    cfg: &Chess52Match,
    on_game: impl FnMut(u32, &GameResult),
) -> Result<MatchScore, String> {
    run_games(cfg.games, cfg.threads, |i| play_game(cfg, i), on_game)
}
