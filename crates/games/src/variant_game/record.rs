//! Records of a variant file's games: the kernel's PGN-like [`Record`]
//! with the fairy core's SAN.
//!
//! Tags: `Variant` (the file's `name`), `VariantFile` (the file's name),
//! `VariantDigest` (its text's digest, [`super::digest`]), `FEN` (a start
//! other than the file's setup), then the players, `Result` and
//! `Termination`. Replaying needs the file: a record of another variant,
//! or of another version of the file (its digest), is refused.

use super::VariantGame;
use crate::fairy::AnyPosition;
use crate::game_record::{self, BadRecord, RecordSpec};
use deckmate_rules::{PositionError, Record};
use std::sync::Arc;

pub use super::spec::{FairySpec, VariantStart};

pub use crate::fairy::record::ReplayError;

/// A replayed game.
pub type Replay = game_record::Replay<VariantStart>;

impl RecordSpec for VariantStart {
    type Position = AnyPosition;

    /// A variant file's record needs its file: it is read by [`replay`],
    /// never from its tags alone.
    fn from_record(_: &Record) -> Result<VariantStart, ReplayError> {
        Err(ReplayError::tags(
            "a variant file's record is replayed with its file".to_string(),
        ))
    }

    fn write_tags(&self, record: &mut Record) {
        record.set_tag("Variant", self.game.variant.name.clone());
        record.set_tag("VariantFile", self.game.file.clone());
        record.set_tag("VariantDigest", self.game.digest.clone());
        if let Some(f) = &self.fen {
            record.set_tag("FEN", f.clone());
        }
    }

    fn start(&self) -> Result<AnyPosition, PositionError> {
        VariantStart::start(self)
    }
}

pub(super) use super::quiet_plies;

/// Replays a record of the variant `game`, checking every move: a record
/// whose `Variant` tag names another game, or whose `VariantDigest` is not
/// the file's, is refused (the tags may be left out). A `FEN` tag gives
/// the start.
pub fn replay(game: &Arc<VariantGame>, record: &Record) -> Result<Replay, ReplayError> {
    if let Some(v) = record.tag("Variant") {
        if !crate::registry::same_name(v, &game.variant.name) {
            return Err(ReplayError::tags(format!(
                "this record is for '{v}', not {} (the variant file {})",
                game.variant.name, game.file
            )));
        }
    }
    if let Some(d) = record.tag("VariantDigest") {
        if d != game.digest {
            let file = record.tag("VariantFile").unwrap_or("its variant file");
            return Err(ReplayError::tags(format!(
                "this record was played with another version of {file} (digest {d}); \
                 {} is {}: replay it with the file it was played with",
                game.file, game.digest
            )));
        }
    }
    let start = VariantStart {
        game: Arc::clone(game),
        fen: record.tag("FEN").map(str::to_string),
    };
    game_record::replay_with(start, record)
}
