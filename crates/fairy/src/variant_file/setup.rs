//! The setup string: FEN-like, read against the board and the pieces.
//!
//! Fields, separated by spaces (the first two required):
//! 1. the placement: ranks from the top down, separated by `/`; in each
//!    rank, from file `a`: a piece letter, a number (one or two digits) for
//!    that many empty squares, `*` for a hole of the board;
//! 2. the side to move, `w` or `b`;
//! 3. castling rights, `-` or some of `K Q k q` (default `-`);
//! 4. the en passant square, `-` or a square (default `-`);
//! 5. plies since the n-move count was reset (default 0);
//! 6. the move number (default 1).

use super::check::{Castling, Partners, Piece, Source, Wing};
use super::error::{Problem, VariantError};
use crate::rules::PieceKind;
use deckmate_board::{Geometry, RankStyle, Square};
use deckmate_rules::Seat;
use toml::Spanned;

/// What the setup is read against.
pub(super) struct Rules<'a> {
    /// The board.
    pub geometry: &'a Geometry,
    /// The pieces, checked.
    pub pieces: &'a [Piece],
    /// Whether the goal is checkmate (exactly one royal piece a side).
    pub checkmate: bool,
    /// The castling rule, if any.
    pub castling: Option<&'a Castling>,
    /// Whether en passant is played.
    pub en_passant: bool,
}

/// The setup as checked: what the variant's start is, and what the
/// reader still checks against the core.
pub(super) struct Setup {
    /// The setup string with its left-out fields filled with their
    /// defaults (`- - 0 1`): the core's start.
    pub start: String,
    /// The pieces on the board, by square (lowest square first).
    pub placed: Vec<Placed>,
    /// The byte offset of the en passant field in the setup string, if it
    /// names a square.
    pub en_passant_at: Option<usize>,
}

/// A piece standing on a square.
#[derive(Copy, Clone)]
pub(super) struct Placed {
    /// Where it stands.
    pub square: Square,
    /// Whose it is.
    pub seat: Seat,
    /// Its kind: an index into the pieces.
    pub piece: usize,
}

