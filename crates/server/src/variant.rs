//! What the server needs from a game: the variant abstraction.
//!
//! Every game the web app serves is a [`Variant`] (a registry entry: key,
//! name, seats, options, rules text, constructors) whose games implement
//! [`VariantGame`]. The server stores a game as its spec (JSON) plus the
//! texts of the moves played, so a game is rebuilt after a restart by
//! `(variant.from_spec)(spec)` and `play` for each stored text. Everything
//! else (tokens, the database, engine threads, WebSockets, resignations,
//! draw offers, the view's common fields) is generic in `game.rs`,
//! `lib.rs` and `api.rs`.
//!
//! Moves travel as text in the game's own notation. A legal move in a
//! view is a JSON object with at least `"text"`; the other fields are what
//! the web client matches clicks against: `from`/`to` squares on a board,
//! `card`/`sacrifice` ids of cards in zones, and `choice`, the label of a
//! button when one click fits several moves (a promotion, a privilege).

use deckmate_rules::Seat;
use serde_json::{json, Map, Value};

/// A computation of the engine's move, run on a blocking thread away from
/// the game's lock; it returns the move's text.
pub type EngineJob = Box<dyn FnOnce() -> Option<String> + Send>;

/// A boxed game.
pub type BoxedGame = Box<dyn VariantGame>;

/// One option a variant takes at creation, as listed by `GET /api/variants`.
#[derive(Clone, Copy, Debug)]
pub struct GameOption {
    /// The option's name in `"options"`.
    pub name: &'static str,
    /// Its values.
    pub values: &'static [&'static str],
    /// The default value.
    pub default: &'static str,
}

/// A variant the server plays: its registry entry.
pub struct Variant {
    /// Stable key in the API and the database (`"cardmate"`).
    pub key: &'static str,
    /// The name shown.
    pub name: &'static str,
    /// The seats' keys in requests and responses, first seat first
    /// (`["forehand", "rearhand"]`).
    pub seats: [&'static str; 2],
    /// The seats' names shown (`["Forehand", "Rearhand"]`).
    pub seat_names: [&'static str; 2],
    /// The options taken at creation.
    pub options: &'static [GameOption],
    /// The rules as deckmate plays them, for `GET /api/rules/{key}`.
    pub rules: &'static str,
    /// A new game from the request's `"options"` (a JSON object or null)
    /// and a seed; the error says which option is wrong.
    pub create: fn(options: &Value, seed: u64) -> Result<BoxedGame, String>,
    /// A game at its start from a stored spec ([`VariantGame::spec`]).
    pub from_spec: fn(spec: &Value) -> Result<BoxedGame, String>,
}

impl Variant {
    /// The entry as `GET /api/variants` lists it.
    pub fn describe(&self) -> Value {
        json!({
            "key": self.key,
            "name": self.name,
            "seats": self.seats,
            "seat_names": self.seat_names,
            "options": self.options.iter().map(|o| json!({
                "name": o.name,
                "values": o.values,
                "default": o.default,
            })).collect::<Vec<_>>(),
            "rules": format!("/api/rules/{}", self.key),
        })
    }

    /// A seat from its key.
    pub fn seat(&self, key: &str) -> Option<Seat> {
        Seat::BOTH
            .into_iter()
            .find(|s| self.seats[s.index()] == key)
    }

    /// Rebuilds a game from its stored spec and move texts.
    pub fn rebuild(&self, spec: &Value, moves: &[String]) -> Result<BoxedGame, String> {
        let mut g = (self.from_spec)(spec)?;
        for (i, text) in moves.iter().enumerate() {
            g.play(text)
                .map_err(|e| format!("stored move {} '{text}': {e}", i + 1))?;
        }
        Ok(g)
    }
}

/// How a game ended on the board (or at the table): mate, a captured
/// King, a draw by the rules, a match decided by totals.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The winner, `None` for a draw.
    pub winner: Option<Seat>,
    /// The result token: `1-0`, `0-1`, `1/2-1/2`.
    pub result: String,
    /// Why, in words.
    pub reason: String,
}

/// An end reached outside the rules: a resignation or an agreed draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ended {
    /// The winner (the resigner's opponent), `None` for an agreed draw.
    pub winner: Option<Seat>,
}

