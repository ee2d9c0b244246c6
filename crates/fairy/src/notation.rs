//! Move notation: SAN as chess writes it, for any rule set.
//!
//! A move is the piece's letter (none for a pawn, unless the rule set
//! writes pawns' letters); the file, rank or square it comes from when
//! another piece of the same kind could go to the same square (file if that
//! tells them apart, else rank, else both); `x` when it captures (a pawn
//! without a letter that captures always writes its file: `exd5`); the
//! target square; `=Q` when a pawn promotes; then `+` for check or `#` for
//! checkmate. Castling is written as the rule set says (`O-O`, `O-O-O`);
//! a drop is the piece's letter, `@` and the square (`N@f3`, `P@e6`).
//!
//! The reader also takes the promotion without `=` (`e8Q`), `0` for `O` in
//! castling, more disambiguation than needed, a move without its `+` or `#`,
//! a piece letter in lower case when the text is no legal move as written
//! (`nf3`; `bxc3` stays the pawn's capture where that is legal),
//! coordinates (`e2e4`, `e2-e4`, `e4xd5`, `e7e8q`, `e7e8=Q`; castling as the
//! royal's move; without a promotion they stand for the one move between
//! the two squares, and are ambiguous when several moves are) and a
//! pawn's drop without its letter (`@e6`); it
//! refuses a wrong `+` or `#`, a missing or wrong `x` and an ambiguous
//! move, saying why. A text that is no move of the game (a letter no piece
//! has, a pawn's move without the letter where pawns write theirs, a
//! promotion to what no pawn becomes, a square off the board or a hole, a
//! drop in a game without hands) is refused as such before the position is
//! looked at; a rule set words it with its own examples
//! ([`super::rules::RuleSet::move_examples`]).

use super::position::{seat_name, Move, Position};
use super::rules::{PieceKind, Refusal, WinCondition};
use super::set::SquareSet;
use deckmate_board::Square;
use deckmate_rules::{MoveError, Mover};

/// A move as written, before it is matched against a position: its
/// letters read as kinds, its squares as the board's (dense) squares.
#[derive(Clone, PartialEq, Eq, Debug)]
enum Written {
    /// A castling's notation (its index among the side's castlings is
    /// found later).
    Castle(String),
    /// A drop: the kind and the square.
    Drop { kind: usize, to: u8 },
    /// Two squares and an optional promotion; `capture` when `x` (or `:`)
    /// stands between the squares.
    Coordinates {
        from: u8,
        to: u8,
        promotion: Option<usize>,
        capture: bool,
    },
    /// SAN.
    San {
        /// The piece's kind, `None` for a pawn written without a letter.
        kind: Option<usize>,
        from_file: Option<u8>,
        from_rank: Option<u8>,
        capture: bool,
        to: u8,
        promotion: Option<usize>,
    },
}

/// Chess's examples of moves, for a game that gives none.
const CHESS_EXAMPLES: &str = "e4, Nf3, exd5, O-O, e8=Q, e2e4";

fn syntax<S: SquareSet>(pos: &Position<S>, text: &str, why: &str) -> MoveError {
    let rules = &pos.t.rules;
    MoveError::NotAMove {
        text: text.to_string(),
        game: rules.name.clone(),
        why: why.to_string(),
        examples: rules
            .move_examples
            .clone()
            .unwrap_or_else(|| CHESS_EXAMPLES.to_string()),
    }
}

