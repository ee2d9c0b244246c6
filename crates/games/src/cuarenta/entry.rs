//! Cuarenta's registry entry and its hook into the shells' generic
//! [`BoardPlay`]: the 40 light squares of a 9x9 board, the dark squares
//! holes, SAN moves with check and checkmate.

use super::{
    geometry, record, record::GameSpec, seat_name, EndReason, Move, Position, QUIET_LIMIT, RULES,
};
use crate::registry::{board_record, board_replayed};
use crate::registry::{engine_lines, AnalysisReport, AnalysisRequest};
use crate::registry::{read_record, ReplayFailure, Replayed};
use crate::registry::{BoardHook, BoardPlay, BoxedGame, GameEntry, Options, Settlement};
use deckmate_board::{RankStyle, Square};
use deckmate_engine::Evaluator;
use deckmate_rules::{MoveError, Record, Seat};
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

/// A square's name: `b1` .. `h9`.
fn sq(s: Square) -> String {
    s.name(RankStyle::FromOne).to_string()
}

/// The label of a move's button when one click (a from/to) fits several
/// moves, and always for castling.
fn choice(mv: Move, twin: bool) -> Option<&'static str> {
    if mv.is_castling() {
        Some("O-O")
    } else if !twin {
        None
    } else {
        Some(mv.promotion().map_or("no promotion", |p| p.name()))
    }
}

/// The dark squares: holes, not drawn as squares.
fn holes() -> Vec<String> {
    let g = geometry();
    let mut holes = Vec::new();
    for rank in 0..9u8 {
        for file in 0..9u8 {
            if let Some(s) = Square::new(file, rank) {
                if !g.contains(s) {
                    holes.push(sq(s));
                }
            }
        }
    }
    holes
}

/// The status line: who moves, whether it is you, check.
fn prompt(pos: &Position, you: Option<Seat>) -> String {
    if pos.end_state().is_some() {
        return String::new();
    }
    let side = pos.side_to_move();
    let mine = if you == Some(side) { " (you)" } else { "" };
    let check = if pos.in_check() { ", in check" } else { "" };
    format!("{} to move{mine}{check}", seat_name(side))
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

    fn over(pos: &Position) -> MoveError {
        MoveError::GameOver {
            end: pos.end_state().map(|end| end.describe()),
        }
    }

    fn move_fields(_pos: &Position, m: Move, legal: &[Move]) -> Map<String, Value> {
        // A pawn reaching the promotion zone: the plain move and each
        // promotion share one from/to, told apart by buttons.
        let twin = legal
            .iter()
            .any(|o| *o != m && o.from() == m.from() && o.to() == m.to());
        let mut o = Map::new();
        o.insert("from".into(), json!(sq(m.from())));
        o.insert("to".into(), json!(sq(m.to())));
        o.insert(
            "promotion".into(),
            json!(m.promotion().map(|p| p.letter().to_string())),
        );
        o.insert("castling".into(), json!(m.is_castling()));
        o.insert("choice".into(), json!(choice(m, twin)));
        o
    }

    fn view(
        _spec: &(GameSpec, u64),
        pos: &Position,
        moves: &[Move],
        you: Option<Seat>,
        _live: bool,
    ) -> Map<String, Value> {
        let mut pieces = Vec::new();
        for seat in Seat::BOTH {
            for (s, p) in pos.pieces(seat) {
                pieces.push(json!({
                    "square": sq(s),
                    "label": format!("{} {}", seat_name(seat), p.name()),
                    "symbol": p.letter().to_string(),
                    "owner": seat.index(),
                }));
            }
        }
        let last = moves
            .last()
            .map(|m| json!({ "from": sq(m.from()), "to": sq(m.to()) }));
        let rights: Vec<&str> = Seat::BOTH
            .into_iter()
            .filter(|&s| pos.castling_right(s))
            .map(seat_name)
            .collect();
        let facts = vec![
            json!({ "label": "Move", "value": pos.fullmove().to_string() }),
            json!({
                "label": "Quiet plies",
                "value": format!("{} of {QUIET_LIMIT}", pos.quiet_plies()),
            }),
            json!({
                "label": "May castle",
                "value": if rights.is_empty() { "nobody".to_string() } else { rights.join(", ") },
            }),
        ];
        let mut out = Map::new();
        out.insert(
            "board".into(),
            json!({
                "files": 9,
                "ranks": 9,
                "rank_base": 1,
                "holes": holes(),
                "regions": [],
                "piece_style": "disc",
                "choice_question": "Promote the pawn?",
            }),
        );
        out.insert("pieces".into(), json!(pieces));
        out.insert("last".into(), json!(last));
        out.insert("facts".into(), json!(facts));
        let check = pos.end_state().is_none() && pos.in_check();
        out.insert("check".into(), json!(check));
        // The King in check (or mated), marked on the board.
        if check
            || pos
                .end_state()
                .is_some_and(|e| e.reason == EndReason::Checkmate)
        {
            let king = pos.king_square(pos.side_to_move());
            out.insert("check_square".into(), json!(sq(king)));
        }
        out.insert("position".into(), json!(super::fen::write(pos)));
        let prompt = prompt(pos, you);
        if !prompt.is_empty() {
            out.insert("prompt".into(), json!(prompt));
        }
        out
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
