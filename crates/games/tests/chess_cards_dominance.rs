//! The solver's card reductions (engine/dominance.rs) against the
//! reference solver: on many random positions, a sacrifice the solver
//! skips is never better for the seat to act than the best sacrifice it
//! keeps, and two plays it takes as interchangeable are worth exactly the
//! same. Each check solves the turns with the reference solver, which
//! knows nothing of the reductions. A play skipped for a cheaper card of
//! its suit that the opponent cannot tell from it is never better than
//! that card's play; a Queen among them is counted, since the rule keeps
//! one only because the opponent has none to bring the privilege (M5)
//! into play.

#![allow(clippy::unwrap_used)]

use deckmate_games::chess_cards::engine::reference::ReferenceSolver;
use deckmate_games::chess_cards::engine::{
    play_dominated, play_equivalent, sacrifice_dominated, Solver,
};
use deckmate_games::chess_cards::{ChessCards, SacrificeCount, Turn};
use deckmate_rules::Seat;

/// A random deal with `plies` random turns made (fewer if the game ends),
/// sacrifices one time in three.
fn random_position(seed: u64, plies: usize, count: SacrificeCount) -> ChessCards {
    crate::chess_cards_solver::random_position_salted(seed, 0xd0e5, plies, count)
}

/// The value of `t` played in `g` for the seat to act `me`.
fn turn_value(reference: &mut ReferenceSolver, g: &ChessCards, t: Turn, me: Seat) -> i32 {
    let mut child = g.clone();
    child.play(t);
    let v = reference.value(&child);
    if me == Seat::First {
        v
    } else {
        -v
    }
}

/// What the opponent of the seat to act can still play, with the lead on
/// the table: what tells that seat's cards apart.
fn opponent_cards(g: &ChessCards, me: Seat) -> u32 {
    let o = me.other().index();
    let mut m = g.hands[o].0;
    if m == 0 {
        if let Some(c) = g.last[o] {
            m |= 1 << c.index();
        }
    }
    if let Some((c, _)) = g.lead {
        m |= 1 << c.index();
    }
    m
}

/// Counts of the checks made: (dominated sacrifices, interchangeable
/// plays, dominated plays, Queens among the skipped sacrifices and plays).
fn check_positions(seeds: std::ops::Range<u64>, plies: usize) -> (usize, usize, usize, usize) {
    let (mut sacs, mut plays, mut dominated, mut queens) = (0, 0, 0, 0);
    for seed in seeds {
        for count in [SacrificeCount::Net, SacrificeCount::Gross] {
            let g = random_position(seed, plies, count);
            let Some(me) = g.to_act() else { continue };
            let hand = g.hands[me.index()].0;
            let opp = opponent_cards(&g, me);
            let turns = g.turns();
            let mut reference = ReferenceSolver::new();
            // The best value after each sacrifice (the seat's view).
            let best_after = |reference: &mut ReferenceSolver, x: u8| {
                turns
                    .iter()
                    .filter(|t| t.sacrifice.map(|c| c.index() as u8) == Some(x))
                    .map(|&t| turn_value(reference, &g, t, me))
                    .max()
            };
            let sacrificable: Vec<u8> = turns
                .iter()
                .filter_map(|t| t.sacrifice.map(|c| c.index() as u8))
                .collect();
            let kept: Vec<u8> = sacrificable
                .iter()
                .copied()
                .filter(|&x| !sacrifice_dominated(x, hand, opp))
                .collect();
            for &y in &sacrificable {
                if !sacrifice_dominated(y, hand, opp) {
                    continue;
                }
                let skipped = best_after(&mut reference, y);
                let best_kept = kept
                    .iter()
                    .filter_map(|&x| best_after(&mut reference, x))
                    .max();
                assert!(
                    skipped <= best_kept,
                    "seed {seed} {count:?}: sacrificing {y} ({skipped:?}) beats every kept one ({best_kept:?})"
                );
                sacs += 1;
                queens += usize::from(y % 5 == 4);
            }
            // Plain plays: an interchangeable one is worth the same as the
            // lower suit's card of the same piece it stands for.
            let legal: u32 = turns
                .iter()
                .filter(|t| t.sacrifice.is_none())
                .map(|t| 1u32 << t.card.index())
                .fold(0, |a, b| a | b);
            for t in turns.iter().filter(|t| t.sacrifice.is_none()) {
                let y = t.card.index() as u8;
                if !play_equivalent(y, legal, opp) {
                    continue;
                }
                let twin = turns
                    .iter()
                    .find(|u| {
                        u.sacrifice.is_none()
                            && u.privilege == t.privilege
                            && u.card.suit() < t.card.suit()
                            && play_equivalent(y, 1 << u.card.index() | 1 << y, opp)
                    })
                    .copied()
                    .unwrap();
                assert_eq!(
                    turn_value(&mut reference, &g, *t, me),
                    turn_value(&mut reference, &g, twin, me),
                    "seed {seed} {count:?}: {t:?} and {twin:?}"
                );
                plays += 1;
            }
            // Plain plays skipped for a cheaper card of their suit: worth
            // no more to the seat than that card's play. A lead that mates
            // is not one of them (the solver scores mates apart, and there
            // the card worth more is the better mate).
            for t in turns.iter().filter(|t| t.sacrifice.is_none()) {
                let y = t.card.index() as u8;
                let mut child = g.clone();
                child.play(*t);
                let mates = g.lead.is_none() && child.to_act().is_none();
                if mates || !play_dominated(y, legal, opp) {
                    continue;
                }
                let cheaper = turns
                    .iter()
                    .find(|u| {
                        u.sacrifice.is_none()
                            && !u.privilege
                            && u.card.suit() == t.card.suit()
                            && play_dominated(y, 1 << u.card.index() | 1 << y, opp)
                    })
                    .copied()
                    .unwrap();
                let (vy, vx) = (
                    turn_value(&mut reference, &g, *t, me),
                    turn_value(&mut reference, &g, cheaper, me),
                );
                assert!(
                    vy <= vx,
                    "seed {seed} {count:?}: {t:?} ({vy}) beats {cheaper:?} ({vx})"
                );
                dominated += 1;
                queens += usize::from(t.card.index() % 5 == 4);
            }
        }
    }
    (sacs, plays, dominated, queens)
}

#[test]
fn skipped_sacrifices_and_plays_lose_nothing_against_the_reference() {
    let (mut sacs, mut plays, mut dominated, mut queens) = check_positions(0..150, 10);
    // More positions, a move earlier.
    let later = check_positions(150..450, 8);
    sacs += later.0;
    plays += later.1;
    dominated += later.2;
    queens += later.3;
    // The reductions must actually be met, or this test checks nothing.
    assert!(sacs >= 20, "only {sacs} dominated sacrifices met");
    assert!(plays >= 5, "only {plays} interchangeable plays met");
    assert!(dominated >= 15, "only {dominated} dominated plays met");
    assert!(
        queens >= 5,
        "only {queens} Queens skipped for a cheaper card"
    );
    eprintln!(
        "checked: {sacs} sacrifices, {plays} interchangeable plays, {dominated} dominated plays, \
         {queens} Queens among the skipped"
    );
}

#[test]
fn the_solver_with_its_reductions_agrees_with_the_reference_on_late_positions() {
    let mut s = Solver::new();
    for seed in 300..360 {
        for count in [SacrificeCount::Net, SacrificeCount::Gross] {
            let g = random_position(seed, 9 + (seed as usize % 4), count);
            assert_eq!(
                s.value(&g),
                ReferenceSolver::new().value(&g),
                "seed {seed} {count:?}"
            );
        }
    }
}
