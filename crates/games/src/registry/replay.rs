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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::registry::{Options, RecordInfo, GAMES};

    #[test]
    fn every_game_replays_its_own_record_and_refuses_a_bad_move() {
        for g in GAMES {
            let mut game = g
                .new_game(&Options::defaults(g.options), 5)
                .expect("a game");
            for _ in 0..4 {
                // While both seats choose at once (Dealer's Chess's
                // arrangements), the first of them.
                let seat = deckmate_rules::Seat::BOTH
                    .into_iter()
                    .find(|&s| game.to_act().includes(s))
                    .expect("a seat to move");
                let text = game.legal_moves_of(seat)[0]["text"]
                    .as_str()
                    .unwrap_or_default()
                    .to_string();
                game.play(&text).expect("a legal move");
            }
            let record = game.record(&RecordInfo {
                id: String::new(),
                players: ["A".into(), "B".into()],
                ended: None,
                ..Default::default()
            });
            let r = g
                .replay_text(&record)
                .unwrap_or_else(|f| panic!("{}: {}", g.key, f.message));
            // Four moves, and the cards drawn before them in a game of chance.
            let n = game.history().len();
            assert!(n == 4 || g.key == "52chess", "{}", g.key);
            assert_eq!((r.plies, r.result.as_str()), (n, "*"), "{}", g.key);
            assert_eq!(r.json["plies"], n, "{}", g.key);
            assert!(r.text.contains("all legal"), "{}: {}", g.key, r.text);
            // The last move replaced by nonsense: refused, named by its ply.
            let last = game.history().last().cloned().unwrap_or_default();
            let at = record.rfind(&format!(" {last}")).unwrap_or(0);
            let bad = format!("{} zz9{}", &record[..at], &record[at + 1 + last.len()..]);
            let f = g
                .replay_text(&bad)
                .err()
                .unwrap_or_else(|| panic!("{}: {bad}", g.key));
            assert_eq!(f.json["ply"], n, "{}: {}", g.key, f.message);
        }
    }

    #[test]
    fn a_board_games_replay_says_where_it_stands() {
        let r = Replayed::board_game(Map::new(), "x w 0 1".into(), 0, "*".into(), None, "s");
        assert_eq!(
            r.text,
            "Position: x w 0 1\nMoves: 0 plies, all legal (s)\nResult: * (the game goes on)\n"
        );
        assert!(r.json["reason"].is_null());
        let f = ReplayFailure::at(3, "bad".into());
        assert_eq!(f.json["ply"], 3);
        assert_eq!(
            read_record("{ never closed")
                .err()
                .map(|f| f.json["ply"].clone()),
            Some(json!(0))
        );
    }
}
