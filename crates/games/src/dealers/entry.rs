//! Dealer's Chess's registry entry and its hook into the shells' generic
//! [`BoardPlay`](crate::registry::BoardPlay): the deal shown to both players, each seat's own
//! arrangement (the other's hidden until both are made, D11), then the
//! board with the hands and the shared extras beside it.

use super::engine;
use super::eval::DealersEval;
use super::game::{DealersGame, DealersMove, Seen};
use super::record::{self, size_name, GameSpec};
use super::rules_text::{MOVE_HELP, RULES};
use crate::registry::unseeded;
use crate::registry::{board_game, board_replayed, stored_game, stored_spec, GameError};
use crate::registry::{read_record, spec_hooks, BoardHook, BoxedGame, Capabilities, GameEntry};
use crate::registry::{AnalysisReport, AnalysisRequest, AnalysisStart, SearchEngine};
use crate::registry::{Options, ReplayFailure, Replayed};
use deckmate_rules::{Game, Seat};
use serde_json::{json, Map, Value};

/// Dealer's Chess's registry entry.
pub static ENTRY: GameEntry = GameEntry {
    key: super::KEY,
    name: "Dealer's Chess",
    aliases: &["Dealers Chess", "Dealers"],
    summary: "Dealer's Chess (Bob Greenwade): armies dealt from decks of fairy piece cards, hands, promotion from the hand",
    options: &super::spec::OPTIONS,
    rules: RULES,
    move_help: MOVE_HELP,
    replay: replay_record,
    create,
    from_spec: stored_game::<DealersBoard>,
    tools: Some(&super::tools::TOOLS),
    secret_seed: true,
    capabilities: Capabilities {
        reference_cards: Some(&super::card_deck::REFERENCE_CARDS),
        pieces: Some(&super::card_deck::PIECES),
        ..Capabilities::NONE
    },
    view_keys: super::view::VIEW_KEYS,
    ..GameEntry::DEFAULTS
};

fn replay_record(_: &'static GameEntry, text: &str) -> Result<Replayed, ReplayFailure> {
    let r = record::replay(&read_record(text)?)?;
    let start = match &r.spec.fen {
        Some(_) => "Dealer's Chess, from the FEN tag".to_string(),
        None => format!(
            "Dealer's Chess, {} dealt from seed {}",
            size_name(r.spec.size),
            r.spec.seed
        ),
    };
    board_replayed::<DealersBoard, _>(r.spec.clone(), r, &start)
}

fn create(_: &'static GameEntry, options: &Options, seed: u64) -> Result<BoxedGame, GameError> {
    board_game::<DealersBoard>(super::spec::spec_of(options, seed)?)
}

/// The hook of Dealer's Chess into [`BoardPlay`](crate::registry::BoardPlay).
pub struct DealersBoard;

impl BoardHook for DealersBoard {
    type Position = DealersGame;
    type Spec = GameSpec;

    spec_hooks!(ENTRY, record);

    /// The seed decides the `random` arrangements: secret while anyone
    /// arranges (no chance acts in play).
    fn chance_seed(spec: &GameSpec) -> Option<u64> {
        Some(spec.seed)
    }

    const TAKEBACK_RULE: &'static str = super::rules_text::TAKEBACK_RULE;

    const SETUP_HEADING: &'static str = "Arrangements";

    fn move_fields(pos: &DealersGame, m: DealersMove, legal: &[DealersMove]) -> Map<String, Value> {
        super::view::move_fields(pos, m, legal)
    }

    fn view(
        _spec: &GameSpec,
        seen: &Seen,
        moves: &[DealersMove],
        you: Option<Seat>,
        _live: bool,
    ) -> Map<String, Value> {
        super::view::view(seen, moves, you)
    }

    fn engine_move(pos: &DealersGame, level: u8, seed: u64) -> Option<DealersMove> {
        engine::engine_move(pos, level, seed)
    }

    fn evaluate(pos: &DealersGame) -> i32 {
        DealersEval.evaluate_game(pos)
    }

    fn side_to_move(pos: &DealersGame) -> Seat {
        pos.side_to_move()
    }

    /// Once both armies are arranged, a board that starts at the position
    /// now (the seed, which made the deal and would tell a big-deck's
    /// stack, left out; while a big-deck's stack is secret, none).
    fn analysis_start(spec: &GameSpec, pos: &DealersGame) -> AnalysisStart {
        match Self::position_spec(spec, pos) {
            Some(v) if !pos.secrets_pending() => AnalysisStart::Here(v),
            _ => AnalysisStart::Closed,
        }
    }

    /// The position in play as a spec of its own (its position string, the
    /// seed left out): the board of a finished game starts after both
    /// arrangements, and goes along the game's moves.
    fn position_spec(spec: &GameSpec, pos: &DealersGame) -> Option<Value> {
        let mut v = unseeded(stored_spec(spec));
        v["fen"] = json!(pos.position()?.text());
        Some(v)
    }

    fn analyse(
        _: &GameSpec,
        pos: &DealersGame,
        request: &AnalysisRequest,
        sink: &mut dyn FnMut(AnalysisReport),
    ) -> bool {
        let Some(p) = pos.position() else {
            return false;
        };
        super::tools::DealersTools.lines(p, request, sink)
    }
}
