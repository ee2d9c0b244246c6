//! Cardmate's 56 cards, their ranks' order, and every rank's move compiled
//! to the move tables.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use deckmate_betza::{compile_str, Facing, RayKind};
use deckmate_games::cardmate::tables::{geometry, RANK_BETZA};
use deckmate_games::cardmate::{Card, Rank};

#[test]
fn all_56_cards_print_and_parse() {
    for i in 0..56 {
        let c = Card::from_index(i).unwrap();
        assert_eq!(Card::parse(&c.to_string()), Some(c));
    }
    assert_eq!(Card::parse("XH").unwrap().rank(), Rank::TEN);
    assert_eq!(Card::parse("10H"), None);
    assert_eq!(Card::parse("ZH"), None);
    assert_eq!(Card::parse("4"), None);
    assert_eq!(Card::parse("4CC"), None);
}

#[test]
fn ranks_are_ordered_one_low_ace_high() {
    let order: String = Rank::all().map(Rank::symbol).collect();
    assert_eq!(order, "123456789XJQKA");
    assert!(Rank::ACE > Rank::KING && Rank::ONE < Rank::TEN);
}

#[test]
fn every_rank_compiles() {
    // What the move tables are built from: each rank's XBetza, for both
    // seats, on the 10x10 board, with no lame or initial leaps and only
    // plain sliders.
    let g = geometry();
    for facing in [Facing::Up, Facing::Down] {
        for rank in Rank::all() {
            let text = RANK_BETZA[rank.index() as usize];
            let table = compile_str(text, &g, facing).unwrap();
            for sq in g.squares().iter() {
                let moves = table.from(sq);
                assert!(
                    moves.leaps.iter().all(|l| l.via.is_empty() && !l.initial),
                    "{text}: Cardmate has no lame or initial leaps"
                );
                assert!(
                    moves
                        .rays
                        .iter()
                        .all(|r| r.via.is_empty() && !r.initial && r.kind == RayKind::Slide),
                    "{text}: Cardmate has only plain sliders"
                );
            }
        }
    }
}
