//! How games end: a board game's end (the winner and a game's own reason,
//! its result and its words), and the [`Settlement`] the players reach
//! outside the rules (a resignation, an agreed draw, a flag fallen). It
//! names no game and imports nothing of the registry: the registry's
//! [`crate::registry::Settlement`] is this one.

use deckmate_rules::{Outcome, Seat};
use serde_json::{json, Value};

/// A game's reasons for an end, with the words that tell them.
pub trait Reason: Copy {
    /// A player resigned (recorded, not played).
    const RESIGNATION: Self;
    /// The players agreed a draw.
    const AGREEMENT: Self;
    /// The loser's clock ran out (recorded, not played).
    const TIME_FORFEIT: Self;
    /// The game's name for a seat ("Forehand", "White").
    fn seat_name(seat: Seat) -> &'static str;
    /// The reason in words, given the winner's and the loser's names (both
    /// empty for a draw).
    fn words(self, winner: &str, loser: &str) -> String;
}

/// A finished game: the winner (none for a draw) and the reason.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct End<R> {
    /// The winner, `None` for a draw.
    pub winner: Option<Seat>,
    /// Why.
    pub reason: R,
}

impl<R: Reason> End<R> {
    /// The end the players reached outside the rules: a resignation (the
    /// winner is the resigner's opponent) or an agreed draw.
    pub fn settled(s: Settlement) -> End<R> {
        End {
            winner: s.winner,
            reason: match (s.winner, s.on_time) {
                (Some(_), true) => R::TIME_FORFEIT,
                (Some(_), false) => R::RESIGNATION,
                (None, _) => R::AGREEMENT,
            },
        }
    }

    /// The reason in words.
    pub fn describe(&self) -> String {
        self.describe_with(|s| R::seat_name(s).to_string())
    }

    /// The reason in words, the seats named by `name` (a game played in
    /// a match names its seats by the match's players).
    pub fn describe_with(&self, name: impl Fn(Seat) -> String) -> String {
        let w = self.winner.map(&name).unwrap_or_default();
        let l = self.winner.map(|s| name(s.other())).unwrap_or_default();
        self.reason.words(&w, &l)
    }

    /// The PGN result: `1-0`, `0-1` or `1/2-1/2`.
    pub fn result(&self) -> &'static str {
        match self.winner {
            Some(Seat::First) => "1-0",
            Some(Seat::Second) => "0-1",
            None => "1/2-1/2",
        }
    }

    /// The end as the kernel's [`Outcome`].
    pub fn outcome(&self) -> Outcome {
        Outcome {
            winner: self.winner,
            reason: self.describe(),
            points: None,
        }
    }
}

/// The PGN result of an ended game: `1-0`, `0-1` or `1/2-1/2`.
pub fn result_of<R: Reason>(end: &End<R>) -> &'static str {
    end.result()
}

/// An end the players reach outside the rules: a resignation, an agreed
/// draw, or a flag fallen (the loser's clock ran out).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settlement {
    /// The winner (the resigner's opponent), `None` for an agreed draw.
    pub winner: Option<Seat>,
    /// Whether the loser lost on time rather than resigned.
    pub on_time: bool,
}

impl Settlement {
    /// The end as an [`Outcome`], with the game's seat names.
    pub fn outcome(&self, names: [&str; 2]) -> Outcome {
        match self.winner {
            Some(w) if self.on_time => Outcome {
                winner: Some(w),
                reason: format!("{} lost on time", names[w.other().index()]),
                points: None,
            },
            Some(w) => Outcome {
                winner: Some(w),
                reason: format!("{} resigned", names[w.other().index()]),
                points: None,
            },
            None => Outcome {
                winner: None,
                reason: "the players agreed a draw".into(),
                points: None,
            },
        }
    }

    /// As stored: `{"winner": 0|1|null, "reason": "resign"|"time"|"draw"}`.
    pub fn to_json(&self) -> String {
        let reason = match (self.winner, self.on_time) {
            (Some(_), true) => "time",
            (Some(_), false) => "resign",
            (None, _) => "draw",
        };
        json!({ "winner": self.winner.map(|s| s.index()), "reason": reason }).to_string()
    }

    /// Reads a stored end.
    pub fn from_json(text: &str) -> Option<Settlement> {
        let v: Value = serde_json::from_str(text).ok()?;
        let winner = match v.get("winner").and_then(Value::as_u64) {
            Some(0) => Some(Seat::First),
            Some(1) => Some(Seat::Second),
            _ => None,
        };
        let on_time = winner.is_some() && v.get("reason").and_then(Value::as_str) == Some("time");
        Some(Settlement { winner, on_time })
    }

    /// A resignation by the other seat of `winner`, or an agreed draw.
    pub fn resigned_or_agreed(winner: Option<Seat>) -> Settlement {
        Settlement {
            winner,
            on_time: false,
        }
    }
}
