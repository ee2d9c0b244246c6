//! `--variant-file` on the command line: perft, analyse, match, play and
//! replay with `variants/chess.toml` and `variants/fairy-court.toml`;
//! broken files refused with `PATH:LINE:COLUMN: reason` (the XBetza byte),
//! and a file of hoppers, lame leapers and bent riders that plays.

#![allow(clippy::unwrap_used)]

use crate::common;

use std::path::PathBuf;
use std::process::Output;

fn deckmate(args: &[&str]) -> Output {
    common::deckmate(args, None)
}

fn example(name: &str) -> String {
    format!("{}/../../variants/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// A file of its own in a fresh folder, and the folder's guard (which
/// removes it when dropped: keep it in a named variable).
fn temp_file(name: &str, text: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = common::temp_dir("vf");
    let path = dir.path().join(name);
    std::fs::write(&path, text).unwrap();
    (dir, path)
}

#[test]
fn perft_of_chess_from_its_file() {
    let chess = example("chess.toml");
    for (depth, nodes) in [("1", "20"), ("2", "400"), ("3", "8902")] {
        let out = deckmate(&["perft", "--variant-file", &chess, "--depth", depth]);
        assert!(out.status.success(), "{}", stderr(&out));
        assert_eq!(stdout(&out).trim(), nodes, "depth {depth}");
    }
    // After 1. e4, divided: Black's twenty replies add up.
    let out = deckmate(&[
        "perft",
        "--variant-file",
        &chess,
        "--depth",
        "2",
        "--divide",
        "--moves",
        "1. e4",
    ]);
    let text = stdout(&out);
    assert!(text.contains("\nNf6: 30\n"), "{text}");
    assert_eq!(
        text.lines().filter(|l| l.contains(": ")).count(),
        21,
        "{text}"
    );
    assert!(text.ends_with("total: 600\n"), "{text}");
    // A position string of the variant.
    let out = deckmate(&[
        "perft",
        "--variant-file",
        &chess,
        "--depth",
        "2",
        "--fen",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ]);
    assert_eq!(stdout(&out).trim(), "2039", "{}", stderr(&out));
}

#[test]
fn perft_of_the_fairy_court() {
    let court = example("fairy-court.toml");
    let out = deckmate(&["perft", "--variant-file", &court, "--depth", "1"]);
    assert!(out.status.success(), "{}", stderr(&out));
    // Counted by hand in crates/games/tests/variant_build.rs.
    assert_eq!(stdout(&out).trim(), "68");
    let out = deckmate(&[
        "perft",
        "--variant-file",
        &court,
        "--depth",
        "2",
        "--divide",
    ]);
    let text = stdout(&out);
    let sum: u64 = text
        .lines()
        .filter_map(|l| l.split_once(": "))
        .filter(|(m, _)| *m != "total")
        .map(|(_, n)| n.parse::<u64>().unwrap())
        .sum();
    let out = deckmate(&["perft", "--variant-file", &court, "--depth", "2"]);
    assert_eq!(stdout(&out).trim(), sum.to_string());
    assert!(text.ends_with(&format!("total: {sum}\n")), "{text}");
}

#[test]
fn analyse_and_match_a_variant_file() {
    let court = example("fairy-court.toml");
    let out = deckmate(&["analyse", "--variant-file", &court, "--depth", "2"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("depth  2"), "{text}");
    assert!(text.contains("best move: "), "{text}");
    let chess = example("chess.toml");
    let out = deckmate(&[
        "analyse",
        "--variant-file",
        &chess,
        "--depth",
        "3",
        "--fen",
        "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1",
    ]);
    let text = stdout(&out);
    assert!(text.contains("best move: Ra8"), "{text}");
    // A match between levels: records that replay with the file.
    let tmp = common::temp_dir("vf");
    let dir = tmp.path().join("games");
    let dir_s = dir.to_string_lossy().into_owned();
    let out = deckmate(&[
        "match",
        "--variant-file",
        &chess,
        "--a",
        "1",
        "--b",
        "random",
        "--games",
        "2",
        "--time",
        "0.05",
        "--out",
        &dir_s,
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("A (level 1) vs B (random): "),
        "{}",
        stdout(&out)
    );
    for n in ["001", "002"] {
        let record = dir.join(format!("chess-{n}.pgn"));
        let record = record.to_string_lossy();
        let text = std::fs::read_to_string(&*record).unwrap();
        assert!(text.contains("[VariantFile \"chess.toml\"]"), "{text}");
        let out = deckmate(&["replay", &record, "--variant-file", &chess, "--json"]);
        assert!(out.status.success(), "{} {}", stdout(&out), stderr(&out));
        // Without the file it cannot be read, and says how.
        let out = deckmate(&["replay", &record]);
        assert_eq!(out.status.code(), Some(1));
        assert!(stderr(&out).contains("--variant-file"), "{}", stderr(&out));
    }
}

#[test]
fn play_a_variant_file_in_the_terminal_and_replay_its_record() {
    let court = example("fairy-court.toml");
    let tmp = common::temp_dir("vf");
    let dir = tmp.path();
    let saved = dir.join("court.pgn");
    let input = format!("e4\nf9\nsave {}\nquit\n", saved.display());
    let out = common::deckmate(
        &[
            "play",
            "--variant-file",
            &court,
            "--vs",
            "human",
            "--seed",
            "1",
        ],
        Some(&input),
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.starts_with("Fairy Court (seed 1;"), "{text}");
    assert!(text.contains("Variant: Fairy Court"), "{text}");
    // The path as given (issue 29 item 20), not the file's base name.
    assert!(text.contains(&format!("--variant-file {court}")), "{text}");
    let record = std::fs::read_to_string(&saved).unwrap();
    assert!(record.contains("1. e4 f9"), "{record}");
    let saved_s = saved.to_string_lossy();
    let out = deckmate(&["replay", &saved_s, "--variant-file", &court]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("Moves: 2 plies, all legal"),
        "{}",
        stdout(&out)
    );
    // Another version of the file: refused, never misread.
    let (_changed_dir, changed) = temp_file(
        "fairy-court.toml",
        &std::fs::read_to_string(&court)
            .unwrap()
            .replace("12x12", "twelve by twelve"),
    );
    let out = deckmate(&[
        "replay",
        &saved_s,
        "--variant-file",
        &changed.to_string_lossy(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("another version of fairy-court.toml"),
        "{}",
        stderr(&out)
    );
    // Against the engine: it answers.
    let out = common::deckmate(
        &[
            "play",
            "--variant-file",
            &example("chess.toml"),
            "--level",
            "1",
        ],
        Some("e4\nquit\n"),
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("Last move: 1... "),
        "{}",
        stdout(&out)
    );
}

#[test]
fn a_broken_file_is_refused_with_its_place_and_reason() {
    let chess = std::fs::read_to_string(example("chess.toml")).unwrap();
    // A bad XBetza atom: line, column and the byte in the XBetza text.
    let (_bad_dir, bad) = temp_file(
        "bad.toml",
        &chess.replace("betza = \"N\"", "betza = \"NY\""),
    );
    let path = bad.to_string_lossy().into_owned();
    for cmd in ["play", "perft", "analyse", "match"] {
        let mut args = vec![cmd, "--variant-file", &path];
        match cmd {
            "perft" => args.extend(["--depth", "1"]),
            "match" => args.extend(["--a", "1", "--b", "1"]),
            _ => {}
        }
        let out = deckmate(&args);
        assert_eq!(out.status.code(), Some(1), "{cmd}");
        let err = stderr(&out);
        assert_eq!(
            err.trim(),
            format!(
                "deckmate: {path}:50:11: piece 'Knight': XBetza \"NY\", byte 1 ('Y'): unknown atom 'Y'"
            ),
            "{cmd}"
        );
        assert!(stdout(&out).is_empty(), "{cmd}");
    }
    // A piece deckmate-betza cannot play exactly: refused, not misread.
    let (_hopper_dir, hopper) =
        temp_file("g.toml", &chess.replace("betza = \"Q\"", "betza = \"gQ\""));
    let out = deckmate(&[
        "perft",
        "--variant-file",
        &hopper.to_string_lossy(),
        "-d",
        "1",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(
        err.contains(":29:10: piece 'Queen': XBetza \"gQ\", byte 0 ('g'): not supported"),
        "{err}"
    );
    // Not TOML, a missing file, a file the core cannot play.
    let (_junk_dir, junk) = temp_file("junk.toml", "name = \n");
    let out = deckmate(&[
        "perft",
        "--variant-file",
        &junk.to_string_lossy(),
        "-d",
        "1",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("junk.toml:1:"), "{}", stderr(&out));
    let out = deckmate(&["perft", "--variant-file", "/nonexistent/x.toml", "-d", "1"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("/nonexistent/x.toml: cannot read"),
        "{}",
        stderr(&out)
    );
    let (_big_dir, big) = temp_file("big.toml", &"#\n".repeat(40_000));
    let out = deckmate(&["perft", "--variant-file", &big.to_string_lossy(), "-d", "1"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("larger than 65536 bytes"),
        "{}",
        stderr(&out)
    );
    // A game and a file at once is a usage error.
    let out = deckmate(&["perft", "cuarenta", "--variant-file", &path, "-d", "1"]);
    assert_eq!(out.status.code(), Some(2));
}

/// Hoppers (Cannon, Vao), lame leapers (the Xiangqi Horse, `nN`, and the
/// Elephant, `nA`) and a bent rider (the Gryffon) on a 9x10 board: the file
/// builds, counts and plays.
const HOPPERS: &str = r#"
name = "Hoppers"
setup = "rhegkgehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEGKGEHR w - - 0 1"
win = "checkmate"

[board]
files = 9
ranks = 10

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

[[piece]]
name = "Horse"
letter = "H"
betza = "nN"
kind = "piece"

[[piece]]
name = "Elephant"
letter = "E"
betza = "nA"
kind = "piece"

[[piece]]
name = "Gryffon"
letter = "G"
betza = "FyafsF"
kind = "piece"

[[piece]]
name = "Cannon"
letter = "C"
betza = "mRcpR"
kind = "piece"

[[piece]]
name = "Pawn"
letter = "P"
betza = "fW"
kind = "pawn"

[draws]
move_rule = 50
resets = ["capture", "pawn"]
repetition = 3
stalemate = "loss"
"#;

#[test]
fn hoppers_lame_leapers_and_bent_riders_build_and_play() {
    let (_dir, file) = temp_file("hoppers.toml", HOPPERS);
    let path = file.to_string_lossy().into_owned();
    let out = deckmate(&["perft", "--variant-file", &path, "--depth", "1", "--divide"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    // Each Cannon takes the Horse behind the enemy Cannon, its screen
    // (b3 over b8 to b10), and cannot take without one.
    assert!(text.contains("\nCxb10: 1\n"), "{text}");
    assert!(text.contains("\nCxh10: 1\n"), "{text}");
    assert!(!text.contains("xb8") && !text.contains("xh8"), "{text}");
    // The Horse is lame: from b1 to a3 and c3 over the empty b2, not to d2
    // past the Elephant on c1; the Elephant leaps over the empty b2 and d2 (e3 by either Elephant).
    for m in ["\nHa3: 1\n", "\nHc3: 1\n", "\nEa3: 1\n", "\nEce3: 1\n"] {
        assert!(text.contains(m), "{m}: {text}");
    }
    assert!(!text.contains("Hd2") && !text.contains("Hbd2"), "{text}");
    // The Gryffon bends: d1-e2, then outward along the rank to i2 or up
    // the file to e3; never on along the diagonal (f3).
    for m in ["\nGdi2: 1\n", "\nGde3: 1\n"] {
        assert!(text.contains(m), "{m}: {text}");
    }
    assert!(!text.contains("Gf3") && !text.contains("Gdf3"), "{text}");
    assert!(text.ends_with("total: 64\n"), "{text}");
    let out = common::deckmate(
        &["play", "--variant-file", &path, "--vs", "human"],
        Some("Cxb10\nmoves\nquit\n"),
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("Last move: 1. Cxb10"),
        "{}",
        stdout(&out)
    );
}

/// Issue 29 item 22 (D1, as FIDE counts positions): the issue's command.
/// Both double steps leave e.p. squares no pawn can use, so the knights'
/// second return is the position's third time, and analysis says so.
#[test]
fn item_22_d1_analyse_sees_the_threefold_repetition_after_double_steps() {
    let chess = example("chess.toml");
    let out = deckmate(&[
        "analyse",
        "--variant-file",
        &chess,
        "--moves",
        "e4 e5 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8",
        "--depth",
        "1",
    ]);
    let text = format!("{}{}", stdout(&out), stderr(&out));
    assert!(
        text.contains("the same position occurred a third time"),
        "{text}"
    );
    assert!(!text.contains("best move"), "{text}");
}

/// Issue 29 item 23: `variants/chess.toml` declares FIDE's dead
/// positions: K+N v K is over at once, K+R v K is played; a bad key is
/// refused with the file's path and line.
#[test]
fn item_23_dead_material_from_the_command_line() {
    let chess = example("chess.toml");
    let analyse = |fen: &str| {
        let out = deckmate(&[
            "analyse",
            "--variant-file",
            &chess,
            "--fen",
            fen,
            "--depth",
            "3",
        ]);
        format!("{}{}", stdout(&out), stderr(&out))
    };
    let text = analyse("8/8/8/4k3/8/8/8/KN6 w - - 0 1");
    assert!(
        text.contains("neither side has material enough to win"),
        "{text}"
    );
    let text = analyse("8/8/8/4k3/8/8/8/KR6 w - - 0 1");
    assert!(text.contains("best move"), "{text}");
    let text = analyse("k7/1B6/2NK4/8/8/8/8/8 b - - 0 1");
    assert!(text.contains("best move: Kxb7"), "{text}");
    assert!(text.contains("score:     +0"), "{text}");
    let good = std::fs::read_to_string(&chess).unwrap();
    let (_bad_dir, bad) = temp_file(
        "chess.toml",
        &good.replace(r#"["KN", "K"]"#, r#"["KX", "K"]"#),
    );
    let line = good
        .lines()
        .position(|l| l.contains(r#"["KN", "K"]"#))
        .unwrap()
        + 1;
    let out = deckmate(&[
        "analyse",
        "--variant-file",
        &bad.to_string_lossy(),
        "--depth",
        "1",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    let want = format!("{}:{line}:", bad.to_string_lossy());
    assert!(err.contains(&want), "{err}");
    assert!(err.contains("'X' is not a piece's letter"), "{err}");
}
