//! Merging the entries of one square so that no move is listed twice.
//!
//! Every destination of a leap or a sliding ray comes with *conditions*:
//! the squares that must be empty (a leap's `via`; for the k-th square of a
//! ray, the ray's `via` and the squares before it) and whether it is a
//! first-move-only entry. For each destination:
//! - entries with equal conditions become one: their modes are OR-ed into
//!   the entry of the longest ray (or the first), the other loses them;
//! - where one entry's conditions are weaker (fewer squares to be empty, and
//!   not first-move-only unless the other is too), the stricter entry loses
//!   the modes the weaker one already gives, since whenever it applies the
//!   weaker one does too.
//!
//! A sliding ray that loses modes on some of its squares is cut into runs;
//! a run that starts further out takes the squares before it as `via` (a
//! slider only gets there over empty squares), and a run of one square is a
//! [`Leap`]. So `mfWimfR2` becomes `mfW` and a first-move two-step whose
//! `via` is the first square, exactly `mfWimfnD`. Hopper rays cannot be
//! cut (their squares need a screen, not empty squares): equal ones are
//! merged, and one that is the start of another loses the modes that one
//! gives; two along one line with disjoint modes (`mpRcpR2`) both stay.
//!
//! Guarantee: no two entries from one square give the same destination with
//! modes in common under conditions of which one implies the other. What is
//! left (two paths neither of which implies the other, e.g. `nN` and
//! `afsF` to the same square) sets [`MoveTable::overlapping`](crate::MoveTable).

use crate::table::{Leap, Mode, Ray, RayKind, SquareMoves};
use deckmate_board::Square;

/// An entry before merging.
#[derive(Clone, Debug)]
pub(crate) enum Raw {
    /// A single jump.
    Leap(Leap),
    /// A ray (slide or hop).
    Ray(Ray),
}

/// One destination of a leap or of a sliding ray, with its conditions.
struct Stop {
    to: Square,
    need: Vec<Square>,
    initial: bool,
    mode: u8,
    /// Index of the entry in the raw list, and of the square in its ray.
    entry: usize,
    idx: usize,
    /// Squares of the entry (1 for a leap).
    len: usize,
}

fn sorted(mut v: Vec<Square>) -> Vec<Square> {
    v.sort_unstable();
    v.dedup();
    v
}

fn subset(a: &[Square], b: &[Square]) -> bool {
    a.iter().all(|s| b.binary_search(s).is_ok())
}

/// Whether `a`'s conditions are implied by `b`'s (a applies whenever b does).
fn weaker(a: &Stop, b: &Stop) -> bool {
    subset(&a.need, &b.need) && (!a.initial || b.initial)
}

fn stops(raw: &[Raw]) -> Vec<Stop> {
    let mut out = Vec::new();
    for (entry, r) in raw.iter().enumerate() {
        match r {
            Raw::Leap(l) => out.push(Stop {
                to: l.to,
                need: sorted(l.via.clone()),
                initial: l.initial,
                mode: l.mode.0,
                entry,
                idx: 0,
                len: 1,
            }),
            Raw::Ray(r) if r.kind == RayKind::Slide => {
                for (idx, &to) in r.squares.iter().enumerate() {
                    let need = r.via.iter().chain(&r.squares[..idx]).copied().collect();
                    out.push(Stop {
                        to,
                        need: sorted(need),
                        initial: r.initial,
                        mode: r.mode.0,
                        entry,
                        idx,
                        len: r.squares.len(),
                    });
                }
            }
            Raw::Ray(_) => {}
        }
    }
    out
}

/// Groups stop indices by destination: one group per destination reached,
/// in the order of the squares, each in the order of the stops. Sparse: a
/// square has a few dozen destinations, not 256 (a table of 256 lists per
/// square was most of a compile's time).
fn by_destination(stops: &[Stop]) -> Vec<(Square, Vec<usize>)> {
    group_by_square((0..stops.len()).map(|i| (stops[i].to, i)))
}

/// Groups values by square, in the order of the squares, each group in
/// the order given.
fn group_by_square<T>(items: impl Iterator<Item = (Square, T)>) -> Vec<(Square, Vec<T>)> {
    let mut items: Vec<(Square, T)> = items.collect();
    // Stable: within a square the values keep their order.
    items.sort_by_key(|(to, _)| *to);
    let mut out: Vec<(Square, Vec<T>)> = Vec::new();
    for (to, v) in items {
        match out.last_mut() {
            Some((last, group)) if *last == to => group.push(v),
            _ => out.push((to, vec![v])),
        }
    }
    out
}

