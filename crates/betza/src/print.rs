//! Canonical text: what `Display` prints for a [`Betza`] tree.
//!
//! Each clause is printed as mode (`m` or `c`, nothing for both), `i`,
//! `n`, `p`, its direction terms in a fixed order (`f b l r s v ff fs fl fr
//! bb bs bl br ll rr`), then the atom: a W rider is `R`, an F rider `B`,
//! other riders double their letter (`NN`), a range follows as a number
//! (`R4`, `B2`, `N2`), `(x,y)` with x >= y. Compounds are spelt out (`K`
//! prints as `WF`, `Q` as `RB`). A space separates two clauses only where
//! the text would otherwise read as a rider. Parsing the canonical text
//! gives back the same tree.

use crate::ast::{Atom, AtomKind, Betza, Clause, Range};
use crate::compile::dir_vectors;
use crate::parse::parse_dirs;
use std::collections::BTreeSet;
use std::fmt;

fn turns_text(turns: &[i8]) -> String {
    // Order chosen so that no single letter runs into a following one as
    // a two-letter turn: pairs first, then s/l/r, then b, then f.
    let has = |t: i8| turns.contains(&t);
    let mut s = String::new();
    let groups: [(i8, &str, &str, &str); 3] = [
        (1, "fs", "fl", "fr"),
        (3, "bs", "bl", "br"),
        (2, "s", "l", "r"),
    ];
    for (k, both, left, right) in groups {
        match (has(k), has(-k)) {
            (true, true) => s.push_str(both),
            (true, false) => s.push_str(left),
            (false, true) => s.push_str(right),
            _ => {}
        }
    }
    if has(4) {
        s.push('b');
    }
    if has(0) {
        s.push('f');
    }
    s
}

fn atom_text(atom: Atom, range: Range) -> String {
    let letter = match atom {
        Atom::Leaper(c) => c.to_string(),
        Atom::Custom(x, y) => format!("({x},{y})"),
    };
    match range {
        Range::Leap => letter,
        Range::Ride(n) => {
            let base = match atom {
                Atom::Leaper('W') => "R".to_string(),
                Atom::Leaper('F') => "B".to_string(),
                Atom::Leaper(c) if n.is_none() => format!("{c}{c}"),
                _ => letter,
            };
            match n {
                Some(n) => format!("{base}{n}"),
                None => base,
            }
        }
    }
}

/// Direction letters for a clause's vector set: the fewest terms that
/// read back as exactly that set; failing that, two-letter terms only
/// (which never run together into other terms).
fn dir_text(c: &Clause) -> String {
    if c.dirs.is_empty() {
        return String::new();
    }
    let kind = c.atom.kind();
    let target: BTreeSet<(i8, i8)> = c.dirs.iter().copied().collect();
    let cover_of = |t: &str| -> BTreeSet<(i8, i8)> {
        dir_vectors(c.atom, &[t.to_string()])
            .into_iter()
            .collect::<BTreeSet<_>>()
    };
    let singles: &[&str] = &["f", "b", "l", "r", "s", "v"];
    let pairs: &[&str] = match kind {
        AtomKind::Orthogonal => &[],
        AtomKind::Diagonal => &["fl", "fr", "bl", "br"],
        AtomKind::Oblique => &["ff", "fs", "bb", "bs", "ll", "rr", "fl", "fr", "bl", "br"],
    };
    let greedy = |terms: &[&str]| -> Option<String> {
        let mut covered = BTreeSet::new();
        let mut chosen: Vec<usize> = Vec::new();
        let mut cands: Vec<(&str, BTreeSet<(i8, i8)>)> = terms
            .iter()
            .map(|t| (*t, cover_of(t)))
            .filter(|(_, v)| !v.is_empty() && v.is_subset(&target))
            .collect();
        cands.sort_by_key(|(_, v)| std::cmp::Reverse(v.len()));
        for (t, v) in cands {
            if !v.is_subset(&covered) {
                chosen.push(terms.iter().position(|x| *x == t).unwrap_or(0));
                covered.extend(v);
            }
        }
        chosen.sort();
        let out: String = chosen.iter().map(|&i| terms[i]).collect();
        (covered == target).then_some(out)
    };
    let all: Vec<&str> = singles.iter().chain(pairs.iter()).copied().collect();
    for candidate in [greedy(&all), greedy(pairs), greedy(singles)]
        .into_iter()
        .flatten()
    {
        let terms = parse_dirs(&candidate, kind).unwrap_or_default();
        if dir_vectors(c.atom, &terms) == c.dirs {
            return candidate;
        }
    }
    String::new()
}

fn clause_text(c: &Clause) -> String {
    let mut s = String::new();
    match (c.moves, c.captures) {
        (true, false) => s.push('m'),
        (false, true) => s.push('c'),
        _ => {}
    }
    if c.initial {
        s.push('i');
    }
    if c.lame {
        s.push('n');
    }
    if c.hop {
        s.push('p');
    }
    s.push_str(&dir_text(c));
    s.push_str(&atom_text(c.atom, c.range));
    if let Some(t) = &c.then {
        if t.slide {
            s.push('y');
        }
        s.push('a');
        s.push_str(&turns_text(&t.turns));
        s.push_str(&atom_text(c.atom, Range::Leap));
    }
    s
}

impl fmt::Display for Betza {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::new();
        for c in &self.clauses {
            let t = clause_text(c);
            // "F" then "F" would read as the rider "FF".
            if let (Some(last), Some(first)) = (out.chars().last(), t.chars().next()) {
                if last == first && first.is_ascii_uppercase() {
                    out.push(' ');
                }
                if last.is_ascii_digit() && first.is_ascii_digit() {
                    out.push(' ');
                }
            }
            out.push_str(&t);
        }
        f.write_str(&out)
    }
}
