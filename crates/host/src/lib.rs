//! The host API of deckmate's games: what a game is to the shells and
//! what every game shares above the rules kernel.
//!
//! - [`registry`]: a game's entry, its capabilities, a game being played,
//!   the engine tools, typed errors, the keys of its views, the terminal's
//!   trait.
//! - [`end`]: how a game ends (`End<R>`, the players' `Settlement`).
//! - [`game_record`]: records of a board game: replayed move by move,
//!   written with their tags.
//! - [`counters`]: a position string's two counters.
//!
//! Games implement it (deckmate-games, deckmate-fairy); the shells
//! (the server, the CLI) reach games only through it and the list of
//! games.
#![deny(missing_docs)]

pub mod counters;
pub mod end;
pub mod game_record;
pub mod registry;