/// Equal hopper rays become one; a hopper ray that is the start of another
/// with conditions as weak loses that one's modes.
///
/// Only rays with the same first square and the same `via` can be equal or
/// the start of one another, so the rays are compared within such groups
/// alone (in the order written, as a comparison of every pair would).
fn merge_hops(raw: &mut [Raw]) {
    let key = |i: usize| match &raw[i] {
        Raw::Ray(r) => (r.squares.first().copied(), sorted(r.via.clone())),
        Raw::Leap(_) => (None, Vec::new()),
    };
    let mut hops: Vec<(Option<Square>, Vec<Square>, usize)> = (0..raw.len())
        .filter(|&i| matches!(&raw[i], Raw::Ray(r) if r.kind == RayKind::Hop))
        .map(|i| {
            let (first, via) = key(i);
            (first, via, i)
        })
        .collect();
    // Stable: within a group the rays keep the order written.
    hops.sort_by(|x, y| (x.0, &x.1).cmp(&(y.0, &y.1)));
    let mut start = 0;
    while start < hops.len() {
        let mut end = start + 1;
        while end < hops.len() && (hops[end].0, &hops[end].1) == (hops[start].0, &hops[start].1) {
            end += 1;
        }
        let group: Vec<usize> = hops[start..end].iter().map(|h| h.2).collect();
        merge_hop_group(raw, &group);
        start = end;
    }
}

/// [`merge_hops`] on one group of rays (indices in the order written).
fn merge_hop_group(raw: &mut [Raw], hops: &[usize]) {
    for &a in hops {
        for &b in hops {
            if a == b {
                continue;
            }
            let (Raw::Ray(ra), Raw::Ray(rb)) = (&raw[a], &raw[b]) else {
                continue;
            };
            if ra.mode.0 == 0 || rb.mode.0 == 0 || sorted(ra.via.clone()) != sorted(rb.via.clone())
            {
                continue;
            }
            let equal = ra.squares == rb.squares && ra.initial == rb.initial;
            let covers = ra.squares.starts_with(&rb.squares) && (!ra.initial || rb.initial);
            let (ma, mb) = (ra.mode.0, rb.mode.0);
            if equal && a < b {
                set_mode(raw, a, ma | mb);
                set_mode(raw, b, 0);
            } else if covers && !equal {
                set_mode(raw, b, mb & !ma);
            }
        }
    }
}

fn set_mode(raw: &mut [Raw], i: usize, mode: u8) {
    match raw.get_mut(i) {
        Some(Raw::Leap(l)) => l.mode = Mode(mode),
        Some(Raw::Ray(r)) => r.mode = Mode(mode),
        None => {}
    }
}

/// Merges one square's entries; returns them and whether two of them may
/// still give the same move.
pub(crate) fn normalise(mut raw: Vec<Raw>) -> (SquareMoves, bool) {
    merge_hops(&mut raw);
    let mut st = stops(&raw);
    let groups = by_destination(&st);
    // Equal conditions: one entry keeps the union of the modes, the one of
    // the longest ray (the first written among equals). The stops of one
    // destination are sorted by their conditions, so each class is a run.
    let key = |s: &Stop| (s.len, std::cmp::Reverse(s.entry));
    let mut keepers: Vec<usize> = Vec::new();
    for (_, g) in &groups {
        let mut live: Vec<usize> = g.iter().copied().filter(|&i| st[i].mode != 0).collect();
        live.sort_by(|&i, &j| (&st[i].need, st[i].initial).cmp(&(&st[j].need, st[j].initial)));
        let mut changes: Vec<(usize, u8)> = Vec::new();
        let mut start = 0;
        while start < live.len() {
            let first = &st[live[start]];
            let mut end = start + 1;
            while end < live.len()
                && st[live[end]].need == first.need
                && st[live[end]].initial == first.initial
            {
                end += 1;
            }
            let class = &live[start..end];
            let union = class.iter().fold(0u8, |m, &i| m | st[i].mode);
            let keep = class
                .iter()
                .copied()
                .max_by_key(|&i| key(&st[i]))
                .unwrap_or(live[start]);
            for &i in class {
                changes.push((i, if i == keep { union } else { 0 }));
            }
            keepers.push(keep);
            start = end;
        }
        for (i, m) in changes {
            st[i].mode = m;
        }
    }
    // Weaker conditions: the stricter entry loses what the weaker gives.
    // Only one entry per distinct condition is left with modes, and a
    // destination is reached by few distinct paths, so this compares the
    // paths, not every pair of entries.
    let modes: Vec<u8> = st.iter().map(|s| s.mode).collect();
    let by_to = group_by_square(keepers.iter().map(|&k| (st[k].to, k)));
    for (_, g) in &by_to {
        for &b in g {
            let taken = g
                .iter()
                .filter(|&&a| a != b && weaker(&st[a], &st[b]))
                .fold(0u8, |acc, &a| acc | modes[a]);
            st[b].mode &= !taken;
        }
    }
    let moves = rebuild(&raw, &st);
    let overlapping = overlaps(&moves);
    (moves, overlapping)
}

