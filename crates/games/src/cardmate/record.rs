//! Cardmate game records: the kernel's PGN-like [`Record`] with Cardmate's
//! tags and notation.
//!
//! Tags (all optional): `Variant` (`Cardmate`), `Setup`, `Seed`, `Palace`,
//! `Repetition`, `QuietLimit`, `FEN` (a start position other than a setup),
//! `Forehand`, `Rearhand`, `Result`, `Termination`. A file of bare movetext
//! is Cardmate from the predefined setup.

use super::entry::read_spec;
use super::fen;
use super::notation;
use super::options::{Options, SetupKind};
use super::position::{seat_name, EndReason, Move, Position};
use super::setup::start_position;
use crate::game_record::RecordSpec;
use crate::game_record::{
    parse_seed, read_setting_tags, read_tag, record_functions, recorded_position, replay_error,
    write_setting_tags, SettingTags,
};
use deckmate_rules::{PositionError, Record};

pub use crate::end::result_of;

/// How a game starts: a setup and seed (or a position string), and the
/// rules options. Stored as `{"setup", "seed", "palace", "repetition",
/// "quiet_limit"}` and `"fen"` when there is one.
#[derive(Clone, PartialEq, Eq, Debug, Default, serde::Serialize, serde::Deserialize)]
pub struct GameSpec {
    /// The setup kind.
    #[serde(default, with = "crate::registry::as_text")]
    pub setup: SetupKind,
    /// The seed of a random setup (stored for every setup).
    #[serde(default)]
    pub seed: u64,
    /// The rules options.
    #[serde(flatten)]
    pub options: Options,
    /// A start position instead of the setup, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fen: Option<String>,
}

impl GameSpec {
    /// The starting position.
    pub fn start(&self) -> Result<Position, PositionError> {
        match &self.fen {
            Some(f) => fen::parse(f, self.options),
            None => Ok(start_position(self.setup, self.seed, self.options)),
        }
    }
}

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
