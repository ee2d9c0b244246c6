//! The rules as deckmate plays them, for `deckmate rules cuarenta`.

/// The rules of Cuarenta as implemented, with the RULINGS tags.
pub const RULES: &str = include_str!("rules.txt");
