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

use crate::ast::{Atom, Betza, Clause, Range};
use std::fmt;

fn turns_text(turns: &[i8]) -> String {
    let has = |t: i8| turns.contains(&t);
    let mut s = String::new();
    let pairs: [(i8, &str, &str, &str); 3] = [
        (1, "fs", "fl", "fr"),
        (2, "s", "l", "r"),
        (3, "bs", "bl", "br"),
    ];
    if has(0) {
        s.push('f');
    }
    for (k, both, left, right) in pairs {
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
    for d in &c.dirs {
        s.push_str(d);
    }
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
