//! Move notation, SAN-like with the RULINGS' letters K B C V G F P (the `P`
//! written too).
//!
//! A move is the piece letter; the file, rank or square it comes from when
//! another piece of the same kind could go to the same square (file if that
//! tells them apart, else rank, else both: `Pbc4`, `F1d5`); `x` when it
//! captures; the target square; `=C`, `=F`, `=G`, `=V` or `=B` when a pawn
//! promotes (Q7); then `+` for check or `#` for checkmate. Castling (Q8)
//! is `O-O`. Examples: `Fa4`, `Vxf7`, `Pbc4`, `Ph8=C`, `Pb9=V+`, `O-O`.
//!
//! The reader wants the piece letter in upper case and the squares in lower
//! case; it accepts more disambiguation than needed, `0-0` for `O-O`, and a
//! move without its `+` or `#`, but refuses a wrong `+` or `#`, a missing
//! or wrong `x`, and an ambiguous move; every refusal says why.

use super::piece::Piece;
use super::position::{seat_name, Move, Position};
use super::squares::{bit, file, parse_square, rank, square_name};
use deckmate_rules::{MoveError, Mover, Seat};

/// A move as written, before it is matched against a position.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum MoveText {
    /// `O-O`, with its sign (`+` or `#`) if written.
    Castle(Option<char>),
    /// A piece move.
    Piece {
        /// The piece letter's kind.
        piece: Piece,
        /// The file (0-8) written to tell pieces apart, if any.
        from_file: Option<u8>,
        /// The rank (0-8) written to tell pieces apart, if any.
        from_rank: Option<u8>,
        /// Whether `x` was written.
        capture: bool,
        /// The target (dense square).
        to: u8,
        /// The promotion written, if any.
        promotion: Option<Piece>,
        /// `+` or `#` if written.
        sign: Option<char>,
    },
}

/// The game a text that is not a move is refused for.
const GAME: &str = "Cuarenta";
/// How moves look, for a text that is not one.
const EXAMPLES: &str = "Fa4, Vxf7, Pbc4, Ph8=C, O-O";

fn syntax(text: &str, why: &str) -> MoveError {
    MoveError::NotAMove {
        text: text.to_string(),
        game: GAME.to_string(),
        why: why.to_string(),
        examples: EXAMPLES.to_string(),
    }
}

/// Reads the notation without looking at a position. Trailing `!` and `?`
/// are ignored.
pub fn parse_text(text: &str) -> Result<MoveText, MoveError> {
    let t = text.trim().trim_end_matches(['!', '?']);
    let (body, sign) = match t.chars().last() {
        Some(c @ ('+' | '#')) => (&t[..t.len() - 1], Some(c)),
        _ => (t, None),
    };
    if matches!(body, "O-O" | "0-0") {
        return Ok(MoveText::Castle(sign));
    }
    if matches!(body, "O-O-O" | "0-0-0") {
        return Err(syntax(
            text,
            "Cuarenta has one castling, King and Camel swapping squares: O-O",
        ));
    }
    if body.eq_ignore_ascii_case("o-o") {
        return Err(syntax(
            text,
            "castling is written O-O with capital letters O",
        ));
    }
    let mut chars = body.chars();
    let first = chars.next().ok_or_else(|| syntax(text, "it is empty"))?;
    let piece = match Piece::from_letter(first) {
        Some(p) => p,
        None if ('a'..='i').contains(&first) => {
            return Err(syntax(
                text,
                &format!("it must start with the piece letter, P for a pawn (P{body}?)"),
            ))
        }
        None => {
            return Err(syntax(
                text,
                "it must start with a piece letter K, B, C, V, G, F or P",
            ))
        }
    };
    let rest = chars.as_str();
    let (rest, promotion) = match rest.split_once('=') {
        Some((before, after)) => {
            let mut p = after.chars();
            let promo = match (p.next().map(|c| c.to_ascii_uppercase()), p.next()) {
                (Some(c), None) => Piece::from_letter(c)
                    .filter(|q| Piece::PROMOTIONS.contains(q))
                    .ok_or_else(|| {
                        syntax(
                            text,
                            "a pawn promotes to C, F, G, V or B (=C, =F, =G, =V, =B)",
                        )
                    })?,
                _ => {
                    return Err(syntax(
                        text,
                        "'=' is followed by one letter: C, F, G, V or B",
                    ))
                }
            };
            (before, Some(promo))
        }
        None => (rest, None),
    };
    if !rest.is_ascii() || rest.len() < 2 {
        return Err(syntax(text, "the target square is missing"));
    }
    let (head, dest) = rest.split_at(rest.len() - 2);
    let to = square(dest).map_err(|why| syntax(text, &why))?;
    let (head, capture) = match head.strip_suffix('x') {
        Some(h) => (h, true),
        None => (head, false),
    };
    let b = head.as_bytes();
    let (from_file, from_rank) = match b {
        [] => (None, None),
        [f @ b'a'..=b'i'] => (Some(f - b'a'), None),
        [r @ b'1'..=b'9'] => (None, Some(r - b'1')),
        [f @ b'a'..=b'i', r @ b'1'..=b'9'] => (Some(f - b'a'), Some(r - b'1')),
        _ => {
            return Err(syntax(
                text,
                "between the piece letter and the target only a file, a rank, a square and 'x' may stand",
            ))
        }
    };
    Ok(MoveText::Piece {
        piece,
        from_file,
        from_rank,
        capture,
        to,
        promotion,
        sign,
    })
}

