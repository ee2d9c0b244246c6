//! Reading XBetza text into a [`Betza`] tree.
//!
//! A piece is a sequence of clauses `modifiers ATOM [range] [y] [a turns ATOM]`:
//! - modifiers (any order): `m` move only, `c` capture only, `i` first move
//!   only, `n` lame, `p` hopper, and direction letters `f b l r s v` (pairs
//!   such as `fl`, `ff`, `fs` for diagonal and oblique atoms);
//! - atoms `W F D N A H C Z G`, the compounds `K` (W F), `R` (WW), `B` (FF),
//!   `Q` (WW FF), and `(x,y)` for any other leap (our extension);
//! - a rider doubles its atom (`NN`) or takes a range number (`R4`, `W2`);
//! - `a` starts a second leg: relative turns (`f`, `fl`, `fr`, `fs`, `l`, `r`,
//!   `s`, `bl`, `br`, `bs`, `b`) and the first leg's atom again (`FafsF`),
//!   the second step being the first turned by those eighths of a circle;
//!   `y` before the `a` makes the second leg slide on (`FyafsF`, the
//!   Gryffon), and then the first step is also a destination of its own
//!   (RULINGS D8).

use crate::ast::{Atom, AtomKind, Betza, Clause, Continuation, Range};
use crate::error::{BetzaError, ErrorKind};

struct Cursor<'a> {
    text: &'a [u8],
    pos: usize,
}

impl Cursor<'_> {
    fn peek(&self) -> Option<u8> {
        self.text.get(self.pos).copied()
    }

    fn err(&self, kind: ErrorKind) -> BetzaError {
        BetzaError { at: self.pos, kind }
    }

    fn number(&mut self) -> Result<Option<u8>, BetzaError> {
        let start = self.pos;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.pos += 1;
        }
        if start == self.pos {
            return Ok(None);
        }
        let s = std::str::from_utf8(&self.text[start..self.pos]).unwrap_or("");
        match s.parse::<u8>() {
            Ok(n) if (1..=15).contains(&n) => Ok(Some(n)),
            _ => Err(BetzaError {
                at: start,
                kind: ErrorKind::BadNumber,
            }),
        }
    }
}

/// Reads an XBetza text. Errors give the byte position and the reason.
pub fn parse(text: &str) -> Result<Betza, BetzaError> {
    let mut c = Cursor {
        text: text.as_bytes(),
        pos: 0,
    };
    let mut clauses = Vec::new();
    if text.trim().is_empty() {
        return Err(c.err(ErrorKind::Empty));
    }
    while c.peek().is_some() {
        if c.peek() == Some(b' ') {
            c.pos += 1;
            continue;
        }
        clauses.extend(clause(&mut c)?);
    }
    Ok(Betza { clauses })
}

