//! The rules as deckmate plays them, for `deckmate rules cardmate`.

/// The rules of Cardmate as implemented, with the RULINGS tags.
pub const RULES: &str = include_str!("rules.txt");