/// The words of `text` with their byte offsets.
fn words(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices() {
        match (c.is_whitespace(), start) {
            (true, Some(s)) => {
                out.push((s, text.get(s..i).unwrap_or("")));
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push((s, text.get(s..).unwrap_or("")));
    }
    out
}

fn side_name(seat: Seat) -> &'static str {
    match seat {
        Seat::First => "White",
        Seat::Second => "Black",
    }
}

fn name(sq: Square) -> String {
    sq.name(RankStyle::FromOne).to_string()
}

/// One cell of a rank as written.
enum Cell {
    Piece(char),
    Empty,
    Hole,
}

/// Reads the setup string written at `raw`.
pub(super) fn read(
    src: Source<'_>,
    raw: &Spanned<String>,
    rules: &Rules<'_>,
) -> Result<Setup, VariantError> {
    let text = raw.get_ref();
    let span = raw.span();
    let err = |offset: usize, problem: Problem| VariantError {
        at: src.inside(span.clone(), offset),
        problem,
    };
    let fields = words(text);
    if !(2..=6).contains(&fields.len()) {
        return Err(err(0, Problem::SetupFields(fields.len())));
    }
    let field = |k: usize| fields.get(k).copied();
    let (place_at, placement) = field(0).unwrap_or((0, ""));
    let placed = placement_of(placement, place_at, rules, &err)?;

    let to_move = match field(1) {
        Some((_, "w")) => Seat::First,
        Some((_, "b")) => Seat::Second,
        Some((at, other)) => return Err(err(at, Problem::SetupSide(other.to_string()))),
        None => Seat::First,
    };

    let mut castling = Vec::new();
    if let Some((at, rights)) = field(2) {
        if rights != "-" {
            for (k, c) in rights.char_indices() {
                let why = |why: String| {
                    err(
                        at + k,
                        Problem::SetupCastling {
                            text: rights.to_string(),
                            why,
                        },
                    )
                };
                let (seat, wing) = match c {
                    'K' => (Seat::First, Wing::High),
                    'Q' => (Seat::First, Wing::Low),
                    'k' => (Seat::Second, Wing::High),
                    'q' => (Seat::Second, Wing::Low),
                    _ => return Err(why(format!("'{c}' is not one of K Q k q, nor '-'"))),
                };
                if castling.contains(&(seat, wing)) {
                    return Err(why(format!("'{c}' is written twice")));
                }
                let Some(rule) = rules.castling else {
                    return Err(why("the variant has no [castling]".to_string()));
                };
                let Some(mv) = rule.moves.iter().find(|m| m.wing == wing) else {
                    return Err(why(format!(
                        "[castling] has no move with the partner on the {} files",
                        if wing == Wing::High {
                            "higher"
                        } else {
                            "lower"
                        }
                    )));
                };
                let mv = mv.for_seat(seat, rules.geometry.ranks());
                let at_square = |sq: Square| placed.iter().find(|p| p.square == sq);
                let piece_name =
                    |i: usize| rules.pieces.get(i).map_or("?", |p| p.spec.name.as_str());
                let king = at_square(mv.from).filter(|p| p.seat == seat && p.piece == rule.piece);
                if king.is_none() {
                    return Err(why(format!(
                        "'{c}' needs {}'s {} on {}",
                        side_name(seat),
                        piece_name(rule.piece),
                        name(mv.from)
                    )));
                }
                let partner = at_square(mv.partner_from).filter(|p| {
                    p.seat == seat
                        && match &rule.partners {
                            Partners::Any => rules
                                .pieces
                                .get(p.piece)
                                .is_some_and(|q| q.kind() == PieceKind::Piece),
                            Partners::Pieces(list) => list.contains(&p.piece),
                        }
                });
                if partner.is_none() {
                    let what = match &rule.partners {
                        Partners::Any => "a piece (not royal, not a pawn)".to_string(),
                        Partners::Pieces(list) => list
                            .iter()
                            .map(|&i| piece_name(i))
                            .collect::<Vec<_>>()
                            .join(" or "),
                    };
                    return Err(why(format!(
                        "'{c}' needs {} {what} on {}",
                        side_name(seat),
                        name(mv.partner_from)
                    )));
                }
                castling.push((seat, wing));
            }
        }
    }

    let mut en_passant_at = None;
    if let Some((at, ep)) = field(3) {
        if ep != "-" {
            let why = |why: String| {
                err(
                    at,
                    Problem::SetupEnPassant {
                        text: ep.to_string(),
                        why,
                    },
                )
            };
            if !rules.en_passant {
                return Err(why(
                    "the variant has no en passant (en_passant = true)".to_string()
                ));
            }
            let Some(sq) = rules.geometry.parse_square(ep) else {
                return Err(why("not a square of the board, nor '-'".to_string()));
            };
            if placed.iter().any(|p| p.square == sq) {
                return Err(why(format!("{ep} is not empty")));
            }
            // A pawn of the side that just moved must stand beyond the
            // square, in that side's forward direction (straight or
            // diagonally ahead of it).
            let moved = to_move.other();
            let ahead = |p: &Placed| {
                let dy = i32::from(p.square.rank()) - i32::from(sq.rank());
                let dy = if moved == Seat::First { dy } else { -dy };
                let dx = (i32::from(p.square.file()) - i32::from(sq.file())).abs();
                dy > 0 && dx <= dy
            };
            let pawn_beyond = placed.iter().any(|p| {
                p.seat == moved
                    && rules
                        .pieces
                        .get(p.piece)
                        .is_some_and(|q| q.kind() == PieceKind::Pawn)
                    && ahead(p)
            });
            if !pawn_beyond {
                return Err(why(format!(
                    "no {} pawn stands beyond {ep} in its forward direction, so none can have crossed it",
                    side_name(moved)
                )));
            }
            en_passant_at = Some(at);
        }
    }

    let counter = |k: usize, what: &'static str, min: u32| -> Result<u32, VariantError> {
        match field(k) {
            None => Ok(min),
            Some((at, t)) => t
                .parse::<u32>()
                .ok()
                .filter(|&n| n >= min && n <= 100_000)
                .ok_or_else(|| {
                    err(
                        at,
                        Problem::SetupCounter {
                            field: what,
                            text: t.to_string(),
                        },
                    )
                }),
        }
    };
    counter(4, "quiet plies", 0)?;
    counter(5, "move number", 1)?;

    for seat in [Seat::First, Seat::Second] {
        let royals = placed
            .iter()
            .filter(|p| {
                p.seat == seat
                    && rules
                        .pieces
                        .get(p.piece)
                        .is_some_and(|q| q.kind() == PieceKind::Royal)
            })
            .count();
        if royals == 0 {
            return Err(err(
                place_at,
                Problem::RoyalMissing {
                    side: side_name(seat),
                    royals: rules
                        .pieces
                        .iter()
                        .filter(|p| p.kind() == PieceKind::Royal)
                        .map(|p| p.spec.name.clone())
                        .collect(),
                },
            ));
        }
        if royals > 1 && rules.checkmate {
            return Err(err(
                place_at,
                Problem::RoyalCount {
                    side: side_name(seat),
                    count: royals,
                },
            ));
        }
    }

    let mut start: Vec<&str> = fields.iter().map(|&(_, w)| w).collect();
    for (i, default) in ["-", "-", "0", "1"].into_iter().enumerate() {
        if start.len() < i + 3 {
            start.push(default);
        }
    }
    Ok(Setup {
        start: start.join(" "),
        placed,
        en_passant_at,
    })
}

