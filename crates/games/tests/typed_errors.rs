//! The errors that cross the `Game` trait are typed: a refusal is a
//! `MoveError` or `PositionError` variant with its fields, not only a
//! message. Tests that name a ruling of RULINGS.md carry its tag.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use deckmate_games::{cardmate, cuarenta};
use deckmate_rules::{Game, MoveError, Mover, PositionError};

fn strings(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| s.to_string()).collect()
}

/// A Cardmate position string from `(square, card)` pairs on an otherwise
/// empty board (suit upper case for Forehand, lower case for Rearhand).
fn cardmate_fen(cards: &[(&str, &str)], side: char) -> String {
    let mut grid = [[""; 10]; 10];
    for &(sq, card) in cards {
        let b = sq.as_bytes();
        grid[(b[1] - b'0') as usize][(b[0] - b'a') as usize] = card;
    }
    let rows: Vec<String> = (0..10)
        .rev()
        .map(|rank| {
            let mut row = String::new();
            let mut empty = 0;
            for &c in &grid[rank] {
                if c.is_empty() {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    row.push_str(&empty.to_string());
                    empty = 0;
                }
                row.push_str(c);
            }
            if empty > 0 {
                row.push_str(&empty.to_string());
            }
            row
        })
        .collect();
    format!("{} {side} 0 1", rows.join("/"))
}

