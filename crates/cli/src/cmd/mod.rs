//! One module per command, and what the play commands share (`session`, `terminal`).

pub mod analyse;
pub mod bench;
pub mod cards;
pub mod matches;
pub mod options;
pub mod perft;
pub mod play;
pub mod replay;
pub mod rules;
pub mod serve;
pub mod session;
pub mod solve;
pub mod terminal;
