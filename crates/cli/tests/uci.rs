//! Issue 34 item 1: `deckmate uci` as a GUI drives it. A scripted session
//! for each built-in board game (every best move legal, by the host's
//! coordinates), the protocol's answers, refusals that never stop the
//! engine, and python-chess playing it on variants/chess.toml.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::engine_process::{needed, EngineProcess};
use deckmate_games::list;
use deckmate_games::registry::{coordinate_moves, play_token, BoxedGame, Options};
use deckmate_rules::SeededRng;

fn variants_dir() -> String {
    concat!(env!("CARGO_MANIFEST_DIR"), "/../../variants").to_string()
}

/// The game a `position startpos` makes (seed 1; 52Chess without one).
fn start(key: &str) -> BoxedGame {
    let g = list::find(key).unwrap();
    let made = g.new_game(&Options::defaults(g.options), 1).unwrap();
    if !made.seed_is_secret() {
        return made;
    }
    let mut spec = made.spec();
    spec["seed"] = serde_json::Value::Null;
    // Dealer's Chess needs its seed (its big deck's draws).
    g.game_from_spec(&spec).unwrap_or(made)
}

fn legal(game: &BoxedGame) -> Vec<String> {
    coordinate_moves(game.as_ref())
        .into_iter()
        .map(|m| m.coordinate)
        .collect()
}

fn uci_start(args: &[&str]) -> EngineProcess {
    let mut e = EngineProcess::start(&[&["uci"], args].concat());
    e.send("uci");
    let lines = e.read_until(|l| l == "uciok");
    assert!(lines[0].starts_with("id name deckmate"), "{lines:?}");
    assert!(lines.iter().any(|l| l.starts_with("id author")));
    assert!(lines
        .iter()
        .any(|l| l.starts_with("option name UCI_Variant type combo")));
    e.send("isready");
    e.expect("readyok");
    e
}

/// Plays `plies` plies of `key` through `position startpos moves ...` and
/// `go`, the engine's moves checked legal; chance's cards drawn here.
fn session(key: &str, plies: usize, go: &str) {
    let mut e = uci_start(&[]);
    e.send(&format!("setoption name UCI_Variant value {key}"));
    e.send("ucinewgame");
    let mut game = start(key);
    let mut moves: Vec<String> = Vec::new();
    let mut rng = SeededRng::new(7);
    while moves.len() < plies && game.outcome().is_none() {
        let mut legal_now = legal(&game);
        if game.to_move().is_none() {
            // Chance's card or both seats' arrangements: the test picks.
            assert!(!legal_now.is_empty(), "{key}: nothing to play");
            let pick = legal_now.swap_remove(rng.below(legal_now.len() as u64) as usize);
            play_token(game.as_mut(), &pick).unwrap();
            moves.push(pick);
            continue;
        }
        e.send(&format!("position startpos moves {}", moves.join(" ")));
        e.send(go);
        let lines = e.read_until(|l| l.starts_with("bestmove"));
        let best = lines
            .last()
            .unwrap()
            .split_whitespace()
            .nth(1)
            .unwrap()
            .to_string();
        assert!(
            legal_now.contains(&best),
            "{key}: bestmove {best} not among {legal_now:?} after {moves:?}; {lines:?}"
        );
        for info in lines.iter().filter(|l| l.starts_with("info depth")) {
            assert!(info.contains(" score "), "{info}");
            assert!(info.contains(" pv "), "{info}");
            let pv_first = info
                .split(" pv ")
                .nth(1)
                .unwrap()
                .split(' ')
                .next()
                .unwrap();
            assert!(legal_now.iter().any(|m| m == pv_first), "{info}");
        }
        play_token(game.as_mut(), &best).unwrap();
        moves.push(best);
    }
    assert!(!moves.is_empty());
    e.send("quit");
    assert!(e.finish().success());
}

#[test]
fn uci_plays_cardmate() {
    session("cardmate", 6, "go depth 2");
}

#[test]
fn uci_plays_cuarenta() {
    session("cuarenta", 6, "go nodes 3000");
}

