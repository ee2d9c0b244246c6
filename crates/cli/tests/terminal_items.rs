//! Issue 29's terminal items, as a user meets them: a Dealer's Chess
//! arrangement typed in full (item 9), every Dealer's Chess alternate
//! against the computer (item 10), what every way out of a game prints
//! (item 8), the records of `match` and truncated records in `replay`
//! (items 12 and 13), and the messages and help (item 20).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use deckmate_games::dealers::game::arrangement_text;
use deckmate_games::dealers::record::GameSpec;
use deckmate_games::dealers::Arrangement;
use deckmate_rules::Seat;
use std::process::Output;

fn deckmate(args: &[&str], input: &str) -> Output {
    common::deckmate(args, Some(input))
}

fn out(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).to_string() + &String::from_utf8_lossy(&o.stderr)
}

/// The repository's example deck file (12x12 deals need its cards).
const DECK_FILE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../variants/dealers-example-deck.txt"
);

#[test]
fn item_9_a_typed_arrangement_of_the_dealt_cards_is_accepted() {
    // White's cards of seed 3's deal, arranged as the README's example
    // is: the back row's seven, then the eight pawns (here in the reverse
    // of the order dealt).
    let game = GameSpec {
        seed: 3,
        ..GameSpec::default()
    }
    .start_game()
    .unwrap();
    let deal = game.table().deal.clone().unwrap();
    let mut pieces = deal.pieces[0].clone();
    pieces.reverse();
    let hand = pieces.split_off(7);
    let mut pawns = deal.pawns[0].clone();
    pawns.reverse();
    let typed = arrangement_text(
        &Arrangement {
            back: pieces,
            hand,
            pawns,
        },
        Seat::First,
    );
    assert!(typed.chars().count() > 40, "{typed}");
    let o = deckmate(
        &["play", "dealers", "--seed", "3", "--level", "1"],
        &format!("{typed}\nquit\n"),
    );
    let text = out(&o);
    assert!(o.status.success(), "{text}");
    assert!(!text.contains("Illegal"), "{text}");
    assert!(!text.contains("too long"), "{text}");
    // Both armies stand: play starts, White (the person) to move.
    assert!(text.contains("Move 1. White (you) to play."), "{text}");
}

#[test]
fn item_10_every_alternate_against_the_computer_gets_past_the_arrangement() {
    let boards: [&[&str]; 7] = [
        &[],
        &["--board", "10x10"],
        &["--board", "12x12", "--deck-file", DECK_FILE],
        &["--alternate", "simplified"],
        &["--alternate", "big-deck"],
        &["--alternate", "big-deck", "--board", "10x10"],
        &["--alternate", "simplified", "--as", "black"],
    ];
    for extra in boards {
        let mut args = vec!["play", "dealers", "--seed", "4", "--level", "1"];
        args.extend_from_slice(extra);
        let o = deckmate(&args, "random\nquit\n");
        let text = out(&o);
        assert!(o.status.success(), "{extra:?}: {text}");
        assert!(!text.contains("found no move"), "{extra:?}: {text}");
        assert!(
            text.contains("Computer plays (Arrangements)"),
            "{extra:?}: {text}"
        );
        assert!(text.contains("(you) to play."), "{extra:?}: {text}");
    }
}

/// The first legal move `moves` lists after `before` in a game of `args`.
fn first_listed_move(args: &[&str], before: &str) -> String {
    let o = deckmate(args, &format!("{before}moves\nquit\n"));
    let text = out(&o);
    let listed = text
        .lines()
        .skip_while(|l| !l.contains(" legal moves for "))
        .nth(1)
        .unwrap_or_else(|| panic!("no moves listed: {text}"));
    listed.split_whitespace().next().unwrap().to_string()
}

#[test]
fn item_8_no_way_out_of_a_52chess_game_prints_its_secret_record() {
    let args = ["play", "52chess", "--seed", "9", "--level", "1"];
    let mv = first_listed_move(&args, "");
    let tmp = common::temp_dir("item8");
    let file = tmp.path().join("item8.pgn");
    let save = format!("save {}\n", file.display());
    // 'save', then 'quit'; and the end of input without 'quit'.
    for input in [
        format!("{mv}\n{save}quit\n"),
        format!("{mv}\n"),
        format!("{mv}\nquit\n"),
    ] {
        let o = deckmate(&args, &input);
        let text = out(&o);
        assert!(o.status.success(), "{text}");
        assert!(!text.contains("[Variant"), "a record printed: {text}");
        assert!(!text.contains("[Seed"), "{text}");
        assert!(
            text.contains("its record is not shown: the record would show what is still secret"),
            "{text}"
        );
        assert!(!file.exists(), "{text}");
        if input.contains("save") {
            assert!(text.contains("Not saved: the record would show"), "{text}");
        }
    }
}

