//! Properties on random input: parsing never panics and errors point inside
//! the text; canonical text round-trips, for parsed texts and for random
//! trees; compiled tables keep their promises on random boards with holes,
//! checked against a reference move generator on random positions.

#![allow(clippy::unwrap_used)]

use crate::common;

use common::{moves, Board};
use deckmate_betza::{compile, parse, Atom, Betza, Clause, Continuation, Facing, MoveTable, Range};
use deckmate_board::{Geometry, RankStyle, Square};
use proptest::prelude::*;
use std::collections::{BTreeSet, HashMap};
use std::sync::{Mutex, OnceLock};

/// Checks what compile promises, and that with `overlapping` unset the
/// reference generator never lists a move twice.
fn check_table(t: &MoveTable, b: &Betza, g: &Geometry, occupied: &[(u8, bool)], first: bool) {
    let any_shared = common::shared_destinations(t, g);
    for idx in 0..=255u8 {
        let sq = Square(idx);
        let m = t.from(sq);
        if !g.contains(sq) {
            assert!(m.leaps.is_empty() && m.rays.is_empty());
            continue;
        }
        for l in &m.leaps {
            assert!(g.contains(l.to) && l.to != sq && l.via.iter().all(|v| g.contains(*v)));
            assert!(l.mode.0 != 0);
        }
        for r in &m.rays {
            assert!(!r.squares.is_empty() && r.mode.0 != 0);
            assert!(r
                .squares
                .iter()
                .chain(&r.via)
                .all(|s| g.contains(*s) && *s != sq));
            // One line, nearest first.
            let start = r.via.last().copied().unwrap_or(sq);
            let step = |a: Square, b: Square| {
                (
                    i32::from(b.file()) - i32::from(a.file()),
                    i32::from(b.rank()) - i32::from(a.rank()),
                )
            };
            let mut prev = start;
            let d = step(start, r.squares[0]);
            for &s in &r.squares {
                assert_eq!(step(prev, s), d);
                prev = s;
            }
        }
    }
    if !t.overlapping {
        assert!(!any_shared);
        let board = Board {
            friends: occupied
                .iter()
                .filter(|o| !o.1)
                .map(|o| Square(o.0))
                .filter(|s| g.contains(*s))
                .collect(),
            enemies: occupied
                .iter()
                .filter(|o| o.1)
                .map(|o| Square(o.0))
                .filter(|s| g.contains(*s))
                .collect(),
        };
        for sq in g.squares().iter().filter(|s| !board.occupied(*s)) {
            let all = moves(t, sq, &board, first);
            let unique: BTreeSet<_> = all.iter().collect();
            assert_eq!(all.len(), unique.len(), "{b} from {sq:?}");
        }
    }
}

fn geometry(files: u8, ranks: u8, holes: &[u8]) -> Geometry {
    let holes: Vec<Square> = holes
        .iter()
        .map(|&h| Square::new(h % files, (h / 16) % ranks).unwrap())
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    Geometry::with_holes(files, ranks, RankStyle::FromOne, &holes).unwrap()
}

fn atom() -> impl Strategy<Value = Atom> {
    prop_oneof![
        3 => prop::sample::select(vec![Atom::W, Atom::F, Atom::D, Atom::N, Atom::A, Atom::H, Atom::C, Atom::Z, Atom::G]),
        1 => (0u8..6, 0u8..6).prop_filter_map("leap", |(x, y)| Atom::new(x, y)),
    ]
}

/// An atom's leaps from the middle of a 16x16 board, as offsets, sorted:
/// what its direction mask picks from. Compiled once per atom (a 16x16
/// table per generated clause was most of these properties' time).
fn atom_vectors(atom: Atom) -> Vec<(i8, i8)> {
    type Vectors = HashMap<Atom, Vec<(i8, i8)>>;
    static CACHE: OnceLock<Mutex<Vectors>> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    if let Some(v) = cache.lock().unwrap().get(&atom) {
        return v.clone();
    }
    let t = deckmate_betza::compile_str(
        &Betza {
            clauses: vec![Clause::plain(atom, Range::Leap)],
        }
        .to_string(),
        &Geometry::new(16, 16, RankStyle::FromOne).unwrap(),
        Facing::Up,
    )
    .unwrap();
    let from = Square::new(7, 7).unwrap();
    let mut v: Vec<(i8, i8)> = t
        .from(from)
        .leaps
        .iter()
        .map(|l| (l.to.file() as i8 - 7, l.to.rank() as i8 - 7))
        .collect();
    v.sort_unstable();
    cache.lock().unwrap().insert(atom, v.clone());
    v
}

