//! The deckmate games, one module each, on the rules kernel.
#![deny(missing_docs)]

pub mod cardmate;
pub mod chess_cards;
pub mod cuarenta;
