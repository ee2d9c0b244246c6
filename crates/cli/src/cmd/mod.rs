//! One module per command, and what the play commands share (`session`, `terminal`).

pub mod analyse;
pub mod bench;
pub mod cards;
pub mod db;
pub mod engine_match;
pub mod engine_match_args;
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
pub mod tune;
mod tune_label;
pub mod uci;
pub mod xboard;
// The test-only sixth game, defined once in deckmate-games' tests.
#[cfg(test)]
#[path = "../../../games/tests/toy_game.rs"]
mod toy_game;
