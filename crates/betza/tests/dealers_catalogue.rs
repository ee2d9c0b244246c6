//! The Dealer's Chess catalogue (crates/games/data/dealers-pieces.txt):
//! every piece parses, prints canonically, compiles for 8x8 and 12x12 for
//! both sides, and has exactly the move set of its description on an empty
//! board, checked against expectations written here from the page's words
//! (not from the XBetza).

#![allow(clippy::unwrap_used)]

use deckmate_betza::{compile_str, parse, Facing, MoveTable, RayKind};
use deckmate_board::{Geometry, RankStyle, Square};
use std::collections::{BTreeMap, BTreeSet};

const CATALOGUE: &str = include_str!("../../games/data/dealers-pieces.txt");

struct Entry {
    kind: String,
    name: String,
    letter: String,
    betza: String,
}

fn entries() -> Vec<Entry> {
    CATALOGUE
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split('|').map(str::trim).collect();
            assert_eq!(f.len(), 5, "{l}");
            Entry {
                kind: f[0].into(),
                name: f[1].into(),
                letter: f[2].into(),
                betza: f[3].into(),
            }
        })
        .collect()
}

/// Mode of a destination on an empty board: 'm' move only, 'c' capture only,
/// 'b' both; an 'i' prefix marks first-move-only destinations.
type MoveSet = BTreeMap<(i32, i32), String>;

/// What the table lets a piece on `from` do on an empty board (facing up).
fn actual(table: &MoveTable, from: Square) -> MoveSet {
    let mut bits: BTreeMap<(i32, i32), (u8, u8)> = BTreeMap::new();
    let rel = |s: Square| {
        (
            s.file() as i32 - from.file() as i32,
            s.rank() as i32 - from.rank() as i32,
        )
    };
    let moves = table.from(from);
    for l in &moves.leaps {
        let e = bits.entry(rel(l.to)).or_default();
        if l.initial {
            e.1 |= l.mode.0
        } else {
            e.0 |= l.mode.0
        }
    }
    for r in &moves.rays {
        if r.kind == RayKind::Hop {
            continue; // no screen on an empty board
        }
        for &s in &r.squares {
            let e = bits.entry(rel(s)).or_default();
            if r.initial {
                e.1 |= r.mode.0
            } else {
                e.0 |= r.mode.0
            }
        }
    }
    bits.into_iter()
        .map(|(k, (n, i))| {
            let name = |m: u8| match m {
                1 => "m",
                2 => "c",
                3 => "b",
                _ => "",
            };
            let s = if n != 0 {
                name(n).to_string()
            } else {
                format!("i{}", name(i))
            };
            (k, s)
        })
        .collect()
}

// ---- Expectations, from the page's words ----

