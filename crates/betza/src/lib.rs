//! XBetza piece notation: text -> syntax tree -> canonical text -> move tables.
//!
//! (Skeleton: the parser and compiler are being written; the table types in
//! [`table`] are the contract the games build on.)
#![deny(missing_docs)]

pub mod table;

pub use table::{Facing, Leap, Mode, MoveTable, Ray, RayKind, SquareMoves};
