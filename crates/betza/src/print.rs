//! Canonical text: what `Display` prints for a [`Betza`] tree.
//!
//! Rules (parsing the canonical text gives back the same tree):
//! - clauses are printed in order, with no separators;
//! - compounds are spelt out: `K` prints as `WF`, `Q` as `RB`, `Q2` as
//!   `R2B2`; synonyms by their main letter (`L` as `C`, `(2,1)` as `N`);
//! - a one-leg clause is `[i][m|c][n][p]` directions, then the atom: a `W`
//!   rider is `R`, an `F` rider `B`, another unlimited rider doubles its
//!   letter (`NN`) or, for a leap with no letter, is `(x,y)0`; a limited
//!   ride is followed by its number (`R4`, `B2`, `N3`, `(4,1)2`); leaps with
//!   no letter are `(x,y)` with `x >= y`;
//! - a two-leg clause is `[i]` first-leg directions `[y] a [m|c]` turns and
//!   the atom's letter (`yafsF`, `ifacfsW`); no turn letters means every
//!   turn but straight back;
//! - directions are the fewest terms (largest first) that select exactly
//!   the clause's vectors, written in a fixed order (`f b l r v s fs bs lv
//!   rv fh bh lh rh ff bb ll rr fl fr bl br lf rf lb rb`), so `sfW` prints
//!   as `fsW`, `ffN` as `fN`, `lfF` as `flF`; if single letters would run
//!   together into a two-letter term, only two-letter terms are used;
//! - a clause that ends in a plain leap is followed by `1` (`N1N`, `F1F`)
//!   when the next clause starts with the same atom, which would otherwise
//!   read as a rider.

use crate::ast::{Atom, Betza, Clause, Range};
use crate::dirs;
use std::collections::BTreeSet;
use std::fmt;

fn leap_text(atom: Atom) -> String {
    match atom.letter() {
        Some(c) => c.to_string(),
        None => {
            let (x, y) = atom.leap();
            format!("({x},{y})")
        }
    }
}

fn atom_text(atom: Atom, range: Range) -> String {
    let letter = leap_text(atom);
    let named = atom.letter().is_some();
    match range {
        Range::Leap => letter,
        Range::Ride(n) => {
            let base = if atom == Atom::W {
                "R".to_string()
            } else if atom == Atom::F {
                "B".to_string()
            } else {
                letter.clone()
            };
            match n {
                Some(n) => format!("{base}{n}"),
                None if atom == Atom::W || atom == Atom::F => base,
                None if named => format!("{letter}{letter}"),
                None => format!("{letter}0"),
            }
        }
    }
}

/// Reads direction text back into the vector set it selects.
fn reread(atom: Atom, text: &str) -> Option<Vec<(i8, i8)>> {
    let letters: Vec<(usize, u8)> = text.bytes().enumerate().collect();
    let terms = dirs::terms(&letters, atom.kind()).ok()?;
    Some(dirs::select(atom, &terms))
}

/// Direction letters for a clause's vector set.
fn dir_text(c: &Clause) -> String {
    if c.dirs.is_empty() {
        return String::new();
    }
    let target: BTreeSet<(i8, i8)> = c.dirs.iter().copied().collect();
    let order = dirs::printable_terms(c.atom.kind());
    let greedy = |allowed: &dyn Fn(&str) -> bool| -> Option<String> {
        let cands: Vec<(usize, BTreeSet<(i8, i8)>)> = order
            .iter()
            .enumerate()
            .filter(|(_, t)| allowed(t))
            .map(|(i, t)| (i, dirs::term_vectors(c.atom, t).into_iter().collect()))
            .filter(|(_, v): &(usize, BTreeSet<(i8, i8)>)| !v.is_empty() && v.is_subset(&target))
            .collect();
        let mut covered = BTreeSet::new();
        let mut chosen = Vec::new();
        while covered != target {
            let best = cands
                .iter()
                .filter(|(_, v)| !v.is_subset(&covered))
                .max_by_key(|(i, v)| (v.difference(&covered).count(), std::cmp::Reverse(*i)))?;
            chosen.push(best.0);
            covered.extend(best.1.iter().copied());
        }
        chosen.sort_unstable();
        let text: String = chosen
            .iter()
            .filter_map(|&i| order.get(i).copied())
            .collect();
        (reread(c.atom, &text).as_ref() == Some(&c.dirs)).then_some(text)
    };
    greedy(&|_| true)
        .or_else(|| greedy(&|t| t.len() == 2))
        .unwrap_or_default()
}

fn mode_text(c: &Clause) -> &'static str {
    match (c.moves, c.captures) {
        (true, false) => "m",
        (false, true) => "c",
        _ => "",
    }
}

/// The canonical text of one clause.
pub(crate) fn clause_text(c: &Clause) -> String {
    let mut s = String::new();
    if c.initial {
        s.push('i');
    }
    match &c.then {
        None => {
            s.push_str(mode_text(c));
            if c.lame {
                s.push('n');
            }
            if c.hop {
                s.push('p');
            }
            s.push_str(&dir_text(c));
            s.push_str(&atom_text(c.atom, c.range));
        }
        Some(t) => {
            s.push_str(&dir_text(c));
            if t.slide {
                s.push('y');
            }
            s.push('a');
            s.push_str(mode_text(c));
            s.push_str(&dirs::turns_text(&t.turns));
            s.push_str(&atom_text(c.atom, Range::Leap));
        }
    }
    s
}

/// The canonical texts of the clauses, each with the `1` it may need so
/// that the next does not run into it; concatenated they are the whole
/// canonical text.
pub(crate) fn clause_texts(b: &Betza) -> Vec<String> {
    let mut out: Vec<String> = b.clauses.iter().map(clause_text).collect();
    for i in 1..b.clauses.len() {
        let prev = &b.clauses[i - 1];
        let plain_leap = prev.range == Range::Leap || prev.then.is_some();
        let tail = leap_text(prev.atom);
        if plain_leap && out[i].starts_with(&tail) {
            out[i - 1].push('1');
        }
    }
    out
}

impl fmt::Display for Betza {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for t in clause_texts(self) {
            f.write_str(&t)?;
        }
        Ok(())
    }
}