fn cardmate_pos(cards: &[(&str, &str)], side: char) -> cardmate::Position {
    let text = cardmate_fen(cards, side);
    cardmate::fen::parse(&text, cardmate::Options::default())
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn cardmate_start() -> cardmate::Position {
    cardmate::start_position(
        cardmate::SetupKind::Predefined,
        0,
        cardmate::Options::default(),
    )
}

#[test]
fn cardmate_c3_a_move_that_skips_a_same_suit_capture_lists_the_captures() {
    // 7S can take 3s on e5: every other move is refused, with the captures.
    let p = cardmate_pos(
        &[
            ("a0", "KC"),
            ("j9", "Kd"),
            ("e4", "7S"),
            ("e5", "3s"),
            ("c4", "5H"),
            ("c5", "4d"),
        ],
        'F',
    );
    for (text, tried) in [("5H:c5", "5H:c5"), ("5Hc3", "5Hc3")] {
        let e = cardmate::notation::parse(&p, text).unwrap_err();
        let MoveError::CaptureCompulsory {
            tried: t,
            captures,
            rule,
        } = &e
        else {
            panic!("{text}: {e:?}");
        };
        assert_eq!(t, tried);
        assert_eq!(captures, &strings(&["7S:e5"]));
        assert!(rule.contains("(C3)"), "{rule}");
        // The trait gives the same error.
        assert_eq!(p.parse_move(text), Err(e.clone()));
    }
}

#[test]
fn cardmate_refusals_are_typed() {
    let p = cardmate_start();
    let e = cardmate::notation::parse(&p, "4C").unwrap_err();
    assert!(
        matches!(&e, MoveError::NotAMove { text, game, why, .. }
            if text == "4C" && game == "Cardmate" && why == "too short"),
        "{e:?}"
    );
    assert_eq!(
        cardmate::notation::parse(&p, "4Db6"),
        Err(MoveError::NotYours {
            piece: "4D".to_string(),
            noun: "card".to_string(),
            owner: "Rearhand".to_string(),
        })
    );
    assert_eq!(
        cardmate::notation::parse(&p, "AC:i3"),
        Err(MoveError::NoSuchPiece {
            piece: "AC".to_string(),
            side: None,
        })
    );
    let e = cardmate::notation::parse(&p, "4Ci4").unwrap_err();
    assert!(
        matches!(&e, MoveError::CannotReach { mover: Mover::Named(name), from: Some(from), to, capture: false }
            if name == "the Four of Clubs" && from == "j2" && to == "i4"),
        "{e:?}"
    );
    // Rearhand has lost both Kings and it is its turn: the game is over,
    // which Cardmate says without how.
    let over = cardmate_pos(&[("a0", "KC"), ("e5", "3s")], 'R');
    assert_eq!(
        cardmate::notation::parse(&over, "3Se4"),
        Err(MoveError::GameOver { end: None })
    );
}

#[test]
fn cardmate_position_refusals_are_typed() {
    let parse = |text: &str| cardmate::fen::parse(text, cardmate::Options::default());
    assert!(matches!(
        parse("10/10 F 0"),
        Err(PositionError::FieldCount { found: 3, .. })
    ));
    let twice = cardmate_fen(
        &[("a0", "KC"), ("j9", "Kd"), ("e4", "7S"), ("e5", "7s")],
        'F',
    );
    assert_eq!(
        parse(&twice).err(),
        Some(PositionError::Duplicate {
            noun: "card".to_string(),
            piece: "7S".to_string(),
        })
    );
    // Forehand to move, so Rearhand has just moved without a King.
    let kingless = cardmate_fen(&[("a0", "KC"), ("e5", "3s")], 'F');
    assert_eq!(
        parse(&kingless).err(),
        Some(PositionError::MoverHasNoKing {
            side: "Rearhand".to_string(),
        })
    );
    let side = cardmate_fen(&[("a0", "KC"), ("j9", "Kd")], 'W');
    assert_eq!(
        parse(&side).err(),
        Some(PositionError::UnknownSide {
            text: "W".to_string(),
            expected: strings(&["F", "R"]),
        })
    );
}

#[test]
fn cuarenta_an_ambiguous_move_lists_its_candidates() {
    let p = cuarenta::start_position();
    let e = cuarenta::notation::parse(&p, "Pc4").unwrap_err();
    let MoveError::Ambiguous {
        text,
        side,
        to,
        candidates,
        ..
    } = &e
    else {
        panic!("{e:?}");
    };
    assert_eq!(
        (text.as_str(), side.as_str(), to.as_str()),
        ("Pc4", "White", "c4")
    );
    assert_eq!(candidates, &strings(&["Pbc4", "Pdc4"]));
    assert_eq!(p.parse_move("Pc4"), Err(e.clone()));
}

#[test]
fn cuarenta_q8_white_castles_only_after_black() {
    let e = cuarenta::notation::parse(&cuarenta::start_position(), "O-O").unwrap_err();
    assert!(
        matches!(&e, MoveError::Forbidden { rule } if rule.contains("only after Black") && rule.ends_with("(Q8)")),
        "{e:?}"
    );
}

#[test]
fn cuarenta_refusals_are_typed() {
    let p = cuarenta::start_position();
    let parse = |text: &str| cuarenta::notation::parse(&p, text).unwrap_err();
    assert_eq!(
        parse("Vf7"),
        MoveError::CaptureMark {
            text: Some("Vf7".to_string()),
            piece: None,
            square: "f7".to_string(),
            captures: true,
            correct: "Vxf7".to_string(),
        }
    );
    assert_eq!(
        parse("Fea4"),
        MoveError::NoPieceThere {
            side: "White".to_string(),
            piece: "Frog".to_string(),
            squares: strings(&["d1", "f1"]),
        }
    );
    assert_eq!(
        parse("Ke4"),
        MoveError::KingInCheck {
            side: "White".to_string(),
            in_check: false,
        }
    );
    assert!(
        matches!(parse("Fa4+"), MoveError::WrongSign { ref does, from: None, .. } if does == "it gives no check")
    );
    assert!(matches!(parse("Fa4=C"), MoveError::NeverPromotes { .. }));
    assert!(matches!(parse("Zc4"), MoveError::NotAMove { ref game, .. } if game == "Cuarenta"));
    // After a mate the game is over, and Cuarenta says how.
    let mate = "*1*1*1*1*/k*1*1*1*1/*1*1*1*1*/1*1*B*1*1/*1*1*1*1*/1*1*G*1*1/*C*1*1*1*/1*1*K*1*1/*1*1*1*1* w - 0 1";
    let mut q = cuarenta::fen::parse(mate).unwrap();
    let m = q.parse_move("Gc6#").unwrap();
    q.play(m).unwrap();
    assert_eq!(
        q.parse_move("Kb7"),
        Err(MoveError::GameOver {
            end: Some("White checkmated Black".to_string()),
        })
    );
    // The kernel's checked play knows no reason, only that the move is not
    // legal.
    assert!(matches!(q.play(m), Err(MoveError::NotLegal { .. })));
}

#[test]
fn cuarenta_position_refusals_are_typed() {
    let start = cuarenta::START;
    assert_eq!(
        cuarenta::fen::parse(&start.replacen('k', "g", 1)).err(),
        Some(PositionError::KingCount {
            side: "Black".to_string(),
            count: 0,
        })
    );
    assert_eq!(
        cuarenta::fen::parse(&start.replacen("*c*f*f*b*", "1c*f*f*b*", 1)).err(),
        Some(PositionError::SquareOnHole {
            square: "a9".to_string(),
        })
    );
    assert!(matches!(
        cuarenta::fen::parse(&start.replacen("Cc", "CC", 1)),
        Err(PositionError::BadField { ref field, ref text, .. }) if field == "castling" && text == "CC"
    ));
    assert_eq!(
        cuarenta::fen::parse(&start.replacen(" 0 1", " 0 0", 1)).err(),
        Some(PositionError::Counter {
            text: "0".to_string(),
        })
    );
}
