//! Issue 29 item 2: the compiled moves of a kind and the catalogues are
//! shared between games, in caches that never grow past their bounds.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use deckmate_games::dealers::record::GameSpec;
use deckmate_games::dealers::shared::Cache;
use deckmate_games::dealers::{BoardSize, DealersGame};
use std::sync::Arc;

fn game(seed: u64, size: BoardSize, deck_file: Option<&str>) -> DealersGame {
    GameSpec {
        seed,
        size,
        deck_file: deck_file.map(Arc::from),
        ..GameSpec::default()
    }
    .start_game()
    .unwrap()
}

#[test]
fn item_2_games_share_their_kinds_moves_and_catalogue() {
    let (a, b) = (
        game(1, BoardSize::Eight, None),
        game(2, BoardSize::Eight, None),
    );
    assert!(Arc::ptr_eq(&a.table().catalogue, &b.table().catalogue));
    let (ra, rb) = (&a.table().rules, &b.table().rules);
    let mut shared = 0;
    for ka in &ra.kinds {
        if let Some(kb) = rb.kinds.iter().find(|k| k.card.code == ka.card.code) {
            assert!(Arc::ptr_eq(&ka.moves, &kb.moves), "{}", ka.card.code);
            shared += 1;
        }
    }
    // Both deals hold at least the Zombie Pawn, and far more.
    assert!(shared > 5, "{shared}");
    // Another board is other moves.
    let c = game(1, BoardSize::Ten, None);
    let kc = &c.table().rules.kinds[0];
    assert_eq!(kc.moves.moves[0].len(), 100);
    if let Some(k8) = ra.kinds.iter().find(|k| k.card.code == kc.card.code) {
        assert!(!Arc::ptr_eq(&k8.moves, &kc.moves));
        assert_eq!(k8.moves.moves[0].len(), 64);
    }
}

#[test]
fn item_2_games_of_one_deck_file_share_its_catalogue() {
    let deck = "piece | Spear | SP | fR | Slides forward.";
    let a = game(1, BoardSize::Eight, Some(deck));
    let b = game(2, BoardSize::Eight, Some(deck));
    assert!(Arc::ptr_eq(&a.table().catalogue, &b.table().catalogue));
    assert!(a.table().catalogue.get("SP").is_some());
    let other = game(
        1,
        BoardSize::Eight,
        Some("piece | Pike | PK | fR | Slides."),
    );
    assert!(!Arc::ptr_eq(&a.table().catalogue, &other.table().catalogue));
    assert!(other.table().catalogue.get("SP").is_none());
}

#[test]
fn item_2_a_full_cache_drops_what_no_one_holds_and_never_grows_past_its_bound() {
    let mut c: Cache<u32, u32> = Cache::new((2, 2));
    let held = Arc::new(1);
    c.put(1, held.clone());
    c.put(2, Arc::new(2));
    assert_eq!(c.map.len(), 2);
    // Full: 2 is held by no one and goes; 3 comes in.
    c.put(3, Arc::new(3));
    assert_eq!(c.map.len(), 2);
    assert!(c.get(&1).is_some() && c.get(&2).is_none() && c.get(&3).is_some());
    // Full of held entries: 4 is not kept.
    let three = c.get(&3);
    c.put(4, Arc::new(4));
    assert_eq!(c.map.len(), 2);
    assert!(c.get(&4).is_none());
    drop((held, three));
    // Past `unheld` entries, what no one holds goes before a new one
    // comes in, though there is room.
    let mut c: Cache<u32, u32> = Cache::new((10, 2));
    let held = Arc::new(1);
    c.put(1, held.clone());
    c.put(2, Arc::new(2));
    c.put(3, Arc::new(3));
    assert_eq!(c.map.len(), 2);
    assert!(c.get(&1).is_some() && c.get(&2).is_none() && c.get(&3).is_some());
    drop(held);
}
