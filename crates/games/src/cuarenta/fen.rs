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
use super::position::{seat_name, Position};
use super::squares::{dense, square_name};
use crate::counters::parse_counters;
use deckmate_board::Square;
use deckmate_rules::{PositionError, Seat};

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

/// The position string's fields, in order.
const FIELDS: [&str; 5] = [
    "placement",
    "side",
    "castling",
    "quiet plies",
    "move number",
];

/// A rank (0-8 here, 1-9 on the board) that describes `cells` cells.
fn rank_length(rank: u8, cells: usize) -> PositionError {
    PositionError::RankLength {
        rank: rank + 1,
        unit: "cells".to_string(),
        expected: 9,
        found: cells,
        hint: Some("holes are written '*'".to_string()),
    }
}

fn bad_castling(text: &str) -> PositionError {
    PositionError::BadField {
        field: "castling".to_string(),
        text: text.to_string(),
        expected: "'-' or some of 'C' (White) and 'c' (Black)".to_string(),
    }
}

/// Reads a position string.
pub fn parse(text: &str) -> Result<Position, PositionError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() != FIELDS.len() {
        return Err(PositionError::FieldCount {
            game: "Cuarenta".to_string(),
            fields: FIELDS.iter().map(|f| f.to_string()).collect(),
            found: fields.len(),
        });
    }
    let rows: Vec<&str> = fields[0].split('/').collect();
    if rows.len() != 9 {
        return Err(PositionError::RankCount {
            field: "placement".to_string(),
            expected: 9,
            found: rows.len(),
        });
    }
    let mut pos = Position::empty();
    let mut kings = [0u32; 2];
    for (i, row) in rows.iter().enumerate() {
        let rank = 8 - i as u8;
        let mut file = 0u32;
        for c in row.chars() {
            let cells = match c {
                '*' => {
                    if let Some(sq) = cell(file, rank) {
                        return Err(PositionError::HoleOnSquare {
                            square: square_name(sq),
                        });
                    }
                    1
                }
                '1'..='9' => c as u32 - '0' as u32,
                _ => {
                    let Some(piece) = Piece::from_letter(c.to_ascii_uppercase()) else {
                        return Err(PositionError::BadChar {
                            rank: rank + 1,
                            found: c,
                            expected: vec![
                                "'*'".to_string(),
                                "a count of empty squares".to_string(),
                                "a piece letter K B C V G F P (k b c v g f p for Black)"
                                    .to_string(),
                            ],
                        });
                    };
                    let seat = if c.is_ascii_uppercase() {
                        Seat::First
                    } else {
                        Seat::Second
                    };
                    let Some(sq) = cell(file, rank) else {
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
                    if cell(file + k, rank).is_none() {
                        return Err(dark(file + k, rank));
                    }
                }
            }
            file += cells;
        }
        if file != 9 {
            return Err(rank_length(rank, file as usize));
        }
    }
    for seat in Seat::BOTH {
        if kings[seat.index()] != 1 {
            return Err(PositionError::KingCount {
                side: seat_name(seat).to_string(),
                count: kings[seat.index()],
            });
        }
    }
    let side = match fields[1] {
        "w" => Seat::First,
        "b" => Seat::Second,
        other => {
            return Err(PositionError::UnknownSide {
                text: other.to_string(),
                expected: vec!["w".to_string(), "b".to_string()],
            })
        }
    };
    let castling = parse_castling(fields[2])?;
    for seat in Seat::BOTH {
        let s = seat.index();
        if castling & (1 << s) != 0
            && (pos.at_index(KING_HOME[s]) != Some((seat, Piece::King))
                || pos.at_index(CAMEL_HOME[s]) != Some((seat, Piece::Camel)))
        {
            return Err(PositionError::CastlingPieces {
                side: seat_name(seat).to_string(),
                needs: vec![
                    ("King".to_string(), square_name(KING_HOME[s])),
                    ("Camel".to_string(), square_name(CAMEL_HOME[s])),
                ],
            });
        }
    }
    let (quiet, fullmove) =
        parse_counters(fields[3], fields[4]).map_err(|bad| PositionError::Counter {
            text: bad.to_string(),
        })?;
    // The side that just moved may not stand in check.
    if pos.king_attacked(side.other()) {
        return Err(PositionError::OpponentInCheck {
            side: seat_name(side.other()).to_string(),
        });
    }
    pos.finish(side, castling, quiet, fullmove);
    Ok(pos)
}

fn cell(file: u32, rank: u8) -> Option<u8> {
    if file >= 9 {
        return None;
    }
    dense(Square::new(file as u8, rank)?)
}

fn dark(file: u32, rank: u8) -> PositionError {
    if file >= 9 {
        // Past file i: the rank is too long.
        return rank_length(rank, file as usize + 1);
    }
    PositionError::SquareOnHole {
        square: format!("{}{}", (b'a' + file as u8) as char, rank + 1),
    }
}

fn parse_castling(s: &str) -> Result<u8, PositionError> {
    if s == "-" {
        return Ok(0);
    }
    let mut rights = 0u8;
    for c in s.chars() {
        let b = match c {
            'C' => 1,
            'c' => 2,
            _ => return Err(bad_castling(s)),
        };
        if rights & b != 0 {
            return Err(bad_castling(s));
        }
        rights |= b;
    }
    Ok(rights)
}

/// Writes the position string.
pub fn write(pos: &Position) -> String {
    let mut out = String::new();
    for rank in (0..9u8).rev() {
        for file in 0..9u32 {
            match cell(file, rank) {
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
    let side = if pos.side_to_move() == Seat::First {
        'w'
    } else {
        'b'
    };
    let mut castling = String::new();
    if pos.castling_right(Seat::First) {
        castling.push('C');
    }
    if pos.castling_right(Seat::Second) {
        castling.push('c');
    }
    if castling.is_empty() {
        castling.push('-');
    }
    format!(
        "{out} {side} {castling} {} {}",
        pos.quiet_plies(),
        pos.fullmove()
    )
}
