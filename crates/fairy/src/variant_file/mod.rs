//! Variant files: a chess variant of one's own, written as a TOML file,
//! read into plain checked data ([`VariantSpec`]) for the fairy-chess core
//! to be built from.
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
//! let broken = text.replace("betza = \"mfWimfnDcfF\"", "betza = \"mfWimfnDcfY\"");
//! let err = variant_file::read(&broken).unwrap_err();
//! assert!(err.to_string().contains("byte 10 ('Y'): unknown atom 'Y'"));
//! ```

mod build;
mod check;
mod error;
mod raw;
mod setup;
mod spec;

pub use build::BuildError;
pub use error::{Location, Problem, VariantError};
pub use spec::{
    Castling, CastlingMove, Draws, Partners, PieceKind, PieceSpec, Placed, Promotion, Resets,
    Setup, Stalemate, VariantSpec, Win, Wing,
};

/// Reads a variant file's text and checks it: the variant, or the first
/// problem with its place in the file.
pub fn read(text: &str) -> Result<VariantSpec, VariantError> {
    check::read(text)
}
