//! The `deckmate` binary as a user runs it.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn deckmate(args: &[&str], stdin: Option<&str>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_deckmate"))
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    if let Some(input) = stdin {
        child
            .stdin
            .as_mut()
            .unwrap()
            .write_all(input.as_bytes())
            .unwrap();
    }
    drop(child.stdin.take());
    child.wait_with_output().unwrap()
}

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
    ] {
        let out = deckmate(&cmd, None);
        assert!(out.status.success(), "{cmd:?}");
        assert!(String::from_utf8_lossy(&out.stdout).contains("Usage"));
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
