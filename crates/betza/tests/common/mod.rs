//! Test helpers: a reference move generator that reads a `MoveTable` the
//! way the table's documentation says, move sets by board offsets, and
//! property runs that count the cases that reached their assertions.
#![allow(dead_code, clippy::unwrap_used)]

use deckmate_betza::{compile_str, Facing, MoveTable, RayKind};
use deckmate_board::{Geometry, RankStyle, Square};
use std::collections::{BTreeMap, BTreeSet};

/// Pieces on the board besides the mover.
#[derive(Default, Clone)]
pub struct Board {
    pub friends: BTreeSet<Square>,
    pub enemies: BTreeSet<Square>,
}

impl Board {
    pub fn occupied(&self, s: Square) -> bool {
        self.friends.contains(&s) || self.enemies.contains(&s)
    }
}

/// Every move the table gives from `from` (destination, whether it
/// captures), repeats included, so tests can see duplicates.
pub fn moves(t: &MoveTable, from: Square, board: &Board, first: bool) -> Vec<(Square, bool)> {
    let mut out = Vec::new();
    let m = t.from(from);
    let land = |s: Square, can_move: bool, can_capture: bool, out: &mut Vec<(Square, bool)>| {
        if !board.occupied(s) {
            if can_move {
                out.push((s, false));
            }
        } else if board.enemies.contains(&s) && can_capture {
            out.push((s, true));
        }
    };
    for l in &m.leaps {
        if (l.initial && !first) || l.via.iter().any(|&v| board.occupied(v)) {
            continue;
        }
        land(l.to, l.mode.can_move(), l.mode.can_capture(), &mut out);
    }
    for r in &m.rays {
        if (r.initial && !first) || r.via.iter().any(|&v| board.occupied(v)) {
            continue;
        }
        match r.kind {
            RayKind::Slide => {
                for &s in &r.squares {
                    land(s, r.mode.can_move(), r.mode.can_capture(), &mut out);
                    if board.occupied(s) {
                        break;
                    }
                }
            }
            RayKind::Hop => {
                let mut screen = false;
                for &s in &r.squares {
                    if !screen {
                        screen = board.occupied(s);
                        continue;
                    }
                    land(s, r.mode.can_move(), r.mode.can_capture(), &mut out);
                    if board.occupied(s) {
                        break;
                    }
                }
            }
        }
    }
    out
}

/// A move set by offset from the mover: "m" move only, "c" capture only,
/// "b" both; a first-move-only extra is written after an "i" ("im", "b+ic").
pub type MoveSet = BTreeMap<(i32, i32), String>;

fn letter(bits: u8) -> &'static str {
    match bits {
        1 => "m",
        2 => "c",
        3 => "b",
        _ => "",
    }
}

/// Modes by destination on an otherwise empty board: moves from the empty
/// board, captures with one enemy on the destination.
fn modes(t: &MoveTable, g: &Geometry, from: Square, first: bool) -> BTreeMap<Square, u8> {
    let mut bits: BTreeMap<Square, u8> = BTreeMap::new();
    for (s, _) in moves(t, from, &Board::default(), first) {
        *bits.entry(s).or_default() |= 1;
    }
    for s in g.squares().iter().filter(|&s| s != from) {
        let board = Board {
            enemies: [s].into(),
            ..Board::default()
        };
        if moves(t, from, &board, first).contains(&(s, true)) {
            *bits.entry(s).or_default() |= 2;
        }
    }
    bits
}

