//! Chess Cards, after G. Capellen's MATE (1915) as presented by Edward
//! Lovett: a 20-card duel of leads and replies with sacrifices, Queen's
//! Privilege and overmate scoring (RULINGS M1-M11).
//!
//! - [`ChessCards`]: one game (M1-M10); [`Match`]: two games with the hands
//!   exchanged (M11).
//! - [`notation`]: plays and records in the RULINGS notation.
//! - [`engine`]: the exact solver ([`Solver`]), the computer player
//!   ([`ChessCardsPlayer`], [`choose_turn`]) and the solving of many deals
//!   ([`engine::deals`]).

mod analysis;
mod card;
mod check;
pub mod engine;
mod entry;
mod exact;
mod game;
mod kernel;
mod matches;
pub mod notation;
pub mod terminal_table;
pub mod values_file;

pub use card::{Card, Hand};
pub use check::{piece_name, suit_name};
pub use engine::{choose_turn, ChessCardsPlayer, Solver};
pub use entry::{score_sum, CardsSpec, ChessCardsHook, ENTRY};
pub use game::{mate, score, ChessCards, End, EndReason, SacrificeCount, Turn, NO_MATE};
pub use kernel::{game_end_text, match_seat};
pub use matches::{Match, MatchResult};

/// The rules as deckmate plays them, for `deckmate rules chess-cards`.
pub const RULES: &str = include_str!("rules.txt");

/// The variant's stable key.
pub const KEY: &str = "chess-cards";
