//! A variant file's engine tools: the hook of the generic [`Tools`]
//! ([`FairyTools`], holding the variant): studies from the setup or a
//! position string, the search with [`FairyEval`] (at the file's
//! weights), the bench on the start,
//! matches between levels from the start and a few random plies drawn
//! from the seed.
//!
//! [`Tools`]: crate::registry::Tools

use super::record::VariantStart;
use super::VariantGame;
use crate::fairy::{AnyPosition, FairyEval};
use crate::game_record;
use crate::registry::{match_game, match_player, EngineHook, MatchSettings, Options, StudyError};
use deckmate_engine::bench::BenchCase;
use deckmate_engine::matches::GameResult;
use deckmate_engine::Searcher;
use std::sync::Arc;

/// The bench's depth on the start.
pub const BENCH_DEPTH: u32 = 5;

/// Random plies from the start before a match game's players take over.
pub const MATCH_RANDOM_PLIES: u32 = 4;

/// A variant file's hook into the generic engine tools.
#[derive(Clone, Debug)]
pub struct FairyTools {
    game: Arc<VariantGame>,
}

impl FairyTools {
    /// The tools of `game`.
    pub fn new(game: Arc<VariantGame>) -> FairyTools {
        FairyTools { game }
    }

    /// The opening of game pair `pair`: random legal moves from the start.
    fn opening(&self, seed: u64, pair: u64, plies: u32) -> Vec<crate::fairy::Move> {
        deckmate_engine::matches::random_opening(&self.game.start(), seed, pair, plies)
    }
}

impl EngineHook for FairyTools {
    type Position = AnyPosition;
    type Eval = FairyEval;

    const SEEDED_START: bool = false;
    const BENCH_PREFIX: &'static str = "variant ";
    const MATCH_HELP: &'static str = "a variant file's games (--variant-file): each pair of \
games starts from the setup plus 4 random plies drawn from the seed";

    fn start(&self, _: &Options, _: u64, fen: Option<&str>) -> Result<AnyPosition, StudyError> {
        match fen {
            Some(f) => self.game.position(f).map_err(StudyError::Position),
            None => Ok(self.game.start()),
        }
    }

    fn searcher(&self, tt_mb: usize) -> Searcher<AnyPosition, FairyEval> {
        let eval = FairyEval::with_weights(&self.game.rules, self.game.weights.clone());
        let mut s = Searcher::new(eval, tt_mb);
        s.min_depth = 2;
        s
    }

    fn bench_cases(&self) -> Vec<Result<BenchCase<AnyPosition>, String>> {
        vec![Ok(BenchCase {
            name: "start",
            pos: self.game.start(),
            depth: BENCH_DEPTH,
        })]
    }

    fn match_game(&self, m: &MatchSettings, i: u32) -> Result<GameResult, String> {
        let start = VariantStart {
            game: Arc::clone(&self.game),
            fen: None,
        };
        match_game(
            m,
            i,
            self.game.start(),
            self.opening(m.seed, u64::from(i / 2), MATCH_RANDOM_PLIES),
            None,
            |p, seed, time| match_player(p, seed, time, |lv, s, t| self.player(lv, s, t)),
            ["White", "Black"],
            |moves, end| game_record::write(&start, moves, end).map_err(|e| e.to_string()),
        )
    }
}
