//! The analysis board's engine work and starts, through the registry, for
//! every game: several lines with distinct, legal first moves, best first;
//! a start that rebuilds the position without telling a secret; the bar's
//! share of the first seat; Chess Cards' lines, the solver's best turns.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use deckmate_games::chess_cards::notation::turn_text;
use deckmate_games::chess_cards::{ChessCards, SacrificeCount, Solver};
use deckmate_games::list::GAMES;
use deckmate_games::registry::{
    share_of_first, AnalysisReport, AnalysisRequest, BoxedGame, GameEntry, Limits, Options,
};
use deckmate_rules::{Seat, ToAct};
use proptest::strategy::Strategy;
use serde_json::Value;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::Duration;

fn entry(key: &str) -> &'static GameEntry {
    GAMES.iter().copied().find(|g| g.key == key).unwrap()
}

fn new_game(key: &str, seed: u64) -> BoxedGame {
    let e = entry(key);
    e.new_game(&Options::defaults(e.options), seed).unwrap()
}

/// Plays the first legal move of whoever acts (both seats in turn where
/// both act) `plies` times.
fn play_first(g: &mut BoxedGame, plies: usize) {
    for _ in 0..plies {
        let seat = match g.to_act() {
            ToAct::Seat(s) => s,
            ToAct::Both => Seat::First,
            _ => return,
        };
        let seat = if g.legal_moves_of(seat).is_empty() {
            seat.other()
        } else {
            seat
        };
        let m = g.legal_moves_of(seat)[0]["text"]
            .as_str()
            .unwrap()
            .to_string();
        g.play(&m).unwrap();
    }
}

/// The reports of an analysis of `g`'s position for `lines` lines.
fn analyse(g: &BoxedGame, lines: usize, ms: u64) -> (bool, Vec<AnalysisReport>) {
    let request = AnalysisRequest {
        lines,
        limits: Limits {
            time: Some(Duration::from_millis(ms)),
            ..Limits::default()
        },
        stop: Arc::new(AtomicBool::new(false)),
    };
    run_analysis(g, request)
}

/// Every line's first move is legal for the side to move, the first moves
/// differ, the scores go down, and the last report is marked done.
fn check_lines(g: &BoxedGame, reports: &[AnalysisReport], lines: usize) {
    let last = reports.last().expect("a report");
    assert!(last.done);
    assert!(reports[..reports.len() - 1].iter().all(|r| !r.done));
    assert!((0.0..=1.0).contains(&last.bar));
    assert!(!last.lines.is_empty() && last.lines.len() <= lines);
    let seat = g.to_move().expect("a seat to move");
    let legal: Vec<String> = g
        .legal_moves_of(seat)
        .iter()
        .map(|m| m["text"].as_str().unwrap().to_string())
        .collect();
    let firsts: Vec<&String> = last.lines.iter().map(|l| &l.moves[0]).collect();
    for f in &firsts {
        assert!(legal.contains(f), "{f} is not legal: {legal:?}");
    }
    let mut distinct = firsts.clone();
    distinct.dedup();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), firsts.len(), "{firsts:?}");
    // Scores are the first seat's (item 19): best first for the side to move.
    let sign = if seat == Seat::First { 1 } else { -1 };
    assert!(last
        .lines
        .windows(2)
        .all(|w| sign * w[0].score >= sign * w[1].score));
    // Each line plays out from the position.
    for l in &last.lines {
        let mut c = g.entry().rebuild(&g.spec(), g.history()).unwrap();
        for m in &l.moves {
            if c.to_act() == ToAct::Chance || c.outcome().is_some() {
                break;
            }
            c.play(m).unwrap_or_else(|e| panic!("{}: {m}: {e}", l.text));
        }
    }
}

#[test]
fn three_lines_of_each_board_games_position() {
    // Every board game of the list (the ones with engine tools).
    for key in GAMES.iter().filter(|g| g.tools.is_some()).map(|g| g.key) {
        let mut g = new_game(key, 5);
        play_first(&mut g, 4);
        let (analysed, reports) = analyse(&g, 3, 400);
        assert!(analysed, "{key}");
        assert!(reports.len() >= 2, "{key}: a report a depth, then the last");
        assert_eq!(reports.last().unwrap().lines.len(), 3, "{key}");
        check_lines(&g, &reports, 3);
    }
}

