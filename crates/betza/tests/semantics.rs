//! What the compiled tables do with pieces in the way: lame leaps, bent
//! riders (RULINGS D8), hoppers, first moves; how duplicates are merged;
//! which way "left" is for each side.

#![allow(clippy::unwrap_used)]

use crate::common;

use common::{board, mover_set, moves, shared_destinations, Board};
use deckmate_betza::{compile_str, parse, Facing, MoveTable, RayKind};
use deckmate_board::Square;
use std::collections::BTreeSet;

fn s(f: i32, r: i32) -> Square {
    Square::new(f as u8, r as u8).unwrap()
}

/// Destinations (with capture flags) from (3,3) of an 8x8 board.
fn dest(
    t: &MoveTable,
    friends: &[(i32, i32)],
    enemies: &[(i32, i32)],
    first: bool,
) -> BTreeSet<(i32, i32, bool)> {
    let board = Board {
        friends: friends.iter().map(|&(f, r)| s(f, r)).collect(),
        enemies: enemies.iter().map(|&(f, r)| s(f, r)).collect(),
    };
    moves(t, s(3, 3), &board, first)
        .into_iter()
        .map(|(sq, c)| (i32::from(sq.file()), i32::from(sq.rank()), c))
        .collect()
}

fn up(text: &str) -> MoveTable {
    compile_str(text, &board(8, 8), Facing::Up).unwrap()
}

#[test]
fn rex_is_blocked_on_the_orthogonal_square_of_its_longer_leg() {
    let rex = up("nN");
    // A piece on d5 (3,4) blocks c6 and e6, not b5 or f5.
    let d = dest(&rex, &[(3, 4)], &[], false);
    assert!(!d.contains(&(2, 5, false)) && !d.contains(&(4, 5, false)));
    assert!(d.contains(&(1, 4, false)) && d.contains(&(5, 4, false)));
    assert_eq!(d.len(), 6);
    // A piece on the diagonal square does not block it.
    assert_eq!(dest(&rex, &[(4, 4)], &[], false).len(), 8);
}

#[test]
fn pope_alfil_step_is_non_leaping() {
    let pope = up("WnA");
    let d = dest(&pope, &[(4, 4)], &[], false);
    assert!(!d.contains(&(5, 5, false)));
    assert!(d.contains(&(1, 5, false)));
}

#[test]
fn gryffon_steps_and_then_slides_outward_only_from_an_empty_square() {
    let g = up("FyafsF");
    // Empty board from d4: the four F squares, and from each two rays.
    let d = dest(&g, &[], &[], false);
    assert!(d.contains(&(4, 4, false)));
    assert!(d.contains(&(4, 7, false)) && d.contains(&(7, 4, false)));
    assert!(!d.contains(&(3, 5, false)), "no inward or straight moves");
    // An enemy on e5: captured, and nothing beyond it through e5.
    let d = dest(&g, &[], &[(4, 4)], false);
    assert!(d.contains(&(4, 4, true)));
    assert!(!d.contains(&(4, 5, false)) && !d.contains(&(5, 4, false)));
    // A friend on e7 stops the upward ray at e6; an enemy on h5 is taken.
    let d = dest(&g, &[(4, 6)], &[(7, 4)], false);
    assert!(d.contains(&(4, 5, false)) && !d.contains(&(4, 6, false)));
    assert!(d.contains(&(7, 4, true)));
}

#[test]
fn ship_and_snake_and_rhinoceros_go_outward() {
    let ship = mover_set("FfrblyaflFflbryafrF", &board(8, 8), s(3, 3), Facing::Up);
    assert!(ship.contains_key(&(1, 4)) && ship.contains_key(&(-1, -3)));
    assert!(!ship.contains_key(&(2, 1)) && !ship.contains_key(&(4, 1)));
    let snake = mover_set("vWvyafsW", &board(8, 8), s(3, 3), Facing::Up);
    assert!(snake.contains_key(&(2, 3)) && snake.contains_key(&(-2, -3)));
    assert!(!snake.contains_key(&(1, 0)) && !snake.contains_key(&(0, 2)));
    let rhino = mover_set("WyafsW", &board(8, 8), s(3, 3), Facing::Up);
    assert!(rhino.contains_key(&(1, 0)) && rhino.contains_key(&(3, 2)));
    assert!(!rhino.contains_key(&(2, 0)));
}

