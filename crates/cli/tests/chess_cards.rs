//! `deckmate solve`, `replay` and `play` for Chess Cards, as a user runs them.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use common::deckmate;

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

const DEALER: &str = "bQ rQ yQ wQ rR yR wR yB wN bP";
const OTHER: &str = "bR bB rB wB bN rN yN rP yP wP";
const SAMPLE: &str =
    "1. yR (yP)yN 2. wQ wB 3. rQ rP 4. (wR)yB rB 5. rN (yQ)rR 6. (wN)bP bB 7. bR bQ 8. bQ bN";

#[test]
fn solve_prints_the_forced_overmate_of_the_sample_game_as_json() {
    let out = deckmate(
        &[
            "solve",
            "chess-cards",
            "--dealer",
            DEALER,
            "--other",
            OTHER,
            "--moves",
            SAMPLE,
            "--json",
        ],
        None,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["value"], 242);
    assert_eq!(v["line"], serde_json::json!(["bQ"]));
}

#[test]
fn solve_from_move_seven_gives_a_line_that_reaches_its_value() {
    let moves = "1. yR (yP)yN 2. wQ wB 3. rQ rP 4. (wR)yB rB 5. rN (yQ)rR 6. (wN)bP bB";
    let out = deckmate(
        &[
            "solve",
            "chess-cards",
            "--dealer",
            DEALER,
            "--other",
            OTHER,
            "--moves",
            moves,
        ],
        None,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    assert!(s.starts_with("Value: "), "{s}");
    assert!(s.contains("Best line: 7."), "{s}");
}

#[test]
fn solve_refuses_bad_input_clearly() {
    for (args, want) in [
        (vec!["--dealer", "bQ rQ", "--other", OTHER], "10 cards"),
        (vec!["--dealer", DEALER, "--other", DEALER], "both hands"),
        (
            vec!["--dealer", "bQ xX", "--other", OTHER],
            "'xX' is not a card",
        ),
        (
            vec!["--dealer", DEALER, "--other", OTHER, "--moves", "1. wP"],
            "not a legal play",
        ),
        (vec!["--dealer", DEALER], "give both hands"),
    ] {
        let mut a = vec!["solve", "chess-cards"];
        a.extend(args);
        let out = deckmate(&a, None);
        assert_eq!(out.status.code(), Some(1), "{a:?}");
        assert!(
            text(&out.stderr).contains(want),
            "{a:?}: {}",
            text(&out.stderr)
        );
    }
    let out = deckmate(&["solve", "cardmate"], None);
    assert!(text(&out.stderr).contains("only chess-cards"));
    let out = deckmate(
        &[
            "solve",
            "chess-cards",
            "--deals",
            "1",
            "--sacrifices",
            "half",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn solve_deals_reports_games_and_matches() {
    let out = deckmate(
        &[
            "solve",
            "chess-cards",
            "--deals",
            "2",
            "--seed",
            "3",
            "--json",
        ],
        None,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["deals"], 2);
    let g = &v["game"];
    let n = g["dealer_wins"].as_u64().unwrap()
        + g["other_wins"].as_u64().unwrap()
        + g["draws"].as_u64().unwrap();
    assert_eq!(n, 2);
    // M11: the second game is the first with the places exchanged, so
    // under perfect play every match is drawn.
    assert_eq!(v["match"]["draws"], 2);
}

#[test]
fn solve_deals_keeps_its_values_and_takes_them_up_again() {
    let tmp = common::temp_dir("values");
    let file = tmp.path().join("values.txt");
    let f = file.to_str().unwrap();
    let args = [
        "solve",
        "chess-cards",
        "--deals",
        "2",
        "--seed",
        "3",
        "--json",
        "--values",
        f,
    ];
    let first = deckmate(&args, None);
    assert!(first.status.success(), "{}", text(&first.stderr));
    let kept = std::fs::read_to_string(&file).unwrap();
    assert_eq!(kept.lines().count(), 3, "{kept}");
    let again = deckmate(&args, None);
    assert!(again.status.success(), "{}", text(&again.stderr));
    let (a, b): (serde_json::Value, serde_json::Value) = (
        serde_json::from_slice(&first.stdout).unwrap(),
        serde_json::from_slice(&again.stdout).unwrap(),
    );
    assert_eq!(a["solved_now"], 2);
    assert_eq!(b["solved_now"], 0);
    assert_eq!(a["game"], b["game"]);
    assert_eq!(std::fs::read_to_string(&file).unwrap(), kept);
    // --summary reports on the file without solving.
    let mut summary_args = args.to_vec();
    summary_args.push("--summary");
    let sum = deckmate(&summary_args, None);
    assert!(sum.status.success(), "{}", text(&sum.stderr));
    let c: serde_json::Value = serde_json::from_slice(&sum.stdout).unwrap();
    assert_eq!(
        (c["solved_now"].clone(), c["game"].clone()),
        (0.into(), a["game"].clone())
    );
    // A file of other deals is refused and left as it was.
    let other = deckmate(
        &[
            "solve",
            "chess-cards",
            "--all-deals",
            "--limit",
            "1",
            "--values",
            f,
        ],
        None,
    );
    assert_eq!(other.status.code(), Some(1), "{}", text(&other.stderr));
    assert!(text(&other.stderr).contains("holds other deals"));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), kept);
}

#[test]
fn two_runs_over_the_same_deals_leave_the_same_values_file() {
    // Deals are appended as they are solved; a run taken up again appends
    // after the deals it found, and threads finish in no fixed order. The
    // file a run leaves is in the deals' order all the same.
    let tmp = common::temp_dir("order");
    let path = |name: &str| tmp.path().join(format!("{name}.txt"));
    let run = |file: &std::path::Path, threads: &str| {
        let out = deckmate(
            &[
                "solve",
                "chess-cards",
                "--deals",
                "6",
                "--seed",
                "11",
                "--threads",
                threads,
                "--values",
                file.to_str().unwrap(),
            ],
            None,
        );
        assert!(out.status.success(), "{}", text(&out.stderr));
        std::fs::read_to_string(file).unwrap()
    };
    let (whole, resumed) = (path("whole"), path("resumed"));
    let first = run(&whole, "1");
    let lines: Vec<&str> = first.lines().collect();
    let indices: Vec<u64> = lines[1..]
        .iter()
        .map(|l| l.split(' ').next().unwrap().parse().unwrap())
        .collect();
    assert_eq!(indices, (0..6).collect::<Vec<u64>>(), "{first}");
    // A run stopped after deals 5 and 3, in that order, then taken up
    // again on two threads.
    std::fs::write(
        &resumed,
        format!("{}\n{}\n{}\n", lines[0], lines[6], lines[4]),
    )
    .unwrap();
    assert_eq!(run(&resumed, "2"), first);
}

#[test]
fn replay_reads_a_chess_cards_record() {
    let path = format!(
        "{}/tests/data/chess-cards-sample.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    let out = deckmate(&["replay", "--json", &path], None);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (v["result"].as_str(), v["totals"][0].as_u64()),
        (Some("1-0"), Some(242))
    );
}

#[test]
fn play_chess_cards_from_piped_input_saves_a_record_that_replays() {
    let tmp = common::temp_dir("cc");
    let file = tmp.path().join("match.txt");
    let input = format!("help\nmoves\nzz\nsave {}\nquit\n", file.display());
    let out = deckmate(
        &[
            "play",
            "chess-cards",
            "--seed",
            "5",
            "--level",
            "1",
            "--as",
            "other",
        ],
        Some(&input),
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    // The computer deals and leads; the human is told what to answer.
    assert!(s.contains("The computer plays"), "{s}");
    assert!(s.contains("to reply to"), "{s}");
    assert!(s.contains("not a card"), "{s}");
    let out = deckmate(&["replay", file.to_str().unwrap()], None);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("all legal"));
}

#[test]
fn rules_chess_cards_prints_the_rulings() {
    let out = deckmate(&["rules", "chess-cards"], None);
    let s = text(&out.stdout);
    assert!(
        s.contains("QUEEN'S PRIVILEGE (M5)") && s.contains("OVERMATE") || s.contains("Overmate"),
        "{s}"
    );
}
