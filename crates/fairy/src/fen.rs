//! The position string of a fairy game: chess's FEN, grown to any board.
//!
//! Six fields separated by spaces (the last two may be left out: `0 1`;
//! a game whose rule set has no en passant field, Cuarenta, has five, the
//! fourth left out):
//! 1. the placement: the ranks from the last down to the first separated
//!    by `/`; each rank gives its cells from the first file: a piece's
//!    letter (upper case for the first side, lower case for the second), a
//!    number (one or more digits) for that many empty squares, `*` for a
//!    hole (on a board of light squares only, Cuarenta's, the dark squares
//!    are its holes); in a game with hands, the pieces in hand follow in
//!    brackets (`[QNp]`, `[]` for none) and a promoted piece that goes back
//!    to a hand as a pawn is marked `~` after its letter (`Q~`);
//! 2. the side to move, `w` or `b`;
//! 3. the castling rights: the letters of the castlings still allowed (chess:
//!    `KQkq`), `-` for none;
//! 4. the en passant squares: the squares the pawn that just moved crossed
//!    (chess: one, `e3`; a longer step writes them one after the other,
//!    `e3e4`), `-` for none;
//! 5. the plies since the last capture, promotion or pawn move;
//! 6. the move number, from 1, incremented after the second side moves.
//!
//! Which pieces have not moved (for first-move-only moves) is not written:
//! a piece of such a kind standing on a square where the start has the same
//! piece is taken to be unmoved (chess: a pawn on its second rank).

use super::position::{seat_name, Position};
use super::rules::{RuleSet, WinCondition};
use super::set::SquareSet;
use super::tables::{Tables, UNMOVED};
use deckmate_board::Square;
use deckmate_host::counters::parse_counters;
use deckmate_rules::{PositionError, Seat};
use std::sync::Arc;

/// The position string's fields, in order.
const FIELDS: [&str; 6] = [
    "placement",
    "side",
    "castling",
    "en passant",
    "quiet plies",
    "move number",
];

/// The fields of the rule set's position string, in order.
fn fields(rules: &RuleSet) -> Vec<&'static str> {
    FIELDS
        .into_iter()
        .filter(|&f| rules.en_passant_field || f != "en passant")
        .collect()
}

fn impossible(why: String) -> PositionError {
    PositionError::Impossible { why }
}

/// The placement field without its hands, and the hands' letters.
fn split_hands(field: &str) -> (&str, Option<&str>) {
    match field.strip_suffix(']').and_then(|f| f.split_once('[')) {
        Some((board, hand)) => (board, Some(hand)),
        None => (field, None),
    }
}

