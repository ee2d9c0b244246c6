//! The test-only sixth game ([`super::toy_game`]) through the registry:
//! a catalog takes it at run time, and its games are made, played,
//! recorded and replayed by the generic host API alone (issue 30 part 1).

use super::toy_game::{ENTRY, KEY};
use deckmate_games::list::{self, Catalog};
use deckmate_games::registry::{GameError, Options};
use deckmate_rules::{MoveError, Seat};

#[test]
fn a_game_registered_at_run_time_is_found_played_recorded_and_replayed() {
    let mut catalog = Catalog::builtin();
    catalog.add(&ENTRY).unwrap();
    // Not one of the built-in games: found only in the catalog.
    assert!(list::find(KEY).is_none());
    let entry = catalog.find(KEY).unwrap();
    assert_eq!(catalog.from_tag("Take Away").map(|g| g.key), Some(KEY));
    let options = Options::parse(entry.options, [("stones", "6")]).unwrap();
    let mut g = entry.new_game(&options, 3).unwrap();
    assert_eq!(g.to_move(), Some(Seat::First));
    assert_eq!(g.legal_moves_of(Seat::First).len(), 3);
    // A typed error travels up unflattened.
    let e = g.check("t9").unwrap_err();
    assert!(matches!(e, MoveError::NotAMove { .. }), "{e:?}");
    assert_eq!(e.code(), "not_a_move");
    for m in ["t3", "t1", "t2"] {
        g.play(m).unwrap();
    }
    let end = g.outcome().unwrap();
    assert_eq!(end.winner, Some(Seat::First));
    assert_eq!(end.reason, "First took the last stone");
    // The record replays through the entry to the same end, and the
    // stored spec and moves rebuild the game.
    let text = g.record(&Default::default());
    let replayed = entry.replay_text(&text).unwrap();
    assert!(
        replayed.text.contains("3 plies, all legal"),
        "{}",
        replayed.text
    );
    let again = entry.rebuild(&g.spec(), g.history()).unwrap();
    assert_eq!(again.outcome(), g.outcome());
}

#[test]
fn the_host_says_by_type_why_a_game_was_not_made() {
    let entry: &'static deckmate_games::registry::GameEntry = &ENTRY;
    let bad = Options::parse(entry.options, [("stones", "0")]).unwrap();
    let e = entry.new_game(&bad, 1).err().unwrap();
    assert!(matches!(e, GameError::Options(_)), "{e:?}");
    assert_eq!(e.code(), "bad_option");
    assert!(e.to_string().contains("--stones"), "{e}");
    let good = entry
        .new_game(&Options::defaults(entry.options), 1)
        .unwrap();
    let e = entry
        .rebuild(&good.spec(), &["t1".to_string(), "t4".to_string()])
        .err()
        .unwrap();
    assert!(matches!(e, GameError::Move { number: 2, .. }), "{e:?}");
    assert_eq!(e.code(), "not_a_move");
    assert!(e.to_string().starts_with("stored move 2 't4': "), "{e}");
}
