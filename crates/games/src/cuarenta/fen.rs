//! The Cuarenta position string (FEN-like), with `*` for the holes.
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

use super::piece::Piece;
use super::position::{seat_name, Position, CAMEL_HOME, KING_HOME};
use super::tables::{square_name, Tables};
use crate::counters::parse_counters;
use deckmate_board::Square;
use deckmate_rules::Seat;
use std::fmt;

/// The start position of RULINGS Q2.
pub const START: &str =
    "*c*f*f*b*/v*g*k*g*v/*p*p*p*p*/1*1*1*1*1/*1*1*1*1*/1*1*1*1*1/*P*P*P*P*/V*G*K*G*V/*B*F*F*C* w Cc 0 1";

/// Why a position string was refused; ranks are numbered 1-9 as on the
/// board.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum FenError {
    /// Not five space-separated fields.
    Fields(usize),
    /// The placement does not have 9 ranks.
    RankCount(usize),
    /// A rank does not describe 9 cells.
    RankLength {
        /// The rank, 1-9.
        rank: u8,
        /// The cells it described.
        cells: usize,
    },
    /// A character that is not `*`, a digit or a piece letter.
    BadChar {
        /// The rank, 1-9.
        rank: u8,
        /// The character.
        found: char,
    },
    /// A `*` on a light square.
    HoleOnLight(String),
    /// A piece or an empty square on a dark square (a hole).
    DarkSquare(String),
    /// A side has no King, or more than one.
    Kings {
        /// The side.
        seat: &'static str,
        /// How many Kings it has.
        count: u32,
    },
    /// The side to move is not `w` or `b`.
    Side(String),
    /// The castling field is not `-` or some of `C`, `c`.
    Castling(String),
    /// A castling right whose King or Camel is not on its square.
    CastlingPieces(String),
    /// The side that has just moved is in check.
    OpponentInCheck(&'static str),
    /// A counter is not a number in range.
    Counter(String),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Fields(n) => write!(
                f,
                "a Cuarenta position has 5 fields (placement, side, castling, quiet plies, move number), not {n}"
            ),
            FenError::RankCount(n) => {
                write!(f, "the placement needs 9 ranks separated by '/', not {n}")
            }
            FenError::RankLength { rank, cells } => write!(
                f,
                "rank {rank} describes {cells} cells instead of 9 (holes are written '*')"
            ),
            FenError::BadChar { rank, found } => write!(
                f,
                "rank {rank}: '{found}' is not '*', a count of empty squares or a piece letter K B C V G F P (k b c v g f p for Black)"
            ),
            FenError::HoleOnLight(sq) => {
                write!(f, "{sq} is a light square: it holds a piece or a digit, not '*'")
            }
            FenError::DarkSquare(sq) => write!(
                f,
                "{sq} is a dark square, a hole: write '*' there (only the light squares exist)"
            ),
            FenError::Kings { seat, count } => {
                write!(f, "{seat} has {count} Kings; each side has exactly one")
            }
            FenError::Side(s) => write!(f, "the side to move must be w or b, not '{s}'"),
            FenError::Castling(s) => write!(
                f,
                "the castling field must be '-' or some of 'C' (White) and 'c' (Black), not '{s}'"
            ),
            FenError::CastlingPieces(m) => write!(f, "{m}"),
            FenError::OpponentInCheck(s) => write!(
                f,
                "{s} is in check with the other side to move: {s}'s last move would have been illegal"
            ),
            FenError::Counter(s) => write!(f, "'{s}' is not a valid counter"),
        }
    }
}

impl std::error::Error for FenError {}

