//! Board shapes: size and holes.

use crate::{Bitboard, RankStyle, Square};
use std::fmt;

/// The shape of a board: `files` x `ranks` (each 1..=16), minus its holes,
/// with the rank style its square names use.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Geometry {
    files: u8,
    ranks: u8,
    squares: Bitboard,
    style: RankStyle,
}

/// Why a geometry is not valid.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum GeometryError {
    /// Files or ranks outside 1..=16.
    Size {
        /// Files asked for.
        files: u8,
        /// Ranks asked for.
        ranks: u8,
    },
    /// A hole that is not on the board.
    HoleOffBoard(Square),
}

impl fmt::Display for GeometryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GeometryError::Size { files, ranks } => {
                write!(
                    f,
                    "a board of {files}x{ranks} is not supported (1 to 16 each)"
                )
            }
            GeometryError::HoleOffBoard(sq) => {
                write!(
                    f,
                    "hole {} is not on the board",
                    sq.name(RankStyle::FromOne)
                )
            }
        }
    }
}

impl std::error::Error for GeometryError {}

/// Which colour of a checkered board is kept by [`Geometry::checkered`]:
/// the squares whose file + rank (from 0) is even, or odd.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Parity {
    /// file + rank even (a1 and its colour).
    Even = 0,
    /// file + rank odd (the colour of b1 and a2).
    Odd = 1,
}

impl Geometry {
    /// A full rectangular board.
    pub fn new(files: u8, ranks: u8, style: RankStyle) -> Result<Geometry, GeometryError> {
        Geometry::with_holes(files, ranks, style, &[])
    }

    /// A board with the given squares missing.
    pub fn with_holes(
        files: u8,
        ranks: u8,
        style: RankStyle,
        holes: &[Square],
    ) -> Result<Geometry, GeometryError> {
        if !(1..=16).contains(&files) || !(1..=16).contains(&ranks) {
            return Err(GeometryError::Size { files, ranks });
        }
        let mut squares = Bitboard::EMPTY;
        for r in 0..ranks {
            for f in 0..files {
                squares.insert(Square(r * 16 + f));
            }
        }
        for &h in holes {
            if !squares.contains(h) {
                return Err(GeometryError::HoleOffBoard(h));
            }
            squares.remove(h);
        }
        Ok(Geometry {
            files,
            ranks,
            squares,
            style,
        })
    }

    /// A checkered board on which only one colour exists: the squares of
    /// the other colour are holes. `keep` says which squares stay: those
    /// whose file + rank (both counted from 0) is even or odd. Cuarenta's
    /// 9x9 board of 40 light squares is `checkered(9, 9, FromOne, Parity::Odd)`
    /// (a1 is dark).
    pub fn checkered(
        files: u8,
        ranks: u8,
        style: RankStyle,
        keep: Parity,
    ) -> Result<Geometry, GeometryError> {
        let full = Geometry::new(files, ranks, style)?;
        let holes: Vec<Square> = full
            .squares
            .iter()
            .filter(|s| (s.file() + s.rank()) % 2 != keep as u8)
            .collect();
        Geometry::with_holes(files, ranks, style, &holes)
    }

    /// Number of files.
    pub fn files(&self) -> u8 {
        self.files
    }

    /// Number of ranks.
    pub fn ranks(&self) -> u8 {
        self.ranks
    }

    /// How square names number the ranks.
    pub fn style(&self) -> RankStyle {
        self.style
    }

    /// Whether `sq` exists on this board (inside it and not a hole).
    #[inline]
    pub fn contains(&self, sq: Square) -> bool {
        self.squares.contains(sq)
    }

    /// All squares that exist.
    pub fn squares(&self) -> Bitboard {
        self.squares
    }

    /// The square `(df, dr)` from `sq`, if it exists on this board.
    pub fn offset(&self, sq: Square, df: i32, dr: i32) -> Option<Square> {
        sq.offset(df, dr).filter(|s| self.contains(*s))
    }

    /// Parses a square name and checks that it exists on this board.
    pub fn parse_square(&self, text: &str) -> Option<Square> {
        Square::parse(text, self.style)
            .ok()
            .filter(|s| self.contains(*s))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cuarenta_board_has_forty_one_holes() {
        let holes: Vec<Square> = (0..9u8)
            .flat_map(|r| (0..9u8).map(move |f| (f, r)))
            .filter(|(f, r)| (f + 1 + r + 1) % 2 == 0)
            .map(|(f, r)| Square::new(f, r).unwrap())
            .collect();
        let g = Geometry::with_holes(9, 9, RankStyle::FromOne, &holes).unwrap();
        assert_eq!(holes.len(), 41);
        assert_eq!(g.squares().count(), 40);
        assert!(g.parse_square("a2").is_some());
        assert!(g.parse_square("a1").is_none());
    }

    #[test]
    fn checkered_keeps_one_colour() {
        let g = Geometry::checkered(9, 9, RankStyle::FromOne, Parity::Odd).unwrap();
        assert_eq!(g.squares().count(), 40);
        assert!(g.parse_square("b1").is_some());
        assert!(g.parse_square("a1").is_none());
        let even = Geometry::checkered(8, 8, RankStyle::FromOne, Parity::Even).unwrap();
        assert_eq!(even.squares().count(), 32);
        assert!(even.parse_square("a1").is_some());
        assert!(Geometry::checkered(0, 9, RankStyle::FromOne, Parity::Odd).is_err());
    }

    #[test]
    fn sizes_are_checked() {
        assert!(Geometry::new(17, 8, RankStyle::FromOne).is_err());
        assert!(Geometry::new(0, 8, RankStyle::FromOne).is_err());
        let g = Geometry::new(16, 16, RankStyle::FromOne).unwrap();
        assert_eq!(g.squares().count(), 256);
        assert_eq!(g.offset(Square(0), -1, 0), None);
    }
}
