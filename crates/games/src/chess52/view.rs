//! What 52Chess shows: its part of the view (the board, the card drawn
//! and its square, the facts, the panels) and what a legal move carries
//! for the client's clicks. Game presentation, called by the
//! [`super::entry::Chess52Board`] hook.

use super::{Card, Chess52, Move};
use crate::fairy::{seat_name, EndReason};
use crate::registry::ViewKey;
use deckmate_rules::{Game, Seat};
use serde_json::{json, Map, Value};

/// The keys this game's views add to the common ones ([`GameEntry::view_keys`](crate::registry::GameEntry::view_keys)).
pub const VIEW_KEYS: &[ViewKey] = &[ViewKey {
    key: "drawn_card",
    kind: "object|null",
    meaning: "the card drawn for the move to come, and the square it names",
}];

/// A dense square's name, `a1` .. `d13`.
fn sq(i: u8) -> String {
    super::game::tables().name(i)
}

/// The from and to squares of a board move (`None` for a pass or a draw).
fn squares(mv: Move) -> Option<(u8, u8)> {
    match mv {
        Move::Play(m) if !m.is_pass() => Some((m.from_index(), m.to_index())),
        _ => None,
    }
}

/// The side to move's pieces that may teleport to the card's square, as
/// `Nb1` words.
fn teleporters(pos: &Chess52, card: Card) -> Vec<String> {
    let mut from = pos.teleporters(Chess52::card_square(card));
    let mut out = Vec::new();
    while from != 0 {
        let s = from.trailing_zeros() as u8;
        from &= from - 1;
        if let Some((_, k)) = pos.core().at_index(s) {
            out.push(format!("{}{}", pos.core().rules().pieces[k].letter, sq(s)));
        }
    }
    out
}

/// The sentence on the card drawn, for the terminal and the status line.
fn card_note(pos: &Chess52, card: Card) -> String {
    let to = sq(Chess52::card_square(card));
    let who = teleporters(pos, card);
    if who.is_empty() {
        format!("Card drawn: {card} ({to}): nothing may teleport there; a normal move.")
    } else if who.len() > 4 {
        format!(
            "Card drawn: {card} ({to}): {} pieces may teleport there ('moves' lists them), or a normal move.",
            who.len()
        )
    } else {
        format!(
            "Card drawn: {card} ({to}): {} may teleport there, or a normal move.",
            who.join(", ")
        )
    }
}

/// `from`/`to` (a teleport goes from its piece to the card's square;
/// a pass has neither), `teleport`, `pass`, `promotion`; `choice`
/// labels a teleport and a normal move of one piece to one square, and
/// a promotion's pieces.
pub(super) fn move_fields(pos: &Chess52, m: Move, legal: &[Move]) -> Map<String, Value> {
    let mut o = Map::new();
    let Move::Play(fm) = m else {
        return o;
    };
    let (from, to) = match squares(m) {
        Some((f, t)) => (Some(sq(f)), Some(sq(t))),
        None => (None, None),
    };
    let twins = legal
        .iter()
        .any(|&x| x != m && squares(x).is_some() && squares(x) == squares(m));
    o.insert("from".into(), json!(from));
    o.insert("to".into(), json!(to));
    o.insert("teleport".into(), json!(fm.is_teleport()));
    o.insert("pass".into(), json!(fm.is_pass()));
    let rules = pos.core().rules();
    let promotion = fm
        .promotion()
        .and_then(|k| rules.pieces.get(k))
        .map(|p| p.name.clone());
    o.insert(
        "promotion".into(),
        json!(fm
            .promotion()
            .and_then(|k| rules.pieces.get(k))
            .map(|p| p.letter.to_string())),
    );
    let choice = if fm.is_pass() {
        Some("Pass".to_string())
    } else if !twins {
        None
    } else if fm.is_teleport() {
        Some(format!("Teleport ({})", pos.move_text(m)))
    } else if let Some(p) = promotion {
        Some(p)
    } else {
        Some(format!("Move ({})", pos.move_text(m)))
    };
    o.insert("choice".into(), json!(choice));
    o
}

