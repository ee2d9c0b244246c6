//! Compiling a [`Betza`] tree into a [`MoveTable`] for a board and a side.
//!
//! Vectors are worked out for the side that moves up the board; for the
//! side facing down every vector is turned 180 degrees (so "left" is the
//! mover's own left, and a second leg's turns keep their sense).
//!
//! Holes: a destination that is off the board or on a hole is dropped; a
//! ray stops at the first square that does not exist (it never jumps a
//! hole); a lame leap or a two-leg move whose path or first step is not on
//! the board is dropped, since that square cannot be empty. Plain leaps
//! simply land (a Cuarenta Dabbaba jumps the dark square between).
//!
//! Each clause gives, from each square, per direction: a [`Leap`] (with the
//! lame path as `via`), a [`Ray`] (rider or hopper), or for a two-leg clause
//! a [`Leap`] or [`Ray`] whose `via` is the first step. These are then
//! merged (see [`crate::merge`] for what is guaranteed about duplicates).

use crate::ast::{Atom, Betza, Clause, Range};
use crate::check::check;
use crate::dirs::{self, UNITS};
use crate::error::{BetzaError, ErrorKind};
use crate::merge::{normalise, Raw};
use crate::print::clause_texts;
use crate::table::{Facing, Leap, Mode, MoveTable, Ray, RayKind};
use crate::MAX_CLAUSES;
use deckmate_board::{Geometry, Square};
use std::collections::HashSet;

/// Compiles a piece for a board and the side facing `facing`.
///
/// Fails only for a tree that the parser would not have produced (built by
/// hand): no clauses, more than [`MAX_CLAUSES`], or a clause that cannot be
/// played exactly; the error then gives the clause's offset in the
/// canonical text.
///
/// A clause written twice gives the same moves as once, so each distinct
/// clause is compiled once (the first of its copies, in the order written):
/// `QQQQ` is `Q`.
pub fn compile(
    betza: &Betza,
    geometry: &Geometry,
    facing: Facing,
) -> Result<MoveTable, BetzaError> {
    if betza.clauses.is_empty() {
        return Err(BetzaError::new(0, ErrorKind::Empty));
    }
    let mut at = 0;
    for (n, (c, text)) in betza.clauses.iter().zip(clause_texts(betza)).enumerate() {
        if n == MAX_CLAUSES {
            return Err(BetzaError::new(
                at,
                ErrorKind::TooManyClauses { max: MAX_CLAUSES },
            ));
        }
        check(c).map_err(|p| BetzaError::unsupported(at, p.message()))?;
        at += text.len();
    }
    let mut seen = HashSet::new();
    let clauses: Vec<&Clause> = betza.clauses.iter().filter(|c| seen.insert(*c)).collect();
    let mut table = MoveTable::empty(geometry);
    for sq in geometry.squares().iter() {
        let mut raw = Vec::new();
        for c in &clauses {
            emit(c, sq, geometry, facing, &mut raw);
        }
        let (moves, overlapping) = normalise(raw);
        table.overlapping |= overlapping;
        if let Some(entry) = table.squares.get_mut(sq.index()) {
            *entry = moves;
        }
    }
    Ok(table)
}

/// The vectors of a clause (facing up), in generation order: the atom's
/// own order when all directions are allowed, else the sorted direction set.
fn clause_vectors(c: &Clause) -> Vec<(i32, i32)> {
    if c.dirs.is_empty() {
        dirs::vectors(c.atom)
    } else {
        c.dirs
            .iter()
            .map(|&(x, y)| (i32::from(x), i32::from(y)))
            .collect()
    }
}

/// Squares a lame leap passes over (facing up): along the line for
/// orthogonal and diagonal atoms; for N the orthogonal first step of its
/// longer leg (the Xiangqi horse).
fn lame_path(atom: Atom, dx: i32, dy: i32) -> Vec<(i32, i32)> {
    if atom == Atom::N {
        return if dx.abs() > dy.abs() {
            vec![(dx.signum(), 0)]
        } else {
            vec![(0, dy.signum())]
        };
    }
    let n = dx.abs().max(dy.abs());
    (1..n).map(|k| (dx / n * k, dy / n * k)).collect()
}

/// The squares from `from` (excluded) stepping `(dx, dy)`, up to `limit`
/// steps, stopping before the first square that does not exist.
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

fn emit(c: &Clause, sq: Square, g: &Geometry, facing: Facing, out: &mut Vec<Raw>) {
    let turn = |(dx, dy): (i32, i32)| match facing {
        Facing::Up => (dx, dy),
        Facing::Down => (-dx, -dy),
    };
    let at = |(dx, dy): (i32, i32)| g.offset(sq, dx, dy);
    let mode = Mode((u8::from(c.moves) * Mode::MOVE) | (u8::from(c.captures) * Mode::CAPTURE));
    let initial = c.initial;
    for (dx, dy) in clause_vectors(c) {
        if let Some(t) = &c.then {
            let (Some(i), Some(first)) = (dirs::unit_index(dx, dy), at(turn((dx, dy)))) else {
                continue;
            };
            let n = dx.abs().max(dy.abs());
            for &k in &t.turns {
                let (ux, uy) = UNITS[(i as i32 + i32::from(k)).rem_euclid(8) as usize];
                let (sx, sy) = turn((ux * n, uy * n));
                if t.slide {
                    let squares = ray_squares(g, first, sx, sy, None);
                    if !squares.is_empty() {
                        out.push(Raw::Ray(Ray {
                            via: vec![first],
                            squares,
                            mode,
                            kind: RayKind::Slide,
                            initial,
                        }));
                    }
                } else if let Some(to) = g.offset(first, sx, sy) {
                    out.push(Raw::Leap(Leap {
                        to,
                        mode,
                        via: vec![first],
                        initial,
                    }));
                }
            }
            continue;
        }
        match c.range {
            Range::Leap => {
                let Some(to) = at(turn((dx, dy))) else {
                    continue;
                };
                let path = if c.lame {
                    lame_path(c.atom, dx, dy)
                } else {
                    Vec::new()
                };
                let via: Option<Vec<Square>> = path.into_iter().map(|p| at(turn(p))).collect();
                if let Some(via) = via {
                    out.push(Raw::Leap(Leap {
                        to,
                        mode,
                        via,
                        initial,
                    }));
                }
            }
            Range::Ride(limit) => {
                let (tx, ty) = turn((dx, dy));
                let squares = ray_squares(g, sq, tx, ty, limit);
                if !squares.is_empty() {
                    out.push(Raw::Ray(Ray {
                        via: Vec::new(),
                        squares,
                        mode,
                        kind: if c.hop { RayKind::Hop } else { RayKind::Slide },
                        initial,
                    }));
                }
            }
        }
    }
}
