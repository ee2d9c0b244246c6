//! Dealer's Chess's bench: the dealt starts of a few seeds (both armies
//! arranged `random`) and the reference's middlegames.

use super::game::{DealersGame, DealersMove};
use super::record::GameSpec;
use super::{BoardSize, Catalogue, Position};
use deckmate_engine::bench::BenchCase;
use deckmate_rules::{Game, Seat};
use std::sync::Arc;

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

/// The start of a deal with both armies arranged `random` (of a spec
/// with a position string, that position, with no arrangement).
pub fn dealt_start(spec: &GameSpec) -> Result<(DealersGame, Vec<DealersMove>), String> {
    let mut g = spec.start_game()?;
    let mut moves = Vec::with_capacity(2);
    for seat in Seat::BOTH.into_iter().filter(|_| spec.fen.is_none()) {
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

/// The bench positions at their full depths.
pub fn cases() -> Vec<Result<BenchCase<Position>, String>> {
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