fn clause() -> impl Strategy<Value = Clause> {
    (
        atom(),
        prop_oneof![
            Just(Range::Leap),
            Just(Range::Ride(None)),
            (2u8..6).prop_map(|n| Range::Ride(Some(n)))
        ],
        (
            any::<bool>(),
            any::<bool>(),
            prop::bool::weighted(0.2),
            prop::bool::weighted(0.15),
            prop::bool::weighted(0.15),
        ),
        any::<u8>(),
        prop::option::weighted(
            0.25,
            (prop::collection::btree_set(-3i8..=3, 1..4), any::<bool>()),
        ),
    )
        .prop_map(|(atom, range, (m, c, i, n, p), mask, then)| {
            let all = atom_vectors(atom);
            let mut dirs: Vec<(i8, i8)> = all
                .iter()
                .enumerate()
                .filter(|(k, _)| mask >> k & 1 == 1)
                .map(|(_, v)| *v)
                .collect();
            if dirs.len() == all.len() {
                dirs.clear();
            }
            Clause {
                moves: m || !c,
                captures: c || !m,
                initial: i,
                lame: n,
                hop: p,
                dirs,
                atom,
                range,
                then: then.map(|(turns, slide)| Continuation {
                    turns: turns.into_iter().collect(),
                    slide,
                }),
            }
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    #[test]
    fn parsing_never_panics_and_errors_point_inside(s in "\\PC{0,24}") {
        match parse(&s) {
            Err(e) => {
                prop_assert!(e.at <= s.len() && s.is_char_boundary(e.at), "{s:?}: {e}");
                let _ = e.to_string();
            }
            Ok(b) => prop_assert_eq!(parse(&b.to_string()), Ok(b.clone())),
        }
    }

    #[test]
    fn random_trees_print_and_parse_back(clauses in prop::collection::vec(clause(), 1..5)) {
        let b = Betza { clauses };
        // Only trees the compiler accepts (the parser builds no others).
        // Whether it accepts depends on the clauses alone, not the board,
        // so the smallest board answers as well as any (and fastest).
        let g = Geometry::new(3, 3, RankStyle::FromOne).unwrap();
        if compile(&b, &g, Facing::Up).is_ok() {
            let canon = b.to_string();
            prop_assert_eq!(parse(&canon), Ok(b.clone()), "{}", canon);
        }
    }
}

#[test]
fn betza_like_text_round_trips() {
    // Betza-like text, or a random tree's canonical text as it is or with
    // a character edited.
    let strategy = prop_oneof![
        "( ?[mcinpy]{0,2}[fblrsvh]{0,3}(a[mcfblrs]{0,3})?([WFDNAHCZGKQRBLJ]{1,2}[0-9]?|\\([0-9],[0-9]\\)[0-9]?)){1,4}",
        common::counted::near(
            prop::collection::vec(clause(), 1..4).prop_map(|clauses| Betza { clauses }.to_string())
        ),
    ];
    // 283 of the 1000 parse (124 before the trees' texts).
    common::counted::run(
        "betza_properties::betza_like_text_round_trips",
        1000,
        150,
        strategy,
        |s: String| {
            let Ok(b) = parse(&s) else {
                return Ok(false);
            };
            let canon = b.to_string();
            prop_assert_eq!(parse(&canon), Ok(b.clone()), "{} -> {}", s, canon);
            prop_assert_eq!(parse(&canon).unwrap().to_string(), canon.clone());
            let g = Geometry::new(8, 8, RankStyle::FromOne).unwrap();
            prop_assert!(compile(&b, &g, Facing::Down).is_ok(), "{}", s);
            Ok(true)
        },
    );
}

#[test]
fn tables_keep_their_promises() {
    let strategy = (
        prop::collection::vec(clause(), 1..4),
        3u8..13,
        3u8..13,
        prop::collection::vec(any::<u8>(), 0..12),
        prop::collection::vec((any::<u8>(), any::<bool>()), 0..20),
        any::<bool>(),
        any::<bool>(),
    );
    // 462 of the 1000 compile.
    common::counted::run(
        "betza_properties::tables_keep_their_promises",
        1000,
        300,
        strategy,
        |(clauses, files, ranks, holes, occupied, up, first)| {
            let b = Betza { clauses };
            let g = geometry(files, ranks, &holes);
            let facing = if up { Facing::Up } else { Facing::Down };
            let Ok(t) = compile(&b, &g, facing) else {
                return Ok(false);
            };
            check_table(&t, &b, &g, &occupied, first);
            Ok(true)
        },
    );
}