/// Reads the placement field (its hands left out): the pieces, as (dense
/// square, side, kind, promoted).
pub(crate) fn parse_placement<S: SquareSet>(
    rules: &RuleSet,
    t: &Tables<S>,
    field: &str,
) -> Result<Vec<(u8, Seat, usize, bool)>, PositionError> {
    let field = split_hands(field).0;
    let g = &rules.geometry;
    let (files, ranks) = (u32::from(g.files()), g.ranks());
    let rows: Vec<&str> = field.split('/').collect();
    if rows.len() != usize::from(ranks) {
        return Err(PositionError::RankCount {
            field: "placement".to_string(),
            expected: usize::from(ranks),
            found: rows.len(),
        });
    }
    let name = |file: u32, rank: u8| -> String {
        Square::new(file as u8, rank).map_or_else(String::new, |s| rules.square_name(s))
    };
    let cell = |file: u32, rank: u8| -> Option<u8> {
        if file >= files {
            return None;
        }
        t.dense(Square::new(file as u8, rank)?)
    };
    // On a board with holes a rank counts its cells, holes too.
    let holes = (0..ranks).any(|r| (0..files).any(|f| cell(f, r).is_none()));
    let too_long = |rank: u8, found: u32| PositionError::RankLength {
        rank: rank + 1,
        unit: if holes { "cells" } else { "squares" }.to_string(),
        expected: files as usize,
        found: found as usize,
        hint: holes.then(|| "holes are written '*'".to_string()),
    };
    // Where the holes are the dark squares, the errors say so.
    let dark = rules.holes_are_dark();
    let hole_on_square = |file: u32, rank: u8| {
        if dark {
            PositionError::HoleOnSquare {
                square: name(file, rank),
            }
        } else {
            impossible(format!(
                "{} is a square of the board, not a hole: write a piece or a count of empty squares there",
                name(file, rank)
            ))
        }
    };
    let square_on_hole = |file: u32, rank: u8| {
        if dark {
            PositionError::SquareOnHole {
                square: name(file, rank),
            }
        } else {
            impossible(format!("{} is a hole: write '*' there", name(file, rank)))
        }
    };
    let mut out = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        let rank = ranks - 1 - i as u8;
        let mut file = 0u32;
        let mut chars = row.chars().peekable();
        while let Some(c) = chars.next() {
            if c == '*' {
                if file >= files {
                    return Err(too_long(rank, file + 1));
                }
                if cell(file, rank).is_some() {
                    return Err(hole_on_square(file, rank));
                }
                file += 1;
            } else if let Some(d) = c.to_digit(10) {
                let mut count = d;
                while let Some(e) = chars.peek().and_then(|c| c.to_digit(10)) {
                    count = count * 10 + e;
                    chars.next();
                    if count > 16 {
                        break;
                    }
                }
                if count == 0 {
                    return Err(PositionError::BadChar {
                        rank: rank + 1,
                        found: '0',
                        expected: vec!["a count of empty squares from 1".to_string()],
                    });
                }
                for k in 0..count {
                    if file + k >= files {
                        return Err(too_long(rank, file + count));
                    }
                    if cell(file + k, rank).is_none() {
                        return Err(square_on_hole(file + k, rank));
                    }
                }
                file += count;
            } else {
                let Some(kind) = c.is_ascii_alphabetic().then(|| rules.kind_of(c)).flatten() else {
                    let letters = rules.letters().join(" ");
                    return Err(PositionError::BadChar {
                        rank: rank + 1,
                        found: c,
                        expected: vec![
                            "'*'".to_string(),
                            "a count of empty squares".to_string(),
                            format!(
                                "a piece letter {letters} ({} for {})",
                                letters.to_ascii_lowercase(),
                                seat_name(Seat::Second)
                            ),
                        ],
                    });
                };
                if file >= files {
                    return Err(too_long(rank, file + 1));
                }
                let Some(sq) = cell(file, rank) else {
                    return Err(square_on_hole(file, rank));
                };
                let seat = if c.is_ascii_uppercase() {
                    Seat::First
                } else {
                    Seat::Second
                };
                let promoted = chars.peek() == Some(&'~');
                if promoted {
                    chars.next();
                    if !rules.hands.as_ref().is_some_and(|h| h.demote) {
                        return Err(PositionError::BadChar {
                            rank: rank + 1,
                            found: '~',
                            expected: vec![
                                "a piece, a count of empty squares or '*' ('~' marks promoted pieces in games whose hands take them back as pawns)"
                                    .to_string(),
                            ],
                        });
                    }
                }
                out.push((sq, seat, kind, promoted));
                file += 1;
            }
        }
        if file != files {
            return Err(too_long(rank, file));
        }
    }
    Ok(out)
}

