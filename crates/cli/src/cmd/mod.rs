//! One module per command.

pub mod options;
pub mod perft;
pub mod play;
pub mod replay;
pub mod rules;
