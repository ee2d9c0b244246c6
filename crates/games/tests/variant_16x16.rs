//! Issue 29 item 11: a 16x16 board, the documented maximum, uses every
//! square number 0..=255, so no square may stand for "none".

#![allow(clippy::unwrap_used, clippy::expect_used)]

use deckmate_games::fairy::AnyPosition;
use deckmate_games::variant_file;
use deckmate_rules::{perft, Game};

/// A 16x16 file with a King and a Rook, and the given placement.
fn big(placement: &str) -> String {
    format!(
        r#"name = "Big"
setup = "{placement}"
win = "checkmate"

[board]
files = 16
ranks = 16

[[piece]]
name = "King"
letter = "K"
betza = "K"
kind = "royal"

[[piece]]
name = "Rook"
letter = "R"
betza = "R"
kind = "piece"
"#
    )
}

fn game(placement: &str) -> AnyPosition {
    let rules = variant_file::rule_set(&big(placement)).unwrap();
    AnyPosition::new_game(&rules)
}

#[test]
fn item_11_a_16x16_file_builds_and_perfts() {
    // Black's King on p16 (the 256th square, dense index 255) is in check
    // from the Rook on p1; White's King is on a1.
    let g = game("15k/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K14R b");
    // Black: o16 and o15; p15 stays on the Rook's file. Were p16 taken for
    // "no square", the King would be unseen and p15 allowed too.
    assert_eq!(perft(&g, 1), 2);
    // Then White, after either: the King's a2, b1, b2 (3); the Rook's
    // b1..o1 (14) and p2..p16 (15): 32 each.
    assert_eq!(perft(&g, 2), 2 * (3 + 14 + 15));
    assert_eq!(g.perft(2), 64);
    // The position string goes both ways with a piece on p16.
    let text = g.position_text();
    assert!(text.starts_with("15k/"), "{text}");
}

#[test]
fn item_11_kings_alone_on_16x16() {
    // Kings in opposite corners: three moves each, at either depth.
    let g = game("15k/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 w");
    assert_eq!(perft(&g, 1), 3);
    assert_eq!(perft(&g, 2), 9);
}
