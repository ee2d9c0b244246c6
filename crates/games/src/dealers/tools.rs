//! Dealer's Chess's engine tools: studies from a deal (both armies
//! arranged `random`) or a position string, the bench ([`super::bench`]),
//! and matches where both games of a pair play the same deal and
//! arrangements with the sides swapped.

use super::engine::searcher;
use super::eval::DealersEval;
use super::game::DealersMove;
use super::record::{self, GameSpec};
use super::{bench, Position};
use crate::registry::Tools;
use crate::registry::{match_game, match_player, EngineHook, MatchSettings, OptionError};
use crate::registry::{Options, StudyError};
use deckmate_engine::bench::BenchCase;
use deckmate_engine::matches::GameResult;
use deckmate_engine::Searcher;
use deckmate_rules::PositionError;

pub use super::bench::{dealt_start, BENCH_FENS, BENCH_SEEDS, EXAMPLE_DECK};

/// The engine tools, for the registry entry.
pub static TOOLS: Tools<DealersTools> = Tools::new(DealersTools);

/// Dealer's Chess's hook into the registry's engine tools.
#[derive(Clone, Copy, Debug)]
pub struct DealersTools;

impl EngineHook for DealersTools {
    type Position = Position;
    type Eval = DealersEval;
    const SEEDED_START: bool = true;
    const BENCH_PREFIX: &'static str = "dealers ";
    const MATCH_HELP: &'static str = "each pair of games plays one deal from the seed, both armies arranged at random, the sides swapped";

    fn start(&self, o: &Options, seed: u64, fen: Option<&str>) -> Result<Position, StudyError> {
        let spec = super::entry::spec_of(o, seed).map_err(StudyError::Option)?;
        let impossible = |why| StudyError::Position(PositionError::Impossible { why });
        if let Some(f) = fen {
            let bad = |reason| {
                StudyError::Option(OptionError::BadValue {
                    name: "deck_file",
                    reason,
                })
            };
            let cat = spec.catalogue().map_err(bad)?;
            return Position::from_text(f, &cat, spec.options).map_err(StudyError::Position);
        }
        let (g, _) = dealt_start(&spec).map_err(impossible)?;
        let none = || impossible("the arrangements made no start".to_string());
        g.position().cloned().ok_or_else(none)
    }

    fn searcher(&self, tt_mb: usize) -> Searcher<Position, DealersEval> {
        searcher(tt_mb)
    }

    fn bench_cases(&self) -> Vec<Result<BenchCase<Position>, String>> {
        bench::cases()
    }

    fn match_game(&self, m: &MatchSettings, i: u32) -> Result<GameResult, String> {
        play_game(m, i)
    }
}

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
