//! What direction letters mean: absolute directions of a first step, and
//! relative turns of a second leg. The rules are spelt out in the crate
//! documentation ("Directions"); vectors are `(dx, dy)` for the side moving
//! up the board. Letters that stand next to each other may form one
//! two-letter term; letters separated by another modifier never do.

use crate::ast::{Atom, AtomKind};

/// The eight unit directions, counter-clockwise from east.
pub(crate) const UNITS: [(i32, i32); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

/// The turns a second leg has when no direction letters are written.
pub(crate) const DEFAULT_TURNS: [i8; 7] = [-3, -2, -1, 0, 1, 2, 3];

/// The symmetric vectors of an atom, in the order moves are generated.
pub(crate) fn vectors(atom: Atom) -> Vec<(i32, i32)> {
    let (a, b) = atom.leap();
    let (a, b) = (i32::from(a), i32::from(b));
    let mut v = Vec::with_capacity(8);
    for (x, y) in [(a, b), (b, a)] {
        for sx in [1, -1] {
            for sy in [1, -1] {
                let p = (x * sx, y * sy);
                if !v.contains(&p) {
                    v.push(p);
                }
            }
        }
    }
    v
}

/// Whether a two-letter combination is one term for this kind of atom.
fn is_pair(kind: AtomKind, x: u8, y: u8) -> bool {
    match kind {
        AtomKind::Orthogonal => false,
        AtomKind::Diagonal => {
            matches!(
                (x, y),
                (b'f' | b'b', b'l' | b'r') | (b'l' | b'r', b'f' | b'b')
            )
        }
        AtomKind::Oblique => match x {
            b'f' | b'b' => matches!(y, b'l' | b'r' | b's' | b'h') || y == x,
            b'l' | b'r' => matches!(y, b'f' | b'b' | b'v' | b'h') || y == x,
            _ => false,
        },
    }
}

/// Splits direction letters (each with its byte position) into terms.
/// Err gives the position and text of a term that means nothing here.
pub(crate) fn terms(
    letters: &[(usize, u8)],
    kind: AtomKind,
) -> Result<Vec<String>, (usize, String)> {
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(&(at, x)) = letters.get(i) {
        if let Some(&(at2, y)) = letters.get(i + 1) {
            if at2 == at + 1 && is_pair(kind, x, y) {
                out.push(format!("{}{}", x as char, y as char));
                i += 2;
                continue;
            }
        }
        if !matches!(x, b'f' | b'b' | b'l' | b'r' | b'v' | b's') {
            return Err((at, (x as char).to_string()));
        }
        out.push((x as char).to_string());
        i += 1;
    }
    Ok(out)
}

/// Whether vector `(dx, dy)` (facing up) is selected by a term.
fn covers(term: &str, kind: AtomKind, dx: i32, dy: i32) -> bool {
    let narrow = dy.abs() > dx.abs();
    let wide = dx.abs() > dy.abs();
    let (fw, bw, lt, rt) = (dy > 0, dy < 0, dx < 0, dx > 0);
    match kind {
        AtomKind::Orthogonal | AtomKind::Diagonal => {
            let diag = kind == AtomKind::Diagonal;
            match term {
                "f" => fw,
                "b" => bw,
                "l" => lt,
                "r" => rt,
                "v" => diag || dx == 0,
                "s" => diag || dy == 0,
                "fl" | "lf" => fw && lt,
                "fr" | "rf" => fw && rt,
                "bl" | "lb" => bw && lt,
                "br" | "rb" => bw && rt,
                _ => false,
            }
        }
        AtomKind::Oblique => match term {
            "f" | "ff" => fw && narrow,
            "b" | "bb" => bw && narrow,
            "l" | "ll" => lt && wide,
            "r" | "rr" => rt && wide,
            "v" => narrow,
            "s" => wide,
            "fs" => fw && wide,
            "bs" => bw && wide,
            "lv" => lt && narrow,
            "rv" => rt && narrow,
            "fh" => fw,
            "bh" => bw,
            "lh" => lt,
            "rh" => rt,
            "fl" => fw && wide && lt,
            "fr" => fw && wide && rt,
            "bl" => bw && wide && lt,
            "br" => bw && wide && rt,
            "lf" => lt && narrow && fw,
            "rf" => rt && narrow && fw,
            "lb" => lt && narrow && bw,
            "rb" => rt && narrow && bw,
            _ => false,
        },
    }
}

/// The vectors of `atom` selected by any of `terms` (all if none), sorted;
/// empty when that is every vector.
pub(crate) fn select(atom: Atom, terms: &[String]) -> Vec<(i8, i8)> {
    let kind = atom.kind();
    let all = vectors(atom);
    let mut v: Vec<(i8, i8)> = all
        .iter()
        .filter(|&&(dx, dy)| terms.is_empty() || terms.iter().any(|t| covers(t, kind, dx, dy)))
        .filter_map(|&(x, y)| Some((i8::try_from(x).ok()?, i8::try_from(y).ok()?)))
        .collect();
    v.sort_unstable();
    if v.len() == all.len() {
        v.clear();
    }
    v
}

/// The terms the canonical printer may use, in their canonical order.
pub(crate) fn printable_terms(kind: AtomKind) -> &'static [&'static str] {
    match kind {
        AtomKind::Orthogonal => &["f", "b", "l", "r", "v", "s"],
        AtomKind::Diagonal => &["f", "b", "l", "r", "fl", "fr", "bl", "br"],
        AtomKind::Oblique => &[
            "f", "b", "l", "r", "v", "s", "fs", "bs", "lv", "rv", "fh", "bh", "lh", "rh", "ff",
            "bb", "ll", "rr", "fl", "fr", "bl", "br", "lf", "rf", "lb", "rb",
        ],
    }
}

