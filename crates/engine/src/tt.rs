//! The transposition table.
//!
//! Choice nodes and chance nodes share it. A chance node's entry is stored
//! under its position's hash mixed with a constant per seat whose point of
//! view its value takes ([`chance_key`]), and carries that seat in
//! [`Entry::chance`]: a lookup names the kind of node it wants, so a
//! chance node's value is never read as a choice node's (nor as the other
//! seat's), even when the mixed keys collide.

use deckmate_rules::Seat;
use std::sync::{Mutex, MutexGuard, PoisonError};

/// What a stored score means.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Bound {
    /// The exact score.
    Exact,
    /// At least this score (a cut-off).
    Lower,
    /// At most this score.
    Upper,
}

impl Bound {
    /// What a fail-soft score `v` from a search in the window (`alpha`,
    /// `beta`) says of the position.
    pub fn of(v: i32, alpha: i32, beta: i32) -> Bound {
        if v <= alpha {
            Bound::Upper
        } else if v >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        }
    }
}

/// One stored search result.
#[derive(Copy, Clone, Debug)]
pub struct Entry<M> {
    /// The full key, to tell collisions apart.
    pub key: u64,
    /// Remaining depth of the search that stored it.
    pub depth: i32,
    /// The score.
    pub score: i32,
    /// Its bound.
    pub bound: Bound,
    /// `None` at a choice node (the score is the side to act's); at a
    /// chance node, the seat from whose point of view the score is.
    pub chance: Option<Seat>,
    /// The best move found (none at chance nodes).
    pub best: Option<M>,
}

/// The key of a chance node valued from `seat`'s point of view: the
/// position's hash mixed with a constant per seat, so that it lands apart
/// from the choice nodes' entries.
#[inline]
pub fn chance_key(hash: u64, seat: Seat) -> u64 {
    const SALT: [u64; 2] = [0x9e37_79b9_7f4a_7c15, 0xc2b2_ae3d_27d4_eb4f];
    hash ^ SALT[seat.index()]
}

/// One slot: its own lock, so that the threads of a search share the
/// table (Lazy SMP). A lock held only to copy an entry in or out is
/// almost never contended, and costs one atomic operation uncontended.
type Slot<M> = Mutex<Option<Entry<M>>>;

/// A fixed-size, always-replace-if-deeper-or-different table, shared by
/// the threads of a search.
pub struct Table<M> {
    slots: Box<[Slot<M>]>,
}

impl<M: Copy> Table<M> {
    /// A table of at most `mb` megabytes: the largest power of two of
    /// slots that fits (at least 1024).
    pub fn new(mb: usize) -> Table<M> {
        let fit = (mb * 1024 * 1024 / std::mem::size_of::<Slot<M>>()).max(1024);
        // The largest power of two not above `fit`.
        let size = 1usize << (usize::BITS - 1 - fit.leading_zeros());
        Table {
            slots: (0..size).map(|_| Mutex::new(None)).collect(),
        }
    }

    /// The number of slots.
    #[cfg(test)]
    fn slots(&self) -> usize {
        self.slots.len()
    }

    fn slot(&self, key: u64) -> MutexGuard<'_, Option<Entry<M>>> {
        let i = (key as usize) & (self.slots.len() - 1);
        self.slots[i].lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The entry for `key` of the kind `chance` (`None`: a choice node),
    /// if stored.
    #[inline]
    pub fn get(&self, key: u64, chance: Option<Seat>) -> Option<Entry<M>> {
        self.slot(key)
            .filter(|e| e.key == key && e.chance == chance)
    }

    /// Stores an entry, keeping a deeper one for the same key.
    pub fn put(&self, e: Entry<M>) {
        let mut slot = self.slot(e.key);
        match *slot {
            Some(old)
                if old.key == e.key
                    && old.chance == e.chance
                    && old.depth > e.depth
                    && e.bound != Bound::Exact => {}
            _ => *slot = Some(e),
        }
    }

    /// Empties the table.
    pub fn clear(&self) {
        for s in self.slots.iter() {
            *s.lock().unwrap_or_else(PoisonError::into_inner) = None;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chance_and_choice_entries_never_collide() {
        let t: Table<u32> = Table::new(1);
        let h = 0x1234_5678_9abc_def0;
        let entry = |key, chance, score| Entry {
            key,
            depth: 3,
            score,
            bound: Bound::Exact,
            chance,
            best: None,
        };
        t.put(entry(h, None, 7));
        t.put(entry(chance_key(h, Seat::First), Some(Seat::First), 8));
        t.put(entry(chance_key(h, Seat::Second), Some(Seat::Second), 9));
        assert_eq!(t.get(h, None).map(|e| e.score), Some(7));
        assert_eq!(
            t.get(chance_key(h, Seat::First), Some(Seat::First))
                .map(|e| e.score),
            Some(8)
        );
        assert_eq!(
            t.get(chance_key(h, Seat::Second), Some(Seat::Second))
                .map(|e| e.score),
            Some(9)
        );
        // The same key asked as another kind of node finds nothing.
        assert!(t.get(h, Some(Seat::First)).is_none());
        let k = chance_key(h, Seat::First);
        assert!(t.get(k, None).is_none() && t.get(k, Some(Seat::Second)).is_none());
        // A choice entry does not keep out a chance entry of the same key.
        t.put(entry(k, None, 1));
        t.put(entry(k, Some(Seat::First), 2));
        assert_eq!(t.get(k, Some(Seat::First)).map(|e| e.score), Some(2));
    }

    #[test]
    fn entries_stay_small() {
        // The table's size in slots (and so the bench's node counts) must
        // not change with the entry's kind field: with moves of four bytes
        // (a card, two squares and a flag) or two, an entry is 24 bytes,
        // as it was without it.
        #[derive(Copy, Clone)]
        #[allow(dead_code)]
        struct CardMove(u8, u8, u8, bool);
        #[derive(Copy, Clone)]
        #[allow(dead_code)]
        struct SquaresMove(u16);
        assert_eq!(std::mem::size_of::<Option<Entry<CardMove>>>(), 24);
        assert_eq!(std::mem::size_of::<Option<Entry<SquaresMove>>>(), 24);
        // With its lock a slot takes 32 bytes, so that a table of a power
        // of two of megabytes keeps the slots it had without the lock
        // (16 MB: 2^19).
        assert_eq!(std::mem::size_of::<Slot<CardMove>>(), 32);
        assert_eq!(Table::<CardMove>::new(16).slots(), 1 << 19);
        assert_eq!(Table::<CardMove>::new(1).slots(), 1 << 15);
    }
}
