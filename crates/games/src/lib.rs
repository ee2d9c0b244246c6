//! The deckmate games, one module each, on the host API
//! ([`deckmate_host`], re-exported here as [`registry`], [`end`],
//! [`game_record`]) and the fairy core ([`deckmate_fairy`], re-exported as
//! [`fairy`] and [`variant_file`]); [`list`] is the one list of games.
#![deny(missing_docs)]

pub mod cardmate;
pub mod chess52;
pub mod chess_cards;
pub mod cuarenta;
pub mod dealers;
pub mod list;
pub mod piece_card;
pub mod variant_game;

/// The fairy-chess core (the crate `deckmate-fairy`).
pub use deckmate_fairy as fairy;
/// Variant files (from `deckmate-fairy`).
pub use deckmate_fairy::variant_file;
/// How games end, their records, a position string's counters, and the
/// host API (from `deckmate-host`).
pub use deckmate_host::{counters, end, game_record, registry};
