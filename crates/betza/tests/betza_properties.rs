//! Errors name their position; Cuarenta's pieces compile on a board with
//! holes; the Cardmate ranks compile; parsing never panics and canonical
//! text round-trips.

#![allow(clippy::unwrap_used)]

use deckmate_betza::{compile_str, parse, ErrorKind, Facing, RayKind};
use deckmate_board::{Geometry, RankStyle, Square};
use proptest::prelude::*;

#[test]
fn errors_name_the_position() {
    let cases: [(&str, usize); 10] = [
        ("", 0),
        ("fY", 1),
        ("WfFx", 3),
        ("mfb", 3),
        ("(3,4", 0),
        ("(0,0)", 0),
        ("R99", 1),
        ("pN", 0),
        ("nF", 0),
        ("NaN", 1),
    ];
    for (text, at) in cases {
        let e = parse(text).unwrap_err();
        assert_eq!(e.at, at, "{text}: {e}");
        assert!(e.to_string().starts_with(&format!("at {at}:")), "{e}");
    }
    assert!(matches!(
        parse("fY").unwrap_err().kind,
        ErrorKind::Unsupported(_)
    ));
    assert!(matches!(
        parse("fxW").unwrap_err().kind,
        ErrorKind::Unexpected('x')
    ));
}

#[test]
fn canonical_forms() {
    for (text, canon) in [
        ("K", "WF"),
        ("Q", "RB"),
        ("WW", "R"),
        ("Q2", "R2B2"),
        ("NN", "NN"),
        ("sfW", "fsW"),
        ("lfF", "flF"),
        ("fF", "fF"),
        ("(3,4)", "(4,3)"),
        ("mRcpR", "mRcpR"),
        ("FyafsF", "FyafsF"),
        ("KF", "WF F"),
    ] {
        assert_eq!(parse(text).unwrap().to_string(), canon, "{text}");
        assert_eq!(parse(canon).unwrap(), parse(text).unwrap());
    }
}

fn cuarenta() -> Geometry {
    let holes: Vec<Square> = (0..9u8)
        .flat_map(|r| (0..9u8).map(move |f| (f, r)))
        .filter(|(f, r)| (f + 1 + r + 1) % 2 == 0)
        .map(|(f, r)| Square::new(f, r).unwrap())
        .collect();
    Geometry::with_holes(9, 9, RankStyle::FromOne, &holes).unwrap()
}

#[test]
fn cuarenta_pieces_stay_on_the_light_squares() {
    let g = cuarenta();
    let e5 = g.parse_square("e5");
    assert!(e5.is_none()); // e5: 5 + 5 even, a hole
    let d5 = g.parse_square("d5").unwrap();
    // Q3 King: F, or two ranks straight (move only).
    let king = compile_str("FmvD", &g, Facing::Up).unwrap();
    let m = king.from(d5);
    assert_eq!(m.leaps.len(), 6);
    // Q4 Camel and Guard, Q5 Vao (moves as a bishop, captures by hopping).
    assert_eq!(
        compile_str("C", &g, Facing::Up)
            .unwrap()
            .from(d5)
            .leaps
            .len(),
        8
    );
    assert_eq!(
        compile_str("FA", &g, Facing::Up)
            .unwrap()
            .from(d5)
            .leaps
            .len(),
        8
    );
    let vao = compile_str("mBcpB", &g, Facing::Up).unwrap();
    assert!(vao.from(d5).rays.iter().any(|r| r.kind == RayKind::Hop));
    // Q7 Pawn: diagonal forward, or two files sideways.
    let pawn = compile_str("fFsD", &g, Facing::Up).unwrap();
    assert_eq!(pawn.from(d5).leaps.len(), 4);
    // Every destination of every piece exists on the board.
    for text in ["FmvD", "C", "FA", "mBcpB", "fFsD", "B", "D"] {
        let t = compile_str(text, &g, Facing::Down).unwrap();
        for sq in g.squares().iter() {
            for l in &t.from(sq).leaps {
                assert!(g.contains(l.to), "{text}");
            }
            for r in &t.from(sq).rays {
                assert!(r.squares.iter().all(|s| g.contains(*s)), "{text}");
            }
        }
    }
    // A rook ray stops at the first hole.
    let rook = compile_str("R", &g, Facing::Up).unwrap();
    assert!(rook.from(d5).rays.is_empty());
}

#[test]
fn cardmate_ranks_compile() {
    let g = Geometry::new(10, 10, RankStyle::FromZero).unwrap();
    let e4 = Square::new(4, 4).unwrap();
    let count = |t: &str| {
        let m = compile_str(t, &g, Facing::Up).unwrap();
        m.from(e4).leaps.len()
            + m.from(e4)
                .rays
                .iter()
                .map(|r| r.squares.len())
                .sum::<usize>()
    };
    let expected = [
        ("fWmbW", 2),
        ("fFmbW", 3),
        ("fFfWmbW", 4),
        ("fFsWmbW", 5),
        ("fFfsWmbW", 6),
        ("FsWmbW", 7),
        ("FfsWmbW", 8),
        ("NmbW", 9),
        ("R", 18),
        ("NQ2", 24),
        ("K", 8),
        ("QN", 8 + 18 + 17),
    ];
    for (t, n) in expected {
        assert_eq!(count(t), n, "{t}");
    }
}

proptest! {
    #[test]
    fn parsing_never_panics(s in "\\PC{0,16}") {
        let _ = parse(&s);
    }

    #[test]
    fn valid_texts_round_trip(s in "([mcinp]{0,2}[fblrsv]{0,3}([WFDNAHCZGKQRB]{1,2}[0-9]?|\\([0-9],[0-9]\\)))(y?a[fblrs]{0,2}[WF])?{1,4}") {
        if let Ok(b) = parse(&s) {
            let canon = b.to_string();
            prop_assert_eq!(parse(&canon), Ok(b.clone()), "{} -> {}", s, canon);
            let g = Geometry::new(8, 8, RankStyle::FromOne).unwrap();
            let _ = deckmate_betza::compile(&b, &g, Facing::Down);
        }
    }
}
