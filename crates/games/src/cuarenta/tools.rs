//! Cuarenta's hook into the registry's engine tools ([`CuarentaTools`]):
//! studies from Q2's setup or a position string, the searcher, the bench
//! positions ([`super::bench`]) and one game of a match
//! ([`super::matches`]).

use super::engine::searcher;
use super::{bench, matches};
use crate::cuarenta::{record, CuarentaEval, Position};
use crate::registry::{EngineHook, MatchSettings, Options, StudyError, Tools};
use deckmate_engine::bench::BenchCase;
use deckmate_engine::matches::GameResult;
use deckmate_engine::Searcher;

pub use super::bench::{bench, cases, opening, BenchLine, BENCH};
pub use super::matches::{play_game, run_match, CuarentaMatch};

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
        let fen = fen.map(str::to_string);
        let spec = record::GameSpec { fen };
        spec.start().map_err(StudyError::Position)
    }

    fn searcher(&self, tt_mb: usize) -> Searcher<Position, CuarentaEval> {
        searcher(tt_mb)
    }

    fn bench_cases(&self) -> Vec<Result<BenchCase<Position>, String>> {
        bench::cases(u32::MAX).collect()
    }

    fn match_game(&self, m: &MatchSettings, i: u32) -> Result<GameResult, String> {
        matches::game_of(m, 4, i)
    }
}