/// A light square's dense index, or why the two characters are not one.
fn square(name: &str) -> Result<u8, String> {
    let b = name.as_bytes();
    match b {
        [b'a'..=b'i', b'1'..=b'9'] => parse_square(name).ok_or_else(|| {
            format!("{name} is a dark square; Cuarenta is played on the 40 light squares only")
        }),
        _ => Err(format!("'{name}' is not a square a1-i9")),
    }
}

/// The sign a move earns: `#` checkmate, `+` check.
fn sign(pos: &Position, mv: Move) -> Option<char> {
    let mut after = pos.clone();
    after.play_move(mv);
    if !after.in_check() {
        return None;
    }
    if after.end().is_none() && !after.has_legal_move() {
        Some('#')
    } else {
        Some('+')
    }
}

fn piece_at(pos: &Position, sq: u8) -> Piece {
    // Only called for the from-square of a legal move: never empty.
    pos.at_index(sq).map_or(Piece::Pawn, |(_, p)| p)
}

/// Writes a legal move as played from `pos`.
pub fn write(pos: &Position, mv: Move) -> String {
    let mut s = String::new();
    if mv.is_castling() {
        s.push_str("O-O");
    } else {
        let from = mv.origin();
        let to = mv.target();
        let piece = piece_at(pos, from);
        s.push(piece.letter());
        let mut legal = Vec::new();
        pos.generate(&mut legal);
        let rivals: Vec<u8> = legal
            .iter()
            .filter(|m| {
                !m.is_castling()
                    && m.target() == to
                    && m.origin() != from
                    && piece_at(pos, m.origin()) == piece
            })
            .map(|m| m.origin())
            .collect();
        if !rivals.is_empty() {
            let name = square_name(from);
            if rivals.iter().all(|&r| file(r) != file(from)) {
                s.push_str(&name[..1]);
            } else if rivals.iter().all(|&r| rank(r) != rank(from)) {
                s.push_str(&name[1..]);
            } else {
                s.push_str(&name);
            }
        }
        if pos.at_index(to).is_some() {
            s.push('x');
        }
        s.push_str(&square_name(to));
        if let Some(p) = mv.promotion() {
            s.push('=');
            s.push(p.letter());
        }
    }
    if let Some(c) = sign(pos, mv) {
        s.push(c);
    }
    s
}

/// Reads a move and checks it against the position, saying why it is not
/// legal when it is not.
pub fn parse(pos: &Position, text: &str) -> Result<Move, MoveError> {
    let mt = parse_text(text)?;
    if let Some(end) = pos.end_state() {
        return Err(MoveError::GameOver {
            end: Some(end.describe()),
        });
    }
    let me = pos.side_to_move();
    let mut legal = Vec::new();
    pos.generate(&mut legal);
    let (mv, written_sign) = match mt {
        MoveText::Castle(sign) => {
            let Some(&mv) = legal.iter().find(|m| m.is_castling()) else {
                return Err(why_no_castling(pos));
            };
            (mv, sign)
        }
        MoveText::Piece {
            piece,
            from_file,
            from_rank,
            capture,
            to,
            promotion,
            sign,
        } => {
            let fits = |from: u8| {
                pos.at_index(from) == Some((me, piece))
                    && from_file.is_none_or(|f| file(from) == f)
                    && from_rank.is_none_or(|r| rank(from) == r)
            };
            let found: Vec<Move> = legal
                .iter()
                .copied()
                .filter(|m| {
                    !m.is_castling()
                        && m.target() == to
                        && m.promotion() == promotion
                        && fits(m.origin())
                })
                .collect();
            let mv = match found.as_slice() {
                [m] => *m,
                [] => return Err(explain(pos, &legal, piece, &fits, to, promotion)),
                many => {
                    return Err(MoveError::Ambiguous {
                        text: text.to_string(),
                        side: seat_name(me).to_string(),
                        piece: piece.name().to_string(),
                        to: square_name(to),
                        candidates: many.iter().map(|&m| write(pos, m)).collect(),
                    });
                }
            };
            let occupied = pos.at_index(to).is_some();
            if occupied != capture {
                return Err(MoveError::CaptureMark {
                    text: Some(text.to_string()),
                    piece: None,
                    square: square_name(to),
                    captures: occupied,
                    correct: write(pos, mv),
                });
            }
            (mv, sign)
        }
    };
    if let Some(c) = written_sign {
        let real = sign(pos, mv);
        if real != Some(c) {
            let does = match real {
                Some('#') => "it checkmates (#)",
                Some(_) => "it gives check (+), not mate",
                None => "it gives no check",
            };
            return Err(MoveError::WrongSign {
                text: text.to_string(),
                does: does.to_string(),
                correct: write(pos, mv),
                from: None,
            });
        }
    }
    Ok(mv)
}

