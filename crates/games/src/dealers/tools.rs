//! Dealer's Chess's engine tools: studies from a deal (both armies
//! arranged `random`) or a position string, the bench, and matches where
//! both games of a pair play the same deal and arrangements with the
//! sides swapped.

use super::engine::{player_with_level, searcher};
use super::eval::DealersEval;
use super::game::{DealersGame, DealersMove};
use super::record::{self, GameSpec};
use super::{BoardSize, Catalogue, Position};
use crate::registry::Tools;
use crate::registry::{match_game, match_player, EngineHook, MatchSettings, Options, StudyError};
use deckmate_engine::bench::BenchCase;
use deckmate_engine::matches::GameResult;
use deckmate_engine::Searcher;
use deckmate_rules::{Game, PositionError, Seat};
use std::sync::Arc;

/// The engine tools, for the registry entry.
pub static TOOLS: Tools<DealersTools> = Tools::new(DealersTools);

/// Bench positions: the dealt starts of a few seeds (8x8, both armies
/// `random`) and a 12x12 deal with the example deck file (the page's 40
/// Piece cards are too few for 12x12), with their depths.
pub const BENCH_SEEDS: [(&str, u64, BoardSize, u32); 4] = [
    ("dealers deal 1", 1, BoardSize::Eight, 5),
    ("dealers deal 2", 2, BoardSize::Eight, 5),
    ("dealers deal 3", 3, BoardSize::Eight, 5),
    ("dealers 12x12 deal", 1, BoardSize::Twelve, 3),
];

/// The example deck file of `variants/` (20 classic fairy pieces).
pub const EXAMPLE_DECK: &str = include_str!("../../../../variants/dealers-example-deck.txt");

/// The reference's middlegames (`tools/dealers_ref/test_positions.txt`,
/// its codes put in the catalogue's) the bench searches.
pub const BENCH_FENS: [(&str, &str, u32); 2] = [
    (
        "dealers midgame 8x8",
        "1[AR][ZE][gn]3[li]/[cc]3[kp]*[lp]*[rx][re]*/1[fp]2[le]2[ki]/[ep][gp]1[jp]4/3[LB]4/[BP]3[GR][un][NR]1/[AP]*1[CP]*1[MG]*1[ZO]*[HP]*/1[CA]1[CH][PG]3 w - - [AL][DA][FE][GI][VA][BI]/[px][sq][st][th][cn][ma]/[WA][TU] 0 21",
        5,
    ),
    (
        "dealers 10x10",
        "[ca][cc][va][nr][po][rh][sn][ss][ki][tu]/[gp]*[si]*[hp]*[lp]*[le]*[re]*[jp]*[kp]*[fp]*[ip]*/10/10/10/10/10/10/P*[BP]*[MG]*[TP]*[LB]*[PG]*[CP]*[ZP][AP]*[EP]*/[CN]NBQK[AR][GR][LI][SQ]R w AJaj - [AL]N/[gi]/[ZE]Q 0 1",
        4,
    ),
];

/// Dealer's Chess's hook into the registry's engine tools.
#[derive(Clone, Copy, Debug)]
pub struct DealersTools;

/// The start of a deal with both armies arranged `random`.
pub fn dealt_start(spec: &GameSpec) -> Result<(DealersGame, Vec<DealersMove>), String> {
    let mut g = spec.start_game()?;
    let mut moves = Vec::with_capacity(2);
    for seat in Seat::BOTH {
        let a = g
            .table()
            .random(seat)
            .ok_or_else(|| "nothing was dealt".to_string())?;
        let m = g
            .arrange_move(seat, &a)
            .ok_or_else(|| "the random arrangement does not fit the deal".to_string())?;
        g.play_unchecked(m);
        moves.push(m);
    }
    Ok((g, moves))
}

impl EngineHook for DealersTools {
    type Position = Position;
    type Eval = DealersEval;
    const SEEDED_START: bool = true;
    const BENCH_PREFIX: &'static str = "dealers ";
    const MATCH_HELP: &'static str = "each pair of games plays one deal from the seed, both armies arranged at random, the sides swapped";

    fn start(
        &self,
        options: &Options,
        seed: u64,
        fen: Option<&str>,
    ) -> Result<Position, StudyError> {
        if let Some(f) = fen {
            let spec = spec_of(options, seed)?;
            let cat = spec.catalogue().map_err(|why| {
                StudyError::Option(crate::registry::OptionError::BadValue {
                    name: "deck_file",
                    reason: why,
                })
            })?;
            return Position::from_text(f, &cat, spec.options).map_err(StudyError::Position);
        }
        let spec = spec_of(options, seed)?;
        let (g, _) = dealt_start(&spec)
            .map_err(|why| StudyError::Position(PositionError::Impossible { why }))?;
        g.position().cloned().ok_or_else(|| {
            StudyError::Position(PositionError::Impossible {
                why: "the arrangements made no start".to_string(),
            })
        })
    }

    fn searcher(&self, tt_mb: usize) -> Searcher<Position, DealersEval> {
        searcher(tt_mb)
    }

    fn bench_cases(&self) -> Vec<Result<BenchCase<Position>, String>> {
        let mut out = Vec::new();
        for (name, seed, size, depth) in BENCH_SEEDS {
            let spec = GameSpec {
                seed,
                size,
                deck_file: (size == BoardSize::Twelve).then(|| Arc::from(EXAMPLE_DECK)),
                ..GameSpec::default()
            };
            out.push(dealt_start(&spec).and_then(|(g, _)| {
                g.position()
                    .cloned()
                    .map(|pos| BenchCase { name, pos, depth })
                    .ok_or_else(|| "no start".to_string())
            }));
        }
        for (name, fen, depth) in BENCH_FENS {
            out.push(
                Position::from_text(fen, Catalogue::builtin(), Default::default())
                    .map(|pos| BenchCase { name, pos, depth })
                    .map_err(|e| e.to_string()),
            );
        }
        out
    }

    fn match_game(&self, m: &MatchSettings, i: u32) -> Result<GameResult, String> {
        play_game(m, i)
    }
}

/// The spec of `options`, an option's error as the study's.
fn spec_of(options: &Options, seed: u64) -> Result<GameSpec, StudyError> {
    super::entry::spec_of(options, seed).map_err(|reason| {
        StudyError::Option(crate::registry::OptionError::BadValue {
            name: "board",
            reason,
        })
    })
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
        |p, seed, time| match_player(p, seed, time, player_with_level),
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
