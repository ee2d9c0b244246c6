//! Reading XBetza text into a [`Betza`] tree.
//!
//! A piece is a sequence of clauses; spaces between clauses are allowed and
//! mean nothing. A clause is `legs ATOM [range]`, where `legs` is one or two
//! groups of lower-case modifiers separated by `a` (XBetza's "again").
//!
//! Modifiers of a one-leg clause (any order):
//! - `m` move only, `c` capture only (both or neither: move and capture);
//! - `i` only as the piece's first move;
//! - `n` lame: the squares leapt over must be empty. `D A H G` and `(x,0)`,
//!   `(x,x)` leaps are blocked on the line; `nN` is blocked on the
//!   orthogonally adjacent square of its longer leg (the Xiangqi horse, as
//!   XBoard and Fairy-Stockfish read it); other oblique leaps are refused;
//! - `p` hopper (riders only): cannon-like, see [`crate::RayKind::Hop`];
//! - direction letters `f b l r v s h`, whose meaning depends on the atom
//!   (see the `dirs` rules in the crate documentation).
//!
//! Atoms: `W F D N A H C Z G` (and XBetza's synonyms `L` = `C`, `J` = `Z`),
//! the compounds `K` = `WF`, `R` = `WW`, `B` = `FF`, `Q` = `RB`, and `(x,y)`
//! for any other leap (XBetza's own notation, e.g. `(4,1)` for the Giraffe
//! and `(4,3)` for the Antelope; either order).
//!
//! Range: a doubled atom (`NN`, `(4,1)(4,1)`) or `0` rides without limit,
//! a number 2..15 rides at most that many leaps, `1` is one leap. `R`, `B`
//! and `Q` ride without limit unless numbered (`R4`, `Q2`).
//!
//! Two legs (XBetza's `a`): `[i] dirs [y] a [m|c] turns ATOM`. The first leg
//! makes one step of the atom in the given directions onto an *empty*
//! square (XBetza's default `m` for a leg that is not the last); the second
//! leg turns by the relative direction letters (`fs` = 45 degrees either way,
//! which turns `W` into `F` and back) and makes one step, or with `y` on the
//! first leg slides on as a rider. `m`/`c` on the second leg are the move's
//! modes. So `afsW` is the Mao, and the bent riders of Dealer's Chess
//! (RULINGS D8: one step, which may capture, and from an empty first square
//! an outward slide) are `FyafsF` (Gryffon = `F` plus `yafsF`), `WyafsW`
//! (Rhinoceros), `vWvyafsW` (Snake) and `FfrblyaflFflbryafrF` (Ship).
//!
//! Limits: a text longer than [`MAX_TEXT_BYTES`] is refused at that byte
//! ([`ErrorKind::TooLong`]), and a clause past [`MAX_CLAUSES`] at its start
//! ([`ErrorKind::TooManyClauses`]).
//!
//! Refused with [`ErrorKind::Unsupported`] at the offending letter: the
//! XBetza modifiers `g j z q o e x d u k` and `y` outside a two-leg move,
//! more than two legs, `c`/`p`/`n` on a first leg (locust capture, hopping),
//! a second leg straight back, two-leg moves of oblique atoms or riders,
//! lame riders, hopping leapers, exact ranges (`W03`), direction letters on
//! `K` and `Q` (write `fWfF`: XBetza's directions for compounds are not
//! settled), the atoms `O U I X`, and bracket notation `[...]`.

use crate::ast::{Atom, Betza, Clause, Continuation, Range};
use crate::check::{check, Problem};
use crate::dirs;
use crate::error::{BetzaError, ErrorKind};
use crate::{MAX_CLAUSES, MAX_TEXT_BYTES};

struct Cursor<'a> {
    text: &'a str,
    pos: usize,
}

impl Cursor<'_> {
    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.pos).copied()
    }

    /// The character at `at` (for error messages).
    fn char_at(&self, at: usize) -> char {
        self.text
            .get(at..)
            .and_then(|s| s.chars().next())
            .unwrap_or('?')
    }
}

