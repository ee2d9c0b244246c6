//! Issue 29 item 1: the work of reading and compiling XBetza is bounded.
//! Texts over the limits are refused with the limit and the byte position;
//! a clause written many times is compiled once.

#![allow(clippy::unwrap_used)]

use deckmate_betza::{
    compile, compile_str, parse, Atom, Betza, Clause, ErrorKind, Facing, Range, MAX_CLAUSES,
    MAX_TEXT_BYTES,
};
use deckmate_board::{Geometry, RankStyle, Square};

fn boards() -> Vec<Geometry> {
    let holes: Vec<Square> = [(4, 4), (5, 6), (0, 9)]
        .iter()
        .map(|&(f, r)| Square::new(f, r).unwrap())
        .collect();
    let holed = Geometry::with_holes(10, 10, RankStyle::FromOne, &holes).unwrap();
    vec![
        Geometry::new(8, 8, RankStyle::FromOne).unwrap(),
        Geometry::new(16, 16, RankStyle::FromOne).unwrap(),
        holed,
    ]
}

#[test]
fn item_1_a_piece_of_5000_queens_is_refused_at_the_length_limit() {
    let text = "Q".repeat(5000);
    let e = parse(&text).unwrap_err();
    assert_eq!(
        e.kind,
        ErrorKind::TooLong {
            max: MAX_TEXT_BYTES,
            len: 5000
        }
    );
    assert_eq!(e.at, MAX_TEXT_BYTES);
    assert_eq!(
        e.to_string(),
        format!(
            "at {MAX_TEXT_BYTES}: the move description is 5000 bytes long, more than the limit of {MAX_TEXT_BYTES}"
        )
    );
    let g = Geometry::new(8, 8, RankStyle::FromOne).unwrap();
    assert!(compile_str(&text, &g, Facing::Up).is_err());
    // W x 4000 and N x 5000 (the terminal report's files) likewise.
    for text in ["W".repeat(4000), "N".repeat(5000)] {
        assert!(matches!(
            parse(&text).unwrap_err().kind,
            ErrorKind::TooLong { .. }
        ));
    }
    // 2000 Qs fit the length but not the clauses: refused at the 17th Q,
    // before the rest is read.
    let e = parse(&"Q".repeat(2000)).unwrap_err();
    assert_eq!(
        (e.at, e.kind),
        (16, ErrorKind::TooManyClauses { max: MAX_CLAUSES })
    );
    // At the limit the text is read.
    let at_limit = format!("{}W", " ".repeat(MAX_TEXT_BYTES - 1));
    assert!(parse(&at_limit).is_ok());
}

#[test]
fn item_1_more_clauses_than_the_limit_are_refused_at_the_first_too_many() {
    // K is two clauses (W and F): 16 Ks are the limit of 32.
    assert_eq!(MAX_CLAUSES, 32);
    assert!(parse(&"K".repeat(16)).is_ok());
    let e = parse(&"K".repeat(17)).unwrap_err();
    assert_eq!(e.kind, ErrorKind::TooManyClauses { max: MAX_CLAUSES });
    assert_eq!(e.at, 16);
    assert!(e.to_string().contains("more than 32 move clauses"), "{e}");
    // With spaces and modifiers, the position is the clause's start.
    let text = format!("{}mfW", "cF ".repeat(32));
    assert_eq!(parse(&text).unwrap_err().at, 96);
    // A tree built by hand is held to the same limit by the compiler.
    let tree = Betza {
        clauses: vec![Clause::plain(Atom::W, Range::Leap); MAX_CLAUSES + 1],
    };
    let g = Geometry::new(8, 8, RankStyle::FromOne).unwrap();
    let e = compile(&tree, &g, Facing::Up).unwrap_err();
    assert_eq!(e.kind, ErrorKind::TooManyClauses { max: MAX_CLAUSES });
    // The canonical text is "W1W1...": the 33rd clause starts at 64.
    assert_eq!(tree.to_string().len(), 2 * (MAX_CLAUSES + 1) - 1);
    assert_eq!(e.at, 2 * MAX_CLAUSES);
    let tree = Betza {
        clauses: vec![Clause::plain(Atom::W, Range::Leap); MAX_CLAUSES],
    };
    assert!(compile(&tree, &g, Facing::Up).is_ok());
}

#[test]
fn item_1_the_canonical_text_of_a_piece_within_the_limits_reads_back() {
    // Compounds and modifiers print longer than written: "imQ15" is
    // "imR15imB15". The canonical text of a piece the parser accepted is
    // never refused.
    for text in [
        "imQ15".repeat(16),
        "icK".repeat(16),
        "(15,14)15".repeat(32),
        "ifrblyaflF ".repeat(32),
    ] {
        let b = parse(&text).unwrap();
        let canon = b.to_string();
        assert_eq!(parse(&canon).as_ref(), Ok(&b), "{text} -> {canon}");
    }
}

#[test]
fn item_1_more_than_two_legs_are_refused() {
    let e = parse("afafW").unwrap_err();
    assert_eq!(e.at, 2);
    assert!(matches!(e.kind, ErrorKind::Unsupported(_)));
}

#[test]
fn item_1_a_clause_written_many_times_compiles_as_once() {
    for g in boards() {
        for facing in [Facing::Up, Facing::Down] {
            let q = compile_str("Q", &g, facing).unwrap();
            assert_eq!(compile_str("QQQQ", &g, facing).unwrap(), q);
            assert_eq!(compile_str(&"Q".repeat(16), &g, facing).unwrap(), q);
            assert_eq!(compile_str("RBRBQ", &g, facing).unwrap(), q);
            let k = compile_str("K", &g, facing).unwrap();
            assert_eq!(compile_str(&"K".repeat(16), &g, facing).unwrap(), k);
            // Spaces keep N N a leaper, not the rider NN.
            let n = compile_str("N", &g, facing).unwrap();
            assert_eq!(compile_str("N N N N", &g, facing).unwrap(), n);
        }
    }
}

#[test]
fn item_1_every_shipped_piece_written_twice_compiles_as_once() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../games/data/dealers-pieces.txt"
    );
    let text = std::fs::read_to_string(path).unwrap();
    let pieces: Vec<String> = text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .map(|l| l.split('|').nth(3).unwrap().trim().to_string())
        .collect();
    assert!(pieces.len() > 60);
    let others = [
        "mRcpR",
        "mpRcpR2",
        "Q4DA",
        "mfWimfR2",
        "nNafsF",
        "(4,1)(4,3)",
    ];
    for g in boards() {
        for betza in pieces.iter().map(String::as_str).chain(others) {
            for facing in [Facing::Up, Facing::Down] {
                let once = compile_str(betza, &g, facing).unwrap();
                let twice = compile_str(&format!("{betza} {betza}"), &g, facing).unwrap();
                assert_eq!(twice, once, "{betza}");
            }
        }
    }
}
