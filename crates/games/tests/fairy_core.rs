//! The fairy core's parts: square sets of every width, moves packed in a
//! word, chess compiled to the tables' leaps and lines, positions over
//! every width that play the same, notation that round-trips, and the
//! narrowest set chosen for a board.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use deckmate_board::Square;
use deckmate_games::fairy::{
    chess, chess_variant, new_game, AnyPosition, Move, Position, RuleSet, Set256, SquareSet,
    Tables, CHESS_START, EMPTY,
};
use deckmate_rules::{Game, Seat};
use std::sync::Arc;

fn check<S: SquareSet>() {
    let n = S::CAPACITY as u32;
    for i in 0..n {
        let i = i as u8;
        let b = S::bit(i);
        assert!(b.contains(i));
        assert_eq!(b.count(), 1);
        assert_eq!(b.lowest(), i);
        assert_eq!(b.highest(), i);
        assert_eq!(S::below(i).count(), u32::from(i));
        assert_eq!(S::above(i).count(), n - 1 - u32::from(i));
        assert!(!S::below(i).contains(i) && !S::above(i).contains(i));
        assert_eq!(S::below(i) | b | S::above(i), !S::EMPTY);
    }
    let mut s = S::bit(3) | S::bit((n - 1) as u8) | S::bit(7);
    assert!(s.has_several());
    assert_eq!(s.iter().collect::<Vec<_>>(), vec![3, 7, (n - 1) as u8]);
    assert_eq!(s.highest(), (n - 1) as u8);
    assert_eq!(s.pop(), Some(3));
    assert_eq!(s.pop(), Some(7));
    assert!(!s.has_several());
    assert_eq!(s.pop(), Some((n - 1) as u8));
    assert_eq!(s.pop(), None);
    assert!(s.is_empty());
    let m = S::mailbox(9);
    assert_eq!(m.as_ref().len(), S::CAPACITY);
    assert!(m.as_ref().iter().all(|&v| v == 9));
}

#[test]
fn every_width_behaves_the_same() {
    check::<u64>();
    check::<u128>();
    check::<Set256>();
}

#[test]
fn moves_pack_and_unpack() {
    let m = Move::promoting(200, 255, 31);
    assert_eq!((m.from_index(), m.to_index()), (200, 255));
    assert_eq!(m.promotion(), Some(31));
    assert_eq!(m.castling(), None);
    assert!(!m.is_en_passant());
    let c = Move::castle(4, 6, 7);
    assert_eq!(c.castling(), Some(7));
    assert_eq!(c.promotion(), None);
    assert!(Move::new(1, 2).en_passant().is_en_passant());
}

#[test]
fn chess_compiles_to_leaps_and_lines() {
    let t = Tables::<u64>::new(chess()).unwrap();
    assert_eq!(t.len(), 64);
    let knight = t.rules().kind_of('N').unwrap();
    let b1 = t.dense(Square::new(1, 0).unwrap()).unwrap();
    assert_eq!(t.leap_move(t.at(Seat::First, knight, b1)).count(), 3);
    let rook = t.rules().kind_of('R').unwrap();
    let a1 = 0;
    let lines = t.lines(t.at(Seat::First, rook, a1));
    assert_eq!(lines.len(), 2);
    assert!(lines.iter().all(|l| l.up && l.mask.count() == 7));
    let h8 = 63;
    let down = t.lines(t.at(Seat::First, rook, h8));
    assert!(down.iter().all(|l| !l.up));
    let pawn = t.rules().kind_of('P').unwrap();
    let e2 = 12;
    let at = t.at(Seat::First, pawn, e2);
    assert_eq!(t.crossed(at, 28), u64::bit(20));
    assert_eq!(t.crossed(at, 20), 0);
    assert_eq!(t.promo_zone[0].count(), 8);
    assert_eq!(t.promo_classes[1][0].choices.len(), 4);
    assert_eq!(t.castlings.len(), 4);
    assert_eq!(t.rights_keep[4], !0b0011);
    // The start placement is known for unmoved pieces.
    assert_ne!(t.start_board[e2 as usize], EMPTY);
    assert!(Tables::<u64>::new(chess()).is_ok());
}

