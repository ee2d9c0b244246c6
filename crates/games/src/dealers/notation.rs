//! Dealer's Chess move notation: the mover's catalogue code (bare if one
//! letter, in brackets if longer: D14's form), the squares it goes from and
//! to with `-` or `x` between, then `=` and the code of the piece a pawn
//! becomes (`(shared)` after it when it is one of the shared extras, D4),
//! `ep` after an en passant capture, `+` for check and `#` for mate;
//! castling `O-O` (towards the corner of the last file) and `O-O-O`
//! (towards the a-file).
//!
//! Examples: `Pe2-e4`, `[GR]b1xf5`, `[LB]d4-d5` (a push), `Pd5xe6ep`,
//! `Pe7-e8=[LI]`, `Pe7-e8=Q(shared)`, `O-O`.
//!
//! Reading is lenient: the code may be left out or given in any case,
//! with or without brackets (`Pe2-e4`, `pe2-e4`, `[gr]b1xf5`, `grb1xf5`);
//! `e2e4`, `e2-e4` and `e2xe4` read alike, as the one legal move between
//! the two squares; the check signs are ignored. A promotion to a kind both
//! in the hand and among the shared extras takes the hand's unless
//! `(shared)` is written; a move that could be a plain move or an en
//! passant capture is the plain move unless `ep` (or `e.p.`) is written;
//! where a push and a capture join the same squares, `-` is the push and
//! `x` the capture. Several moves left between the squares (a promotion
//! written without its piece, `e7e8`) are refused as ambiguous, naming
//! them.

use super::movegen::Move;
use super::position::Position;
use deckmate_rules::MoveError;

/// Examples of moves, for error messages.
pub const EXAMPLES: &str = "Pe2-e4, [GR]b1xf5, Pe7-e8=[LI], Pe7-e8=Q(shared), O-O";

/// A code in D14's form, upper case.
pub fn code_text(code: &str) -> String {
    let c = code.to_ascii_uppercase();
    if c.len() == 1 {
        c
    } else {
        format!("[{c}]")
    }
}

/// The move written, with `+` or `#` when it checks or mates.
pub fn write(pos: &Position, m: Move) -> String {
    let mut s = write_plain(pos, m);
    if m.drawn().is_some() {
        return s;
    }
    let mut after = pos.clone();
    after.play(m);
    if after.in_check(after.side_to_move()) {
        s.push(if after.has_legal_move() { '+' } else { '#' });
    }
    s
}

/// The move written, without the check sign.
pub fn write_plain(pos: &Position, m: Move) -> String {
    let r = pos.rules();
    let code = |k: u8| code_text(&r.kinds[usize::from(k)].card.code);
    if let Some(d) = m.drawn() {
        return format!("draw:{}", d.into_iter().map(code).collect::<String>());
    }
    if m.is_choice() {
        return format!("={}", m.promotion().map(code).unwrap_or_default());
    }
    if m.is_castling() {
        return if m.to() > m.from() { "O-O" } else { "O-O-O" }.to_string();
    }
    let code = pos
        .at(m.from())
        .map(|(_, k)| code_text(&r.kinds[usize::from(k)].card.code))
        .unwrap_or_default();
    let capture = m.is_en_passant() || (!m.is_push() && pos.at(m.to()).is_some());
    let mut s = format!(
        "{code}{}{}{}",
        r.square_name(m.from()),
        if capture { 'x' } else { '-' },
        r.square_name(m.to())
    );
    if let Some(k) = m.promotion() {
        s.push('=');
        s.push_str(&code_text(&r.kinds[usize::from(k)].card.code));
        if m.from_shared() {
            s.push_str("(shared)");
        }
    }
    if m.is_en_passant() {
        s.push_str("ep");
    }
    s
}

fn not_a_move(text: &str, why: impl Into<String>) -> MoveError {
    MoveError::NotAMove {
        text: text.to_string(),
        game: "Dealer's Chess".to_string(),
        why: why.into(),
        examples: EXAMPLES.to_string(),
    }
}

