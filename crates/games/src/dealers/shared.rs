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

/// A kind's moves on one board, for White and for Black, and its worth:
/// compiled once per XBetza and board size, shared by every game's
/// [`Kind`](super::rules::Kind) of that movement.
#[derive(Debug)]
pub struct KindMoves {
    /// From each square (`rank * size + file`), per seat.
    pub moves: [Vec<SquareMoves>; 2],
    /// Its worth in centipawns from its movement on the empty board.
    pub value: i32,
}

/// A bounded map of shared values: past `unheld` entries it drops what no
/// one holds, and it never holds more than `max`. Public for the tests
/// only (`tests/dealers_shared.rs`): the games use `kind_moves` (crate
/// only) and [`with_deck_file`].
#[doc(hidden)]
pub struct Cache<K, V> {
    /// The values kept, by key.
    pub map: HashMap<K, Arc<V>>,
    max: usize,
    unheld: usize,
}

impl<K: std::hash::Hash + Eq, V> Cache<K, V> {
    /// An empty cache of at most `max` entries, which drops what no one
    /// holds once it has `unheld`.
    pub fn new((max, unheld): (usize, usize)) -> Cache<K, V> {
        Cache {
            map: HashMap::new(),
            max,
            unheld,
        }
    }

    /// The value of `key`, if kept.
    pub fn get(&self, key: &K) -> Option<Arc<V>> {
        self.map.get(key).cloned()
    }

    /// Keeps `value` for `key` if there is room once what no one holds
    /// is dropped (past `unheld` entries).
    pub fn put(&mut self, key: K, value: Arc<V>) {
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
