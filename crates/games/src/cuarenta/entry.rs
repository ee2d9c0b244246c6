//! Cuarenta's registry entry and its hook into the shells' generic
//! [`BoardPlay`](crate::registry::BoardPlay): the 40 light squares of a 9x9 board, the dark squares
//! holes, SAN moves with check and checkmate.

use super::rules_text::MOVE_HELP;
use super::tools::CuarentaTools;
use super::{record, record::GameSpec, Move, Position, RULES};
use crate::registry::{board_game, board_record, board_replayed, stored_game, stored_spec};
use crate::registry::{read_record, ReplayFailure, Replayed, SearchEngine};
use crate::registry::{BoardHook, BoxedGame, GameEntry, GameError, Options, Settlement};
use deckmate_rules::{Record, Seat};
use serde_json::{Map, Value};

/// Cuarenta's registry entry: no options (the seed is stored, unused by
/// the rules: the setup is fixed).
pub static ENTRY: GameEntry = GameEntry {
    key: super::KEY,
    name: "Cuarenta",
    summary: "Cuarenta (Mark Thompson): the 40 light squares of a 9x9 board",
    rules: RULES,
    move_help: MOVE_HELP,
    replay: replay_record,
    create,
    // The spec is `{"seed": n}`, with `"fen"` for a start other than Q2's
    // (not offered at creation; read so that such a stored game rebuilds).
    from_spec: stored_game::<Cuarenta>,
    tools: Some(&super::tools::TOOLS),
    capabilities: crate::registry::Capabilities {
        pieces: Some(&super::pieces::PIECES),
        ..crate::registry::Capabilities::NONE
    },
    ..GameEntry::DEFAULTS
};

/// Replays a `[Variant "Cuarenta"]` record (from Q2's setup or its `FEN`
/// tag).
fn replay_record(_: &'static GameEntry, text: &str) -> Result<Replayed, ReplayFailure> {
    let r = record::replay(&read_record(text)?)?;
    let start = match r.spec.fen {
        Some(_) => "Cuarenta, from the FEN tag",
        None => "Cuarenta, from the setup",
    };
    board_replayed::<Cuarenta, _>(
        StoredSpec {
            start: r.spec.clone(),
            seed: 0,
        },
        r,
        start,
    )
}

fn create(_: &'static GameEntry, _: &Options, seed: u64) -> Result<BoxedGame, GameError> {
    board_game::<Cuarenta>(StoredSpec {
        start: GameSpec::default(),
        seed,
    })
}

/// A game as stored: its start (`"fen"` when not Q2's) and its seed
/// (`"seed"`, unused by the rules: the setup is fixed).
#[derive(Clone, serde::Serialize, serde::Deserialize)]
pub struct StoredSpec {
    /// Where the game starts.
    #[serde(flatten)]
    pub start: GameSpec,
    /// The seed.
    #[serde(default)]
    pub seed: u64,
}

/// Cuarenta's hook into [`BoardPlay`](crate::registry::BoardPlay); the spec is the start and the seed.
pub struct Cuarenta;

impl BoardHook for Cuarenta {
    type Position = Position;
    type Spec = StoredSpec;

    const ENGINE: Option<&'static dyn SearchEngine<Position>> = Some(&CuarentaTools);

    fn entry(_: &StoredSpec) -> &'static GameEntry {
        &ENTRY
    }

    fn start(spec: &StoredSpec) -> Result<Position, String> {
        spec.start.start().map_err(|e| e.to_string())
    }

    fn spec_json(spec: &StoredSpec) -> Value {
        stored_spec(spec)
    }

    fn move_fields(_: &Position, m: Move, legal: &[Move]) -> Map<String, Value> {
        super::view::move_fields(m, legal)
    }

    fn view(
        _: &StoredSpec,
        pos: &Position,
        moves: &[Move],
        you: Option<Seat>,
        _live: bool,
    ) -> Map<String, Value> {
        super::view::view(pos, moves, you)
    }

    fn record(
        spec: &StoredSpec,
        moves: &[Move],
        settled: Option<Settlement>,
    ) -> Result<Record, String> {
        board_record(&spec.start, moves, settled)
    }
}