/// Where each modifier of one leg was written.
#[derive(Default)]
struct Leg {
    /// Position of the `a` that opened this leg (0 for the first leg).
    opened_at: usize,
    m: Option<usize>,
    c: Option<usize>,
    i: Option<usize>,
    n: Option<usize>,
    p: Option<usize>,
    y: Option<usize>,
    dirs: Vec<(usize, u8)>,
}

/// What the capital letter(s) of a clause stand for.
struct Base {
    atoms: Vec<Atom>,
    range: Range,
    /// `K` or `Q`: direction letters are refused.
    compound: bool,
}

/// Reads an XBetza text. Errors give the byte position and the reason; a
/// text over the limits ([`MAX_TEXT_BYTES`], [`MAX_CLAUSES`]) is refused
/// before any work that grows with it.
pub fn parse(text: &str) -> Result<Betza, BetzaError> {
    if text.len() > MAX_TEXT_BYTES {
        return Err(BetzaError::new(
            MAX_TEXT_BYTES,
            ErrorKind::TooLong {
                max: MAX_TEXT_BYTES,
                len: text.len(),
            },
        ));
    }
    let mut c = Cursor { text, pos: 0 };
    let mut clauses = Vec::new();
    loop {
        while c.peek() == Some(b' ') {
            c.pos += 1;
        }
        if c.peek().is_none() {
            break;
        }
        let at = c.pos;
        clauses.extend(clause(&mut c)?);
        if clauses.len() > MAX_CLAUSES {
            return Err(BetzaError::new(
                at,
                ErrorKind::TooManyClauses { max: MAX_CLAUSES },
            ));
        }
    }
    if clauses.is_empty() {
        return Err(BetzaError::new(0, ErrorKind::Empty));
    }
    Ok(Betza { clauses })
}

fn modifiers(c: &mut Cursor<'_>) -> Result<Vec<Leg>, BetzaError> {
    let mut legs = vec![Leg::default()];
    while let Some(b) = c.peek() {
        if !b.is_ascii_lowercase() {
            break;
        }
        let at = c.pos;
        let unsupported = |what: &str| Err(BetzaError::unsupported(at, what));
        let leg = match legs.last_mut() {
            Some(l) => l,
            None => return Err(BetzaError::new(at, ErrorKind::MissingAtom)),
        };
        match b {
            b'a' => legs.push(Leg {
                opened_at: at,
                ..Leg::default()
            }),
            b'm' => leg.m = Some(at),
            b'c' => leg.c = Some(at),
            b'i' => leg.i = Some(at),
            b'n' => leg.n = Some(at),
            b'p' => leg.p = Some(at),
            b'y' => leg.y = Some(at),
            b'f' | b'b' | b'l' | b'r' | b'v' | b's' | b'h' => leg.dirs.push((at, b)),
            b'g' => return unsupported("modifier 'g' (grasshopper)"),
            b'j' => return unsupported("modifier 'j' (jumping leaper, skipping slider)"),
            b'z' => return unsupported("modifier 'z' (crooked move)"),
            b'q' => return unsupported("modifier 'q' (circular move)"),
            b'o' => return unsupported("modifier 'o' (cylinder board)"),
            b'e' => return unsupported("modifier 'e' (en passant is a game rule here)"),
            b'x' => return unsupported("modifier 'x' (relay)"),
            b'd' => return unsupported("modifier 'd' (capturing own pieces)"),
            b'u' => return unsupported("modifier 'u' (unload)"),
            b'k' => return unsupported("modifier 'k' (royal-only capture)"),
            other => return Err(BetzaError::new(at, ErrorKind::BadModifier(other as char))),
        }
        c.pos += 1;
    }
    Ok(legs)
}

