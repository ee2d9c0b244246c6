//! Coordinate notation for every board game: the moves of the UCI and
//! XBoard protocols (`deckmate uci`, `deckmate xboard`), made from what a
//! legal move already carries ([`PlayedGame::legal_moves_of`]'s `from`,
//! `to`, `promotion`, `promote`, `teleport`, `pass`), so that no game
//! writes a line of it. The one place the mapping lives, both ways:
//!
//! | move | coordinate |
//! |---|---|
//! | from a square to a square | `e2e4`, `a0b1` (the game's square names) |
//! | a promotion | `e7e8q`: the piece's letter, lower case |
//! | Cardmate's One becoming an Ace (`promote`) | `c6c7+` |
//! | a drop from the hand | the game's own `P@e4` |
//! | a pass (52Chess) | `0000` |
//! | a teleport that shares its squares with a plain move (52Chess) | `b2h7*` (alone it is plain `b2h7`) |
//! | a card drawn by chance (52Chess, a game without a seed) | `card:7H` |
//! | a move with no squares (Dealer's Chess's arrangements, re-deal offers) | the game's text without spaces |
//! | two moves still alike after all this | `e2e4~` and the game's text |
//!
//! Reading goes the other way: a token is matched against the coordinates
//! of the legal moves (letters' case ignored), `card:` against chance's
//! moves, and anything else is read as the game's own notation (`e4`,
//! `Nf3`, `4Ci3`), so both notations are accepted everywhere.

use super::{BoxedGame, PlayedGame};
use deckmate_rules::{Seat, ToAct};
use serde_json::Value;

/// The prefix of a card drawn by chance, as a coordinate (`card:7H`).
pub const CARD_PREFIX: &str = "card:";
/// The coordinate of a pass.
pub const PASS: &str = "0000";

/// A legal move in both notations.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CoordinateMove {
    /// The coordinate text (`e2e4`).
    pub coordinate: String,
    /// The game's own text (`e4`).
    pub text: String,
}

/// The game's text with its spaces taken out: a protocol's token.
fn token_of(text: &str) -> String {
    text.split_whitespace().collect()
}

/// A token as an error message shows it: at most 40 characters.
fn shown(token: &str) -> String {
    let clean: String = token.chars().filter(|c| !c.is_control()).collect();
    match clean.char_indices().nth(40) {
        Some((i, _)) => format!("{}...", &clean[..i]),
        None => clean,
    }
}

fn field<'a>(m: &'a Value, key: &str) -> Option<&'a str> {
    m.get(key).and_then(Value::as_str)
}

fn flag(m: &Value, key: &str) -> bool {
    m.get(key).and_then(Value::as_bool).unwrap_or(false)
}

/// A move's coordinate before twins are told apart.
fn base_of(m: &Value) -> String {
    let text = field(m, "text").unwrap_or("");
    if flag(m, "pass") {
        return PASS.to_string();
    }
    match (field(m, "from"), field(m, "to")) {
        (Some(from), Some(to)) => {
            let mut c = format!("{from}{to}");
            if let Some(p) = field(m, "promotion") {
                c.push_str(&p.to_lowercase());
            } else if flag(m, "promote") {
                c.push('+');
            }
            c
        }
        _ => token_of(text),
    }
}

/// The coordinates of legal move objects (as [`PlayedGame::legal_moves_of`]
/// gives them), in their order: each unique within the list.
pub fn coordinates_of(moves: &[Value]) -> Vec<String> {
    let mut out: Vec<String> = moves.iter().map(base_of).collect();
    let count = |out: &[String], c: &str| out.iter().filter(|o| o.eq_ignore_ascii_case(c)).count();
    // A teleport sharing its squares with a plain move is marked.
    let marked: Vec<String> = out
        .iter()
        .zip(moves)
        .map(|(c, m)| {
            if flag(m, "teleport") && count(&out, c) > 1 {
                format!("{c}*")
            } else {
                c.clone()
            }
        })
        .collect();
    out = marked;
    // Anything still alike: the game's text after a `~`.
    let last: Vec<String> = out
        .iter()
        .zip(moves)
        .map(|(c, m)| {
            if count(&out, c) > 1 {
                format!("{c}~{}", token_of(field(m, "text").unwrap_or("")))
            } else {
                c.clone()
            }
        })
        .collect();
    last
}

