//! How games end: a board game's end (the winner and a game's own reason,
//! its result and its words), and the [`Settlement`] the players reach
//! outside the rules (a resignation, an agreed draw, a flag fallen, an
//! abort, an abandonment claimed, a game closed after 30 days). It
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
    /// winner is the resigner's opponent) or an agreed draw. The game's
    /// reasons have no words for an abandonment or a closure (read as a
    /// resignation or a draw here: their records take
    /// [`Settlement::outcome`]'s words), and an abort has no end at all
    /// (ask [`Settlement::has_result`] first).
    pub fn settled(s: Settlement) -> End<R> {
        End {
            winner: s.winner,
            reason: match (s.winner, s.reason) {
                (Some(_), SettlementReason::OnTime) => R::TIME_FORFEIT,
                (Some(_), _) => R::RESIGNATION,
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

/// Why a game ended outside the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SettlementReason {
    /// The loser resigned.
    Resigned,
    /// The players agreed a draw.
    Agreed,
    /// The loser's clock ran out.
    OnTime,
    /// A seat aborted the game before both had moved (or the server did,
    /// when a first move did not come in time): no result.
    Aborted,
    /// The player of this seat left the game (no page open, no move for
    /// the abandonment time) and the other claimed the win or a draw.
    Abandoned(Seat),
    /// No move for 30 days in a game without a clock: closed, a draw.
    Stale,
}

/// An end the players reach outside the rules: a resignation, an agreed
/// draw, a flag fallen (the loser's clock ran out), an abort, an
/// abandonment claimed, or a game closed for want of moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settlement {
    /// The winner, `None` for a draw (and for an aborted game, which has
    /// no result).
    pub winner: Option<Seat>,
    /// Why.
    pub reason: SettlementReason,
}

/// The days without a move after which a game without a clock is closed
/// ([`Settlement::stale`]).
pub const STALE_DAYS: u64 = 30;

impl Settlement {
    /// The end as an [`Outcome`], with the game's seat names. An aborted
    /// game's has no winner and is no draw either: ask
    /// [`Settlement::has_result`] (its result is `*`,
    /// [`Settlement::result_text`]).
    pub fn outcome(&self, names: [&str; 2]) -> Outcome {
        let name = |s: Seat| names[s.index()];
        let reason = match (self.reason, self.winner) {
            (SettlementReason::OnTime, Some(w)) => format!("{} lost on time", name(w.other())),
            (SettlementReason::Resigned, Some(w)) => format!("{} resigned", name(w.other())),
            (SettlementReason::Abandoned(by), Some(_)) => {
                format!("{} abandoned the game", name(by))
            }
            (SettlementReason::Abandoned(by), None) => {
                format!("{} abandoned the game: a draw was called", name(by))
            }
            (SettlementReason::Aborted, _) => "the game was aborted".into(),
            (SettlementReason::Stale, _) => {
                format!("closed after {STALE_DAYS} days without a move")
            }
            _ => "the players agreed a draw".into(),
        };
        Outcome {
            winner: self.winner,
            reason,
            points: None,
        }
    }

    /// Whether the game has a result: every end but an abort.
    pub fn has_result(&self) -> bool {
        !self.is_aborted()
    }

    /// Whether the game was aborted (no result, unrated).
    pub fn is_aborted(&self) -> bool {
        self.reason == SettlementReason::Aborted
    }

    /// The PGN result: `1-0`, `0-1`, `1/2-1/2`, or `*` for an aborted game.
    pub fn result_text(&self) -> &'static str {
        if self.is_aborted() {
            return "*";
        }
        match self.winner {
            Some(Seat::First) => "1-0",
            Some(Seat::Second) => "0-1",
            None => "1/2-1/2",
        }
    }

    /// As stored: `{"winner": 0|1|null, "reason": ...}`, the reason
    /// `"resign"`, `"time"`, `"draw"` (as ever), `"abort"`, `"abandon"`
    /// (with `"by"`, the seat that left) or `"stale"`.
    pub fn to_json(&self) -> String {
        let winner = self.winner.map(|s| s.index());
        match self.reason {
            SettlementReason::Abandoned(by) => {
                json!({ "winner": winner, "reason": "abandon", "by": by.index() }).to_string()
            }
            r => {
                let reason = match (r, self.winner) {
                    (SettlementReason::Aborted, _) => "abort",
                    (SettlementReason::Stale, _) => "stale",
                    (SettlementReason::OnTime, Some(_)) => "time",
                    (_, Some(_)) => "resign",
                    (_, None) => "draw",
                };
                json!({ "winner": winner, "reason": reason }).to_string()
            }
        }
    }

    /// Reads a stored end. Every form stored before the newer reasons
    /// reads as it always did: a winner with `"time"` lost on time, any
    /// other winner resigned, no winner agreed a draw.
    pub fn from_json(text: &str) -> Option<Settlement> {
        let v: Value = serde_json::from_str(text).ok()?;
        let seat = |key: &str| match v.get(key).and_then(Value::as_u64) {
            Some(0) => Some(Seat::First),
            Some(1) => Some(Seat::Second),
            _ => None,
        };
        let winner = seat("winner");
        let reason = match (v.get("reason").and_then(Value::as_str), winner) {
            (Some("abort"), _) => return Some(Settlement::aborted()),
            (Some("stale"), _) => return Some(Settlement::stale()),
            (Some("abandon"), _) => {
                if let Some(by) = seat("by") {
                    return Some(Settlement::abandoned(by, winner.is_some()));
                }
                match winner {
                    Some(_) => SettlementReason::Resigned,
                    None => SettlementReason::Agreed,
                }
            }
            (Some("time"), Some(_)) => SettlementReason::OnTime,
            (_, Some(_)) => SettlementReason::Resigned,
            (_, None) => SettlementReason::Agreed,
        };
        Some(Settlement { winner, reason })
    }

    /// A resignation by the other seat of `winner`, or an agreed draw.
    pub fn resigned_or_agreed(winner: Option<Seat>) -> Settlement {
        Settlement {
            winner,
            reason: match winner {
                Some(_) => SettlementReason::Resigned,
                None => SettlementReason::Agreed,
            },
        }
    }

    /// `loser`'s clock ran out.
    pub fn lost_on_time(loser: Seat) -> Settlement {
        Settlement {
            winner: Some(loser.other()),
            reason: SettlementReason::OnTime,
        }
    }

    /// The game was aborted: no result.
    pub fn aborted() -> Settlement {
        Settlement {
            winner: None,
            reason: SettlementReason::Aborted,
        }
    }

    /// The player of seat `by` abandoned the game; the other claimed the
    /// win (`win`) or a draw.
    pub fn abandoned(by: Seat, win: bool) -> Settlement {
        Settlement {
            winner: win.then(|| by.other()),
            reason: SettlementReason::Abandoned(by),
        }
    }

    /// Closed after [`STALE_DAYS`] days without a move: a draw.
    pub fn stale() -> Settlement {
        Settlement {
            winner: None,
            reason: SettlementReason::Stale,
        }
    }

    /// Whether a board game's own end reasons cannot word this end (an
    /// abort, an abandonment, a closure): its record's `Termination` is
    /// then [`Settlement::outcome`]'s words.
    pub fn needs_own_words(&self) -> bool {
        matches!(
            self.reason,
            SettlementReason::Aborted | SettlementReason::Abandoned(_) | SettlementReason::Stale
        )
    }
}
