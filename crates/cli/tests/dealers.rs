//! The `deckmate` binary with Dealer's Chess, as a user runs it: perft from
//! a deal and from a position string (with divide), the rules, a game in
//! the terminal through standard input (the deal with every card's move in
//! words, an arrangement typed or `random`, a re-deal, a move, the record
//! saved and replayed), deck files and bad input.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use std::process::Output;

fn deckmate(args: &[&str], input: &str) -> Output {
    common::deckmate(args, Some(input))
}

fn out(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).to_string() + &String::from_utf8_lossy(&o.stderr)
}

const CASTLE: &str = "4k3/8/8/8/8/8/8/[CA]3K2[GR] w AH - -/-/- 0 1";

#[test]
fn perft_from_a_position_string_and_from_a_deal() {
    let o = deckmate(
        &[
            "perft", "dealers", "--fen", CASTLE, "--depth", "1", "--divide",
        ],
        "",
    );
    assert!(o.status.success(), "{}", out(&o));
    let text = out(&o);
    assert!(
        text.contains("O-O: 1") && text.contains("O-O-O: 1"),
        "{text}"
    );
    // A seed deals and arranges both armies at random: the same each time.
    let a = deckmate(&["perft", "dealers", "--seed", "1", "--depth", "3"], "");
    let b = deckmate(&["perft", "dealers", "--seed", "1", "--depth", "3"], "");
    assert!(a.status.success(), "{}", out(&a));
    assert_eq!(
        String::from_utf8_lossy(&a.stdout),
        String::from_utf8_lossy(&b.stdout)
    );
    // A bad position says where.
    let o = deckmate(
        &["perft", "dealers", "--fen", "4k3/8/8 w", "--depth", "1"],
        "",
    );
    assert!(!o.status.success());
    assert!(out(&o).contains("7 fields"), "{}", out(&o));
}

#[test]
fn the_rules_name_the_rulings() {
    let o = deckmate(&["rules", "dealers"], "");
    let text = out(&o);
    for tag in ["D4", "D5", "D9", "D11", "D14"] {
        assert!(text.contains(tag), "{tag}");
    }
}

#[test]
fn a_game_in_the_terminal_is_arranged_played_saved_and_replayed() {
    let tmp = common::temp_dir("dealers");
    let file = tmp.path().join("game.pgn");
    let input = format!(
        "e2e4\nredeal\nrandom\nmoves\nsave {}\nquit\n",
        file.display()
    );
    let o = deckmate(&["play", "dealers", "--seed", "8", "--level", "1"], &input);
    let text = out(&o);
    assert!(o.status.success(), "{text}");
    // The deal, each card with its move in words.
    assert!(text.contains("White dealt"), "{text}");
    assert!(text.contains("Moves one space"), "{text}");
    // A move before the arrangement is refused with the reason.
    assert!(text.contains("an arrangement is the back row"), "{text}");
    // A re-deal offered: the computer agrees, and a new deal comes.
    assert!(text.contains("plays (Arrangements) redeal-black"), "{text}");
    assert!(
        text.contains("The computer (level 1) is thinking"),
        "{text}"
    );
    assert!(text.contains("White (you) to play"), "{text}");
    let record = std::fs::read_to_string(&file).unwrap();
    assert!(record.contains("[Variant \"Dealer's Chess\"]"), "{record}");
    assert!(record.contains("[Deal "), "{record}");
    let o = deckmate(&["replay", file.to_str().unwrap()], "");
    assert!(o.status.success(), "{}", out(&o));
    assert!(out(&o).contains("all legal"), "{}", out(&o));
    // A record whose deal is not its seed's is refused.
    let bad = record.replace("[Seed \"", "[Seed \"1");
    std::fs::write(&file, bad).unwrap();
    let o = deckmate(&["replay", file.to_str().unwrap()], "");
    assert!(!o.status.success());
    assert!(out(&o).contains("tag Deal"), "{}", out(&o));
}

#[test]
fn deck_files_and_alternates_from_the_command_line() {
    let deck = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../variants/dealers-example-deck.txt"
    );
    let o = deckmate(
        &[
            "perft",
            "dealers",
            "--board",
            "12x12",
            "--deck-file",
            deck,
            "--seed",
            "2",
            "--depth",
            "2",
        ],
        "",
    );
    assert!(o.status.success(), "{}", out(&o));
    // 12x12 without more cards: refused, saying why.
    let o = deckmate(
        &["perft", "dealers", "--board", "12x12", "--depth", "1"],
        "",
    );
    assert!(!o.status.success());
    assert!(out(&o).contains("Piece cards"), "{}", out(&o));
    let o = deckmate(
        &[
            "perft",
            "dealers",
            "--alternate",
            "simplified",
            "--depth",
            "2",
        ],
        "",
    );
    assert!(o.status.success(), "{}", out(&o));
    let o = deckmate(
        &[
            "perft",
            "dealers",
            "--alternate",
            "sideways",
            "--depth",
            "1",
        ],
        "",
    );
    assert_eq!(o.status.code(), Some(2), "{}", out(&o));
    assert!(out(&o).contains("simplified"), "{}", out(&o));
    let o = deckmate(
        &["play", "dealers", "--deck-file", "/no/such/deck"],
        "quit\n",
    );
    assert!(!o.status.success());
    assert!(out(&o).contains("--deck-file"), "{}", out(&o));
}