fn clause(c: &mut Cursor<'_>) -> Result<Vec<Clause>, BetzaError> {
    let start = c.pos;
    let (mut m, mut cap, mut initial, mut lame, mut hop) = (false, false, false, false, false);
    let mut dir_letters = String::new();
    let dir_start = c.pos;
    loop {
        match c.peek() {
            Some(b'm') => m = true,
            Some(b'c') => cap = true,
            Some(b'i') => initial = true,
            Some(b'n') => lame = true,
            Some(b'p') => hop = true,
            Some(ch @ (b'f' | b'b' | b'l' | b'r' | b's' | b'v')) => dir_letters.push(ch as char),
            _ => break,
        }
        c.pos += 1;
    }
    let atom_at = c.pos;
    let (atoms, mut range): (Vec<Atom>, Range) = match c.peek() {
        None => return Err(c.err(ErrorKind::MissingAtom)),
        Some(b'(') => (vec![custom(c)?], Range::Leap),
        Some(ch @ (b'W' | b'F' | b'D' | b'N' | b'A' | b'H' | b'C' | b'Z' | b'G')) => {
            c.pos += 1;
            let ride = c.peek() == Some(ch);
            if ride {
                c.pos += 1;
            }
            let r = if ride { Range::Ride(None) } else { Range::Leap };
            (vec![Atom::Leaper(ch as char)], r)
        }
        Some(b'K') => {
            c.pos += 1;
            (vec![Atom::Leaper('W'), Atom::Leaper('F')], Range::Leap)
        }
        Some(b'R') => {
            c.pos += 1;
            (vec![Atom::Leaper('W')], Range::Ride(None))
        }
        Some(b'B') => {
            c.pos += 1;
            (vec![Atom::Leaper('F')], Range::Ride(None))
        }
        Some(b'Q') => {
            c.pos += 1;
            (
                vec![Atom::Leaper('W'), Atom::Leaper('F')],
                Range::Ride(None),
            )
        }
        Some(ch) if ch.is_ascii_uppercase() => {
            return Err(c.err(ErrorKind::Unsupported(format!(
                "atom '{}' (known: W F D N A H C Z G K Q R B and (x,y))",
                ch as char
            ))))
        }
        Some(_) => {
            let ch = std::str::from_utf8(&c.text[c.pos..])
                .ok()
                .and_then(|s| s.chars().next())
                .unwrap_or('?');
            return Err(c.err(ErrorKind::Unexpected(ch)));
        }
    };
    let num_at = c.pos;
    if let Some(n) = c.number()? {
        if c.text[atom_at] == b'K' {
            return Err(BetzaError {
                at: num_at,
                kind: ErrorKind::Unsupported("a range on K (write Q2 or R2 and B2)".into()),
            });
        }
        range = Range::Ride(Some(n));
    }
    // A second leg.
    let mut then = None;
    if matches!(c.peek(), Some(b'y' | b'a')) {
        let leg_at = c.pos;
        let slide = c.peek() == Some(b'y');
        if slide {
            c.pos += 1;
        }
        if c.peek() != Some(b'a') {
            return Err(c.err(ErrorKind::Unsupported("'y' must be followed by 'a'".into())));
        }
        c.pos += 1;
        let turn_at = c.pos;
        let mut letters = String::new();
        while let Some(ch @ (b'f' | b'b' | b'l' | b'r' | b's')) = c.peek() {
            letters.push(ch as char);
            c.pos += 1;
        }
        let turns = parse_turns(&letters).map_err(|d| BetzaError {
            at: turn_at,
            kind: ErrorKind::BadDirection(d),
        })?;
        let second = c.peek();
        let first = c.text[atom_at];
        if atoms.len() != 1 || range != Range::Leap || !matches!(first, b'W' | b'F') {
            return Err(BetzaError {
                at: leg_at,
                kind: ErrorKind::Unsupported(
                    "a second leg after anything but a single W or F step".into(),
                ),
            });
        }
        if second != Some(first) {
            return Err(c.err(ErrorKind::Unsupported(
                "the second leg repeats the first leg's atom (FafsF, WyafsW)".into(),
            )));
        }
        c.pos += 1;
        if lame || hop {
            return Err(BetzaError {
                at: start,
                kind: ErrorKind::Unsupported("n or p on a two-leg move".into()),
            });
        }
        then = Some(Continuation { turns, slide });
    }
    if hop && range == Range::Leap {
        return Err(BetzaError {
            at: start,
            kind: ErrorKind::Unsupported(
                "p (hopper) on a leaper; hoppers must ride (pR, pB)".into(),
            ),
        });
    }
    let mut out = Vec::new();
    for atom in atoms {
        if lame {
            let ok = matches!(atom, Atom::Leaper('D' | 'A' | 'H' | 'N')) && range == Range::Leap;
            if !ok {
                return Err(BetzaError {
                    at: start,
                    kind: ErrorKind::Unsupported(
                        "n (lame) applies to the single leaps D, A, H and N only".into(),
                    ),
                });
            }
        }
        let terms = parse_dirs(&dir_letters, atom.kind()).map_err(|d| BetzaError {
            at: dir_start,
            kind: ErrorKind::BadDirection(d),
        })?;
        let dirs = crate::compile::dir_vectors(atom, &terms);
        if !terms.is_empty() && dirs.is_empty() && crate::compile::vectors(atom).is_empty() {
            continue;
        }
        out.push(Clause {
            moves: m || !cap,
            captures: cap || !m,
            initial,
            lame,
            hop,
            dirs,
            atom,
            range,
            then: then.clone(),
        });
    }
    Ok(out)
}

