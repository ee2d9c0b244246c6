//! The games deckmate plays: the one list ([`GAMES`]) and the lookups over
//! it, and the [`Catalog`] a shell holds (the list plus the games it made
//! at runtime from variant files).
//!
//! The top floor of the crate: the list names every game module, and
//! nothing below imports it. The games implement the registry's host API
//! ([`crate::registry`]: entries, played games, tools), the shells find
//! them here.
//!
//! Adding a game: write its module with a `static ENTRY: GameEntry` and
//! list it in [`GAMES`].

mod catalog;

/// Games made at runtime from variant files (docs/variant-files.md): a
/// shell makes one here, from the file's name and text, and adds it to
/// its [`Catalog`].
pub use crate::variant_game::{
    load as load_variant, LoadError as VariantLoadError, MAX_FILE_BYTES as MAX_VARIANT_FILE_BYTES,
};
pub use catalog::Catalog;

use crate::registry::GameEntry;

/// Every game, in the order lists show them.
pub static GAMES: [&GameEntry; 5] = [
    &crate::cardmate::ENTRY,
    &crate::chess_cards::ENTRY,
    &crate::cuarenta::ENTRY,
    &crate::chess52::ENTRY,
    &crate::dealers::ENTRY,
];

/// The game with this key.
pub fn find(key: &str) -> Option<&'static GameEntry> {
    GAMES.iter().copied().find(|g| g.key == key)
}

/// The keys, for error messages: `cardmate, chess-cards, cuarenta, 52chess`.
pub fn keys() -> String {
    GAMES.iter().map(|g| g.key).collect::<Vec<_>>().join(", ")
}

/// The game of a record without a `[Variant]` tag: the first listed
/// (Cardmate's records came before the tag).
pub fn untagged() -> &'static GameEntry {
    GAMES[0]
}

/// The game a record's `[Variant]` tag names: its key, its name or one of
/// its aliases, in any case, with or without spaces, hyphens and
/// underscores.
pub fn from_tag(value: &str) -> Option<&'static GameEntry> {
    GAMES.iter().copied().find(|g| g.answers_to(value))
}