fn why_no_castling(pos: &Position) -> MoveError {
    let me = pos.side_to_move();
    let name = seat_name(me);
    let rule = if !pos.castling_right(me) {
        format!(
            "{name} can no longer castle: its King or its original Camel has moved or the Camel was taken (Q8)"
        )
    } else if me == Seat::First && pos.castling_right(Seat::Second) {
        "White may castle only after Black has castled or lost the right to (Q8)".to_string()
    } else {
        format!("{name}'s King would end in check on the Camel's square (Q8)")
    };
    MoveError::Forbidden { rule }
}

fn explain(
    pos: &Position,
    legal: &[Move],
    piece: Piece,
    fits: &dyn Fn(u8) -> bool,
    to: u8,
    promotion: Option<Piece>,
) -> MoveError {
    let me = pos.side_to_move();
    let name = seat_name(me);
    let to_name = square_name(to);
    let mine = pos.squares_of(me, piece);
    if mine.is_empty() {
        return MoveError::NoSuchPiece {
            piece: piece.name().to_string(),
            side: Some(name.to_string()),
        };
    }
    let candidates: Vec<u8> = (0..40u8).filter(|&s| fits(s)).collect();
    if candidates.is_empty() {
        return MoveError::NoPieceThere {
            side: name.to_string(),
            piece: piece.name().to_string(),
            squares: mine,
        };
    }
    let same_target = legal
        .iter()
        .any(|m| !m.is_castling() && m.target() == to && fits(m.origin()));
    if same_target {
        return match promotion {
            Some(p) if piece != Piece::Pawn => MoveError::NeverPromotes {
                piece: piece.name().to_string(),
                into: p.name().to_string(),
                promoter: "a pawn".to_string(),
            },
            Some(p) => MoveError::CannotPromote {
                piece: "a pawn".to_string(),
                into: Some(p.name().to_string()),
                on: Some(to_name),
                rule: "it may become a Camel in its last three ranks and a Camel, Frog, Guard, Vao or Bishop on its last rank (Q7)".to_string(),
            },
            // Every promotion move comes with its plain move: unreachable,
            // but say something true.
            None => MoveError::PromotionMissing {
                piece: piece.name().to_string(),
                to: to_name,
                mark: None,
            },
        };
    }
    let pseudo = pos.pseudo_legal();
    if pseudo
        .iter()
        .any(|m| !m.is_castling() && m.target() == to && fits(m.origin()))
    {
        return MoveError::KingInCheck {
            side: name.to_string(),
            in_check: pos.in_check(),
        };
    }
    if piece == Piece::Pawn
        && matches!(pos.at_index(to), Some((s, Piece::Pawn)) if s != me)
        && candidates.iter().any(|&f| {
            let hits = pos.core.reach(me, Piece::Pawn.index(), f, 0, 0).1;
            hits & bit(to) != 0
        })
    {
        return MoveError::Forbidden {
            rule: "a pawn never captures a pawn (Q7)".to_string(),
        };
    }
    let capture = match pos.at_index(to) {
        Some((s, _)) if s == me => {
            return MoveError::OwnPieceThere {
                square: to_name,
                side: Some(name.to_string()),
                piece: None,
            };
        }
        Some(_) => true,
        None => false,
    };
    MoveError::CannotReach {
        mover: Mover::Kind {
            side: name.to_string(),
            kind: piece.name().to_string(),
        },
        from: match candidates.as_slice() {
            [one] => Some(square_name(*one)),
            _ => None,
        },
        to: to_name,
        capture,
    }
}
