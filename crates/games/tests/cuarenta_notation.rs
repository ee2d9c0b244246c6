//! Cuarenta's notation both ways, the position string and records: what is
//! written, and why each refusal is refused.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use deckmate_games::cuarenta::{self, fen, notation, record, START};
use deckmate_rules::{Game, Record};
use std::collections::BTreeSet;

fn err(text: &str) -> String {
    let p = cuarenta::start_position();
    notation::parse(&p, text).unwrap_err().to_string()
}

#[test]
fn the_start_moves_as_written() {
    let p = cuarenta::start_position();
    let mut v = Vec::new();
    p.legal_moves(&mut v);
    let written: BTreeSet<String> = v.iter().map(|&m| notation::write(&p, m)).collect();
    let want: BTreeSet<String> = [
        "Vxf7", "Vxd7", "Pa4", "Pbc4", "Pdc4", "Pde4", "Pfe4", "Pfg4", "Phg4", "Pi4", "Ga4",
        "Gce4", "Gge4", "Gi4", "Fa4", "Fd5", "Fg4", "Fc4", "Ff5", "Fi4", "Cg4", "Ci4",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    assert_eq!(written, want);
}

#[test]
fn disambiguation_by_file_rank_or_square_is_accepted_when_not_needed() {
    let p = cuarenta::start_position();
    let m = notation::parse(&p, "Fa4").unwrap();
    for t in ["Fda4", "F1a4", "Fd1a4", "Fa4!", "Fa4?!"] {
        assert_eq!(notation::parse(&p, t).unwrap(), m, "{t}");
    }
    assert_eq!(notation::write(&p, m), "Fa4");
}

#[test]
fn refusals_say_why() {
    let cases = [
        ("", "empty"),
        ("bc4", "P for a pawn"),
        ("Zc4", "piece letter"),
        ("Pc4", "ambiguous"),
        ("Pc4", "Pbc4 or Pdc4"),
        ("Fxa4", "nothing to capture on a4"),
        ("Vf7", "it captures on f7; write Vxf7"),
        ("Fa4+", "gives no check"),
        ("Kd5", "no White King on e2 can move to d5"),
        ("Kd1", "d1 holds White's own piece"),
        ("Pa4=C", "cannot become a Camel on a4"),
        ("Fa4=C", "only a pawn promotes"),
        ("Pa4=K", "promotes to C, F, G, V or B"),
        ("O-O", "only after Black"),
        ("o-o", "capital letters O"),
        ("O-O-O", "one castling"),
        ("Fd2", "d2 is a dark square"),
        ("Fj4", "not a square"),
        ("Fq", "target square is missing"),
        ("Fzza4", "only a file, a rank"),
        ("Fea4", "no White Frog stands there"),
        ("Ke4", "leave White's King in check"),
    ];
    for (text, want) in cases {
        let e = err(text);
        assert!(e.contains(want), "{text}: {e}");
    }
}

#[test]
fn check_and_mate_signs_are_checked() {
    // The Guard's jump to c6 mates (see the rulings' mate position).
    let text = "*1*1*1*1*/k*1*1*1*1/*1*1*1*1*/1*1*B*1*1/*1*1*1*1*/1*1*G*1*1/*C*1*1*1*/1*1*K*1*1/*1*1*1*1* w - 0 1";
    let p = fen::parse(text).unwrap();
    let m = notation::parse(&p, "Gc6#").unwrap();
    assert_eq!(notation::parse(&p, "Gc6").unwrap(), m);
    assert!(notation::parse(&p, "Gc6+")
        .unwrap_err()
        .to_string()
        .contains("checkmates"));
    let mut q = p.clone();
    q.play(m).unwrap();
    assert!(notation::parse(&q, "Kb7")
        .unwrap_err()
        .to_string()
        .contains("the game is over: White checkmated Black"));
}

#[test]
fn position_strings_round_trip_and_refusals_say_why() {
    let p = fen::parse(START).unwrap();
    assert_eq!(fen::write(&p), START);
    let cases = [
        ("", "5 fields"),
        ("*c*f*f*b* w Cc 0 1", "9 ranks"),
        (
            &START.replacen("*c*f*f*b*", "*c*f*f*b", 1),
            "rank 9 describes 8 cells",
        ),
        (
            &START.replacen("*c*f*f*b*", "*c*f*f*b**", 1),
            "rank 9 describes 10 cells",
        ),
        (&START.replacen("*c*f*f*b*", "*x*f*f*b*", 1), "'x' is not"),
        (
            &START.replacen("*c*f*f*b*", "1c*f*f*b*", 1),
            "a9 is a dark square",
        ),
        (
            &START.replacen("*c*f*f*b*", "**c*f*f*b", 1),
            "b9 is a light square",
        ),
        (&START.replacen("k", "g", 1), "Black has 0 Kings"),
        (&START.replacen(" w ", " x ", 1), "w or b"),
        (&START.replacen("Cc", "CC", 1), "castling field"),
        (
            &START.replacen(" 0 1", " -1 1", 1),
            "'-1' is not a valid counter",
        ),
        (
            &START.replacen(" 0 1", " 0 0", 1),
            "'0' is not a valid counter",
        ),
    ];
    for (text, want) in cases {
        let e = fen::parse(text).unwrap_err().to_string();
        assert!(e.contains(want), "{text}: {e}");
    }
    // The side that has just moved may not be in check: Black's Vao a8
    // sees e4 over b7.
    let moved =
        START
            .replacen("V*G*K*G*V", "V*G*1*G*V", 1)
            .replacen("1*1*1*1*1/*P", "1*1*K*1*1/*P", 1);
    let e = fen::parse(&moved.replacen(" w Cc ", " b c ", 1))
        .unwrap_err()
        .to_string();
    assert!(e.contains("White is in check"), "{e}");
}

#[test]
fn records_replay_and_name_the_first_bad_move() {
    let text = "[Variant \"Cuarenta\"]\n[White \"a\"]\n\n1. Fa4 Pbc6 2. Pbc4 Fd5 *\n";
    let r = record::replay(&Record::parse(text).unwrap()).unwrap();
    assert_eq!(r.moves.len(), 4);
    assert_eq!(r.result, "*");
    let bad = "[Variant \"Cuarenta\"]\n1. Fa4 Pbc6 2. Pc4 Fd5\n";
    let e = record::replay(&Record::parse(bad).unwrap()).unwrap_err();
    assert_eq!(e.ply, 3);
    let msg = e.to_string();
    assert!(msg.starts_with("move 2. Pc4 (White, ply 3)"), "{msg}");
    assert!(msg.contains("ambiguous"), "{msg}");
    let other = "[Variant \"Cardmate\"]\n1. 4Ci3\n";
    let e = record::replay(&Record::parse(other).unwrap()).unwrap_err();
    assert!(e.to_string().contains("not Cuarenta"));
    // A result that contradicts the position is refused.
    let wrong = "[Variant \"Cuarenta\"]\n[FEN \"*1*1*1*1*/k*1*1*1*1/*1*1*1*1*/1*1*B*1*1/*1*1*1*1*/1*1*G*1*1/*C*1*1*1*/1*1*K*1*1/*1*1*1*1* w - 0 1\"]\n1. Gc6# 0-1\n";
    let e = record::replay(&Record::parse(wrong).unwrap()).unwrap_err();
    assert!(e.to_string().contains("the game ended 1-0"), "{e}");
    // A written record reads back to the same game.
    let spec = record::GameSpec::default();
    let rec = record::write(&spec, &r.moves, None).unwrap();
    let again = record::replay(&Record::parse(&rec.to_string()).unwrap()).unwrap();
    assert_eq!(again.moves, r.moves);
    assert!(rec.to_string().contains("[Variant \"Cuarenta\"]"));
}

#[test]
fn positions_that_are_already_over_read_as_over() {
    // Two bare Kings, and a position past the quiet-ply limit.
    let bare = "*1*1*1*1*/k*1*1*1*1/*1*1*1*1*/1*1*1*1*1/*1*1*1*1*/1*1*1*1*1/*1*1*1*1*/1*1*K*1*1/*1*1*1*1* w - 0 1";
    let p = fen::parse(bare).unwrap();
    assert_eq!(p.count_moves(), 0);
    assert!(p.outcome().unwrap().reason.contains("King"));
    let quiet = START.replacen(" 0 1", " 80 41", 1);
    let p = fen::parse(&quiet).unwrap();
    assert_eq!(p.count_moves(), 0);
    assert!(p.outcome().unwrap().reason.contains("80 plies"));
    assert_eq!(fen::write(&p), quiet);
    // The kernel's checked play refuses a move of the other side.
    let mut start = cuarenta::start_position();
    let black = {
        let mut q = start.clone();
        q.play(notation::parse(&q, "Fa4").unwrap()).unwrap();
        notation::parse(&q, "Pbc6").unwrap()
    };
    assert!(start.play(black).is_err());
}

/// Issue 31 item 9: from-to coordinates and piece letters in lower case
/// read as the SAN does; what is written does not change.
#[test]
fn issue31_item9_from_to_and_lower_case_letters() {
    let p = cuarenta::start_position();
    let same = |a: &str, b: &str| {
        let m = notation::parse(&p, b).unwrap_or_else(|e| panic!("{b}: {e}"));
        assert_eq!(notation::parse(&p, a), Ok(m), "{a} / {b}");
        assert_eq!(notation::write(&p, m), b, "the writing is unchanged");
    };
    for (coordinates, san) in [
        ("d1a4", "Fa4"),
        ("d1-a4", "Fa4"),
        ("b3c4", "Pbc4"),
        ("d3-c4", "Pdc4"),
        ("fa4", "Fa4"),
        ("pbc4", "Pbc4"),
        ("gce4", "Gce4"),
        ("ci4", "Ci4"),
        ("vxf7", "Vxf7"),
        ("vxd7", "Vxd7"),
    ] {
        same(coordinates, san);
    }
    // The Vao's captures from-to, with or without 'x'.
    let mut v = Vec::new();
    p.legal_moves(&mut v);
    for &m in &v {
        let text = notation::write(&p, m);
        if text.starts_with('V') {
            let t = p.core().tables();
            let (from, to) = (t.name(m.core().from_index()), t.name(m.core().to_index()));
            assert_eq!(notation::parse(&p, &format!("{from}{to}")), Ok(m));
            assert_eq!(notation::parse(&p, &format!("{from}x{to}")), Ok(m));
        }
    }
    // An 'x' between the squares is checked as SAN's is; a lower-case
    // letter that is no move either way keeps the reading as written.
    assert!(
        err("b3xc4").contains("nothing to capture on c4"),
        "{}",
        err("b3xc4")
    );
    assert!(err("fa5").contains("(Pfa5?)"), "{}", err("fa5"));
    assert!(err("pc4").contains("ambiguous"), "{}", err("pc4"));
}