fn chess_at(text: &str) -> Position<u64> {
    let t = Arc::new(Tables::<u64>::new(chess()).unwrap());
    Position::from_text(&t, text).unwrap()
}

#[test]
fn chess_start_counts() {
    let p: Position<u64> = new_game(&chess()).unwrap();
    assert_eq!(p.count(), 20);
    assert_eq!(p.perft(3), 8_902);
    assert_eq!(p.position_text(), CHESS_START);
}

#[test]
fn every_width_plays_the_same() {
    let a: Position<u64> = new_game(&chess()).unwrap();
    let b: Position<u128> = new_game(&chess()).unwrap();
    let c: Position<Set256> = new_game(&chess()).unwrap();
    assert_eq!(a.perft(3), b.perft(3));
    assert_eq!(a.perft(3), c.perft(3));
}

#[test]
fn notation_round_trips() {
    let p = chess_at("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    let mut moves: Vec<Move> = Vec::new();
    p.generate(&mut moves);
    assert_eq!(moves.len(), 48);
    for m in moves {
        let text = p.move_text(m);
        assert_eq!(p.parse_move(&text), Ok(m), "{text}");
    }
    assert!(p.parse_move("O-O").is_ok());
    assert!(p.parse_move("0-0-0").is_ok());
    assert!(p.parse_move("e1g1").is_ok());
}

#[test]
fn the_narrowest_sets_are_chosen() {
    let game = AnyPosition::new_game(&chess());
    assert!(matches!(game, AnyPosition::Small(_)));
    assert_eq!(deckmate_rules::perft(&game, 3), 8_902);
    let kiwi = game
        .with_text("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
        .unwrap();
    assert_eq!(kiwi.perft(2), 2_039);
    let mut v = chess_variant().unwrap();
    v.geometry = deckmate_board::Geometry::new(10, 8, deckmate_board::RankStyle::FromOne).unwrap();
    v.start = "rnbqkbnr2/pppppppp2/10/10/10/10/PPPPPPPP2/RNBQKBNR2 w KQkq - 0 1".to_string();
    let wide = RuleSet::new(v).unwrap();
    let game = AnyPosition::new_game(&wide);
    assert!(matches!(game, AnyPosition::Medium(_)));
    // The twenty, the Rook to i1 and j1, the Knight to i2.
    assert_eq!(game.count_moves(), 23);
    assert!(AnyPosition::from_rules_text(&wide, "8/8 w - -").is_err());
}

#[test]
fn how_a_rule_set_is_written_is_its_own() {
    // Chess without the en passant field is refused: its double steps
    // could not be written.
    let mut v = chess_variant().unwrap();
    v.en_passant_field = false;
    let err = RuleSet::new(v.clone()).err().unwrap();
    assert!(err.to_string().contains("no en passant field"), "{err}");
    // Without en passant, the field and the game's examples are its own.
    v.en_passant = false;
    v.start = CHESS_START.replacen(" - ", " ", 1);
    v.move_examples = Some("e4, Nf3".to_string());
    let rules = RuleSet::new(v).unwrap();
    let mut p: Position<u64> = new_game(&rules).unwrap();
    assert_eq!(p.position_text(), rules.start);
    p.play(p.parse_move("e4").unwrap()).unwrap();
    assert_eq!(
        p.position_text(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq 0 1"
    );
    let e = p.parse_move("Zf6").unwrap_err().to_string();
    assert!(e.contains("(moves look like e4, Nf3)"), "{e}");
    assert!(e.contains("a piece letter is P, N, B, R, Q or K"), "{e}");
    let e = p.parse_move("e5=K").unwrap_err().to_string();
    assert!(e.contains("a pawn promotes to Q, R, B or N"), "{e}");
    let e = p.parse_move("N@f6").unwrap_err().to_string();
    assert!(e.contains("pieces are not dropped"), "{e}");
    let e = p.parse_move("o-o").unwrap_err().to_string();
    assert!(e.contains("capital letters O"), "{e}");
}
