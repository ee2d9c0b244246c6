//! Every Cuarenta ruling of RULINGS.md (Q1-Q10), each in tests named with
//! its tag.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use deckmate_board::{RankStyle, Square};
use deckmate_games::cuarenta::{self, fen, notation, record, EndReason, Piece, Position, START};
use deckmate_rules::{Game, Record, Seat};
use std::collections::BTreeSet;

/// A position string from `(square, letter)` pairs: upper case White, lower
/// case Black.
fn fen_from(pieces: &[(&str, char)], side: char, castling: &str, quiet: u32) -> String {
    let mut rows = Vec::new();
    for rank in (1..=9u8).rev() {
        let mut row = String::new();
        for file in 0..9u8 {
            let name = format!("{}{rank}", (b'a' + file) as char);
            let light = (file + 1 + rank) % 2 == 1;
            let piece = pieces.iter().find(|(s, _)| *s == name).map(|p| p.1);
            match (light, piece) {
                (false, None) => row.push('*'),
                (false, Some(_)) => panic!("{name} is dark"),
                (true, None) => row.push('1'),
                (true, Some(c)) => row.push(c),
            }
        }
        rows.push(row);
    }
    format!("{} {side} {castling} {quiet} 40", rows.join("/"))
}

fn pos(pieces: &[(&str, char)], side: char) -> Position {
    pos_with(pieces, side, "-", 0)
}

