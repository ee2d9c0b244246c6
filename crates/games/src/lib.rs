//! The deckmate games, one module each, on the rules kernel.
#![deny(missing_docs)]

pub mod cardmate;
pub mod chess52;
pub mod chess_cards;
mod counters;
pub mod cuarenta;
pub mod dealers;
pub mod end;
pub mod fairy;
pub mod game_record;
pub mod list;
pub mod registry;
pub mod variant_file;
pub mod variant_game;
