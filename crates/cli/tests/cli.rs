//! The `deckmate` binary as a user runs it.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use common::deckmate;
use std::process::Output;

fn data(name: &str) -> String {
    format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn json(out: &Output) -> serde_json::Value {
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}

#[test]
fn replay_json_of_sample_game_1() {
    let out = deckmate(&["replay", "--json", &data("sample-game-1.pgn")], None);
    assert!(out.status.success());
    let v = json(&out);
    assert_eq!(v["result"], "0-1");
    assert_eq!(v["plies"], 40);
    assert!(v["reason"].as_str().unwrap().contains("second King"));
    assert!(v["position"].as_str().unwrap().ends_with("F 0 21"));
}

#[test]
fn replay_reports_the_illegal_move_c3() {
    let out = deckmate(
        &["replay", "--json", &data("compulsory-capture-ignored.txt")],
        None,
    );
    assert_eq!(out.status.code(), Some(1));
    let v = json(&out);
    assert_eq!(v["ply"], 37);
    let e = v["error"].as_str().unwrap();
    assert!(
        e.contains("move 19.") && e.contains("Forehand") && e.contains("compulsory"),
        "{e}"
    );
    let out = deckmate(&["replay", &data("compulsory-capture-ignored.txt")], None);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("8D:h8"));
}

#[test]
fn replay_from_stdin_and_bad_input() {
    let out = deckmate(&["replay", "--json", "-"], Some("1. 4Ci3 4Db6"));
    assert_eq!(json(&out)["result"], "*");
    for bad in [
        "[Variant \"chess\"]\n1. e4",
        "{ never closed",
        "1. 4Ci3 (4Db6)",
        "\u{0}\u{1}",
    ] {
        let out = deckmate(&["replay", "--json", "-"], Some(bad));
        assert_eq!(out.status.code(), Some(1), "{bad}");
        assert!(json(&out)["error"].is_string());
    }
    let out = deckmate(&["replay", "--json", "/no/such/file"], None);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(json(&out)["ply"], 0);
}

#[test]
fn perft_counts_and_divide_sums() {
    let out = deckmate(&["perft", "cardmate", "--depth", "2"], None);
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "1444");
    let out = deckmate(
        &[
            "perft",
            "cardmate",
            "--depth",
            "2",
            "--divide",
            "--moves",
            "1. 4Ci3 4Db6",
        ],
        None,
    );
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    let parts: u64 = text
        .lines()
        .filter(|l| !l.starts_with("total") && l.contains(':'))
        .map(|l| l.rsplit(' ').next().unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(text.lines().last().unwrap(), format!("total: {parts}"));
    assert_eq!(parts, 1849);
}

#[test]
fn perft_of_a_finished_game_is_zero_and_bad_options_fail() {
    let moves = std::fs::read_to_string(data("sample-game-1.pgn")).unwrap();
    let movetext: String = moves
        .lines()
        .filter(|l| !l.starts_with('['))
        .collect::<Vec<_>>()
        .join(" ");
    let out = deckmate(
        &["perft", "cardmate", "--depth", "1", "--moves", &movetext],
        None,
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "0");
    let out = deckmate(
        &["perft", "cardmate", "--depth", "1", "--fen", "nonsense"],
        None,
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("4 fields"));
    let out = deckmate(&["perft", "chess", "--depth", "1"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cardmate"));
}

#[test]
fn rules_and_help() {
    let out = deckmate(&["rules", "cardmate"], None);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("C3") && text.contains("V2") && text.contains("Forehand"));
    for cmd in [
        vec!["--help"],
        vec!["play", "--help"],
        vec!["perft", "--help"],
        vec!["replay", "--help"],
        vec!["rules", "--help"],
    ] {
        let out = deckmate(&cmd, None);
        assert!(out.status.success(), "{cmd:?}");
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.contains("Usage"), "{cmd:?}");
        if cmd.len() > 1 {
            assert!(text.contains("Example"), "{cmd:?}: {text}");
        }
    }
}

