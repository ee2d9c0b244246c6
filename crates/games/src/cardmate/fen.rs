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
use deckmate_rules::{PositionError, Seat};

/// The position string's fields, in order.
const FIELDS: [&str; 4] = ["board", "side", "quiet plies", "move number"];

fn bad_char(rank: u8, found: char) -> PositionError {
    PositionError::BadChar {
        rank,
        found,
        expected: vec!["a card".to_string(), "a count of empty squares".to_string()],
    }
}

/// Reads a position string with the given rules options.
pub fn parse(text: &str, options: Options) -> Result<Position, PositionError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() != FIELDS.len() {
        return Err(PositionError::FieldCount {
            game: "Cardmate".to_string(),
            fields: FIELDS.iter().map(|f| f.to_string()).collect(),
            found: fields.len(),
        });
    }
    let rows: Vec<&str> = fields[0].split('/').collect();
    if rows.len() != 10 {
        return Err(PositionError::RankCount {
            field: "board".to_string(),
            expected: 10,
            found: rows.len(),
        });
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
                    return Err(bad_char(rank, c));
                }
                let card = Card::new(r, s);
                let owner = if next.is_some_and(|n| n.is_ascii_uppercase()) {
                    Seat::First
                } else {
                    Seat::Second
                };
                if seen[card.index()] {
                    return Err(PositionError::Duplicate {
                        noun: "card".to_string(),
                        piece: card.to_string(),
                    });
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
                return Err(bad_char(rank, c));
            }
        }
        if file != 10 {
            return Err(PositionError::RankLength {
                rank,
                unit: "squares".to_string(),
                expected: 10,
                found: file,
                hint: None,
            });
        }
    }
    for s in Suit::ALL {
        if seen[Card::new(Rank::ONE, s).index()] && seen[Card::new(Rank::ACE, s).index()] {
            return Err(PositionError::Impossible {
                why: format!(
                    "the One and the Ace of {} are both on the board (the Ace only comes from promoting the One)",
                    s.letter()
                ),
            });
        }
    }
    pos.side = match fields[1] {
        "F" | "f" => Seat::First,
        "R" | "r" => Seat::Second,
        other => {
            return Err(PositionError::UnknownSide {
                text: other.to_string(),
                expected: vec!["F".to_string(), "R".to_string()],
            })
        }
    };
    // A side may have lost both Kings only if the other side took the last
    // one, so that it is the loser's turn in a finished game.
    let mover = pos.side.other();
    if pos.kings(mover) == 0 {
        return Err(PositionError::MoverHasNoKing {
            side: super::position::seat_name(mover).to_string(),
        });
    }
    (pos.quiet, pos.fullmove) =
        parse_counters(fields[2], fields[3]).map_err(|bad| PositionError::Counter {
            text: bad.to_string(),
        })?;
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
