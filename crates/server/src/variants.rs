//! `--variants DIR`: the variant files the server offers beside the
//! built-in games, read once at start. Bounded: at most
//! [`MAX_VARIANT_FILES`] files, each at most
//! [`deckmate_games::list::MAX_VARIANT_FILE_BYTES`]; a file that is refused (too large,
//! not UTF-8, a problem in the file, a key another game has) is reported
//! and skipped, never fatal.

use deckmate_games::list::Catalog;
use deckmate_games::list::{load_variant, MAX_VARIANT_FILE_BYTES as MAX_FILE_BYTES};
use std::io::Read;
use std::path::Path;

/// The most variant files one server reads.
pub const MAX_VARIANT_FILES: usize = 64;

/// The variant files of a directory, read.
#[derive(Debug)]
pub struct Loaded {
    /// The built-in games and the files' games.
    pub catalog: Catalog,
    /// One line per file skipped: `PATH:LINE:COLUMN: reason` or
    /// `PATH: reason`.
    pub skipped: Vec<String>,
}

/// Reads every `*.toml` of `dir` (sorted by name; other files are
/// ignored) into a catalog of the built-in games and the files' games,
/// each keyed by its file's name (`fairy-court.toml` -> `fairy-court`).
/// Only a directory that cannot be listed is an error.
pub fn load_variants(dir: &Path) -> Result<Loaded, String> {
    let entries =
        std::fs::read_dir(dir).map_err(|e| format!("--variants {}: {e}", dir.display()))?;
    let mut files: Vec<_> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    let mut catalog = Catalog::builtin();
    let mut skipped = Vec::new();
    if files.len() > MAX_VARIANT_FILES {
        for p in files.drain(MAX_VARIANT_FILES..) {
            skipped.push(format!(
                "{}: skipped: a server reads at most {MAX_VARIANT_FILES} variant files",
                p.display()
            ));
        }
    }
    for path in files {
        let shown = path.display().to_string();
        match read_one(&path) {
            Ok(entry) => {
                if let Err(e) = catalog.add(entry) {
                    skipped.push(format!("{shown}: {e}"));
                }
            }
            Err(e) => skipped.push(e),
        }
    }
    Ok(Loaded { catalog, skipped })
}

/// One file's game, or why not (the message names the file).
fn read_one(path: &Path) -> Result<&'static deckmate_games::registry::GameEntry, String> {
    let shown = path.display().to_string();
    let name = path
        .file_name()
        .and_then(|n| n.to_str())
        .ok_or_else(|| format!("{shown}: the file name is not UTF-8"))?;
    let meta = std::fs::metadata(path).map_err(|e| format!("{shown}: {e}"))?;
    if !meta.is_file() {
        return Err(format!("{shown}: not a file"));
    }
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(MAX_FILE_BYTES as u64 + 1).read_to_end(&mut bytes))
        .map_err(|e| format!("{shown}: {e}"))?;
    if bytes.len() > MAX_FILE_BYTES {
        return Err(format!(
            "{shown}: larger than {MAX_FILE_BYTES} bytes, the most a variant file may have"
        ));
    }
    let text = String::from_utf8(bytes).map_err(|_| format!("{shown}: not UTF-8 text"))?;
    load_variant(name, &text).map_err(|e| e.at_path(&shown))
}
