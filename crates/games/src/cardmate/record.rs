//! Cardmate game records: the kernel's PGN-like [`Record`] with Cardmate's
//! tags and notation.
//!
//! Tags (all optional): `Variant` (`Cardmate`), `Setup`, `Seed`, `Palace`,
//! `Repetition`, `QuietLimit`, `FEN` (a start position other than a setup),
//! `Forehand`, `Rearhand`, `Result`, `Termination`. A file of bare movetext
//! is Cardmate from the predefined setup.

use super::notation;
use super::position::{seat_name, EndReason, Move, Position};
use super::spec::read_spec;
pub use super::spec::GameSpec;
use crate::game_record::RecordSpec;
use crate::game_record::{
    parse_seed, read_setting_tags, read_tag, record_functions, recorded_position, replay_error,
    write_setting_tags, SettingTags,
};
use deckmate_rules::{PositionError, Record};

pub use crate::end::result_of;

/// The spec's fields as the record's tags (all but the seed and position
/// string are options, read by the options' readers).
const TAGS: SettingTags = &[
    ("setup", "Setup"),
    ("seed", "Seed"),
    ("palace", "Palace"),
    ("repetition", "Repetition"),
    ("quiet_limit", "QuietLimit"),
    ("fen", "FEN"),
];

replay_error!(seat_name);
record_functions!(GameSpec);

impl RecordSpec for GameSpec {
    type Position = Position;

    /// Reads the spec from a record's tags, the options by their readers.
    fn from_record(record: &Record) -> Result<GameSpec, ReplayError> {
        let spec = read_setting_tags(record, &super::ENTRY, TAGS, |o| read_spec(o, 0))?;
        Ok(GameSpec {
            seed: read_tag(record, "Seed", parse_seed)?.unwrap_or(0),
            fen: record.tag("FEN").map(str::to_string),
            ..spec
        })
    }

    /// Writes the spec as tags into `record`.
    fn write_tags(&self, record: &mut Record) {
        write_setting_tags(&super::ENTRY, self, TAGS, record);
    }

    fn start(&self) -> Result<Position, PositionError> {
        GameSpec::start(self)
    }
}

recorded_position!(Position, EndReason, fullmove, {
    /// A move after the end is refused as such, before its notation is read.
    fn read_move(&self, text: &str) -> Result<Move, String> {
        if let Some(end) = self.end_state() {
            return Err(format!("the game was already over: {}", end.describe()));
        }
        notation::parse(self, text).map_err(|e| e.to_string())
    }
});
