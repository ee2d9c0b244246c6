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
//! coordinates (`e2e4`, `e7e8q`; castling as the royal's move) and a
//! pawn's drop without its letter (`@e6`); it
//! refuses a wrong `+` or `#`, a missing or wrong `x` and an ambiguous
//! move, saying why.

use super::position::{seat_name, Move, Position};
use super::rules::{PieceKind, Refusal, WinCondition};
use super::set::SquareSet;
use deckmate_board::Square;
use deckmate_rules::{MoveError, Mover};

/// A move as written, before it is matched against a position.
#[derive(Clone, PartialEq, Eq, Debug)]
enum Written {
    /// A castling's notation (its index among the side's castlings is
    /// found later).
    Castle(String),
    /// A drop: the piece letter (`None`: a pawn) and the square.
    Drop { letter: Option<char>, to: Square },
    /// Two squares and an optional promotion letter.
    Coordinates {
        from: Square,
        to: Square,
        promotion: Option<char>,
    },
    /// SAN.
    San {
        /// The piece letter (upper case), `None` for a pawn without one.
        letter: Option<char>,
        from_file: Option<u8>,
        from_rank: Option<u8>,
        capture: bool,
        to: Square,
        promotion: Option<char>,
    },
}

fn syntax<S: SquareSet>(pos: &Position<S>, text: &str, why: &str) -> MoveError {
    MoveError::NotAMove {
        text: text.to_string(),
        game: pos.t.rules.name.clone(),
        why: why.to_string(),
        examples: "e4, Nf3, exd5, O-O, e8=Q, e2e4".to_string(),
    }
}

