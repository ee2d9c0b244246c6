//! Dealer's Chess's arrangement chooser (issue 29 item 10) on every board
//! and alternate: the computer arranges legally whatever the deal, so a
//! game against it never waits for ever.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use deckmate_games::dealers::engine::{choose_arrangement, engine_move};
use deckmate_games::dealers::record::GameSpec;
use deckmate_games::dealers::{Alternate, BoardSize, DealersGame};
use deckmate_rules::{Game, Seat};
use std::sync::Arc;

/// Every board with every alternate it is played with (`simplified` is
/// 8x8 only).
const TABLES: [(BoardSize, Alternate); 7] = [
    (BoardSize::Eight, Alternate::Standard),
    (BoardSize::Ten, Alternate::Standard),
    (BoardSize::Twelve, Alternate::Standard),
    (BoardSize::Eight, Alternate::Simplified),
    (BoardSize::Eight, Alternate::BigDeck),
    (BoardSize::Ten, Alternate::BigDeck),
    (BoardSize::Twelve, Alternate::BigDeck),
];

/// The repository's example deck file: its cards join the page's, so
/// that 12x12 deals (58 Piece cards).
const DECK_FILE: &str = include_str!("../../../variants/dealers-example-deck.txt");

/// A game at its arrangement phase, dealt as the shells deal it.
fn game(size: BoardSize, alternate: Alternate, seed: u64) -> DealersGame {
    GameSpec {
        seed,
        size,
        alternate,
        deck_file: Some(Arc::from(DECK_FILE)),
        ..GameSpec::default()
    }
    .start_game()
    .unwrap()
}

#[test]
fn item_10_the_chooser_arranges_legally_on_every_board_and_alternate() {
    for (size, alternate) in TABLES {
        let mut g = game(size, alternate, 1);
        // White's arrangement, chosen from the deal alone, is legal.
        let deal = g.table().deal.clone().unwrap();
        let white = choose_arrangement(g.table(), Seat::First, 1, 5)
            .unwrap_or_else(|| panic!("{size:?} {alternate:?}: no arrangement for White"));
        white
            .check(&deal, Seat::First)
            .unwrap_or_else(|e| panic!("{size:?} {alternate:?}: {e}"));
        let mv = g.arrange_move(Seat::First, &white).unwrap();
        g.play(mv).unwrap();
        // The computer then arranges Black's (the seat left to arrange),
        // and play starts from the alternate's start.
        let mv = engine_move(&g, 1, 3).unwrap_or_else(|| {
            panic!("{size:?} {alternate:?}: the computer found no arrangement for Black")
        });
        assert!(g.is_legal(mv), "{size:?} {alternate:?}");
        g.play(mv).unwrap();
        let black = g.arrangement(Seat::Second).unwrap();
        black
            .check(&deal, Seat::Second)
            .unwrap_or_else(|e| panic!("{size:?} {alternate:?}: {e}"));
        assert!(
            g.position().is_some(),
            "{size:?} {alternate:?}: play starts"
        );
    }
}
