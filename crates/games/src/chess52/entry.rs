//! 52Chess's registry entry and its hook into the shells' generic
//! [`BoardPlay`]: the board 4 wide and 13 tall, the card drawn before each
//! move (chance, drawn by [`BoardPlay`] from the game's secret seed, F9),
//! the card's square marked, the teleports as moves from a piece to it.
//!
//! The computer opponent is 52Chess's engine
//! ([`super::engine::chess52_player`]: expectimax over the draws with its
//! own evaluation) at the level asked for; it sees the position with the
//! card drawn, never the seed.

use super::record::{self, GameSpec};
use super::{Chess52, Move};
use crate::fairy::End;
use crate::registry::board_replayed;
use crate::registry::{engine_lines, AnalysisReport, AnalysisRequest, AnalysisStart};
use crate::registry::{
    read_record, BoardHook, BoardPlay, BoxedGame, GameEntry, Options, ReplayFailure, Replayed,
    Settlement,
};
use crate::registry::{spec_from_stored, stored_spec};
use deckmate_engine::Evaluator;
use deckmate_rules::{Record, Seat};
use serde_json::{Map, Value};

/// 52Chess's registry entry: no options; the seed decides the cards.
pub static ENTRY: GameEntry = GameEntry {
    key: super::KEY,
    name: "52Chess",
    aliases: &[],
    summary: "52Chess (Kevin Pacey): chess on 4x13, a card drawn every turn may teleport a piece",
    seats: ["white", "black"],
    seat_names: ["White", "Black"],
    options: &[],
    rules: RULES,
    move_help: MOVE_HELP,
    replay: replay_record,
    create,
    from_spec,
    tools: Some(&super::tools::TOOLS),
    secret_seed: true,
    capabilities: crate::registry::Capabilities::NONE,
    view_keys: &[crate::registry::ViewKey {
        key: "drawn_card",
        kind: "object|null",
        meaning: "the card drawn for the move to come, and the square it names",
    }],
    variant_file: None,
};

/// The rules as deckmate plays them (`deckmate rules 52chess`).
pub const RULES: &str = include_str!("rules.txt");

/// 52Chess's rule on takebacks, as the rules text and a refused takeback
/// say it.
pub const TAKEBACK_RULE: &str = "a card once drawn stays drawn, and a takeback never goes back \
     past one: the seed would draw the same cards again, so a player would see the cards to \
     come before choosing (every move is followed by the next card, so no move can be taken back)";

/// How 52Chess moves are typed, for the terminal's 'help'.
const MOVE_HELP: &str = "Type a move in 52Chess's notation. The card for your move is drawn for you
(shown as 'Card drawn'). Then either teleport a piece (not the King) to the
card's square if it is empty: the piece letter, its square, '@' and the
card's square, Nd3@c7 (a pawn written Pa2@b7); or make a normal chess move
in SAN: e5, Nxc5, b13=Q. With neither possible, pass: --. There is no check
rule: the King is taken. 'moves' lists the teleports and the moves.";

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

fn create(_: &'static GameEntry, _options: &Options, seed: u64) -> Result<BoxedGame, String> {
    Ok(Box::new(BoardPlay::<Chess52Board>::new(GameSpec {
        fen: None,
        seed: Some(seed),
    })?))
}

/// The spec is `{"seed": n}` (stored by the server, never shown), with
/// `"fen"` for a start other than F2's. Without a seed (an analysis
/// board's) nothing is drawn: the cards are moves, chosen as in a record.
fn from_spec(_: &'static GameEntry, v: &Value) -> Result<BoxedGame, String> {
    Ok(Box::new(BoardPlay::<Chess52Board>::new(spec_from_stored(
        v,
    )?)?))
}

/// 52Chess's hook into [`BoardPlay`]; the spec is the start and the seed.
pub struct Chess52Board;

impl BoardHook for Chess52Board {
    type Position = Chess52;
    type Spec = GameSpec;

    fn takeback_rule() -> &'static str {
        TAKEBACK_RULE
    }

    fn entry(_: &GameSpec) -> &'static GameEntry {
        &ENTRY
    }

    fn start(spec: &GameSpec) -> Result<Chess52, String> {
        spec.start().map_err(|e| e.to_string())
    }

    fn spec_json(spec: &GameSpec) -> Value {
        stored_spec(spec)
    }

    fn chance_seed(spec: &GameSpec) -> Option<u64> {
        spec.seed
    }

    /// The seed decides the cards still to come: secret until the end.
    fn secrets_pending(pos: &Chess52) -> bool {
        pos.end().is_none()
    }

    fn rematch_spec(spec: &GameSpec, fresh_seed: u64) -> Value {
        Chess52Board::spec_json(&GameSpec {
            fen: spec.fen.clone(),
            seed: Some(fresh_seed),
        })
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

    fn record(
        spec: &GameSpec,
        moves: &[Move],
        settled: Option<Settlement>,
    ) -> Result<Record, String> {
        record::write(spec, moves, settled.map(End::settled)).map_err(|e| e.to_string())
    }

    fn engine_move(pos: &Chess52, level: u8, seed: u64) -> Option<Move> {
        super::engine::chess52_player(level, seed).choose(pos)
    }

    fn evaluate(pos: &Chess52) -> i32 {
        super::eval::Chess52Eval::default().evaluate(pos)
    }

    fn side_to_move(pos: &Chess52) -> Seat {
        pos.side_to_move()
    }

    fn analyse(
        _: &GameSpec,
        pos: &Chess52,
        request: &AnalysisRequest,
        sink: &mut dyn FnMut(AnalysisReport),
    ) -> bool {
        engine_lines(&super::tools::Chess52Tools, pos, request, sink)
    }

    /// The seed decides the cards to come: an analysis board replays the
    /// game's moves and draws from a spec without it (its draws are then
    /// chosen, as in a record).
    fn analysis_start(spec: &GameSpec, _: &Chess52) -> AnalysisStart {
        let mut v = Self::spec_json(spec);
        if let Some(o) = v.as_object_mut() {
            o.remove("seed");
        }
        AnalysisStart::ReplayFrom(v)
    }
}
