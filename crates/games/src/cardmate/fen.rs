//! The Cardmate position string.
//!
//! `<rank 9>/<rank 8>/.../<rank 0> <side> <quiet plies> <move number>`.
//! A card is its rank symbol and its suit letter, the suit upper-case for
//! Forehand's cards and lower-case for Rearhand's (`4C` Forehand, `4c`
//! Rearhand); a run of empty squares is its length, 1 to 10. A digit
//! followed by a suit letter is a card, so `14C` is one empty square and
//! Forehand's Four of Clubs. The side is `F` or `R`. Example (the start):
//! `Xd8c9sQcKsKdQs9d8sXh/7h16cJh5c5sJc6h17d/4d2c3h1s24s3d2h1c/10/10/10/10/1D2S3C4H21H3S2D4C/7C16SJD5H5DJS6D17S/XS8H9CQHKCKHQD9H8DXC F 0 1`

use super::card::{Card, Rank, Suit};
use super::options::Options;
use super::position::Position;
use crate::counters::parse_counters;
use deckmate_board::Square;
use deckmate_rules::Seat;
use std::fmt;

/// Why a position string was refused.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum FenError {
    /// Not four space-separated fields.
    Fields(usize),
    /// The board does not have 10 ranks.
    RankCount(usize),
    /// A rank (numbered as on the board, 9..0) does not have 10 squares.
    RankLength {
        /// The rank, 0-9.
        rank: u8,
        /// Squares it described.
        squares: usize,
    },
    /// A character that is neither a card nor a run of empty squares.
    BadChar {
        /// The rank, 0-9.
        rank: u8,
        /// The character.
        found: char,
    },
    /// The same card twice.
    Duplicate(String),
    /// A One and the Ace of its suit together (the Ace only comes from it).
    OneAndAce(String),
    /// The side that just moved has no King (a finished game is the
    /// loser's turn).
    NoKing(&'static str),
    /// The side to move is not `F` or `R`.
    Side(String),
    /// A counter is not a number in range.
    Counter(String),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Fields(n) => write!(
                f,
                "a Cardmate position has 4 fields (board, side, quiet plies, move number), not {n}"
            ),
            FenError::RankCount(n) => write!(f, "the board needs 10 ranks separated by '/', not {n}"),
            FenError::RankLength { rank, squares } => {
                write!(f, "rank {rank} describes {squares} squares instead of 10")
            }
            FenError::BadChar { rank, found } => {
                write!(f, "rank {rank}: '{found}' is neither a card nor a count of empty squares")
            }
            FenError::Duplicate(c) => write!(f, "the card {c} appears twice"),
            FenError::OneAndAce(c) => write!(
                f,
                "the One and the Ace of {c} are both on the board (the Ace only comes from promoting the One)"
            ),
            FenError::NoKing(s) => write!(
                f,
                "{s} has no King, yet {s} has just moved (a finished game is the loser's turn)"
            ),
            FenError::Side(s) => write!(f, "the side to move must be F or R, not '{s}'"),
            FenError::Counter(s) => write!(f, "'{s}' is not a valid counter"),
        }
    }
}

impl std::error::Error for FenError {}

/// Reads a position string with the given rules options.
pub fn parse(text: &str, options: Options) -> Result<Position, FenError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() != 4 {
        return Err(FenError::Fields(fields.len()));
    }
    let rows: Vec<&str> = fields[0].split('/').collect();
    if rows.len() != 10 {
        return Err(FenError::RankCount(rows.len()));
    }
    let mut pos = Position::empty(options);
    let mut seen = [false; 56];
    for (i, row) in rows.iter().enumerate() {
        let rank = 9 - i as u8;
        let chars: Vec<char> = row.chars().collect();
        let mut file = 0usize;
        let mut k = 0;
        while k < chars.len() {
            let c = chars[k];
            let next = chars.get(k + 1).copied();
            let suit = next.and_then(Suit::from_letter);
            if let (Some(r), Some(s)) = (Rank::from_symbol(c), suit) {
                if !c.is_ascii_digit() && !c.is_ascii_uppercase() {
                    return Err(FenError::BadChar { rank, found: c });
                }
                let card = Card::new(r, s);
                let owner = if next.is_some_and(|n| n.is_ascii_uppercase()) {
                    Seat::First
                } else {
                    Seat::Second
                };
                if seen[card.index()] {
                    return Err(FenError::Duplicate(card.to_string()));
                }
                seen[card.index()] = true;
                if file < 10 {
                    pos.put(card, owner, Square(rank * 16 + file as u8));
                }
                file += 1;
                k += 2;
            } else if c.is_ascii_digit() && c != '0' {
                let run = if c == '1' && next == Some('0') {
                    k += 1;
                    10
                } else {
                    c as usize - '0' as usize
                };
                file += run;
                k += 1;
            } else {
                return Err(FenError::BadChar { rank, found: c });
            }
        }
        if file != 10 {
            return Err(FenError::RankLength {
                rank,
                squares: file,
            });
        }
    }
    for s in Suit::ALL {
        if seen[Card::new(Rank::ONE, s).index()] && seen[Card::new(Rank::ACE, s).index()] {
            return Err(FenError::OneAndAce(format!("{}", s.letter())));
        }
    }
    pos.side = match fields[1] {
        "F" | "f" => Seat::First,
        "R" | "r" => Seat::Second,
        other => return Err(FenError::Side(other.to_string())),
    };
    // A side may have lost both Kings only if the other side took the last
    // one, so that it is the loser's turn in a finished game.
    let mover = pos.side.other();
    if pos.kings(mover) == 0 {
        return Err(FenError::NoKing(super::position::seat_name(mover)));
    }
    (pos.quiet, pos.fullmove) =
        parse_counters(fields[2], fields[3]).map_err(|bad| FenError::Counter(bad.to_string()))?;
    pos.finish_setup();
    pos.detect_static_end();
    Ok(pos)
}

/// Writes the position string.
pub fn write(pos: &Position) -> String {
    let mut out = String::new();
    for rank in (0..10u8).rev() {
        let mut empty = 0;
        for file in 0..10u8 {
            match pos.at_raw(rank * 16 + file) {
                None => empty += 1,
                Some((card, owner)) => {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push(card.rank().symbol());
                    let s = card.suit().letter();
                    out.push(if owner == Seat::First {
                        s
                    } else {
                        s.to_ascii_lowercase()
                    });
                }
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        if rank > 0 {
            out.push('/');
        }
    }
    let side = if pos.side == Seat::First { 'F' } else { 'R' };
    format!("{out} {side} {} {}", pos.quiet, pos.fullmove)
}
