//! Chess Cards, after G. Capellen's MATE (1915) as presented by Edward
//! Lovett: a 20-card duel of leads and replies with sacrifices, Queen's
//! Privilege and overmate scoring (RULINGS M1-M11).
//!
//! (Work in progress: the rules of a single game, scoring, the page's
//! figures and records. Matches on the command line, the solver and play in the
//! terminal and browser are to come.)

mod card;
mod check;
mod game;
pub mod notation;

pub use card::{Card, Hand};
pub use check::{piece_name, suit_name};
pub use game::{score, ChessCards, Finish, SacrificeCount, Turn};

/// The variant's stable key.
pub const KEY: &str = "chess-cards";

/// The rules of Chess Cards as deckmate plays them, with the RULINGS tags.
pub const RULES: &str = include_str!("rules.txt");
