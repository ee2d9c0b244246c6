//! Board geometry shared by every deckmate game.
//!
//! A board has up to 16 files and 16 ranks. A [`Square`] is stored as
//! `rank * 16 + file`, so every board fits in the 256 bits of a [`Bitboard`]
//! and coordinates never need a per-board stride. Some boards have holes
//! (Cuarenta's 9x9 board only has its 40 light squares); a [`Geometry`] knows
//! which squares exist ([`Geometry::checkered`] builds a board of one colour,
//! and [`DenseSquares`] numbers the squares of a board of at most 64 so that
//! a game can keep its sets of squares in a `u64`). Squares are written with a file letter and a rank
//! number in one of two [`RankStyle`]s: Cardmate counts ranks from 0, every
//! other game from 1.
#![deny(missing_docs)]

mod bitboard;
mod dense;
mod geometry;
mod square;

pub use bitboard::Bitboard;
pub use dense::{DenseSquares, TooManySquares};
pub use geometry::{Geometry, GeometryError, Parity};
pub use square::{RankStyle, Square, SquareParseError};