/// The seats whose moves a protocol may send now.
fn acting(game: &dyn PlayedGame) -> Vec<Seat> {
    match game.to_act() {
        ToAct::Seat(s) => vec![s],
        ToAct::Both => Seat::BOTH.to_vec(),
        _ => Vec::new(),
    }
}

/// Every move that may be sent now, in both notations: the acting seat's
/// (both seats' where both act), or chance's cards where chance's moves
/// are typed (a game without a seed).
pub fn coordinate_moves(game: &dyn PlayedGame) -> Vec<CoordinateMove> {
    let mut out = Vec::new();
    for seat in acting(game) {
        let legal = game.legal_moves_of(seat);
        for (m, c) in legal.iter().zip(coordinates_of(&legal)) {
            out.push(CoordinateMove {
                coordinate: c,
                text: field(m, "text").unwrap_or("").to_string(),
            });
        }
    }
    for text in game.chance_moves() {
        let card = text.trim().trim_start_matches('[').trim_end_matches(']');
        out.push(CoordinateMove {
            coordinate: format!("{CARD_PREFIX}{}", token_of(card)),
            text,
        });
    }
    out
}

/// The game's text of a move given as a token in either notation, checked
/// as the acting seat's (the first seat that may play it where both act),
/// or why it is refused.
pub fn game_text(game: &dyn PlayedGame, token: &str) -> Result<String, String> {
    let token = token.trim();
    let quoted = shown(token);
    if token.is_empty() {
        return Err("an empty move".to_string());
    }
    if let Some(m) = coordinate_moves(game)
        .into_iter()
        .find(|m| m.coordinate.eq_ignore_ascii_case(token))
    {
        return Ok(m.text);
    }
    if let Some(card) = token.strip_prefix(CARD_PREFIX) {
        if game.to_act() != ToAct::Chance {
            return Err(format!("'{quoted}': no card is drawn now"));
        }
        // Cards that lead to one position are one outcome: a card not
        // listed is read by the game's own notation (`[2H]`).
        return game
            .chance_moves()
            .into_iter()
            .find(|t| {
                token_of(t.trim_start_matches('[').trim_end_matches(']')).eq_ignore_ascii_case(card)
            })
            .or_else(|| game.check(&format!("[{card}]")).ok())
            .ok_or_else(|| format!("'{quoted}': not a card that may be drawn now"));
    }
    let seats = acting(game);
    if seats.is_empty() {
        return Err(match game.to_act() {
            ToAct::Chance => format!("'{quoted}': a card must be drawn first ({CARD_PREFIX}XX)"),
            _ => format!("'{quoted}': the game is over"),
        });
    }
    let mut error = String::new();
    for seat in seats {
        match game.check_as(seat, token) {
            Ok(text) => return Ok(text),
            Err(e) if error.is_empty() => error = e.to_string(),
            Err(_) => {}
        }
    }
    Err(format!("'{quoted}': {error}"))
}

/// Plays a move given as a token in either notation; its game text.
pub fn play_token(game: &mut dyn PlayedGame, token: &str) -> Result<String, String> {
    let text = game_text(game, token)?;
    game.play_typed(&text)
        .map_err(|e| format!("'{}': {e}", shown(token)))?;
    Ok(text)
}

/// The coordinate of a move given in the game's text, if it may be sent
/// now.
pub fn coordinate_of_text(game: &dyn PlayedGame, text: &str) -> Option<String> {
    coordinate_moves(game)
        .into_iter()
        .find(|m| m.text == text)
        .map(|m| m.coordinate)
}

/// A copy of a game: its own copy where it has one
/// ([`PlayedGame::clone_game`], no move replayed), else rebuilt from its
/// spec and moves.
pub fn copy_game(game: &dyn PlayedGame) -> Result<BoxedGame, String> {
    if let Some(copy) = game.clone_game() {
        return Ok(copy);
    }
    game.entry()
        .rebuild(&game.spec(), game.history())
        .map_err(|e| e.to_string())
}

/// A line of moves in the game's text from the position of `game` (left
/// as it was), as coordinates: as many as could be followed.
pub fn coordinate_line(game: &dyn PlayedGame, texts: &[String]) -> Vec<String> {
    let Ok(mut copy) = copy_game(game) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for text in texts {
        let Some(c) = coordinate_of_text(copy.as_ref(), text) else {
            break;
        };
        if copy.play_typed(text).is_err() {
            break;
        }
        out.push(c);
    }
    out
}
