//! [`Catalog`]: the games a shell offers, the built-in [`GAMES`] and the
//! games it made at runtime (variant files), looked up as the global
//! [`find`](super::find) and [`from_tag`](super::from_tag) look up the
//! built-in ones.
//!
//! A catalog is a value the shell holds (the server's state, a command's
//! arguments), not a global: two servers in one process (tests) offer
//! different variants, and nothing changes behind a lookup.

use super::GAMES;
use crate::registry::GameEntry;
use std::fmt;

/// The built-in games and the runtime ones a shell added, in that order.
#[derive(Clone, Default)]
pub struct Catalog {
    added: Vec<&'static GameEntry>,
}

impl fmt::Debug for Catalog {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Catalog")
            .field(
                "added",
                &self.added.iter().map(|g| g.key).collect::<Vec<_>>(),
            )
            .finish()
    }
}

impl Catalog {
    /// The built-in games only.
    pub fn builtin() -> Catalog {
        Catalog::default()
    }

    /// Adds a game made at runtime. Refused when its key is another
    /// game's, or when a record's `[Variant]` tag naming it could be read
    /// as another game's (its key or name answers to another game, or
    /// another's to it): a record must name one game.
    pub fn add(&mut self, entry: &'static GameEntry) -> Result<(), String> {
        for g in self.games() {
            if g.key == entry.key {
                let what = if GAMES.iter().any(|b| b.key == g.key) {
                    "a built-in game"
                } else {
                    "another variant"
                };
                return Err(format!("the key '{}' is {what}'s ({})", entry.key, g.name));
            }
            let clash = [entry.key, entry.name]
                .iter()
                .chain(entry.aliases)
                .any(|n| g.answers_to(n))
                || [g.key, g.name]
                    .iter()
                    .chain(g.aliases)
                    .any(|n| entry.answers_to(n));
            if clash {
                return Err(format!(
                    "the name '{}' would be read as {} ('{}') in a record's Variant tag",
                    entry.name, g.name, g.key
                ));
            }
        }
        self.added.push(entry);
        Ok(())
    }

    /// Every game: the built-in ones, then the added ones.
    pub fn games(&self) -> impl Iterator<Item = &'static GameEntry> + '_ {
        GAMES.iter().copied().chain(self.added.iter().copied())
    }

    /// The games added at runtime.
    pub fn added(&self) -> &[&'static GameEntry] {
        &self.added
    }

    /// The game a request that names none is for: the first listed.
    pub fn first(&self) -> &'static GameEntry {
        GAMES[0]
    }

    /// The game with this key.
    pub fn find(&self, key: &str) -> Option<&'static GameEntry> {
        self.games().find(|g| g.key == key)
    }

    /// The keys, for error messages: `cardmate, chess-cards, cuarenta, chess`.
    pub fn keys(&self) -> String {
        self.games().map(|g| g.key).collect::<Vec<_>>().join(", ")
    }

    /// The game a record's `[Variant]` tag names (see
    /// [`from_tag`](super::from_tag)).
    pub fn from_tag(&self, value: &str) -> Option<&'static GameEntry> {
        self.games().find(|g| g.answers_to(value))
    }
}
