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
use super::tables::{parse_square, square_name, Tables};
use deckmate_rules::Seat;
use std::fmt;

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

/// Why a move could not be read or played.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum MoveError {
    /// The text is not a move in this notation.
    Syntax(String),
    /// The game is over.
    GameOver(String),
    /// The move is not legal here (the text says why).
    Illegal(String),
    /// More than one piece fits.
    Ambiguous(String),
    /// `x` written without a capture or missing with one.
    CaptureMark(String),
    /// A `+` or `#` that does not match what the move does.
    WrongSign(String),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Syntax(m)
            | MoveError::Illegal(m)
            | MoveError::Ambiguous(m)
            | MoveError::CaptureMark(m)
            | MoveError::WrongSign(m) => f.write_str(m),
            MoveError::GameOver(m) => write!(f, "the game is over: {m}"),
        }
    }
}

impl std::error::Error for MoveError {}

fn syntax(text: &str, why: &str) -> MoveError {
    MoveError::Syntax(format!(
        "'{text}' is not a Cuarenta move: {why} (moves look like Fa4, Vxf7, Pbc4, Ph8=C, O-O)"
    ))
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
        let t = Tables::get();
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
            if rivals
                .iter()
                .all(|&r| t.file[r as usize] != t.file[from as usize])
            {
                s.push_str(&name[..1]);
            } else if rivals
                .iter()
                .all(|&r| t.rank[r as usize] != t.rank[from as usize])
            {
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
        return Err(MoveError::GameOver(end.describe()));
    }
    let me = pos.side_to_move();
    let mut legal = Vec::new();
    pos.generate(&mut legal);
    let (mv, written_sign) = match mt {
        MoveText::Castle(sign) => {
            let Some(&mv) = legal.iter().find(|m| m.is_castling()) else {
                return Err(MoveError::Illegal(why_no_castling(pos)));
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
            let t = Tables::get();
            let fits = |from: u8| {
                pos.at_index(from) == Some((me, piece))
                    && from_file.is_none_or(|f| t.file[from as usize] == f)
                    && from_rank.is_none_or(|r| t.rank[from as usize] == r)
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
                [] => {
                    return Err(MoveError::Illegal(explain(
                        pos, &legal, piece, &fits, to, promotion,
                    )))
                }
                many => {
                    let options: Vec<String> = many.iter().map(|&m| write(pos, m)).collect();
                    return Err(MoveError::Ambiguous(format!(
                        "'{text}' is ambiguous: {} {}s can go to {}; write {}",
                        seat_name(me),
                        piece.name(),
                        square_name(to),
                        options.join(" or ")
                    )));
                }
            };
            let occupied = pos.at_index(to).is_some();
            if occupied != capture {
                let why = if occupied {
                    format!("it captures on {}", square_name(to))
                } else {
                    format!("there is nothing to capture on {}", square_name(to))
                };
                return Err(MoveError::CaptureMark(format!(
                    "'{text}': {why}; write {}",
                    write(pos, mv)
                )));
            }
            (mv, sign)
        }
    };
    if let Some(c) = written_sign {
        let real = sign(pos, mv);
        if real != Some(c) {
            let what = match real {
                Some('#') => "it checkmates (#)",
                Some(_) => "it gives check (+), not mate",
                None => "it gives no check",
            };
            return Err(MoveError::WrongSign(format!(
                "'{text}': wrong sign, {what}; write {}",
                write(pos, mv)
            )));
        }
    }
    Ok(mv)
}

fn why_no_castling(pos: &Position) -> String {
    let me = pos.side_to_move();
    let name = seat_name(me);
    if !pos.castling_right(me) {
        return format!(
            "{name} can no longer castle: its King or its original Camel has moved or the Camel was taken (Q8)"
        );
    }
    if me == Seat::First && pos.castling_right(Seat::Second) {
        return "White may castle only after Black has castled or lost the right to (Q8)"
            .to_string();
    }
    format!("{name}'s King would end in check on the Camel's square (Q8)")
}

fn explain(
    pos: &Position,
    legal: &[Move],
    piece: Piece,
    fits: &dyn Fn(u8) -> bool,
    to: u8,
    promotion: Option<Piece>,
) -> String {
    let me = pos.side_to_move();
    let name = seat_name(me);
    let to_name = square_name(to);
    let mine = pos.squares_of(me, piece);
    if mine.is_empty() {
        return format!("{name} has no {}", piece.name());
    }
    let candidates: Vec<u8> = (0..40u8).filter(|&s| fits(s)).collect();
    if candidates.is_empty() {
        return format!(
            "no {name} {} stands there: {name}'s {}s are on {}",
            piece.name(),
            piece.name(),
            mine.join(", ")
        );
    }
    let same_target = legal
        .iter()
        .any(|m| !m.is_castling() && m.target() == to && fits(m.origin()));
    if same_target {
        return match promotion {
            Some(p) if piece != Piece::Pawn => {
                format!("only a pawn promotes, not a {} (to {})", piece.name(), p.name())
            }
            Some(p) => format!(
                "a pawn cannot become a {} on {to_name}: it may become a Camel in its last three ranks and a Camel, Frog, Guard, Vao or Bishop on its last rank (Q7)",
                p.name()
            ),
            // Every promotion move comes with its plain move: unreachable,
            // but say something true.
            None => format!("the move to {to_name} must name its promotion"),
        };
    }
    let pseudo = pos.pseudo_moves();
    if pseudo.iter().any(|&(f, t)| t == to && fits(f)) {
        return if pos.in_check() {
            format!("{name} is in check, and this move does not get the King out of it")
        } else {
            format!("this move would leave {name}'s King in check")
        };
    }
    if piece == Piece::Pawn
        && matches!(pos.at_index(to), Some((s, Piece::Pawn)) if s != me)
        && candidates.iter().any(|&f| pos.pawn_would_take(f, to))
    {
        return "a pawn never captures a pawn (Q7)".to_string();
    }
    let verb = match pos.at_index(to) {
        Some((s, _)) if s == me => {
            return format!("{to_name} holds {name}'s own piece");
        }
        Some(_) => "capture on",
        None => "move to",
    };
    format!(
        "no {name} {} {} can {verb} {to_name}",
        piece.name(),
        if candidates.len() == 1 {
            format!("on {}", square_name(candidates[0]))
        } else {
            "there".to_string()
        }
    )
}
