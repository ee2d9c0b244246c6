//! 52Chess game records (RULINGS F9, "Record"): the kernel's PGN-like
//! [`Record`] with the card drawn in brackets before every move,
//! `1. [7H] e4 [QS] Nd3@c7`.
//!
//! Tags: `Variant` (`52Chess`; a record for another game is refused),
//! `FEN` (a start other than F2's, F11's string), `Seed` (the game's seed:
//! written only once the game is over, F9), the players, `Result`,
//! `Termination`. A record replays with or without its seed; with one,
//! every card written must be the seed's draw, and the first that is not
//! is refused at that move.

use super::game::Chess52;
pub use super::spec::GameSpec;
use crate::fairy::{seat_name, EndReason};
use crate::game_record::{self, check_variant, parse_seed, read_tag, replay_error};
use crate::game_record::{recorded_position, RecordSpec};
use deckmate_rules::{PositionError, Record};

replay_error!(seat_name);

/// A replayed game.
pub type Replay = game_record::Replay<GameSpec>;

impl RecordSpec for GameSpec {
    type Position = Chess52;

    /// Reads `Variant`, `FEN` and `Seed`.
    fn from_record(record: &Record) -> Result<GameSpec, ReplayError> {
        check_variant(record, &super::ENTRY)?;
        Ok(GameSpec {
            fen: record.tag("FEN").map(str::to_string),
            seed: read_tag(record, "Seed", parse_seed)?,
        })
    }

    /// Writes `Variant` and `FEN`; the seed only once the game is over
    /// ([`RecordSpec::write_final_tags`]).
    fn write_tags(&self, record: &mut Record) {
        record.set_tag("Variant", "52Chess");
        if let Some(f) = &self.fen {
            record.set_tag("FEN", f.clone());
        }
    }

    fn start(&self) -> Result<Chess52, PositionError> {
        GameSpec::start(self)
    }

    /// The `Seed` tag, so that the record of a game still going never
    /// tells its future cards (F9).
    fn write_final_tags(&self, record: &mut Record) {
        if let Some(seed) = self.seed {
            record.set_tag("Seed", seed.to_string());
        }
    }
}

recorded_position!(Chess52, EndReason, |p| p.core().fullmove(), end, {});

/// Replays a record, checking every move and, when it carries its seed,
/// every card against the seed's draw; works out the result as the other
/// board games do (a decisive or drawn result written in a record whose
/// game goes on is a resignation or an agreed draw).
pub fn replay(record: &Record) -> Result<Replay, ReplayError> {
    let spec = GameSpec::from_record(record)?;
    if let Some(seed) = spec.seed {
        game_record::check_draws(&spec, seed, record, "F9")?;
    }
    game_record::replay_with(spec, record)
}