/// Reads the placement field (which starts at byte `base` of the string).
fn placement_of(
    placement: &str,
    base: usize,
    rules: &Rules<'_>,
    err: &dyn Fn(usize, Problem) -> VariantError,
) -> Result<Vec<Placed>, VariantError> {
    let g = rules.geometry;
    let (files, ranks) = (g.files(), g.ranks());
    let mut rows = Vec::new();
    let mut start = 0;
    for (i, c) in placement.char_indices() {
        if c == '/' {
            rows.push((start, placement.get(start..i).unwrap_or("")));
            start = i + 1;
        }
    }
    rows.push((start, placement.get(start..).unwrap_or("")));
    if rows.len() != usize::from(ranks) {
        return Err(err(
            base,
            Problem::SetupRanks {
                expected: ranks,
                found: rows.len(),
            },
        ));
    }
    let mut placed = Vec::new();
    for (i, &(row_at, row)) in rows.iter().enumerate() {
        let rank = ranks - 1 - i as u8;
        // First the cells as written, each with its byte offset.
        let mut cells: Vec<(usize, Cell, usize)> = Vec::new();
        let mut chars = row.char_indices().peekable();
        let mut count = 0usize;
        while let Some((k, c)) = chars.next() {
            let at = base + row_at + k;
            if c.is_ascii_digit() {
                let mut end = k + 1;
                while let Some(&(j, d)) = chars.peek() {
                    if !d.is_ascii_digit() {
                        break;
                    }
                    end = j + 1;
                    chars.next();
                }
                let run = row.get(k..end).unwrap_or("");
                let n: usize = match run.parse() {
                    Ok(n) if (1..=16).contains(&n) => n,
                    _ => {
                        return Err(err(
                            at,
                            Problem::SetupRun {
                                run: run.to_string(),
                                rank: rank + 1,
                                why: "is not a number of empty squares from 1 to 16".to_string(),
                            },
                        ))
                    }
                };
                cells.push((at, Cell::Empty, n));
                count += n;
            } else if c == '*' {
                cells.push((at, Cell::Hole, 1));
                count += 1;
            } else if c.is_ascii_alphabetic() {
                cells.push((at, Cell::Piece(c), 1));
                count += 1;
            } else {
                return Err(err(
                    at,
                    Problem::SetupCharacter {
                        ch: c,
                        rank: rank + 1,
                    },
                ));
            }
        }
        if count != usize::from(files) {
            return Err(err(
                base + row_at,
                Problem::SetupRankLength {
                    rank: rank + 1,
                    expected: files,
                    found: count,
                },
            ));
        }
        let mut file = 0u8;
        for (at, cell, n) in cells {
            let here = |f: u8| Square(rank * 16 + f);
            match cell {
                Cell::Hole => {
                    let sq = here(file);
                    if g.contains(sq) {
                        return Err(err(at, Problem::SetupNotAHole(name(sq))));
                    }
                }
                Cell::Empty => {
                    if let Some(sq) = (file..file + n as u8).map(here).find(|&s| !g.contains(s)) {
                        return Err(err(
                            at,
                            Problem::SetupRun {
                                run: n.to_string(),
                                rank: rank + 1,
                                why: format!(
                                    "covers {}, a hole of the board: write '*' for it",
                                    name(sq)
                                ),
                            },
                        ));
                    }
                }
                Cell::Piece(c) => {
                    let sq = here(file);
                    if !g.contains(sq) {
                        return Err(err(at, Problem::SetupOnHole(name(sq))));
                    }
                    let found = rules.pieces.iter().enumerate().find_map(|(i, p)| {
                        if p.letter(Seat::First) == c {
                            Some((i, Seat::First))
                        } else if p.letter(Seat::Second) == c {
                            Some((i, Seat::Second))
                        } else {
                            None
                        }
                    });
                    let Some((piece, seat)) = found else {
                        return Err(err(
                            at,
                            Problem::SetupLetter {
                                letter: c,
                                square: name(sq),
                            },
                        ));
                    };
                    placed.push(Placed {
                        square: sq,
                        seat,
                        piece,
                    });
                }
            }
            file += n as u8;
        }
    }
    placed.sort_by_key(|p| p.square);
    Ok(placed)
}
