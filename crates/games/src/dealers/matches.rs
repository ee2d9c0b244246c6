//! Dealer's Chess matches: both games of a pair play one deal from the
//! match's seed, both armies arranged `random`, with the sides swapped.

use super::bench::dealt_start;
use super::game::DealersMove;
use super::record::{self, GameSpec};
use super::tools::DealersTools;
use crate::registry::{match_game, match_player, EngineHook, MatchSettings};
use deckmate_engine::matches::GameResult;

/// Game `i` of a match: pair `i / 2` is one deal (seed from the match's
/// seed) with both armies `random`; A has White in even games.
pub fn play_game(m: &MatchSettings, i: u32) -> Result<GameResult, String> {
    let spec = GameSpec {
        seed: m
            .seed
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .wrapping_add(u64::from(i / 2)),
        ..GameSpec::default()
    };
    let (g, arranged) = dealt_start(&spec)?;
    let pos = g
        .position()
        .cloned()
        .ok_or_else(|| "the arrangements made no start".to_string())?;
    match_game(
        m,
        i,
        pos,
        Vec::new(),
        None,
        |p, seed, time| match_player(p, seed, time, |lv, s, t| DealersTools.player(lv, s, t)),
        ["White", "Black"],
        |moves, _| {
            let all: Vec<DealersMove> = arranged
                .iter()
                .copied()
                .chain(moves.iter().map(|&x| DealersMove::Play(x)))
                .collect();
            record::write(&spec, &all, None).map_err(|e| e.to_string())
        },
    )
}
