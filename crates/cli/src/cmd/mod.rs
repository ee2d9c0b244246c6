//! One module per command.

pub mod analyse;
pub mod bench;
pub mod matches;
pub mod options;
pub mod perft;
pub mod play;
pub mod play_cards;
pub mod play_cuarenta;
pub mod replay;
pub mod replay_cards;
pub mod rules;
pub mod serve;
pub mod solve;
pub mod solve_values;
