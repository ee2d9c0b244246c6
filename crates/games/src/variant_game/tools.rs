//! A variant file's engine tools: the hook of the generic [`Tools`]
//! ([`FairyTools`], holding the variant): studies from the setup or a
//! position string, the search with [`FairyEval`], the bench on the start,
//! matches between levels from the start and a few random plies drawn
//! from the seed.
//!
//! [`Tools`]: crate::registry::Tools

use super::entry::player;
use super::record::{self, VariantStart};
use super::VariantGame;
use crate::fairy::{AnyPosition, FairyEval};
use crate::registry::{EngineHook, MatchSettings, Options, StudyError};
use deckmate_engine::bench::BenchCase;
use deckmate_engine::matches::{GameResult, PlayerSpec};
use deckmate_engine::{random_player, Player, Searcher};
use deckmate_rules::{Seat, SeededRng};
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

    fn player(
        &self,
        spec: &PlayerSpec,
        seed: u64,
        time: std::time::Duration,
    ) -> Box<dyn Player<AnyPosition>> {
        let start = self.game.start();
        match spec {
            PlayerSpec::Random => random_player(seed),
            PlayerSpec::Level(l) => Box::new(player(&start, *l, seed, Some(time))),
            PlayerSpec::Custom(lv) => Box::new(deckmate_engine::EnginePlayer::with_evaluator(
                FairyEval::new(&self.game.rules),
                *lv,
                seed,
                Some(time),
            )),
        }
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
        let mut s = Searcher::new(FairyEval::new(&self.game.rules), tt_mb);
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
        let pair = u64::from(i / 2);
        let a_white = i.is_multiple_of(2);
        let seed = m.seed.wrapping_mul(1000).wrapping_add(u64::from(i));
        let mut pa = self.player(&m.a, seed, m.time);
        let mut pb = self.player(&m.b, seed ^ 0x5555, m.time);
        let mut pos = self.game.start();
        let mut moves = self.opening(m.seed, pair, MATCH_RANDOM_PLIES);
        for &mv in &moves {
            pos.play_move(mv);
        }
        let mut no_chance = SeededRng::new(seed);
        deckmate_engine::matches::play_out(
            &mut pos,
            &mut moves,
            [pa.as_mut(), pb.as_mut()],
            a_white,
            &mut no_chance,
            m.max_plies,
        );
        let end = pos.end_state();
        let start = VariantStart {
            game: Arc::clone(&self.game),
            fen: None,
        };
        let mut rec = record::write(&start, &moves, end).map_err(|e| e.to_string())?;
        let (white, black) = if a_white { (&m.a, &m.b) } else { (&m.b, &m.a) };
        rec.set_tag("White", format!("A: {white}"));
        rec.set_tag("Black", format!("B: {black}"));
        if end.is_none() {
            rec.set_tag(
                "Termination",
                format!("adjudicated a draw after {} plies", moves.len()),
            );
            rec.result = Some("1/2-1/2".to_string());
            rec.set_tag("Result", "1/2-1/2");
        }
        let a_seat = if a_white { Seat::First } else { Seat::Second };
        let score_a = match end.and_then(|e| e.winner) {
            Some(w) if w == a_seat => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        };
        Ok(GameResult {
            score_a,
            a_first: a_white,
            record: rec,
        })
    }
}
