//! Every Cardmate ruling of RULINGS.md, each in a test named with its tag.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use deckmate_board::{RankStyle, Square};
use deckmate_games::cardmate::{
    fen, notation, setup, EndReason, Options, PalaceRule, Position, Rank, SetupKind,
};
use deckmate_rules::{Game, Seat};
use std::collections::BTreeSet;

/// A position from `(square, card)` pairs; a card's suit letter is
/// upper-case for Forehand and lower-case for Rearhand (as in the FEN).
fn build(cards: &[(&str, &str)], side: char, options: Options) -> Position {
    let mut grid = [[""; 10]; 10];
    for &(sq, card) in cards {
        let s = Square::parse(sq, RankStyle::FromZero).unwrap();
        grid[s.rank() as usize][s.file() as usize] = card;
    }
    let mut rows = Vec::new();
    for rank in (0..10).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for &c in &grid[rank] {
            if c.is_empty() {
                empty += 1;
            } else {
                if empty > 0 {
                    row.push_str(&empty.to_string());
                    empty = 0;
                }
                row.push_str(c);
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    let text = format!("{} {side} 0 1", rows.join("/"));
    fen::parse(&text, options).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn pos(cards: &[(&str, &str)], side: char) -> Position {
    build(cards, side, Options::default())
}

fn moves(p: &Position) -> BTreeSet<String> {
    let mut v = Vec::new();
    p.legal_moves(&mut v);
    v.into_iter().map(|m| notation::write(p, m)).collect()
}

fn moves_of(p: &Position, card: &str) -> BTreeSet<String> {
    moves(p)
        .into_iter()
        .filter(|m| m.starts_with(card))
        .collect()
}

fn set(items: &[&str]) -> BTreeSet<String> {
    items.iter().map(|s| s.to_string()).collect()
}

fn play(p: &mut Position, text: &str) {
    let mv = p.parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    p.play(mv).unwrap();
}

// Two Kings far away for each side, so positions are valid and quiet.
const KINGS: [(&str, &str); 2] = [("a0", "KC"), ("j9", "Kd")];

fn with_kings<'a>(extra: &[(&'a str, &'a str)]) -> Vec<(&'a str, &'a str)> {
    let mut v = KINGS.to_vec();
    v.extend_from_slice(extra);
    v
}

#[test]
fn cardmate_moves_one_to_seven_for_forehand() {
    // Each card alone on e4 (with the Kings far away), Forehand to move.
    let cases: [(&str, &[&str]); 7] = [
        ("1S", &["1Se5=A", "1Se5", "1Se3"]),
        ("2S", &["2Sd5", "2Sf5", "2Se3"]),
        ("3S", &["3Sd5", "3Se5", "3Sf5", "3Se3"]),
        ("4S", &["4Sd5", "4Sf5", "4Sd4", "4Sf4", "4Se3"]),
        ("5S", &["5Sd5", "5Se5", "5Sf5", "5Sd4", "5Sf4", "5Se3"]),
        (
            "6S",
            &["6Sd5", "6Sf5", "6Sd4", "6Sf4", "6Sd3", "6Sf3", "6Se3"],
        ),
        (
            "7S",
            &[
                "7Sd5", "7Se5", "7Sf5", "7Sd4", "7Sf4", "7Sd3", "7Sf3", "7Se3",
            ],
        ),
    ];
    for (card, expected) in cases {
        let p = pos(&with_kings(&[("e4", card)]), 'F');
        assert_eq!(moves_of(&p, card), set(expected), "{card}");
    }
}

#[test]
fn cardmate_moves_are_mirrored_for_rearhand() {
    let p = pos(&with_kings(&[("e5", "5s")]), 'R');
    assert_eq!(
        moves_of(&p, "5S"),
        set(&["5Sd4", "5Se4", "5Sf4", "5Sd5", "5Sf5", "5Se6"])
    );
    let p = pos(&with_kings(&[("e5", "1s")]), 'R');
    assert_eq!(moves_of(&p, "1S"), set(&["1Se4", "1Se4=A", "1Se6"]));
}

#[test]
fn cardmate_moves_eight_to_ace() {
    let p = pos(&with_kings(&[("e4", "8S")]), 'F');
    assert_eq!(
        moves_of(&p, "8S"),
        set(&["8Sd6", "8Sf6", "8Sc5", "8Sg5", "8Sc3", "8Sg3", "8Sd2", "8Sf2", "8Se3"])
    );
    let p = pos(&with_kings(&[("e4", "9S")]), 'F');
    let nine = moves_of(&p, "9S");
    // Diagonals to j9 (taking the King), a8, i0 and b1 (a0 is Forehand's own), and the back step.
    assert_eq!(nine.len(), 5 + 4 + 4 + 3 + 1, "{nine:?}");
    assert!(nine.contains("9Se3") && nine.contains("9S:j9×") && nine.contains("9Sb1"));
    let p = pos(&with_kings(&[("e4", "XS")]), 'F');
    assert_eq!(moves_of(&p, "XS").len(), 18);
    let p = pos(&with_kings(&[("e4", "JS")]), 'F');
    assert_eq!(moves_of(&p, "JS").len(), 8 + 8 + 8);
    let p = pos(&with_kings(&[("e4", "QS")]), 'F');
    assert_eq!(moves_of(&p, "QS").len(), 18 + 16);
    let p = pos(&with_kings(&[("e4", "KS")]), 'F');
    assert_eq!(moves_of(&p, "KS").len(), 8);
    let p = pos(&with_kings(&[("e4", "AS")]), 'F');
    assert_eq!(moves_of(&p, "AS").len(), 18 + 16 + 8);
}

#[test]
fn cardmate_back_steps_never_capture() {
    // A Two with an enemy card of another suit straight behind it cannot take it.
    let p = pos(&with_kings(&[("e4", "2S"), ("e3", "5h")]), 'F');
    assert!(!moves_of(&p, "2S").iter().any(|m| m.contains("e3")));
    // The Eight's back step is move-only too.
    let p = pos(&with_kings(&[("e4", "8S"), ("e3", "5h")]), 'F');
    assert!(!moves_of(&p, "8S").iter().any(|m| m.contains("e3")));
}

#[test]
fn cardmate_jack_needs_the_first_square_empty_for_two_steps() {
    let p = pos(&with_kings(&[("e4", "JS"), ("e5", "2S")]), 'F');
    let j = moves_of(&p, "JS");
    assert!(!j.contains("JSe6"), "{j:?}");
    assert!(j.contains("JSf6") || j.contains("JSd6")); // knight leaps still jump
}

#[test]
fn cardmate_one_promotes_only_on_entering_the_opponents_half() {
    // On entering: two moves.
    let p = pos(&with_kings(&[("d4", "1S")]), 'F');
    assert_eq!(moves_of(&p, "1S"), set(&["1Sd5", "1Sd5=A", "1Sd3"]));
    // Inside the opponent's half: no promotion.
    let mut p = pos(&with_kings(&[("d4", "1S")]), 'F');
    play(&mut p, "1Sd5");
    play(&mut p, "KDi9");
    assert_eq!(moves_of(&p, "1S"), set(&["1Sd6", "1Sd4"]));
    // Retreat and re-enter: offered again.
    play(&mut p, "1Sd4");
    play(&mut p, "KDj9");
    assert!(moves_of(&p, "1S").contains("1Sd5=A"));
    // The promoted card is the Ace of Spades.
    play(&mut p, "1Sd5=A");
    let ace = deckmate_games::cardmate::Card::parse("AS").unwrap();
    assert_eq!(p.square_of(ace).map(|s| s.file()), Some(3));
    assert_eq!(p.quiet_plies(), 0);
}

#[test]
fn cardmate_c1_captures_any_other_suit_whatever_the_ranks() {
    let p = pos(&with_kings(&[("e4", "1S"), ("e5", "Qh")]), 'F');
    assert!(moves(&p).contains("1S:e5"));
    assert!(moves(&p).contains("1S:e5=A"));
}

#[test]
fn cardmate_c2_same_suit_only_by_a_higher_card() {
    // 3S cannot take 7s (same suit, lower)...
    let p = pos(&with_kings(&[("e4", "3S"), ("e5", "7s")]), 'F');
    assert!(!moves(&p).iter().any(|m| m.contains(":e5")));
    // ... and 7S can take 3s.
    let p = pos(&with_kings(&[("e4", "7S"), ("e5", "3s")]), 'F');
    assert_eq!(moves(&p), set(&["7S:e5"]));
    // A King falls within its suit only to the Ace.
    let p = pos(
        &[("a0", "KC"), ("e4", "QD"), ("e5", "Kd"), ("j9", "Ks")],
        'F',
    );
    assert!(!moves(&p).iter().any(|m| m.contains(":e5")));
}

#[test]
fn cardmate_c3_same_suit_capture_is_compulsory() {
    let p = pos(
        &with_kings(&[("e4", "7S"), ("e5", "3s"), ("c4", "5H"), ("c5", "4d")]),
        'F',
    );
    // 5H:c5 (another suit) and every quiet move are illegal.
    assert_eq!(moves(&p), set(&["7S:e5"]));
    let err = notation::parse(&p, "5H:c5").unwrap_err().to_string();
    assert!(err.contains("compulsory") && err.contains("7S:e5"), "{err}");
    let err = notation::parse(&p, "5Hc3").unwrap_err().to_string();
    assert!(err.contains("compulsory"), "{err}");
}

#[test]
fn cardmate_c3_outranks_king_safety_and_immediate_wins() {
    // Rearhand has one King left on e5 (Forehand's 6C could win by taking it),
    // but 4S must take 2s instead.
    let p = pos(
        &[
            ("a0", "KC"),
            ("d4", "6C"),
            ("e5", "Kd"),
            ("g4", "4S"),
            ("h5", "2s"),
        ],
        'F',
    );
    assert_eq!(moves(&p), set(&["4S:h5"]));
}

#[test]
fn cardmate_c4_no_trumps_no_suit_order() {
    // Any suit takes any other, both ways.
    for (a, b) in [("2C", "Xd"), ("2D", "Xc"), ("2H", "Xs"), ("2S", "Xh")] {
        let p = pos(&with_kings(&[("e4", a), ("d5", b)]), 'F');
        assert!(moves(&p).iter().any(|m| m.contains(":d5")), "{a} x {b}");
    }
}

#[test]
fn cardmate_c5_no_check_a_king_may_step_into_attack() {
    // e1 is attacked by Rearhand's Ten on e9 (file open), yet the King may go there.
    let p = pos(
        &[("d0", "KC"), ("a1", "KH"), ("e9", "Xd"), ("j9", "Ks")],
        'F',
    );
    assert!(moves(&p).contains("KCe1"));
}

#[test]
fn cardmate_c6_one_captures_as_a_one_while_promoting() {
    // The One of Spades cannot take the Two of Spades even when it would
    // promote to the Ace by moving there.
    let p = pos(&with_kings(&[("d4", "1S"), ("d5", "2s")]), 'F');
    assert!(!moves(&p).iter().any(|m| m.contains(":d5")));
    // A same-suit capture elsewhere outlaws even a promoting capture.
    let p = pos(
        &with_kings(&[("d4", "1S"), ("d5", "2h"), ("g4", "7C"), ("g5", "3c")]),
        'F',
    );
    assert_eq!(moves(&p), set(&["7C:g5"]));
}

#[test]
fn cardmate_v1_the_first_king_does_not_end_the_game_the_second_does() {
    let mut p = pos(
        &[
            ("a0", "KC"),
            ("b0", "KH"),
            ("e4", "QC"),
            ("e6", "Kd"),
            ("h4", "Ks"),
            ("i9", "2c"),
        ],
        'F',
    );
    play(&mut p, "QC:e6+");
    assert!(p.end().is_none());
    assert_eq!(p.kings(Seat::Second), 1);
    play(&mut p, "2Ch8");
    play(&mut p, "QCe4");
    play(&mut p, "2Cg7");
    play(&mut p, "QC:h4×");
    let end = p.end().unwrap();
    assert_eq!(
        (end.winner, end.reason),
        (Some(Seat::First), EndReason::SecondKing)
    );
    assert!(moves(&p).is_empty());
}

#[test]
fn cardmate_v2_palace_conquest_by_both_squares() {
    let mut p = pos(
        &[
            ("a0", "KC"),
            ("b0", "KH"),
            ("e8", "5S"),
            ("f8", "5C"),
            ("a9", "Kd"),
            ("b9", "Ks"),
        ],
        'F',
    );
    play(&mut p, "5Se9");
    play(&mut p, "KDa8");
    assert!(p.end().is_none());
    let mv = p.parse_move("5Cf9").unwrap();
    assert_eq!(p.move_text(mv), "5Cf9#");
    p.play(mv).unwrap();
    let end = p.end().unwrap();
    assert_eq!(
        (end.winner, end.reason),
        (Some(Seat::First), EndReason::PalaceConquest)
    );
}

#[test]
fn cardmate_v2_palace_option_king_and_off() {
    let cards = [
        ("a0", "KC"),
        ("e1", "KH"),
        ("e8", "5S"),
        ("f8", "5C"),
        ("a9", "Kd"),
        ("f9", "5h"),
        ("b9", "Ks"),
    ];
    // king: a King entering the enemy palace wins.
    let opts = Options {
        palace: PalaceRule::King,
        ..Options::default()
    };
    let mut p = build(&cards, 'F', opts);
    play(&mut p, "5Se9");
    assert!(p.end().is_none());
    let opts = Options {
        palace: PalaceRule::King,
        ..Options::default()
    };
    let mut p = build(
        &[("a0", "KC"), ("e8", "KH"), ("a9", "Kd"), ("b9", "Ks")],
        'F',
        opts,
    );
    play(&mut p, "KHe9#");
    assert_eq!(p.end().unwrap().reason, EndReason::KingInPalace);
    // off: both squares taken, nothing happens.
    let opts = Options {
        palace: PalaceRule::Off,
        ..Options::default()
    };
    let mut p = build(
        &[
            ("a0", "KC"),
            ("b0", "KH"),
            ("e9", "5S"),
            ("f8", "5C"),
            ("a9", "Kd"),
            ("b9", "Ks"),
        ],
        'F',
        opts,
    );
    play(&mut p, "5Cf9");
    assert!(p.end().is_none());
}

#[test]
fn cardmate_v3_no_legal_move_loses() {
    // Forehand's King in the corner, walled in by his own blocked Ones;
    // the Twos above them are of the same suit and higher.
    let p = pos(
        &[
            ("a0", "KC"),
            ("a1", "1D"),
            ("b1", "1H"),
            ("b0", "1S"),
            ("a2", "2d"),
            ("b2", "2h"),
            ("j9", "Ks"),
        ],
        'F',
    );
    assert!(moves(&p).is_empty());
    assert!(matches!(p.to_act(), deckmate_rules::ToAct::Nobody));
    let o = p.outcome().unwrap();
    assert_eq!(o.winner, Some(Seat::Second));
    assert!(o.reason.contains("no legal move"), "{}", o.reason);
}

#[test]
fn cardmate_v4_threefold_repetition_draws() {
    let mut p = pos(
        &[("a0", "KC"), ("c0", "KH"), ("j9", "Kd"), ("h9", "Ks")],
        'F',
    );
    for _ in 0..2 {
        play(&mut p, "KCa1");
        play(&mut p, "KDj8");
        play(&mut p, "KCa0");
        play(&mut p, "KDj9");
    }
    let end = p.end().unwrap();
    assert_eq!((end.winner, end.reason), (None, EndReason::Repetition));
    // With the option off, play goes on.
    let opts = Options {
        repetition: false,
        ..Options::default()
    };
    let mut p = build(
        &[("a0", "KC"), ("c0", "KH"), ("j9", "Kd"), ("h9", "Ks")],
        'F',
        opts,
    );
    for _ in 0..3 {
        play(&mut p, "KCa1");
        play(&mut p, "KDj8");
        play(&mut p, "KCa0");
        play(&mut p, "KDj9");
    }
    assert!(p.end().is_none());
}

#[test]
fn cardmate_v4_quiet_limit_draws() {
    let opts = Options {
        quiet_limit: Some(4),
        repetition: false,
        ..Options::default()
    };
    let mut p = build(
        &[("a0", "KC"), ("c0", "KH"), ("j9", "Kd"), ("h9", "Ks")],
        'F',
        opts,
    );
    play(&mut p, "KCa1");
    play(&mut p, "KDj8");
    play(&mut p, "KCa2");
    assert!(p.end().is_none());
    play(&mut p, "KDj7");
    assert_eq!(p.end().unwrap().reason, EndReason::QuietLimit);
    // The default limit is 100 plies.
    assert_eq!(Options::default().quiet_limit, Some(100));
}

#[test]
fn cardmate_setup_predefined_is_the_pages_table() {
    let p = setup::start_position(SetupKind::Predefined, 0, Options::default());
    assert_eq!(
        fen::write(&p),
        "Xd8c9sQcKsKdQs9d8sXh/7h16cJh5c5sJc6h17d/4d2c3h1s24s3d2h1c/10/10/10/10/1D2S3C4H21H3S2D4C/7C16SJD5H5DJS6D17S/XS8H9CQHKCKHQD9H8DXC F 0 1"
    );
    // The page's properties: 26 cards and two Kings each, Ones on ten... different files.
    for seat in Seat::BOTH {
        assert_eq!(p.cards_of(seat).count(), 26);
        assert_eq!(p.kings(seat), 2);
    }
}

fn rank_at(p: &Position) -> Vec<Option<(Rank, Seat)>> {
    (0..160u8)
        .map(|i| p.at(Square(i)).map(|(c, s)| (c.rank(), s)))
        .collect()
}

#[test]
fn cardmate_setup_suits_keeps_rank_setup_and_shuffles_suits() {
    let base = setup::start_position(SetupKind::Predefined, 0, Options::default());
    let a = setup::start_position(SetupKind::Suits, 1, Options::default());
    let b = setup::start_position(SetupKind::Suits, 1, Options::default());
    let c = setup::start_position(SetupKind::Suits, 2, Options::default());
    assert_eq!(rank_at(&a), rank_at(&base));
    assert_eq!(fen::write(&a), fen::write(&b));
    assert_ne!(fen::write(&a), fen::write(&c));
    assert_ne!(fen::write(&a), fen::write(&base));
}

#[test]
fn cardmate_setup_ranks_gives_two_of_each_rank_on_the_home_squares() {
    let base = setup::start_position(SetupKind::Predefined, 0, Options::default());
    for seed in 0..20 {
        let p = setup::start_position(SetupKind::Ranks, seed, Options::default());
        for seat in Seat::BOTH {
            let mut count = [0; 14];
            for c in p.cards_of(seat) {
                count[c.rank().index() as usize] += 1;
            }
            assert_eq!(&count[..13], &[2; 13], "seed {seed}");
            assert_eq!(count[13], 0);
        }
        let occupied =
            |q: &Position| -> Vec<bool> { (0..160u8).map(|i| q.at(Square(i)).is_some()).collect() };
        assert_eq!(occupied(&p), occupied(&base));
    }
    assert_ne!(
        fen::write(&setup::start_position(
            SetupKind::Ranks,
            1,
            Options::default()
        )),
        fen::write(&setup::start_position(
            SetupKind::Ranks,
            2,
            Options::default()
        ))
    );
}

#[test]
fn cardmate_setup_deal_keeps_kings_in_palaces() {
    for seed in 0..20 {
        let p = setup::start_position(SetupKind::Deal, seed, Options::default());
        for (sq, king) in [("e0", "KC"), ("f0", "KH"), ("e9", "KS"), ("f9", "KD")] {
            let s = Square::parse(sq, RankStyle::FromZero).unwrap();
            assert_eq!(p.at(s).map(|(c, _)| c.to_string()), Some(king.to_string()));
        }
        assert_eq!(p.cards_of(Seat::First).count(), 26);
        assert_eq!(p.cards_of(Seat::Second).count(), 26);
    }
}

#[test]
fn cardmate_every_setup_is_a_valid_position_that_round_trips() {
    for kind in [
        SetupKind::Predefined,
        SetupKind::Suits,
        SetupKind::Ranks,
        SetupKind::Deal,
    ] {
        for seed in [0, 1, 42, u64::MAX] {
            let p = setup::start_position(kind, seed, Options::default());
            let text = fen::write(&p);
            let q = fen::parse(&text, Options::default()).unwrap();
            assert_eq!(fen::write(&q), text);
            assert_eq!(q.zobrist(), p.zobrist());
            assert!(p.count() > 0);
        }
    }
}

#[test]
fn cardmate_notation_signs_and_marks() {
    let mut p = pos(
        &[
            ("a0", "KC"),
            ("b0", "KH"),
            ("e4", "QC"),
            ("e6", "Kd"),
            ("h4", "Ks"),
            ("i9", "2c"),
        ],
        'F',
    );
    // ':' is required exactly for captures.
    assert!(notation::parse(&p, "QCe6")
        .unwrap_err()
        .to_string()
        .contains("QC:e6"));
    assert!(notation::parse(&p, "QC:e5").is_err());
    // A wrong King sign is refused; a missing one is accepted.
    assert!(notation::parse(&p, "QC:e6×")
        .unwrap_err()
        .to_string()
        .contains("'+'"));
    assert!(notation::parse(&p, "QC:e6").is_ok());
    play(&mut p, "QC:e6+");
    play(&mut p, "2Ch8");
    play(&mut p, "QCe4");
    play(&mut p, "2Cg7");
    // 'x' is accepted for the times sign.
    assert!(notation::parse(&p, "QC:h4x").is_ok());
    assert!(notation::parse(&p, "QC:h4+").is_err());
    // '=A' only for a One entering the opponent's half; '#' only for a conquest.
    assert!(notation::parse(&p, "QCe5=A").is_err());
    assert!(notation::parse(&p, "QCe5#").is_err());
}

#[test]
fn cardmate_notation_refuses_garbage_with_a_reason() {
    let p = setup::start_position(SetupKind::Predefined, 0, Options::default());
    for bad in [
        "",
        "4C",
        "4Ck3",
        "4Ci10",
        "ZCi3",
        "4Zi3",
        "4Ci3=Q",
        "4Ci3++",
        "4Cxi3",
        "AC:i3",
        "4Di3",
        "4C:i3",
        "4Ci4",
        "é",
        "4Ci3\u{0}",
    ] {
        let e = notation::parse(&p, bad);
        assert!(e.is_err(), "{bad}");
        assert!(!e.unwrap_err().to_string().is_empty());
    }
}

/// Issue 31 item 9: from-to coordinates (the card on the first square
/// moving to the second) and card letters in either case.
#[test]
fn issue31_item9_from_to_coordinates_and_any_case_cards() {
    use deckmate_rules::MoveError;
    let p = pos(
        &with_kings(&[("d4", "1S"), ("e4", "3C"), ("e5", "Qh")]),
        'F',
    );
    let same = |a: &str, b: &str| {
        let m = p.parse_move(b).unwrap_or_else(|e| panic!("{b}: {e}"));
        assert_eq!(p.parse_move(a), Ok(m), "{a} / {b}");
    };
    same("d4d3", "1Sd3");
    same("d4-d3", "1Sd3");
    same("d4d5=A", "1Sd5=A");
    same("d4d5a", "1Sd5=A");
    same("1sd3", "1Sd3");
    same("1sd5=a", "1Sd5=A");
    // A One entering the opponent's half may promote or not: ambiguous.
    let (parts, candidates) = crate::ambiguity(p.parse_move("d4d5"));
    assert_eq!(parts, ["d4d5", "Forehand", "One", "d5"]);
    assert_eq!(candidates, ["1Sd5", "1Sd5=A"]);
    // No ':' needed from-to, but the capture is written as the game does.
    let take = p.parse_move("e4xe5").unwrap();
    assert_eq!(p.parse_move("e4e5"), Ok(take));
    assert_eq!(p.parse_move("e4:e5"), Ok(take));
    assert_eq!(p.parse_move("3c:e5"), Ok(take));
    assert_eq!(p.move_text(take), "3C:e5");
    // Refusals are the card notation's.
    assert!(matches!(
        p.parse_move("f4f5"),
        Err(MoveError::NoSuchPiece { .. })
    ));
    assert!(matches!(
        p.parse_move("e5e4"),
        Err(MoveError::NotYours { .. }) | Err(MoveError::OwnPieceThere { .. })
    ));
    assert!(matches!(
        p.parse_move("d4d9"),
        Err(MoveError::CannotReach { .. })
    ));
}
