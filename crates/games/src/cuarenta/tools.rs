//! Cuarenta's engine tools: fixed bench positions with their own node
//! signature, matches between levels from the start position with a few
//! random opening moves drawn from the seed, and the hook of the generic
//! engine tools ([`CuarentaTools`]: studies, the bench, matches).

use super::engine::{cuarenta_params, cuarenta_player_timed, player_with_level, searcher};
use crate::cuarenta::{self, fen, notation, record, CuarentaEval, Move, Position};
use crate::registry::{EngineHook, MatchSettings, Options, StudyError, Tools};
pub use deckmate_engine::bench::BenchLine;
use deckmate_engine::bench::{self, BenchCase};
use deckmate_engine::matches::{play_out, run_games, GameResult, MatchScore, PlayerSpec};
use deckmate_engine::{random_player, Player, Searcher};
use deckmate_rules::{Seat, SeededRng};
use std::time::Duration;

/// Cuarenta bench positions: name, the seed and number of random plies
/// from the start that reach it ([`opening`]), depth.
pub const BENCH: &[(&str, u64, u32, u32)] = &[
    ("cuarenta start", 0, 0, 7),
    ("cuarenta 6 plies", 1, 6, 6),
    ("cuarenta 12 plies", 2, 12, 6),
    ("cuarenta 20 plies", 3, 20, 5),
];

/// Runs the Cuarenta bench with every depth capped at `max_depth`: each
/// line, then the total nodes (its own signature) and time.
pub fn bench(max_depth: u32, on_line: impl FnMut(&BenchLine)) -> Result<(u64, Duration), String> {
    bench::run(
        &mut searcher(16),
        cases(max_depth),
        notation::write,
        on_line,
    )
}

/// The bench positions as the generic runner takes them, every depth
/// capped at `max_depth`.
pub fn cases(max_depth: u32) -> impl Iterator<Item = Result<BenchCase<Position>, String>> {
    BENCH.iter().map(move |&(name, seed, plies, depth)| {
        let mut pos = cuarenta::start_position();
        for m in opening(seed, 0, plies) {
            pos.play_move(m);
        }
        Ok(BenchCase {
            name,
            pos,
            depth: depth.min(max_depth),
        })
    })
}

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
        let spec = record::GameSpec {
            fen: fen.map(str::to_string),
        };
        spec.start().map_err(StudyError::Position)
    }

    fn searcher(&self, tt_mb: usize) -> Searcher<Position, CuarentaEval> {
        searcher(tt_mb)
    }

    fn bench_cases(&self) -> Vec<Result<BenchCase<Position>, String>> {
        cases(u32::MAX).collect()
    }

    fn match_game(&self, m: &MatchSettings, i: u32) -> Result<GameResult, String> {
        let cfg = CuarentaMatch {
            a: m.a,
            b: m.b,
            games: m.games,
            time: m.time,
            seed: m.seed,
            random_plies: 4,
            max_plies: m.max_plies,
        };
        play_game(&cfg, i)
    }
}

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

fn player(spec: &PlayerSpec, seed: u64, time: Duration) -> Box<dyn Player<Position>> {
    match spec {
        PlayerSpec::Random => random_player(seed),
        PlayerSpec::Level(l) => cuarenta_player_timed(*l, seed, time),
        PlayerSpec::Custom(lv) => {
            let mut p = player_with_level(*lv, seed, Some(time));
            p.searcher_mut().params = cuarenta_params();
            Box::new(p)
        }
    }
}

/// The opening of game pair `pair`: random legal moves from the start.
pub fn opening(seed: u64, pair: u64, plies: u32) -> Vec<Move> {
    deckmate_engine::matches::random_opening(&cuarenta::start_position(), seed, pair, plies)
}

/// Plays game `i` of a match.
pub fn play_game(cfg: &CuarentaMatch, i: u32) -> Result<GameResult, String> {
    let pair = u64::from(i / 2);
    let a_white = i.is_multiple_of(2);
    let seed = cfg.seed.wrapping_mul(1000).wrapping_add(u64::from(i));
    let mut pa = player(&cfg.a, seed, cfg.time);
    let mut pb = player(&cfg.b, seed ^ 0x5555, cfg.time);
    let mut pos = cuarenta::start_position();
    let mut moves = opening(cfg.seed, pair, cfg.random_plies);
    for &m in &moves {
        pos.play_move(m);
    }
    let mut no_chance = SeededRng::new(seed);
    play_out(
        &mut pos,
        &mut moves,
        [pa.as_mut(), pb.as_mut()],
        a_white,
        &mut no_chance,
        cfg.max_plies,
    );
    let end = pos.end_state();
    let spec = record::GameSpec::default();
    let mut rec = record::write(&spec, &moves, end).map_err(|e| e.to_string())?;
    let (white, black) = if a_white {
        (&cfg.a, &cfg.b)
    } else {
        (&cfg.b, &cfg.a)
    };
    rec.set_tag("White", format!("A: {white}"));
    rec.set_tag("Black", format!("B: {black}"));
    if end.is_none() {
        rec.set_tag(
            "Termination",
            format!("adjudicated a draw after {} plies", moves.len()),
        );
        rec.result = Some("1/2-1/2".to_string());
    }
    let a_seat = if a_white { Seat::First } else { Seat::Second };
    let score_a = match end.and_then(|e| e.winner) {
        Some(w) if w == a_seat => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    };
    let _ = fen::START;
    Ok(GameResult {
        score_a,
        a_first: a_white,
        record: rec,
    })
}

/// Runs a match, calling `on_game` after each game.
pub fn run_match(
    cfg: &CuarentaMatch,
    on_game: impl FnMut(u32, &GameResult),
) -> Result<MatchScore, String> {
    run_games(cfg.games, 1, |i| play_game(cfg, i), on_game)
}