fn all8(a: i32, b: i32) -> Vec<(i32, i32)> {
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

const ORTH: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAG: [(i32, i32); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];

struct Exp {
    set: MoveSet,
    board: i32,
    from: (i32, i32),
}

impl Exp {
    fn new(board: i32) -> Exp {
        let c = board / 2 - 1;
        Exp {
            set: MoveSet::new(),
            board,
            from: (c, c),
        }
    }
    fn on(&self, (dx, dy): (i32, i32)) -> bool {
        let (x, y) = (self.from.0 + dx, self.from.1 + dy);
        (0..self.board).contains(&x) && (0..self.board).contains(&y)
    }
    fn add(&mut self, v: (i32, i32), mode: &str) {
        if !self.on(v) {
            return;
        }
        let e = self.set.entry(v).or_default();
        let merged = match (e.as_str(), mode) {
            ("", m) => m.to_string(),
            (a, b) if a == b => a.to_string(),
            ("m", "c") | ("c", "m") | ("b", _) | (_, "b") => "b".to_string(),
            (a, b) if a.starts_with('i') => b.to_string(),
            (a, _) => a.to_string(),
        };
        *e = merged;
    }
    fn leaps(mut self, vs: &[(i32, i32)], mode: &str) -> Exp {
        for &v in vs {
            self.add(v, mode);
        }
        self
    }
    fn slides(mut self, dirs: &[(i32, i32)], max: i32, mode: &str) -> Exp {
        for &(dx, dy) in dirs {
            for k in 1..=max {
                self.add((dx * k, dy * k), mode);
            }
        }
        self
    }
    /// One step `first`, then a slide in `then` (the step itself included).
    fn bent(mut self, first: (i32, i32), then: &[(i32, i32)]) -> Exp {
        self.add(first, "b");
        if self.on(first) {
            for &(dx, dy) in then {
                for k in 1..16 {
                    self.add((first.0 + dx * k, first.1 + dy * k), "b");
                }
            }
        }
        self
    }
}

fn expected(name: &str, board: i32) -> MoveSet {
    let e = Exp::new(board);
    let far = 16;
    let fwd =
        |vs: &[(i32, i32)]| -> Vec<(i32, i32)> { vs.iter().copied().filter(|v| v.1 > 0).collect() };
    let back =
        |vs: &[(i32, i32)]| -> Vec<(i32, i32)> { vs.iter().copied().filter(|v| v.1 < 0).collect() };
    let k = [ORTH, DIAG].concat();
    let set = match name {
        "Chef" => e.slides(&[(1, 0), (-1, 0)], 2, "b").leaps(&DIAG, "b"),
        "King" | "Guard" => e.leaps(&k, "b"),
        "Pharaoh" => e.leaps(&k, "m").leaps(&all8(1, 3), "c"),
        "Pope" => e.leaps(&ORTH, "b").leaps(&all8(2, 2), "b"),
        "President" => e.slides(&ORTH, 2, "b"),
        "Rex" => e.leaps(&all8(1, 2), "b"),
        "Shogun" => e.leaps(&ORTH, "b").leaps(&all8(1, 2), "c"),
        "Alfil" => e.leaps(&all8(2, 2), "b"),
        "Alibaba" => e.leaps(&all8(2, 2), "b").leaps(&all8(2, 0), "b"),
        "Antelope" => e.leaps(&all8(3, 4), "b"),
        "Archbishop" => e.slides(&DIAG, far, "b").leaps(&all8(1, 2), "b"),
        "Aurochs" => e.leaps(&all8(1, 2), "b").leaps(&all8(1, 4), "b"),
        "Bishop" => e.slides(&DIAG, far, "b"),
        "Bison" => e.leaps(&all8(1, 3), "b").leaps(&all8(2, 3), "b"),
        "Buffalo" => e
            .leaps(&all8(1, 2), "b")
            .leaps(&all8(1, 3), "b")
            .leaps(&all8(2, 3), "b"),
        "Camel" => e.leaps(&all8(1, 3), "b"),
        "Cannon" => e.slides(&ORTH, far, "m"),
        "Chancellor" => e.slides(&ORTH, far, "b").leaps(&all8(1, 2), "b"),
        "Cheetah" => e.leaps(
            &[all8(3, 0), all8(3, 1), all8(3, 2), all8(3, 3)].concat(),
            "b",
        ),
        "Dabbaba" => e.leaps(&all8(2, 0), "b"),
        "Ferz" => e.leaps(&DIAG, "b"),
        "Giraffe" => e.leaps(&all8(1, 4), "b"),
        "Gnu" => e.leaps(&all8(1, 2), "b").leaps(&all8(1, 3), "b"),
        "Gryffon" => DIAG
            .iter()
            .fold(e, |e, &d| e.bent(d, &[(d.0, 0), (0, d.1)])),
        "Guardian" => e.leaps(&DIAG, "m").leaps(&ORTH, "c"),
        "Impala" => e.leaps(&all8(1, 2), "b").leaps(&all8(3, 4), "b"),
        "Kirin" => e.leaps(&DIAG, "b").leaps(&all8(2, 0), "b"),
        "Knight" => e.leaps(&all8(1, 2), "b"),
        "Lion" => e
            .leaps(&k, "b")
            .leaps(&[all8(2, 0), all8(2, 1), all8(2, 2)].concat(), "b"),
        "Mastodon" => e
            .leaps(&k, "b")
            .leaps(&[all8(2, 0), all8(2, 2)].concat(), "b"),
        "Minister" => e
            .leaps(&ORTH, "b")
            .leaps(&all8(2, 0), "b")
            .leaps(&all8(1, 2), "b"),
        "Nightrider" => e.slides(&all8(1, 2), far, "b"),
        "Phoenix" => e.leaps(&ORTH, "b").leaps(&all8(2, 2), "b"),
        "Queen" => e.slides(&k, far, "b"),
        "Rhinoceros" => ORTH.iter().fold(e, |e, &d| {
            let outward = if d.0 == 0 {
                [(1, d.1), (-1, d.1)]
            } else {
                [(d.0, 1), (d.0, -1)]
            };
            e.bent(d, &outward)
        }),
        "Rook" => e.slides(&ORTH, far, "b"),
        "Ship" => DIAG.iter().fold(e, |e, &d| e.bent(d, &[(0, d.1)])),
        "Snake" => [(0, 1), (0, -1)]
            .iter()
            .fold(e, |e, &d| e.bent(d, &[(1, d.1), (-1, d.1)])),
        "Squirrel" => e.leaps(&[all8(2, 0), all8(2, 1), all8(2, 2)].concat(), "b"),
        "Steward" => e.leaps(&ORTH, "m").leaps(&DIAG, "c"),
        "Threeleaper" => e.leaps(&all8(3, 0), "b"),
        "Turtle" => e.slides(&k, 4, "b"),
        "Unicorn" => e.slides(&DIAG, far, "b").slides(&all8(1, 2), far, "b"),
        "Vao" => e.slides(&DIAG, far, "m"),
        "Wazir" => e.leaps(&ORTH, "b"),
        "Zebra" => e.leaps(&all8(2, 3), "b"),
        "Arrow Pawn" => e.slides(&ORTH, 2, "m").leaps(&DIAG, "c"),
        "Berolina Pawn" => e
            .leaps(&fwd(&DIAG), "m")
            .leaps(&[(0, 1)], "c")
            .leaps(&[(2, 2), (-2, 2)], "im"),
        "Chicken Pawn" | "Mecklenbeck Pawn" | "Standard Pawn" => e
            .leaps(&[(0, 1)], "m")
            .leaps(&[(0, 2)], "im")
            .leaps(&fwd(&DIAG), "c"),
        "Enhanced Pawn" => e
            .leaps(&[(0, 1)], "m")
            .leaps(&[(0, 2)], "im")
            .leaps(&fwd(&DIAG), "c")
            .leaps(&[(1, 0), (-1, 0)], "c"),
        "Fish Pawn" => e
            .leaps(&[(0, 1), (0, -1)], "m")
            .leaps(&[(0, 2)], "im")
            .leaps(&fwd(&DIAG), "c"),
        "Gold Pawn" => e.leaps(&ORTH, "b").leaps(&fwd(&DIAG), "b"),
        "Horse Pawn" => e.leaps(&[(1, 2), (-1, 2)], "b"),
        "Iron Pawn" => e.leaps(&[(0, 1), (1, 1), (-1, 1)], "b"),
        "Japanese Pawn" => e.leaps(&fwd(&DIAG), "b").leaps(&[(0, 2)], "im"),
        "Korean Pawn" => e.leaps(&[(0, 1), (1, 0), (-1, 0)], "b"),
        "Lance Pawn" => e
            .leaps(&[(1, 2), (-1, 2)], "b")
            .leaps(&[(2, 1), (-2, 1)], "m"),
        "Left End Pawn" => e
            .leaps(&[(0, 1)], "m")
            .leaps(&[(0, 2)], "im")
            .leaps(&[(1, 1), (1, 2), (2, 1)], "m")
            .leaps(&[(-1, 1)], "c")
            .leaps(&[(1, 1)], "c"),
        "Right End Pawn" => e
            .leaps(&[(0, 1)], "m")
            .leaps(&[(0, 2)], "im")
            .leaps(&[(-1, 1), (-1, 2), (-2, 1)], "m")
            .leaps(&[(1, 1)], "c")
            .leaps(&[(-1, 1)], "c"),
        "Linebacker Pawn" => e
            .leaps(&[(0, 1), (1, 1), (-1, 1)], "m")
            .leaps(&[(0, 2)], "im"),
        "Mongolian Pawn" => e
            .leaps(&[(0, 1)], "m")
            .leaps(&[(0, 2), (0, 3)], "im")
            .leaps(&fwd(&DIAG), "c"),
        "Patient Pawn" => e
            .leaps(&[(0, 1)], "m")
            .leaps(&fwd(&DIAG), "c")
            .leaps(&[(0, 2)], "im")
            .leaps(&[(1, 2), (-1, 2)], "ic"),
        "Piglet Pawn" => e
            .leaps(&fwd(&DIAG), "b")
            .leaps(&[(2, 2), (-2, 2)], "ib")
            .leaps(&[(0, -1)], "m")
            .leaps(&back(&DIAG), "m"),
        "Scorpion Pawn" => e
            .leaps(&[(0, 1)], "m")
            .leaps(&[(0, 2)], "im")
            .leaps(&[(2, 1), (-2, 1)], "m")
            .leaps(&fwd(&DIAG), "c"),
        "Silver Pawn" => e.leaps(&DIAG, "b").leaps(&[(0, 1)], "b"),
        "Torpedo Pawn" => e.leaps(&[(0, 1), (0, 2)], "m").leaps(&fwd(&DIAG), "c"),
        "Zabel Pawn" => e.leaps(&[(0, 1)], "m").leaps(&fwd(&DIAG), "c"),
        "Zombie Pawn" => e
            .leaps(&[(0, 1), (1, 1), (-1, 1)], "b")
            .leaps(&[(0, -1)], "m"),
        other => panic!("no expectation for {other}"),
    };
    set.set
}

#[test]
fn dealers_catalogue_has_71_unique_pieces() {
    let e = entries();
    assert_eq!(e.len(), 71);
    assert_eq!(e.iter().filter(|x| x.kind == "royal").count(), 7);
    assert_eq!(e.iter().filter(|x| x.kind == "piece").count(), 40);
    assert_eq!(e.iter().filter(|x| x.kind == "pawn").count(), 24);
    let names: BTreeSet<&str> = e.iter().map(|x| x.name.as_str()).collect();
    let letters: BTreeSet<&str> = e.iter().map(|x| x.letter.as_str()).collect();
    assert_eq!(names.len(), 71);
    assert_eq!(letters.len(), 71);
}

#[test]
fn dealers_catalogue_round_trips_canonically() {
    for e in entries() {
        let b = parse(&e.betza).unwrap_or_else(|err| panic!("{}: {err}", e.name));
        let canon = b.to_string();
        assert_eq!(parse(&canon).unwrap(), b, "{}: {canon}", e.name);
        assert_eq!(parse(&canon).unwrap().to_string(), canon);
    }
}

#[test]
fn dealers_pieces_move_as_described_on_an_empty_board() {
    for size in [8u8, 12] {
        let g = Geometry::new(size, size, RankStyle::FromOne).unwrap();
        let c = size / 2 - 1;
        let from = Square::new(c, c).unwrap();
        for e in entries() {
            let up = compile_str(&e.betza, &g, Facing::Up).unwrap();
            assert_eq!(
                actual(&up, from),
                expected(&e.name, size as i32),
                "{} on {size}x{size}",
                e.name
            );
            // The other side's moves are the same turned 180 degrees.
            let down = compile_str(&e.betza, &g, Facing::Down).unwrap();
            let mirror = Square::new(size - 1 - c, size - 1 - c).unwrap();
            let turned: MoveSet = actual(&down, mirror)
                .into_iter()
                .map(|((x, y), m)| ((-x, -y), m))
                .collect();
            assert_eq!(turned, actual(&up, from), "{} facing down", e.name);
        }
    }
}
