//! A variant file as a game of the shells: [`load`] reads a file's text
//! ([`crate::variant_file`]) into the fairy core's variant and rule set and
//! makes a registry entry for it at runtime, with the one board game of
//! the shells ([`FairyBoard`] over [`crate::registry::BoardPlay`]), records
//! ([`record`]) and the engine tools ([`FairyTools`]: perft, analysis, the
//! bench on the start, matches between levels) with [`FairyEval`] at the
//! file's weights (its `[weights]` table, else the defaults).
//!
//! **Runtime entries.** A [`GameEntry`] is `&'static` everywhere (a game
//! being played points to its entry), so [`load`] leaks the entry it makes,
//! its strings and its tools: a process makes one per file it reads, once
//! (the command line one, the server at most its bounded number at
//! start), so the memory is bounded. The entry's functions receive the
//! entry, and find the rules in [`GameEntry::variant_file`]. The shells
//! keep the entries they loaded in a [`crate::list::Catalog`].
//!
//! **Which variant.** A record names the variant in `[Variant]` (the
//! file's `name`), the file in `[VariantFile]` (its name, no directories)
//! and its exact text in `[VariantDigest]` (FNV-1a over the file's bytes).
//! Replaying needs the file again; a record whose digest is not the file's
//! is refused (another version of the file may read the same moves
//! differently): any change to the file, even to a comment, makes it
//! another version. A stored game (the server's database) keeps the
//! digest in its spec the same way.
//!
//! [`FairyEval`]: crate::fairy::FairyEval

mod entry;
pub mod record;
mod rules_text;
mod spec;
mod tools;
mod view;

pub use entry::FairyBoard;
pub use record::FairySpec;
pub use tools::FairyTools;

use crate::fairy::eval::EvalWeights;
use crate::fairy::{AnyPosition, PieceKind, RuleSet, Variant};
use crate::piece_card::{of_pieces, ListGuide};
use crate::registry::{Capabilities, EngineTools, GameEntry, Tools};
use crate::variant_file::{self, VariantError};
use std::fmt;
use std::sync::Arc;

/// The largest variant file read, in bytes.
pub const MAX_FILE_BYTES: usize = 64 * 1024;

/// The longest key made from a file name.
pub const MAX_KEY_CHARS: usize = 40;

/// A variant file read and built: what its runtime entry carries.
#[derive(Debug)]
pub struct VariantGame {
    /// The file read: the core's description of the variant (its name,
    /// description, board and pieces as the file gives them).
    pub variant: Variant,
    /// Its rule set.
    pub rules: Arc<RuleSet>,
    /// The evaluation's weights: the defaults with the file's `[weights]`
    /// table (the engine's [`crate::fairy::FairyEval`] uses them).
    pub weights: EvalWeights,
    /// The file's name (no directories), as records' `[VariantFile]` tag
    /// gives it.
    pub file: String,
    /// The digest of the file's text (`fnv1a64:` and 16 hex digits).
    pub digest: String,
    /// The start position (its tables compiled once).
    start: AnyPosition,
}

impl crate::registry::RuntimeRules for VariantGame {
    fn file(&self) -> &str {
        &self.file
    }

    fn into_any(self: Arc<Self>) -> Arc<dyn std::any::Any + Send + Sync> {
        self
    }
}

/// The variant file's game of an entry made by [`load`], `None` for any
/// other entry.
pub fn of_entry(entry: &GameEntry) -> Option<Arc<VariantGame>> {
    let rules = Arc::clone(entry.variant_file.as_ref()?);
    rules.into_any().downcast::<VariantGame>().ok()
}

impl VariantGame {
    /// The start position.
    pub fn start(&self) -> AnyPosition {
        self.start.clone()
    }

    /// A position of this variant from its position string.
    pub fn position(&self, text: &str) -> Result<AnyPosition, deckmate_rules::PositionError> {
        self.start.with_text(text)
    }
}