#[test]
fn uci_plays_52chess_with_the_cards_given() {
    session("52chess", 8, "go movetime 100");
}

#[test]
fn uci_plays_dealers_after_the_arrangements() {
    session("dealers", 6, "go depth 2");
}

#[test]
fn uci_plays_chess_from_a_variant_file_with_clocks_and_multipv() {
    let dir = variants_dir();
    let mut e = uci_start(&["--variants", &dir]);
    e.send("setoption name UCI_Variant value chess");
    e.send("setoption name MultiPV value 3");
    e.send("position startpos moves e2e4 e5 g1f3");
    e.send("go wtime 2000 btime 2000 winc 10 binc 10");
    let lines = e.read_until(|l| l.starts_with("bestmove"));
    assert!(lines.iter().any(|l| l.contains("multipv 3")), "{lines:?}");
    // A promotion in coordinates, a mate score.
    e.send("position fen 7k/4P3/8/8/8/8/8/K5R1 w - - 0 1");
    e.send("go depth 4");
    let lines = e.read_until(|l| l.starts_with("bestmove"));
    assert!(lines.iter().any(|l| l.contains("score mate")), "{lines:?}");
    // `go infinite` waits for `stop`; `isready` is answered meanwhile.
    e.send("position startpos");
    e.send("go infinite");
    e.send("isready");
    let lines = e.read_until(|l| l == "readyok");
    assert!(
        !lines.iter().any(|l| l.starts_with("bestmove")),
        "{lines:?}"
    );
    e.send("stop");
    e.expect("bestmove");
    e.send("quit");
    assert!(e.finish().success());
}

/// `Threads 2`: the search runs a helper beside it (Lazy SMP) and still
/// answers legal moves, a mate among them, within a clock; 0 threads is
/// refused.
#[test]
fn uci_searches_with_two_threads() {
    let dir = variants_dir();
    let mut e = uci_start(&["--variants", &dir]);
    e.send("setoption name UCI_Variant value chess");
    e.send("setoption name Threads value 0");
    let said = e.expect("info string");
    assert!(said.contains("error") && said.contains("Threads"), "{said}");
    e.send("setoption name Threads value 2");
    e.send("isready");
    let lines = e.read_until(|l| l == "readyok");
    assert!(!lines.iter().any(|l| l.contains("error")), "{lines:?}");
    e.send("position fen 2r3k1/5ppp/8/8/8/8/3R1PPP/3R2K1 w - - 0 1");
    e.send("go depth 6");
    let lines = e.read_until(|l| l.starts_with("bestmove"));
    assert_eq!(
        lines.last().map(String::as_str),
        Some("bestmove d2d8 ponder c8d8")
    );
    // Six plies under a clock; each move is taken back by `position`
    // (an illegal one would be refused with an error).
    let mut moves: Vec<String> = Vec::new();
    for _ in 0..6 {
        e.send(&format!("position startpos moves {}", moves.join(" ")));
        e.send("go wtime 3000 btime 3000 winc 30 binc 30");
        let lines = e.read_until(|l| l.starts_with("bestmove"));
        assert!(!lines.iter().any(|l| l.contains("error")), "{lines:?}");
        let best = lines.last().unwrap();
        let m = best.split_whitespace().nth(1).unwrap().to_string();
        assert!(m.len() >= 4 && m != "(none)", "{best} after {moves:?}");
        moves.push(m);
    }
    e.send(&format!("position startpos moves {}", moves.join(" ")));
    e.send("isready");
    let lines = e.read_until(|l| l == "readyok");
    assert!(
        !lines.iter().any(|l| l.contains("error")),
        "{moves:?}: {lines:?}"
    );
    e.send("quit");
    assert!(e.finish().success());
}

