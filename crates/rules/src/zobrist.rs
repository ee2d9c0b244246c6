//! Zobrist keys.

use crate::SeededRng;

/// A table of random 64-bit keys, fixed for a given seed and size.
#[derive(Clone, Debug)]
pub struct Zobrist {
    keys: Vec<u64>,
}

impl Zobrist {
    /// `n` keys from `seed`.
    pub fn new(seed: u64, n: usize) -> Zobrist {
        let mut rng = SeededRng::new(seed);
        Zobrist {
            keys: (0..n).map(|_| rng.next_u64()).collect(),
        }
    }

    /// Key number `i` (0 if out of range).
    #[inline]
    pub fn key(&self, i: usize) -> u64 {
        self.keys.get(i).copied().unwrap_or(0)
    }
}
