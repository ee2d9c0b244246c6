//! A variant file's game in the shells: the entry's functions (they get
//! the entry, whose [`GameEntry::variant_file`] holds the rules) and the
//! hook into the generic [`BoardPlay`] ([`FairyBoard`]).

use super::record::{self, FairySpec};
use super::tools::FairyTools;
use crate::fairy::{AnyPosition, Move};
use crate::registry::{board_game, board_record, board_replayed, GameError, SearchEngine};
use crate::registry::{read_record, BoardHook, BoardPlay};
use crate::registry::{BoxedGame, GameEntry, Options, ReplayFailure, Replayed, Settlement};
use deckmate_rules::{Record, Seat};
use serde_json::{Map, Value};
use std::sync::Arc;

/// A new game from the file's setup (variant files take no options; the
/// seed is stored for the engine's choices).
pub(super) fn create(
    e: &'static GameEntry,
    _: &Options,
    seed: u64,
) -> Result<BoxedGame, GameError> {
    board_game::<FairyBoard>(FairySpec::new(e, None, seed).map_err(GameError::Options)?)
}

/// A game from its stored spec: `{"seed", "digest"}` and `"fen"` for a
/// start other than the setup. A spec of another version of the file (its
/// digest) is refused, never played with other rules.
pub(super) fn from_spec(entry: &'static GameEntry, v: &Value) -> Result<BoxedGame, GameError> {
    let spec = FairySpec::from_stored(entry, v).map_err(GameError::Spec)?;
    Ok(Box::new(
        BoardPlay::<FairyBoard>::new(spec).map_err(GameError::Spec)?,
    ))
}

/// Replays a record of the variant (see [`record::replay`]).
pub(super) fn replay_record(
    entry: &'static GameEntry,
    text: &str,
) -> Result<Replayed, ReplayFailure> {
    let rec = read_record(text)?;
    let spec = FairySpec::new(entry, None, 0).map_err(|e| ReplayFailure::at(0, e))?;
    let r =
        record::replay(spec.game(), &rec).map_err(|e| ReplayFailure::at(e.ply, e.to_string()))?;
    let start = format!(
        "{}, the variant file {}{}",
        entry.name,
        r.spec.game.file,
        if r.spec.fen.is_some() {
            ", from the FEN tag"
        } else {
            ""
        }
    );
    let spec = FairySpec {
        start: r.spec.clone(),
        ..spec
    };
    board_replayed::<FairyBoard, _>(spec, r, &start)
}

/// A variant file's hook into [`BoardPlay`].
pub struct FairyBoard;

impl BoardHook for FairyBoard {
    type Position = AnyPosition;
    type Spec = FairySpec;

    fn entry(spec: &FairySpec) -> &'static GameEntry {
        spec.entry
    }

    fn start(spec: &FairySpec) -> Result<AnyPosition, String> {
        spec.start.start().map_err(|e| e.to_string())
    }

    fn spec_json(spec: &FairySpec) -> Value {
        spec.stored()
    }

    fn move_fields(pos: &AnyPosition, m: Move, legal: &[Move]) -> Map<String, Value> {
        super::view::move_fields(pos, m, legal)
    }

    fn view(
        spec: &FairySpec,
        pos: &AnyPosition,
        moves: &[Move],
        you: Option<Seat>,
        _live: bool,
    ) -> Map<String, Value> {
        super::view::view(spec, pos, moves, you)
    }

    fn record(
        spec: &FairySpec,
        moves: &[Move],
        settled: Option<Settlement>,
    ) -> Result<Record, String> {
        board_record(&spec.start, moves, settled)
    }

    fn spec_engine(spec: &FairySpec) -> Option<Box<dyn SearchEngine<AnyPosition> + Send>> {
        Some(Box::new(FairyTools::new(Arc::clone(spec.game()))))
    }
}