#[test]
fn item_8_a_big_deck_game_never_prints_its_seed_before_the_end() {
    let args = [
        "play",
        "dealers",
        "--alternate",
        "big-deck",
        "--seed",
        "3",
        "--level",
        "1",
    ];
    let mv = first_listed_move(&args, "random\n");
    for input in [format!("random\n{mv}\nquit\n"), format!("random\n{mv}\n")] {
        let o = deckmate(&args, &input);
        let text = out(&o);
        assert!(o.status.success(), "{text}");
        assert!(text.contains("Computer plays 1..."), "{text}");
        assert!(
            !text.contains("[Seed"),
            "the seed of the draws to come: {text}"
        );
        assert!(text.contains("its record is not shown"), "{text}");
    }
    // Resigned, the game is over: its record is whole, and the
    // resignation, once its seed is shown, is not taken back.
    let o = deckmate(&args, &format!("random\n{mv}\nresign\nquit\n"));
    let text = out(&o);
    assert!(text.contains("[Seed \"3\"]"), "{text}");
    let tmp = common::temp_dir("item8b");
    let file = tmp.path().join("item8b.pgn");
    let o = deckmate(
        &args,
        &format!("random\n{mv}\nresign\nsave {}\nundo\n", file.display()),
    );
    let text = out(&o);
    let saved = std::fs::read_to_string(&file).unwrap_or_default();
    assert!(saved.contains("[Seed \"3\"]"), "{text}");
    assert!(text.contains("Cannot undo: the record given out"), "{text}");
    assert!(!text.contains("Took back the resignation"), "{text}");
}

#[test]
fn item_8_the_greeting_says_a_chosen_seed_is_no_secret() {
    let o = deckmate(&["play", "52chess", "--seed", "9"], "quit\n");
    let first = out(&o).lines().next().unwrap_or_default().to_string();
    assert!(!first.contains("stays secret"), "{first}");
    assert!(first.contains("seed 9, your choice"), "{first}");
    assert!(
        first.contains("--seed 9 starts the same game again"),
        "{first}"
    );
    let o = deckmate(&["play", "52chess"], "quit\n");
    let first = out(&o).lines().next().unwrap_or_default().to_string();
    assert!(
        first.contains("taken from the clock, stays secret until the game is over"),
        "{first}"
    );
}

