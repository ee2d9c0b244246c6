//! Cardmate's hook into the generic engine tools ([`Tools`]): studies from
//! the options and seed (a setup) or a position string, the searcher, the
//! bench positions ([`super::bench`]) and one game of a match
//! ([`super::matches`]).

use super::{bench, matches, CardmateEval, Position};
use crate::registry::{
    BenchCase, EngineHook, GameResult, MatchSettings, Options, StudyError, Tools,
};
use deckmate_engine::Searcher;

/// Cardmate's engine tools, the entry's `tools`.
pub static TOOLS: Tools<CardmateTools> = Tools::new(CardmateTools);

/// Cardmate's hook into [`Tools`].
#[derive(Clone, Copy, Debug)]
pub struct CardmateTools;

impl EngineHook for CardmateTools {
    type Position = Position;
    type Eval = CardmateEval;

    const SEEDED_START: bool = true;
    const BENCH_PREFIX: &'static str = "";
    const MATCH_HELP: &'static str = "each pair of games shares a setup (predefined, suits, \
ranks, deal in turn) drawn from the seed";

    fn start(
        &self,
        options: &Options,
        seed: u64,
        fen: Option<&str>,
    ) -> Result<Position, StudyError> {
        let mut spec = super::spec::read_spec(options, seed).map_err(StudyError::Option)?;
        spec.fen = fen.map(str::to_string);
        spec.start().map_err(StudyError::Position)
    }

    fn searcher(&self, tt_mb: usize) -> Searcher<Position, CardmateEval> {
        let mut s = Searcher::new(CardmateEval::default(), tt_mb);
        s.params = super::engine::cardmate_params();
        s.min_depth = 2;
        s
    }

    fn bench_cases(&self) -> Vec<Result<BenchCase<Position>, String>> {
        bench::cases(u32::MAX).collect()
    }

    fn match_game(&self, m: &MatchSettings, i: u32) -> Result<GameResult, String> {
        matches::play_game(m, i)
    }
}
