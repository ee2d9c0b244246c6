//! XBetza piece notation: text -> syntax tree -> canonical text -> move
//! tables.
//!
//! ```
//! use deckmate_betza::{compile_str, parse, Facing};
//! use deckmate_board::{Geometry, RankStyle, Square};
//!
//! let jack = parse("NQ2").unwrap();
//! assert_eq!(jack.to_string(), "NR2B2");
//! assert_eq!(parse(&jack.to_string()).unwrap(), jack);
//! let board = Geometry::new(10, 10, RankStyle::FromZero).unwrap();
//! let table = compile_str("fWmbW", &board, Facing::Up).unwrap();
//! let e4 = Square::new(4, 4).unwrap();
//! assert_eq!(table.from(e4).leaps.len(), 2);
//! let err = parse("fY").unwrap_err();
//! assert_eq!(err.to_string(), "at 1: unknown atom 'Y'");
//! ```
//!
//! - [`parse()`] reads the text; [`mod@parse`] gives the grammar, the
//!   subset of XBetza played and what is refused. Errors carry the byte
//!   position and an [`ErrorKind`].
//! - `Display` for [`Betza`] prints the canonical text ([`mod@print`] has the
//!   rules); parsing it gives back an equal tree.
//! - [`compile`] turns a tree into a [`MoveTable`] for a [`Geometry`] (holes
//!   included) and a [`Facing`]; [`compile_str`] does both steps.
//!
//! What the compiler cannot play exactly it rejects with an error naming the
//! byte position: it never guesses and never drops a move.
//!
//! # Limits
//!
//! Texts come from users (variant files, deck files sent to a server), so
//! the work is bounded: a text of more than [`MAX_TEXT_BYTES`] bytes or of
//! more than [`MAX_CLAUSES`] clauses is refused ([`ErrorKind::TooLong`],
//! [`ErrorKind::TooManyClauses`]), and a move has at most two legs. Within
//! the limits, compiling is linear in the clauses: repeated clauses are
//! compiled once, and merging compares the distinct paths to a square, not
//! every pair of entries.
//!
//! # Directions
//!
//! Vectors are `(dx, dy)` for the side moving up the board (`dy > 0`
//! forward, `dx < 0` left); for [`Facing::Down`] everything is turned 180
//! degrees. Direction letters that stand next to each other may form one
//! two-letter term; letters separated by another modifier never do.
//! - Orthogonal atoms (`W D H`, `(x,0)`): `f b l r` one direction each,
//!   `v` = `fb`, `s` = `lr`; letters add up (`fsW`: forward, left, right).
//! - Diagonal atoms (`F A G`, `(x,x)`): `f b l r` two diagonals each (`fF`:
//!   both forward), `v` and `s` all four, `fl` (or `lf`) `fr` `bl` `br` one.
//! - Oblique atoms (`N C Z`, `(4,1)`): `f` (= `ff`) the two narrow forward
//!   moves ((±1,2) for `N`), `b` (= `bb`) the narrow backward ones, `l`
//!   (= `ll`) and `r` (= `rr`) the two wide moves to that side; `v` = `fb`,
//!   `s` = `lr`; `fs`, `bs` the wide forward and backward pairs ((±2,1),
//!   (±2,-1)), `lv`, `rv` the narrow pairs on one side; `fh`, `bh`, `lh`,
//!   `rh` the four moves on that half; one move each: `fl` (-2,1), `fr`
//!   (2,1), `bl` (-2,-1), `br` (2,-1), `lf` (-1,2), `rf` (1,2), `lb` (-1,-2),
//!   `rb` (1,-2) (XBetza: the first letter names the pair, the second picks
//!   its member).
//! - A second leg's letters are turns relative to the first step, in
//!   eighths of a circle: `f` straight on, `fl`/`fr`/`fs` 45 degrees left,
//!   right or both, `l`/`r`/`s` 90, `bl`/`br`/`bs` 135; no letters means
//!   all of these. An odd number of eighths turns `W` into `F`, `D` into `A`,
//!   `H` into `G` and back, as in XBetza.
//!
//! # Move tables
//!
//! See [`MoveTable`] for what a table guarantees about holes, rays and
//! duplicate destinations.
#![deny(missing_docs)]

pub mod ast;
mod check;
mod compile;
mod dirs;
mod error;
mod merge;
pub mod parse;
pub mod print;
pub mod table;

pub use ast::{Atom, AtomKind, Betza, Clause, Continuation, Range};
pub use compile::compile;
pub use error::{BetzaError, ErrorKind};
pub use parse::parse;
pub use table::{Facing, Leap, Mode, MoveTable, Ray, RayKind, SquareMoves};

use deckmate_board::Geometry;

/// The longest XBetza text read, in bytes. The longest move of the shipped
/// pieces is 21 bytes (the Ship, `FfrblyaflFflbryafrF`); the bound is set
/// far above what [`MAX_CLAUSES`] clauses need in canonical text (under 40
/// bytes a clause: `imnp`, eight two-letter directions, `(15,14)15`), so
/// the canonical text of any tree the parser gives reads back.
pub const MAX_TEXT_BYTES: usize = 2048;

/// The most clauses a piece may have, counted as written, a compound by its
/// parts (`K` = `WF` and `Q` = `RB` are two each). The shipped pieces have
/// at most four.
pub const MAX_CLAUSES: usize = 32;

/// Parses and compiles in one step.
pub fn compile_str(
    text: &str,
    geometry: &Geometry,
    facing: Facing,
) -> Result<MoveTable, BetzaError> {
    compile(&parse(text)?, geometry, facing)
}
