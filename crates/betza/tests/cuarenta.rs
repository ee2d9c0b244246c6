//! Cuarenta's pieces (RULINGS Q1, Q3-Q7) on its board of 40 light squares:
//! the dark squares are holes, so "orthogonally adjacent" light squares are
//! two apart. The Frog's line jump and the pawn's "never takes a pawn" are
//! game hooks; their plain XBetza parts are tested here.

#![allow(clippy::unwrap_used)]

use crate::common;

use common::{all8, cuarenta, forward, moves, table_mover_set, Board, Exp, DIAG};
use deckmate_betza::{compile_str, Facing};
use deckmate_board::{Geometry, Square};

/// King (Q3), Bishop and Camel and Guard (Q4), Vao (Q5), Frog's plain move
/// (Q6), Pawn (Q7).
const PIECES: [(&str, &str); 7] = [
    ("King", "FmvD"),
    ("Bishop", "B"),
    ("Camel", "C"),
    ("Guard", "FA"),
    ("Vao", "mBcpB"),
    ("Frog", "D"),
    ("Pawn", "fFsD"),
];

fn sq(g: &Geometry, name: &str) -> Square {
    g.parse_square(name)
        .unwrap_or_else(|| panic!("{name} is not a Cuarenta square"))
}

/// Expected moves from `from` for the side facing `facing`, by the rules'
/// words, cut to the squares that exist.
fn expected(name: &str, from: Square, facing: Facing) -> common::MoveSet {
    let g = cuarenta();
    let on = move |(dx, dy): (i32, i32)| {
        let (dx, dy) = match facing {
            Facing::Up => (dx, dy),
            Facing::Down => (-dx, -dy),
        };
        g.offset(from, dx, dy).is_some()
    };
    let e = Exp::within(on);
    let set = match name {
        // Diagonal step; move only two ranks straight forward or back.
        "King" => e.leaps(&DIAG, "b").leaps(&[(0, 2), (0, -2)], "m"),
        "Bishop" => e.slides(&DIAG, 8, "b"),
        "Camel" => e.leaps(&all8(1, 3), "b"),
        // One or two squares diagonally, jumping the first.
        "Guard" => e.leaps(&DIAG, "b").leaps(&all8(2, 2), "b"),
        // Moves as a bishop; captures only over a screen (none on an empty
        // board).
        "Vao" => e.slides(&DIAG, 8, "m"),
        // The nearest light square orthogonally.
        "Frog" => e.leaps(&all8(2, 0), "b"),
        // Diagonally forward, or two files sideways.
        "Pawn" => e.leaps(&forward(&DIAG), "b").leaps(&[(2, 0), (-2, 0)], "b"),
        other => panic!("{other}"),
    };
    set.set
}

#[test]
fn every_piece_from_every_square_for_both_sides() {
    let g = cuarenta();
    assert_eq!(g.squares().count(), 40);
    for (name, text) in PIECES {
        for facing in [Facing::Up, Facing::Down] {
            let table = compile_str(text, &g, facing).unwrap_or_else(|e| panic!("{text}: {e}"));
            for from in g.squares().iter() {
                assert_eq!(
                    table_mover_set(&table, &g, from, facing),
                    expected(name, from, facing),
                    "{name} ({text}) {facing:?} from {from:?}"
                );
            }
        }
    }
}

#[test]
fn the_setup_squares_spelt_out() {
    let g = cuarenta();
    // White King e2: d1 f1 d3 f3 diagonally, e4 two ranks up (move only).
    let king = compile_str("FmvD", &g, Facing::Up).unwrap();
    let mut dest: Vec<Square> = moves(&king, sq(&g, "e2"), &Board::default(), false)
        .into_iter()
        .map(|(s, _)| s)
        .collect();
    dest.sort();
    let mut want: Vec<Square> = ["d1", "f1", "d3", "f3", "e4"]
        .iter()
        .map(|n| sq(&g, n))
        .collect();
    want.sort();
    assert_eq!(dest, want);
    // Black pawn b7 goes down the board: a6 c6 diagonally, d7 sideways.
    let pawn = compile_str("fFsD", &g, Facing::Down).unwrap();
    let mut dest: Vec<Square> = moves(&pawn, sq(&g, "b7"), &Board::default(), false)
        .into_iter()
        .map(|(s, _)| s)
        .collect();
    dest.sort();
    let mut want: Vec<Square> = ["a6", "c6", "d7"].iter().map(|n| sq(&g, n)).collect();
    want.sort();
    assert_eq!(dest, want);
}

#[test]
fn orthogonal_sliders_and_lame_leaps_stop_at_holes() {
    let g = cuarenta();
    // A Rook's first step is always a hole: no rays at all.
    let rook = compile_str("R", &g, Facing::Up).unwrap();
    assert!(g.squares().iter().all(|s| rook.from(s).rays.is_empty()));
    // A lame Dabbaba would need the hole between to be empty: no moves.
    let lame = compile_str("nD", &g, Facing::Up).unwrap();
    assert!(g.squares().iter().all(|s| lame.from(s).leaps.is_empty()));
    // A plain one leaps it.
    let frog = compile_str("D", &g, Facing::Up).unwrap();
    assert_eq!(frog.from(sq(&g, "d5")).leaps.len(), 4);
    // Every destination and ray square exists.
    for (_, text) in PIECES {
        let t = compile_str(text, &g, Facing::Down).unwrap();
        for s in g.squares().iter() {
            let m = t.from(s);
            assert!(m.leaps.iter().all(|l| g.contains(l.to)), "{text}");
            assert!(
                m.rays
                    .iter()
                    .all(|r| r.squares.iter().all(|x| g.contains(*x))),
                "{text}"
            );
        }
        for hole in 0..=255u8 {
            let h = Square(hole);
            if !g.contains(h) {
                assert_eq!(t.from(h), &Default::default(), "{text} from a hole");
            }
        }
    }
}

#[test]
fn guard_jumps_and_vao_captures_over_one_screen() {
    let g = cuarenta();
    let d5 = sq(&g, "d5");
    // Guard: a friend on c6 does not stop the leap to b7.
    let guard = compile_str("FA", &g, Facing::Up).unwrap();
    let board = Board {
        friends: [sq(&g, "c6")].into(),
        ..Board::default()
    };
    assert!(moves(&guard, d5, &board, false).contains(&(sq(&g, "b7"), false)));
    // Vao on d5: screen e6 (either side), victim g8 further on; f7 between
    // is empty. It captures g8 only, and cannot capture e6 or move past it.
    let vao = compile_str("mBcpB", &g, Facing::Up).unwrap();
    let board = Board {
        friends: [sq(&g, "e6")].into(),
        enemies: [sq(&g, "g8")].into(),
    };
    let dest = moves(&vao, d5, &board, false);
    assert!(dest.contains(&(sq(&g, "g8"), true)));
    assert!(!dest
        .iter()
        .any(|(s, _)| *s == sq(&g, "e6") || *s == sq(&g, "f7")));
    // With no screen it does not capture.
    let board = Board {
        enemies: [sq(&g, "e6")].into(),
        ..Board::default()
    };
    assert!(!moves(&vao, d5, &board, false).iter().any(|(_, c)| *c));
}