fn custom(c: &mut Cursor<'_>) -> Result<Atom, BetzaError> {
    let at = c.pos;
    let bad = BetzaError {
        at,
        kind: ErrorKind::BadLeap,
    };
    let rest = &c.text[c.pos..];
    let close = rest.iter().position(|&b| b == b')').ok_or(bad.clone())?;
    let inner = std::str::from_utf8(&rest[1..close]).map_err(|_| bad.clone())?;
    let (x, y) = inner.split_once(',').ok_or(bad.clone())?;
    let x: u8 = x.trim().parse().map_err(|_| bad.clone())?;
    let y: u8 = y.trim().parse().map_err(|_| bad.clone())?;
    if x > 15 || y > 15 || (x == 0 && y == 0) {
        return Err(bad);
    }
    c.pos += close + 1;
    Ok(Atom::Custom(x.max(y), x.min(y)))
}

/// Splits direction letters into terms for an atom kind; the terms come
/// back sorted and without repeats. Err carries the offending letters.
pub(crate) fn parse_dirs(letters: &str, kind: AtomKind) -> Result<Vec<String>, String> {
    let b = letters.as_bytes();
    let mut terms = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let one = b[i] as char;
        let two = b.get(i + 1).map(|&x| x as char);
        let pair = match (kind, one, two) {
            (AtomKind::Diagonal, 'f' | 'b', Some(s @ ('l' | 'r'))) => Some(format!("{one}{s}")),
            (AtomKind::Diagonal, 'l' | 'r', Some(v @ ('f' | 'b'))) => Some(format!("{v}{one}")),
            (AtomKind::Oblique, 'f', Some(s @ ('f' | 's' | 'l' | 'r'))) => Some(format!("f{s}")),
            (AtomKind::Oblique, 'b', Some(s @ ('b' | 's' | 'l' | 'r'))) => Some(format!("b{s}")),
            (AtomKind::Oblique, 'l' | 'r', Some(v @ ('f' | 'b'))) => Some(format!("{v}{one}")),
            (AtomKind::Oblique, 'l', Some('l')) => Some("ll".to_string()),
            (AtomKind::Oblique, 'r', Some('r')) => Some("rr".to_string()),
            _ => None,
        };
        match pair {
            Some(p) => {
                terms.push(p);
                i += 2;
            }
            None => {
                if !matches!(one, 'f' | 'b' | 'l' | 'r' | 's' | 'v') {
                    return Err(one.to_string());
                }
                terms.push(one.to_string());
                i += 1;
            }
        }
    }
    terms.sort_by_key(|t| term_order(t));
    terms.dedup();
    Ok(terms)
}

fn term_order(t: &str) -> (usize, String) {
    const ORDER: [&str; 20] = [
        "f", "b", "l", "r", "s", "v", "ff", "fs", "fl", "fr", "bb", "bs", "bl", "br", "ll", "rr",
        "", "", "", "",
    ];
    (
        ORDER.iter().position(|o| *o == t).unwrap_or(99),
        t.to_string(),
    )
}

/// Relative turns of a second leg, in eighths, counter-clockwise positive.
fn parse_turns(letters: &str) -> Result<Vec<i8>, String> {
    if letters.is_empty() {
        return Ok(vec![0]);
    }
    let b = letters.as_bytes();
    let mut turns = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let two = std::str::from_utf8(&b[i..(i + 2).min(b.len())]).unwrap_or("");
        let (add, used): (&[i8], usize) = match two {
            "fl" => (&[1], 2),
            "fr" => (&[-1], 2),
            "fs" => (&[1, -1], 2),
            "bl" => (&[3], 2),
            "br" => (&[-3], 2),
            "bs" => (&[3, -3], 2),
            _ => match b[i] {
                b'f' => (&[0], 1),
                b'l' => (&[2], 1),
                b'r' => (&[-2], 1),
                b's' => (&[2, -2], 1),
                b'b' => (&[4], 1),
                other => return Err((other as char).to_string()),
            },
        };
        turns.extend_from_slice(add);
        i += used;
    }
    turns.sort();
    turns.dedup();
    Ok(turns)
}
