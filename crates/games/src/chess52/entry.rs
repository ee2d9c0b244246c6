//! 52Chess's registry entry and its hook into the shells' generic
//! [`BoardPlay`](crate::registry::BoardPlay): the board 4 wide and 13 tall, the card drawn before each
//! move (chance, drawn by [`BoardPlay`](crate::registry::BoardPlay) from the game's secret seed, F9),
//! the card's square marked, the teleports as moves from a piece to it.
//!
//! The computer opponent is 52Chess's engine
//! ([`super::tools::Chess52Tools`]' `level_player`: expectimax over the draws with its
//! own evaluation) at the level asked for; it sees the position with the
//! card drawn, never the seed.

use super::record::{self, GameSpec};
use super::rules_text::{MOVE_HELP, RULES};
use super::tools::Chess52Tools;
use super::{Chess52, Move};
use crate::registry::{board_game, board_replayed, stored_game, stored_spec, AnalysisStart};
use crate::registry::{
    read_record, spec_hooks, BoardHook, BoxedGame, GameEntry, GameError, Options,
};
use crate::registry::{unseeded, ReplayFailure, Replayed, SearchEngine};
use deckmate_rules::Seat;
use serde_json::{Map, Value};

/// 52Chess's registry entry: no options; the seed decides the cards.
pub static ENTRY: GameEntry = GameEntry {
    key: super::KEY,
    name: "52Chess",
    summary: "52Chess (Kevin Pacey): chess on 4x13, a card drawn every turn may teleport a piece",
    rules: RULES,
    move_help: MOVE_HELP,
    replay: replay_record,
    create,
    // The spec is `{"seed": n}` (stored by the server, never shown), with
    // `"fen"` for a start other than F2's. Without a seed (an analysis
    // board's) nothing is drawn: the cards are moves, chosen as in a record.
    from_spec: stored_game::<Chess52Board>,
    tools: Some(&super::tools::TOOLS),
    secret_seed: true,
    view_keys: super::view::VIEW_KEYS,
    capabilities: crate::registry::Capabilities {
        pieces: Some(&super::pieces::PIECES),
        ..crate::registry::Capabilities::NONE
    },
    ..GameEntry::DEFAULTS
};

/// Replays a `[Variant "52Chess"]` record (with its seed, every card is
/// checked against the seed's draw).
fn replay_record(_: &'static GameEntry, text: &str) -> Result<Replayed, ReplayFailure> {
    let r = record::replay(&read_record(text)?)?;
    let start = match (&r.spec.fen, r.spec.seed) {
        (Some(_), Some(s)) => format!("52Chess, from the FEN tag, cards of seed {s}"),
        (Some(_), None) => "52Chess, from the FEN tag, cards as written".to_string(),
        (None, Some(s)) => format!("52Chess, cards of seed {s}"),
        (None, None) => "52Chess, cards as written".to_string(),
    };
    // The replayed game draws nothing further: its cards are the record's.
    let spec = GameSpec {
        seed: None,
        ..r.spec.clone()
    };
    board_replayed::<Chess52Board, _>(spec, r, &start)
}

fn create(_: &'static GameEntry, _: &Options, seed: u64) -> Result<BoxedGame, GameError> {
    let seed = Some(seed);
    board_game::<Chess52Board>(GameSpec { fen: None, seed })
}

/// 52Chess's hook into [`BoardPlay`](crate::registry::BoardPlay); the spec is the start and the seed.
pub struct Chess52Board;

impl BoardHook for Chess52Board {
    type Position = Chess52;
    type Spec = GameSpec;

    const TAKEBACK_RULE: &'static str = super::rules_text::TAKEBACK_RULE;

    spec_hooks!(ENTRY, record);

    fn chance_seed(spec: &GameSpec) -> Option<u64> {
        spec.seed
    }

    fn move_fields(pos: &Chess52, m: Move, legal: &[Move]) -> Map<String, Value> {
        super::view::move_fields(pos, m, legal)
    }

    fn view(
        _spec: &GameSpec,
        pos: &Chess52,
        moves: &[Move],
        you: Option<Seat>,
        _live: bool,
    ) -> Map<String, Value> {
        super::view::view(pos, moves, you)
    }

    const ENGINE: Option<&'static dyn SearchEngine<Chess52>> = Some(&Chess52Tools);

    /// The seed decides the cards to come: an analysis board replays the
    /// game's moves and draws from a spec without it (its draws are then
    /// chosen, as in a record).
    fn analysis_start(spec: &GameSpec, _: &Chess52) -> AnalysisStart {
        AnalysisStart::ReplayFrom(unseeded(stored_spec(spec)))
    }
}
