//! Cardmate's card ranks (RULINGS, Cardmate "Moves"): each rank's XBetza
//! has exactly the RULINGS' move set, for both sides, from central and edge
//! squares of the 10x10 board.

#![allow(clippy::unwrap_used)]

use crate::common;

use common::{all8, backward, forward, king, mover_set, table_mover_set, Board, Exp, DIAG, ORTH};
use deckmate_betza::{compile_str, Facing};
use deckmate_board::{Geometry, RankStyle, Square};

const RANKS: [(&str, &str); 14] = [
    ("1", "fWmbW"),
    ("2", "fFmbW"),
    ("3", "fFfWmbW"),
    ("4", "fFsWmbW"),
    ("5", "fFfsWmbW"),
    ("6", "FsWmbW"),
    ("7", "FfsWmbW"),
    ("8", "NmbW"),
    ("9", "BmbW"),
    ("X", "R"),
    ("J", "NQ2"),
    ("Q", "Q"),
    ("K", "K"),
    ("A", "QN"),
];

fn geometry() -> Geometry {
    Geometry::new(10, 10, RankStyle::FromZero).unwrap()
}

/// The RULINGS' list, in the mover's terms (forward = +dy), seen from
/// (`file`, `rank`) of the side facing `facing`.
fn expected(rank: &str, file: i32, row: i32, facing: Facing) -> common::MoveSet {
    // Offsets in the mover's terms that stay on the board.
    let on = move |(dx, dy): (i32, i32)| {
        let (x, y) = match facing {
            Facing::Up => (file + dx, row + dy),
            Facing::Down => (file - dx, row - dy),
        };
        (0..10).contains(&x) && (0..10).contains(&y)
    };
    let e = Exp::within(on);
    let sideways = [(1, 0), (-1, 0)];
    let back = [(0, -1)];
    let step = (0, 1);
    let exp = match rank {
        "1" => e.leaps(&[step], "b").leaps(&back, "m"),
        "2" => e.leaps(&forward(&DIAG), "b").leaps(&back, "m"),
        "3" => e
            .leaps(&forward(&DIAG), "b")
            .leaps(&[step], "b")
            .leaps(&back, "m"),
        "4" => e
            .leaps(&forward(&DIAG), "b")
            .leaps(&sideways, "b")
            .leaps(&back, "m"),
        "5" => e
            .leaps(&forward(&DIAG), "b")
            .leaps(&sideways, "b")
            .leaps(&[step], "b")
            .leaps(&back, "m"),
        "6" => e
            .leaps(&forward(&DIAG), "b")
            .leaps(&sideways, "b")
            .leaps(&backward(&DIAG), "b")
            .leaps(&back, "m"),
        "7" => e
            .leaps(&DIAG, "b")
            .leaps(&sideways, "b")
            .leaps(&[step], "b")
            .leaps(&back, "m"),
        "8" => e.leaps(&all8(1, 2), "b").leaps(&back, "m"),
        "9" => e.slides(&DIAG, 9, "b").leaps(&back, "m"),
        "X" => e.slides(&ORTH, 9, "b"),
        "J" => e.leaps(&all8(1, 2), "b").slides(&king(), 2, "b"),
        "Q" => e.slides(&king(), 9, "b"),
        "K" => e.leaps(&king(), "b"),
        "A" => e.slides(&king(), 9, "b").leaps(&all8(1, 2), "b"),
        other => panic!("rank {other}"),
    };
    exp.set
}

#[test]
fn every_rank_has_the_rulings_moves_from_every_square_for_both_sides() {
    let g = geometry();
    for (rank, text) in RANKS {
        for facing in [Facing::Up, Facing::Down] {
            let table = compile_str(text, &g, facing).unwrap_or_else(|e| panic!("{text}: {e}"));
            for sq in g.squares().iter() {
                let (f, r) = (i32::from(sq.file()), i32::from(sq.rank()));
                assert_eq!(
                    table_mover_set(&table, &g, sq, facing),
                    expected(rank, f, r, facing),
                    "rank {rank} ({text}) {facing:?} from {sq:?}"
                );
            }
        }
    }
}

#[test]
fn central_squares_spelt_out() {
    // e4 for Forehand: the One goes to e5, or back to e3 without capturing.
    let g = geometry();
    let e4 = Square::new(4, 4).unwrap();
    let one = mover_set("fWmbW", &g, e4, Facing::Up);
    assert_eq!(
        one.into_iter().collect::<Vec<_>>(),
        vec![((0, -1), "m".to_string()), ((0, 1), "b".to_string())]
    );
    // The same card for Rearhand on f5 goes down the board to f4.
    let f5 = Square::new(5, 5).unwrap();
    let t = compile_str("fWmbW", &g, Facing::Down).unwrap();
    let dest: Vec<_> = common::moves(&t, f5, &Board::default(), false);
    assert_eq!(
        dest,
        vec![
            (Square::new(5, 4).unwrap(), false),
            (Square::new(5, 6).unwrap(), false)
        ]
    );
}

#[test]
fn the_jack_needs_an_empty_first_square_for_two_steps() {
    let g = geometry();
    let e4 = Square::new(4, 4).unwrap();
    let jack = compile_str("NQ2", &g, Facing::Up).unwrap();
    let board = Board {
        friends: [Square::new(4, 5).unwrap()].into(),
        enemies: [Square::new(5, 5).unwrap()].into(),
    };
    let dest = common::moves(&jack, e4, &board, false);
    assert!(!dest.iter().any(|(s, _)| *s == Square::new(4, 6).unwrap()));
    assert!(!dest.iter().any(|(s, _)| *s == Square::new(6, 6).unwrap()));
    assert!(dest.contains(&(Square::new(5, 5).unwrap(), true)));
    assert!(dest.contains(&(Square::new(5, 6).unwrap(), false)));
}

#[test]
fn cardmate_tables_have_no_conditions_and_no_overlaps() {
    // The Cardmate move generator reads only plain leaps and plain slides.
    let g = geometry();
    for (_, text) in RANKS {
        for facing in [Facing::Up, Facing::Down] {
            let t = compile_str(text, &g, facing).unwrap();
            assert!(!t.overlapping, "{text}");
            assert!(!common::shared_destinations(&t, &g), "{text}");
            for m in &t.squares {
                assert!(m.leaps.iter().all(|l| l.via.is_empty() && !l.initial));
                assert!(m.rays.iter().all(|r| r.via.is_empty() && !r.initial));
            }
        }
    }
}
