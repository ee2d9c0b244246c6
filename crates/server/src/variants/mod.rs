//! The games the server plays, one module each, and their registry.
//!
//! Adding a game: write `variants/<game>.rs` with a `static` [`Variant`]
//! and a type implementing [`crate::variant::VariantGame`], then list the
//! `static` in [`VARIANTS`]. Nothing else in the server names a game.

mod cardmate;
mod chess_cards;
mod cuarenta;

use crate::variant::Variant;

/// Every variant, in the order the lobby lists them.
pub static VARIANTS: [&Variant; 3] = [
    &cardmate::CARDMATE,
    &chess_cards::CHESS_CARDS,
    &cuarenta::CUARENTA,
];

/// The variant with this key.
pub fn find(key: &str) -> Option<&'static Variant> {
    VARIANTS.iter().copied().find(|v| v.key == key)
}

/// The keys, for error messages.
pub fn keys() -> String {
    VARIANTS
        .iter()
        .map(|v| v.key)
        .collect::<Vec<_>>()
        .join(", ")
}
