//! The Dealer's Chess catalogue (crates/games/data/dealers-pieces.txt):
//! every line parses, prints canonically, compiles for 8x8 and 12x12 for
//! both sides, and has exactly the move set of the page's words on an empty
//! board. The expectations are written here from the words (RULINGS D8),
//! not from the XBetza.

#![allow(clippy::unwrap_used)]

use crate::common;

use common::{
    all8, backward, board, forward, king, mover_set, moves, shared_destinations, Board, Exp, DIAG,
    ORTH,
};
use deckmate_betza::{compile_str, parse, Facing};
use deckmate_board::Square;
use std::collections::BTreeSet;

struct Entry {
    kind: String,
    name: String,
    letter: String,
    betza: String,
    words: String,
}

fn entries() -> Vec<Entry> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../games/data/dealers-pieces.txt"
    );
    let text = std::fs::read_to_string(path).unwrap();
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split('|').map(str::trim).collect();
            assert_eq!(f.len(), 5, "{l}");
            Entry {
                kind: f[0].into(),
                name: f[1].into(),
                letter: f[2].into(),
                betza: f[3].into(),
                words: f[4].into(),
            }
        })
        .collect()
}

/// The page's words as move sets, forward = +dy; `on` tells which offsets
/// are on the board.
fn expected(name: &str, on: impl Fn((i32, i32)) -> bool + 'static) -> common::MoveSet {
    let e = Exp::within(on);
    let far = 16;
    let k = king();
    let set = match name {
        // Royals
        "Chef" => e.slides(&[(1, 0), (-1, 0)], 2, "b").leaps(&DIAG, "b"),
        "King" | "Guard" => e.leaps(&k, "b"),
        "Pharaoh" => e.leaps(&k, "m").leaps(&all8(1, 3), "c"),
        "Pope" => e.leaps(&ORTH, "b").leaps(&all8(2, 2), "b"),
        "President" => e.slides(&ORTH, 2, "b"),
        "Rex" => e.leaps(&all8(1, 2), "b"),
        "Shogun" => e.leaps(&ORTH, "b").leaps(&all8(1, 2), "c"),
        // Pieces
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
        // Captures need a screen: none on an empty board.
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
            .fold(e, |e, &d| e.bent(d, &[(d.0, 0), (0, d.1)], "b")),
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
            e.bent(d, &outward, "b")
        }),
        "Rook" => e.slides(&ORTH, far, "b"),
        "Ship" => DIAG.iter().fold(e, |e, &d| e.bent(d, &[(0, d.1)], "b")),
        "Snake" => [(0, 1), (0, -1)]
            .iter()
            .fold(e, |e, &d| e.bent(d, &[(1, d.1), (-1, d.1)], "b")),
        "Squirrel" => e.leaps(&[all8(2, 0), all8(2, 1), all8(2, 2)].concat(), "b"),
        "Steward" => e.leaps(&ORTH, "m").leaps(&DIAG, "c"),
        "Threeleaper" => e.leaps(&all8(3, 0), "b"),
        "Turtle" => e.slides(&k, 4, "b").leaps(
            &k.iter().map(|v| (v.0 * 2, v.1 * 2)).collect::<Vec<_>>(),
            "b",
        ),
        "Unicorn" => e.slides(&DIAG, far, "b").slides(&all8(1, 2), far, "b"),
        "Vao" => e.slides(&DIAG, far, "m"),
        "Wazir" => e.leaps(&ORTH, "b"),
        "Zebra" => e.leaps(&all8(2, 3), "b"),
        // Pawns
        "Arrow Pawn" => e.slides(&ORTH, 2, "m").leaps(&DIAG, "c"),
        "Berolina Pawn" => e
            .leaps(&forward(&DIAG), "m")
            .leaps(&[(2, 2), (-2, 2)], "im")
            .leaps(&[(0, 1)], "c"),
        "Chicken Pawn" | "Mecklenbeck Pawn" | "Standard Pawn" => e
            .leaps(&[(0, 1)], "m")
            .leaps(&[(0, 2)], "im")
            .leaps(&forward(&DIAG), "c"),
        // D13: captures on all four diagonals, and sideways.
        "Enhanced Pawn" => e
            .leaps(&[(0, 1)], "m")
            .leaps(&[(0, 2)], "im")
            .leaps(&DIAG, "c")
            .leaps(&[(1, 0), (-1, 0)], "c"),
        "Fish Pawn" => e
            .leaps(&[(0, 1), (0, -1)], "m")
            .leaps(&[(0, 2)], "im")
            .leaps(&forward(&DIAG), "c"),
        "Gold Pawn" => e.leaps(&ORTH, "b").leaps(&forward(&DIAG), "b"),
        "Horse Pawn" => e.leaps(&[(1, 2), (-1, 2)], "b"),
        "Iron Pawn" => e.leaps(&[(0, 1), (1, 1), (-1, 1)], "b"),
        "Japanese Pawn" => e.leaps(&forward(&DIAG), "b").leaps(&[(0, 2)], "im"),
        "Korean Pawn" => e.leaps(&[(0, 1), (1, 0), (-1, 0)], "b"),
        "Lance Pawn" => e
            .leaps(&[(1, 2), (-1, 2)], "b")
            .leaps(&[(2, 1), (-2, 1)], "m"),
        // D13: the lone diagonal step forward-right only captures; the
        // move without capture bends through it to (1,2) or (2,1).
        "Left End Pawn" => e
            .leaps(&[(0, 1)], "m")
            .leaps(&[(0, 2)], "im")
            .leaps(&[(1, 2), (2, 1)], "m")
            .leaps(&forward(&DIAG), "c"),
        "Right End Pawn" => e
            .leaps(&[(0, 1)], "m")
            .leaps(&[(0, 2)], "im")
            .leaps(&[(-1, 2), (-2, 1)], "m")
            .leaps(&forward(&DIAG), "c"),
        // D13: the opening move is two straight or two diagonally forward.
        "Linebacker Pawn" => e
            .leaps(&[(0, 1), (1, 1), (-1, 1)], "m")
            .leaps(&[(0, 2), (2, 2), (-2, 2)], "im"),
        "Mongolian Pawn" => e
            .leaps(&[(0, 1)], "m")
            .leaps(&[(0, 2), (0, 3)], "im")
            .leaps(&forward(&DIAG), "c"),
        "Patient Pawn" => e
            .leaps(&[(0, 1)], "m")
            .leaps(&forward(&DIAG), "c")
            .leaps(&[(0, 2)], "im")
            .leaps(&[(1, 2), (-1, 2)], "ic"),
        "Piglet Pawn" => e
            .leaps(&forward(&DIAG), "b")
            .leaps(&[(2, 2), (-2, 2)], "ib")
            .leaps(&[(0, -1)], "m")
            .leaps(&backward(&DIAG), "m"),
        "Scorpion Pawn" => e
            .leaps(&[(0, 1)], "m")
            .leaps(&[(0, 2)], "im")
            .leaps(&[(2, 1), (-2, 1)], "m")
            .leaps(&forward(&DIAG), "c"),
        "Silver Pawn" => e.leaps(&DIAG, "b").leaps(&[(0, 1)], "b"),
        "Torpedo Pawn" => e.leaps(&[(0, 1), (0, 2)], "m").leaps(&forward(&DIAG), "c"),
        "Zabel Pawn" => e.leaps(&[(0, 1)], "m").leaps(&forward(&DIAG), "c"),
        "Zombie Pawn" => e
            .leaps(&[(0, 1), (1, 1), (-1, 1)], "b")
            .leaps(&[(0, -1)], "m"),
        other => panic!("no expectation for {other}"),
    };
    set.set
}