/// Reads `(x,y)` at the cursor (which is on the `(`).
fn custom(c: &Cursor<'_>, at: usize) -> Result<(Atom, usize), BetzaError> {
    let rest = c.text.get(at..).unwrap_or("");
    let Some(close) = rest.find(')') else {
        return Err(BetzaError::new(at, ErrorKind::Unbalanced('(')));
    };
    let bad = BetzaError::new(at, ErrorKind::BadLeap);
    let inner = rest.get(1..close).ok_or(bad.clone())?;
    let (x, y) = inner.split_once(',').ok_or(bad.clone())?;
    let num = |s: &str| -> Option<u8> {
        if s.is_empty() || s.len() > 2 || !s.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        s.parse().ok()
    };
    let (Some(x), Some(y)) = (num(x), num(y)) else {
        return Err(bad);
    };
    let atom = Atom::new(x, y).ok_or(bad)?;
    Ok((atom, close + 1))
}

fn base(c: &mut Cursor<'_>) -> Result<Base, BetzaError> {
    let at = c.pos;
    let letter = match c.peek() {
        None | Some(b' ') => return Err(BetzaError::new(at, ErrorKind::MissingAtom)),
        Some(b'(') => {
            let (atom, used) = custom(c, at)?;
            c.pos += used;
            let mut range = Range::Leap;
            if c.peek() == Some(b'(') {
                if let Ok((again, used)) = custom(c, c.pos) {
                    if again == atom {
                        c.pos += used;
                        range = Range::Ride(None);
                    }
                }
            }
            return Ok(Base {
                atoms: vec![atom],
                range,
                compound: false,
            });
        }
        Some(b'[') => {
            let closed = c.text.get(at..).is_some_and(|s| s.contains(']'));
            return Err(if closed {
                BetzaError::unsupported(at, "bracket notation [...] (write the legs with 'a')")
            } else {
                BetzaError::new(at, ErrorKind::Unbalanced('['))
            });
        }
        Some(b @ (b')' | b']')) => {
            return Err(BetzaError::new(at, ErrorKind::Unbalanced(b as char)))
        }
        Some(b) if b.is_ascii_uppercase() => b,
        Some(_) => return Err(BetzaError::new(at, ErrorKind::Unexpected(c.char_at(at)))),
    };
    c.pos += 1;
    let base = |atoms: Vec<Atom>, range, compound| Base {
        atoms,
        range,
        compound,
    };
    Ok(match letter {
        b'K' => base(vec![Atom::W, Atom::F], Range::Leap, true),
        b'Q' => base(vec![Atom::W, Atom::F], Range::Ride(None), true),
        b'R' => base(vec![Atom::W], Range::Ride(None), false),
        b'B' => base(vec![Atom::F], Range::Ride(None), false),
        b'O' => {
            return Err(BetzaError::unsupported(
                at,
                "atom 'O' (castling is a game rule here)",
            ))
        }
        b'U' => return Err(BetzaError::unsupported(at, "atom 'U' (universal leaper)")),
        b'I' => return Err(BetzaError::unsupported(at, "atom 'I' (imitator)")),
        b'X' => {
            return Err(BetzaError::unsupported(
                at,
                "atom 'X' (extended leaps: write (x,y))",
            ))
        }
        other => match Atom::from_letter(other as char) {
            Some(atom) => {
                let ride = c.peek() == Some(other);
                if ride {
                    c.pos += 1;
                }
                let range = if ride { Range::Ride(None) } else { Range::Leap };
                base(vec![atom], range, false)
            }
            None => return Err(BetzaError::new(at, ErrorKind::UnknownAtom(other as char))),
        },
    })
}

/// Reads a range number after the atom, if any.
fn range_number(c: &mut Cursor<'_>, doubled: bool) -> Result<Option<Range>, BetzaError> {
    let at = c.pos;
    while c.peek().is_some_and(|b| b.is_ascii_digit()) {
        c.pos += 1;
    }
    let digits = c.text.get(at..c.pos).unwrap_or("");
    if digits.is_empty() {
        return Ok(None);
    }
    if doubled {
        return Err(BetzaError::unsupported(at, "a range after a doubled atom"));
    }
    if digits.len() > 1 && digits.starts_with('0') {
        return Err(BetzaError::unsupported(at, "exact ranges (W03)"));
    }
    let n: u8 = match digits.parse() {
        Ok(n) if n <= 15 => n,
        _ => return Err(BetzaError::new(at, ErrorKind::BadNumber)),
    };
    Ok(Some(match n {
        0 => Range::Ride(None),
        1 => Range::Leap,
        n => Range::Ride(Some(n)),
    }))
}

