//! Issue 34 item 3: `deckmate match --engine CMD`: deckmate against an
//! outside UCI engine (Debian's fairy-stockfish, on chess), and two
//! engines given by command (deckmate's own `uci`, twice, at Cuarenta):
//! the games played to their end, the score line, the PGN file.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common::deckmate;
use crate::engine_process::needed;

/// fairy-stockfish's path, if it is installed (Debian puts it in
/// /usr/games, which is not always on the PATH).
fn fairy_stockfish() -> Option<String> {
    let on_path = std::process::Command::new("sh")
        .args(["-c", "command -v fairy-stockfish"])
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string());
    on_path.or_else(|| {
        std::path::Path::new("/usr/games/fairy-stockfish")
            .exists()
            .then(|| "/usr/games/fairy-stockfish".to_string())
    })
}

#[test]
fn a_two_game_match_against_fairy_stockfish_at_chess() {
    let fsf = fairy_stockfish();
    if !needed(
        "fairy-stockfish (apt-get install fairy-stockfish)",
        fsf.is_some(),
    ) {
        return;
    }
    let tmp = crate::common::temp_dir("fsf");
    let dir = tmp.path();
    let out_dir = dir.to_str().unwrap();
    let variant = concat!(env!("CARGO_MANIFEST_DIR"), "/../../variants/chess.toml");
    let out = deckmate(
        &[
            "match",
            "--variant-file",
            variant,
            "--engine",
            &fsf.unwrap(),
            "--option",
            "UCI_LimitStrength=true",
            "--option",
            "UCI_Elo=1350",
            "--games",
            "2",
            "--tc",
            "2+0.05",
            "--max-plies",
            "120",
            "--out",
            out_dir,
        ],
        None,
    );
    let text = String::from_utf8_lossy(&out.stdout);
    println!("{text}{}", String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success());
    assert!(
        text.contains("game   1:") && text.contains("game   2:"),
        "{text}"
    );
    assert!(!text.contains("illegal move"), "{text}");
    assert!(text.contains("A (Fairy-Stockfish"), "{text}");
    let pgn = std::fs::read_to_string(dir.join("match.pgn")).unwrap();
    assert_eq!(pgn.matches("[Variant \"").count(), 2, "{pgn}");
}

/// Runs `deckmate match ARGS`, prints what it said, and checks that it
/// succeeded with game `last` played and no illegal move; its output.
fn a_clean_match(args: &[&str], last: u32) -> String {
    let out = deckmate(args, None);
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    println!("{text}{}", String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "{text}");
    assert!(text.contains(&format!("game {last:>3}:")), "{text}");
    assert!(!text.contains("illegal move"), "{text}");
    text
}

/// A clean match of deckmate's own engine against itself at `game`, at
/// 1 s + 0.02 s, with `extra` options (`--games` among them, the last
/// game's number `last`), its records in `dir`.
fn own_engines_match(game: &str, extra: &[&str], last: u32, dir: &std::path::Path) -> String {
    let me = format!("{} uci", env!("CARGO_BIN_EXE_deckmate"));
    let head = [
        "match", game, "--engine", &me, "--engine", &me, "--tc", "1+0.02",
    ];
    a_clean_match(
        &[&head[..], extra, &["--out", dir.to_str().unwrap()]].concat(),
        last,
    )
}

/// The error of a match of deckmate's own engine against itself that is
/// refused: `game` (the game's words), `extra` options, two games.
fn own_engines_refused(game: &[&str], extra: &[&str], dir: &std::path::Path) -> String {
    let me = format!("{} uci", env!("CARGO_BIN_EXE_deckmate"));
    let engines = ["--engine", &me, "--engine", &me, "--games", "2"];
    let out_dir = ["--out", dir.to_str().unwrap()];
    let out = deckmate(
        &[&["match"][..], game, &engines, extra, &out_dir].concat(),
        None,
    );
    assert!(!out.status.success());
    String::from_utf8_lossy(&out.stderr).to_string()
}

#[test]
fn two_engines_by_command_at_cuarenta_with_an_sprt() {
    let tmp = crate::common::temp_dir("two");
    let dir = tmp.path();
    let extra = [
        "--option2",
        "Skill Level=1",
        "--games",
        "2",
        "--max-plies",
        "40",
        "--sprt",
        "0,50",
    ];
    let text = own_engines_match("cuarenta", &extra, 2, dir);
    assert!(text.contains("SPRT [0, 50]"), "{text}");
    // The two games are one pair (the same start, seats swapped): it is
    // counted, and the SPRT weighs it.
    assert!(text.contains("pairs (each start twice"), "{text}");
    assert!(text.contains("by pairs: LLR"), "{text}");
}

/// Games whose start the seed decides (Dealer's deal, 52Chess's deck):
/// the engines are told the match's seed, so every move they send is
/// legal in the match's game (they played another deal before).
#[test]
fn engines_play_the_deal_of_the_match_seed() {
    for game in ["dealers", "52chess"] {
        let tmp = crate::common::temp_dir(&format!("seed-{game}"));
        let dir = tmp.path();
        let extra = ["--games", "2", "--max-plies", "16", "--seed", "15"];
        own_engines_match(game, &extra, 2, dir);
    }
}

