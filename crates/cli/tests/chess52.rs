//! The `deckmate` binary with 52Chess, as a user runs it: perft over the
//! cards and with cards given (F10), divide, a game in the terminal through
//! standard input, replay with and without the seed, the rules, the engine
//! commands' "not yet".

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn deckmate(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_deckmate"))
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .unwrap()
}

/// Runs `deckmate args` with `input` on standard input.
fn deckmate_with_input(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_deckmate"))
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).to_string()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).to_string()
}

#[test]
fn perft_over_all_cards_and_with_cards_given() {
    for (depth, n) in [("1", "820"), ("2", "667240")] {
        let out = deckmate(&["perft", "52chess", "--depth", depth]);
        assert!(out.status.success(), "{}", stderr(&out));
        assert_eq!(stdout(&out).trim(), n);
    }
    let out = deckmate(&["perft", "52chess", "--depth", "2", "--cards", "7H QS"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out).trim(), "250");
    // The cards may be written in brackets, as in a record.
    let out = deckmate(&["perft", "52chess", "--depth", "2", "--cards", "[7H] [QS]"]);
    assert_eq!(stdout(&out).trim(), "250");
    // After moves (a card, a move, the next card), from its position string.
    let out = deckmate(&[
        "perft",
        "52chess",
        "--depth",
        "1",
        "--moves",
        "1. [7H] Nd3@c7 [QS]",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let n: u64 = stdout(&out).trim().parse().unwrap();
    assert!(n > 0);
    let start = "rqkr/pppp/nbbn/pppp/4/4/4/4/4/PPPP/NBBN/PPPP/RQKR w - 0 1";
    let out = deckmate(&["perft", "52chess", "--depth", "1", "--fen", start]);
    assert_eq!(stdout(&out).trim(), "820");
}

#[test]
fn divide_by_card_at_depth_1_and_by_card_and_move_deeper() {
    let out = deckmate(&["perft", "52chess", "--depth", "1", "--divide"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().filter(|l| l.contains(": ")).collect();
    // 52 cards and the total.
    assert_eq!(lines.len(), 53, "{text}");
    assert_eq!(lines[0].split(':').next(), Some("AC"));
    assert!(text.contains("\n5C: 25\n"), "{text}");
    assert_eq!(text.lines().last(), Some("total: 820"));
    let out = deckmate(&["perft", "52chess", "--depth", "2", "--divide"]);
    let text = stdout(&out);
    assert!(text.contains("\n[7H] Nd3@c7: "), "{text}");
    assert!(text.contains("\n[KS] d5: "), "{text}");
    assert_eq!(text.lines().last(), Some("total: 667240"));
    let out = deckmate(&[
        "perft", "52chess", "--depth", "2", "--divide", "--cards", "7H QS",
    ]);
    let text = stdout(&out);
    let sum: u64 = text
        .lines()
        .filter(|l| l.starts_with("[7H] "))
        .map(|l| l.rsplit(' ').next().unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(sum, 250, "{text}");
    assert_eq!(text.lines().last(), Some("total: 250"));
}

#[test]
fn perft_refuses_bad_cards_and_moves_with_a_reason() {
    let out = deckmate(&["perft", "52chess", "--depth", "1", "--cards", "7H QS"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("one card per ply"),
        "{}",
        stderr(&out)
    );
    let out = deckmate(&["perft", "52chess", "--depth", "1", "--cards", "7X"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("not a card"), "{}", stderr(&out));
    let out = deckmate(&["perft", "52chess", "--depth", "1", "--moves", "1. e5"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("drawn before every move"),
        "{}",
        stderr(&out)
    );
    let out = deckmate(&["perft", "cuarenta", "--depth", "1", "--cards", "7H"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("52Chess's"), "{}", stderr(&out));
}

#[test]
fn rules_and_the_engine_commands_not_yet() {
    let out = deckmate(&["rules", "52chess"]);
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(
        text.contains("52Chess") && text.contains("Nd3@c7"),
        "{text}"
    );
    assert!(text.contains("F9") && text.contains("seed"), "{text}");
    // The engine's tools: an analysis of the start (a chance node: the
    // expected score over the 52 cards).
    let out = deckmate(&["analyse", "52chess", "--depth", "1"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("depth  1"), "{text}");
    assert!(
        text.contains("before the draw") && text.contains("expected score for the side to draw"),
        "{text}"
    );
    assert!(!text.contains("no legal move"), "{text}");
}

#[test]
fn analyse_gives_the_best_move_for_the_card_drawn_and_for_every_card() {
    // With a card drawn: the best move for it.
    let out = deckmate(&[
        "analyse",
        "52chess",
        "--depth",
        "2",
        "--moves",
        "1. [7H] b6 [8H]",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("best move: "), "{text}");
    // --all-cards before the draw: a line per card, the idle ones sharing
    // the first one's search, then the mean.
    let out = deckmate(&[
        "analyse",
        "52chess",
        "--depth",
        "1",
        "--moves",
        "1. [7H] b6",
        "--all-cards",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let cards: Vec<&str> = text.lines().filter(|l| l.starts_with('[')).collect();
    assert_eq!(cards.len(), 52, "{text}");
    // 8H names c8, empty at the start: Black's Queen may teleport there.
    assert!(
        cards
            .iter()
            .any(|l| l.starts_with("[8H]") && l.contains('@')),
        "{text}"
    );
    // AC names a1, White's Rook's square: nothing teleports; as the first
    // such card it is searched, and 2C (b1) shares its analysis.
    assert!(
        cards
            .iter()
            .any(|l| l.starts_with("[2C]") && l.contains("the same moves as [AC]")),
        "{text}"
    );
    assert!(text.contains("52 cards ("), "{text}");
    assert!(
        text.contains("expected score for the side to draw"),
        "{text}"
    );
    // A card drawn already, or a game without cards: refused, saying why.
    let out = deckmate(&[
        "analyse",
        "52chess",
        "--depth",
        "1",
        "--moves",
        "1. [7H] b6 [8H]",
        "--all-cards",
    ]);
    assert!(!out.status.success());
    assert!(
        stderr(&out).contains("--all-cards: no card is to be drawn"),
        "{}",
        stderr(&out)
    );
    let out = deckmate(&["analyse", "cuarenta", "--depth", "1", "--all-cards"]);
    assert!(!out.status.success());
    assert!(stderr(&out).contains("Cuarenta"), "{}", stderr(&out));
}

#[test]
fn a_game_in_the_terminal_shows_the_card_and_replays() {
    let out = deckmate_with_input(
        &["play", "52chess", "--vs", "human", "--seed", "5"],
        "moves\nd5\nb8\nboard\nsave /nonexistent/x.pgn\nquit\n",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    // A seed the player chose is no secret from him (issue 29 item 8);
    // the board is 4 wide and 13 tall.
    assert!(text.contains("seed 5, your choice"), "{text}");
    assert!(text.contains("      a  b  c  d"), "{text}");
    assert!(text.contains(" 13   r  q  k  r   13"), "{text}");
    // The card before the first move, and the teleports among the moves.
    assert!(text.contains("Card drawn: 8D (b8)"), "{text}");
    assert!(text.contains("Nd3@b8"), "{text}");
    assert!(text.contains("Last move: 1. [8D] d5"), "{text}");
    assert!(text.contains("Last move: 1... [JC] b8"), "{text}");
    assert!(
        text.contains("Move 2. White to play. Card drawn: 9D (b9)"),
        "{text}"
    );
    // An unfinished game is not saved (its record would need the seed at
    // the end), nor printed at 'quit' (issue 29 item 8: one rule for
    // every exit).
    assert!(text.contains("Not saved"), "{text}");
    assert!(text.contains("its record is not shown"), "{text}");
    assert!(!text.contains("1. [8D] d5 [JC] b8 2. [9D]"), "{text}");
    assert!(!text.contains("[Seed"), "{text}");
}

#[test]
fn a_resigned_game_is_saved_with_its_seed_and_replays() {
    let tmp = crate::common::temp_dir("c52");
    let path = tmp.path().join("resigned.pgn");
    let p = path.to_str().unwrap();
    let out = deckmate_with_input(
        &["play", "52chess", "--vs", "human", "--seed", "5"],
        &format!("d5\nb8\nresign\nsave {p}\nquit\n"),
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let record = std::fs::read_to_string(&path).unwrap();
    assert!(record.contains("[Seed \"5\"]"), "{record}");
    assert!(
        record.contains("1. [8D] d5 [JC] b8 2. [9D] 0-1"),
        "{record}"
    );
    let out = deckmate(&["replay", p]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("Moves: 5 plies, all legal (52Chess, cards of seed 5)"));
    // A card changed: refused at that move, naming the seed's card.
    let bad = tmp.path().join("bad.pgn");
    std::fs::write(&bad, record.replace("[JC]", "[JD]")).unwrap();
    let out = deckmate(&["replay", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(
        err.contains("ply 3") && err.contains("draws [JC] here, not [JD]"),
        "{err}"
    );
    // Without the seed, the cards as written.
    std::fs::write(
        &bad,
        record.replace("[Seed \"5\"]\n", "").replace("[JC]", "[JD]"),
    )
    .unwrap();
    let out = deckmate(&["replay", bad.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("cards as written"));
}
