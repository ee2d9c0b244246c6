//! `deckmate tune`: its help, a tiny run end to end whose table the
//! variant file reads back, positions saved and read again, and bad input
//! refused without a panic.

#![allow(clippy::unwrap_used)]

use crate::common;
use std::path::PathBuf;
use std::process::Output;

fn deckmate(args: &[&str]) -> Output {
    common::deckmate(args, None)
}

fn chess() -> String {
    format!("{}/../../variants/chess.toml", env!("CARGO_MANIFEST_DIR"))
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// A fresh folder of this test's own.
/// The lines of a tune's output with the time the fit took (the summary
/// line's last part, `..., 3 s)`) left out.
fn without_time(text: &str) -> Vec<String> {
    text.lines()
        .map(|l| match l.rsplit_once(", ") {
            Some((head, tail)) if tail.ends_with(" s)") => head.to_string(),
            _ => l.to_string(),
        })
        .collect()
}

fn temp_dir(tag: &str) -> PathBuf {
    common::temp_dir(&format!("tune-{tag}"))
}

const TINY: [&str; 8] = [
    "--games", "3", "--depth", "1", "--passes", "2", "--seed", "5",
];

#[test]
fn help_explains_the_method() {
    let out = deckmate(&["tune", "--help"]);
    assert!(out.status.success());
    let help = stdout(&out);
    for word in [
        "Texel",
        "--variant-file",
        "--games",
        "--seed",
        "--params",
        "sigmoid",
    ] {
        assert!(help.contains(word), "{word} in {help}");
    }
    let top = stdout(&deckmate(&["--help"]));
    assert!(top.contains("tune"), "{top}");
}

#[test]
fn a_tiny_run_prints_a_table_the_file_reads() {
    let chess = chess();
    let mut args = vec!["tune", "--variant-file", chess.as_str()];
    args.extend(TINY);
    let out = deckmate(&args);
    assert!(out.status.success(), "{}", stderr(&out));
    let table = stdout(&out);
    assert!(table.starts_with("# deckmate tune: "), "{table}");
    assert!(table.contains("K = "), "{table}");
    assert!(table.contains("\n[weights]\nmobility = "), "{table}");
    assert!(stderr(&out).contains("games 3/3"), "{}", stderr(&out));
    // The same seed, the same table (the time it took left out: under
    // load a run may take a second more).
    assert_eq!(
        without_time(&stdout(&deckmate(&args))),
        without_time(&table)
    );
    // Pasted into the file, it reads and plays.
    let dir = temp_dir("paste");
    let tuned = dir.join("tuned.toml");
    // In place of the file's own table (chess.toml has one).
    let text = std::fs::read_to_string(&chess).unwrap();
    let text = text.split("\n[weights]").next().unwrap();
    std::fs::write(&tuned, format!("{text}\n{table}")).unwrap();
    let out = deckmate(&[
        "perft",
        "--variant-file",
        tuned.to_str().unwrap(),
        "--depth",
        "2",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out).trim(), "400");
    // And the tuner starts from the file's table.
    let out = deckmate(&[
        "tune",
        "--variant-file",
        tuned.to_str().unwrap(),
        "--games",
        "1",
        "--depth",
        "1",
        "--passes",
        "1",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let weights_line = table
        .lines()
        .filter(|l| l.contains(" = ") && !l.starts_with('#'))
        .map(|l| l.replace(" = ", "="))
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        stdout(&out).contains(&format!("# from: {weights_line}")),
        "{}",
        stdout(&out)
    );
}

#[test]
fn positions_saved_are_read_again() {
    let chess = chess();
    let dir = temp_dir("positions");
    let file = dir.join("chess.epd");
    let file = file.to_str().unwrap();
    let mut args = vec![
        "tune",
        "--variant-file",
        chess.as_str(),
        "--save-positions",
        file,
    ];
    args.extend(TINY);
    let played = deckmate(&args);
    assert!(played.status.success(), "{}", stderr(&played));
    let text = std::fs::read_to_string(file).unwrap();
    assert!(text.lines().count() > 20, "{text}");
    assert!(text.lines().all(|l| l.ends_with(']')), "{text}");
    let read = deckmate(&[
        "tune",
        "--variant-file",
        &chess,
        "--positions",
        file,
        "--passes",
        "2",
    ]);
    assert!(read.status.success(), "{}", stderr(&read));
    // The same positions, so the same fit: the lines after the first
    // (which names the source), the time left out.
    let fit = |o: &Output| {
        without_time(&stdout(o))
            .into_iter()
            .skip(1)
            .collect::<Vec<_>>()
    };
    assert_eq!(fit(&read), fit(&played));
    assert!(fit(&read).iter().any(|l| l.contains("evaluations")));
}

#[test]
fn bad_input_is_refused() {
    let chess = chess();
    let out = deckmate(&[
        "tune",
        "--variant-file",
        &chess,
        "--params",
        "mobility,tempi",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("unknown weight 'tempi'"),
        "{}",
        stderr(&out)
    );
    let out = deckmate(&["tune", "--variant-file", &chess, "--depth", "0"]);
    assert_eq!(out.status.code(), Some(2));
    for threads in ["0", "65"] {
        let out = deckmate(&["tune", "--variant-file", &chess, "--threads", threads]);
        assert_eq!(out.status.code(), Some(2));
        assert!(stderr(&out).contains("--threads"), "{}", stderr(&out));
    }
    let out = deckmate(&["tune", "--variant-file", "/nonexistent/x.toml"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("cannot read"), "{}", stderr(&out));
    let dir = temp_dir("bad");
    let bad = dir.join("bad.epd");
    std::fs::write(
        &bad,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 [0.5]\nnot a position [1.0]\n",
    )
    .unwrap();
    let out = deckmate(&[
        "tune",
        "--variant-file",
        &chess,
        "--positions",
        bad.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("line 2: position"),
        "{}",
        stderr(&out)
    );
    for s in [&stderr(&out), &stdout(&out)] {
        assert!(!s.contains("panicked"), "{s}");
    }
}