#[test]
fn catalogue_has_7_royals_40_pieces_24_pawns_with_unique_names_and_letters() {
    let e = entries();
    assert_eq!(e.len(), 71);
    assert_eq!(e.iter().filter(|x| x.kind == "royal").count(), 7);
    assert_eq!(e.iter().filter(|x| x.kind == "piece").count(), 40);
    assert_eq!(e.iter().filter(|x| x.kind == "pawn").count(), 24);
    let names: BTreeSet<&str> = e.iter().map(|x| x.name.as_str()).collect();
    let letters: BTreeSet<&str> = e.iter().map(|x| x.letter.as_str()).collect();
    assert_eq!(names.len(), 71);
    assert_eq!(letters.len(), 71);
    for x in &e {
        assert!(
            (1..=2).contains(&x.letter.len()) && x.letter.chars().all(|c| c.is_ascii_uppercase()),
            "{}",
            x.letter
        );
        assert!(!x.words.is_empty(), "{}", x.name);
    }
    // The page's order: royals, then pieces and pawns alphabetically.
    for kind in ["royal", "piece", "pawn"] {
        let names: Vec<&str> = e
            .iter()
            .filter(|x| x.kind == kind)
            .map(|x| x.name.as_str())
            .collect();
        let mut sorted = names.clone();
        sorted.sort_unstable();
        assert_eq!(names, sorted, "{kind}s in the page's order");
    }
}

