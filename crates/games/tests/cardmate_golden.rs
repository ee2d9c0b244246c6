//! Golden games: the page's two sample games and the author's side lines
//! replay move for move, with the page's captures and signs, to the printed
//! result.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use deckmate_games::cardmate::{notation, record, EndReason, Position};
use deckmate_rules::{Record, Seat};
use std::path::PathBuf;

fn load(name: &str) -> Record {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/cardmate")
        .join(name);
    let text = std::fs::read_to_string(&path).unwrap();
    Record::parse(&text).unwrap()
}

/// Replays and checks that our notation writes every move exactly as the
/// page does (the page's `×` and our `×` are the same sign; `x` is read as it).
fn replay_exact(name: &str) -> record::Replay {
    let rec = load(name);
    let replay = record::replay(&rec).unwrap_or_else(|e| panic!("{name}: {e}"));
    let mut pos: Position = replay.spec.start().unwrap();
    for (text, &mv) in rec.moves.iter().zip(&replay.moves) {
        let written = notation::write(&pos, mv);
        assert_eq!(
            written,
            text.replace('x', "×"),
            "{name}: move {}",
            pos.fullmove()
        );
        pos.play_move(mv);
    }
    replay
}

#[test]
fn sample_game_1_rearhand_wins_with_queen_takes_e0() {
    let r = replay_exact("sample-game-1.pgn");
    assert_eq!(r.moves.len(), 40);
    assert_eq!(r.result, "0-1");
    let end = r.position.end().unwrap();
    assert_eq!(end.winner, Some(Seat::Second));
    assert_eq!(end.reason, EndReason::SecondKing);
}

#[test]
fn sample_game_1_side_line_replays_and_goes_on() {
    let r = replay_exact("sample-game-1-side-line.pgn");
    assert_eq!(r.moves.len(), 39);
    assert_eq!(r.result, "*");
    assert!(r.position.end().is_none());
}

#[test]
fn sample_game_2_forehand_wins_with_queen_takes_e8() {
    let r = replay_exact("sample-game-2.pgn");
    assert_eq!(r.moves.len(), 59);
    assert_eq!(r.result, "1-0");
    let end = r.position.end().unwrap();
    assert_eq!(end.winner, Some(Seat::First));
    assert_eq!(end.reason, EndReason::SecondKing);
}

#[test]
fn sample_game_2_side_line_wins_on_f9() {
    let r = replay_exact("sample-game-2-side-line.pgn");
    assert_eq!(r.moves.len(), 55);
    assert_eq!(r.result, "1-0");
    assert_eq!(r.position.end().unwrap().reason, EndReason::SecondKing);
}

#[test]
fn sample_game_1_move_18_is_a_forced_capture_chain() {
    // After 18. 8D:j7 Rearhand's 7Dh8 lures the Eight: 19. 8D:h8 is the only
    // legal move (C3).
    let mut rec = load("sample-game-1.pgn");
    rec.moves.truncate(36); // through 18...7Dh8
    rec.result = None;
    rec.tags.retain(|t| t.name != "Result");
    let r = record::replay(&rec).unwrap();
    let mut moves = Vec::new();
    r.position.generate(&mut moves);
    let texts: Vec<String> = moves
        .iter()
        .map(|&m| notation::write(&r.position, m))
        .collect();
    assert_eq!(texts, vec!["8D:h8"]);
}

#[test]
fn a_wrong_result_in_the_record_is_refused() {
    let mut rec = load("sample-game-1.pgn");
    rec.result = Some("1-0".to_string());
    let e = record::replay(&rec).unwrap_err();
    assert!(e.reason.contains("0-1"), "{e}");
}

#[test]
fn a_move_after_the_end_is_refused_with_its_number() {
    let mut rec = load("sample-game-1.pgn");
    rec.result = None;
    rec.moves.push("8D:h8".to_string());
    let e = record::replay(&rec).unwrap_err();
    assert_eq!(e.ply, 41);
    assert_eq!(e.number, 21);
    assert!(e.reason.contains("already over"), "{e}");
}

#[test]
fn bare_movetext_is_cardmate_from_the_predefined_setup() {
    let rec = Record::parse("1. 4Ci3 4Db6 2. 8Dj2").unwrap();
    let r = record::replay(&rec).unwrap();
    assert_eq!(r.moves.len(), 3);
    assert_eq!(r.result, "*");
}
