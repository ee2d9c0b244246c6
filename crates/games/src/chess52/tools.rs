//! 52Chess's hook into the registry's engine tools ([`Chess52Tools`]):
//! studies from F2's start or a position string, the searcher, the bench
//! positions ([`super::bench`]), F10's perft by card ([`super::perft`])
//! and one game of a match ([`super::matches`]).

use super::engine::searcher;
use super::{bench, matches, perft, Card, Chess52, Chess52Eval, Move};
use crate::registry::{EngineHook, GivenError, MatchSettings, Options, PerftCount};
use crate::registry::{StudyError, Tools};
use deckmate_engine::bench::BenchCase;
use deckmate_engine::matches::GameResult;
use deckmate_engine::Searcher;
use deckmate_rules::Game;

pub use super::bench::{bench, cases, opening, BenchLine, BENCH};
pub use super::matches::{play_game, run_match, Chess52Match};

/// 52Chess's engine tools, the registry entry's `tools`.
pub static TOOLS: Tools<Chess52Tools> = Tools::new(Chess52Tools);

/// 52Chess's hook into the registry's engine tools: the start (F2, or a
/// position string), its searcher, the bench and one game of a match (4
/// random turns first).
#[derive(Clone, Copy, Debug)]
pub struct Chess52Tools;

impl EngineHook for Chess52Tools {
    type Position = Chess52;
    type Eval = Chess52Eval;
    const SEEDED_START: bool = false;
    const BENCH_PREFIX: &'static str = "52chess ";
    const MATCH_HELP: &'static str = "each pair of games starts from the start position plus 4 \
random turns drawn from the seed, and both games of a pair draw the same cards";

    const CHANCE_OUTCOMES: Option<&'static str> = Some("card");

    /// F10: a turn (a card drawn, then a move) is one ply.
    fn perft(&self, pos: &Chess52, depth: u32) -> u64 {
        pos.perft(depth)
    }

    fn perft_divide(&self, pos: &Chess52, depth: u32) -> Vec<(String, u64)> {
        perft::divide(pos, depth, None)
    }

    fn perft_given(
        &self,
        pos: &Chess52,
        cards: &[&str],
        by_move: bool,
    ) -> Result<PerftCount, GivenError> {
        perft::given(pos, cards, by_move)
    }

    /// The start of F2 (the seed decides nothing before the first draw),
    /// or the position string `fen` (F11).
    fn start(&self, _: &Options, _: u64, fen: Option<&str>) -> Result<Chess52, StudyError> {
        let spec = super::record::GameSpec {
            fen: fen.map(str::to_string),
            seed: None,
        };
        spec.start().map_err(StudyError::Position)
    }

    fn searcher(&self, tt_mb: usize) -> Searcher<Chess52, Chess52Eval> {
        searcher(tt_mb)
    }

    fn bench_cases(&self) -> Vec<Result<BenchCase<Chess52>, String>> {
        bench::cases(u32::MAX).collect()
    }

    fn match_game(&self, m: &MatchSettings, i: u32) -> Result<GameResult, String> {
        matches::game_of(m, 4, i)
    }

    /// Each of the 52 cards (F9), one each, even those that let nothing
    /// teleport (the search groups them; an analysis names each).
    fn every_outcome(&self, pos: &Chess52, out: &mut Vec<(Move, u32)>) {
        if pos.to_act() == deckmate_rules::ToAct::Chance {
            out.extend(Card::all().map(|c| (Move::Draw(c), 1)));
        }
    }
}
