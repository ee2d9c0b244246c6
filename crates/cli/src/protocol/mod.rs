//! What the engine protocols (`deckmate uci`, `deckmate xboard`) share:
//! the games offered ([`games`]), the position being set up
//! ([`position`]), the search on its own thread ([`search`]), the time a
//! move may take ([`clock`]) and where the lines go ([`Out`]). Moves are
//! the host's coordinate notation (`deckmate_games::registry::coordinates`).

pub mod clock;
pub mod games;
pub mod position;
pub mod search;

use std::sync::Arc;

/// Where a protocol's lines go (standard output; a test's vector): one
/// call, one whole line, safe from the search's thread.
pub type Out = Arc<dyn Fn(&str) + Send + Sync>;

/// Standard output, one line at a time.
pub fn stdout() -> Out {
    Arc::new(|line: &str| outln!("{line}"))
}

/// A piece of untrusted input fit to be echoed: at most 60 characters,
/// control characters dropped.
pub fn echo(text: &str) -> String {
    let clean: String = text.chars().filter(|c| !c.is_control()).collect();
    match clean.char_indices().nth(60) {
        Some((i, _)) => format!("{}...", &clean[..i]),
        None => clean,
    }
}