/// Reads a position string.
pub fn parse<S: SquareSet>(
    tables: &Arc<Tables<S>>,
    text: &str,
) -> Result<Position<S>, PositionError> {
    let t = &**tables;
    let rules = t.rules.clone();
    let names = self::fields(&rules);
    let mut fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() + 2 == names.len() {
        fields.extend(["0", "1"]);
    }
    if fields.len() != names.len() {
        return Err(PositionError::FieldCount {
            game: rules.name.clone(),
            fields: names.iter().map(|f| f.to_string()).collect(),
            found: fields.len(),
        });
    }
    // Without an en passant field, the counters come one field earlier.
    let (ep, counters) = if rules.en_passant_field {
        (fields[3], 4)
    } else {
        ("-", 3)
    };
    let mut pos = Position::empty(tables.clone());
    let mut royals = [0u32; 2];
    for (sq, seat, kind, promoted) in parse_placement(&rules, t, fields[0])? {
        if t.is_royal(kind) {
            royals[seat.index()] += 1;
        }
        pos.put(seat, kind, sq);
        if promoted {
            pos.promoted |= S::bit(sq);
        }
        if t.flags[kind] & UNMOVED != 0
            && t.start_board.get(usize::from(sq)) == Some(&(kind as u8 | (seat as u8) << 5))
        {
            pos.unmoved |= S::bit(sq);
        }
    }
    parse_hands(&mut pos, split_hands(fields[0]).1)?;
    if rules.win == WinCondition::Checkmate {
        for seat in Seat::BOTH {
            if royals[seat.index()] != 1 {
                return Err(PositionError::KingCount {
                    side: seat_name(seat).to_string(),
                    count: royals[seat.index()],
                });
            }
        }
    }
    pos.side = match fields[1] {
        "w" => Seat::First,
        "b" => Seat::Second,
        other => {
            return Err(PositionError::UnknownSide {
                text: other.to_string(),
                expected: vec!["w".to_string(), "b".to_string()],
            })
        }
    };
    pos.rights = parse_castling(&pos, fields[2])?;
    (pos.ep, pos.ep_victim) = parse_ep(&pos, ep)?;
    (pos.quiet, pos.fullmove) =
        parse_counters(fields[counters], fields[counters + 1]).map_err(|bad| {
            PositionError::Counter {
                text: bad.to_string(),
            }
        })?;
    for seat in Seat::BOTH {
        let zone = t.promo_zone[seat.index()];
        if !rules.promotion_compulsory || zone.is_empty() {
            continue;
        }
        for k in (0..t.kinds).filter(|&k| t.is_pawn(k)) {
            let stuck = pos.place.by_kind[k] & pos.place.by_side[seat.index()] & zone;
            if let Some(sq) = stuck.iter().next() {
                return Err(impossible(format!(
                    "{}'s {} on {} stands where it must have promoted",
                    seat_name(seat),
                    rules.pieces[k].name,
                    t.name(sq)
                )));
            }
        }
    }
    if rules.win == WinCondition::Checkmate && pos.royal_attacked(pos.side.other()) {
        return Err(PositionError::OpponentInCheck {
            side: seat_name(pos.side.other()).to_string(),
        });
    }
    pos.finish_setup();
    Ok(pos)
}

fn parse_hands<S: SquareSet>(
    pos: &mut Position<S>,
    hand: Option<&str>,
) -> Result<(), PositionError> {
    let rules = pos.t.rules.clone();
    let bad = |text: &str, expected: &str| PositionError::BadField {
        field: "hands".to_string(),
        text: text.to_string(),
        expected: expected.to_string(),
    };
    let Some(hand) = hand else {
        return Ok(());
    };
    if rules.hands.is_none() {
        return Err(bad(hand, "nothing: the game has no hands"));
    }
    for c in hand.chars() {
        let kind = rules
            .kind_of(c)
            .filter(|_| c.is_ascii_alphabetic())
            .ok_or_else(|| bad(hand, "the letters of pieces held in hand"))?;
        if rules.pieces[kind].kind == super::rules::PieceKind::Royal {
            return Err(bad(hand, "pieces that are not royal"));
        }
        let seat = if c.is_ascii_uppercase() {
            Seat::First
        } else {
            Seat::Second
        };
        let n = &mut pos.hands[seat.index()][kind];
        *n = n
            .checked_add(1)
            .ok_or_else(|| bad(hand, "at most 255 of a kind"))?;
    }
    Ok(())
}

fn parse_castling<S: SquareSet>(pos: &Position<S>, field: &str) -> Result<u8, PositionError> {
    let t = &*pos.t;
    let rules = &t.rules;
    if field == "-" {
        return Ok(0);
    }
    let letters: String = rules.castling.iter().map(|c| c.letter).collect();
    let bad = || PositionError::BadField {
        field: "castling".to_string(),
        text: field.to_string(),
        expected: if letters.is_empty() {
            "'-' (the game has no castling)".to_string()
        } else {
            format!("'-' or some of '{letters}', each once")
        },
    };
    let mut rights = 0u8;
    for ch in field.chars() {
        let Some(ci) = rules.castling.iter().position(|c| c.letter == ch) else {
            return Err(bad());
        };
        if rights & (1 << ci) != 0 {
            return Err(bad());
        }
        rights |= 1 << ci;
        let c = &rules.castling[ci];
        let ct = &t.castlings[ci];
        let king_ok = pos
            .place
            .at(ct.king_from)
            .is_some_and(|(s, k)| s == c.seat && t.is_royal(k));
        let partner_ok = pos
            .place
            .at(ct.partner_from)
            .is_some_and(|(s, k)| s == c.seat && ct.partners & (1 << k) != 0);
        if !king_ok || !partner_ok {
            let royal = rules
                .pieces
                .iter()
                .find(|p| p.kind == super::rules::PieceKind::Royal)
                .map_or("King".to_string(), |p| p.name.clone());
            let partner = match c.partners.as_slice() {
                [one] => rules.pieces[*one].name.clone(),
                _ => "piece".to_string(),
            };
            return Err(PositionError::CastlingPieces {
                side: seat_name(c.seat).to_string(),
                needs: vec![
                    (royal, rules.square_name(c.king_from)),
                    (partner, rules.square_name(c.partner_from)),
                ],
            });
        }
    }
    Ok(rights)
}