/// The position of a turn letter that goes straight back: a `v`, or a `b`
/// that is not the start of `bl`, `br` or `bs`.
fn back_letter(dirs: &[(usize, u8)]) -> Option<usize> {
    dirs.iter().enumerate().find_map(|(k, &(at, b))| {
        let paired = dirs
            .get(k + 1)
            .is_some_and(|&(at2, y)| at2 == at + 1 && matches!(y, b'l' | b'r' | b's'));
        (b == b'v' || (b == b'b' && !paired)).then_some(at)
    })
}

fn clause(c: &mut Cursor<'_>) -> Result<Vec<Clause>, BetzaError> {
    let start = c.pos;
    let legs = modifiers(c)?;
    let atom_at = c.pos;
    let base = base(c)?;
    // `NN` or `(4,1)(4,1)`: a range number cannot follow.
    let doubled = base.range == Range::Ride(None) && !base.compound && c.pos > atom_at + 1;
    let range = range_number(c, doubled)?.unwrap_or(base.range);
    let (first, second) = match legs.as_slice() {
        [one] => (one, None),
        [one, two] => (one, Some(two)),
        [_, _, third, ..] => {
            return Err(BetzaError::unsupported(
                third.opened_at,
                "more than two legs",
            ))
        }
        [] => return Err(BetzaError::new(start, ErrorKind::MissingAtom)),
    };
    if base.compound {
        if let Some(&(at, _)) = first.dirs.first() {
            return Err(BetzaError::unsupported(
                at,
                "direction letters on K or Q (write the W and F, or R and B, parts)",
            ));
        }
    }
    // What the final leg says about moving and capturing.
    let last = second.unwrap_or(first);
    let (moves, captures) = (
        last.m.is_some() || last.c.is_none(),
        last.c.is_some() || last.m.is_none(),
    );
    let then = match second {
        None => {
            if let Some(at) = first.y {
                return Err(BetzaError::unsupported(at, "'y' outside a two-leg move"));
            }
            None
        }
        Some(two) => {
            let refuse = [
                (first.c, "'c' on a first leg (locust capture)"),
                (first.p, "'p' on a first leg (hopping over it)"),
                (first.n, "'n' on a leg"),
                (two.n, "'n' on a leg"),
                (two.p, "'p' on a second leg"),
                (two.i, "'i' on a second leg (write it on the first)"),
                (two.y, "'y' on a last leg"),
            ];
            if let Some((Some(at), what)) = refuse.into_iter().find(|(at, _)| at.is_some()) {
                return Err(BetzaError::unsupported(at, what));
            }
            let turns = dirs::turns(&two.dirs)
                .map_err(|(at, d)| BetzaError::new(at, ErrorKind::BadDirection(d)))?;
            Some(Continuation {
                turns,
                slide: first.y.is_some(),
            })
        }
    };
    let mut out = Vec::new();
    for atom in base.atoms {
        let terms = dirs::terms(&first.dirs, atom.kind())
            .map_err(|(at, d)| BetzaError::new(at, ErrorKind::BadDirection(d)))?;
        let clause = Clause {
            moves,
            captures,
            initial: first.i.is_some(),
            lame: first.n.is_some() && second.is_none(),
            hop: first.p.is_some() && second.is_none(),
            dirs: dirs::select(atom, &terms),
            atom,
            range,
            then: then.clone(),
        };
        check(&clause).map_err(|problem| {
            let at = match problem {
                Problem::Lame(_) => first.n.unwrap_or(start),
                Problem::Hop(_) => first.p.unwrap_or(start),
                Problem::Turns(_) => second.and_then(|t| back_letter(&t.dirs)).unwrap_or(start),
                Problem::Legs(_) => atom_at,
                Problem::Other(_) => start,
            };
            BetzaError::unsupported(at, problem.message())
        })?;
        out.push(clause);
    }
    Ok(out)
}