#[test]
fn item_12_every_games_match_records_replay() {
    let tmp = common::temp_dir("item12");
    let dir = tmp.path();
    let chess = concat!(env!("CARGO_MANIFEST_DIR"), "/../../variants/chess.toml");
    let games: [&[&str]; 5] = [
        &["cardmate"],
        &["cuarenta"],
        &["52chess"],
        &["dealers"],
        &["--variant-file", chess],
    ];
    for game in games {
        let out_dir = dir.join(game.join("-").replace('/', "_"));
        let mut args = vec!["match"];
        args.extend_from_slice(game);
        let out_str = out_dir.to_str().unwrap();
        args.extend_from_slice(&[
            "--a", "random", "--b", "random", "--games", "2", "--out", out_str,
        ]);
        let o = deckmate(&args, "");
        let text = out(&o);
        assert!(o.status.success(), "{game:?}: {text}");
        // Every game's line says how it ended.
        for line in text.lines().filter(|l| l.starts_with("game ")) {
            assert!(!line.contains("  ("), "{game:?}: an empty reason: {line}");
        }
        let mut files: Vec<_> = std::fs::read_dir(&out_dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        files.sort();
        assert_eq!(files.len(), 2, "{game:?}: {files:?}");
        for f in files {
            let record = std::fs::read_to_string(&f).unwrap();
            assert!(record.contains("[Variant \""), "{game:?}: {record}");
            assert!(record.contains("[Result \""), "{game:?}: {record}");
            let mut replay = vec!["replay", f.to_str().unwrap()];
            if game[0] == "--variant-file" {
                replay.extend_from_slice(game);
            }
            let o = deckmate(&replay, "");
            let text = out(&o);
            assert!(o.status.success(), "{game:?} {}: {text}", f.display());
            assert!(
                text.contains("Result: 1-0 (")
                    || text.contains("Result: 0-1 (")
                    || text.contains("Result: 1/2-1/2 ("),
                "{game:?}: {text}"
            );
        }
    }
}

/// Sample game 1 of the Cardmate page (Rearhand wins at move 20).
const SAMPLE_1: &str = include_str!("../../games/tests/data/cardmate/sample-game-1.pgn");

fn replay_text(record: &str) -> Output {
    deckmate(&["replay", "-"], record)
}

#[test]
fn item_13_a_record_cut_short_does_not_replay_to_its_written_end() {
    // The whole game replays to its end.
    let o = replay_text(SAMPLE_1);
    assert!(o.status.success(), "{}", out(&o));
    // Cut after move 14, with its Result, and with the Termination
    // deckmate writes: the moves do not reach either.
    let cut = SAMPLE_1.find("15. ").unwrap();
    let short = format!("{} 0-1\n", &SAMPLE_1[..cut]);
    let o = replay_text(&short);
    let text = out(&o);
    assert_eq!(o.status.code(), Some(1), "{text}");
    assert!(text.contains("do not end the game"), "{text}");
    assert!(!text.contains("Forehand resigned"), "{text}");
    let tagged = short.replace(
        "[Result \"0-1\"]",
        "[Result \"0-1\"]\n[Termination \"Rearhand captured Forehand's second King\"]",
    );
    let o = replay_text(&tagged);
    let text = out(&o);
    assert_eq!(o.status.code(), Some(1), "{text}");
    assert!(text.contains("Rearhand captured"), "{text}");
    // A game resigned, as deckmate writes it, replays.
    let resigned = tagged.replace(
        "Rearhand captured Forehand's second King",
        "Forehand resigned",
    );
    let o = replay_text(&resigned);
    let text = out(&o);
    assert!(o.status.success(), "{text}");
    assert!(text.contains("Result: 0-1 (Forehand resigned)"), "{text}");
}

#[test]
fn item_13_the_records_deckmate_writes_for_ends_outside_the_moves_replay() {
    let tmp = common::temp_dir("item13");
    let dir = tmp.path();
    // Resigned, and an agreed draw, in the terminal.
    for (key, moves, words) in [
        (
            "cardmate",
            "4Ci3\nresign\n",
            "Result: 1-0 (Rearhand resigned)",
        ),
        (
            "cuarenta",
            "Fa4\ndraw\nPbc6\ndraw\n",
            "Result: 1/2-1/2 (the players agreed a draw)",
        ),
    ] {
        let file = dir.join(format!("{key}.pgn"));
        let o = deckmate(
            &["play", key, "--vs", "human"],
            &format!("{moves}save {}\nquit\n", file.display()),
        );
        assert!(o.status.success(), "{}", out(&o));
        let o = deckmate(&["replay", file.to_str().unwrap()], "");
        let text = out(&o);
        assert!(o.status.success(), "{key}: {text}");
        assert!(text.contains(words), "{key}: {text}");
    }
}

#[test]
fn item_20_bad_numbers_are_usage_errors_that_state_the_limit() {
    let o = deckmate(&["analyse", "cardmate", "--time", "1e6"], "");
    let text = out(&o);
    assert_eq!(o.status.code(), Some(2), "{text}");
    assert!(text.contains("above 0 and below 1000000"), "{text}");
    assert!(!text.contains("positive"), "{text}");
    let o = deckmate(&["analyse", "cardmate", "--time", "1e300"], "");
    let text = out(&o);
    assert_eq!(o.status.code(), Some(2), "{text}");
    assert!(text.contains("1e300 seconds"), "{text}");
    for args in [
        &["match", "cuarenta", "--a", "1", "--b", "1", "--games", "0"][..],
        &["match", "cuarenta", "--a", "1", "--b", "1", "--time", "0"],
        &["solve", "chess-cards", "--deals", "0"],
    ] {
        let o = deckmate(args, "");
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", out(&o));
    }
}

#[test]
fn item_20_as_takes_only_the_games_own_seats() {
    let o = deckmate(&["play", "cardmate", "--as", "white"], "quit\n");
    let text = out(&o);
    assert_eq!(o.status.code(), Some(2), "{text}");
    assert!(
        text.contains("'white' is not a seat of Cardmate (forehand, rearhand, first or second)"),
        "{text}"
    );
    let o = deckmate(&["play", "cardmate", "--as", "rearhand"], "quit\n");
    assert!(o.status.success(), "{}", out(&o));
}

#[test]
fn item_20_one_ply_and_one_mate_are_said_in_the_singular() {
    let o = deckmate(&["replay", "-"], "[Variant \"Cuarenta\"]\n1. Fa4 *\n");
    let text = out(&o);
    assert!(o.status.success(), "{text}");
    assert!(text.contains("Moves: 1 ply, all legal"), "{text}");
}

#[test]
fn item_20_the_help_names_every_game_of_the_registry() {
    use deckmate_games::list::GAMES;
    let o = deckmate(&["--help"], "");
    let text = out(&o);
    assert!(o.status.success(), "{text}");
    assert!(!text.contains("under way"), "{text}");
    assert!(
        text.contains(&format!(
            "{} games are playable",
            ["No", "One", "Two", "Three", "Four", "Five", "Six"][GAMES.len()]
        )),
        "{text}"
    );
    for g in GAMES {
        assert!(text.contains(g.summary), "{}: {text}", g.key);
    }
    let keys: Vec<&str> = GAMES.iter().map(|g| g.key).collect();
    assert!(
        text.contains(&format!("deckmate play {}", keys.join(" | "))),
        "{text}"
    );
    assert!(
        text.contains(&format!("deckmate rules {}", keys.join(" | "))),
        "{text}"
    );
    let readme = include_str!("../../../README.md");
    let first = readme.split("\n\n").nth(1).unwrap_or_default();
    for g in GAMES {
        assert!(
            first.contains(g.name),
            "README's first lines lack {}: {first}",
            g.name
        );
    }
    // No help lists games by hand.
    let o = deckmate(&["bench", "--help"], "");
    assert!(
        !out(&o).contains("Cardmate's, then Cuarenta's"),
        "{}",
        out(&o)
    );
    let o = deckmate(&["replay", "--help"], "");
    assert!(out(&o).contains("52Chess"), "{}", out(&o));
    let o = deckmate(&["rules", "--help"], "");
    assert!(!out(&o).contains("Q1-Q10"), "{}", out(&o));
    let o = deckmate(&["play", "--help"], "");
    assert!(!out(&o).contains("; default , "), "{}", out(&o));
    assert!(!out(&o).contains("(; default"), "{}", out(&o));
}

#[test]
fn item_20_variant_file_hints_print_the_path_given() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../variants/chess.toml");
    let tmp = common::temp_dir("item20");
    let file = tmp.path().join("item20.pgn");
    let o = deckmate(
        &[
            "play",
            "--variant-file",
            path,
            "--vs",
            "human",
            "--seed",
            "2",
        ],
        &format!("e2e4\nsave {}\nquit\n", file.display()),
    );
    let text = out(&o);
    assert!(o.status.success(), "{text}");
    assert!(
        text.contains(&format!(
            "--variant-file {path} --seed 2 starts the same game again"
        )),
        "{text}"
    );
    assert!(
        text.contains(&format!(
            "deckmate replay {} --variant-file {path})",
            file.display()
        )),
        "{text}"
    );
}

