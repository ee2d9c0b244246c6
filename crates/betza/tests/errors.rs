//! Every rejected text names the byte position of what is wrong, and the
//! message says what it is.

#![allow(clippy::unwrap_used)]

use deckmate_betza::{compile, parse, Atom, Betza, Clause, ErrorKind, Facing, Range};
use deckmate_board::{Geometry, RankStyle};

fn err(text: &str) -> (usize, ErrorKind, String) {
    let e = parse(text).expect_err(text);
    (e.at, e.kind.clone(), e.to_string())
}

#[test]
fn unknown_atoms() {
    assert_eq!(
        err("fY"),
        (
            1,
            ErrorKind::UnknownAtom('Y'),
            "at 1: unknown atom 'Y'".into()
        )
    );
    assert_eq!(err("WFM").0, 2);
    assert_eq!(err("mRcpRT").1, ErrorKind::UnknownAtom('T'));
}

#[test]
fn bad_modifiers() {
    assert_eq!(
        err("tW"),
        (
            0,
            ErrorKind::BadModifier('t'),
            "at 0: unknown modifier 't'".into()
        )
    );
    assert_eq!(
        err("mwN"),
        (
            1,
            ErrorKind::BadModifier('w'),
            "at 1: unknown modifier 'w'".into()
        )
    );
    // Direction letters that mean nothing for the atom.
    assert_eq!(err("hW").1, ErrorKind::BadDirection("h".into()));
    assert_eq!(err("WfhF").0, 2);
    assert_eq!(err("FafhF").0, 3);
}

#[test]
fn unbalanced_brackets() {
    assert_eq!(
        err("(3,4"),
        (0, ErrorKind::Unbalanced('('), "at 0: unbalanced '('".into())
    );
    assert_eq!(err("NN(3,4").0, 2);
    assert_eq!(err("W)").1, ErrorKind::Unbalanced(')'));
    assert_eq!(err("W)").0, 1);
    assert_eq!(err("[W").1, ErrorKind::Unbalanced('['));
    assert_eq!(err("K]").0, 1);
    // Closed but XBetza's bracket notation, which is not played.
    let (at, kind, _) = err("K[W-R]");
    assert_eq!(at, 1);
    assert!(matches!(kind, ErrorKind::Unsupported(_)));
}

#[test]
fn bad_leaps_and_numbers() {
    for (text, at) in [
        ("(0,0)", 0),
        ("(3;4)", 0),
        ("W(16,1)", 1),
        ("(3,)", 0),
        ("(a,b)", 0),
    ] {
        assert_eq!(err(text).0, at, "{text}");
        assert_eq!(err(text).1, ErrorKind::BadLeap, "{text}");
    }
    assert_eq!(
        err("R16"),
        (
            1,
            ErrorKind::BadNumber,
            "at 1: range number too large (at most 15)".into()
        )
    );
    assert_eq!(err("KN999999999999").0, 2);
}

#[test]
fn structure_errors() {
    assert_eq!(err("").1, ErrorKind::Empty);
    assert_eq!(err("   ").0, 0);
    assert_eq!(
        err("mfb"),
        (
            3,
            ErrorKind::MissingAtom,
            "at 3: modifiers without an atom".into()
        )
    );
    assert_eq!(err("mf W").0, 2);
    assert_eq!(
        err("W%"),
        (1, ErrorKind::Unexpected('%'), "at 1: unexpected '%'".into())
    );
    assert_eq!(err("3W").1, ErrorKind::Unexpected('3'));
    assert_eq!(err("Wé").1, ErrorKind::Unexpected('é'));
    assert_eq!(err("Wé").0, 1);
}

#[test]
fn unsupported_constructs_name_the_letter() {
    let cases: &[(&str, usize, &str)] = &[
        ("gQ", 0, "grasshopper"),
        ("jN", 0, "jumping"),
        ("mfWfceF", 5, "en passant"),
        ("zB", 0, "crooked"),
        ("O2", 0, "castling"),
        ("FX", 1, "extended"),
        ("W03", 1, "exact ranges"),
        ("NN2", 2, "doubled"),
        ("pN", 0, "leaper"),
        ("nC", 0, "one path"),
        ("nR", 0, "lame riders"),
        ("fK", 0, "K or Q"),
        ("mbQ", 1, "K or Q"),
        ("caW", 0, "locust"),
        ("yW", 0, "two-leg"),
        ("FyafsafF", 5, "more than two legs"),
        ("afbW", 2, "straight back"),
        ("NaN", 2, "oblique"),
        ("yafsR", 4, "riders"),
        ("pafsW", 0, "first leg"),
        ("aiW", 1, "second leg"),
    ];
    for &(text, at, what) in cases {
        let (got, kind, msg) = err(text);
        assert_eq!(got, at, "{text}: {msg}");
        match kind {
            ErrorKind::Unsupported(s) => assert!(s.contains(what), "{text}: {s}"),
            other => panic!("{text}: {other:?}"),
        }
        assert!(
            msg.starts_with(&format!("at {at}: not supported: ")),
            "{msg}"
        );
    }
}

#[test]
fn compile_rejects_trees_the_parser_would_not_build() {
    let g = Geometry::new(8, 8, RankStyle::FromOne).unwrap();
    assert_eq!(
        compile(&Betza { clauses: vec![] }, &g, Facing::Up)
            .unwrap_err()
            .kind,
        ErrorKind::Empty
    );
    // A lame Camel after a Wazir: the error points at the second clause of
    // the canonical text "WnC".
    let mut lame = Clause::plain(Atom::C, Range::Leap);
    lame.lame = true;
    let b = Betza {
        clauses: vec![Clause::plain(Atom::W, Range::Leap), lame],
    };
    let e = compile(&b, &g, Facing::Up).unwrap_err();
    assert_eq!(e.at, 1);
    assert!(matches!(e.kind, ErrorKind::Unsupported(_)));
    // Directions that are no vectors of the atom.
    let mut odd = Clause::plain(Atom::W, Range::Leap);
    odd.dirs = vec![(1, 1)];
    assert!(compile(&Betza { clauses: vec![odd] }, &g, Facing::Up).is_err());
}
