//! The `deckmate` binary with Cuarenta, as a user runs it.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::process::{Command, Output};

fn deckmate(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_deckmate"))
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .unwrap()
}

fn data(name: &str) -> String {
    format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).to_string()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).to_string()
}

#[test]
fn perft_from_the_start_and_with_moves() {
    let out = deckmate(&["perft", "cuarenta", "--depth", "3"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out).trim(), "12377");
    let out = deckmate(&[
        "perft",
        "cuarenta",
        "--depth",
        "2",
        "--divide",
        "--moves",
        "1. Fa4 Pbc6",
    ]);
    let text = stdout(&out);
    let parts: u64 = text
        .lines()
        .filter(|l| !l.starts_with("total") && l.contains(':'))
        .map(|l| l.rsplit(' ').next().unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(text.lines().last().unwrap(), format!("total: {parts}"));
    assert!(text.contains("Pbc4: "), "{text}");
}

#[test]
fn perft_with_a_position_string_and_errors() {
    let start = "*c*f*f*b*/v*g*k*g*v/*p*p*p*p*/1*1*1*1*1/*1*1*1*1*/1*1*1*1*1/*P*P*P*P*/V*G*K*G*V/*B*F*F*C* w Cc 0 1";
    let out = deckmate(&["perft", "cuarenta", "--depth", "2", "--fen", start]);
    assert_eq!(stdout(&out).trim(), "509");
    let out = deckmate(&["perft", "cuarenta", "--depth", "1", "--fen", "nonsense"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("5 fields"), "{}", stderr(&out));
    let out = deckmate(&["perft", "cuarenta", "--depth", "1", "--moves", "1. Fa4 Pc6"]);
    assert_eq!(out.status.code(), Some(1));
    let e = stderr(&out);
    assert!(
        e.contains("move 1... Pc6 (Black, ply 2)") && e.contains("ambiguous"),
        "{e}"
    );
    let out = deckmate(&["perft", "cuarenta", "--depth", "1", "--setup", "deal"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--setup is an option of Cardmate, not of Cuarenta"));
}

#[test]
fn replay_a_mate_as_text_and_json() {
    let out = deckmate(&["replay", &data("cuarenta-mate.pgn")]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("Result: 1-0 (White checkmated Black)"),
        "{text}"
    );
    assert!(text.contains("[G]"), "{text}");
    let out = deckmate(&["replay", "--json", &data("cuarenta-mate.pgn")]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["result"], "1-0");
    assert_eq!(v["plies"], 5);
    assert!(v["position"].as_str().unwrap().contains('*'));
    let out = deckmate(&["replay", "--json", &data("cuarenta-opening.pgn")]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["result"], "*");
    assert_eq!(v["plies"], 6);
}

#[test]
fn replay_names_the_first_bad_move() {
    let tmp = crate::common::temp_dir("cuarenta");
    let file = tmp.path().join("bad.pgn");
    std::fs::write(&file, "[Variant \"Cuarenta\"]\n1. Fa4 Pbc6 2. Pxc6\n").unwrap();
    let out = deckmate(&["replay", "--json", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["ply"], 3);
    let e = v["error"].as_str().unwrap();
    assert!(e.contains("move 2. Pxc6 (White, ply 3)"), "{e}");
    let out = deckmate(&["replay", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("Pxc6"));
}

#[test]
fn rules_text_has_every_ruling() {
    let out = deckmate(&["rules", "cuarenta"]);
    let text = stdout(&out);
    for tag in ["Q1", "Q2", "Q3", "Q4", "Q5", "Q6", "Q7", "Q8", "Q9", "Q10"] {
        assert!(
            text.contains(&format!("({tag}")) || text.contains(&format!(" {tag}")),
            "{tag}"
        );
    }
    assert!(text.contains("O-O") && text.contains("Frog"));
}

#[test]
fn engine_commands_play_cuarenta() {
    let out = deckmate(&["analyse", "cuarenta", "--depth", "3"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("best move: ") && text.contains("best line: 1. "),
        "{text}"
    );

    let tmp = crate::common::temp_dir("cuarenta-match");
    let dir = tmp.path().join("games");
    let dir_text = dir.to_string_lossy().to_string();
    let out = deckmate(&[
        "match", "cuarenta", "--a", "1", "--b", "random", "--games", "2", "--time", "0.02",
        "--out", &dir_text,
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("A (level 1) vs B (random)"),
        "{}",
        stdout(&out)
    );
    let record = std::fs::read_to_string(dir.join("cuarenta-001.pgn")).unwrap();
    assert!(record.contains("[Variant \"Cuarenta\"]"), "{record}");

    let mut child = Command::new(env!("CARGO_BIN_EXE_deckmate"))
        .args(["play", "cuarenta", "--level", "1"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    if let Some(mut input) = child.stdin.take() {
        use std::io::Write;
        input.write_all(b"Fa4\nnonsense\nquit\n").unwrap();
    }
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("Computer plays 1... "), "{text}");
    // A word that is no move is taken for a command (issue 29 item 20).
    assert!(text.contains("Unknown command nonsense: "), "{text}");
    assert!(text.contains("Goodbye."), "{text}");
}

#[test]
fn analyse_gives_several_lines_with_distinct_first_moves() {
    let out = deckmate(&["analyse", "cuarenta", "--depth", "4", "--lines", "3"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    let best: Vec<&str> = text
        .lines()
        .skip_while(|l| !l.starts_with("best moves at depth 4"))
        .skip(1)
        .collect();
    assert_eq!(best.len(), 3, "{text}");
    let firsts: std::collections::BTreeSet<&str> = best
        .iter()
        .filter_map(|l| l.split_whitespace().nth(1))
        .collect();
    assert_eq!(firsts.len(), 3, "{text}");
    // Each line starts with its move.
    for l in &best {
        let mv = l.split_whitespace().nth(1).unwrap_or("");
        assert!(l.contains(&format!("1. {mv}")), "{l}");
    }
    let out = deckmate(&["analyse", "cuarenta", "--lines", "6"]);
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    assert!(stderr(&out).contains("1..=5"), "{}", stderr(&out));
}
