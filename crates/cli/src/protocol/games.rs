//! The games a protocol offers: every built-in game with a board (Chess
//! Cards has none: it is refused by name) and every variant file of a
//! folder (`--variants DIR`, `UCI_VariantPath`), by key.

use deckmate_games::list::{self, GAMES};
use deckmate_games::registry::GameEntry;

/// The most variant files read from one folder.
pub const MAX_FILES: usize = 64;

/// The games offered, in order: the built-in board games, then the
/// variant files' games.
#[derive(Clone)]
pub struct Offered {
    games: Vec<&'static GameEntry>,
}

impl Default for Offered {
    fn default() -> Self {
        Offered {
            games: GAMES
                .iter()
                .copied()
                .filter(|g| g.tools.is_some())
                .collect(),
        }
    }
}

impl Offered {
    /// The keys offered (`cardmate`, ..., `chess`).
    pub fn keys(&self) -> Vec<&'static str> {
        self.games.iter().map(|g| g.key).collect()
    }

    /// The first game offered (the default variant).
    pub fn first(&self) -> Option<&'static GameEntry> {
        self.games.first().copied()
    }

    /// The game of `key` (a key, a name or an alias), or why there is none.
    pub fn find(&self, key: &str) -> Result<&'static GameEntry, String> {
        if let Some(g) = self.games.iter().find(|g| g.answers_to(key)) {
            return Ok(g);
        }
        if let Some(g) = GAMES.iter().find(|g| g.answers_to(key)) {
            return Err(format!(
                "{} has no board and is not offered here ('deckmate play {}' plays it)",
                g.name, g.key
            ));
        }
        Err(format!(
            "no variant '{}' (offered: {})",
            super::echo(key),
            self.keys().join(", ")
        ))
    }

    /// Adds every `*.toml` of `dir` (in name order, at most
    /// [`MAX_FILES`]); the files refused, each with its reason.
    pub fn add_folder(&mut self, dir: &str) -> Vec<String> {
        let entries = match std::fs::read_dir(dir) {
            Ok(e) => e,
            Err(e) => return vec![format!("{}: cannot read: {e}", super::echo(dir))],
        };
        let mut paths: Vec<String> = entries
            .filter_map(|e| e.ok())
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "toml"))
            .filter_map(|p| p.to_str().map(str::to_string))
            .collect();
        paths.sort();
        let mut refused = Vec::new();
        for path in paths.into_iter().take(MAX_FILES) {
            match crate::variant_arg::load(&path) {
                Ok(g) if self.games.iter().any(|o| o.key == g.key) => {
                    refused.push(format!("{path}: the key '{}' is taken", g.key));
                }
                Ok(g) if list::find(g.key).is_some() => {
                    refused.push(format!("{path}: the key '{}' is a built-in game's", g.key));
                }
                Ok(g) => self.games.push(g),
                Err(e) => refused.push(e),
            }
        }
        refused
    }
}
