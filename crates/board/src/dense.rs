//! A dense numbering of a board's squares, for boards of at most 64
//! squares: games on such boards can keep a set of squares in one `u64`.

use crate::{Geometry, Square};

/// No dense index: the square does not exist on the board.
const NONE: u8 = 0xFF;

/// The existing squares of a [`Geometry`] numbered `0..len()` in
/// [`Square`] order (rank by rank from the first player's side, files left
/// to right), and back.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct DenseSquares {
    to_dense: [u8; 256],
    to_square: Vec<Square>,
}

/// A board with more than 64 squares cannot be numbered densely into a
/// `u64`.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct TooManySquares(pub u32);

impl std::fmt::Display for TooManySquares {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "the board has {} squares; at most 64 fit a u64", self.0)
    }
}

impl std::error::Error for TooManySquares {}

impl DenseSquares {
    /// Numbers the squares of `geometry`.
    pub fn new(geometry: &Geometry) -> Result<DenseSquares, TooManySquares> {
        let n = geometry.squares().count();
        if n > 64 {
            return Err(TooManySquares(n));
        }
        let mut to_dense = [NONE; 256];
        let mut to_square = Vec::with_capacity(n as usize);
        for sq in geometry.squares().iter() {
            to_dense[sq.index()] = to_square.len() as u8;
            to_square.push(sq);
        }
        Ok(DenseSquares {
            to_dense,
            to_square,
        })
    }

    /// The number of squares.
    pub fn len(&self) -> usize {
        self.to_square.len()
    }

    /// Whether the board has no squares.
    pub fn is_empty(&self) -> bool {
        self.to_square.is_empty()
    }

    /// The dense index of `sq`, if it exists on the board.
    #[inline]
    pub fn index(&self, sq: Square) -> Option<u8> {
        let i = self.to_dense[sq.index()];
        (i != NONE).then_some(i)
    }

    /// The square with dense index `i`, if `i < len()`.
    #[inline]
    pub fn square(&self, i: u8) -> Option<Square> {
        self.to_square.get(i as usize).copied()
    }

    /// The squares in dense order.
    pub fn squares(&self) -> &[Square] {
        &self.to_square
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Parity, RankStyle};

    #[test]
    fn numbers_existing_squares_both_ways() {
        let g = Geometry::checkered(9, 9, RankStyle::FromOne, Parity::Odd).unwrap();
        let d = DenseSquares::new(&g).unwrap();
        assert_eq!(d.len(), 40);
        for i in 0..40u8 {
            let sq = d.square(i).unwrap();
            assert!(g.contains(sq));
            assert_eq!(d.index(sq), Some(i));
        }
        assert_eq!(d.index(Square(0)), None);
        assert_eq!(d.square(40), None);
        assert_eq!(d.squares()[0].name(RankStyle::FromOne).to_string(), "b1");
        let big = Geometry::new(9, 9, RankStyle::FromOne).unwrap();
        assert_eq!(DenseSquares::new(&big), Err(TooManySquares(81)));
    }
}
