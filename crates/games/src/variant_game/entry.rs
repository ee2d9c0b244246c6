//! A variant file's game in the shells: the entry's functions (they get
//! the entry, whose [`GameEntry::variant_file`] holds the rules) and the
//! hook into the generic [`BoardPlay`] ([`FairyBoard`]).

use super::record::{self, quiet_plies, FairySpec};
use crate::fairy::{AnyPosition, EndReason, FairyEval, Move, PieceKind};
use crate::registry::{board_record, board_replayed};
use crate::registry::{engine_lines, AnalysisReport, AnalysisRequest};
use crate::registry::{
    read_record, BoardHook, BoardPlay, BoxedGame, GameEntry, Options, ReplayFailure, Replayed,
    Settlement,
};
use deckmate_board::Square;
use deckmate_engine::{level, EnginePlayer, Evaluator, Player};
use deckmate_rules::{Game, MoveError, Record, Seat};
use serde_json::{json, Map, Value};

/// A new game from the file's setup (variant files take no options; the
/// seed is stored for the engine's choices).
pub(super) fn create(
    entry: &'static GameEntry,
    _options: &Options,
    seed: u64,
) -> Result<BoxedGame, String> {
    Ok(Box::new(BoardPlay::<FairyBoard>::new(FairySpec::new(
        entry, None, seed,
    )?)?))
}

