//! Squares and their names.

use std::fmt;

/// A square of a board of at most 16x16, stored as `rank * 16 + file`
/// (file and rank both counted from 0 at the first player's lower left).
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Square(pub u8);

impl Square {
    /// The square on `file` and `rank` (both from 0). Returns `None` if either
    /// is 16 or more.
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < 16 && rank < 16 {
            Some(Square(rank * 16 + file))
        } else {
            None
        }
    }

    /// The file, from 0 (`a`).
    pub const fn file(self) -> u8 {
        self.0 & 15
    }

    /// The rank, from 0 (the first player's back rank).
    pub const fn rank(self) -> u8 {
        self.0 >> 4
    }

    /// The index of this square, `0..256`.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The square `(df, dr)` away, if its coordinates stay within `0..16`.
    /// Whether it exists on a given board is the [`Geometry`](crate::Geometry)'s
    /// business.
    pub fn offset(self, df: i32, dr: i32) -> Option<Square> {
        let f = self.file() as i32 + df;
        let r = self.rank() as i32 + dr;
        if (0..16).contains(&f) && (0..16).contains(&r) {
            Some(Square((r * 16 + f) as u8))
        } else {
            None
        }
    }

    /// The square seen from the other side of a `files` x `ranks` board
    /// (rotated 180 degrees).
    pub fn rotate(self, files: u8, ranks: u8) -> Square {
        Square((ranks - 1 - self.rank()) * 16 + (files - 1 - self.file()))
    }

    /// Writes the square's name in the given rank style, e.g. `e0` or `e1`.
    pub fn name(self, style: RankStyle) -> SquareName {
        SquareName { sq: self, style }
    }

    /// Parses a square name (`a0`..`p15` or `a1`..`p16`, by `style`). The
    /// whole string must be the name.
    pub fn parse(text: &str, style: RankStyle) -> Result<Square, SquareParseError> {
        let (sq, used) = Square::parse_prefix(text, style)?;
        if used != text.len() {
            return Err(SquareParseError::Trailing(text.to_string()));
        }
        Ok(sq)
    }

    /// Parses a square name at the start of `text`; returns it and how many
    /// bytes it took. Takes as many digits as make a rank below 16 in `style`.
    pub fn parse_prefix(text: &str, style: RankStyle) -> Result<(Square, usize), SquareParseError> {
        let bytes = text.as_bytes();
        let file = match bytes.first() {
            Some(&c @ b'a'..=b'p') => c - b'a',
            _ => return Err(SquareParseError::File(text.to_string())),
        };
        let mut used = 1;
        let mut value: u32 = 0;
        while used < bytes.len() && bytes[used].is_ascii_digit() && used < 3 {
            let next = value * 10 + u32::from(bytes[used] - b'0');
            if used > 1 && next > 16 {
                break;
            }
            value = next;
            used += 1;
        }
        if used == 1 {
            return Err(SquareParseError::Rank(text.to_string()));
        }
        let rank = match style {
            RankStyle::FromZero => value,
            RankStyle::FromOne => match value.checked_sub(1) {
                Some(r) => r,
                None => return Err(SquareParseError::Rank(text.to_string())),
            },
        };
        if rank >= 16 {
            return Err(SquareParseError::Rank(text.to_string()));
        }
        Ok((Square((rank as u8) * 16 + file), used))
    }
}

/// How ranks are numbered in square names.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum RankStyle {
    /// Ranks numbered from 0 (Cardmate: `a0`..`j9`).
    FromZero,
    /// Ranks numbered from 1 (every other game: `a1`..).
    FromOne,
}

/// A square's name in a rank style; implements `Display`.
#[derive(Copy, Clone, Debug)]
pub struct SquareName {
    sq: Square,
    style: RankStyle,
}

impl fmt::Display for SquareName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rank = match self.style {
            RankStyle::FromZero => u32::from(self.sq.rank()),
            RankStyle::FromOne => u32::from(self.sq.rank()) + 1,
        };
        write!(f, "{}{}", (b'a' + self.sq.file()) as char, rank)
    }
}

/// Why a square name could not be read.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum SquareParseError {
    /// No file letter `a`..`p` at the start.
    File(String),
    /// No rank number, or one off the largest board.
    Rank(String),
    /// Characters after the square name.
    Trailing(String),
}

impl fmt::Display for SquareParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SquareParseError::File(t) => write!(f, "'{t}' does not start with a file letter a-p"),
            SquareParseError::Rank(t) => write!(f, "'{t}' has no valid rank number"),
            SquareParseError::Trailing(t) => write!(f, "'{t}' has characters after the square"),
        }
    }
}

impl std::error::Error for SquareParseError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_in_both_styles() {
        for style in [RankStyle::FromZero, RankStyle::FromOne] {
            for r in 0..16 {
                for f in 0..16 {
                    let sq = Square::new(f, r).unwrap();
                    let name = sq.name(style).to_string();
                    assert_eq!(Square::parse(&name, style), Ok(sq), "{name}");
                }
            }
        }
    }

    #[test]
    fn cardmate_and_chess_names() {
        let e0 = Square::parse("e0", RankStyle::FromZero).unwrap();
        assert_eq!((e0.file(), e0.rank()), (4, 0));
        let e1 = Square::parse("e1", RankStyle::FromOne).unwrap();
        assert_eq!(e0, e1);
        assert!(Square::parse("e0", RankStyle::FromOne).is_err());
        assert!(Square::parse("a17", RankStyle::FromOne).is_err());
        assert!(Square::parse("q1", RankStyle::FromOne).is_err());
        assert!(Square::parse("", RankStyle::FromOne).is_err());
        assert!(Square::parse("a1x", RankStyle::FromOne).is_err());
        assert_eq!(
            Square::parse_prefix("j9x", RankStyle::FromZero).unwrap().1,
            2
        );
        assert_eq!(
            Square::parse_prefix("a13", RankStyle::FromOne).unwrap().1,
            3
        );
    }

    #[test]
    fn offsets_stop_at_the_edge_of_the_largest_board() {
        let a0 = Square::new(0, 0).unwrap();
        assert_eq!(a0.offset(-1, 0), None);
        assert_eq!(a0.offset(15, 15), Square::new(15, 15));
        assert_eq!(a0.offset(16, 0), None);
    }
}
