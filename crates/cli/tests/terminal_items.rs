//! Issue 29's terminal items, as a user meets them: a Dealer's Chess
//! arrangement typed in full (item 9), every Dealer's Chess alternate
//! against the computer (item 10), what every way out of a game prints
//! (item 8), the records of `match` and truncated records in `replay`
//! (items 12 and 13), and the messages and help (item 20).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use deckmate_games::dealers::game::arrangement_text;
use deckmate_games::dealers::record::GameSpec;
use deckmate_games::dealers::Arrangement;
use deckmate_rules::Seat;
use std::process::Output;

fn deckmate(args: &[&str], input: &str) -> Output {
    common::deckmate(args, Some(input))
}

fn out(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).to_string() + &String::from_utf8_lossy(&o.stderr)
}

/// The repository's example deck file (12x12 deals need its cards).
const DECK_FILE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../variants/dealers-example-deck.txt"
);

#[test]
fn item_9_a_typed_arrangement_of_the_dealt_cards_is_accepted() {
    // White's cards of seed 3's deal, arranged as the README's example
    // is: the back row's seven, then the eight pawns (here in the reverse
    // of the order dealt).
    let game = GameSpec {
        seed: 3,
        ..GameSpec::default()
    }
    .start_game()
    .unwrap();
    let deal = game.table().deal.clone().unwrap();
    let mut pieces = deal.pieces[0].clone();
    pieces.reverse();
    let hand = pieces.split_off(7);
    let mut pawns = deal.pawns[0].clone();
    pawns.reverse();
    let typed = arrangement_text(
        &Arrangement {
            back: pieces,
            hand,
            pawns,
        },
        Seat::First,
    );
    assert!(typed.chars().count() > 40, "{typed}");
    let o = deckmate(
        &["play", "dealers", "--seed", "3", "--level", "1"],
        &format!("{typed}\nquit\n"),
    );
    let text = out(&o);
    assert!(o.status.success(), "{text}");
    assert!(!text.contains("Illegal"), "{text}");
    assert!(!text.contains("too long"), "{text}");
    // Both armies stand: play starts, White (the person) to move.
    assert!(text.contains("Move 1. White (you) to play."), "{text}");
}

#[test]
fn item_10_every_alternate_against_the_computer_gets_past_the_arrangement() {
    let boards: [&[&str]; 7] = [
        &[],
        &["--board", "10x10"],
        &["--board", "12x12", "--deck-file", DECK_FILE],
        &["--alternate", "simplified"],
        &["--alternate", "big-deck"],
        &["--alternate", "big-deck", "--board", "10x10"],
        &["--alternate", "simplified", "--as", "black"],
    ];
    for extra in boards {
        let mut args = vec!["play", "dealers", "--seed", "4", "--level", "1"];
        args.extend_from_slice(extra);
        let o = deckmate(&args, "random\nquit\n");
        let text = out(&o);
        assert!(o.status.success(), "{extra:?}: {text}");
        assert!(!text.contains("found no move"), "{extra:?}: {text}");
        assert!(
            text.contains("Computer plays (Arrangements)"),
            "{extra:?}: {text}"
        );
        assert!(text.contains("(you) to play."), "{extra:?}: {text}");
    }
}
