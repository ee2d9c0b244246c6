//! Where a game of a variant file starts ([`VariantStart`]: the variant
//! and its setup, or a position string) and the spec the shells play it
//! by ([`FairySpec`]), stored as `{"seed", "digest"}` and `"fen"` for a
//! start other than the setup.

use super::VariantGame;
use crate::fairy::AnyPosition;
use crate::registry::GameEntry;
use deckmate_rules::PositionError;
use serde_json::{json, Value};
use std::sync::Arc;

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

impl VariantStart {
    /// The starting position.
    pub fn start(&self) -> Result<AnyPosition, PositionError> {
        match &self.fen {
            Some(f) => self.game.position(f),
            None => Ok(self.game.start()),
        }
    }
}

impl FairySpec {
    /// The spec as stored: `{"seed", "digest"}`, and `"fen"` when there
    /// is one.
    pub fn stored(&self) -> Value {
        let mut v = json!({ "seed": self.seed, "digest": self.game().digest });
        if let Some(f) = &self.start.fen {
            v["fen"] = json!(f);
        }
        v
    }

    /// A stored spec read back for `entry`: a spec of another version of
    /// the file (its digest) is refused, never played with other rules.
    pub fn from_stored(entry: &'static GameEntry, v: &Value) -> Result<FairySpec, String> {
        let fen = v["fen"].as_str().map(str::to_string);
        let spec = FairySpec::new(entry, fen, v["seed"].as_u64().unwrap_or(0))?;
        let game = spec.game();
        match v["digest"].as_str() {
            Some(d) if d == game.digest => Ok(spec),
            Some(d) => Err(format!(
                "this game was begun with another version of the variant file {} \
                 (digest {d}; the file now is {}): put the file it was played with back",
                game.file, game.digest
            )),
            None => Err("stored spec: no digest of the variant file".into()),
        }
    }
}
