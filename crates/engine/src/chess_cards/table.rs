//! The solver's transposition table: bounds of positions' values in
//! buckets of four entries, one cache line each.
//!
//! A probe is a random access into tens or hundreds of MiB, and the
//! solver makes several per position: the time goes into waiting for
//! memory. On Linux the table is an anonymous mapping that asks for
//! transparent huge pages, so that the address translations of a probe
//! stay in the TLB; elsewhere (or if the mapping fails) it is a plain
//! vector.

use bytemuck::{Pod, Zeroable};

/// One entry: a position's key (0: empty), the bounds of its value and
/// its best play.
#[derive(Copy, Clone, Default, Pod, Zeroable)]
#[repr(C)]
pub(crate) struct Entry {
    /// The position's key (never 0: a key holds the move number).
    pub key: u64,
    /// Lower bound of the value.
    pub lo: i16,
    /// Upper bound of the value.
    pub hi: i16,
    /// The best play found, encoded (0: none).
    pub best: u16,
    /// Padding, so that the entry is plain bytes.
    pub pad: u16,
}

/// Four entries in one cache line: a probe costs one memory access.
#[derive(Copy, Clone, Default, Pod, Zeroable)]
#[repr(C, align(64))]
struct Bucket([Entry; 4]);

/// Where the buckets live.
enum Storage {
    /// An anonymous mapping (zeroed), with huge pages asked for.
    Mapped(memmap2::MmapMut),
    /// A vector on the heap.
    Heap(Vec<Bucket>),
}

/// A table of 2^bits entries.
pub(crate) struct Table {
    storage: Storage,
    mask: usize,
}

impl Table {
    /// A table of 2^`bits` entries (16 bytes each), `bits` clamped to
    /// 8..=28.
    pub fn new(bits: u32) -> Table {
        let buckets = 1usize << (bits.clamp(8, 28) - 2);
        let bytes = buckets * std::mem::size_of::<Bucket>();
        let storage = match memmap2::MmapMut::map_anon(bytes) {
            // The mapping is page-aligned, so it casts to buckets (checked
            // here once; the casts of every probe rely on it).
            Ok(map)
                if map.len() == bytes && bytemuck::try_cast_slice::<u8, Bucket>(&map).is_ok() =>
            {
                #[cfg(target_os = "linux")]
                {
                    // Only a hint: without huge pages the table works the same.
                    let _ = map.advise(memmap2::Advice::HugePage);
                }
                Storage::Mapped(map)
            }
            _ => Storage::Heap(vec![Bucket::default(); buckets]),
        };
        Table {
            storage,
            mask: buckets - 1,
        }
    }

    fn buckets(&self) -> &[Bucket] {
        match &self.storage {
            Storage::Mapped(m) => bytemuck::cast_slice(m),
            Storage::Heap(v) => v,
        }
    }

    fn buckets_mut(&mut self) -> &mut [Bucket] {
        match &mut self.storage {
            Storage::Mapped(m) => bytemuck::cast_slice_mut(m),
            Storage::Heap(v) => v,
        }
    }

    #[inline]
    fn slot(&self, key: u64) -> usize {
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 24) as usize & self.mask
    }

    /// The entry of `key`, if the table holds it.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let b = &self.buckets()[self.slot(key)].0;
        b.iter().find(|e| e.key == key).copied()
    }

    /// Stores `e`: over the entry of the same key, or in an empty slot;
    /// otherwise over the entry of the latest move (the cheapest to
    /// search again).
    pub fn store(&mut self, e: Entry) {
        let slot = self.slot(e.key);
        let b = &mut self.buckets_mut()[slot].0;
        let move_of = |k: u64| (k >> 41) & 15;
        let j = b
            .iter()
            .position(|x| x.key == e.key)
            .or_else(|| b.iter().position(|x| x.key == 0))
            .unwrap_or_else(|| (0..4).max_by_key(|&k| move_of(b[k].key)).unwrap_or(0));
        b[j] = e;
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        self.buckets_mut().fill(Bucket::default());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_are_kept_and_replaced_by_move() {
        let mut t = Table::new(8);
        let key = |m: u64, i: u64| m << 41 | i;
        let e = |k: u64, lo: i16| Entry {
            key: k,
            lo,
            hi: 100,
            best: 0,
            pad: 0,
        };
        t.store(e(key(3, 1), 5));
        assert_eq!(t.probe(key(3, 1)).map(|x| x.lo), Some(5));
        t.store(e(key(3, 1), 7));
        assert_eq!(t.probe(key(3, 1)).map(|x| x.lo), Some(7));
        assert!(t.probe(key(3, 2)).is_none());
        t.clear();
        assert!(t.probe(key(3, 1)).is_none());
    }

    #[test]
    fn a_full_bucket_gives_up_its_latest_move() {
        let mut t = Table::new(8);
        // Keys that fall in one bucket: find five.
        let slot0 = t.slot(1 << 41);
        let same: Vec<u64> = (1..)
            .map(|i: u64| (i % 9 + 1) << 41 | i << 8)
            .filter(|&k| t.slot(k) == slot0)
            .take(5)
            .collect();
        for &k in &same[..4] {
            t.store(Entry {
                key: k,
                ..Entry::default()
            });
        }
        let latest = same[..4]
            .iter()
            .copied()
            .max_by_key(|k| k >> 41 & 15)
            .unwrap_or(0);
        t.store(Entry {
            key: same[4],
            ..Entry::default()
        });
        assert!(t.probe(same[4]).is_some());
        assert!(t.probe(latest).is_none());
    }
}
