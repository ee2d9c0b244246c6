//! `--variant-file PATH`: a variant file read and made into a game's
//! registry entry at runtime ([`deckmate_games::list::load_variant`]), for
//! the commands that take a game (`play`, `perft`, `analyse`, `match`,
//! `replay`). A broken file is refused with `PATH:LINE:COLUMN: reason`.

use deckmate_games::list::{load_variant, MAX_VARIANT_FILE_BYTES as MAX_FILE_BYTES};
use deckmate_games::registry::GameEntry;
use std::io::Read;
use std::path::Path;

/// Reads the variant file at `path` and makes its game: the entry, or the
/// error to print (`PATH:LINE:COLUMN: reason`, status 1).
pub fn load(path: &str) -> Result<&'static GameEntry, String> {
    let p = Path::new(path);
    let name = p
        .file_name()
        .and_then(|n| n.to_str())
        .ok_or_else(|| format!("{path}: not a file name"))?;
    let file = std::fs::File::open(p).map_err(|e| format!("{path}: cannot read: {e}"))?;
    let mut bytes = Vec::new();
    // One byte more than allowed tells a file that is too large.
    file.take(MAX_FILE_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("{path}: cannot read: {e}"))?;
    if bytes.len() > MAX_FILE_BYTES {
        return Err(format!(
            "{path}: the file is larger than {MAX_FILE_BYTES} bytes, the most a variant file may have"
        ));
    }
    let text = String::from_utf8(bytes).map_err(|_| format!("{path}: not UTF-8 text"))?;
    load_variant(name, &text).map_err(|e| e.at_path(path))
}

/// The game of a command: the one named, or the variant file's (clap makes
/// sure exactly one is given).
pub fn game_of(
    named: Option<&'static GameEntry>,
    variant_file: Option<&str>,
) -> Result<&'static GameEntry, String> {
    match (named, variant_file) {
        (_, Some(path)) => load(path),
        (Some(g), None) => Ok(g),
        (None, None) => Err("name a game, or give --variant-file PATH".to_string()),
    }
}
