//! `deckmate tune`: its help, a tiny run end to end whose table the
//! variant file reads back, positions saved and read again, and bad input
//! refused without a panic.

#![allow(clippy::unwrap_used)]

use crate::common;
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

/// A fresh folder of this test's own, removed when the guard is dropped.
fn temp_dir(tag: &str) -> tempfile::TempDir {
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
    let tuned = dir.path().join("tuned.toml");
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
    let file = dir.path().join("chess.epd");
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
fn an_engine_labels_the_positions_by_its_score() {
    // deckmate's own engine as the outside one, at a small depth.
    let chess = chess();
    let variants = format!("{}/../../variants", env!("CARGO_MANIFEST_DIR"));
    let engine = format!(
        "'{}' uci --variants '{variants}'",
        env!("CARGO_BIN_EXE_deckmate")
    );
    let dir = temp_dir("label");
    let input = dir.path().join("in.epd");
    let output = dir.path().join("out.epd");
    // White a queen up (White to move, then Black), Black a queen up, and
    // the start; the results given are overwritten.
    let positions = [
        "3qk3/8/8/8/8/8/8/3QKQ2 w - - 0 1",
        "3qk3/8/8/8/8/8/8/3QKQ2 b - - 0 1",
        "3qkq2/8/8/8/8/8/8/3QK3 w - - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ];
    let text: String = positions.iter().map(|p| format!("{p} [0.5]\n")).collect();
    std::fs::write(&input, text).unwrap();
    let input = input.to_str().unwrap();
    // `deckmate tune` on those positions labelled by `engine`, with more
    // arguments.
    let label = |engine: &str, more: &[&str]| {
        let mut args = vec![
            "tune",
            "--variant-file",
            &chess,
            "--positions",
            input,
            "--label-engine",
            engine,
            "--passes",
            "1",
        ];
        args.extend(more);
        deckmate(&args)
    };
    let out = label(
        &engine,
        &[
            "--label-depth",
            "2",
            "--threads",
            "2",
            "--save-positions",
            output.to_str().unwrap(),
        ],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("labelled by"), "{}", stdout(&out));
    let saved = std::fs::read_to_string(&output).unwrap();
    let results: Vec<f64> = saved
        .lines()
        .map(|l| {
            let r = l.rsplit_once('[').unwrap().1.trim_end_matches(']');
            r.parse().unwrap()
        })
        .collect();
    assert_eq!(results.len(), 4, "{saved}");
    // White's expectation whichever side is to move.
    assert!(results[0] > 0.9 && results[1] > 0.9, "{saved}");
    assert!(results[2] < 0.1, "{saved}");
    assert!((0.3..0.7).contains(&results[3]), "{saved}");
    // The same labels from one engine as from two (each search starts a
    // new game).
    let again = dir.path().join("again.epd");
    let out = label(
        &engine,
        &[
            "--label-depth",
            "2",
            "--save-positions",
            again.to_str().unwrap(),
        ],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(std::fs::read_to_string(&again).unwrap(), saved);
    // A depth out of range, and an engine that cannot start.
    let out = label(&engine, &["--label-depth", "0"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--label-depth"), "{}", stderr(&out));
    let out = label("/nonexistent/engine", &[]);
    assert_eq!(out.status.code(), Some(1));
    assert!(!stderr(&out).contains("panicked"), "{}", stderr(&out));
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
    let bad = dir.path().join("bad.epd");
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
