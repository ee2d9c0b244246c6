//! Piece values estimated from the movement alone, for rule sets whose
//! pieces come without value hints.
//!
//! Each kind's compiled [`MoveTable`] (the first side's) is read on the
//! empty board of the rule set. From every square, every destination adds
//! a weight:
//!
//! - a destination that allows both moving and capturing weighs 1, one
//!   that allows only one of them [`MODE_PARTIAL`];
//! - a rider's squares weigh less the farther they are ([`RAY_DECAY`] per
//!   step: the farther, the likelier the way is blocked), so a leaper's
//!   few sure squares are worth as much as a rider's many uncertain ones;
//! - a hopper (cannon) reaches nothing on an empty board: its squares from
//!   the second on are counted at [`HOP_WEIGHT`] as if a screen stood
//!   before them;
//! - a lame leap or a bent rider (squares that must be empty first) weighs
//!   [`LAME`]; moves allowed only as the first move are not counted.
//!
//! The average over the squares is the piece's effective mobility `m`; its
//! value is `SCALE * m ^ EXPONENT`, then reduced for what the movement
//! cannot do: reach every square ([`BOUND`], a colour-bound bishop), step
//! backwards ([`NO_RETREAT`]: a pawn or a forward-only piece), capture at
//! all ([`NO_CAPTURE`]). A pawn that promotes adds a share of the best
//! piece it may become, the larger the shorter its way
//! ([`PROMOTION_SHARE`]).
//!
//! Calibrated on chess alone: P 100, N 304, B 329, R 515, Q 893 (the
//! usual 100/320/330/500/900 are near). On the 12x12 Fairy Court the same
//! constants give R 636, Q 1140, a Cannon 456, a Lion 1144: riders gain
//! on a larger board, leapers do not.

use crate::rules::{PieceKind, RuleSet};
use deckmate_betza::{MoveTable, RayKind};
use deckmate_board::{Geometry, Square};

/// The weight of a destination that allows moving or capturing only.
pub const MODE_PARTIAL: f64 = 0.5;
/// The weight lost per step along a ray (square `d` weighs
/// `RAY_DECAY^(d-1)`).
pub const RAY_DECAY: f64 = 0.75;
/// The weight of a hopper's square beyond a supposed screen.
pub const HOP_WEIGHT: f64 = 0.5;
/// The weight of a lame leap or a bent rider's square.
pub const LAME: f64 = 0.8;
/// The scale of the value: centipawns for an effective mobility of 1.
pub const SCALE: f64 = 56.0;
/// The exponent of the value in the effective mobility.
pub const EXPONENT: f64 = 1.02;
/// Weight of the mobility of a piece bound to part of the board, as a
/// function of the part `f` it reaches: `BOUND + (1 - BOUND) * f`.
pub const BOUND: f64 = 0.8;
/// A piece with no move backwards.
pub const NO_RETREAT: f64 = 0.75;
/// A piece that cannot capture.
pub const NO_CAPTURE: f64 = 0.4;
/// The least and the most the estimates are scaled by to match the hints
/// of the other kinds.
pub const HINT_SCALE: (f64, f64) = (0.5, 2.0);
/// A pawn is worth `PROMOTION_SHARE / way` of the best piece it promotes
/// to, `way` being the ranks from its side's first rank to the zone.
pub const PROMOTION_SHARE: f64 = 1.0 / 3.0;

/// What the movement of one kind comes to on the empty board.
#[derive(Clone, Debug, PartialEq)]
pub struct Movement {
    /// The weighted destinations per square, averaged over the board (the
    /// effective mobility).
    pub mobility: f64,
    /// The destinations per square, averaged, not weighted (what a count
    /// of targets in a position is compared with); hoppers' captures are
    /// not counted.
    pub targets: f64,
    /// The part of the board the piece can reach from a central square
    /// (moves taken both ways).
    pub reach: f64,
    /// Whether some move goes backwards.
    pub retreats: bool,
    /// Whether some move captures.
    pub captures: bool,
    /// Whether some move goes forwards.
    pub advances: bool,
}

/// Reads a kind's movement from its table on the rule set's board.
pub fn movement(rules: &RuleSet, table: &MoveTable) -> Movement {
    movement_on(&rules.geometry, table)
}

/// Reads a kind's movement from its table on a board.
pub fn movement_on(geometry: &Geometry, table: &MoveTable) -> Movement {
    let squares: Vec<Square> = geometry.squares().iter().collect();
    let n = squares.len().max(1);
    let (mut weight, mut count) = (0.0, 0.0);
    let (mut retreats, mut captures, mut advances) = (false, false, false);
    // Undirected links, for the part of the board reached.
    let mut links: Vec<Vec<usize>> = vec![Vec::new(); 256];
    let mut note = |from: Square, to: Square, retreats: &mut bool, advances: &mut bool| {
        if to.rank() < from.rank() {
            *retreats = true;
        }
        if to.rank() > from.rank() {
            *advances = true;
        }
        links[from.index()].push(to.index());
        links[to.index()].push(from.index());
    };
    for &from in &squares {
        let moves = table.from(from);
        for leap in moves.leaps.iter().filter(|l| !l.initial) {
            let w = mode_weight(leap.mode.can_move(), leap.mode.can_capture());
            let lame = if leap.via.is_empty() { 1.0 } else { LAME };
            weight += w * lame;
            count += 1.0;
            captures |= leap.mode.can_capture();
            note(from, leap.to, &mut retreats, &mut advances);
        }
        for ray in moves.rays.iter().filter(|r| !r.initial) {
            let w = mode_weight(ray.mode.can_move(), ray.mode.can_capture());
            let lame = if ray.via.is_empty() { 1.0 } else { LAME };
            captures |= ray.mode.can_capture();
            for (i, &to) in ray.squares.iter().enumerate() {
                match ray.kind {
                    RayKind::Slide => {
                        weight += w * lame * RAY_DECAY.powi(i as i32);
                        count += 1.0;
                    }
                    RayKind::Hop if i > 0 => {
                        weight += w * lame * HOP_WEIGHT * RAY_DECAY.powi(i as i32 - 1);
                        if ray.mode.can_move() {
                            count += 1.0;
                        }
                    }
                    RayKind::Hop => {}
                }
                note(from, to, &mut retreats, &mut advances);
            }
        }
    }
    let reach = reach_from_centre(&squares, &links) as f64 / n as f64;
    Movement {
        mobility: weight / n as f64,
        targets: count / n as f64,
        reach,
        retreats,
        captures,
        advances,
    }
}

