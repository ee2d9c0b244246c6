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
use crate::registry::GameEntry;
use deckmate_rules::{PositionError, Record};
use std::sync::Arc;

pub use crate::fairy::record::ReplayError;

/// A replayed game.
pub type Replay = game_record::Replay<VariantStart>;

/// Where a game of a variant file starts: the variant and its setup, or
/// a position string. What a record's tags say.
#[derive(Clone, Debug)]
pub struct VariantStart {
    /// The variant.
    pub game: Arc<VariantGame>,
    /// A start position instead of the setup, if any.
    pub fen: Option<String>,
}

/// A game of a variant file as the shells play it: its runtime entry,
/// its start and the seed (stored, for the engine's choices).
#[derive(Clone)]
pub struct FairySpec {
    /// The runtime entry.
    pub entry: &'static GameEntry,
    /// Where it starts.
    pub start: VariantStart,
    /// The seed.
    pub seed: u64,
}

impl FairySpec {
    /// The spec of a game of `entry` (an entry made by
    /// [`super::load`]) from its setup or `fen`.
    pub fn new(
        entry: &'static GameEntry,
        fen: Option<String>,
        seed: u64,
    ) -> Result<FairySpec, String> {
        let game = super::of_entry(entry)
            .ok_or_else(|| format!("{} is not a variant file's game", entry.name))?;
        Ok(FairySpec {
            entry,
            start: VariantStart { game, fen },
            seed,
        })
    }

    /// The variant.
    pub fn game(&self) -> &Arc<VariantGame> {
        &self.start.game
    }
}

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
        match &self.fen {
            Some(f) => self.game.position(f),
            None => Ok(self.game.start()),
        }
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
