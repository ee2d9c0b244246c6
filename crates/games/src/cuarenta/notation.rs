//! Move notation: the fairy core's ([`crate::fairy::notation`]) for
//! Cuarenta's rule set, SAN-like with the RULINGS' letters K B C V G F P
//! (the `P` written too).
//!
//! A move is the piece letter; the file, rank or square it comes from when
//! another piece of the same kind could go to the same square (file if that
//! tells them apart, else rank, else both: `Pbc4`, `F1d5`); `x` when it
//! captures; the target square; `=C`, `=F`, `=G`, `=V` or `=B` when a pawn
//! promotes (Q7); then `+` for check or `#` for checkmate. Castling (Q8)
//! is `O-O`. Examples: `Fa4`, `Vxf7`, `Pbc4`, `Ph8=C`, `Pb9=V+`, `O-O`.
//!
//! The reader wants the piece letter in upper case and the squares in lower
//! case; it accepts more disambiguation than needed, `0-0` for `O-O`, a
//! move without its `+` or `#`, and the core's coordinates (`b3c4`;
//! castling as the King's move to the Camel's square), but refuses a wrong
//! `+` or `#`, a missing or wrong `x`, and an ambiguous move; every refusal
//! says why.

use super::position::{Move, Position};
use crate::fairy;
use deckmate_rules::MoveError;

/// How moves look, for a text that is not one.
pub const EXAMPLES: &str = "Fa4, Vxf7, Pbc4, Ph8=C, O-O";

/// Writes a legal move as played from `pos`.
pub fn write(pos: &Position, mv: Move) -> String {
    fairy::notation::write(&pos.core, mv.0)
}

/// Reads a move and checks it against the position, saying why it is not
/// legal when it is not.
pub fn parse(pos: &Position, text: &str) -> Result<Move, MoveError> {
    fairy::notation::parse(&pos.core, text).map(Move)
}