#[test]
fn catalogue_round_trips_canonically() {
    for e in entries() {
        let b = parse(&e.betza).unwrap_or_else(|err| panic!("{}: {err}", e.name));
        let canon = b.to_string();
        assert_eq!(parse(&canon).unwrap(), b, "{}: {canon}", e.name);
        assert_eq!(parse(&canon).unwrap().to_string(), canon);
    }
}

#[test]
fn catalogue_pieces_move_as_the_words_say_on_an_empty_board() {
    for size in [8u8, 12] {
        let g = board(size, size);
        let c = i32::from(size / 2 - 1);
        for e in entries() {
            for facing in [Facing::Up, Facing::Down] {
                // A central square, and the same square seen by the mover.
                let (f, r) = match facing {
                    Facing::Up => (c, c),
                    Facing::Down => (i32::from(size) - 1 - c, i32::from(size) - 1 - c),
                };
                let from = Square::new(f as u8, r as u8).unwrap();
                let n = i32::from(size);
                let on = move |(dx, dy): (i32, i32)| {
                    let (x, y) = match facing {
                        Facing::Up => (f + dx, r + dy),
                        Facing::Down => (f - dx, r - dy),
                    };
                    (0..n).contains(&x) && (0..n).contains(&y)
                };
                assert_eq!(
                    mover_set(&e.betza, &g, from, facing),
                    expected(&e.name, on),
                    "{} on {size}x{size} {facing:?}",
                    e.name
                );
            }
        }
    }
}

#[test]
fn catalogue_pieces_list_no_destination_twice() {
    for size in [8u8, 12] {
        let g = board(size, size);
        for e in entries() {
            for facing in [Facing::Up, Facing::Down] {
                let t = compile_str(&e.betza, &g, facing).unwrap();
                assert!(!t.overlapping, "{}", e.name);
                assert!(!shared_destinations(&t, &g), "{}", e.name);
                // And no move comes out twice on an empty board, first move
                // or not, nor as a capture with an enemy anywhere.
                for from in g.squares().iter() {
                    for first in [false, true] {
                        let all = moves(&t, from, &Board::default(), first);
                        let unique: BTreeSet<_> = all.iter().collect();
                        assert_eq!(all.len(), unique.len(), "{} from {from:?}", e.name);
                    }
                }
            }
        }
    }
}

/// The catalogue's XBetza of `name`.
fn betza_of(name: &str) -> String {
    entries()
        .into_iter()
        .find(|e| e.name == name)
        .map(|e| e.betza)
        .unwrap()
}