#[test]
fn item_20_a_square_beyond_the_board_is_off_it_with_the_games_examples() {
    let o = deckmate(&["play", "52chess", "--vs", "human"], "e4\nquit\n");
    let text = out(&o);
    assert!(
        text.contains("e4 is off the board (files a-d, squares a1 to d13)"),
        "{text}"
    );
    assert!(!text.contains("hole"), "{text}");
    assert!(text.contains("moves look like [7H], d4, Nxc5"), "{text}");
    assert!(!text.contains("O-O"), "{text}");
    let chess = concat!(env!("CARGO_MANIFEST_DIR"), "/../../variants/chess.toml");
    let o = deckmate(
        &["play", "--variant-file", chess, "--vs", "human"],
        "e9\nquit\n",
    );
    let text = out(&o);
    assert!(text.contains("e9 is off the board (files a-h"), "{text}");
    assert!(!text.contains("hole"), "{text}");
}

#[test]
fn item_20_engine_commands_list_only_board_games_options_and_the_usage_needs_a_game() {
    for command in ["perft", "analyse"] {
        let o = deckmate(&[command, "--help"], "");
        let text = out(&o);
        assert!(!text.contains("--sacrifices"), "{command}: {text}");
        assert!(text.contains("--setup"), "{command}: {text}");
    }
    let o = deckmate(&["play", "--help"], "");
    assert!(out(&o).contains("--sacrifices"), "{}", out(&o));
    for command in ["play", "rules", "perft", "analyse", "match"] {
        let o = deckmate(&[command, "--help"], "");
        let text = out(&o);
        assert!(
            text.contains(&format!("Usage: deckmate {command} [OPTIONS] <GAME>")),
            "{command}: {text}"
        );
    }
}