/// The weight of a destination by what it allows.
fn mode_weight(moves: bool, captures: bool) -> f64 {
    match (moves, captures) {
        (true, true) => 1.0,
        (false, false) => 0.0,
        _ => MODE_PARTIAL,
    }
}

/// How many squares are linked, directly or not, to the board's most
/// central square.
fn reach_from_centre(squares: &[Square], links: &[Vec<usize>]) -> usize {
    let Some(&first) = squares.first() else {
        return 0;
    };
    let (fmax, rmax) = squares.iter().fold((0, 0), |(f, r), s| {
        (f.max(s.file() as i32), r.max(s.rank() as i32))
    });
    let centre = squares
        .iter()
        .copied()
        .min_by_key(|s| (2 * s.file() as i32 - fmax).abs() + (2 * s.rank() as i32 - rmax).abs())
        .unwrap_or(first);
    let mut seen = vec![false; 256];
    let mut todo = vec![centre.index()];
    seen[centre.index()] = true;
    let mut found = 0;
    while let Some(i) = todo.pop() {
        found += 1;
        for &j in &links[i] {
            if !seen[j] {
                seen[j] = true;
                todo.push(j);
            }
        }
    }
    found
}

/// The value of a movement, in centipawns, before any promotion.
pub fn movement_value(m: &Movement) -> f64 {
    let bound = BOUND + (1.0 - BOUND) * m.reach.clamp(0.0, 1.0);
    let mut v = SCALE * (m.mobility * bound).powf(EXPONENT);
    if !m.retreats {
        v *= NO_RETREAT;
    }
    if !m.captures {
        v *= NO_CAPTURE;
    }
    v
}

/// Every kind's estimated value in centipawns, by kind index, from the
/// movement alone (hints ignored; a royal is estimated as any piece: the
/// material count leaves it out, not this).
pub fn estimate(rules: &RuleSet) -> Vec<i32> {
    values(rules, false)
}

/// Every kind's value in centipawns, by kind index: its hint where the
/// rule set gives one (when `hints`), else its estimate. Where only some
/// kinds have hints, the estimates of the others are brought to the hints'
/// scale: multiplied by the hinted kinds' total hint over their total
/// estimate (within [`HINT_SCALE`]), so a file valuing its Queen at 9
/// pawns on a large board does not see its unhinted riders, whose
/// estimates grow with the board, above it. A pawn's promotion share is
/// taken from the values of the pieces it may become, hinted or estimated
/// alike.
pub fn values(rules: &RuleSet, hints: bool) -> Vec<i32> {
    let estimates: Vec<f64> = rules
        .pieces
        .iter()
        .map(|p| movement_value(&movement(rules, &p.tables[0])))
        .collect();
    let (mut hinted, mut estimated) = (0.0, 0.0);
    for (p, e) in rules.pieces.iter().zip(&estimates) {
        if let (Some(v), PieceKind::Piece | PieceKind::Pawn) = (p.value, p.kind) {
            hinted += f64::from(v);
            estimated += e;
        }
    }
    let scale = if hints && hinted > 0.0 && estimated > 0.0 {
        (hinted / estimated).clamp(HINT_SCALE.0, HINT_SCALE.1)
    } else {
        1.0
    };
    let base: Vec<f64> = rules
        .pieces
        .iter()
        .zip(&estimates)
        .map(|(p, e)| match p.value {
            Some(v) if hints => f64::from(v),
            _ => e * scale,
        })
        .collect();
    rules
        .pieces
        .iter()
        .enumerate()
        .map(|(k, p)| {
            let mut v = base[k];
            if p.kind == PieceKind::Pawn && !(hints && p.value.is_some()) {
                v += promotion_value(rules, &base);
            }
            v.round() as i32
        })
        .collect()
}

/// A pawn's share of the best piece it may promote to, by the values
/// `base` (0 without promotion).
fn promotion_value(rules: &RuleSet, base: &[f64]) -> f64 {
    let ranks = f64::from(rules.geometry.ranks());
    rules
        .zones
        .iter()
        .map(|z| {
            let best = z
                .choices
                .iter()
                .filter_map(|&c| base.get(c))
                .fold(0.0, |a: f64, &b| a.max(b));
            let way = (ranks - 1.0 - f64::from(z.ranks)).max(1.0);
            best * PROMOTION_SHARE / way
        })
        .fold(0.0, f64::max)
}
