//! The solver's transposition table: bounds of positions' values in
//! buckets of four entries, one cache line each.
//!
//! A probe is a random access into tens or hundreds of MiB, and the
//! solver makes several per position: the time goes into waiting for
//! memory. On Linux the table is an anonymous mapping that asks for
//! transparent huge pages, so that the address translations of a probe
//! stay in the TLB; elsewhere (or if the mapping fails) it is a plain
//! vector.
//!
//! A full bucket gives up the entry that saves least: the fewest
//! positions searched, halved for each search from a root since it was
//! stored (the table is kept from one deal to the next, and old deals'
//! positions seldom come again). Over the first 48 deals of the all-deals
//! order and their mirrors this searches 3.2 times fewer positions than
//! giving up the latest move's entry with a 2^22 table, and with 2^24 it
//! is 10% faster than before with 2^25 (`mirror_bench`).

use bytemuck::{Pod, Zeroable};

/// One entry: a position's key (0: empty), the bounds of its value, its
/// best play, and what it is worth keeping.
#[derive(Copy, Clone, Default, Pod, Zeroable)]
#[repr(C)]
pub struct Entry {
    /// The position's key (never 0: a key holds the move number).
    pub key: u64,
    /// Lower bound of the value.
    pub lo: i16,
    /// Upper bound of the value.
    pub hi: i16,
    /// The best play found, encoded (0: none).
    pub best: u16,
    /// The positions searched to find these bounds, as log2 + 1 (0:
    /// none): what the entry saves when it is found again.
    pub work: u8,
    /// The table's generation when the entry was stored.
    pub generation: u8,
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
pub struct Table {
    storage: Storage,
    mask: usize,
    generation: u8,
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
            generation: 0,
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

    /// The bucket of `key`.
    #[inline]
    pub fn slot(&self, key: u64) -> usize {
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 24) as usize & self.mask
    }

    /// The entry of `key`, if the table holds it.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let b = &self.buckets()[self.slot(key)].0;
        b.iter().find(|e| e.key == key).copied()
    }

    /// Starts a new generation (a new search from a root): entries of
    /// earlier ones count for less when a full bucket must give one up.
    pub fn new_generation(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    /// Stores `e` (in the current generation): over the entry of the same
    /// key, or in an empty slot; otherwise over the entry worth least:
    /// the least work (log2 of the positions it took), less one for each
    /// generation of age, and among equals the latest move's.
    pub fn store(&mut self, mut e: Entry) {
        e.generation = self.generation;
        let (generation, slot) = (self.generation, self.slot(e.key));
        let b = &mut self.buckets_mut()[slot].0;
        let worth = |x: &Entry| {
            let age = i32::from(generation.wrapping_sub(x.generation));
            (i32::from(x.work) - age, u64::MAX - ((x.key >> 41) & 15))
        };
        let j = b
            .iter()
            .position(|x| x.key == e.key)
            .or_else(|| b.iter().position(|x| x.key == 0))
            .unwrap_or_else(|| (0..4).min_by_key(|&k| worth(&b[k])).unwrap_or(0));
        b[j] = e;
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        self.buckets_mut().fill(Bucket::default());
    }
}