/// The move set from `from` on an empty board, by offset (`dx`, `dy`) as the
/// board sees it.
pub fn move_set(t: &MoveTable, g: &Geometry, from: Square) -> MoveSet {
    let later = modes(t, g, from, false);
    let first = modes(t, g, from, true);
    let mut out = MoveSet::new();
    for s in later
        .keys()
        .chain(first.keys())
        .copied()
        .collect::<BTreeSet<_>>()
    {
        let n = later.get(&s).copied().unwrap_or(0);
        let i = first.get(&s).copied().unwrap_or(0) & !n;
        let text = match (n, i) {
            (n, 0) => letter(n).to_string(),
            (0, i) => format!("i{}", letter(i)),
            (n, i) => format!("{}+i{}", letter(n), letter(i)),
        };
        let off = (
            i32::from(s.file()) - i32::from(from.file()),
            i32::from(s.rank()) - i32::from(from.rank()),
        );
        out.insert(off, text);
    }
    out
}

/// The same move set seen by the mover: for `Facing::Down` the offsets are
/// turned 180 degrees, so forward is +dy for both sides.
pub fn mover_set(text: &str, g: &Geometry, from: Square, facing: Facing) -> MoveSet {
    let t = compile_str(text, g, facing).unwrap_or_else(|e| panic!("{text}: {e}"));
    table_mover_set(&t, g, from, facing)
}

/// [`mover_set`] of a table already compiled for `facing` (a test that
/// looks at every square compiles its piece once).
pub fn table_mover_set(t: &MoveTable, g: &Geometry, from: Square, facing: Facing) -> MoveSet {
    let set = move_set(t, g, from);
    match facing {
        Facing::Up => set,
        Facing::Down => set.into_iter().map(|((x, y), m)| ((-x, -y), m)).collect(),
    }
}

/// Which offsets are on the board.
pub type OnBoard = Box<dyn Fn((i32, i32)) -> bool>;

/// Builds expected move sets from offsets (forward = +dy).
#[derive(Default)]
pub struct Exp {
    pub set: MoveSet,
    /// Offsets that are on the board, if limited.
    pub on: Option<OnBoard>,
}

/// All eight symmetric offsets of a leap (a, b).
pub fn all8(a: i32, b: i32) -> Vec<(i32, i32)> {
    let mut v = BTreeSet::new();
    for (x, y) in [(a, b), (b, a)] {
        for sx in [1, -1] {
            for sy in [1, -1] {
                v.insert((x * sx, y * sy));
            }
        }
    }
    v.into_iter().collect()
}

pub const ORTH: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
pub const DIAG: [(i32, i32); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];

pub fn king() -> Vec<(i32, i32)> {
    [ORTH, DIAG].concat()
}

pub fn forward(vs: &[(i32, i32)]) -> Vec<(i32, i32)> {
    vs.iter().copied().filter(|v| v.1 > 0).collect()
}

pub fn backward(vs: &[(i32, i32)]) -> Vec<(i32, i32)> {
    vs.iter().copied().filter(|v| v.1 < 0).collect()
}

impl Exp {
    pub fn new() -> Exp {
        Exp::default()
    }

    /// Only offsets for which `on` holds are kept (the board's edges).
    pub fn within(on: impl Fn((i32, i32)) -> bool + 'static) -> Exp {
        Exp {
            set: MoveSet::new(),
            on: Some(Box::new(on)),
        }
    }

    fn inside(&self, v: (i32, i32)) -> bool {
        self.on.as_ref().is_none_or(|f| f(v))
    }

    fn add(&mut self, v: (i32, i32), mode: &str) {
        if !self.inside(v) {
            return;
        }
        let bits = |m: &str| match m {
            "m" => 1u8,
            "c" => 2,
            "b" => 3,
            _ => panic!("mode {m}"),
        };
        let (n, i) = match self.set.get(&v).map(String::as_str) {
            None | Some("") => (0, 0),
            Some(s) => match s.split_once('+') {
                Some((n, i)) => (bits(n), bits(&i[1..])),
                None if s.starts_with('i') => (0, bits(&s[1..])),
                None => (bits(s), 0),
            },
        };
        let (n, i) = match mode.strip_prefix('i') {
            Some(m) => (n, i | bits(m)),
            None => (n | bits(mode), i),
        };
        let i = i & !n;
        let text = match (n, i) {
            (n, 0) => letter(n).to_string(),
            (0, i) => format!("i{}", letter(i)),
            (n, i) => format!("{}+i{}", letter(n), letter(i)),
        };
        self.set.insert(v, text);
    }