/// What a text says.
struct Written {
    code: Option<String>,
    from: u8,
    to: u8,
    promotion: Option<String>,
    shared: bool,
    en_passant: bool,
    /// The `-`, `x` or `:` written between the squares, if any.
    separator: Option<char>,
}

/// Reads a code at the start of `s`: `[ABC]` or a run of upper-case
/// letters before the first square (`GRb1`: the file is lower case).
fn take_code(s: &str) -> (Option<String>, &str) {
    if let Some(rest) = s.strip_prefix('[') {
        if let Some(end) = rest.find(']') {
            return (Some(rest[..end].to_ascii_uppercase()), &rest[end + 1..]);
        }
    }
    let n = s.chars().take_while(|c| c.is_ascii_uppercase()).count();
    if n > 0 {
        (Some(s[..n].to_string()), &s[n..])
    } else {
        (None, s)
    }
}

/// Reads the mover's code at the start of a move: `[ABC]`, or the letters
/// before the first square in any case (`GRb1`, `grb1`, `pe2`: a square is
/// one file letter and its digits, so every letter before the last one
/// belongs to the code).
fn take_mover_code(s: &str) -> (Option<String>, &str) {
    if s.starts_with('[') {
        return take_code(s);
    }
    let n = s.chars().take_while(char::is_ascii_alphabetic).count();
    if n >= 2 {
        (Some(s[..n - 1].to_ascii_uppercase()), &s[n - 1..])
    } else {
        (None, s)
    }
}

/// Reads a square at the start of `s`: a file letter and one or two
/// digits.
fn take_square<'a>(pos: &Position, s: &'a str) -> Option<(u8, &'a str)> {
    let b = s.as_bytes();
    if b.is_empty() || !b[0].is_ascii_lowercase() {
        return None;
    }
    let digits = b[1..]
        .iter()
        .take(2)
        .take_while(|c| c.is_ascii_digit())
        .count();
    if digits == 0 {
        return None;
    }
    // Prefer two digits when they name a rank of the board.
    for d in (1..=digits).rev() {
        if let Some(sq) = pos.rules().square_of(&s[..1 + d]) {
            return Some((sq, &s[1 + d..]));
        }
    }
    None
}

fn read(pos: &Position, text: &str) -> Result<Written, MoveError> {
    let mut s: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    while s.ends_with(['+', '#', '!', '?']) {
        s.pop();
    }
    let mut en_passant = false;
    for suffix in ["e.p.", "ep"] {
        if let Some(rest) = s.strip_suffix(suffix) {
            s = rest.to_string();
            en_passant = true;
            break;
        }
    }
    let mut shared = false;
    if let Some(rest) = s.strip_suffix("(shared)") {
        s = rest.to_string();
        shared = true;
    }
    let (code, rest) = take_mover_code(&s);
    let (from, rest) = take_square(pos, rest)
        .ok_or_else(|| not_a_move(text, "expected the square the man leaves (e2)"))?;
    let (rest, separator) = match rest.strip_prefix(['-', 'x', ':']) {
        Some(after) => (after, rest.chars().next()),
        None => (rest, None),
    };
    let (to, rest) = take_square(pos, rest)
        .ok_or_else(|| not_a_move(text, "expected the square the man goes to (e4)"))?;
    let promotion = match rest.strip_prefix('=') {
        Some(p) => {
            let (c, tail) = take_code(p);
            let c = match c {
                Some(c) => c,
                None if !p.is_empty() && p.chars().all(|c| c.is_ascii_alphabetic()) => {
                    return Ok(Written {
                        code,
                        from,
                        to,
                        promotion: Some(p.to_ascii_uppercase()),
                        shared,
                        en_passant,
                        separator,
                    })
                }
                None => return Err(not_a_move(text, "'=' is followed by a piece's code")),
            };
            if !tail.is_empty() {
                return Err(not_a_move(text, format!("'{tail}' after the promotion")));
            }
            Some(c)
        }
        None if rest.is_empty() => None,
        None => return Err(not_a_move(text, format!("'{rest}' after the squares"))),
    };
    Ok(Written {
        code,
        from,
        to,
        promotion,
        shared,
        en_passant,
        separator,
    })
}