#[test]
fn play_through_piped_input() {
    let out = deckmate(
        &["play", "cardmate", "--vs", "human"],
        Some("4Ci3\n4Db6\n9Hz9\nmoves\nundo\nquit\n"),
    );
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("Illegal move"), "{text}");
    assert!(text.contains("legal moves"));
    assert!(text.contains("Took back 1"));
    assert!(text.contains("Goodbye"));
    // Against the computer, end of input ends the program cleanly.
    let out = deckmate(
        &["play", "cardmate", "--level", "1", "--seed", "3"],
        Some("4Ci3\n"),
    );
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("Computer plays 1..."));
}

#[test]
fn replay_of_sample_game_2_as_bare_movetext() {
    let out = deckmate(&["replay", "--json", &data("sample-game-2.txt")], None);
    assert!(out.status.success());
    let v = json(&out);
    assert_eq!(v["result"], "1-0");
    assert_eq!(v["plies"], 59);
    assert_eq!(v["reason"], "Forehand captured Rearhand's second King");
    // Without --json: the board, the position string and the result.
    let out = deckmate(&["replay", &data("sample-game-2.txt")], None);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("middle") && text.contains("*QH"), "{text}");
    assert!(text.contains(&format!("Position: {}", v["position"].as_str().unwrap())));
    assert!(text.contains("Result: 1-0 (Forehand captured Rearhand's second King)"));
    assert!(!text.contains('\u{1b}'));
}

#[test]
fn perft_reports_a_bad_move_by_number_and_reason() {
    let out = deckmate(
        &[
            "perft",
            "cardmate",
            "--depth",
            "1",
            "--moves",
            "1. 4Ci3 4Db6 2. 4Cj9",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("move 2. 4Cj9 (Forehand, ply 3)"), "{err}");
    // Time and speed go to standard error only.
    let out = deckmate(&["perft", "cardmate", "--depth", "1"], None);
    assert_eq!(String::from_utf8_lossy(&out.stdout), "38\n");
    assert!(String::from_utf8_lossy(&out.stderr).contains("leaves/s"));
}

#[test]
fn unknown_games_list_the_known_ones() {
    for cmd in ["play", "perft", "rules"] {
        let out = deckmate(&[cmd, "chess"], None);
        assert_eq!(out.status.code(), Some(2), "{cmd}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("'chess'") && err.contains("cardmate"), "{err}");
    }
    let out = deckmate(&["play", "cardmate", "--level", "9"], None);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_game_against_the_computer_saves_a_record_with_its_seed() {
    let tmp = common::temp_dir("save");
    let path = tmp.path().join("game.pgn");
    let input = format!("save {}\nquit\n", path.display());
    let out = deckmate(
        &[
            "play", "cardmate", "--as", "rearhand", "--level", "1", "--setup", "deal", "--seed",
            "42",
        ],
        Some(&input),
    );
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("seed 42") && text.contains("You play Rearhand"),
        "{text}"
    );
    assert!(text.contains("Computer plays 1. "), "{text}");
    let out = deckmate(&["replay", "--json", path.to_str().unwrap()], None);
    let record = std::fs::read_to_string(&path).unwrap();
    assert!(record.contains("[Seed \"42\"]") && record.contains("[Setup \"deal\"]"));
    let v = json(&out);
    assert_eq!(v["plies"], 1, "{record}");
    assert_eq!(v["result"], "*");
}

#[test]
fn end_of_input_quits_and_shows_the_unsaved_record() {
    let out = deckmate(
        &["play", "cardmate", "--vs", "human", "--no-color"],
        Some("4Ci3\n4Db6"),
    );
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("Last move: 1... 4Db6"), "{text}");
    assert!(
        text.contains("not saved") && text.contains("1. 4Ci3 4Db6"),
        "{text}"
    );
    assert!(text.trim_end().ends_with("Goodbye."));
    assert!(!text.contains('\u{1b}') && !text.contains("> "));
}