/// Each pair of a Dealer's match is dealt from a seed of its own (the
/// first from the match's): one deal for every game would measure the
/// engines on that deal alone. Both games of a pair share it.
#[test]
fn each_pair_of_a_dealers_match_has_a_deal_of_its_own() {
    let tmp = crate::common::temp_dir("deal-a-pair");
    let dir = tmp.path();
    let extra = ["--games", "6", "--max-plies", "12", "--seed", "15"];
    own_engines_match("dealers", &extra, 6, dir);
    let pgn = std::fs::read_to_string(dir.join("match.pgn")).unwrap();
    let tag = |name: &str| -> Vec<String> {
        pgn.lines()
            .filter(|l| l.starts_with(&format!("[{name} ")))
            .map(str::to_string)
            .collect()
    };
    let (seeds, deals) = (tag("Seed"), tag("Deal"));
    assert_eq!(seeds.len(), 6, "{pgn}");
    assert_eq!(deals.len(), 6, "{pgn}");
    assert_eq!(seeds[0], "[Seed \"15\"]");
    for pair in 0..3 {
        assert_eq!(seeds[2 * pair], seeds[2 * pair + 1]);
        assert_eq!(deals[2 * pair], deals[2 * pair + 1]);
    }
    assert!(seeds[0] != seeds[2] && seeds[2] != seeds[4], "{seeds:?}");
    assert!(deals[0] != deals[2] && deals[2] != deals[4], "{deals:?}");
}

/// `--balance CP`: the match says how many starts it drew for its pairs
/// (the judging itself is tested in the runner's unit tests), and it is
/// refused beside an openings file, whose starts it does not make.
#[test]
fn a_balanced_match_counts_its_starts_and_refuses_an_openings_file() {
    let tmp = crate::common::temp_dir("balance");
    let dir = tmp.path();
    let extra = [
        "--games",
        "2",
        "--max-plies",
        "10",
        "--seed",
        "31",
        "--balance",
        "60",
    ];
    let text = own_engines_match("dealers", &extra, 2, dir);
    assert!(
        text.contains("starts within 60 of even by deckmate's engine:")
            && text.contains("drawn for 1 pair\n"),
        "{text}"
    );
    let book = dir.join("book.txt");
    std::fs::write(&book, "\n").unwrap();
    let extra = ["--balance", "60", "--openings", book.to_str().unwrap()];
    let err = own_engines_refused(&["dealers"], &extra, dir);
    assert!(
        err.contains("--balance judges the starts made up: not with --openings"),
        "{err}"
    );
}

#[test]
fn an_engine_that_does_not_play_the_game_is_refused() {
    let tmp = crate::common::temp_dir("refused");
    let dir = tmp.path();
    // deckmate's own engine without --variants does not offer `chess`.
    let variant = concat!(env!("CARGO_MANIFEST_DIR"), "/../../variants/chess.toml");
    let err = own_engines_refused(&["--variant-file", variant], &[], dir);
    assert!(err.contains("does not play chess"), "{err}");
}

#[test]
fn openings_from_a_file_each_played_twice() {
    let tmp = crate::common::temp_dir("openings");
    let dir = tmp.path();
    let variants = concat!(env!("CARGO_MANIFEST_DIR"), "/../../variants");
    let variant = concat!(env!("CARGO_MANIFEST_DIR"), "/../../variants/chess.toml");
    let me = format!(
        "{} uci --variants {variants}",
        env!("CARGO_BIN_EXE_deckmate")
    );
    let file = dir.join("openings.txt");
    std::fs::write(
        &file,
        "# two starts\ne2e4 e7e5\nfen 7k/8/8/8/8/8/8/KR6 w - - 0 1 moves a1b2\n",
    )
    .unwrap();
    let run = |openings: &str| {
        deckmate(
            &[
                "match",
                "--variant-file",
                variant,
                "--engine",
                &me,
                "--engine",
                &me,
                "--games",
                "4",
                "--tc",
                "1+0.02",
                "--max-plies",
                "24",
                "--openings",
                openings,
                "--out",
                dir.to_str().unwrap(),
            ],
            None,
        )
    };
    let out = run(file.to_str().unwrap());
    let text = String::from_utf8_lossy(&out.stdout);
    println!("{text}{}", String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success());
    assert!(text.contains("game   4:"), "{text}");
    let pgn = std::fs::read_to_string(dir.join("match.pgn")).unwrap();
    // Games 3 and 4 start from the position string, with its move.
    assert_eq!(pgn.matches("7k/8/8/8/8/8/8/KR6").count(), 2, "{pgn}");
    // A row that is no opening: its line and why.
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "e2e4\ne2e5\n").unwrap();
    let out = run(bad.to_str().unwrap());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(err.contains("bad.txt:2:"), "{err}");
}

/// Issue 35 states its targets at 0.5 s a move: `--tc SECONDS/move` gives
/// each move that time (`go movetime`), which the header and every
/// record's `TimeControl` tag say, and an engine that keeps to it never
/// loses on time.
#[test]
fn a_fixed_time_a_move_is_played_and_recorded() {
    let tmp = crate::common::temp_dir("movetime");
    let dir = tmp.path();
    let me = format!("{} uci", env!("CARGO_BIN_EXE_deckmate"));
    let text = a_clean_match(
        &[
            "match",
            "cuarenta",
            "--engine",
            &me,
            "--engine",
            &me,
            "--tc",
            "0.05/move",
            "--games",
            "2",
            "--max-plies",
            "16",
            "--out",
            dir.to_str().unwrap(),
        ],
        2,
    );
    assert!(text.contains("0.05/move"), "{text}");
    assert!(!text.contains("lost on time"), "{text}");
    let pgn = std::fs::read_to_string(dir.join("match.pgn")).unwrap();
    assert_eq!(
        pgn.matches("[TimeControl \"0.05/move\"]").count(),
        2,
        "{pgn}"
    );
    // No clock runs: the moves carry no clock comments.
    assert!(!pgn.contains("%clk"), "{pgn}");
    let out = deckmate(
        &["match", "cuarenta", "--engine", &me, "--tc", "0/move"],
        None,
    );
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("SECONDS/move"), "{err}");
}
