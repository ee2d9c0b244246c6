//! Variant files: a chess variant of one's own, written as a TOML file,
//! read into the fairy-chess core's own description, a [`Variant`], that
//! is known to build into a [`RuleSet`].
//!
//! The format is documented for users in `docs/variant-files.md`; the
//! examples are in `variants/`. In short:
//!
//! ```toml
//! name = "Chess"
//! setup = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
//! win = "checkmate"            # or "capture", "extinction"
//! en_passant = true
//!
//! [board]
//! files = 8
//! ranks = 8                    # holes = ["d4"] or "dark" / "light"
//!
//! [[piece]]
//! name = "King"
//! letter = "K"                 # Black's: "k" (or black_letter)
//! betza = "K"
//! kind = "royal"               # or "piece", "pawn"
//! # ... one [[piece]] per kind
//!
//! [promotion]                  # zone, choices, compulsory
//! [castling]                   # piece, with, moves
//! [draws]                      # move_rule, resets, repetition, stalemate,
//!                              # insufficient, insufficient_one_colour
//! [weights]                    # the evaluation's weights (EvalWeights), any
//!                              # of them: mobility = 100, tempo = 10, ...
//! ```
//!
//! [`read`] checks everything the core relies on: unknown keys, the board
//! (at most 16x16, holes on it), names and letters (each once), every
//! piece's XBetza (parsed and compiled by `deckmate-betza` for the board
//! facing either way: what it cannot play exactly is refused with the byte
//! position and the reason), a royal piece, promotion choices and castling
//! partners that are pieces, and a setup that fits the board and the rules.
//! Every refusal is a [`VariantError`]: the line and column in the file
//! (inside a string value when it can: the XBetza letter, the setup's rank)
//! and a [`Problem`], one variant per cause, whose `Display` is the
//! message. Reading never panics, whatever the text.
//!
//! What the core cannot play is refused by [`read`] too, with its place:
//! a [`Problem::Unsupported`] naming the key (a `black_letter` that is not
//! the lower case of `letter`, `win = "capture"` with several royal pieces
//! on a side, promotion to a royal piece, optional promotion on a zone of
//! more than one rank, castling under a win other than checkmate, a
//! castling piece that is not royal or one of several royal kinds,
//! castling partners of which none can be one, `resets` without
//! `"capture"`, the en passant square of a pawn that crossed several
//! squares). The variant read is then built into a [`RuleSet`], so what
//! [`read`] gives builds ([`rule_set`] gives that rule set); the rare
//! refusal of the core itself is a [`Problem::Rules`]. The `check` module's
//! notes say what each key maps to.
//!
//! Like every rules crate, this reads text, not files: the shells read the
//! file and pass its text.
//!
//! ```
//! use deckmate_fairy::variant_file;
//!
//! let text = std::fs::read_to_string(concat!(
//!     env!("CARGO_MANIFEST_DIR"),
//!     "/../../variants/chess.toml"
//! ))
//! .unwrap();
//! let chess = variant_file::read(&text).unwrap();
//! assert_eq!(chess.pieces.len(), 6);
//! let rules = variant_file::rule_set(&text).unwrap();
//! assert_eq!(rules.name, "Chess");
//! let broken = text.replace("betza = \"mfWimfnDcfF\"", "betza = \"mfWimfnDcfY\"");
//! let err = variant_file::read(&broken).unwrap_err();
//! assert!(err.to_string().contains("byte 10 ('Y'): unknown atom 'Y'"));
//! ```

mod check;
mod error;
mod raw;
mod setup;

use crate::eval::EvalWeights;
use crate::rules::{RuleSet, Variant};
use std::sync::Arc;

pub use error::{Location, Problem, VariantError};

/// Reads a variant file's text and checks it: the core's variant (built
/// once into a rule set, so it builds), or the first problem with its
/// place in the file.
pub fn read(text: &str) -> Result<Variant, VariantError> {
    check::read(text).map(|c| c.variant)
}

/// Reads a variant file's text as [`read`] does: the playable rule set.
pub fn rule_set(text: &str) -> Result<Arc<RuleSet>, VariantError> {
    check::read(text).map(|c| c.rules)
}

/// Reads a variant file's text as [`read`] does: the variant and the rule
/// set it built (built once).
pub fn read_built(text: &str) -> Result<(Variant, Arc<RuleSet>), VariantError> {
    check::read(text).map(|c| (c.variant, c.rules))
}

/// Everything a variant file gives: the variant, its rule set and the
/// evaluation's weights.
#[derive(Clone, Debug)]
pub struct Contents {
    /// The core's variant.
    pub variant: Variant,
    /// The rule set it built.
    pub rules: Arc<RuleSet>,
    /// The evaluation's weights: the defaults, with those the file's
    /// `[weights]` table sets.
    pub weights: EvalWeights,
}

/// Reads a variant file's text as [`read`] does: the variant, its rule set
/// and the weights of its `[weights]` table (the defaults where it has
/// none).
///
/// ```
/// use deckmate_fairy::eval::EvalWeights;
/// use deckmate_fairy::variant_file;
///
/// let file = std::fs::read_to_string(concat!(
///     env!("CARGO_MANIFEST_DIR"),
///     "/../../variants/chess.toml"
/// ))
/// .unwrap();
/// // The file without its own (tuned) table, the last.
/// let text = file.split("\n[weights]").next().unwrap();
/// let tuned = format!("{text}\n[weights]\ntempo = 25\n");
/// let read = variant_file::read_all(&tuned).unwrap();
/// assert_eq!(read.weights.tempo, 25);
/// assert_eq!(read.weights.mobility, EvalWeights::default().mobility);
/// let err = variant_file::read_all(&format!("{text}\n[weights]\ntempi = 25\n")).unwrap_err();
/// assert!(err.to_string().contains("unknown field `tempi`"));
/// ```
pub fn read_all(text: &str) -> Result<Contents, VariantError> {
    check::read(text)
}
