//! Compiling a [`Betza`] tree into a [`MoveTable`] for a board and a side.
//!
//! Vectors are worked out for the side that moves up the board; for the
//! side facing down every vector is turned 180 degrees (so "left" is the
//! mover's own left). Destinations off the board or on holes are dropped;
//! rays stop at the first square that does not exist.

use crate::ast::{Atom, AtomKind, Betza, Clause, Range};
use crate::error::{BetzaError, ErrorKind};
use crate::table::{Facing, Leap, Mode, MoveTable, Ray, RayKind};
use deckmate_board::{Geometry, Square};

/// The eight unit directions, counter-clockwise from east.
const UNITS: [(i32, i32); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

/// The symmetric vectors of a leap `(a, b)`.
pub(crate) fn vectors(atom: Atom) -> Vec<(i32, i32)> {
    let (a, b) = atom.leap();
    let (a, b) = (i32::from(a), i32::from(b));
    let mut v = Vec::new();
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

/// Whether vector `(dx, dy)` (facing up) matches a direction term.
pub(crate) fn matches(term: &str, kind: AtomKind, dx: i32, dy: i32) -> bool {
    let wide = dx.abs() > dy.abs();
    let narrow = dy.abs() > dx.abs();
    match term {
        "f" => dy > 0,
        "b" => dy < 0,
        "l" => dx < 0,
        "r" => dx > 0,
        "s" => match kind {
            AtomKind::Orthogonal => dy == 0,
            AtomKind::Diagonal => true,
            AtomKind::Oblique => wide,
        },
        "v" => match kind {
            AtomKind::Orthogonal => dx == 0,
            AtomKind::Diagonal => true,
            AtomKind::Oblique => narrow,
        },
        "fl" => dy > 0 && dx < 0,
        "fr" => dy > 0 && dx > 0,
        "bl" => dy < 0 && dx < 0,
        "br" => dy < 0 && dx > 0,
        "ff" => dy > 0 && narrow,
        "fs" => dy > 0 && wide,
        "bb" => dy < 0 && narrow,
        "bs" => dy < 0 && wide,
        "ll" => dx < 0 && wide,
        "rr" => dx > 0 && wide,
        _ => false,
    }
}

/// The vectors of a clause (facing up), filtered by its directions.
pub(crate) fn clause_vectors(c: &Clause) -> Vec<(i32, i32)> {
    if c.dirs.is_empty() {
        return vectors(c.atom);
    }
    c.dirs
        .iter()
        .map(|&(x, y)| (i32::from(x), i32::from(y)))
        .collect()
}

/// The vectors of an atom matched by any of `terms` (all if none), sorted;
/// empty when that is every vector.
pub(crate) fn dir_vectors(atom: Atom, terms: &[String]) -> Vec<(i8, i8)> {
    let kind = atom.kind();
    let all = vectors(atom);
    let mut v: Vec<(i8, i8)> = all
        .iter()
        .filter(|&&(dx, dy)| terms.is_empty() || terms.iter().any(|t| matches(t, kind, dx, dy)))
        .map(|&(x, y)| (x as i8, y as i8))
        .collect();
    v.sort();
    if v.len() == all.len() {
        v.clear();
    }
    v
}

/// Squares a lame leap passes over (facing up): along the line for D, A,
/// H; the orthogonal first step of the long leg for N.
fn lame_path(atom: Atom, dx: i32, dy: i32) -> Vec<(i32, i32)> {
    match atom {
        Atom::Leaper('N') => {
            if dx.abs() > dy.abs() {
                vec![(dx.signum(), 0)]
            } else {
                vec![(0, dy.signum())]
            }
        }
        _ => {
            let n = dx.abs().max(dy.abs());
            (1..n).map(|k| (dx / n * k, dy / n * k)).collect()
        }
    }
}

fn mode_of(c: &Clause) -> Mode {
    Mode((u8::from(c.moves) * Mode::MOVE) | (u8::from(c.captures) * Mode::CAPTURE))
}

/// Compiles a piece for a board and the side facing `facing`.
pub fn compile(
    betza: &Betza,
    geometry: &Geometry,
    facing: Facing,
) -> Result<MoveTable, BetzaError> {
    let mut table = MoveTable::empty(geometry);
    let turn = |(dx, dy): (i32, i32)| match facing {
        Facing::Up => (dx, dy),
        Facing::Down => (-dx, -dy),
    };
    for sq in geometry.squares().iter() {
        let at = |(dx, dy): (i32, i32)| geometry.offset(sq, dx, dy);
        let mut leaps: Vec<Leap> = Vec::new();
        let mut rays: Vec<Ray> = Vec::new();
        for c in &betza.clauses {
            let mode = mode_of(c);
            for (dx, dy) in clause_vectors(c) {
                if let Some(t) = &c.then {
                    // Two legs: the first step, then the turned step(s).
                    let Some(i) = UNITS.iter().position(|&u| u == (dx.signum(), dy.signum()))
                    else {
                        continue;
                    };
                    let Some(first) = at(turn((dx, dy))) else {
                        continue;
                    };
                    if t.slide {
                        leaps.push(Leap {
                            to: first,
                            mode,
                            via: vec![],
                            initial: c.initial,
                        });
                    }
                    for &k in &t.turns {
                        let (wx, wy) = UNITS[(i as i32 + i32::from(k)).rem_euclid(8) as usize];
                        let (wx, wy) = turn((wx, wy));
                        if t.slide {
                            let squares = ray_squares(geometry, first, wx, wy, None);
                            if !squares.is_empty() {
                                rays.push(Ray {
                                    via: vec![first],
                                    squares,
                                    mode,
                                    kind: RayKind::Slide,
                                    initial: c.initial,
                                });
                            }
                        } else if let Some(to) = geometry.offset(first, wx, wy) {
                            leaps.push(Leap {
                                to,
                                mode,
                                via: vec![first],
                                initial: c.initial,
                            });
                        }
                    }
                    continue;
                }
                match c.range {
                    Range::Leap => {
                        let Some(to) = at(turn((dx, dy))) else {
                            continue;
                        };
                        let mut via = Vec::new();
                        if c.lame {
                            let mut ok = true;
                            for p in lame_path(c.atom, dx, dy) {
                                match at(turn(p)) {
                                    Some(s) => via.push(s),
                                    None => ok = false,
                                }
                            }
                            if !ok {
                                continue;
                            }
                        }
                        leaps.push(Leap {
                            to,
                            mode,
                            via,
                            initial: c.initial,
                        });
                    }
                    Range::Ride(n) => {
                        let (tx, ty) = turn((dx, dy));
                        let squares = ray_squares(geometry, sq, tx, ty, n);
                        if !squares.is_empty() {
                            rays.push(Ray {
                                via: vec![],
                                squares,
                                mode,
                                kind: if c.hop { RayKind::Hop } else { RayKind::Slide },
                                initial: c.initial,
                            });
                        }
                    }
                }
            }
        }
        let entry = &mut table.squares[sq.index()];
        entry.leaps = merge_leaps(leaps);
        entry.rays = merge_rays(rays);
    }
    table.overlapping = has_overlap(&table);
    if betza.clauses.is_empty() {
        return Err(BetzaError {
            at: 0,
            kind: ErrorKind::Empty,
        });
    }
    Ok(table)
}

fn ray_squares(g: &Geometry, from: Square, dx: i32, dy: i32, limit: Option<u8>) -> Vec<Square> {
    let mut out = Vec::new();
    let mut cur = from;
    while limit.is_none_or(|n| out.len() < usize::from(n)) {
        match g.offset(cur, dx, dy) {
            Some(next) => {
                out.push(next);
                cur = next;
            }
            None => break,
        }
    }
    out
}

/// Leaps to the same square under the same conditions become one.
fn merge_leaps(leaps: Vec<Leap>) -> Vec<Leap> {
    let mut out: Vec<Leap> = Vec::new();
    for l in leaps {
        match out
            .iter_mut()
            .find(|o| o.to == l.to && o.via == l.via && o.initial == l.initial)
        {
            Some(o) => o.mode = Mode(o.mode.0 | l.mode.0),
            None => out.push(l),
        }
    }
    // A first-move-only leap that the piece can always make anyway adds nothing.
    let always: Vec<(Square, Vec<Square>, u8)> = out
        .iter()
        .filter(|l| !l.initial)
        .map(|l| (l.to, l.via.clone(), l.mode.0))
        .collect();
    out.retain(|l| {
        !(l.initial
            && always
                .iter()
                .any(|(to, via, m)| *to == l.to && via.is_empty() && m & l.mode.0 == l.mode.0))
    });
    out
}

/// Rays over the same squares under the same conditions become one; a
/// shorter ray that is the start of a longer one with the same conditions
/// is dropped.
fn merge_rays(rays: Vec<Ray>) -> Vec<Ray> {
    let mut out: Vec<Ray> = Vec::new();
    for r in rays {
        if let Some(o) = out.iter_mut().find(|o| {
            o.squares == r.squares && o.via == r.via && o.kind == r.kind && o.initial == r.initial
        }) {
            o.mode = Mode(o.mode.0 | r.mode.0);
        } else {
            out.push(r);
        }
    }
    let snapshot = out.clone();
    out.retain(|r| {
        !snapshot.iter().any(|o| {
            o.squares.len() > r.squares.len()
                && o.squares.starts_with(&r.squares)
                && o.via == r.via
                && o.kind == r.kind
                && o.mode == r.mode
                && (o.initial == r.initial || !o.initial)
        })
    });
    out
}

/// Whether some square is reached by two entries of the table (so a move
/// generator must not list it twice when both apply).
fn has_overlap(table: &MoveTable) -> bool {
    table.squares.iter().any(|m| {
        let mut seen: Vec<Square> = Vec::new();
        let mut dup = false;
        for s in m
            .leaps
            .iter()
            .map(|l| l.to)
            .chain(m.rays.iter().flat_map(|r| r.squares.iter().copied()))
        {
            if seen.contains(&s) {
                dup = true;
            }
            seen.push(s);
        }
        dup
    })
}