/// Reads a position string.
pub fn parse(text: &str) -> Result<Position, FenError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() != 5 {
        return Err(FenError::Fields(fields.len()));
    }
    let rows: Vec<&str> = fields[0].split('/').collect();
    if rows.len() != 9 {
        return Err(FenError::RankCount(rows.len()));
    }
    let t = Tables::get();
    let mut pos = Position::empty();
    let mut kings = [0u32; 2];
    for (i, row) in rows.iter().enumerate() {
        let rank = 8 - i as u8;
        let mut file = 0u32;
        for c in row.chars() {
            let cells = match c {
                '*' => {
                    if let Some(sq) = cell(t, file, rank) {
                        return Err(FenError::HoleOnLight(square_name(sq)));
                    }
                    1
                }
                '1'..='9' => c as u32 - '0' as u32,
                _ => {
                    let Some(piece) = Piece::from_letter(c.to_ascii_uppercase()) else {
                        return Err(FenError::BadChar {
                            rank: rank + 1,
                            found: c,
                        });
                    };
                    let seat = if c.is_ascii_uppercase() {
                        Seat::First
                    } else {
                        Seat::Second
                    };
                    let Some(sq) = cell(t, file, rank) else {
                        return Err(dark(file, rank));
                    };
                    if piece == Piece::King {
                        kings[seat.index()] += 1;
                    }
                    pos.put(seat, piece, sq);
                    file += 1;
                    continue;
                }
            };
            if c != '*' {
                for k in 0..cells {
                    if cell(t, file + k, rank).is_none() {
                        return Err(dark(file + k, rank));
                    }
                }
            }
            file += cells;
        }
        if file != 9 {
            return Err(FenError::RankLength {
                rank: rank + 1,
                cells: file as usize,
            });
        }
    }
    for seat in Seat::BOTH {
        if kings[seat.index()] != 1 {
            return Err(FenError::Kings {
                seat: seat_name(seat),
                count: kings[seat.index()],
            });
        }
    }
    pos.side = match fields[1] {
        "w" => Seat::First,
        "b" => Seat::Second,
        other => return Err(FenError::Side(other.to_string())),
    };
    pos.castling = parse_castling(fields[2])?;
    for seat in Seat::BOTH {
        let s = seat.index();
        if pos.castling & (1 << s) != 0
            && (pos.at_index(KING_HOME[s]) != Some((seat, Piece::King))
                || pos.at_index(CAMEL_HOME[s]) != Some((seat, Piece::Camel)))
        {
            return Err(FenError::CastlingPieces(format!(
                "{} may castle only with its King on {} and its Camel on {}",
                seat_name(seat),
                square_name(KING_HOME[s]),
                square_name(CAMEL_HOME[s])
            )));
        }
    }
    (pos.quiet, pos.fullmove) =
        parse_counters(fields[3], fields[4]).map_err(|bad| FenError::Counter(bad.to_string()))?;
    // The side that just moved may not stand in check.
    let mut other = pos.clone();
    other.side = pos.side.other();
    if other.in_check() {
        return Err(FenError::OpponentInCheck(seat_name(other.side)));
    }
    pos.finish_setup();
    Ok(pos)
}

fn cell(t: &Tables, file: u32, rank: u8) -> Option<u8> {
    if file >= 9 {
        return None;
    }
    t.index(Square::new(file as u8, rank)?)
}

fn dark(file: u32, rank: u8) -> FenError {
    if file >= 9 {
        // Past file i: the rank is too long.
        return FenError::RankLength {
            rank: rank + 1,
            cells: file as usize + 1,
        };
    }
    FenError::DarkSquare(format!("{}{}", (b'a' + file as u8) as char, rank + 1))
}

fn parse_castling(s: &str) -> Result<u8, FenError> {
    if s == "-" {
        return Ok(0);
    }
    let mut rights = 0u8;
    for c in s.chars() {
        let b = match c {
            'C' => 1,
            'c' => 2,
            _ => return Err(FenError::Castling(s.to_string())),
        };
        if rights & b != 0 {
            return Err(FenError::Castling(s.to_string()));
        }
        rights |= b;
    }
    Ok(rights)
}

/// Writes the position string.
pub fn write(pos: &Position) -> String {
    let t = Tables::get();
    let mut out = String::new();
    for rank in (0..9u8).rev() {
        for file in 0..9u32 {
            match cell(t, file, rank) {
                None => out.push('*'),
                Some(sq) => match pos.at_index(sq) {
                    None => out.push('1'),
                    Some((seat, piece)) => {
                        let l = piece.letter();
                        out.push(if seat == Seat::First {
                            l
                        } else {
                            l.to_ascii_lowercase()
                        });
                    }
                },
            }
        }
        if rank > 0 {
            out.push('/');
        }
    }
    let side = if pos.side == Seat::First { 'w' } else { 'b' };
    let mut castling = String::new();
    if pos.castling & 1 != 0 {
        castling.push('C');
    }
    if pos.castling & 2 != 0 {
        castling.push('c');
    }
    if castling.is_empty() {
        castling.push('-');
    }
    format!("{out} {side} {castling} {} {}", pos.quiet, pos.fullmove)
}
