//! The test-only sixth game, Take Away (defined in deckmate-games'
//! tests/toy_game.rs, not in the list of games), played through the
//! terminal's generic [`Session`] against the computer: the help, the
//! legal moves, a refusal, the computer's replies, the end and a saved
//! record that replays. No code of the shell names it (issue 30 part 1).

use super::session::{Computer, Session};
use super::toy_game::{ENTRY, KEY};
use crate::cmd::terminal::Terminal;
use crate::render::Style;
use deckmate_games::list::Catalog;
use deckmate_games::registry::Options;
use deckmate_rules::Seat;

#[test]
fn the_test_game_is_played_in_the_terminal_session() {
    let mut catalog = Catalog::builtin();
    catalog.add(&ENTRY).unwrap_or_else(|e| panic!("{e}"));
    let entry = catalog.find(KEY).unwrap_or_else(|| panic!("{KEY} added"));
    let options =
        Options::parse(entry.options, [("stones", "10")]).unwrap_or_else(|e| panic!("{e}"));
    let computer = Computer {
        seat: Seat::Second,
        level: 1,
    };
    let mut s = Session::new(entry, options, 5, Some(computer), Style::plain())
        .unwrap_or_else(|m| panic!("{m}"));
    let greeting = s.start().join("\n");
    assert!(greeting.contains("Take Away"), "{greeting}");
    let help = s.handle("help").join("\n");
    assert!(help.contains("Type t1, t2 or t3"), "{help}");
    let moves = s.handle("moves").join("\n");
    assert!(moves.contains("t1") && moves.contains("t3"), "{moves}");
    let refused = s.handle("t9").join("\n");
    assert!(
        refused.contains("take one, two or three stones"),
        "{refused}"
    );
    // 10 stones: taking 2 leaves 8, and the computer cannot escape.
    let mut out = s.handle("t2").join("\n");
    for _ in 0..5 {
        let Some(Seat::First) = s.game().to_move() else {
            break;
        };
        let left = 10 - taken(s.game().history());
        let take = if left.is_multiple_of(4) { 1 } else { left % 4 };
        out = s.handle(&format!("t{take}")).join("\n");
    }
    let end = s.game().outcome().unwrap_or_else(|| panic!("over: {out}"));
    assert_eq!(end.winner, Some(Seat::First), "{out}");
    assert!(out.contains("First took the last stone"), "{out}");
    // The record saved replays through the entry.
    // Removed with its folder when `tmp` is dropped, also on a failure.
    let tmp = tempfile::Builder::new()
        .prefix("deckmate-sixth-")
        .tempdir()
        .unwrap_or_else(|e| panic!("{e}"));
    let path = tmp.path().join("sixth.pgn");
    let saved = s.handle(&format!("save {}", path.display())).join("\n");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{saved}: {e}"));
    let replayed = entry
        .replay_text(&text)
        .unwrap_or_else(|e| panic!("{}", e.message));
    assert_eq!(replayed.json["result"], "1-0", "{}", replayed.json);
}

/// Stones taken by the moves written `t1`..`t3`.
fn taken(history: &[String]) -> u64 {
    history
        .iter()
        .filter_map(|m| m.strip_prefix('t')?.parse::<u64>().ok())
        .sum()
}
