//! What Cardmate shows: its part of the view (the 10x10 board of cards,
//! the palaces, the cards' words, the compulsory capture) and what a legal
//! move carries for the client's clicks. Game presentation, called by the
//! [`super::Cardmate`] hook.

use super::record::GameSpec;
use super::{palace, EndReason, Move, Position, Rank, Suit};
use crate::registry::ViewKey;
use deckmate_board::{RankStyle, Square};
use deckmate_rules::Seat;
use serde_json::{json, Map, Value};

/// The keys this game's views add to the common ones ([`GameEntry::view_keys`](crate::registry::GameEntry::view_keys)).
pub const VIEW_KEYS: &[ViewKey] = &[
    ViewKey {
        key: "compulsory",
        kind: "boolean",
        meaning: "whether the seat to move must capture (the whist-like rule)",
    },
    ViewKey {
        key: "setup",
        kind: "string",
        meaning: "the setup played: predefined, suits, ranks or deal",
    },
];

fn sq(s: Square) -> String {
    s.name(RankStyle::FromZero).to_string()
}

/// How a card's rank and suit read: each rank letter's name and face (the
/// Ten printed 10), each suit letter's name and symbol, so that a client
/// says a piece ("Ten of Clubs") and draws its face ("10♣").
fn card_words() -> Value {
    let mut ranks = Map::new();
    for i in 0..14u8 {
        let r = Rank::from_symbol(char::from(b"123456789XJQKA"[usize::from(i)]));
        if let Some(r) = r {
            let face = if r == Rank::TEN {
                "10".to_string()
            } else {
                r.symbol().to_string()
            };
            ranks.insert(r.symbol().to_string(), json!([r.name(), face]));
        }
    }
    let mut suits = Map::new();
    for s in Suit::ALL {
        suits.insert(
            s.letter().to_string(),
            json!([s.name(), s.symbol().to_string()]),
        );
    }
    json!({ "ranks": ranks, "suits": suits })
}

pub(super) fn move_fields(m: Move, legal: &[Move]) -> Map<String, Value> {
    // A One entering the far half may promote or stay: two moves on
    // one click, told apart by a button.
    let twin = legal
        .iter()
        .any(|o| o.from == m.from && o.to == m.to && o.promote != m.promote);
    let choice = twin.then_some(if m.promote { "Ace (=A)" } else { "Stay a One" });
    let mut o = Map::new();
    o.insert("from".into(), json!(sq(m.from)));
    o.insert("to".into(), json!(sq(m.to)));
    o.insert("promote".into(), json!(m.promote));
    o.insert("choice".into(), json!(choice));
    o
}

/// The square marked on the final position: where the loser's second
/// King was taken (the capturing card stands there now); none for any
/// other end (Cardmate knows no checkmate: a side without a move loses,
/// in check or not).
fn end_mark(pos: &Position, moves: &[Move]) -> Option<String> {
    let end = pos.end_state()?;
    match end.reason {
        EndReason::SecondKing => moves.last().map(|m| sq(m.to)),
        _ => None,
    }
}

/// The board's part of the view, the same in every Cardmate game: made
/// once (a server sends it with every view of every game).
fn board() -> &'static Value {
    static BOARD: std::sync::OnceLock<Value> = std::sync::OnceLock::new();
    BOARD.get_or_init(|| {
        json!({
            "files": 10,
            "ranks": 10,
            "rank_base": 0,
            "holes": [],
            "regions": [
                { "name": "Forehand's palace", "squares": palace(Seat::First).map(sq) },
                { "name": "Rearhand's palace", "squares": palace(Seat::Second).map(sq) },
            ],
            "midline": 5,
            "card_words": card_words(),
            // A card that must capture (C3), to a screen reader.
            "must_label": "must capture",
            // One click that may promote a One or not.
            "choice_question": "Promote the One?",
        })
    })
}

pub(super) fn view(
    spec: &GameSpec,
    pos: &Position,
    moves: &[Move],
    live: bool,
) -> Map<String, Value> {
    let mut pieces = Vec::new();
    for seat in Seat::BOTH {
        for c in pos.cards_of(seat) {
            if let Some(s) = pos.square_of(c) {
                // Its face and name in words come from the board's
                // `card_words`, once a view rather than once a card.
                pieces.push(json!({
                    "square": sq(s),
                    "label": c.to_string(),
                    "rank": c.rank().symbol().to_string(),
                    "suit": c.suit().letter().to_string(),
                    "red": c.suit().is_red(),
                    "owner": seat.index(),
                }));
            }
        }
    }
    let last = moves
        .last()
        .map(|m| json!({ "from": sq(m.from), "to": sq(m.to) }));
    let compulsory = live && pos.end_state().is_none() && pos.capture_is_compulsory();
    let mut out = Map::new();
    out.insert("board".into(), board().clone());
    out.insert("pieces".into(), json!(pieces));
    out.insert("last".into(), json!(last));
    out.insert("end_mark".into(), json!(end_mark(pos, moves)));
    out.insert("compulsory".into(), json!(compulsory));
    if compulsory {
        // Said after whose turn it is (the terminal's and the
        // browser's status lines).
        out.insert(
            "turn_note".into(),
            json!("A same-suit capture is compulsory."),
        );
    }
    out.insert("setup".into(), json!(spec.setup.to_string()));
    out.insert("seed".into(), json!(spec.seed));
    out.insert("position".into(), json!(super::fen::write(pos)));
    out
}