/// `a, b or c`.
fn either(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

/// Why `sq`, named in a move, is no square of the board: off the board
/// (beyond its files or ranks, which the message gives), a dark square of a
/// board of light squares, or a hole.
fn not_a_square<S: SquareSet>(pos: &Position<S>, sq: Square) -> String {
    let t = &*pos.t;
    let rules = &t.rules;
    let g = &rules.geometry;
    let name = sq.name(rules.style());
    if sq.file() >= g.files() || sq.rank() >= g.ranks() {
        let last_file = char::from(b'a' + g.files().saturating_sub(1));
        let first = Square(0).name(rules.style());
        let last = Square((g.ranks().saturating_sub(1)) * 16 + g.files().saturating_sub(1))
            .name(rules.style());
        format!(
            "{name} is off the board (files a-{last_file}, squares {first} to {last}): not a square of the game"
        )
    } else if rules.holes_are_dark() {
        format!(
            "{name} is a dark square; {} is played on the {} light squares only",
            rules.name, t.n
        )
    } else {
        format!("{name} is a hole, not a square")
    }
}

/// A square of the board named in `text`, as a dense square.
fn board_square<S: SquareSet>(pos: &Position<S>, text: &str, name: &str) -> Result<u8, MoveError> {
    let sq = Square::parse(name, pos.t.rules.style())
        .map_err(|_| syntax(pos, text, &format!("'{name}' is not a square")))?;
    pos.t
        .dense(sq)
        .ok_or_else(|| syntax(pos, text, &not_a_square(pos, sq)))
}

/// Reads a square at the end of `text`: a file letter and 1-2 digits.
fn split_square(text: &str) -> Option<(&str, &str)> {
    let b = text.as_bytes();
    let digits = b.iter().rev().take_while(|c| c.is_ascii_digit()).count();
    if digits == 0 || digits > 2 || b.len() < digits + 1 {
        return None;
    }
    let f = b[b.len() - digits - 1];
    if !(b'a'..=b'p').contains(&f) {
        return None;
    }
    Some(text.split_at(b.len() - digits - 1))
}

/// The first kind of pawn, if the game has pawns.
fn pawn_kind<S: SquareSet>(pos: &Position<S>) -> Option<usize> {
    let rules = &pos.t.rules;
    (0..pos.t.kinds).find(|&k| rules.pieces[k].kind == PieceKind::Pawn)
}

/// The kind of a piece letter (upper case) written in `text`.
fn letter_kind<S: SquareSet>(
    pos: &Position<S>,
    text: &str,
    letter: char,
) -> Result<usize, MoveError> {
    let rules = &pos.t.rules;
    rules.kind_of(letter).ok_or_else(|| {
        let letters = rules.letters();
        syntax(
            pos,
            text,
            &format!(
                "no piece has the letter {letter} (a piece letter is {})",
                either(&letters)
            ),
        )
    })
}

/// What a pawn may become somewhere, each kind once.
fn promotion_choices<S: SquareSet>(pos: &Position<S>) -> Vec<usize> {
    let mut choices: Vec<usize> = Vec::new();
    for &k in pos.t.rules.zones.iter().flat_map(|z| &z.choices) {
        if !choices.contains(&k) {
            choices.push(k);
        }
    }
    choices
}

/// The kind a promotion letter names: one a pawn may become somewhere.
fn promotion_kind<S: SquareSet>(
    pos: &Position<S>,
    text: &str,
    letter: char,
) -> Result<usize, MoveError> {
    let rules = &pos.t.rules;
    let choices = promotion_choices(pos);
    match rules.kind_of(letter) {
        Some(k) if choices.is_empty() || choices.contains(&k) => Ok(k),
        None if choices.is_empty() => Err(syntax(
            pos,
            text,
            &format!("no piece has the letter {letter}"),
        )),
        _ => Err(syntax(pos, text, &promotes_to(pos))),
    }
}

/// The letters of what a pawn may become somewhere.
fn promotion_letters<S: SquareSet>(pos: &Position<S>) -> Vec<String> {
    let rules = &pos.t.rules;
    promotion_choices(pos)
        .iter()
        .map(|&k| rules.pieces[k].letter.to_string())
        .collect()
}

/// What a pawn promotes to, in words: `a pawn promotes to Q, R, B or N
/// (=Q, =R, =B, =N)`.
fn promotes_to<S: SquareSet>(pos: &Position<S>) -> String {
    let letters = promotion_letters(pos);
    let marks: Vec<String> = letters.iter().map(|l| format!("={l}")).collect();
    format!(
        "a pawn promotes to {} ({})",
        either(&letters),
        marks.join(", ")
    )
}

/// Reads a castling's notation, or says why a text that starts as one is
/// none of the game's (`None`: it does not look like castling).
fn read_castling<S: SquareSet>(
    pos: &Position<S>,
    text: &str,
    body: &str,
) -> Option<Result<Written, MoveError>> {
    let rules = &pos.t.rules;
    let castle = body.replace('0', "O");
    if rules.castling.iter().any(|c| c.notation == castle) {
        return Some(Ok(Written::Castle(castle)));
    }
    if !castle.starts_with("O-") && !castle.starts_with("o-") {
        return None;
    }
    let mut known: Vec<&str> = Vec::new();
    for c in &rules.castling {
        if !known.contains(&c.notation.as_str()) {
            known.push(&c.notation);
        }
    }
    let upper = castle.to_ascii_uppercase();
    let why = match known.as_slice() {
        [] => "the game has no castling".to_string(),
        _ if known.contains(&upper.as_str()) => {
            format!("castling is written {upper} with capital letters O")
        }
        [one] => format!("{} has one castling: {one}", rules.name),
        _ => format!("castling is written {}", known.join(" or ")),
    };
    Some(Err(syntax(pos, text, &why)))
}

/// Reads `src` as written, its refusals quoting `text`.
fn read<S: SquareSet>(
    pos: &Position<S>,
    src: &str,
    text: &str,
) -> Result<(Written, Option<char>), MoveError> {
    let rules = &pos.t.rules;
    let style = rules.style();
    let t = src.trim().trim_end_matches(['!', '?']);
    let (body, sign) = match t.chars().last() {
        Some(c @ ('+' | '#')) => (&t[..t.len() - 1], Some(c)),
        _ => (t, None),
    };
    if body.is_empty() {
        return Err(syntax(pos, text, "it is empty"));
    }
    if !body.is_ascii() {
        return Err(syntax(
            pos,
            text,
            "it holds characters that are not in the notation",
        ));
    }
    if let Some(castle) = read_castling(pos, text, body) {
        return Ok((castle?, sign));
    }
    if let Some((piece, square)) = body.split_once('@') {
        if rules.hands.is_none() {
            return Err(syntax(
                pos,
                text,
                &format!("pieces are not dropped in {}", rules.name),
            ));
        }
        let kind = match piece.as_bytes() {
            [] => pawn_kind(pos).ok_or_else(|| syntax(pos, text, "the game has no pawns"))?,
            [c] if c.is_ascii_alphabetic() => {
                letter_kind(pos, text, (*c as char).to_ascii_uppercase())?
            }
            _ => {
                return Err(syntax(
                    pos,
                    text,
                    "a drop is a piece letter, '@' and a square (N@f3)",
                ))
            }
        };
        let to = board_square(pos, text, square)?;
        return Ok((Written::Drop { kind, to }, sign));
    }
    // Coordinates: e2e4, e7e8q, a10b10, e2-e4, e4xd5.
    if let Ok((from, used)) = Square::parse_prefix(body, style) {
        let rest = &body[used..];
        let (rest, capture) = match rest.as_bytes().first() {
            Some(b'-') => (&rest[1..], false),
            Some(b'x' | b':') => (&rest[1..], true),
            _ => (rest, false),
        };
        if let Ok((to, used2)) = Square::parse_prefix(rest, style) {
            let tail = &rest[used2..];
            let promotion = match tail.as_bytes() {
                [] => None,
                [c] | [b'=', c] if c.is_ascii_alphabetic() => Some(promotion_kind(
                    pos,
                    text,
                    (*c as char).to_ascii_uppercase(),
                )?),
                _ => {
                    return Err(syntax(
                        pos,
                        text,
                        "after the two squares only a promotion may follow",
                    ))
                }
            };
            let square = |sq: Square| {
                pos.t
                    .dense(sq)
                    .ok_or_else(|| syntax(pos, text, &not_a_square(pos, sq)))
            };
            let (from, to) = (square(from)?, square(to)?);
            return Ok((
                Written::Coordinates {
                    from,
                    to,
                    promotion,
                    capture,
                },
                sign,
            ));
        }
    }
    let mut rest = body;
    let kind = match rest.chars().next() {
        Some(c) if c.is_ascii_uppercase() => {
            rest = &rest[1..];
            let kind = letter_kind(pos, text, c)?;
            if silent(pos, kind) {
                return Err(syntax(
                    pos,
                    text,
                    "a pawn's move is written without its letter (e4, exd5)",
                ));
            }
            Some(kind)
        }
        first => {
            if !(0..pos.t.kinds).any(|k| silent(pos, k)) {
                // Every move starts with its piece's letter.
                let why = match (first, pawn_kind(pos)) {
                    (Some('a'..='p'), Some(pawn)) => {
                        let p = rules.pieces[pawn].letter;
                        format!("it must start with the piece letter, {p} for a pawn ({p}{body}?)")
                    }
                    _ => {
                        format!(
                            "it must start with a piece letter {}",
                            either(&rules.letters())
                        )
                    }
                };
                return Err(syntax(pos, text, &why));
            }
            None
        }
    };
    // The promotion: "=Q" or a final upper-case letter.
    let mut promotion = None;
    if let Some((before, after)) = rest.split_once('=') {
        let mut p = after.chars();
        match (p.next(), p.next()) {
            (Some(c), None) if c.is_ascii_alphabetic() => {
                promotion = Some(promotion_kind(pos, text, c.to_ascii_uppercase())?);
            }
            _ => {
                let choices = promotion_letters(pos);
                let why = if choices.is_empty() {
                    "'=' is followed by one piece letter".to_string()
                } else {
                    format!("'=' is followed by one letter: {}", either(&choices))
                };
                return Err(syntax(pos, text, &why));
            }
        }
        rest = before;
    } else if let Some(c) = rest.chars().last().filter(|c| c.is_ascii_uppercase()) {
        promotion = Some(promotion_kind(pos, text, c)?);
        rest = &rest[..rest.len() - 1];
    }
    let Some((head, dest)) = split_square(rest) else {
        return Err(syntax(pos, text, "the target square is missing"));
    };
    let to = board_square(pos, text, dest)?;
    let (head, capture) = match head.strip_suffix('x').or_else(|| head.strip_suffix(':')) {
        Some(h) => (h, true),
        None => (head, false),
    };
    let b = head.as_bytes();
    let (from_file, from_rank) = match b {
        [] => (None, None),
        [f @ b'a'..=b'p'] => (Some(f - b'a'), None),
        [f @ b'a'..=b'p', rest @ ..] => {
            let sq = Square::parse(head, style).map_err(|_| {
                syntax(
                    pos,
                    text,
                    "before the target only a file, a rank, a square and 'x' may stand",
                )
            })?;
            let _ = rest;
            (Some(*f - b'a'), Some(sq.rank()))
        }
        digits if digits.iter().all(u8::is_ascii_digit) && digits.len() <= 2 => {
            let probe = format!("a{head}");
            let sq = Square::parse(&probe, style)
                .map_err(|_| syntax(pos, text, &format!("'{head}' is not a rank")))?;
            (None, Some(sq.rank()))
        }
        _ => {
            return Err(syntax(
                pos,
                text,
                "before the target only a file, a rank, a square and 'x' may stand",
            ))
        }
    };
    Ok((
        Written::San {
            kind,
            from_file,
            from_rank,
            capture,
            to,
            promotion,
        },
        sign,
    ))
}

/// The sign a move earns: `#` checkmate, `+` check.
fn sign<S: SquareSet>(pos: &Position<S>, mv: Move) -> Option<char> {
    let mut after = pos.clone();
    after.play_move(mv);
    if !after.in_check() {
        return None;
    }
    // Where the royal is taken there is no mate: `+` says it may be.
    if pos.t.rules.win == WinCondition::CaptureRoyal {
        return Some('+');
    }
    if after.end().is_none() && !after.has_legal_move() {
        Some('#')
    } else {
        Some('+')
    }
}

/// Whether a kind is written without its letter.
fn silent<S: SquareSet>(pos: &Position<S>, kind: usize) -> bool {
    let rules = &pos.t.rules;
    rules.pieces[kind].kind == PieceKind::Pawn && !rules.san_pawn_letter
}

fn captures<S: SquareSet>(pos: &Position<S>, mv: Move) -> bool {
    mv.castling().is_none()
        && mv.dropped().is_none()
        && (mv.is_en_passant() || pos.place.at(mv.to_index()).is_some())
}

/// Whether a move moves a piece on the board (not a castling, not a drop).
fn plain(m: &Move) -> bool {
    m.castling().is_none() && m.dropped().is_none()
}

/// Writes a legal move as played from `pos`, without its sign.
fn write_plain<S: SquareSet>(pos: &Position<S>, mv: Move, legal: &[Move]) -> String {
    let t = &*pos.t;
    if let Some(ci) = mv.castling() {
        return t
            .rules
            .castling
            .get(ci)
            .map_or_else(String::new, |c| c.notation.clone());
    }
    if let Some(k) = mv.dropped() {
        let letter = t.rules.pieces.get(k).map_or('?', |p| p.letter);
        return format!("{letter}@{}", t.name(mv.to_index()));
    }
    if mv.is_pass() {
        return "--".to_string();
    }
    if mv.is_teleport() {
        // The piece's letter (a pawn's too), where it stands, '@', where
        // it lands: 52Chess's `Nd3@c7`.
        let (from, to) = (mv.from_index(), mv.to_index());
        let kind = pos.place.kind_at(from);
        let letter = t.rules.pieces.get(kind).map_or('?', |p| p.letter);
        return format!("{letter}{}@{}", t.name(from), t.name(to));
    }
    let from = mv.from_index();
    let to = mv.to_index();
    let kind = pos.place.kind_at(from);
    let capture = captures(pos, mv);
    let mut s = String::new();
    let quiet_pawn = silent(pos, kind);
    if !quiet_pawn {
        s.push(t.rules.pieces[kind].letter);
    }
    let from_sq = t.square(from);
    let rivals: Vec<Square> = legal
        .iter()
        .filter(|m| {
            plain(m)
                && m.to_index() == to
                && m.from_index() != from
                && pos.place.kind_at(m.from_index()) == kind
        })
        .map(|m| t.square(m.from_index()))
        .collect();
    let name = t.rules.square_name(from_sq);
    let file = &name[..1];
    let rank = &name[1..];
    if quiet_pawn && capture {
        s.push_str(file);
        if rivals.iter().any(|r| r.file() == from_sq.file()) {
            s.push_str(rank);
        }
    } else if !rivals.is_empty() {
        if rivals.iter().all(|r| r.file() != from_sq.file()) {
            s.push_str(file);
        } else if rivals.iter().all(|r| r.rank() != from_sq.rank()) {
            s.push_str(rank);
        } else {
            s.push_str(&name);
        }
    }
    if capture {
        s.push('x');
    }
    s.push_str(&t.name(to));
    if let Some(p) = mv.promotion() {
        s.push('=');
        s.push(t.rules.pieces[p].letter);
    }
    s
}

/// Writes a legal move as played from `pos`.
pub fn write<S: SquareSet>(pos: &Position<S>, mv: Move) -> String {
    let mut legal: Vec<Move> = Vec::new();
    pos.generate(&mut legal);
    let mut s = write_plain(pos, mv, &legal);
    if let Some(c) = sign(pos, mv) {
        s.push(c);
    }
    s
}

/// The squares and promotion of a move written as coordinates (`e2e4`,
/// `e2-e4`, `e4xd5`, `e7e8q`, `e7e8=Q`), as dense squares; `None` for a
/// text written otherwise or not a move. A game that adds moves of its own
/// between two squares (52Chess's teleports) matches them with it.
pub fn coordinates<S: SquareSet>(pos: &Position<S>, text: &str) -> Option<(u8, u8, Option<usize>)> {
    match read(pos, text, text) {
        Ok((
            Written::Coordinates {
                from,
                to,
                promotion,
                ..
            },
            _,
        )) => Some((from, to, promotion)),
        _ => None,
    }
}

/// Reads a move and checks it against the position, saying why it is not
/// legal when it is not.
///
/// A text that is no legal move as written and starts with a lower-case
/// letter is read again with that letter in upper case, so that a piece
/// letter may be typed in either case (`nf3` for `Nf3`, `fa4` for `Fa4`):
/// a reading as written comes first (`bxc3` is the pawn's capture when it
/// is legal). When neither reading is legal, the refusal is the one as
/// written if the letter is a file of the board, else the upper-case one's.
pub fn parse<S: SquareSet>(pos: &Position<S>, text: &str) -> Result<Move, MoveError> {
    let first = parse_read(pos, text, text);
    let Err(as_written) = first else {
        return first;
    };
    let t = text.trim_start();
    let Some(c) = t.chars().next().filter(char::is_ascii_lowercase) else {
        return Err(as_written);
    };
    let letter = c.to_ascii_uppercase();
    if pos.t.rules.kind_of(letter).is_none() {
        return Err(as_written);
    }
    let upper = format!("{letter}{}", &t[1..]);
    match parse_read(pos, &upper, text) {
        Ok(m) => Ok(m),
        Err(MoveError::NotAMove { .. }) => Err(as_written),
        Err(other) => {
            let is_file = u32::from(c) - u32::from('a') < u32::from(pos.t.rules.geometry.files());
            if is_file {
                Err(as_written)
            } else {
                Err(other)
            }
        }
    }
}

/// [`parse`] of `src`, its refusals quoting `text` (what was typed).
fn parse_read<S: SquareSet>(pos: &Position<S>, src: &str, text: &str) -> Result<Move, MoveError> {
    let (written, written_sign) = read(pos, src, text)?;
    if let Some(end) = pos.end_state() {
        return Err(MoveError::GameOver {
            end: Some(end.describe()),
        });
    }
    let t = &*pos.t;
    let rules = &t.rules;
    let me = pos.side;
    let mut legal: Vec<Move> = Vec::new();
    pos.generate(&mut legal);
    let mv = match written {
        Written::Drop { kind, to } => {
            match legal
                .iter()
                .copied()
                .find(|m| m.dropped() == Some(kind) && m.to_index() == to)
            {
                Some(m) => m,
                None => return Err(why_no_drop(pos, kind, to)),
            }
        }
        Written::Castle(notation) => {
            let found = legal.iter().copied().find(|m| {
                m.castling()
                    .is_some_and(|ci| rules.castling[ci].notation == notation)
            });
            match found {
                Some(m) => m,
                None => return Err(why_no_castling(pos, &notation)),
            }
        }
        Written::Coordinates {
            from,
            to,
            promotion,
            capture,
        } => {
            // Every legal move between the two squares; the promotion
            // written (or none) picks among them, and a single move there
            // needs none written.
            let between: Vec<Move> = legal
                .iter()
                .copied()
                .filter(|m| {
                    m.dropped().is_none()
                        && !m.is_pass()
                        && m.from_index() == from
                        && m.to_index() == to
                })
                .collect();
            let exact: Vec<Move> = between
                .iter()
                .copied()
                .filter(|m| m.promotion() == promotion)
                .collect();
            let found = match (exact.as_slice(), promotion, between.as_slice()) {
                ([one], _, _) => Some(*one),
                ([], None, [one]) => Some(*one),
                ([], None, []) | ([], Some(_), _) => None,
                ([], None, many) | (many, _, _) => {
                    return Err(MoveError::Ambiguous {
                        text: text.to_string(),
                        side: seat_name(me).to_string(),
                        piece: rules
                            .pieces
                            .get(pos.place.kind_at(from))
                            .map_or_else(|| "piece".to_string(), |p| p.name.clone()),
                        to: t.name(to),
                        candidates: many.iter().map(|&m| write(pos, m)).collect(),
                    });
                }
            };
            match found {
                Some(m) if capture && !captures(pos, m) => {
                    return Err(MoveError::CaptureMark {
                        text: Some(text.to_string()),
                        piece: None,
                        square: t.name(to),
                        captures: false,
                        correct: write(pos, m),
                    });
                }
                Some(m) => m,
                None => {
                    let Some((seat, kind)) = pos.place.at(from) else {
                        return Err(MoveError::NoSuchPiece {
                            piece: format!("piece on {}", t.name(from)),
                            side: None,
                        });
                    };
                    if seat != me {
                        return Err(MoveError::NotYours {
                            piece: rules.pieces[kind].name.clone(),
                            noun: "piece".to_string(),
                            owner: seat_name(seat).to_string(),
                        });
                    }
                    let fits = |sq: u8| sq == from;
                    return Err(explain(pos, &legal, kind, &fits, to, promotion));
                }
            }
        }
        Written::San {
            kind,
            from_file,
            from_rank,
            capture,
            to,
            promotion,
        } => {
            let kind = match kind {
                Some(k) => k,
                None => {
                    let pawns: Vec<usize> = (0..t.kinds).filter(|&k| silent(pos, k)).collect();
                    // Several kinds of pawn: the one on the square the
                    // move comes from (`read` made sure there is one).
                    let found = legal.iter().find(|m| {
                        plain(m)
                            && m.to_index() == to
                            && pawns.contains(&pos.place.kind_at(m.from_index()))
                    });
                    found.map_or(pawns.first().copied().unwrap_or(0), |m| {
                        pos.place.kind_at(m.from_index())
                    })
                }
            };
            let fits = |from: u8| {
                let sq = t.square(from);
                pos.place.at(from) == Some((me, kind))
                    && from_file.is_none_or(|f| sq.file() == f)
                    && from_rank.is_none_or(|r| sq.rank() == r)
            };
            let found: Vec<Move> = legal
                .iter()
                .copied()
                .filter(|m| {
                    plain(m)
                        && m.to_index() == to
                        && m.promotion() == promotion
                        && fits(m.from_index())
                })
                .collect();
            let mv = match found.as_slice() {
                [m] => *m,
                [] => return Err(explain(pos, &legal, kind, &fits, to, promotion)),
                many => {
                    return Err(MoveError::Ambiguous {
                        text: text.to_string(),
                        side: seat_name(me).to_string(),
                        piece: rules.pieces[kind].name.clone(),
                        to: t.name(to),
                        candidates: many.iter().map(|&m| write(pos, m)).collect(),
                    });
                }
            };
            if captures(pos, mv) != capture {
                return Err(MoveError::CaptureMark {
                    text: Some(text.to_string()),
                    piece: None,
                    square: t.name(to),
                    captures: !capture,
                    correct: write(pos, mv),
                });
            }
            mv
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

fn why_no_drop<S: SquareSet>(pos: &Position<S>, kind: usize, to: u8) -> MoveError {
    let t = &*pos.t;
    let me = pos.side;
    let name = seat_name(me);
    let piece = t.rules.pieces[kind].name.clone();
    if pos.in_hand(me, kind) == 0 {
        return MoveError::NoSuchPiece {
            piece: format!("{piece} in hand"),
            side: Some(name.to_string()),
        };
    }
    if pos.place.at(to).is_some() {
        return MoveError::Forbidden {
            rule: format!(
                "{} is occupied: a piece is dropped on an empty square",
                t.name(to)
            ),
        };
    }
    if !t.drop_mask(me, kind).contains(to) {
        return MoveError::Forbidden {
            rule: format!("a {piece} may not be dropped on {}", t.name(to)),
        };
    }
    MoveError::KingInCheck {
        side: name.to_string(),
        in_check: pos.in_check(),
    }
}

fn why_no_castling<S: SquareSet>(pos: &Position<S>, notation: &str) -> MoveError {
    let t = &*pos.t;
    let me = pos.side;
    let name = seat_name(me);
    let mine: Vec<usize> = t
        .rules
        .castling
        .iter()
        .enumerate()
        .filter(|(_, c)| c.seat == me && c.notation == notation)
        .map(|(i, _)| i)
        .collect();
    let hooks = &t.rules.hooks;
    let open: Vec<usize> = mine
        .iter()
        .copied()
        .filter(|&i| pos.rights & (1 << i) != 0)
        .collect();
    let rule = if mine.is_empty() {
        format!("{name} has no castling written {notation}")
    } else if open.is_empty() {
        hooks
            .explain(&Refusal::CastlingRight { side: name })
            .unwrap_or_else(|| format!("{name} can no longer castle so ({notation}): its King or that partner has moved or been taken"))
    } else if let Some(&i) = open
        .iter()
        .find(|&&i| !hooks.may_castle(me, i, pos.rights))
        .filter(|_| open.iter().all(|&i| !hooks.may_castle(me, i, pos.rights)))
    {
        hooks
            .explain(&Refusal::CastlingNotYet {
                side: name,
                castling: i,
            })
            .unwrap_or_else(|| format!("{name} may not castle yet ({notation})"))
    } else if mine.iter().all(|&i| {
        t.castlings[i]
            .empty
            .meets(pos.place.by_side[0] | pos.place.by_side[1])
    }) {
        format!("{notation}: the squares between the King and its partner must be empty")
    } else if pos.in_check()
        && mine
            .iter()
            .all(|&i| t.castlings[i].safety == super::rules::CastlingSafety::Path)
    {
        format!("{name} may not castle out of check")
    } else {
        hooks
            .explain(&Refusal::CastlingUnsafe {
                side: name,
                notation,
            })
            .unwrap_or_else(|| {
                format!("{notation}: the King may not cross or land on an attacked square")
            })
    };
    MoveError::Forbidden { rule }
}

fn explain<S: SquareSet>(
    pos: &Position<S>,
    legal: &[Move],
    kind: usize,
    fits: &dyn Fn(u8) -> bool,
    to: u8,
    promotion: Option<usize>,
) -> MoveError {
    let t = &*pos.t;
    let rules = &t.rules;
    let me = pos.side;
    let name = seat_name(me);
    let piece = rules.pieces[kind].name.clone();
    let to_name = t.name(to);
    let mine = pos.place.by_kind[kind] & pos.place.by_side[me.index()];
    if mine.is_empty() {
        return MoveError::NoSuchPiece {
            piece,
            side: Some(name.to_string()),
        };
    }
    let candidates: Vec<u8> = mine.iter().filter(|&s| fits(s)).collect();
    if candidates.is_empty() {
        return MoveError::NoPieceThere {
            side: name.to_string(),
            piece,
            squares: mine.iter().map(|s| t.name(s)).collect(),
        };
    }
    let same_target: Vec<&Move> = legal
        .iter()
        .filter(|m| plain(m) && m.to_index() == to && fits(m.from_index()))
        .collect();
    if !same_target.is_empty() {
        return match promotion {
            Some(p) if rules.pieces[kind].kind != PieceKind::Pawn => MoveError::NeverPromotes {
                piece,
                into: rules.pieces[p].name.clone(),
                promoter: "a pawn".to_string(),
            },
            Some(p) => MoveError::CannotPromote {
                piece: "a pawn".to_string(),
                into: Some(rules.pieces[p].name.clone()),
                on: Some(to_name),
                rule: promotion_rule(pos),
            },
            None => {
                let marks: Vec<String> = same_target
                    .iter()
                    .filter_map(|m| m.promotion())
                    .map(|p| format!("={}", rules.pieces[p].letter))
                    .collect();
                MoveError::PromotionMissing {
                    piece: if silent(pos, kind) {
                        String::new()
                    } else {
                        rules.pieces[kind].letter.to_string()
                    },
                    to: to_name,
                    mark: match marks.as_slice() {
                        [one] => Some(one.clone()),
                        _ => None,
                    },
                }
            }
        };
    }
    if pos.pseudo_legal().iter().any(|m| {
        plain(m) && m.to_index() == to && fits(m.from_index()) && m.promotion() == promotion
    }) {
        return MoveError::KingInCheck {
            side: name.to_string(),
            in_check: pos.in_check(),
        };
    }
    if let Some(p) = promotion {
        if rules.pieces[kind].kind != PieceKind::Pawn {
            return MoveError::NeverPromotes {
                piece,
                into: rules.pieces[p].name.clone(),
                promoter: "a pawn".to_string(),
            };
        }
    }
    if let Some((s, victim)) = pos.place.at(to) {
        let occ = pos.place.by_side[0] | pos.place.by_side[1];
        if s != me
            && t.forbidden[kind] & (1 << victim) != 0
            && candidates
                .iter()
                .any(|&f| pos.targets(kind, f, occ, S::bit(to), false).contains(to))
        {
            let (mover, victim) = (&rules.pieces[kind], &rules.pieces[victim]);
            return MoveError::Forbidden {
                rule: rules
                    .hooks
                    .explain(&Refusal::Capture { mover, victim })
                    .unwrap_or_else(|| {
                        format!("a {} may not capture a {}", mover.name, victim.name)
                    }),
            };
        }
    }
    let capture = match pos.place.at(to) {
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
            kind: piece,
        },
        from: match candidates.as_slice() {
            [one] => Some(t.name(*one)),
            _ => None,
        },
        to: to_name,
        capture,
    }
}

/// The promotion rule in words.
fn promotion_rule<S: SquareSet>(pos: &Position<S>) -> String {
    let rules = &pos.t.rules;
    if let Some(words) = rules.hooks.explain(&Refusal::Promotion) {
        return words;
    }
    let zones: Vec<String> = rules
        .zones
        .iter()
        .map(|z| {
            let names: Vec<String> = z
                .choices
                .iter()
                .map(|&k| rules.pieces[k].name.clone())
                .collect();
            let ranks = if z.ranks == 1 {
                "its last rank".to_string()
            } else {
                format!("its last {} ranks", z.ranks)
            };
            format!("in {ranks} it may become a {}", names.join(", "))
        })
        .collect();
    if zones.is_empty() {
        "pawns do not promote in this game".to_string()
    } else {
        zones.join("; ")
    }
}