    pub fn leaps(mut self, vs: &[(i32, i32)], mode: &str) -> Exp {
        for &v in vs {
            self.add(v, mode);
        }
        self
    }

    /// Slides of up to `max` steps (on an empty board every square of the
    /// line on the board).
    pub fn slides(mut self, dirs: &[(i32, i32)], max: i32, mode: &str) -> Exp {
        for &(dx, dy) in dirs {
            for k in 1..=max {
                if !self.inside((dx * k, dy * k)) {
                    break;
                }
                self.add((dx * k, dy * k), mode);
            }
        }
        self
    }

    /// One step `first` (with `mode`), then from there slides in `then`.
    pub fn bent(mut self, first: (i32, i32), then: &[(i32, i32)], mode: &str) -> Exp {
        self.add(first, mode);
        if self.inside(first) {
            for &(dx, dy) in then {
                for k in 1..16 {
                    let v = (first.0 + dx * k, first.1 + dy * k);
                    if !self.inside(v) {
                        break;
                    }
                    self.add(v, mode);
                }
            }
        }
        self
    }
}

/// A full board with the given ranks style.
pub fn board(files: u8, ranks: u8) -> Geometry {
    Geometry::new(files, ranks, RankStyle::FromOne).unwrap()
}

/// Cuarenta's board (RULINGS Q1): 9x9, only squares with file number
/// (a = 1) + rank odd exist.
pub fn cuarenta() -> Geometry {
    let holes: Vec<Square> = (0..9u8)
        .flat_map(|r| (0..9u8).map(move |f| (f, r)))
        .filter(|(f, r)| (f + 1 + r + 1) % 2 == 0)
        .map(|(f, r)| Square::new(f, r).unwrap())
        .collect();
    Geometry::with_holes(9, 9, RankStyle::FromOne, &holes).unwrap()
}

/// Checks the table-level promise: from every square, no two entries share
/// a destination with modes in common when one's conditions imply the
/// other's; returns whether any two share one at all (they may then both
/// apply at once).
pub fn shared_destinations(t: &MoveTable, g: &Geometry) -> bool {
    let mut any = false;
    for sq in g.squares().iter() {
        let m = t.from(sq);
        // (destination, squares that must be empty, first-move-only, mode)
        let mut stops: Vec<(Square, BTreeSet<Square>, bool, u8)> = Vec::new();
        for l in &m.leaps {
            stops.push((l.to, l.via.iter().copied().collect(), l.initial, l.mode.0));
        }
        for r in m.rays.iter().filter(|r| r.kind == RayKind::Slide) {
            for (k, &s) in r.squares.iter().enumerate() {
                let need = r.via.iter().chain(&r.squares[..k]).copied().collect();
                stops.push((s, need, r.initial, r.mode.0));
            }
        }
        for (i, a) in stops.iter().enumerate() {
            for b in &stops[i + 1..] {
                if a.0 != b.0 || a.3 & b.3 == 0 {
                    continue;
                }
                let a_weaker = a.1.is_subset(&b.1) && (!a.2 || b.2);
                let b_weaker = b.1.is_subset(&a.1) && (!b.2 || a.2);
                assert!(
                    !a_weaker && !b_weaker,
                    "from {sq:?}: two entries to {:?} where one implies the other",
                    a.0
                );
                any = true;
            }
        }
    }
    any
}

/// Property tests that count the cases that reached their assertions
/// (issue 30 part 8). One file, `tests/counted.rs`, that deckmate-games'
/// tests include too (by path: a test crate cannot depend on another's).
#[path = "../counted.rs"]
pub mod counted;
