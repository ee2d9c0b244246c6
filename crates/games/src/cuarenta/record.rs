//! Cuarenta game records: the kernel's PGN-like [`Record`] with Cuarenta's
//! tags and notation.
//!
//! Tags: `Variant` (`Cuarenta`; a record for another game is refused),
//! `FEN` (a start position other than Q2's), `White`, `Black`, `Result`,
//! `Termination`. Moves are in [`super::notation`].

use super::fen;
use super::position::{seat_name, EndReason, Position};
use super::start_position;
use crate::game_record::RecordSpec;
use crate::game_record::{check_variant, record_functions, recorded_position, replay_error};
use deckmate_rules::{PositionError, Record};

pub use crate::end::result_of;

/// How a game starts: Q2's setup, or a position string.
#[derive(Clone, PartialEq, Eq, Debug, Default, serde::Serialize, serde::Deserialize)]
pub struct GameSpec {
    /// A start position instead of the setup, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fen: Option<String>,
}

impl GameSpec {
    /// The starting position.
    pub fn start(&self) -> Result<Position, PositionError> {
        match &self.fen {
            Some(f) => fen::parse(f),
            None => Ok(start_position()),
        }
    }
}

replay_error!(seat_name);
record_functions!(GameSpec);

impl RecordSpec for GameSpec {
    type Position = Position;

    /// Reads the spec from a record's tags.
    fn from_record(record: &Record) -> Result<GameSpec, ReplayError> {
        check_variant(record, &super::ENTRY)?;
        Ok(GameSpec {
            fen: record.tag("FEN").map(str::to_string),
        })
    }

    /// Writes the spec as tags into `record`.
    fn write_tags(&self, record: &mut Record) {
        record.set_tag("Variant", "Cuarenta");
        if let Some(f) = &self.fen {
            record.set_tag("FEN", f.clone());
        }
    }

    fn start(&self) -> Result<Position, PositionError> {
        GameSpec::start(self)
    }
}

recorded_position!(Position, EndReason);
