//! Dealer's Chess's engine tools: studies from a deal (both armies
//! arranged `random`) or a position string, the bench ([`super::bench`]),
//! and one game of a match ([`super::matches`]).

use super::engine::searcher;
use super::eval::DealersEval;
use super::{bench, Position};
use crate::registry::Tools;
use crate::registry::{EngineHook, MatchSettings};
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
        let mut spec = super::spec::spec_of(o, seed).map_err(StudyError::Option)?;
        spec.fen = fen.map(str::to_string);
        let impossible = |why| StudyError::Position(PositionError::Impossible { why });
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
        super::matches::play_game(m, i)
    }
}