fn pos_with(pieces: &[(&str, char)], side: char, castling: &str, quiet: u32) -> Position {
    let text = fen_from(pieces, side, castling, quiet);
    fen::parse(&text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn sq(name: &str) -> Square {
    Square::parse(name, RankStyle::FromOne).unwrap()
}

fn moves(p: &Position) -> BTreeSet<String> {
    let mut v = Vec::new();
    p.legal_moves(&mut v);
    v.into_iter().map(|m| notation::write(p, m)).collect()
}

/// Destinations (with `=X` for promotions, `x` for captures) of the piece
/// on `from`.
fn dests(p: &Position, from: &str) -> BTreeSet<String> {
    let mut v = Vec::new();
    p.legal_moves(&mut v);
    v.into_iter()
        .filter(|m| m.from() == sq(from) && !m.is_castling())
        .map(|m| {
            let mut s = String::new();
            if p.at(m.to()).is_some() {
                s.push('x');
            }
            s.push_str(&m.to().name(RankStyle::FromOne).to_string());
            if let Some(q) = m.promotion() {
                s.push('=');
                s.push(q.letter());
            }
            s
        })
        .collect()
}

fn set(items: &[&str]) -> BTreeSet<String> {
    items.iter().map(|s| s.to_string()).collect()
}

fn play(p: &mut Position, text: &str) {
    let mv = p.parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    p.play(mv).unwrap();
}

fn castles(p: &Position) -> bool {
    let mut v = Vec::new();
    p.legal_moves(&mut v);
    v.iter().any(|m| m.is_castling())
}

#[test]
fn cuarenta_q1_forty_light_squares_dark_ones_are_holes() {
    let g = cuarenta::geometry();
    assert_eq!(g.squares().count(), 40);
    for (name, light) in [
        ("a1", false),
        ("b1", true),
        ("a2", true),
        ("e5", false),
        ("e4", true),
    ] {
        assert_eq!(g.parse_square(name).is_some(), light, "{name}");
    }
    // A piece on a dark square is refused with the square named.
    let bad = START.replacen("*c", "cc", 1);
    let e = fen::parse(&bad).unwrap_err();
    assert!(e.to_string().contains("a9 is a dark square"), "{e}");
    // Orthogonally adjacent light squares are two apart: the Frog on d5
    // (plain move) reaches d3, d7, b5 and f5.
    let p = pos(&[("d5", 'F'), ("i2", 'K'), ("a8", 'k')], 'w');
    assert_eq!(dests(&p, "d5"), set(&["b5", "d3", "d7", "f5"]));
    // A move to a dark square is refused as such.
    let e = notation::parse(&cuarenta::start_position(), "Fd2").unwrap_err();
    assert!(e.to_string().contains("d2 is a dark square"), "{e}");
}

#[test]
fn cuarenta_q2_setup_and_white_moves_first() {
    let p = cuarenta::start_position();
    assert_eq!(fen::write(&p), START);
    assert_eq!(p.side_to_move(), Seat::First);
    let white: BTreeSet<String> = p
        .pieces(Seat::First)
        .iter()
        .map(|(s, k)| format!("{}{}", k.letter(), s.name(RankStyle::FromOne)))
        .collect();
    assert_eq!(
        white,
        set(&[
            "Ke2", "Bb1", "Ch1", "Fd1", "Ff1", "Va2", "Vi2", "Gc2", "Gg2", "Pb3", "Pd3", "Pf3",
            "Ph3"
        ])
    );
    // Black is the same turned 180 degrees.
    for (s, k) in p.pieces(Seat::First) {
        let turned = s.rotate(9, 9);
        assert_eq!(p.at(turned), Some((Seat::Second, k)), "{s:?}");
    }
    assert_eq!(p.count_moves(), 22);
}

#[test]
fn cuarenta_q3_king_steps_diagonally_and_moves_two_ranks_straight_without_capturing() {
    let p = pos(&[("e4", 'K'), ("a8", 'k'), ("h7", 'p')], 'w');
    assert_eq!(dests(&p, "e4"), set(&["d3", "d5", "e2", "e6", "f3", "f5"]));
    // The straight move never captures: a Guard on e6 stays, and its
    // diagonals d5, f5 are forbidden.
    let p = pos(&[("e4", 'K'), ("e6", 'g'), ("a8", 'k')], 'w');
    assert_eq!(dests(&p, "e4"), set(&["d3", "e2", "f3"]));
    // Two Kings two ranks apart on a file do not attack each other.
    let p = pos(&[("e4", 'K'), ("e6", 'k')], 'b');
    assert!(!p.in_check());
    // The King captures diagonally.
    let p = pos(&[("e4", 'K'), ("d5", 'p'), ("a8", 'k')], 'w');
    assert!(dests(&p, "e4").contains("xd5"));
}

#[test]
fn cuarenta_q4_bishop_camel_and_guard() {
    let p = pos(
        &[
            ("e4", 'B'),
            ("g6", 'p'),
            ("c2", 'P'),
            ("i2", 'K'),
            ("i8", 'k'),
        ],
        'w',
    );
    assert_eq!(
        dests(&p, "e4"),
        set(&["a8", "b7", "c6", "d5", "d3", "f3", "f5", "g2", "h1", "xg6"])
    );
    let p = pos(&[("e4", 'C'), ("i2", 'K'), ("a8", 'k')], 'w');
    assert_eq!(
        dests(&p, "e4"),
        set(&["b3", "b5", "d1", "d7", "f1", "f7", "h3", "h5"])
    );
    // The Guard jumps the first square, friend or enemy, and captures the
    // same way.
    let p = pos(
        &[
            ("e4", 'G'),
            ("d5", 'P'),
            ("f5", 'p'),
            ("g6", 'p'),
            ("i2", 'K'),
            ("a8", 'k'),
        ],
        'w',
    );
    assert_eq!(
        dests(&p, "e4"),
        set(&["c2", "c6", "d3", "f3", "g2", "xf5", "xg6"])
    );
}

#[test]
fn cuarenta_q5_vao_moves_as_bishop_and_captures_over_exactly_one_screen() {
    // Screens: d5 (White) then victim e6 (the first piece beyond, not the
    // Guard f7 further on); d3 (Black) then the Camel f1 beyond the empty
    // e2. Without a screen (a2 side) it only moves.
    let p = pos(
        &[
            ("c4", 'V'),
            ("d5", 'P'),
            ("e6", 'p'),
            ("f7", 'g'),
            ("d3", 'p'),
            ("f1", 'c'),
            ("i6", 'K'),
            ("e8", 'k'),
        ],
        'w',
    );
    assert_eq!(
        dests(&p, "c4"),
        set(&["a2", "a6", "b3", "b5", "xe6", "xf1"])
    );
}

#[test]
fn cuarenta_q5_q10_vao_victim_must_be_an_enemy() {
    // The first piece beyond the screen is White's own Guard: no capture,
    // and nothing further.
    let p = pos(
        &[
            ("c4", 'V'),
            ("d3", 'p'),
            ("e2", 'G'),
            ("i6", 'K'),
            ("e8", 'k'),
        ],
        'w',
    );
    assert_eq!(
        dests(&p, "c4"),
        set(&["a2", "a6", "b3", "b5", "d5", "e6", "f7", "g8", "h9"])
    );
    // A Vao checks over a screen of either side.
    let p = pos(&[("c4", 'V'), ("d5", 'P'), ("e6", 'k'), ("i2", 'K')], 'b');
    assert!(p.in_check());
    let p = pos(&[("c4", 'V'), ("d5", 'p'), ("e6", 'k'), ("i2", 'K')], 'b');
    assert!(p.in_check());
    let p = pos(&[("c4", 'V'), ("e6", 'k'), ("i2", 'K')], 'b');
    assert!(!p.in_check());
}

fn frog_position(g4: char) -> Position {
    pos(
        &[
            ("e4", 'K'),
            ("c4", 'F'),
            ("d5", 'G'),
            ("e6", 'P'),
            ("g4", g4),
            ("e8", 'k'),
            ("i4", 'c'),
            ("f7", 'p'),
            ("h9", 'b'),
            ("a2", 'f'),
        ],
        'w',
    )
}

#[test]
fn cuarenta_q6_frog_jumps_line_of_friends() {
    // Plain moves a4 c2 c6 (e4 is its own King); over d5 e6 it takes f7;
    // over its King e4 and the Vao g4 it takes the Camel i4.
    let p = frog_position('V');
    assert_eq!(dests(&p, "c4"), set(&["a4", "c2", "c6", "xf7", "xi4"]));
    assert!(moves(&p).contains("Fxi4"));
}

#[test]
fn cuarenta_q6_q10_an_enemy_piece_ends_the_frogs_line() {
    // An enemy Vao on g4 comes right after the King: the Frog takes it and
    // cannot reach i4.
    let p = frog_position('v');
    let d = dests(&p, "c4");
    assert!(d.contains("xg4") && !d.contains("xi4"), "{d:?}");
    // The Frog's line jump gives check: Black's King on i4 instead of the
    // Camel.
    let p = pos(&[("e4", 'K'), ("c4", 'F'), ("g4", 'V'), ("i4", 'k')], 'b');
    assert!(p.in_check());
    // Not when a square of the line is empty.
    let p = pos(&[("c4", 'F'), ("g4", 'V'), ("i4", 'k'), ("a2", 'K')], 'b');
    assert!(!p.in_check());
}

#[test]
fn cuarenta_q10_frog_counts_its_own_king() {
    // The page's example: from the setup the Frog on d1 reaches a4, d5, g4
    // (g4 over the King e2 and the pawn f3).
    let p = cuarenta::start_position();
    assert_eq!(dests(&p, "d1"), set(&["a4", "d5", "g4"]));
    assert_eq!(dests(&p, "f1"), set(&["c4", "f5", "i4"]));
}

#[test]
fn cuarenta_q7_pawn_moves_diagonally_forward_and_sideways() {
    let p = pos(&[("d5", 'P'), ("i2", 'K'), ("a8", 'k')], 'w');
    assert_eq!(dests(&p, "d5"), set(&["b5", "c6", "e6", "f5"]));
    // Black's pawns go down the board.
    let p = pos(&[("d5", 'p'), ("i2", 'K'), ("a8", 'k')], 'b');
    assert_eq!(dests(&p, "d5"), set(&["b5", "c4", "e4", "f5"]));
}

#[test]
fn cuarenta_q7_pawn_cannot_take_pawn() {
    let p = pos(
        &[
            ("d5", 'P'),
            ("e6", 'p'),
            ("b5", 'p'),
            ("f5", 'g'),
            ("i2", 'K'),
            ("a8", 'k'),
        ],
        'w',
    );
    assert_eq!(dests(&p, "d5"), set(&["c6", "xf5"]));
    let e = notation::parse(&p, "Pxe6").unwrap_err();
    assert!(
        e.to_string().contains("a pawn never captures a pawn"),
        "{e}"
    );
}

#[test]
fn cuarenta_q7_q10_pawn_gives_check_on_all_four_squares() {
    // Diagonally forward and sideways; a pawn never takes a pawn, but the
    // King is not a pawn.
    for (pawn, king) in [("c4", "d5"), ("c4", "b5"), ("c4", "e4"), ("c4", "a4")] {
        let p = pos(&[(pawn, 'P'), (king, 'k'), ("i2", 'K')], 'b');
        assert!(p.in_check(), "pawn {pawn} King {king}");
    }
    // And a King may not step onto a square a pawn attacks, even one
    // holding a pawn it then could not take.
    let p = pos(&[("c4", 'P'), ("e6", 'k'), ("i2", 'K')], 'b');
    assert!(!dests(&p, "e6").contains("d5"));
    // The check is written.
    let p = pos(&[("c4", 'P'), ("f5", 'k'), ("i2", 'K')], 'w');
    assert!(moves(&p).contains("Pe4+"));
}

#[test]
fn cuarenta_q7_q10_promotion_choices_are_separate_moves() {
    let p = pos(
        &[
            ("e2", 'K'),
            ("b7", 'P'),
            ("g8", 'P'),
            ("h9", 'P'),
            ("a4", 'k'),
            ("f9", 'g'),
            ("c8", 'p'),
        ],
        'w',
    );
    // Last three ranks: the plain move and a Camel. c8 holds a pawn.
    assert_eq!(dests(&p, "b7"), set(&["a8", "a8=C", "d7", "d7=C"]));
    // Last rank: the plain move and five promotions; rank 8: a Camel.
    assert_eq!(
        dests(&p, "g8"),
        set(&["e8", "e8=C", "i8", "i8=C", "xf9", "xf9=B", "xf9=C", "xf9=F", "xf9=G", "xf9=V"])
    );
    // Deferred: a pawn left on the last rank promotes on a later, sideways
    // move.
    assert_eq!(
        dests(&p, "h9"),
        set(&["xf9", "xf9=B", "xf9=C", "xf9=F", "xf9=G", "xf9=V"])
    );
    let mut q = p.clone();
    play(&mut q, "Pgxf9=V");
    assert_eq!(q.at(sq("f9")), Some((Seat::First, Piece::Vao)));
    assert_eq!(q.quiet_plies(), 0);
    // A plain move into the zone does not reset the quiet counter.
    let mut q = p.clone();
    play(&mut q, "Pa8");
    assert_eq!(q.quiet_plies(), 1);
    play(&mut q, "Kb5");
    assert!(dests(&q, "a8").contains("b9=F"));
    play(&mut q, "Pb9=F");
    assert_eq!(q.at(sq("b9")), Some((Seat::First, Piece::Frog)));
    // Issue 31 item 9, from-to: a promotion may wait, so the squares alone
    // are the plain move (as before) and the promotion is written after
    // them, in either case.
    let read = |t: &str| p.parse_move(t).map(|m| p.move_text(m));
    assert_eq!(read("b7a8").as_deref(), Ok("Pa8"));
    assert_eq!(read("b7a8=C").as_deref(), Ok("Pa8=C"));
    assert_eq!(read("b7-a8c").as_deref(), Ok("Pa8=C"));
    assert_eq!(read("h9f9").as_deref(), Ok("Phxf9"));
    assert_eq!(read("h9xf9=v").as_deref(), Ok("Phxf9=V"));
    assert_eq!(read("pb7a8=c").as_deref(), Ok("Pa8=C"));
}

#[test]
fn cuarenta_q7_a_pawn_turned_camel_is_no_longer_a_pawn() {
    let mut p = pos(&[("b7", 'P'), ("i2", 'K'), ("e8", 'k')], 'w');
    play(&mut p, "Pa8=C");
    assert_eq!(p.at(sq("a8")), Some((Seat::First, Piece::Camel)));
    play(&mut p, "Kf9");
    // Camel moves from a8, no promotions.
    assert_eq!(dests(&p, "a8"), set(&["b5", "d7", "d9"]));
}

#[test]
fn cuarenta_q8_castling_swaps_king_and_camel_black_first() {
    let mut p = pos_with(
        &[
            ("e2", 'K'),
            ("h1", 'C'),
            ("b3", 'P'),
            ("e8", 'k'),
            ("b9", 'c'),
            ("h7", 'p'),
        ],
        'b',
        "Cc",
        0,
    );
    assert!(moves(&p).contains("O-O"));
    play(&mut p, "O-O");
    assert_eq!(p.at(sq("b9")), Some((Seat::Second, Piece::King)));
    assert_eq!(p.at(sq("e8")), Some((Seat::Second, Piece::Camel)));
    assert!(!p.castling_right(Seat::Second));
    // Now White may castle.
    assert!(moves(&p).contains("O-O"));
    play(&mut p, "O-O");
    assert_eq!(p.at(sq("h1")), Some((Seat::First, Piece::King)));
    assert_eq!(p.at(sq("e2")), Some((Seat::First, Piece::Camel)));
    assert!(fen::write(&p).contains(" - "));
}

#[test]
fn cuarenta_q8_white_waits_for_black() {
    let p = pos_with(
        &[
            ("e2", 'K'),
            ("h1", 'C'),
            ("b3", 'P'),
            ("e8", 'k'),
            ("b9", 'c'),
            ("h7", 'p'),
        ],
        'w',
        "Cc",
        0,
    );
    assert!(!castles(&p));
    let e = notation::parse(&p, "O-O").unwrap_err();
    assert!(e.to_string().contains("only after Black"), "{e}");
    // Black loses the right by moving its King (without castling): White
    // may castle from then on.
    let mut q = p.clone();
    play(&mut q, "Pc4");
    play(&mut q, "Kf9");
    assert!(!q.castling_right(Seat::Second));
    play(&mut q, "Pd5");
    play(&mut q, "Pg6");
    assert!(castles(&q));
    // Or by losing the Camel.
    let p = pos_with(
        &[
            ("e2", 'K'),
            ("h1", 'C'),
            ("e6", 'B'),
            ("e8", 'k'),
            ("b9", 'c'),
            ("h7", 'p'),
        ],
        'w',
        "Cc",
        0,
    );
    let mut q = p.clone();
    play(&mut q, "Bxb9");
    play(&mut q, "Pg6");
    assert!(castles(&q));
    // The start position: Black still has the right.
    assert!(!castles(&cuarenta::start_position()));
}

#[test]
fn cuarenta_q8_castling_in_check_is_allowed_but_not_into_check() {
    // The Camel f5 checks e2; castling takes the King to h1, out of check.
    let p = pos_with(
        &[
            ("e2", 'K'),
            ("h1", 'C'),
            ("b3", 'P'),
            ("e8", 'k'),
            ("f5", 'c'),
        ],
        'w',
        "C",
        0,
    );
    assert!(p.in_check());
    assert!(castles(&p));
    // The Bishop d5 sees h1: the King may not end there.
    let p = pos_with(
        &[
            ("e2", 'K'),
            ("h1", 'C'),
            ("b3", 'P'),
            ("e8", 'k'),
            ("d5", 'b'),
        ],
        'w',
        "C",
        0,
    );
    assert!(!castles(&p));
    let e = notation::parse(&p, "O-O").unwrap_err();
    assert!(e.to_string().contains("end in check"), "{e}");
}

#[test]
fn cuarenta_q8_q10_castling_right_is_lost_for_good() {
    // The King goes and comes back: no castling any more.
    let mut p = pos_with(
        &[
            ("e2", 'K'),
            ("h1", 'C'),
            ("b3", 'P'),
            ("e8", 'k'),
            ("h7", 'p'),
        ],
        'w',
        "C",
        0,
    );
    assert!(castles(&p));
    play(&mut p, "Ke4");
    play(&mut p, "Pg6");
    play(&mut p, "Ke2");
    play(&mut p, "Pf5");
    assert!(!castles(&p));
    let e = notation::parse(&p, "O-O").unwrap_err();
    assert!(e.to_string().contains("can no longer castle"), "{e}");
    // The same for the Camel.
    let mut p = pos_with(
        &[
            ("e2", 'K'),
            ("h1", 'C'),
            ("b3", 'P'),
            ("e8", 'k'),
            ("h7", 'p'),
        ],
        'w',
        "C",
        0,
    );
    play(&mut p, "Cg4");
    play(&mut p, "Pg6");
    play(&mut p, "Ch1");
    play(&mut p, "Pf5");
    assert!(!castles(&p));
    // A Camel from a promotion never castles: a position string may not
    // claim a right without the pieces at home.
    let e = fen::parse(&fen_from(&[("e2", 'K'), ("e8", 'k')], 'w', "C", 0)).unwrap_err();
    assert!(e.to_string().contains("Camel on h1"), "{e}");
}

fn mate_position(quiet: u32) -> Position {
    // White to play Gc6#: the Guard jumps to c6 checking a8; b7 (Guard),
    // b9 (Bishop e6) and a6 (Camel b3) are covered.
    pos_with(
        &[
            ("e2", 'K'),
            ("e4", 'G'),
            ("e6", 'B'),
            ("b3", 'C'),
            ("a8", 'k'),
        ],
        'w',
        "-",
        quiet,
    )
}

#[test]
fn cuarenta_q9_checkmate_wins() {
    let mut p = mate_position(0);
    assert!(moves(&p).contains("Gc6#"));
    play(&mut p, "Gc6#");
    assert!(p.in_check());
    assert_eq!(p.count_moves(), 0);
    let out = p.outcome().unwrap();
    assert_eq!(out.winner, Some(Seat::First));
    assert_eq!(p.end_state().unwrap().reason, EndReason::Checkmate);
    assert_eq!(out.result_text(), "1-0");
}

#[test]
fn cuarenta_q9_stalemate_draws() {
    let p = pos(&[("e2", 'K'), ("a6", 'P'), ("e6", 'B'), ("a8", 'k')], 'b');
    assert!(!p.in_check());
    assert_eq!(p.count_moves(), 0);
    assert_eq!(p.end_state().unwrap().reason, EndReason::Stalemate);
    assert_eq!(p.outcome().unwrap().winner, None);
}

#[test]
fn cuarenta_q9_eighty_quiet_plies_draw_but_mate_comes_first() {
    let mut p = mate_position(79);
    play(&mut p, "Kd3");
    assert_eq!(p.end_state().unwrap().reason, EndReason::QuietLimit);
    assert_eq!(p.count_moves(), 0);
    // A capture or a promotion resets the count.
    let mut p = pos_with(
        &[("e2", 'K'), ("d3", 'G'), ("e4", 'p'), ("a8", 'k')],
        'w',
        "-",
        79,
    );
    play(&mut p, "Gxe4");
    assert_eq!(p.quiet_plies(), 0);
    assert!(p.outcome().is_none());
    // Mate on the 80th ply wins.
    let mut p = mate_position(79);
    play(&mut p, "Gc6#");
    assert_eq!(p.end_state().unwrap().reason, EndReason::Checkmate);
}

#[test]
fn cuarenta_q9_bare_kings_draw() {
    let mut p = pos(&[("i2", 'K'), ("d3", 'G'), ("c4", 'k')], 'b');
    assert!(p.in_check());
    play(&mut p, "Kxd3");
    assert_eq!(p.end_state().unwrap().reason, EndReason::BareKings);
    assert_eq!(p.count_moves(), 0);
}

#[test]
fn cuarenta_q9_threefold_repetition_draws() {
    let mut p = cuarenta::start_position();
    let cycle = ["Gce4", "Gce6", "Gc2", "Gc8"];
    for (i, m) in cycle.iter().chain(cycle.iter()).enumerate() {
        assert!(p.outcome().is_none(), "ended before ply {}", i + 1);
        play(&mut p, m);
    }
    assert_eq!(p.end_state().unwrap().reason, EndReason::Repetition);
    assert_eq!(p.outcome().unwrap().winner, None);
}

#[test]
fn cuarenta_q9_agreement_and_resignation_come_from_the_record() {
    // The record's Termination says how a game its moves do not end ended
    // (issue 29 item 13: a bare result may be a record cut short).
    let r = record::replay(
        &Record::parse(
            "[Variant \"Cuarenta\"]\n[Termination \"the players agreed a draw\"]\n1. Fa4 Pbc6 1/2-1/2",
        )
        .unwrap(),
    )
    .unwrap();
    assert_eq!(r.result, "1/2-1/2");
    assert_eq!(r.position.end().unwrap().reason, EndReason::Agreement);
    let r = record::replay(&Record::parse("[Termination \"White resigned\"]\n1. Fa4 0-1").unwrap())
        .unwrap();
    assert_eq!(r.reason.as_deref(), Some("White resigned"));
    assert!(record::replay(&Record::parse("1. Fa4 0-1").unwrap()).is_err());
}

#[test]
fn cuarenta_q10_each_promotion_is_its_own_move_in_counts() {
    // count_moves agrees with the list: six moves to a last-rank square.
    let p = pos(&[("g8", 'P'), ("i2", 'K'), ("a4", 'k')], 'w');
    let mut v = Vec::new();
    p.legal_moves(&mut v);
    assert_eq!(v.len() as u64, p.count_moves());
    // f9 h9 (6 each) e8 i8 (2 each).
    assert_eq!(v.len(), 6 + 6 + 2 + 2 + dests(&p, "i2").len());
}

#[test]
fn a_checkmate_marks_the_mated_king_in_the_view() {
    let text = fen_from(
        &[
            ("e2", 'K'),
            ("e4", 'G'),
            ("e6", 'B'),
            ("b3", 'C'),
            ("a8", 'k'),
        ],
        'w',
        "-",
        0,
    );
    let mut g = deckmate_games::cuarenta::ENTRY
        .game_from_spec(&serde_json::json!({ "seed": 0, "fen": text }))
        .expect("the position");
    assert_eq!(g.view(None, true)["end_mark"], serde_json::Value::Null);
    g.play("Gc6#").expect("the mate");
    let v = g.view(None, true);
    assert_eq!(v["end_mark"], "a8");
    assert_eq!(v["check_square"], "a8");
}
