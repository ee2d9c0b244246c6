//! Compiled movement and catalogues shared between games (issue 29 item 2).
//!
//! A kind's moves depend only on its XBetza and the board's size, so they
//! are compiled once and shared: [`kind_moves`] keeps them in a bounded
//! cache keyed by exactly that, and every game's [`Rules`](super::Rules)
//! holds `Arc`s to them rather than copies. Likewise the page's catalogue
//! is one `Arc` for every game ([`builtin`]), and a deck file's catalogue is
//! shared by the games of the same deck text ([`with_deck_file`]).
//!
//! The caches are bounded: past a few entries, those no game holds any
//! more are dropped before another is kept, and when every entry is still
//! held by a game and the cache is full, the new one is built for its game
//! alone (not kept). So a cache never grows past its bound whatever clients
//! send, and keeps little that no game uses.

use super::catalogue::Catalogue;
use super::rules::SquareMoves;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// The most compiled kinds kept (the page's 71 cards on the three boards
/// are 213), and how many are kept before those no game holds are dropped.
const KINDS_KEPT: (usize, usize) = (1024, 128);

/// The most deck-file catalogues kept, and how many before those no game
/// holds are dropped.
const DECKS_KEPT: (usize, usize) = (32, 8);

/// A deck file longer than this is not kept (its games still work).
const DECK_TEXT_KEPT: usize = 64 * 1024;

/// A kind's moves on one board, for White and for Black, and its worth.
#[derive(Debug)]
pub(crate) struct KindMoves {
    /// From each square (`rank * size + file`), per seat.
    pub moves: [Vec<SquareMoves>; 2],
    /// Its worth in centipawns from its movement on the empty board.
    pub value: i32,
}

/// A bounded map of shared values: past `unheld` entries it drops what no
/// one holds, and it never holds more than `max`.
struct Cache<K, V> {
    map: HashMap<K, Arc<V>>,
    max: usize,
    unheld: usize,
}

impl<K: std::hash::Hash + Eq, V> Cache<K, V> {
    fn new((max, unheld): (usize, usize)) -> Cache<K, V> {
        Cache {
            map: HashMap::new(),
            max,
            unheld,
        }
    }

    fn get(&self, key: &K) -> Option<Arc<V>> {
        self.map.get(key).cloned()
    }

    fn put(&mut self, key: K, value: Arc<V>) {
        if self.map.len() >= self.unheld {
            self.map.retain(|_, v| Arc::strong_count(v) > 1);
        }
        if self.map.len() < self.max {
            self.map.insert(key, value);
        }
    }
}

/// Locks a cache; a poisoned lock (a panic while it was held) still holds
/// a consistent map, since every change is one insert or one retain.
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

type KindCache = Cache<(u8, String), KindMoves>;

fn kinds() -> &'static Mutex<KindCache> {
    static KINDS: OnceLock<Mutex<KindCache>> = OnceLock::new();
    KINDS.get_or_init(|| Mutex::new(Cache::new(KINDS_KEPT)))
}

/// The moves of the XBetza `betza` on a `size` x `size` board: the shared
/// copy if one is kept, else built by `build` (outside the lock, so games
/// are built in parallel) and kept if the cache has room.
pub(crate) fn kind_moves<E>(
    size: u8,
    betza: &str,
    build: impl FnOnce() -> Result<KindMoves, E>,
) -> Result<Arc<KindMoves>, E> {
    let key = (size, betza.to_string());
    if let Some(m) = lock(kinds()).get(&key) {
        return Ok(m);
    }
    let built = Arc::new(build()?);
    let mut cache = lock(kinds());
    // Another game may have built it meanwhile: share the kept one.
    if let Some(m) = cache.get(&key) {
        return Ok(m);
    }
    cache.put(key, built.clone());
    Ok(built)
}

/// The page's catalogue, one `Arc` for every game.
pub fn builtin() -> Arc<Catalogue> {
    static PAGE: OnceLock<Arc<Catalogue>> = OnceLock::new();
    PAGE.get_or_init(|| Arc::new(Catalogue::builtin().clone()))
        .clone()
}

type DeckCache = Cache<String, Catalogue>;

fn decks() -> &'static Mutex<DeckCache> {
    static DECKS: OnceLock<Mutex<DeckCache>> = OnceLock::new();
    DECKS.get_or_init(|| Mutex::new(Cache::new(DECKS_KEPT)))
}

/// The catalogue of a deck file's text, shared by the games of the same
/// text: built by `build` when no game holds it.
pub fn with_deck_file<E>(
    text: &str,
    build: impl FnOnce() -> Result<Catalogue, E>,
) -> Result<Arc<Catalogue>, E> {
    if text.len() > DECK_TEXT_KEPT {
        return build().map(Arc::new);
    }
    if let Some(c) = lock(decks()).get(&text.to_string()) {
        return Ok(c);
    }
    let built = Arc::new(build()?);
    let mut cache = lock(decks());
    if let Some(c) = cache.get(&text.to_string()) {
        return Ok(c);
    }
    cache.put(text.to_string(), built.clone());
    Ok(built)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dealers::record::GameSpec;
    use crate::dealers::{BoardSize, DealersGame};

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
}
