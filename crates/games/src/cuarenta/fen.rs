//! The Cuarenta position string: the fairy core's ([`crate::fairy::fen`])
//! for Cuarenta's rule set, whose string has no en passant field.
//!
//! Five fields separated by spaces:
//! 1. the placement: ranks 9 down to 1 separated by `/`; each rank gives its
//!    9 cells from file a to file i: `*` a dark square (a hole: RULINGS Q1),
//!    a digit a run of empty light squares (always `1`, since holes separate
//!    the light squares of a rank), a letter a piece: `K B C V G F P`,
//!    upper case for White and lower case for Black;
//! 2. the side to move, `w` or `b`;
//! 3. the castling rights (Q8): `C` if White's King and original Camel have
//!    not moved, `c` the same for Black, `-` for neither (White's wait for
//!    Black is a rule, not a right: it is not written);
//! 4. the plies since the last capture or promotion (Q9: 80 draw);
//! 5. the move number, from 1, incremented after Black's move.
//!
//! The start (Q2):
//! `*c*f*f*b*/v*g*k*g*v/*p*p*p*p*/1*1*1*1*1/*1*1*1*1*/1*1*1*1*1/*P*P*P*P*/V*G*K*G*V/*B*F*F*C* w Cc 0 1`

use super::position::Position;
use super::squares::tables;
use crate::fairy;
use deckmate_rules::PositionError;

/// Dense squares (the core's numbering, b1 = 0 .. h9 = 39) of the Kings'
/// homes (Q2, Q8): White's e2, Black's e8. Castling rights (`C`, `c`) need
/// the King there.
pub const KING_HOME: [u8; 2] = [6, 33];
/// Dense squares of the original Camels' homes (Q2, Q8): White's h1,
/// Black's b9. Castling rights need the Camel there.
pub const CAMEL_HOME: [u8; 2] = [3, 36];

/// The start position of RULINGS Q2.
pub const START: &str =
    "*c*f*f*b*/v*g*k*g*v/*p*p*p*p*/1*1*1*1*1/*1*1*1*1*/1*1*1*1*1/*P*P*P*P*/V*G*K*G*V/*B*F*F*C* w Cc 0 1";

/// Reads a position string.
pub fn parse(text: &str) -> Result<Position, PositionError> {
    fairy::fen::parse(tables(), text).map(|core| Position { core })
}

/// Writes the position string.
pub fn write(pos: &Position) -> String {
    fairy::fen::write(&pos.core)
}