/// The vectors one term selects for an atom (sorted).
pub(crate) fn term_vectors(atom: Atom, term: &str) -> Vec<(i8, i8)> {
    let kind = atom.kind();
    let mut v: Vec<(i8, i8)> = vectors(atom)
        .into_iter()
        .filter(|&(dx, dy)| covers(term, kind, dx, dy))
        .filter_map(|(x, y)| Some((i8::try_from(x).ok()?, i8::try_from(y).ok()?)))
        .collect();
    v.sort_unstable();
    v
}

/// Reads the turns of a second leg. Err gives the position and text of a
/// term that means nothing there.
pub(crate) fn turns(letters: &[(usize, u8)]) -> Result<Vec<i8>, (usize, String)> {
    if letters.is_empty() {
        return Ok(DEFAULT_TURNS.to_vec());
    }
    let mut out: Vec<i8> = Vec::new();
    let mut i = 0;
    while let Some(&(at, x)) = letters.get(i) {
        let next = letters
            .get(i + 1)
            .filter(|&&(at2, _)| at2 == at + 1)
            .map(|&(_, y)| y);
        let pair: Option<&[i8]> = match (x, next) {
            (b'f', Some(b'l')) => Some(&[1]),
            (b'f', Some(b'r')) => Some(&[-1]),
            (b'f', Some(b's')) => Some(&[1, -1]),
            (b'b', Some(b'l')) => Some(&[3]),
            (b'b', Some(b'r')) => Some(&[-3]),
            (b'b', Some(b's')) => Some(&[3, -3]),
            _ => None,
        };
        if let Some(p) = pair {
            out.extend_from_slice(p);
            i += 2;
            continue;
        }
        let one: &[i8] = match x {
            b'f' => &[0],
            b'b' => &[4],
            b'l' => &[2],
            b'r' => &[-2],
            b's' => &[2, -2],
            b'v' => &[0, 4],
            _ => return Err((at, (x as char).to_string())),
        };
        out.extend_from_slice(one);
        i += 1;
    }
    out.sort_unstable();
    out.dedup();
    Ok(out)
}

