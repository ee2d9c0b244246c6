//! What Cuarenta shows: its part of the view (the 40 light squares, the
//! dark ones holes, the facts, check) and what a legal move carries for
//! the client's clicks. Game presentation, called by the
//! [`super::entry::Cuarenta`] hook.

use super::{geometry, seat_name, EndReason, Move, Position, QUIET_LIMIT};
use deckmate_board::{RankStyle, Square};
use deckmate_rules::Seat;
use serde_json::{json, Map, Value};

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

pub(super) fn move_fields(m: Move, legal: &[Move]) -> Map<String, Value> {
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

pub(super) fn view(pos: &Position, moves: &[Move], you: Option<Seat>) -> Map<String, Value> {
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
    // The mated King, marked on the final position (Cuarenta's Kings are
    // never taken).
    let mated = pos
        .end_state()
        .is_some_and(|e| e.reason == EndReason::Checkmate);
    let end_mark = mated.then(|| sq(pos.king_square(pos.side_to_move())));
    out.insert("end_mark".into(), json!(end_mark));
    out.insert("position".into(), json!(super::fen::write(pos)));
    let prompt = prompt(pos, you);
    if !prompt.is_empty() {
        out.insert("prompt".into(), json!(prompt));
    }
    out
}
