//! Cuarenta's registry entry and its hook into the shells' generic
//! [`BoardPlay`]: the 40 light squares of a 9x9 board, the dark squares
//! holes, SAN moves with check and checkmate.

use super::{record, record::GameSpec, Move, Position, RULES};
use crate::registry::{board_record, board_replayed};
use crate::registry::{engine_lines, AnalysisReport, AnalysisRequest};
use crate::registry::{read_record, ReplayFailure, Replayed};
use crate::registry::{BoardHook, BoardPlay, BoxedGame, GameEntry, Options, Settlement};
use deckmate_engine::Evaluator;
use deckmate_rules::{Record, Seat};
use serde_json::{json, Map, Value};

/// Cuarenta's registry entry: no options (the seed is stored, unused by
/// the rules: the setup is fixed).
pub static ENTRY: GameEntry = GameEntry {
    key: super::KEY,
    name: "Cuarenta",
    aliases: &[],
    summary: "Cuarenta (Mark Thompson): the 40 light squares of a 9x9 board",
    seats: ["white", "black"],
    seat_names: ["White", "Black"],
    options: &[],
    rules: RULES,
    move_help: MOVE_HELP,
    replay: replay_record,
    create,
    from_spec,
    tools: Some(&super::tools::TOOLS),
    secret_seed: false,
    capabilities: crate::registry::Capabilities::NONE,
    view_keys: &[],
    variant_file: None,
};

/// How Cuarenta moves are typed, for the terminal's 'help'.
const MOVE_HELP: &str = "Type a move in Cuarenta's notation: the piece letter (K B C V G F P, the
P written too), the file or rank it leaves when needed, 'x' when it
captures, the target square: Fa4, Pbc6, Vxf7, Ce4. A pawn promoting adds
=C (or on the last rank =F, =G, =V, =B): Pce8=C. Castling (King and Camel
swap) is O-O. Check signs may be left out.";

/// Replays a `[Variant "Cuarenta"]` record (from Q2's setup or its `FEN`
/// tag).
fn replay_record(_: &'static GameEntry, text: &str) -> Result<Replayed, ReplayFailure> {
    let r = record::replay(&read_record(text)?)?;
    let start = match r.spec.fen {
        Some(_) => "Cuarenta, from the FEN tag",
        None => "Cuarenta, from the setup",
    };
    board_replayed::<Cuarenta, _>((r.spec.clone(), 0), r, start)
}

fn create(_: &'static GameEntry, _options: &Options, seed: u64) -> Result<BoxedGame, String> {
    Ok(Box::new(BoardPlay::<Cuarenta>::new((
        GameSpec::default(),
        seed,
    ))?))
}

/// The spec is `{"seed": n}`, with `"fen"` for a start other than Q2's
/// (not offered at creation; read so that such a stored game rebuilds).
fn from_spec(_: &'static GameEntry, v: &Value) -> Result<BoxedGame, String> {
    let spec = GameSpec {
        fen: v["fen"].as_str().map(str::to_string),
    };
    let seed = v["seed"].as_u64().unwrap_or(0);
    Ok(Box::new(BoardPlay::<Cuarenta>::new((spec, seed))?))
}

/// Cuarenta's hook into [`BoardPlay`]; the spec is the start and the seed.
pub struct Cuarenta;

impl BoardHook for Cuarenta {
    type Position = Position;
    type Spec = (GameSpec, u64);

    fn entry(_: &(GameSpec, u64)) -> &'static GameEntry {
        &ENTRY
    }

    fn start(spec: &(GameSpec, u64)) -> Result<Position, String> {
        spec.0.start().map_err(|e| e.to_string())
    }

    fn spec_json((spec, seed): &(GameSpec, u64)) -> Value {
        match &spec.fen {
            Some(f) => json!({ "seed": seed, "fen": f }),
            None => json!({ "seed": seed }),
        }
    }

    fn move_fields(_pos: &Position, m: Move, legal: &[Move]) -> Map<String, Value> {
        super::view::move_fields(m, legal)
    }

    fn view(
        _spec: &(GameSpec, u64),
        pos: &Position,
        moves: &[Move],
        you: Option<Seat>,
        _live: bool,
    ) -> Map<String, Value> {
        super::view::view(pos, moves, you)
    }

    fn record(
        (spec, _seed): &(GameSpec, u64),
        moves: &[Move],
        settled: Option<Settlement>,
    ) -> Result<Record, String> {
        board_record(spec, moves, settled)
    }

    fn engine_move(pos: &Position, level: u8, seed: u64) -> Option<Move> {
        super::cuarenta_player(level, seed).choose(pos)
    }

    fn evaluate(pos: &Position) -> i32 {
        super::CuarentaEval::default().evaluate(pos)
    }

    fn side_to_move(pos: &Position) -> Seat {
        pos.side_to_move()
    }

    fn analyse(
        _: &(GameSpec, u64),
        pos: &Position,
        request: &AnalysisRequest,
        sink: &mut dyn FnMut(AnalysisReport),
    ) -> bool {
        engine_lines(&super::tools::CuarentaTools, pos, request, sink)
    }
}
