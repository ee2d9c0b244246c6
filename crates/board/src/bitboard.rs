//! A set of squares of a board up to 16x16.

use crate::Square;

/// 256 bits, one per [`Square`] index.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default, Debug)]
pub struct Bitboard(pub [u64; 4]);

impl Bitboard {
    /// The empty set.
    pub const EMPTY: Bitboard = Bitboard([0; 4]);

    /// Whether `sq` is in the set.
    #[inline]
    pub const fn contains(&self, sq: Square) -> bool {
        (self.0[(sq.0 >> 6) as usize] >> (sq.0 & 63)) & 1 != 0
    }

    /// Adds `sq`.
    #[inline]
    pub fn insert(&mut self, sq: Square) {
        self.0[(sq.0 >> 6) as usize] |= 1 << (sq.0 & 63);
    }

    /// Removes `sq`.
    #[inline]
    pub fn remove(&mut self, sq: Square) {
        self.0[(sq.0 >> 6) as usize] &= !(1 << (sq.0 & 63));
    }

    /// The number of squares in the set.
    pub fn count(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.0 == [0; 4]
    }

    /// The squares in the set, lowest index first.
    pub fn iter(&self) -> impl Iterator<Item = Square> + '_ {
        (0..4usize).flat_map(move |w| {
            let mut bits = self.0[w];
            std::iter::from_fn(move || {
                if bits == 0 {
                    return None;
                }
                let b = bits.trailing_zeros();
                bits &= bits - 1;
                Some(Square((w as u32 * 64 + b) as u8))
            })
        })
    }
}

impl std::ops::BitOr for Bitboard {
    type Output = Bitboard;
    fn bitor(self, rhs: Bitboard) -> Bitboard {
        Bitboard([
            self.0[0] | rhs.0[0],
            self.0[1] | rhs.0[1],
            self.0[2] | rhs.0[2],
            self.0[3] | rhs.0[3],
        ])
    }
}

impl std::ops::BitAnd for Bitboard {
    type Output = Bitboard;
    fn bitand(self, rhs: Bitboard) -> Bitboard {
        Bitboard([
            self.0[0] & rhs.0[0],
            self.0[1] & rhs.0[1],
            self.0[2] & rhs.0[2],
            self.0[3] & rhs.0[3],
        ])
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        let mut b = Bitboard::EMPTY;
        for sq in iter {
            b.insert(sq);
        }
        b
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insert_remove_iterate() {
        let mut b = Bitboard::EMPTY;
        for i in [0u8, 63, 64, 200, 255] {
            b.insert(Square(i));
        }
        assert_eq!(b.count(), 5);
        assert!(b.contains(Square(200)));
        b.remove(Square(200));
        assert!(!b.contains(Square(200)));
        let v: Vec<u8> = b.iter().map(|s| s.0).collect();
        assert_eq!(v, vec![0, 63, 64, 255]);
    }
}
