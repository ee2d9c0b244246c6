//! The transposition table.

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

/// One stored search result.
#[derive(Copy, Clone, Debug)]
pub struct Entry<M> {
    /// The full hash, to tell collisions apart.
    pub key: u64,
    /// Remaining depth of the search that stored it.
    pub depth: i32,
    /// The score.
    pub score: i32,
    /// Its bound.
    pub bound: Bound,
    /// The best move found.
    pub best: Option<M>,
}

/// A fixed-size, always-replace-if-deeper-or-different table.
pub struct Table<M> {
    slots: Vec<Option<Entry<M>>>,
}

impl<M: Copy> Table<M> {
    /// A table of about `mb` megabytes.
    pub fn new(mb: usize) -> Table<M> {
        let size = (mb * 1024 * 1024 / std::mem::size_of::<Option<Entry<M>>>()).max(1024);
        Table {
            slots: vec![None; size.next_power_of_two() / 2],
        }
    }

    fn index(&self, key: u64) -> usize {
        (key as usize) & (self.slots.len() - 1)
    }

    /// The entry for `key`, if stored.
    pub fn get(&self, key: u64) -> Option<Entry<M>> {
        self.slots[self.index(key)].filter(|e| e.key == key)
    }

    /// Stores an entry, keeping a deeper one for the same key.
    pub fn put(&mut self, e: Entry<M>) {
        let i = self.index(e.key);
        match self.slots[i] {
            Some(old) if old.key == e.key && old.depth > e.depth && e.bound != Bound::Exact => {}
            _ => self.slots[i] = Some(e),
        }
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = None);
    }
}
