//! A record replayed by its game ([`GameEntry::replay`](super::GameEntry)):
//! what the shells show of it (the final position's view, a few lines of
//! text, one JSON object), or why it does not replay.

use deckmate_rules::Record;
use serde_json::{json, Map, Value};

/// A record that replayed: every move was legal.
#[derive(Clone, Debug)]
pub struct Replayed {
    /// The final position as a spectator's view ([`super::PlayedGame::view`]):
    /// the board drawn after a replay. `None` for a game that shows none.
    pub view: Option<Map<String, Value>>,
    /// The result: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
    /// Why the game ended, `None` while it goes on.
    pub reason: Option<String>,
    /// The moves (plies, plays) replayed.
    pub plies: usize,
    /// What `deckmate replay` prints after the board: lines, each ending
    /// in a newline (the position, the moves, the result).
    pub text: String,
    /// What `deckmate replay --json` prints: one object.
    pub json: Value,
}

impl Replayed {
    /// A replayed board game: `position` is its position string, `start`
    /// says where it started (`setup deal, seed 4`). The text is
    /// `Position:`, `Moves:` and `Result:` lines; the JSON holds the
    /// result, reason, plies and position.
    pub fn board_game(
        view: Map<String, Value>,
        position: String,
        plies: usize,
        result: String,
        reason: Option<String>,
        start: &str,
    ) -> Replayed {
        let mut text = format!("Position: {position}\n");
        let noun = if plies == 1 { "ply" } else { "plies" };
        text.push_str(&format!("Moves: {plies} {noun}, all legal ({start})\n"));
        match &reason {
            Some(r) => text.push_str(&format!("Result: {result} ({r})\n")),
            None => text.push_str("Result: * (the game goes on)\n"),
        }
        let json = json!({
            "result": result,
            "reason": reason,
            "plies": plies,
            "position": position,
        });
        Replayed {
            view: Some(view),
            result,
            reason,
            plies,
            text,
            json,
        }
    }
}

/// A record that does not replay: the message (the first bad move with
/// its number, side and reason, or what is wrong with the file or its
/// tags) and what `--json` prints (`{"error", "ply"}` and what else the
/// game adds).
#[derive(Clone, Debug, PartialEq)]
pub struct ReplayFailure {
    /// The message.
    pub message: String,
    /// The JSON object.
    pub json: Value,
}

impl ReplayFailure {
    /// A failure at `ply` (1-based; 0 for the file or its tags).
    pub fn at(ply: usize, message: String) -> ReplayFailure {
        ReplayFailure {
            json: json!({ "error": message, "ply": ply }),
            message,
        }
    }
}

/// Reads a record of one game; a text that is not one is refused at ply 0.
pub fn read_record(text: &str) -> Result<Record, ReplayFailure> {
    Record::parse(text).map_err(|e| ReplayFailure::at(0, format!("cannot read the record: {e}")))
}