/// Why a variant file does not become a game.
#[derive(Clone, PartialEq, Debug)]
pub enum LoadError {
    /// The file is larger than [`MAX_FILE_BYTES`].
    TooLarge {
        /// Its size.
        bytes: usize,
    },
    /// The file is refused by the reader: where and why (an XBetza text
    /// with the byte position, something the fairy core cannot play).
    Read(VariantError),
    /// The file's name does not make a key.
    Key(String),
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::TooLarge { bytes } => write!(
                f,
                "the file has {bytes} bytes; a variant file may have at most {MAX_FILE_BYTES}"
            ),
            LoadError::Read(e) => write!(f, "{e}"),
            LoadError::Key(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for LoadError {}

impl LoadError {
    /// The message with the file's path in front, as compilers write it:
    /// `variants/my.toml:12:9: piece 'Gryffon': XBetza "FyafsY", byte 5
    /// ('Y'): unknown atom 'Y'` (no line and column when the problem is no
    /// one place's).
    pub fn at_path(&self, path: &str) -> String {
        match self {
            LoadError::Read(VariantError {
                at: Some(at),
                problem,
            }) => format!("{path}:{}:{}: {problem}", at.line, at.column),
            e => format!("{path}: {e}"),
        }
    }
}

/// The FNV-1a 64-bit digest of a file's rules: `fnv1a64:` and 16 hex
/// digits. It tells versions of a file apart, it is not a secret. The
/// `[weights]` table is left out ([`rules_text`]): the evaluation's
/// weights are no rule, and tuning them keeps the file's records.
pub fn digest(text: &str) -> String {
    let text = rules_text(text);
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("fnv1a64:{h:016x}")
}

/// A variant file's text without its `[weights]` table: from a line
/// `[weights]` to the next table's header (a line that starts with `[`)
/// or the end, with the blank lines just before it. A file without such
/// a line is its whole text (a table written otherwise stays in).
pub fn rules_text(text: &str) -> std::borrow::Cow<'_, str> {
    let mut lines: Vec<&str> = text.split_inclusive('\n').collect();
    let Some(start) = lines.iter().position(|l| l.trim() == "[weights]") else {
        return std::borrow::Cow::Borrowed(text);
    };
    let end = lines[start + 1..]
        .iter()
        .position(|l| l.trim_start().starts_with('['))
        .map_or(lines.len(), |i| start + 1 + i);
    let mut from = start;
    while from > 0 && lines[from - 1].trim().is_empty() {
        from -= 1;
    }
    lines.drain(from..end);
    std::borrow::Cow::Owned(lines.concat())
}

/// The key of a variant from its file's name: the name without `.toml`,
/// lower case, spaces and underscores as hyphens (`Fairy_Court.toml` ->
/// `fairy-court`). Letters a-z, digits and hyphens only, at most
/// [`MAX_KEY_CHARS`].
pub fn key_from_file_name(name: &str) -> Result<String, String> {
    let stem = name.strip_suffix(".toml").unwrap_or(name);
    let key: String = stem
        .chars()
        .map(|c| match c {
            ' ' | '_' => '-',
            c => c.to_ascii_lowercase(),
        })
        .collect();
    if key.is_empty()
        || key.chars().count() > MAX_KEY_CHARS
        || !key
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        || key.starts_with('-')
    {
        return Err(format!(
            "the file name '{}' does not make a key: use letters, digits, '-' and '_' \
             (at most {MAX_KEY_CHARS}), then .toml",
            name.escape_debug()
        ));
    }
    Ok(key)
}

fn leak(s: String) -> &'static str {
    Box::leak(s.into_boxed_str())
}

/// Reads and builds the variant file `file` (its name, no directories:
/// the key is made from it) of text `text`, and makes its registry entry,
/// leaked (see the module's notes).
pub fn load(file: &str, text: &str) -> Result<&'static GameEntry, LoadError> {
    if text.len() > MAX_FILE_BYTES {
        return Err(LoadError::TooLarge { bytes: text.len() });
    }
    let variant_file::Contents {
        variant,
        rules,
        weights,
    } = variant_file::read_all(text).map_err(LoadError::Read)?;
    let key = key_from_file_name(file).map_err(LoadError::Key)?;
    let start = AnyPosition::new_game(&rules);
    let game = Arc::new(VariantGame {
        rules,
        weights,
        file: file.to_string(),
        digest: digest(text),
        start,
        variant,
    });
    let tools: &'static dyn EngineTools =
        Box::leak(Box::new(Tools::new(FairyTools::new(Arc::clone(&game)))));
    let entry = GameEntry {
        key: leak(key),
        name: leak(game.variant.name.clone()),
        summary: leak(summary(&game)),
        rules: leak(rules_text::rules_text(&game)),
        move_help: leak(move_help(&game.variant)),
        replay: entry::replay_record,
        create: entry::create,
        from_spec: entry::from_spec,
        tools: Some(tools),
        capabilities: Capabilities {
            pieces: Some(Box::leak(Box::new(ListGuide(of_pieces(
                &game.variant.pieces,
                |_| String::new(),
            ))))),
            ..Capabilities::NONE
        },
        variant_file: Some(game),
        ..GameEntry::DEFAULTS
    };
    Ok(Box::leak(Box::new(entry)))
}

/// One line for the lobby: the file's description (its first 160
/// characters) or the board, and the file.
fn summary(game: &VariantGame) -> String {
    let g = &game.variant.geometry;
    let what = match &game.variant.description {
        Some(d) if !d.trim().is_empty() => {
            let d: String = d.split_whitespace().collect::<Vec<_>>().join(" ");
            let mut short: String = d.chars().take(160).collect();
            if short.len() < d.len() {
                short.push('…');
            }
            short
        }
        _ => format!(
            "{}x{} board, {} pieces",
            g.files(),
            g.ranks(),
            game.variant.pieces.len()
        ),
    };
    format!("{}: {what} (variant file {})", game.variant.name, game.file)
}

/// How a move is typed, with the variant's letters.
fn move_help(s: &Variant) -> String {
    let letters: Vec<String> = s
        .pieces
        .iter()
        .filter(|p| p.kind != PieceKind::Pawn)
        .map(|p| format!("{} {}", p.letter, p.name))
        .collect();
    format!(
        "Type a move in SAN: the piece's letter (none for a pawn), the file or rank it\n\
         leaves when needed, 'x' when it captures, the target square: Nf3, exd5,\n\
         Rxe7; a promotion adds '=' and the letter (e8=Q); castling is O-O or O-O-O.\n\
         Coordinates work too (e2e4, e2-e4, e7e8q). Piece letters may be in\n\
         lower case (nf3) where that is not a pawn's move. Check signs may be left out.\n\
         Pieces: {}.",
        letters.join(", ")
    )
}

/// The quiet plies (for the n-move rule).
fn quiet_plies(p: &AnyPosition) -> u32 {
    match p {
        AnyPosition::Small(p) => p.quiet_plies(),
        AnyPosition::Medium(p) => p.quiet_plies(),
        AnyPosition::Large(p) => p.quiet_plies(),
    }
}