/// The moves of `name` (White) from d4, with `friends` and `enemies` at
/// board offsets from it, on its first move or not: (file, rank, capture)
/// offsets.
fn moves_of(
    name: &str,
    friends: &[(i32, i32)],
    enemies: &[(i32, i32)],
    first: bool,
) -> BTreeSet<(i32, i32, bool)> {
    let g = board(8, 8);
    let t = compile_str(&betza_of(name), &g, Facing::Up).unwrap();
    let at = |(f, r): (i32, i32)| Square::new((3 + f) as u8, (3 + r) as u8).unwrap();
    let b = Board {
        friends: friends.iter().map(|&o| at(o)).collect(),
        enemies: enemies.iter().map(|&o| at(o)).collect(),
    };
    moves(&t, at((0, 0)), &b, first)
        .into_iter()
        .map(|(s, c)| (i32::from(s.file()) - 3, i32::from(s.rank()) - 3, c))
        .collect()
}

#[test]
fn d13_the_enhanced_pawn_captures_on_all_four_diagonals_and_sideways() {
    let around = [(1, 1), (-1, 1), (1, -1), (-1, -1), (1, 0), (-1, 0)];
    let m = moves_of("Enhanced Pawn", &[], &around, false);
    for o in around {
        assert!(m.contains(&(o.0, o.1, true)), "{o:?}: {m:?}");
    }
    // Never backward straight, and no diagonal move without a capture.
    let m = moves_of("Enhanced Pawn", &[], &[(0, -1)], false);
    assert_eq!(m, BTreeSet::from([(0, 1, false)]));
}

#[test]
fn d13_the_end_pawns_lone_diagonal_step_only_captures_and_their_move_bends_through_it() {
    // Empty board: no lone step to (1, 1); the bent move reaches (1, 2)
    // and (2, 1).
    let m = moves_of("Left End Pawn", &[], &[], false);
    assert!(!m.contains(&(1, 1, false)), "{m:?}");
    assert!(
        m.contains(&(1, 2, false)) && m.contains(&(2, 1, false)),
        "{m:?}"
    );
    // An enemy on (1, 1): captured there, and the bend is blocked.
    let m = moves_of("Left End Pawn", &[], &[(1, 1)], false);
    assert!(m.contains(&(1, 1, true)));
    assert!(
        !m.contains(&(1, 2, false)) && !m.contains(&(2, 1, false)),
        "{m:?}"
    );
    // The bend never captures.
    let m = moves_of("Left End Pawn", &[], &[(1, 2), (2, 1)], false);
    assert!(!m
        .iter()
        .any(|&(f, r, c)| c && (f, r) != (1, 1) && (f, r) != (-1, 1)));
    // The Right End Pawn is the mirror.
    let m = moves_of("Right End Pawn", &[], &[], false);
    assert!(!m.contains(&(-1, 1, false)), "{m:?}");
    assert!(
        m.contains(&(-1, 2, false)) && m.contains(&(-2, 1, false)),
        "{m:?}"
    );
    let m = moves_of("Right End Pawn", &[(-1, 1)], &[], false);
    assert!(
        !m.contains(&(-1, 2, false)) && !m.contains(&(-2, 1, false)),
        "{m:?}"
    );
}

#[test]
fn d13_the_linebacker_opens_two_straight_or_two_diagonally_over_an_empty_square() {
    let m = moves_of("Linebacker Pawn", &[], &[], true);
    for o in [(0, 2), (2, 2), (-2, 2)] {
        assert!(m.contains(&(o.0, o.1, false)), "{o:?}: {m:?}");
    }
    // Only as the opening move.
    let later = moves_of("Linebacker Pawn", &[], &[], false);
    assert!(!later.contains(&(2, 2, false)) && !later.contains(&(0, 2, false)));
    // Over an empty square only.
    let m = moves_of("Linebacker Pawn", &[(1, 1)], &[], true);
    assert!(
        !m.contains(&(2, 2, false)) && m.contains(&(-2, 2, false)),
        "{m:?}"
    );
    // It never captures (the push is the game's rule).
    let m = moves_of("Linebacker Pawn", &[], &[(0, 1), (1, 1), (-1, 1)], true);
    assert!(m.iter().all(|&(_, _, c)| !c), "{m:?}");
}