pub(super) fn view(pos: &Chess52, moves: &[Move], you: Option<Seat>) -> Map<String, Value> {
    let core = pos.core();
    let rules = core.rules();
    let mut pieces = Vec::new();
    for s in 0..super::rules::FILES * super::rules::RANKS {
        if let Some((seat, k)) = core.at_index(s) {
            let p = &rules.pieces[k];
            pieces.push(json!({
                "square": sq(s),
                "label": format!("{} {}", seat_name(seat), p.name),
                "symbol": p.letter.to_string(),
                "owner": seat.index(),
            }));
        }
    }
    let last = moves
        .iter()
        .rev()
        .find_map(|&m| squares(m))
        .map(|(f, t)| json!({ "from": sq(f), "to": sq(t) }));
    let drawn = pos.drawn();
    let mut facts = vec![
        json!({ "label": "Move", "value": core.fullmove().to_string() }),
        json!({
            "label": "Plies without a capture",
            "value": format!("{} of {}", core.quiet_plies(), super::rules::QUIET_LIMIT),
        }),
    ];
    if let Some(c) = drawn {
        facts.insert(
            0,
            json!({
                "label": "Card drawn",
                "value": format!("{c} ({})", sq(Chess52::card_square(c))),
            }),
        );
    }
    let zones: Vec<Value> = drawn
        .map(|c| {
            json!({
                "name": "card",
                "squares": [sq(Chess52::card_square(c))],
            })
        })
        .into_iter()
        .collect();
    let mut out = Map::new();
    out.insert(
        "board".into(),
        json!({
            "files": super::rules::FILES,
            "ranks": super::rules::RANKS,
            "rank_base": 1,
            "holes": [],
            "regions": zones,
            "marked": drawn.map(|c| vec![sq(Chess52::card_square(c))]).unwrap_or_default(),
            "piece_style": "disc",
            "choice_question": "Which move?",
        }),
    );
    out.insert("pieces".into(), json!(pieces));
    out.insert("last".into(), json!(last));
    out.insert("facts".into(), json!(facts));
    // The client's panels: the card drawn beside the board, and where
    // the card to come is chosen (an analysis board), in these words.
    out.insert(
        "panels".into(),
        json!([
            { "kind": "drawn-card", "label": "Card drawn" },
            {
                "kind": "chance",
                "question": "A card is to be drawn: choose it",
                "label": "the card drawn",
                "pick": "Draw this card",
                "random": "A random card",
                // An engine line that starts at chance's turn, before any
                // move: what its empty move list says.
                "before": "before the draw",
            },
        ]),
    );
    out.insert(
        "drawn_card".into(),
        json!(drawn.map(|c| {
            let name = c.to_string();
            let suit = name.chars().last().map(String::from).unwrap_or_default();
            let rank = name[..name.len().saturating_sub(1)].to_string();
            let (symbol, colour) = match suit.as_str() {
                "C" => ("\u{2663}", "black"),
                "D" => ("\u{2666}", "red"),
                "H" => ("\u{2665}", "red"),
                "S" => ("\u{2660}", "black"),
                _ => ("", "black"),
            };
            json!({
                "name": name,
                "rank": rank,
                "suit": suit,
                "symbol": symbol,
                "colour": colour,
                "square": sq(Chess52::card_square(c)),
                "teleporters": teleporters(pos, c),
                "ply": moves.len(),
            })
        })),
    );
    let over = pos.end().is_some();
    let threatened = !over && core.in_check();
    out.insert("check".into(), json!(threatened));
    if threatened {
        let king = core.pieces_of(core.side_to_move())
            & core.pieces_of_kind(rules.kind_of('K').unwrap_or(0));
        if king != 0 {
            out.insert(
                "check_square".into(),
                json!(sq(king.trailing_zeros() as u8)),
            );
        }
    }
    // The final position's mark: the mated King, or the square where the
    // King was taken (the last board move's destination).
    let king_of = |seat: Seat| {
        let k = core.pieces_of(seat) & core.pieces_of_kind(rules.kind_of('K').unwrap_or(0));
        (k != 0).then(|| sq(k.trailing_zeros() as u8))
    };
    let end_mark = match pos.end().map(|e| e.reason) {
        Some(EndReason::Checkmate) => king_of(core.side_to_move()),
        Some(EndReason::RoyalCaptured) => moves
            .iter()
            .rev()
            .find_map(|&m| squares(m))
            .map(|(_, t)| sq(t)),
        _ => None,
    };
    out.insert("end_mark".into(), json!(end_mark));
    out.insert("position".into(), json!(pos.position_text()));
    if let (Some(c), false) = (drawn, over) {
        out.insert("turn_note".into(), json!(card_note(pos, c)));
        let side = pos.side_to_move();
        let mine = if you == Some(side) { " (you)" } else { "" };
        out.insert(
            "prompt".into(),
            json!(format!(
                "{}{mine} drew {c}: teleport to {} or move",
                seat_name(side),
                sq(Chess52::card_square(c))
            )),
        );
    }
    out
}
