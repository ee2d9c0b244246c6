//! What a clause must satisfy to be played exactly. The parser only builds
//! clauses that pass; [`crate::compile`] checks again, since a tree can be
//! built by hand.

use crate::ast::{Atom, AtomKind, Clause, Range};
use crate::dirs;

/// Why a clause cannot be played, and which part of it is at fault.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) enum Problem {
    /// The `n` modifier.
    Lame(&'static str),
    /// The `p` modifier.
    Hop(&'static str),
    /// The second leg's directions.
    Turns(&'static str),
    /// The atom or range of a two-leg move.
    Legs(&'static str),
    /// Anything else (only for trees built by hand).
    Other(&'static str),
}

impl Problem {
    pub(crate) fn message(&self) -> &'static str {
        match self {
            Problem::Lame(m)
            | Problem::Hop(m)
            | Problem::Turns(m)
            | Problem::Legs(m)
            | Problem::Other(m) => m,
        }
    }
}

/// Whether `n` has one well-defined path for this atom.
pub(crate) fn lame_path_defined(atom: Atom) -> bool {
    let (long, _) = atom.leap();
    match atom.kind() {
        AtomKind::Orthogonal | AtomKind::Diagonal => long >= 2,
        AtomKind::Oblique => atom == Atom::N,
    }
}

/// Checks one clause.
pub(crate) fn check(c: &Clause) -> Result<(), Problem> {
    if !c.moves && !c.captures {
        return Err(Problem::Other("a clause that neither moves nor captures"));
    }
    if let Range::Ride(Some(n)) = c.range {
        if !(2..=15).contains(&n) {
            return Err(Problem::Other("a ride of other than 2 to 15 leaps"));
        }
    }
    let all = dirs::vectors(c.atom);
    let sorted = c.dirs.windows(2).all(|w| w[0] < w[1]);
    let known = c
        .dirs
        .iter()
        .all(|&(x, y)| all.contains(&(i32::from(x), i32::from(y))));
    if !sorted || !known || c.dirs.len() >= all.len() {
        return Err(Problem::Other(
            "directions must be some (not all) of the atom's vectors, sorted",
        ));
    }
    if c.lame {
        if c.range != Range::Leap {
            return Err(Problem::Lame("'n' on a rider (lame riders)"));
        }
        if !lame_path_defined(c.atom) {
            return Err(Problem::Lame(
                "'n' needs a leap with one path: D A H G, (x,0), (x,x) or N",
            ));
        }
        if c.then.is_some() {
            return Err(Problem::Lame("'n' on a two-leg move"));
        }
    }
    if c.hop {
        if c.range == Range::Leap {
            return Err(Problem::Hop("'p' on a leaper (hoppers must ride: pR, pB)"));
        }
        if c.then.is_some() {
            return Err(Problem::Hop("'p' on a two-leg move"));
        }
    }
    if let Some(t) = &c.then {
        if c.atom.kind() == AtomKind::Oblique {
            return Err(Problem::Legs("two-leg moves of oblique atoms"));
        }
        if c.range != Range::Leap {
            return Err(Problem::Legs("two-leg moves of riders"));
        }
        if t.turns.is_empty() || !t.turns.windows(2).all(|w| w[0] < w[1]) {
            return Err(Problem::Other("turns must be sorted and not empty"));
        }
        if t.turns.iter().any(|&k| !(-3..=3).contains(&k)) {
            return Err(Problem::Turns("a second leg straight back"));
        }
    }
    Ok(())
}