/// Builds the entries again from the stops' modes, cutting rays into runs.
fn rebuild(raw: &[Raw], st: &[Stop]) -> SquareMoves {
    let mut out = SquareMoves::default();
    let mut next = 0;
    for (entry, r) in raw.iter().enumerate() {
        let start = next;
        while st.get(next).is_some_and(|s| s.entry == entry) {
            next += 1;
        }
        let mine = &st[start..next];
        match r {
            Raw::Leap(l) => {
                if let Some(s) = mine.first().filter(|s| s.mode != 0) {
                    out.leaps.push(Leap {
                        mode: Mode(s.mode),
                        ..l.clone()
                    });
                }
            }
            Raw::Ray(ray) if ray.kind == RayKind::Hop => {
                if ray.mode.0 != 0 {
                    out.rays.push(ray.clone());
                }
            }
            Raw::Ray(ray) => {
                let mut i = 0;
                while i < mine.len() {
                    let m = mine[i].mode;
                    let mut j = i;
                    while j + 1 < mine.len() && mine[j + 1].mode == m {
                        j += 1;
                    }
                    debug_assert_eq!(mine[i].idx, i);
                    if m != 0 {
                        let whole = i == 0 && j + 1 == mine.len();
                        let via: Vec<Square> =
                            ray.via.iter().chain(&ray.squares[..i]).copied().collect();
                        if whole || j > i {
                            out.rays.push(Ray {
                                via,
                                squares: ray.squares[i..=j].to_vec(),
                                mode: Mode(m),
                                kind: RayKind::Slide,
                                initial: ray.initial,
                            });
                        } else {
                            out.leaps.push(Leap {
                                to: ray.squares[i],
                                mode: Mode(m),
                                via,
                                initial: ray.initial,
                            });
                        }
                    }
                    i = j + 1;
                }
            }
        }
    }
    out
}

/// Whether two entries may give the same move: same destination, modes in
/// common, and conditions that can hold together (after merging, no
/// condition of a leap or slide implies another's; a hop needs a piece on
/// a square a slide needs empty when its path lies within the slide's).
fn overlaps(moves: &SquareMoves) -> bool {
    let raw: Vec<Raw> = moves
        .leaps
        .iter()
        .cloned()
        .map(Raw::Leap)
        .chain(moves.rays.iter().cloned().map(Raw::Ray))
        .collect();
    let st = stops(&raw);
    let groups = by_destination(&st);
    let slide_clash = groups.iter().any(|(_, g)| {
        g.iter()
            .enumerate()
            .any(|(n, &i)| g[n + 1..].iter().any(|&j| st[i].mode & st[j].mode != 0))
    });
    if slide_clash {
        return true;
    }
    // Hop landings by destination: (squares before it on the ray, mode).
    let landings = group_by_square(
        moves
            .rays
            .iter()
            .filter(|r| r.kind == RayKind::Hop)
            .flat_map(|r| {
                (1..r.squares.len())
                    .map(|k| (r.squares[k], (sorted(r.squares[..k].to_vec()), r.mode.0)))
            }),
    );
    for (to, here) in &landings {
        let slides = groups
            .binary_search_by_key(to, |(s, _)| *s)
            .ok()
            .map(|n| &groups[n].1);
        for (n, (path, mode)) in here.iter().enumerate() {
            if here[n + 1..].iter().any(|(_, m)| m & mode != 0) {
                return true;
            }
            let clash = slides.is_some_and(|g| {
                g.iter()
                    .any(|&i| st[i].mode & mode != 0 && !subset(path, &st[i].need))
            });
            if clash {
                return true;
            }
        }
    }
    false
}
