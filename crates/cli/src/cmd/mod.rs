//! One module per command, and what the play commands share (`session`, `terminal`).

pub mod analyse;
pub mod bench;
pub mod cards;
pub mod db;
pub mod matches;
pub mod options;
pub mod perft;
pub mod play;
pub mod replay;
pub mod rules;
pub mod serve;
pub mod session;
#[cfg(test)]
mod sixth_game;
pub mod solve;
pub mod terminal;
// The test-only sixth game, defined once in deckmate-games' tests.
#[cfg(test)]
#[path = "../../../games/tests/toy_game.rs"]
mod toy_game;