impl Ended {
    /// The end as an [`Outcome`], with the variant's seat names.
    pub fn outcome(&self, names: [&str; 2]) -> Outcome {
        match self.winner {
            Some(w) => Outcome {
                winner: Some(w),
                result: result_token(Some(w)).into(),
                reason: format!("{} resigned", names[w.other().index()]),
            },
            None => Outcome {
                winner: None,
                result: result_token(None).into(),
                reason: "the players agreed a draw".into(),
            },
        }
    }

    /// As stored: `{"winner": 0|1|null, "reason": "resign"|"draw"}`.
    pub fn to_json(&self) -> String {
        let reason = if self.winner.is_some() {
            "resign"
        } else {
            "draw"
        };
        json!({ "winner": self.winner.map(|s| s.index()), "reason": reason }).to_string()
    }

    /// Reads a stored end.
    pub fn from_json(text: &str) -> Option<Ended> {
        let v: Value = serde_json::from_str(text).ok()?;
        let winner = match v.get("winner").and_then(Value::as_u64) {
            Some(0) => Some(Seat::First),
            Some(1) => Some(Seat::Second),
            _ => None,
        };
        Some(Ended { winner })
    }
}

/// `1-0` when the first seat wins, `0-1` for the second, `1/2-1/2` for a draw.
pub fn result_token(winner: Option<Seat>) -> &'static str {
    match winner {
        Some(Seat::First) => "1-0",
        Some(Seat::Second) => "0-1",
        None => "1/2-1/2",
    }
}

/// What a record needs besides the game: the server's game id, the
/// players' names by seat and an end outside the rules.
#[derive(Clone, Debug)]
pub struct RecordInfo {
    /// The game's id.
    pub id: String,
    /// The players' names by seat (`"Player"`, `"deckmate level 4"`).
    pub players: [String; 2],
    /// A resignation or agreed draw.
    pub ended: Option<Ended>,
}

/// One line of the move list: a label (`"1."`) and the plies on it
/// (indices into the history); `heading` starts a section (`"Game 2"`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveLine {
    /// A heading shown before the line, if any.
    pub heading: Option<String>,
    /// The label, e.g. `"1."`.
    pub label: String,
    /// The plies on this line.
    pub plies: Vec<usize>,
}

/// A game of one variant, as the server plays it. Implementations keep
/// the rules in the game crates and only translate to and from text and
/// JSON.
pub trait VariantGame: Send {
    /// The registry entry.
    fn variant(&self) -> &'static Variant;

    /// The spec as stored: options and seed, everything that with the move
    /// texts rebuilds the game through [`Variant::from_spec`].
    fn spec(&self) -> Value;

    /// The texts of the moves played, in order.
    fn history(&self) -> &[String];

    /// The seat to act, `None` when the game is over by its rules.
    fn to_move(&self) -> Option<Seat>;

    /// The end by the rules, if reached.
    fn outcome(&self) -> Option<Outcome>;

    /// The legal moves of the seat to act: objects with `"text"` and what
    /// the client matches clicks against (see the module's doc).
    fn legal_moves(&self) -> Vec<Value>;

    /// Checks a move of the seat to act, given as text: its canonical
    /// text, or why it is refused.
    fn check(&self, text: &str) -> Result<String, String>;

    /// Plays a move of the seat to act, given as text (checked).
    fn play(&mut self, text: &str) -> Result<(), String>;

    /// The game's part of the view for `you` (`None`: a spectator): a
    /// `board` with `pieces`, and/or `zones` of cards, `facts`, a
    /// `scoreboard`, a `prompt` for the seat to act, `last`. `live` is
    /// false for an earlier position being looked at.
    fn view(&self, you: Option<Seat>, live: bool) -> Map<String, Value>;

    /// The move list's lines; by default two plies a line.
    fn move_lines(&self) -> Vec<MoveLine> {
        pair_lines(self.history().len(), 0, 1)
    }