#[test]
fn cannon_and_vao_need_exactly_one_screen_to_capture() {
    let cannon = up("mRcpR");
    // d4 up the file: screen d6 (friend), enemy d8, enemy d5 nowhere.
    let d = dest(&cannon, &[(3, 5)], &[(3, 7)], false);
    assert!(d.contains(&(3, 7, true)));
    assert!(d.contains(&(3, 4, false)));
    assert!(!d.contains(&(3, 6, false)), "no moves beyond the screen");
    // Two pieces between: no capture.
    let d = dest(&cannon, &[(3, 4), (3, 5)], &[(3, 7)], false);
    assert!(!d.contains(&(3, 7, true)));
    let vao = up("mBcpB");
    let d = dest(&vao, &[], &[(4, 4), (6, 6)], false);
    assert!(d.contains(&(6, 6, true)) && !d.contains(&(4, 4, true)));
}

#[test]
fn pawn_double_steps_and_the_patient_capture_need_the_first_square_empty() {
    let pawn = up("mfWimfnDcfF");
    assert!(dest(&pawn, &[], &[], true).contains(&(3, 5, false)));
    assert!(!dest(&pawn, &[], &[], false).contains(&(3, 5, false)));
    assert!(!dest(&pawn, &[(3, 4)], &[], true).contains(&(3, 5, false)));
    let patient = up("mfWcfFimfnDifacfsW");
    assert!(dest(&patient, &[], &[(4, 5)], true).contains(&(4, 5, true)));
    assert!(!dest(&patient, &[], &[(4, 5)], false).contains(&(4, 5, true)));
    assert!(!dest(&patient, &[(3, 4)], &[(4, 5)], true).contains(&(4, 5, true)));
    assert!(
        !dest(&patient, &[], &[], true).contains(&(4, 5, false)),
        "capture only"
    );
    let left_end = up("mfWimfnDmfrFframfsFcfF");
    assert!(dest(&left_end, &[], &[], false).contains(&(5, 4, false)));
    assert!(!dest(&left_end, &[(4, 4)], &[], false).contains(&(5, 4, false)));
    assert!(!dest(&left_end, &[], &[(5, 4)], false).contains(&(5, 4, true)));
}

#[test]
fn duplicates_are_merged_into_one_entry() {
    let g = board(8, 8);
    let d4 = s(3, 3);
    // Same leap twice, modes OR-ed.
    let t = up("mWcW");
    assert_eq!(t.from(d4).leaps.len(), 4);
    assert!(t.from(d4).leaps.iter().all(|l| l.mode.0 == 3));
    // K and a Wazir: the W squares once.
    assert_eq!(up("KW").from(d4).leaps.len(), 8);
    // A ray and the same ray: one ray.
    assert_eq!(up("mRcR").from(d4).rays.len(), 4);
    assert_eq!(up("RR4").from(d4).rays.len(), 4);
    // A leap that is the first square of a ray: only the ray.
    let t = up("RW");
    assert!(t.from(d4).leaps.is_empty());
    // The first-move two-step written as a ray compiles like the lame leap.
    assert_eq!(up("mfWimfR2"), up("mfWimfnD"));
    // The Turtle: the D and A squares come once, as leaps; the slides on
    // beyond them keep their path as `via`.
    let t = up("Q4DA");
    assert!(!t.overlapping);
    assert!(!shared_destinations(&t, &g));
    for first in [false, true] {
        for sq in g.squares().iter() {
            let all = moves(&t, sq, &Board::default(), first);
            let unique: BTreeSet<_> = all.iter().collect();
            assert_eq!(all.len(), unique.len());
        }
    }
    let turtle = mover_set("Q4DA", &g, d4, Facing::Up);
    assert_eq!(turtle, mover_set("Q4", &g, d4, Facing::Up));
    // A piece on e4 still stops the slide to g4 but not the leap to f4.
    let d = dest(&t, &[(4, 3)], &[], false);
    assert!(d.contains(&(5, 3, false)) && !d.contains(&(6, 3, false)));
    // Move-only and capture-only parts of one line.
    let t = up("mRcR2");
    let d = dest(&t, &[], &[(3, 5)], false);
    assert!(d.contains(&(3, 4, false)) && d.contains(&(3, 5, true)));
    assert_eq!(moves(&t, d4, &Board::default(), false).len(), 14);
}

#[test]
fn only_different_paths_to_one_square_overlap() {
    let g = board(8, 8);
    // The Mao and the Moa both reach (1,2): neither path implies the other.
    let t = compile_str("nNafsF", &g, Facing::Up).unwrap();
    assert!(t.overlapping);
    assert!(shared_destinations(&t, &g));
    // A hop and a slide on one line can never both apply.
    let t = compile_str("RpR", &g, Facing::Up).unwrap();
    assert!(!t.overlapping);
    // A leap and a hop landing can.
    let t = compile_str("cpRD", &g, Facing::Up).unwrap();
    assert!(t.overlapping);
    // Hopper rays: a shorter one with the same modes goes; one with other
    // modes stays, and no move comes from both.
    let t = compile_str("pRpR4", &g, Facing::Up).unwrap();
    assert_eq!(t.from(s(3, 3)).rays.len(), 4);
    let t = compile_str("mpRcpR2", &g, Facing::Up).unwrap();
    assert_eq!(t.from(s(3, 3)).rays.len(), 8);
    assert!(!t.overlapping);
}