#[test]
fn a_dealers_game_is_analysed_once_both_armies_stand() {
    let mut g = new_game("dealers", 9);
    // While arranging there is nothing to analyse, and no board to open.
    assert!(g.analysis_start().is_none());
    let (analysed, reports) = analyse(&g, 2, 200);
    assert!(!analysed && reports.is_empty());
    for _ in Seat::BOTH {
        g.play_typed("random").unwrap();
    }
    let (analysed, reports) = analyse(&g, 2, 400);
    assert!(analysed);
    check_lines(&g, &reports, 2);
    // The board starts at the position now, without the seed.
    let (spec, moves) = g.analysis_start().unwrap();
    assert!(moves.is_empty());
    assert!(spec.get("seed").is_none(), "{spec}");
    let b = entry("dealers").rebuild(&spec, &moves).unwrap();
    assert_eq!(
        b.view(None, true)["position"],
        g.view(None, true)["position"]
    );
}

#[test]
fn chess_cards_lines_are_the_solvers() {
    let mut g = new_game("chess-cards", 3);
    play_first(&mut g, 6);
    let (analysed, reports) = analyse(&g, 3, 400);
    assert!(analysed);
    // The best line at once, then the three.
    assert_eq!(reports.len(), 2);
    assert_eq!(reports[0].lines.len(), 1);
    assert_eq!(reports[1].lines.len(), 3);
    check_lines(&g, &reports, 3);
}

#[test]
fn a_52chess_board_replays_the_moves_without_the_seed_and_the_player_picks_cards() {
    let mut g = new_game("52chess", 77);
    play_first(&mut g, 5);
    let (spec, moves) = g.analysis_start().unwrap();
    assert!(
        spec.get("seed").is_none(),
        "the seed decides cards to come: {spec}"
    );
    assert_eq!(moves, g.history());
    let mut b = entry("52chess").rebuild(&spec, &moves).unwrap();
    assert_eq!(
        b.view(None, true)["position"],
        g.view(None, true)["position"]
    );
    // After a move nothing is drawn by itself: chance's moves are offered.
    let seat = b.to_move().unwrap();
    let m = b.legal_moves_of(seat)[0]["text"]
        .as_str()
        .unwrap()
        .to_string();
    b.play(&m).unwrap();
    assert_eq!(b.to_act(), ToAct::Chance);
    let cards = b.chance_moves();
    assert!(!cards.is_empty());
    // Before a draw the analysis gives the expected score, no move.
    let (analysed, reports) = analyse(&b, 3, 300);
    assert!(analysed);
    let last = reports.last().unwrap();
    assert!(last.chance && last.lines.len() == 1 && last.lines[0].moves.is_empty());
    b.play(&cards[0]).unwrap();
    assert_ne!(b.to_act(), ToAct::Chance);
    // A live game's own board is never without its seed.
    assert!(g.chance_moves().is_empty());
}

#[test]
fn a_board_is_the_game_itself_where_its_seed_is_no_secret() {
    // Every game of the list whose seed is no secret (a secret one's board
    // is refused while the game goes on: see above).
    for key in GAMES.iter().filter(|g| !g.secret_seed).map(|g| g.key) {
        let mut g = new_game(key, 21);
        play_first(&mut g, 3);
        let (spec, moves) = g.analysis_start().unwrap();
        assert_eq!(spec, g.spec(), "{key}");
        assert_eq!(moves, g.history(), "{key}");
    }
}

#[test]
fn a_pasted_position_string_starts_a_board() {
    // The spec with "fen" is how the analysis board starts from a
    // position string.
    // Every board game of the list.
    for key in GAMES.iter().filter(|g| g.tools.is_some()).map(|g| g.key) {
        let mut g = new_game(key, 4);
        play_first(&mut g, 2);
        let fen = g.view(None, true)["position"].as_str().unwrap().to_string();
        let mut spec = g.spec();
        spec["fen"] = Value::String(fen.clone());
        if entry(key).secret_seed {
            // A board from a position string draws anew: no secret seed.
            spec.as_object_mut().unwrap().remove("seed");
        }
        let b = entry(key).game_from_spec(&spec).unwrap();
        assert_eq!(
            b.view(None, true)["position"].as_str(),
            Some(fen.as_str()),
            "{key}"
        );
    }
}

#[test]
fn a_stop_ends_an_analysis_early() {
    let g = new_game("cuarenta", 1);
    let stop = Arc::new(AtomicBool::new(true));
    let request = AnalysisRequest {
        lines: 2,
        limits: Limits {
            time: Some(Duration::from_secs(600)),
            ..Limits::default()
        },
        stop: stop.clone(),
    };
    let got = Arc::new(Mutex::new(Vec::new()));
    let sink = {
        let got = got.clone();
        Box::new(move |r: AnalysisReport| got.lock().unwrap().push(r.depth))
    };
    let job = g.analysis_job(request, sink).unwrap();
    // Stopped before it starts: it ends within the first depths (the
    // stop is seen every 1024 nodes), not after ten minutes.
    job();
    let depths = got.lock().unwrap().clone();
    assert!(depths.iter().all(|&d| d <= 2), "{depths:?}");
}

