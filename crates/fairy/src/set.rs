//! Sets of squares sized to the board.
//!
//! A fairy position numbers the existing squares of its board densely,
//! `0..n` in [`Square`](deckmate_board::Square) order (rank by rank from
//! the first player's side, files left to right, holes skipped), and keeps
//! every set of squares in a [`SquareSet`]: a `u64` when `n <= 64` (chess,
//! Cuarenta's 40 squares), a `u128` up to 128 (10x10, 11x11, 12x10), and
//! [`Set256`] up to 256 (12x12 and beyond, to 16x16).
//!
//! Dense numbering keeps every straight line of squares monotonic in index:
//! walking a ray away from its start, the indices only grow (the ray points
//! up the board, or along a rank to the right) or only shrink. So the first
//! piece on a ray is its lowest or its highest member in the set of
//! occupied squares, which is what [`SquareSet::lowest`] and
//! [`SquareSet::highest`] give; the squares before it are
//! [`SquareSet::below`] or [`SquareSet::above`] it.

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A set of dense square indices below [`SquareSet::CAPACITY`].
pub trait SquareSet:
    Copy
    + Eq
    + Hash
    + Default
    + Debug
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
{
    /// How many squares the set can hold.
    const CAPACITY: usize;
    /// The empty set.
    const EMPTY: Self;
    /// One byte per square: the mailbox of a position over this set.
    type Mailbox: Copy + Debug + Send + Sync + 'static + AsRef<[u8]> + AsMut<[u8]>;

    /// A mailbox with every byte set to `value`.
    fn mailbox(value: u8) -> Self::Mailbox;

    /// The set holding square `i` alone (`i < CAPACITY`).
    fn bit(i: u8) -> Self;

    /// The squares with an index strictly below `i`.
    fn below(i: u8) -> Self;

    /// The squares with an index strictly above `i`.
    fn above(i: u8) -> Self;

    /// Whether the set is empty.
    fn is_empty(self) -> bool;

    /// The lowest index in the set (meaningless for the empty set).
    fn lowest(self) -> u8;

    /// The highest index in the set (meaningless for the empty set).
    fn highest(self) -> u8;

    /// The number of squares in the set.
    fn count(self) -> u32;

    /// Whether the set holds two or more squares.
    #[inline]
    fn has_several(self) -> bool {
        !self.without_lowest().is_empty()
    }

    /// The set without its lowest square.
    fn without_lowest(self) -> Self;

    /// Whether square `i` is in the set.
    #[inline]
    fn contains(self, i: u8) -> bool {
        !(self & Self::bit(i)).is_empty()
    }

    /// Whether the two sets share a square.
    #[inline]
    fn meets(self, other: Self) -> bool {
        !(self & other).is_empty()
    }

    /// Removes the lowest square and returns it (`None` when empty).
    #[inline]
    fn pop(&mut self) -> Option<u8> {
        if self.is_empty() {
            return None;
        }
        let i = self.lowest();
        *self = self.without_lowest();
        Some(i)
    }

    /// The squares of the set, lowest first.
    #[inline]
    fn iter(self) -> SetIter<Self> {
        SetIter(self)
    }
}

/// The squares of a set, lowest first.
#[derive(Clone, Debug)]
pub struct SetIter<S>(S);

impl<S: SquareSet> Iterator for SetIter<S> {
    type Item = u8;

    #[inline]
    fn next(&mut self) -> Option<u8> {
        self.0.pop()
    }
}

/// `SquareSet` for a primitive unsigned integer of `$bits` bits: the
/// integer's own bit operations.
macro_rules! integer_square_set {
    ($t:ty, $bits:expr) => {
        impl SquareSet for $t {
            const CAPACITY: usize = $bits;
            const EMPTY: $t = 0;
            type Mailbox = [u8; $bits];

            fn mailbox(value: u8) -> [u8; $bits] {
                [value; $bits]
            }

            #[inline]
            fn bit(i: u8) -> $t {
                1 << (i & ($bits - 1))
            }

            #[inline]
            fn below(i: u8) -> $t {
                (1 << (i & ($bits - 1))) - 1
            }

            #[inline]
            fn above(i: u8) -> $t {
                (<$t>::MAX << (i & ($bits - 1))) << 1
            }

            #[inline]
            fn is_empty(self) -> bool {
                self == 0
            }

            #[inline]
            fn lowest(self) -> u8 {
                self.trailing_zeros() as u8
            }

            #[inline]
            fn highest(self) -> u8 {
                ($bits - 1 - self.leading_zeros()) as u8
            }

            #[inline]
            fn count(self) -> u32 {
                self.count_ones()
            }

            #[inline]
            fn without_lowest(self) -> $t {
                self & self.wrapping_sub(1)
            }
        }
    };
}