    /// A few words on where the game stands, for the lobby (`"move 12"`).
    fn progress(&self) -> String {
        format!("move {}", self.history().len() / 2 + 1)
    }

    /// The record as text.
    fn record(&self, info: &RecordInfo) -> String;

    /// The engine's move computation at `level` (1-8), `seed` for
    /// reproducible choices. Called only when a seat is to act.
    fn engine_job(&self, level: u8, seed: u64) -> EngineJob;

    /// Whether an engine in `seat` accepts a draw offer now.
    fn engine_accepts_draw(&self, seat: Seat) -> bool {
        let _ = seat;
        false
    }

    /// The spec of a rematch (`fresh_seed` for a new deal); by default the
    /// same spec.
    fn rematch_spec(&self, fresh_seed: u64) -> Value {
        let _ = fresh_seed;
        self.spec()
    }
}

/// Move-list lines of two plies each over plies `start..start + n`, numbered
/// from `first`.
pub fn pair_lines(n: usize, start: usize, first: usize) -> Vec<MoveLine> {
    (0..n)
        .step_by(2)
        .map(|i| MoveLine {
            heading: None,
            label: format!("{}.", first + i / 2),
            plies: (start + i..(start + i + 2).min(start + n)).collect(),
        })
        .collect()
}

/// The engines' rule for draw offers in the board games: accept when the
/// static evaluation (`score`, for `to_move`) shows no more than a small
/// edge (half a low card or a pawn) for the engine's `seat`.
pub fn engine_takes_draw(score: i32, to_move: Seat, seat: Seat) -> bool {
    let mine = if to_move == seat { score } else { -score };
    mine <= 50
}

/// Reads an option's value as text: strings as they are, booleans as
/// `on`/`off`, numbers in decimal.
pub fn option_text(options: &Value, name: &str) -> Result<Option<String>, String> {
    match options.get(name) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s.clone())),
        Some(Value::Bool(b)) => Ok(Some(if *b { "on".into() } else { "off".into() })),
        Some(Value::Number(n)) => Ok(Some(n.to_string())),
        Some(_) => Err(format!("option {name} must be a string")),
    }
}

/// Refuses options that are not an object (or null) and names that the
/// variant does not take.
pub fn check_option_names(options: &Value, known: &[GameOption]) -> Result<(), String> {
    match options {
        Value::Null => Ok(()),
        Value::Object(o) => {
            for k in o.keys() {
                if !known.iter().any(|x| x.name == k) {
                    let names: Vec<&str> = known.iter().map(|x| x.name).collect();
                    return Err(format!(
                        "unknown option '{k}' (options: {})",
                        names.join(", ")
                    ));
                }
            }
            Ok(())
        }
        _ => Err("options must be an object".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_engine_takes_a_draw_unless_it_is_clearly_ahead() {
        use deckmate_rules::Seat::{First, Second};
        assert!(engine_takes_draw(0, First, First));
        assert!(engine_takes_draw(50, First, First));
        assert!(!engine_takes_draw(51, First, First));
        // The score is for the side to move: the other seat sees it negated.
        assert!(engine_takes_draw(300, First, Second));
        assert!(!engine_takes_draw(-300, First, Second));
    }

    #[test]
    fn pair_lines_number_and_split() {
        let l = pair_lines(5, 0, 1);
        assert_eq!(l.len(), 3);
        assert_eq!(l[0].label, "1.");
        assert_eq!(l[2].plies, vec![4]);
        let l = pair_lines(3, 7, 1);
        assert_eq!(l[1].plies, vec![9]);
    }

    #[test]
    fn ends_round_trip() {
        for e in [
            Ended {
                winner: Some(Seat::First),
            },
            Ended {
                winner: Some(Seat::Second),
            },
            Ended { winner: None },
        ] {
            assert_eq!(Ended::from_json(&e.to_json()), Some(e));
        }
        let o = Ended {
            winner: Some(Seat::First),
        }
        .outcome(["Forehand", "Rearhand"]);
        assert_eq!(o.result, "1-0");
        assert_eq!(o.reason, "Rearhand resigned");
    }
}