#[test]
fn uci_refuses_what_it_cannot_do_and_goes_on() {
    let mut e = uci_start(&[]);
    for (line, said) in [
        ("setoption name UCI_Variant value chess-cards", "no board"),
        ("setoption name UCI_Variant value nonsense", "no variant"),
        ("setoption name MultiPV value 99", "MultiPV"),
        ("setoption name Bogus value 1", "no option"),
        ("position startpos moves a1a1", "position ignored"),
        ("position fen not a position", "position ignored"),
        ("go depth 999999999999999999999999999", "needs a number"),
        ("go sideways", "unknown word"),
        ("frobnicate", "unknown command"),
    ] {
        e.send(line);
        let got = e.expect("info string");
        assert!(got.contains("error") && got.contains(said), "{line}: {got}");
    }
    // Still the start: a legal move.
    e.send("position startpos");
    e.send("go depth 1");
    let best = e.expect("bestmove");
    let legal = legal(&start("cardmate"));
    let m = best.split_whitespace().nth(1).unwrap();
    assert!(legal.contains(&m.to_string()), "{best}");
    // The game's own notation is read too.
    let text = coordinate_moves(start("cardmate").as_ref())[0].text.clone();
    e.send(&format!("position startpos moves {text}"));
    e.send("isready");
    let lines = e.read_until(|l| l == "readyok");
    assert!(!lines.iter().any(|l| l.contains("error")), "{lines:?}");
    e.send("quit");
    assert!(e.finish().success());
}

/// `go movetime 20` along a game of chess (a variant file), the table
/// 64 MB (`Hash`): every `bestmove` comes within its time plus a margin
/// for the machine's load, measured from the `go` sent to the line read.
/// The table is made at `isready`, a `go`'s time counts from its reading
/// and the answer does not wait past the deadline for a late search; the
/// old engine (a 16 MB table made in every `go`, its time counted from
/// the search's start, the answer after the search's end and a replay of
/// the whole game to read its line) answered a `go movetime 50` 565 ms
/// late on this 2-core machine under load.
#[test]
fn uci_answers_go_movetime_in_time() {
    use std::time::{Duration, Instant};
    let dir = variants_dir();
    let mut e = uci_start(&["--variants", &dir]);
    e.send("setoption name UCI_Variant value chess");
    e.send("setoption name Hash value 64");
    e.send("ucinewgame");
    let t = Instant::now();
    e.send("isready");
    e.expect("readyok");
    let ready = t.elapsed();
    let mut moves: Vec<String> = Vec::new();
    let mut worst = Duration::ZERO;
    for _ in 0..40 {
        if moves.is_empty() {
            e.send("position startpos");
        } else {
            e.send(&format!("position startpos moves {}", moves.join(" ")));
        }
        let t = Instant::now();
        e.send("go movetime 20");
        let best = e.expect("bestmove");
        worst = worst.max(t.elapsed());
        match best.split_whitespace().nth(1) {
            Some(m) if m != "(none)" => moves.push(m.to_string()),
            _ => break,
        }
    }
    println!(
        "isready (the 64 MB table made) {} ms; {} moves of go movetime 20, the slowest answered in {} ms",
        ready.as_millis(),
        moves.len(),
        worst.as_millis()
    );
    assert!(moves.len() >= 10, "{moves:?}");
    assert!(worst < Duration::from_millis(20 + 300), "{worst:?}");
    e.send("quit");
    assert!(e.finish().success());
}

#[test]
fn python_chess_plays_deckmate_uci() {
    let python = std::process::Command::new("python3")
        .args(["-c", "import chess.engine"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !needed("python3 with python-chess (the chess module)", python) {
        return;
    }
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/uci_python.py");
    let out = std::process::Command::new("python3")
        .args([
            script,
            env!("CARGO_BIN_EXE_deckmate"),
            &variants_dir(),
            "2",
            "0.05",
            "40",
            "5",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    println!("{text}{}", String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "{text}");
    assert!(text.contains("all legal"), "{text}");
}

/// The hundred games (about ten minutes): `cargo test -p deckmate
/// --test cli python_chess_100 -- --ignored --nocapture`.
#[test]
#[ignore]
fn python_chess_100_games() {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/uci_python.py");
    let out = std::process::Command::new("python3")
        .args([
            script,
            env!("CARGO_BIN_EXE_deckmate"),
            &variants_dir(),
            "100",
            "0.05",
            "120",
            "1",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    println!("{text}{}", String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "{text}");
}