integer_square_set!(u64, 64);
integer_square_set!(u128, 128);

/// A set of up to 256 squares (boards above 128 squares: 12x12 to 16x16),
/// four 64-bit words, lowest squares in the first.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default, Debug)]
pub struct Set256(pub [u64; 4]);

impl BitAnd for Set256 {
    type Output = Set256;
    #[inline]
    fn bitand(self, r: Set256) -> Set256 {
        let (a, b) = (self.0, r.0);
        Set256([a[0] & b[0], a[1] & b[1], a[2] & b[2], a[3] & b[3]])
    }
}

impl BitOr for Set256 {
    type Output = Set256;
    #[inline]
    fn bitor(self, r: Set256) -> Set256 {
        let (a, b) = (self.0, r.0);
        Set256([a[0] | b[0], a[1] | b[1], a[2] | b[2], a[3] | b[3]])
    }
}

impl BitXor for Set256 {
    type Output = Set256;
    #[inline]
    fn bitxor(self, r: Set256) -> Set256 {
        let (a, b) = (self.0, r.0);
        Set256([a[0] ^ b[0], a[1] ^ b[1], a[2] ^ b[2], a[3] ^ b[3]])
    }
}

impl Not for Set256 {
    type Output = Set256;
    #[inline]
    fn not(self) -> Set256 {
        let a = self.0;
        Set256([!a[0], !a[1], !a[2], !a[3]])
    }
}

impl BitAndAssign for Set256 {
    #[inline]
    fn bitand_assign(&mut self, r: Set256) {
        *self = *self & r;
    }
}

impl BitOrAssign for Set256 {
    #[inline]
    fn bitor_assign(&mut self, r: Set256) {
        *self = *self | r;
    }
}

impl BitXorAssign for Set256 {
    #[inline]
    fn bitxor_assign(&mut self, r: Set256) {
        *self = *self ^ r;
    }
}

impl SquareSet for Set256 {
    const CAPACITY: usize = 256;
    const EMPTY: Set256 = Set256([0; 4]);
    type Mailbox = [u8; 256];

    fn mailbox(value: u8) -> [u8; 256] {
        [value; 256]
    }

    #[inline]
    fn bit(i: u8) -> Set256 {
        let mut w = [0u64; 4];
        w[usize::from(i >> 6)] = 1u64 << (i & 63);
        Set256(w)
    }

    #[inline]
    fn below(i: u8) -> Set256 {
        let word = usize::from(i >> 6);
        let mut w = [0u64; 4];
        for (k, x) in w.iter_mut().enumerate() {
            *x = match k.cmp(&word) {
                std::cmp::Ordering::Less => u64::MAX,
                std::cmp::Ordering::Equal => (1u64 << (i & 63)) - 1,
                std::cmp::Ordering::Greater => 0,
            };
        }
        Set256(w)
    }

    #[inline]
    fn above(i: u8) -> Set256 {
        let word = usize::from(i >> 6);
        let mut w = [0u64; 4];
        for (k, x) in w.iter_mut().enumerate() {
            *x = match k.cmp(&word) {
                std::cmp::Ordering::Less => 0,
                std::cmp::Ordering::Equal => (u64::MAX << (i & 63)) << 1,
                std::cmp::Ordering::Greater => u64::MAX,
            };
        }
        Set256(w)
    }

    #[inline]
    fn is_empty(self) -> bool {
        (self.0[0] | self.0[1] | self.0[2] | self.0[3]) == 0
    }

    #[inline]
    fn lowest(self) -> u8 {
        for (k, &x) in self.0.iter().enumerate() {
            if x != 0 {
                return (k as u32 * 64 + x.trailing_zeros()) as u8;
            }
        }
        0
    }

    #[inline]
    fn highest(self) -> u8 {
        for k in (0..4).rev() {
            let x = self.0[k];
            if x != 0 {
                return (k as u32 * 64 + 63 - x.leading_zeros()) as u8;
            }
        }
        0
    }

    #[inline]
    fn count(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    #[inline]
    fn without_lowest(self) -> Set256 {
        let mut w = self.0;
        for x in w.iter_mut() {
            if *x != 0 {
                *x &= *x - 1;
                break;
            }
        }
        Set256(w)
    }
}