/// A JSON value for a spec's field: plausible words, numbers, junk.
fn any_value() -> impl proptest::strategy::Strategy<Value = Value> {
    use proptest::prelude::*;
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<u64>().prop_map(|n| serde_json::json!(n)),
        any::<i64>().prop_map(|n| serde_json::json!(n)),
        proptest::sample::select(vec![
            "8x8",
            "10x10",
            "12x12",
            "standard",
            "simplified",
            "big-deck",
            "stays",
            "deal",
            "suits",
            "ranks",
            "predefined",
            "palace",
            "net",
            "gross",
            "QR",
            "GU,AU,DA",
            "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
            "",
            "x",
        ])
        .prop_map(|s| Value::String(s.to_string())),
        "\\PC{0,30}".prop_map(Value::String),
    ]
}

/// A move as a client may type it: words and moves of the games, junk.
fn typed_move() -> impl proptest::strategy::Strategy<Value = String> {
    proptest::prop_oneof![
        proptest::sample::select(vec![
            "random",
            "random white",
            "random black",
            "redeal",
            "keep",
            "4Ci3",
            "Pdc4",
            "e4",
            "Nb3",
            "[7H]",
            "yR",
            "(wR)yB",
            "--",
            "O-O",
        ])
        .prop_map(str::to_string),
        "\\PC{0,12}",
    ]
}

/// For each game, the texts of the first legal moves (of whoever acts)
/// along a few plies from where an empty spec starts it: moves a game
/// from a spec near that one plays.
fn first_lines() -> Vec<Vec<String>> {
    GAMES
        .iter()
        .map(|e| {
            let mut line = Vec::new();
            let Ok(mut g) = e.game_from_spec(&Value::Object(Default::default())) else {
                return line;
            };
            for _ in 0..6 {
                let seat = match g.to_act() {
                    ToAct::Seat(s) => s,
                    ToAct::Both => Seat::First,
                    _ => break,
                };
                let Some(m) = g
                    .legal_moves_of(seat)
                    .first()
                    .and_then(|m| m["text"].as_str().map(str::to_string))
                else {
                    break;
                };
                if g.play_typed(&m).is_err() {
                    break;
                }
                line.push(m);
            }
            line
        })
        .collect()
}

/// What a client may send as an analysis board: any spec, any moves,
/// for every game; an error or a game, never a panic (the fuzz target
/// `analysis_board` does the same from raw bytes).
#[test]
fn any_board_a_client_sends_is_read_or_refused() {
    use proptest::prelude::{prop_oneof, Just};
    let lines = first_lines();
    let strategy = (0..GAMES.len()).prop_flat_map(move |game| {
        let fields = proptest::collection::vec(
            (
                proptest::sample::select(vec![
                    "seed",
                    "fen",
                    "setup",
                    "palace",
                    "repetition",
                    "quiet_limit",
                    "sacrifices",
                    "board",
                    "deck",
                    "deck_file",
                    "alternate",
                    "zombie_royal",
                    "digest",
                ]),
                any_value(),
            ),
            0..6,
        );
        // Any moves, or the start of the game's line of first moves
        // followed by a few more, some near its moves.
        let line = lines[game].clone();
        let moves = if line.is_empty() {
            proptest::collection::vec(typed_move(), 0..12).boxed()
        } else {
            let near = crate::counted::near_one_of(line.clone());
            prop_oneof![
                proptest::collection::vec(typed_move(), 0..12),
                (
                    0..=line.len(),
                    proptest::collection::vec(prop_oneof![typed_move(), near], 0..4),
                )
                    .prop_map(move |(k, tail)| line[..k]
                        .iter()
                        .cloned()
                        .chain(tail)
                        .collect()),
            ]
            .boxed()
        };
        (Just(game), fields, moves)
    });
    // Checked: a spec read and a move played on it: 71 of the 300 cases
    // (8 before the moves followed the games' lines).
    crate::counted::run(
        "analysis::any_board_a_client_sends_is_read_or_refused",
        300,
        35,
        strategy,
        |(game, fields, moves)| {
            let entry = GAMES[game];
            let spec = Value::Object(
                fields
                    .into_iter()
                    .map(|(k, v)| (k.to_string(), v))
                    .collect(),
            );
            let Ok(mut g) = entry.game_from_spec(&spec) else {
                return Ok(false);
            };
            let mut played = false;
            for m in &moves {
                let before = g.history().len();
                if g.play_typed(m).is_err() {
                    // A refused move changes nothing.
                    proptest::prop_assert_eq!(g.history().len(), before);
                    break;
                }
                proptest::prop_assert!(g.history().len() > before, "{m} played nothing");
                played = true;
                let _ = g.view(g.to_move(), true);
            }
            let _ = g.analysis_start();
            let _ = g.chance_moves();
            Ok(played)
        },
    );
}

