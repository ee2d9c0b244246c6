//! XBetza piece notation: text -> syntax tree -> canonical text -> move tables.
//!
//! ```
//! use deckmate_betza::{compile_str, parse, Facing};
//! use deckmate_board::{Geometry, RankStyle, Square};
//!
//! let jack = parse("NQ2").unwrap();
//! assert_eq!(jack.to_string(), "NR2B2");
//! let board = Geometry::new(10, 10, RankStyle::FromZero).unwrap();
//! let table = compile_str("fWmbW", &board, Facing::Up).unwrap();
//! let e4 = Square::new(4, 4).unwrap();
//! assert_eq!(table.from(e4).leaps.len(), 2);
//! assert!(parse("fY").is_err());
//! ```
//!
//! The grammar and our extensions are described in [`parse`]; the
//! canonical form in [`print`]. What the compiler cannot play exactly it
//! rejects with an error naming the byte position: it never guesses.
#![deny(missing_docs)]

pub mod ast;
mod compile;
mod error;
pub mod parse;
pub mod print;
pub mod table;

pub use ast::{Atom, AtomKind, Betza, Clause, Continuation, Range};
pub use compile::compile;
pub use error::{BetzaError, ErrorKind};
pub use parse::parse;
pub use table::{Facing, Leap, Mode, MoveTable, Ray, RayKind, SquareMoves};

use deckmate_board::Geometry;

/// Parses and compiles in one step.
pub fn compile_str(
    text: &str,
    geometry: &Geometry,
    facing: Facing,
) -> Result<MoveTable, BetzaError> {
    compile(&parse(text)?, geometry, facing)
}
