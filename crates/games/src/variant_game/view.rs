//! What a variant file's game shows: its part of the view (the board and
//! its holes, the facts, check) and what a legal move carries for the
//! client's clicks. Generic over every variant file, called by the
//! [`super::entry::FairyBoard`] hook.

use super::record::{quiet_plies, FairySpec};
use crate::fairy::{AnyPosition, EndReason, Move, PieceKind};
use deckmate_board::Square;
use deckmate_rules::{Game, Seat};
use serde_json::{json, Map, Value};

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

fn pos_fullmove(p: &AnyPosition) -> u32 {
    use crate::game_record::Recorded;
    Recorded::fullmove(p)
}

pub(super) fn move_fields(pos: &AnyPosition, m: Move, legal: &[Move]) -> Map<String, Value> {
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

pub(super) fn view(
    spec: &FairySpec,
    pos: &AnyPosition,
    moves: &[Move],
    you: Option<Seat>,
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
        json!({ "label": "Variant", "value": spec.game().variant.name }),
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
    out.insert("last".into(), json!(last.clone()));
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
    // The final position's mark: the mated royal, or the square where the
    // last royal was taken (the last move's destination).
    let end_mark = match pos.end_state().map(|e| e.reason) {
        Some(EndReason::Checkmate) => royal_square(pos).map(|s| sq(pos, s)),
        Some(EndReason::RoyalCaptured) => last
            .as_ref()
            .and_then(|l| l["to"].as_str())
            .map(str::to_string),
        _ => None,
    };
    out.insert("end_mark".into(), json!(end_mark));
    out.insert("position".into(), json!(pos.position_text()));
    let prompt = prompt(pos, you);
    if !prompt.is_empty() {
        out.insert("prompt".into(), json!(prompt));
    }
    out
}

impl FairySpec {
    /// The start position, `None` if it does not read (never for a spec
    /// a game was made from).
    fn start_position(&self) -> Option<AnyPosition> {
        self.start.start().ok()
    }
}