#[test]
fn the_bar_is_the_first_seats_share() {
    assert_eq!(share_of_first(0, Seat::First), 0.5);
    assert!(share_of_first(200, Seat::First) > 0.7);
    assert!(share_of_first(200, Seat::Second) < 0.3);
    assert_eq!(share_of_first(deckmate_engine::WIN - 3, Seat::Second), 0.0);
    assert_eq!(share_of_first(-deckmate_engine::WIN + 3, Seat::Second), 1.0);
}

/// The first game of the Chess Cards match of `seed` (net sacrifices, the
/// default), and the registry's game of that seed, which plays it.
fn chess_cards_of_seed(seed: u64) -> (ChessCards, BoxedGame) {
    let (a, b) = ChessCards::deal(seed);
    let g = ChessCards::new(a, b, SacrificeCount::Net).unwrap();
    let game = new_game("chess-cards", seed);
    assert_eq!(
        game.view(None, true)["dealt"],
        serde_json::json!([a.to_string(), b.to_string()])
    );
    assert_eq!(game.history().len(), 0);
    (g, game)
}

/// Runs the game's analysis job for `request`: whether it analysed
/// anything, and its reports.
fn run_analysis(g: &BoxedGame, request: AnalysisRequest) -> (bool, Vec<AnalysisReport>) {
    let got = Arc::new(Mutex::new(Vec::new()));
    let sink = {
        let got = got.clone();
        Box::new(move |r: AnalysisReport| got.lock().unwrap().push(r))
    };
    let job = g
        .analysis_job(request, sink)
        .expect("the game has analysis");
    let analysed = job().is_some();
    let reports = got.lock().unwrap().clone();
    (analysed, reports)
}

#[test]
fn the_lines_are_the_solvers_best_turns_with_their_values() {
    let (g, game) = chess_cards_of_seed(11);
    let request = AnalysisRequest {
        lines: 3,
        // No time limit: the lines, whatever the machine's load.
        limits: Limits::default(),
        stop: Arc::new(AtomicBool::new(false)),
    };
    let (analysed, reports) = run_analysis(&game, request);
    assert!(analysed);
    // The best line at once, then three.
    assert_eq!(reports.len(), 2);
    assert_eq!(reports[0].lines.len(), 1);
    assert!(!reports[0].done && reports[1].done);
    let r = &reports[1];
    assert_eq!(r.lines.len(), 3);
    assert_eq!(reports[0].lines[0].score, r.lines[0].score);
    let mut solver = Solver::new();
    let value = solver.value(&g);
    // The first line is worth the position's value, the others no more.
    assert_eq!(r.lines[0].score, value);
    assert!(r.lines.windows(2).all(|w| w[0].score >= w[1].score));
    // Each line is played out to the end of the game, legally.
    for line in &r.lines {
        let mut c = g.clone();
        for m in &line.moves {
            let t = c.turns().into_iter().find(|&t| turn_text(t) == *m).unwrap();
            c.play(t);
        }
        assert!(c.to_act().is_none(), "{}", line.text);
    }
}

/// The hostile client's report: 0.5 s asked with five lines took 1.9 to
/// 3.5 s, as only a stop ended the valuing of every turn. The time
/// asked for ends it too, with the first report.
#[test]
fn the_time_asked_for_ends_the_valuing_of_every_turn() {
    let (_, game) = chess_cards_of_seed(11);
    let request = AnalysisRequest {
        lines: 5,
        limits: Limits {
            time: Some(Duration::ZERO),
            ..Limits::default()
        },
        stop: Arc::new(AtomicBool::new(false)),
    };
    let (analysed, reports) = run_analysis(&game, request);
    assert!(analysed);
    assert_eq!(reports.len(), 2);
    assert!(reports[1].done);
    assert_eq!(reports[1].lines, reports[0].lines, "the first report again");
}