/// Why `sq`, named in a move, is no square of the board: off the board
/// (beyond its files or ranks, which the message gives) or a hole.
fn not_a_square<S: SquareSet>(pos: &Position<S>, sq: Square) -> String {
    let rules = &pos.t.rules;
    let g = &rules.geometry;
    let name = sq.name(rules.style());
    if sq.file() >= g.files() || sq.rank() >= g.ranks() {
        let last_file = char::from(b'a' + g.files().saturating_sub(1));
        let first = Square(0).name(rules.style());
        let last = Square((g.ranks().saturating_sub(1)) * 16 + g.files().saturating_sub(1))
            .name(rules.style());
        format!("{name} is off the board (files a-{last_file}, squares {first} to {last})")
    } else {
        format!("{name} is a hole, not a square")
    }
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

fn read<S: SquareSet>(pos: &Position<S>, text: &str) -> Result<(Written, Option<char>), MoveError> {
    let rules = &pos.t.rules;
    let style = rules.style();
    let t = text.trim().trim_end_matches(['!', '?']);
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
    let castle = body.replace('0', "O");
    if rules.castling.iter().any(|c| c.notation == castle) {
        return Ok((Written::Castle(castle), sign));
    }
    if castle.starts_with("O-") || castle.starts_with("o-") {
        let known: Vec<&str> = {
            let mut v: Vec<&str> = rules.castling.iter().map(|c| c.notation.as_str()).collect();
            v.dedup();
            v
        };
        return Err(syntax(
            pos,
            text,
            &if known.is_empty() {
                "the game has no castling".to_string()
            } else {
                format!("castling is written {}", known.join(" or "))
            },
        ));
    }
    if let Some((piece, square)) = body.split_once('@') {
        let letter = match piece.as_bytes() {
            [] => None,
            [c] if c.is_ascii_alphabetic() => Some((*c as char).to_ascii_uppercase()),
            _ => {
                return Err(syntax(
                    pos,
                    text,
                    "a drop is a piece letter, '@' and a square (N@f3)",
                ))
            }
        };
        let to = Square::parse(square, style)
            .map_err(|_| syntax(pos, text, &format!("'{square}' is not a square")))?;
        return Ok((Written::Drop { letter, to }, sign));
    }
    // Coordinates: e2e4, e7e8q, a10b10.
    if let Ok((from, used)) = Square::parse_prefix(body, style) {
        let rest = &body[used..];
        if let Ok((to, used2)) = Square::parse_prefix(rest, style) {
            let tail = &rest[used2..];
            let promotion = match tail.as_bytes() {
                [] => None,
                [c] if c.is_ascii_alphabetic() => Some((*c as char).to_ascii_uppercase()),
                [b'=', c] if c.is_ascii_alphabetic() => Some((*c as char).to_ascii_uppercase()),
                _ => {
                    return Err(syntax(
                        pos,
                        text,
                        "after the two squares only a promotion may follow",
                    ))
                }
            };
            return Ok((
                Written::Coordinates {
                    from,
                    to,
                    promotion,
                },
                sign,
            ));
        }
    }
    let mut rest = body;
    let letter = match rest.chars().next() {
        Some(c) if c.is_ascii_uppercase() => {
            rest = &rest[1..];
            Some(c)
        }
        _ => None,
    };
    // The promotion: "=Q" or a final upper-case letter.
    let mut promotion = None;
    if let Some((before, after)) = rest.split_once('=') {
        let mut p = after.chars();
        match (p.next(), p.next()) {
            (Some(c), None) if c.is_ascii_alphabetic() => promotion = Some(c.to_ascii_uppercase()),
            _ => return Err(syntax(pos, text, "'=' is followed by one piece letter")),
        }
        rest = before;
    } else if let Some(c) = rest.chars().last().filter(|c| c.is_ascii_uppercase()) {
        promotion = Some(c);
        rest = &rest[..rest.len() - 1];
    }
    let Some((head, dest)) = split_square(rest) else {
        return Err(syntax(pos, text, "the target square is missing"));
    };
    let to = Square::parse(dest, style)
        .map_err(|_| syntax(pos, text, &format!("'{dest}' is not a square")))?;
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
            letter,
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

/// Reads a move and checks it against the position, saying why it is not
/// legal when it is not.
pub fn parse<S: SquareSet>(pos: &Position<S>, text: &str) -> Result<Move, MoveError> {
    let (written, written_sign) = read(pos, text)?;
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
    let promo_kind = |c: Option<char>| -> Result<Option<usize>, MoveError> {
        match c {
            None => Ok(None),
            Some(c) => rules
                .kind_of(c)
                .map(Some)
                .ok_or_else(|| syntax(pos, text, &format!("no piece has the letter {c}"))),
        }
    };
    let mv = match written {
        Written::Drop { letter, to } => {
            let kind = match letter {
                Some(l) => rules
                    .kind_of(l)
                    .ok_or_else(|| syntax(pos, text, &format!("no piece has the letter {l}")))?,
                None => (0..t.kinds)
                    .find(|&k| rules.pieces[k].kind == PieceKind::Pawn)
                    .ok_or_else(|| syntax(pos, text, "the game has no pawns"))?,
            };
            let Some(to) = t.dense(to) else {
                return Err(syntax(pos, text, &not_a_square(pos, to)));
            };
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
        } => {
            let (Some(f), Some(tt)) = (t.dense(from), t.dense(to)) else {
                let off = if t.dense(from).is_none() { from } else { to };
                return Err(syntax(pos, text, &not_a_square(pos, off)));
            };
            let p = promo_kind(promotion)?;
            let found = legal.iter().copied().find(|m| {
                m.dropped().is_none()
                    && m.from_index() == f
                    && m.to_index() == tt
                    && m.promotion() == p
            });
            match found {
                Some(m) => m,
                None => {
                    let Some((seat, kind)) = pos.place.at(f) else {
                        return Err(MoveError::NoSuchPiece {
                            piece: format!("piece on {}", rules.square_name(from)),
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
                    let fits = |sq: u8| sq == f;
                    return Err(explain(pos, &legal, kind, &fits, tt, p));
                }
            }
        }
        Written::San {
            letter,
            from_file,
            from_rank,
            capture,
            to,
            promotion,
        } => {
            let kind = match letter {
                Some(l) => rules
                    .kind_of(l)
                    .ok_or_else(|| syntax(pos, text, &format!("no piece has the letter {l}")))?,
                None => {
                    let pawns: Vec<usize> = (0..t.kinds).filter(|&k| silent(pos, k)).collect();
                    match pawns.as_slice() {
                        [k] => *k,
                        [] => {
                            return Err(syntax(
                                pos,
                                text,
                                "it must start with a piece letter (upper case)",
                            ))
                        }
                        _ => {
                            // Several kinds of pawn: the one on the
                            // square the move comes from.
                            let found = legal.iter().find(|m| {
                                plain(m)
                                    && t.dense(to) == Some(m.to_index())
                                    && pawns.contains(&pos.place.kind_at(m.from_index()))
                            });
                            found.map_or(pawns[0], |m| pos.place.kind_at(m.from_index()))
                        }
                    }
                }
            };
            if letter.is_some() && silent(pos, kind) {
                return Err(syntax(
                    pos,
                    text,
                    "a pawn's move is written without its letter (e4, exd5)",
                ));
            }
            let Some(to) = t.dense(to) else {
                return Err(syntax(pos, text, &not_a_square(pos, to)));
            };
            let p = promo_kind(promotion)?;
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
                    plain(m) && m.to_index() == to && m.promotion() == p && fits(m.from_index())
                })
                .collect();
            let mv = match found.as_slice() {
                [m] => *m,
                [] => return Err(explain(pos, &legal, kind, &fits, to, p)),
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
    if t.rules.hands.is_none() {
        return MoveError::Forbidden {
            rule: format!("pieces are not dropped in {}", t.rules.name),
        };
    }
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