/// A game from its stored spec: `{"seed", "digest"}` and `"fen"` for a
/// start other than the setup. A spec of another version of the file (its
/// digest) is refused, never played with other rules.
pub(super) fn from_spec(entry: &'static GameEntry, v: &Value) -> Result<BoxedGame, String> {
    let spec = FairySpec::new(entry, v["fen"].as_str().map(str::to_string), 0)?;
    let game = spec.game();
    match v["digest"].as_str() {
        Some(d) if d == game.digest => {}
        Some(d) => {
            return Err(format!(
                "this game was begun with another version of the variant file {} \
                 (digest {d}; the file now is {}): put the file it was played with back",
                game.file, game.digest
            ))
        }
        None => return Err("stored spec: no digest of the variant file".to_string()),
    }
    let seed = v["seed"].as_u64().unwrap_or(0);
    Ok(Box::new(BoardPlay::<FairyBoard>::new(FairySpec {
        seed,
        ..spec
    })?))
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

/// A square's name (`a1`, `l12`).
fn sq(pos: &AnyPosition, s: Square) -> String {
    pos.rules().square_name(s)
}

/// The squares the board lacks, by name.
fn holes(pos: &AnyPosition) -> Vec<String> {
    let g = &pos.rules().geometry;
    let mut out = Vec::new();
    for rank in 0..g.ranks() {
        for file in 0..g.files() {
            if let Some(s) = Square::new(file, rank) {
                if !g.contains(s) {
                    out.push(sq(pos, s));
                }
            }
        }
    }
    out
}

/// Every piece on the board: square, side, kind.
fn pieces(pos: &AnyPosition) -> Vec<(Square, Seat, usize)> {
    pos.rules()
        .geometry
        .squares()
        .iter()
        .filter_map(|s| pos.at(s).map(|(seat, kind)| (s, seat, kind)))
        .collect()
}

/// The royal piece of the side to move, when it has exactly one.
fn royal_square(pos: &AnyPosition) -> Option<Square> {
    let side = pos.side_to_move();
    let rules = pos.rules();
    let mut royals = pieces(pos)
        .into_iter()
        .filter(|&(_, seat, k)| seat == side && rules.pieces[k].kind == PieceKind::Royal);
    match (royals.next(), royals.next()) {
        (Some((s, _, _)), None) => Some(s),
        _ => None,
    }
}

/// The label of a move's button when one click (a from/to) fits several
/// moves (`twins`: the others), and always for castling: the castling's
/// notation, the piece a pawn becomes, "no promotion" beside promotions,
/// else the move as written.
fn choice(pos: &AnyPosition, mv: Move, twins: &[Move]) -> Option<String> {
    let rules = pos.rules();
    if let Some(c) = mv.castling() {
        return Some(
            rules
                .castling
                .get(c)
                .map_or("castling".to_string(), |c| c.notation.clone()),
        );
    }
    if twins.is_empty() {
        return None;
    }
    if let Some(k) = mv.promotion() {
        if let Some(p) = rules.pieces.get(k) {
            return Some(p.name.clone());
        }
    }
    if twins.iter().any(|o| o.promotion().is_some()) && mv.promotion().is_none() {
        return Some("no promotion".to_string());
    }
    Some(pos.move_text(mv))
}

/// The status line: who moves, whether it is you, check.
fn prompt(pos: &AnyPosition, you: Option<Seat>) -> String {
    if pos.end_state().is_some() || pos.to_act() == deckmate_rules::ToAct::Nobody {
        return String::new();
    }
    let side = pos.side_to_move();
    let mine = if you == Some(side) { " (you)" } else { "" };
    let check = if pos.in_check() { ", in check" } else { "" };
    format!("{} to move{mine}{check}", crate::fairy::seat_name(side))
}

/// A player of `level` (1-8) with the generic evaluation.
pub(super) fn player(
    pos: &AnyPosition,
    level: u8,
    seed: u64,
    time: Option<std::time::Duration>,
) -> EnginePlayer<AnyPosition, FairyEval> {
    EnginePlayer::with_evaluator(FairyEval::new(pos.rules()), level::level(level), seed, time)
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
        use crate::game_record::RecordSpec;
        spec.start.start().map_err(|e| e.to_string())
    }

    fn spec_json(spec: &FairySpec) -> Value {
        let mut v = json!({ "seed": spec.seed, "digest": spec.game().digest });
        if let Some(f) = &spec.start.fen {
            v["fen"] = json!(f);
        }
        v
    }

    fn over(pos: &AnyPosition) -> MoveError {
        MoveError::GameOver {
            end: pos.end_state().map(|end| end.describe()),
        }
    }

    fn move_fields(pos: &AnyPosition, m: Move, legal: &[Move]) -> Map<String, Value> {
        let (from, to) = pos.move_squares(m);
        let twins: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|&o| o != m && pos.move_squares(o) == (from, to))
            .collect();
        let rules = pos.rules();
        let mut o = Map::new();
        o.insert("from".into(), json!(from.map(|s| sq(pos, s))));
        o.insert("to".into(), json!(sq(pos, to)));
        o.insert(
            "promotion".into(),
            json!(m
                .promotion()
                .and_then(|k| rules.pieces.get(k))
                .map(|p| p.letter.to_string())),
        );
        o.insert("castling".into(), json!(m.castling().is_some()));
        o.insert("choice".into(), json!(choice(pos, m, &twins)));
        o
    }

    fn view(
        spec: &FairySpec,
        pos: &AnyPosition,
        moves: &[Move],
        you: Option<Seat>,
        _live: bool,
    ) -> Map<String, Value> {
        let rules = pos.rules();
        let list: Vec<Value> = pieces(pos)
            .into_iter()
            .map(|(s, seat, k)| {
                let p = &rules.pieces[k];
                json!({
                    "square": sq(pos, s),
                    "label": format!("{} {}", crate::fairy::seat_name(seat), p.name),
                    "symbol": p.letter.to_string(),
                    "owner": seat.index(),
                })
            })
            .collect();
        // The last move's squares, in the position before it.
        let last = moves.last().and_then(|&m| {
            let mut before = spec.start_position()?;
            for &mv in &moves[..moves.len() - 1] {
                before.play_unchecked(mv);
            }
            let (from, to) = before.move_squares(m);
            Some(json!({ "from": from.map(|s| sq(pos, s)), "to": sq(pos, to) }))
        });
        let mut facts = vec![
            json!({ "label": "Variant", "value": spec.game().spec.name }),
            json!({ "label": "Move", "value": pos_fullmove(pos).to_string() }),
        ];
        if let Some(limit) = rules.draws.quiet_limit {
            facts.push(json!({
                "label": "Quiet plies",
                "value": format!("{} of {limit}", quiet_plies(pos)),
            }));
        }
        let g = &rules.geometry;
        let mut out = Map::new();
        out.insert(
            "board".into(),
            json!({
                "files": g.files(),
                "ranks": g.ranks(),
                "rank_base": 1,
                "holes": holes(pos),
                "regions": [],
                "piece_style": "disc",
                "choice_question": "Which move?",
            }),
        );
        out.insert("pieces".into(), json!(list));
        out.insert("last".into(), json!(last));
        out.insert("facts".into(), json!(facts));
        let over = pos.end_state().is_some();
        let check = !over && pos.in_check();
        out.insert("check".into(), json!(check));
        let mated = pos
            .end_state()
            .is_some_and(|e| e.reason == EndReason::Checkmate);
        if check || mated {
            if let Some(s) = royal_square(pos) {
                out.insert("check_square".into(), json!(sq(pos, s)));
            }
        }
        out.insert("position".into(), json!(pos.position_text()));
        let prompt = prompt(pos, you);
        if !prompt.is_empty() {
            out.insert("prompt".into(), json!(prompt));
        }
        out
    }

    fn record(
        spec: &FairySpec,
        moves: &[Move],
        settled: Option<Settlement>,
    ) -> Result<Record, String> {
        board_record(&spec.start, moves, settled)
    }

    fn engine_move(pos: &AnyPosition, level: u8, seed: u64) -> Option<Move> {
        player(pos, level, seed, None).choose(pos)
    }

    fn evaluate(pos: &AnyPosition) -> i32 {
        FairyEval::new(pos.rules()).evaluate(pos)
    }

    fn side_to_move(pos: &AnyPosition) -> Seat {
        pos.side_to_move()
    }

    fn analyse(
        spec: &FairySpec,
        pos: &AnyPosition,
        request: &AnalysisRequest,
        sink: &mut dyn FnMut(AnalysisReport),
    ) -> bool {
        let Some(game) = super::of_entry(spec.entry) else {
            return false;
        };
        engine_lines(&super::tools::FairyTools::new(game), pos, request, sink)
    }
}

impl FairySpec {
    /// The start position, `None` if it does not read (never for a spec
    /// a game was made from).
    fn start_position(&self) -> Option<AnyPosition> {
        use crate::game_record::RecordSpec;
        self.start.start().ok()
    }
}

fn pos_fullmove(p: &AnyPosition) -> u32 {
    use crate::game_record::Recorded;
    Recorded::fullmove(p)
}