fn parse_ep<S: SquareSet>(
    pos: &Position<S>,
    field: &str,
) -> Result<(S, Option<u8>), PositionError> {
    let t = &*pos.t;
    if field == "-" {
        return Ok((S::EMPTY, None));
    }
    let bad = |why: &str| PositionError::BadField {
        field: "en passant".to_string(),
        text: field.to_string(),
        expected: format!("'-' or the squares the last pawn crossed ({why})"),
    };
    if !t.rules.en_passant {
        return Err(bad("the game has no en passant"));
    }
    let mut set = S::EMPTY;
    let mut rest = field;
    while !rest.is_empty() {
        let (sq, used) =
            Square::parse_prefix(rest, t.rules.style()).map_err(|_| bad("not a square"))?;
        let i = t
            .dense(sq)
            .ok_or_else(|| bad("not a square of the board"))?;
        if pos.place.at(i).is_some() {
            return Err(bad("a crossed square is empty"));
        }
        set |= S::bit(i);
        rest = &rest[used..];
    }
    let mover = pos.side.other();
    let occ = pos.place.by_side[0] | pos.place.by_side[1];
    for v in pos.place.by_side[mover.index()].iter() {
        let kind = pos.place.kind_at(v);
        if !t.is_pawn(kind) {
            continue;
        }
        for f in 0..t.n as u8 {
            if !occ.contains(f) && t.crossed(t.at(mover, kind, f), v) == set {
                return Ok((set, Some(v)));
            }
        }
    }
    Err(bad("no pawn of the side that just moved has crossed them"))
}

/// Writes the position string.
pub fn write<S: SquareSet>(pos: &Position<S>) -> String {
    let t = &*pos.t;
    let rules = &t.rules;
    let g = &rules.geometry;
    let mut out = String::new();
    for rank in (0..g.ranks()).rev() {
        let mut run = 0;
        for file in 0..g.files() {
            let Some(i) = Square::new(file, rank).and_then(|s| t.dense(s)) else {
                if run > 0 {
                    out.push_str(&run.to_string());
                    run = 0;
                }
                out.push('*');
                continue;
            };
            match pos.place.at(i) {
                None => run += 1,
                Some((seat, kind)) => {
                    if run > 0 {
                        out.push_str(&run.to_string());
                        run = 0;
                    }
                    let l = rules.pieces[kind].letter;
                    out.push(if seat == Seat::First {
                        l
                    } else {
                        l.to_ascii_lowercase()
                    });
                    if pos.promoted.contains(i) {
                        out.push('~');
                    }
                }
            }
        }
        if run > 0 {
            out.push_str(&run.to_string());
        }
        if rank > 0 {
            out.push('/');
        }
    }
    if rules.hands.is_some() {
        out.push('[');
        for seat in Seat::BOTH {
            for (k, p) in rules.pieces.iter().enumerate() {
                for _ in 0..pos.in_hand(seat, k) {
                    out.push(if seat == Seat::First {
                        p.letter
                    } else {
                        p.letter.to_ascii_lowercase()
                    });
                }
            }
        }
        out.push(']');
    }
    let side = if pos.side == Seat::First { 'w' } else { 'b' };
    let mut castling: String = rules
        .castling
        .iter()
        .enumerate()
        .filter(|(i, _)| pos.rights & (1 << i) != 0)
        .map(|(_, c)| c.letter)
        .collect();
    if castling.is_empty() {
        castling.push('-');
    }
    let ep: String = if !rules.en_passant_field {
        String::new()
    } else if pos.ep.is_empty() {
        "- ".to_string()
    } else {
        let squares: String = pos.ep.iter().map(|i| t.name(i)).collect();
        squares + " "
    };
    format!("{out} {side} {castling} {ep}{} {}", pos.quiet, pos.fullmove)
}