#[test]
fn left_and_forward_are_the_movers_own() {
    let g = board(8, 8);
    let d4 = s(3, 3);
    for facing in [Facing::Up, Facing::Down] {
        let set = mover_set("lW", &g, d4, facing);
        assert_eq!(set.keys().copied().collect::<Vec<_>>(), vec![(-1, 0)]);
        let set = mover_set("frN", &g, d4, facing);
        assert_eq!(set.keys().copied().collect::<Vec<_>>(), vec![(2, 1)]);
        let set = mover_set("rfN", &g, d4, facing);
        assert_eq!(set.keys().copied().collect::<Vec<_>>(), vec![(1, 2)]);
    }
    // On the board: forward is down for the second player.
    let t = compile_str("fW", &g, Facing::Down).unwrap();
    assert_eq!(t.from(d4).leaps[0].to, s(3, 2));
    let t = compile_str("lW", &g, Facing::Down).unwrap();
    assert_eq!(t.from(d4).leaps[0].to, s(4, 3));
}

#[test]
fn riders_ranges_and_holes() {
    let g = board(8, 8);
    let a1 = s(0, 0);
    let nn = compile_str("NN", &g, Facing::Up).unwrap();
    let rays: Vec<Vec<Square>> = nn.from(a1).rays.iter().map(|r| r.squares.clone()).collect();
    assert!(rays.contains(&vec![s(1, 2), s(2, 4), s(3, 6)]));
    assert!(rays.contains(&vec![s(2, 1), s(4, 2), s(6, 3)]));
    assert_eq!(parse("N0").unwrap(), parse("NN").unwrap());
    assert_eq!(parse("WW").unwrap(), parse("R").unwrap());
    assert_eq!(parse("W0").unwrap(), parse("R").unwrap());
    assert_eq!(parse("R1").unwrap(), parse("W").unwrap());
    let r4 = compile_str("R4", &g, Facing::Up).unwrap();
    assert_eq!(
        r4.from(a1)
            .rays
            .iter()
            .map(|r| r.squares.len())
            .sum::<usize>(),
        8
    );
    // A hole on b1 stops a rook on a1 going right; its leaps over it land.
    let holed =
        deckmate_board::Geometry::with_holes(8, 8, deckmate_board::RankStyle::FromOne, &[s(1, 0)])
            .unwrap();
    let rook = compile_str("R", &holed, Facing::Up).unwrap();
    assert_eq!(rook.from(a1).rays.len(), 1);
    let dab = compile_str("D", &holed, Facing::Up).unwrap();
    assert!(dab.from(a1).leaps.iter().any(|l| l.to == s(2, 0)));
    let lame = compile_str("nD", &holed, Facing::Up).unwrap();
    assert!(!lame.from(a1).leaps.iter().any(|l| l.to == s(2, 0)));
    assert!(rook.from(s(1, 0)).rays.is_empty() && rook.from(s(1, 0)).leaps.is_empty());
    // Hopper rays are marked.
    let cannon = compile_str("mRcpR", &g, Facing::Up).unwrap();
    assert_eq!(
        cannon
            .from(a1)
            .rays
            .iter()
            .filter(|r| r.kind == RayKind::Hop)
            .count(),
        2
    );
}

#[test]
fn giraffe_and_antelope_leaps() {
    let g = board(12, 12);
    let f = s(5, 5);
    let giraffe = mover_set("(4,1)", &g, f, Facing::Up);
    assert_eq!(giraffe.len(), 8);
    assert!(giraffe.contains_key(&(1, 4)) && giraffe.contains_key(&(-4, -1)));
    assert_eq!(parse("(1,4)").unwrap(), parse("(4,1)").unwrap());
    assert_eq!(parse("(2,1)").unwrap(), parse("N").unwrap());
    assert_eq!(parse("L").unwrap(), parse("C").unwrap());
    assert_eq!(parse("J").unwrap(), parse("Z").unwrap());
    let antelope = mover_set("(3,4)", &g, f, Facing::Up);
    assert_eq!(antelope.len(), 8);
    assert!(antelope.contains_key(&(-3, 4)) && antelope.contains_key(&(4, -3)));
    let rider = mover_set("(4,1)(4,1)", &g, s(0, 0), Facing::Up);
    assert!(rider.contains_key(&(8, 2)));
}