/// Reads a `big-deck` draw (`draw:[LI]Q[GR]`, chance's) or choice
/// (`=[LI]`) while a promotion is under way; `None` otherwise.
fn parse_stack_move(pos: &Position, legal: &[Move], t: &str) -> Result<Option<Move>, MoveError> {
    if pos.awaits_draw() {
        let Some(list) = t.strip_prefix("draw:") else {
            return Err(MoveError::Forbidden {
                rule: "the promotion waits for its three cards from the Draw Stack (D6 big-deck): \
                       chance draws them, written draw:[LI]Q[GR]"
                    .to_string(),
            });
        };
        let mut kinds = Vec::new();
        let (tokens, rest) = super::game::read_men_codes(list);
        if !rest.is_empty() {
            return Err(not_a_move(t, format!("'{rest}' in the cards drawn")));
        }
        for c in tokens {
            let k = pos
                .rules()
                .kind_of(&c)
                .ok_or_else(|| not_a_move(t, format!("{c} is no card of this game")))?;
            kinds.push(k);
        }
        kinds.sort_unstable();
        let m = Move::draw(&kinds);
        let mut outs = Vec::new();
        deckmate_rules::Game::chance_outcomes(pos, &mut outs);
        return if outs.iter().any(|&(o, _)| o == m) {
            Ok(Some(m))
        } else {
            Err(MoveError::Forbidden {
                rule: format!(
                    "{t} is not a draw of the Draw Stack now ({} cards of it)",
                    pos.draw_pool().len().min(3)
                ),
            })
        };
    }
    if let Some(cards) = pos.drawn_cards() {
        let code = t
            .trim_start_matches('=')
            .trim_end_matches(['+', '#', '!', '?']);
        let (tokens, rest) = super::game::read_men_codes(code);
        let want = match (tokens.as_slice(), rest.is_empty()) {
            ([one], true) => pos.rules().kind_of(one),
            _ => None,
        };
        return legal
            .iter()
            .copied()
            .find(|m| m.is_choice() && m.promotion() == want && want.is_some())
            .map(Some)
            .ok_or_else(|| MoveError::Forbidden {
                rule: format!(
                    "choose the piece the pawn becomes among the cards drawn: {}",
                    cards
                        .iter()
                        .map(|&k| format!(
                            "={}",
                            code_text(&pos.rules().kinds[usize::from(k)].card.code)
                        ))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            });
    }
    Ok(None)
}

/// Reads a move and finds it among the legal ones, or says why it is not
/// one.
pub fn parse(pos: &Position, text: &str) -> Result<Move, MoveError> {
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    let t = text.trim();
    if let Some(m) = parse_stack_move(pos, &legal, t)? {
        return Ok(m);
    }
    let castle = t.trim_end_matches(['+', '#']).replace('0', "O");
    if castle == "O-O" || castle == "O-O-O" {
        let long = castle == "O-O-O";
        return legal
            .iter()
            .copied()
            .find(|m| m.is_castling() && (m.to() < m.from()) == long)
            .ok_or_else(|| MoveError::Forbidden {
                rule: format!(
                    "{castle} is not allowed now: castling needs the royal and the corner piece \
                     unmoved, the squares between empty, and the royal not in check, not \
                     crossing or landing on an attacked square (D5)"
                ),
            });
    }
    let w = read(pos, t)?;
    let r = pos.rules();
    let me = pos.side_to_move();
    let side = crate::fairy::seat_name(me);
    let Some((owner, kind)) = pos.at(w.from) else {
        return Err(MoveError::Forbidden {
            rule: format!("there is no man on {}", r.square_name(w.from)),
        });
    };
    let name = &r.kinds[usize::from(kind)].card.name;
    if owner != me {
        return Err(MoveError::NotYours {
            piece: name.clone(),
            noun: "man".to_string(),
            owner: crate::fairy::seat_name(owner).to_string(),
        });
    }
    if let Some(c) = &w.code {
        if !r.kinds[usize::from(kind)].card.code.eq_ignore_ascii_case(c) {
            return Err(MoveError::Forbidden {
                rule: format!(
                    "the man on {} is a {name} ({}), not {}",
                    r.square_name(w.from),
                    code_text(&r.kinds[usize::from(kind)].card.code),
                    code_text(c)
                ),
            });
        }
    }
    let mut fits: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| !m.is_castling() && m.from() == w.from && m.to() == w.to)
        .collect();
    if fits.is_empty() {
        let mut pseudo = Vec::new();
        pos.pseudo_moves(&mut pseudo);
        if pseudo.iter().any(|m| m.from() == w.from && m.to() == w.to) {
            return Err(MoveError::KingInCheck {
                side: side.to_string(),
                in_check: pos.in_check(me),
            });
        }
        return Err(MoveError::Forbidden {
            rule: format!(
                "the {name} on {} cannot go to {} now",
                r.square_name(w.from),
                r.square_name(w.to)
            ),
        });
    }
    if fits.iter().any(|m| m.is_en_passant() != w.en_passant)
        && fits.iter().any(|m| m.is_en_passant() == w.en_passant)
    {
        fits.retain(|m| m.is_en_passant() == w.en_passant);
    }
    // Two moves between the same squares that differ in what they do (a
    // Linebacker's push and a capture): the sign between the squares, as
    // they are written, picks one.
    if let Some(sep) = w.separator {
        let capture = |m: &Move| m.is_en_passant() || (!m.is_push() && pos.at(m.to()).is_some());
        let wants_capture = sep != '-';
        if fits.iter().any(|m| capture(m) == wants_capture) {
            fits.retain(|m| capture(m) == wants_capture);
        }
    }
    let ambiguous = |fits: &[Move]| MoveError::Ambiguous {
        text: t.to_string(),
        side: side.to_string(),
        piece: name.clone(),
        to: r.square_name(w.to),
        candidates: fits.iter().map(|&m| write(pos, m)).collect(),
    };
    let promotes = fits.iter().any(|m| m.promotion().is_some());
    match (&w.promotion, promotes) {
        (None, false) => match fits.as_slice() {
            [one] => Ok(*one),
            [] => Err(MoveError::NotLegal {
                text: t.to_string(),
            }),
            many => Err(ambiguous(many)),
        },
        (Some(_), false) => Err(MoveError::Forbidden {
            rule: format!(
                "the {name} does not promote on {} (D4: pawns promote on the last rank, from the \
                 hand)",
                r.square_name(w.to)
            ),
        }),
        // The pawn promotes from the hand (D4): the move names to what.
        (None, true) => match fits.as_slice() {
            [one] => Ok(*one),
            many => Err(ambiguous(many)),
        },
        (Some(p), true) => {
            let want = r.kind_of(p);
            let of_kind: Vec<Move> = fits
                .iter()
                .copied()
                .filter(|m| m.promotion().is_some() && m.promotion() == want)
                .collect();
            let pick = of_kind
                .iter()
                .copied()
                .find(|m| m.from_shared() == w.shared)
                .or_else(|| (!w.shared && of_kind.len() == 1).then(|| of_kind[0]));
            pick.ok_or_else(|| MoveError::Forbidden {
                rule: format!(
                    "{} is not in {} (D4: a pawn becomes a piece of its owner's hand)",
                    code_text(p),
                    if w.shared {
                        "the shared extras".to_string()
                    } else {
                        format!("{side}'s hand or the shared extras")
                    },
                ),
            })
        }
    }
}