/// The letters for a set of turns (sorted, deduplicated): nothing for the
/// default set, otherwise pairs first, then `s`/`l`/`r`, then `b`, then `f`,
/// an order in which no letter runs into the next as a pair.
pub(crate) fn turns_text(turns: &[i8]) -> String {
    if turns == DEFAULT_TURNS {
        return String::new();
    }
    let has = |t: i8| turns.contains(&t);
    let mut s = String::new();
    for (k, both, left, right) in [
        (1, "fs", "fl", "fr"),
        (3, "bs", "bl", "br"),
        (2, "s", "l", "r"),
    ] {
        match (has(k), has(-k)) {
            (true, true) => s.push_str(both),
            (true, false) => s.push_str(left),
            (false, true) => s.push_str(right),
            (false, false) => {}
        }
    }
    if has(4) || has(-4) {
        s.push('b');
    }
    if has(0) {
        s.push('f');
    }
    s
}

/// The unit direction index (into [`UNITS`]) of a vector that lies on a
/// rank, file or diagonal.
pub(crate) fn unit_index(dx: i32, dy: i32) -> Option<usize> {
    if dx != 0 && dy != 0 && dx.abs() != dy.abs() {
        return None;
    }
    UNITS.iter().position(|&u| u == (dx.signum(), dy.signum()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sel(atom: Atom, text: &str) -> Vec<(i8, i8)> {
        let letters: Vec<(usize, u8)> = text.bytes().enumerate().collect();
        let t = terms(&letters, atom.kind()).unwrap();
        let mut v = select(atom, &t);
        if v.is_empty() {
            v = term_vectors(atom, "fh");
            v.extend(term_vectors(atom, "bh"));
            v.extend(term_vectors(atom, "s"));
            v.sort_unstable();
            v.dedup();
        }
        v
    }

    #[test]
    fn knight_directions_follow_xbetza() {
        let n = Atom::N;
        assert_eq!(sel(n, "f"), vec![(-1, 2), (1, 2)]);
        assert_eq!(sel(n, "ff"), vec![(-1, 2), (1, 2)]);
        assert_eq!(sel(n, "fs"), vec![(-2, 1), (2, 1)]);
        assert_eq!(sel(n, "fr"), vec![(2, 1)]);
        assert_eq!(sel(n, "rf"), vec![(1, 2)]);
        assert_eq!(sel(n, "l"), vec![(-2, -1), (-2, 1)]);
        assert_eq!(sel(n, "lv"), vec![(-1, -2), (-1, 2)]);
        assert_eq!(sel(n, "fh"), vec![(-2, 1), (-1, 2), (1, 2), (2, 1)]);
        assert_eq!(sel(n, "fb"), vec![(-1, -2), (-1, 2), (1, -2), (1, 2)]);
        assert_eq!(sel(n, "v"), sel(n, "fb"));
    }

    #[test]
    fn orthogonal_and_diagonal_directions() {
        assert_eq!(sel(Atom::W, "fs"), vec![(-1, 0), (0, 1), (1, 0)]);
        assert_eq!(sel(Atom::W, "fl"), vec![(-1, 0), (0, 1)]);
        assert_eq!(sel(Atom::F, "f"), vec![(-1, 1), (1, 1)]);
        assert_eq!(sel(Atom::F, "fl"), vec![(-1, 1)]);
        assert_eq!(sel(Atom::F, "lf"), vec![(-1, 1)]);
        assert_eq!(sel(Atom::F, "l"), vec![(-1, -1), (-1, 1)]);
        assert_eq!(sel(Atom::D, "v"), vec![(0, -2), (0, 2)]);
    }

    #[test]
    fn turns_read_and_print() {
        let read = |s: &str| turns(&s.bytes().enumerate().collect::<Vec<_>>()).unwrap();
        assert_eq!(read("fs"), vec![-1, 1]);
        assert_eq!(read("fl"), vec![1]);
        assert_eq!(read("lb"), vec![2, 4]);
        assert_eq!(read(""), DEFAULT_TURNS.to_vec());
        for t in [vec![2, 4], vec![-1, 1, 2], vec![0, 3], vec![-2, 0], vec![1]] {
            assert_eq!(read(&turns_text(&t)), t, "{t:?}");
        }
    }
}
