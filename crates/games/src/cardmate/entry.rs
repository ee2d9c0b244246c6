//! Cardmate's registry entry and its hook into the shells' generic
//! [`BoardPlay`](crate::registry::BoardPlay): a 10x10 board of cards.

use super::rules_text::MOVE_HELP;
use super::tools::CardmateTools;
use super::{record, record::GameSpec, Move};
use super::{Position, KEY, RULES};
use crate::registry::Options;
use crate::registry::{board_game, board_replayed, spec_hooks, stored_game};
use crate::registry::{read_record, GameError, ReplayFailure, Replayed, SearchEngine};
use crate::registry::{BoardHook, BoxedGame, Capabilities, GameEntry};
use deckmate_rules::{MoveError, Seat};
use serde_json::{Map, Value};

/// Cardmate's registry entry.
pub static ENTRY: GameEntry = GameEntry {
    key: KEY,
    name: "Cardmate",
    summary: "Cardmate (Ivan Derzhanski): 10x10, the cards of a suited pack",
    seats: ["forehand", "rearhand"],
    seat_names: ["Forehand", "Rearhand"],
    options: super::spec::OPTIONS,
    rules: RULES,
    move_help: MOVE_HELP,
    replay: replay_record,
    create,
    from_spec: stored_game::<Cardmate>,
    tools: Some(&super::tools::TOOLS),
    view_keys: super::view::VIEW_KEYS,
    capabilities: Capabilities {
        pieces: Some(&super::pieces::PIECES),
        ..Capabilities::NONE
    },
    ..GameEntry::DEFAULTS
};

/// Replays a record: a file of bare moves is a game from the predefined
/// setup.
fn replay_record(_: &'static GameEntry, text: &str) -> Result<Replayed, ReplayFailure> {
    let r = record::replay(&read_record(text)?)?;
    let start = format!("setup {}, seed {}", r.spec.setup, r.spec.seed);
    board_replayed::<Cardmate, _>(r.spec.clone(), r, &start)
}

fn create(_: &'static GameEntry, options: &Options, seed: u64) -> Result<BoxedGame, GameError> {
    board_game::<Cardmate>(super::spec::read_spec(options, seed)?)
}

/// Cardmate's hook into [`BoardPlay`](crate::registry::BoardPlay).
pub struct Cardmate;

impl BoardHook for Cardmate {
    type Position = Position;
    type Spec = GameSpec;

    spec_hooks!(ENTRY, record);

    fn over(_: &Position) -> MoveError {
        MoveError::GameOver { end: None }
    }

    fn move_fields(_pos: &Position, m: Move, legal: &[Move]) -> Map<String, Value> {
        super::view::move_fields(m, legal)
    }

    fn view(
        spec: &GameSpec,
        pos: &Position,
        moves: &[Move],
        _you: Option<Seat>,
        live: bool,
    ) -> Map<String, Value> {
        super::view::view(spec, pos, moves, live)
    }

    const ENGINE: Option<&'static dyn SearchEngine<Position>> = Some(&CardmateTools);
}
