//! Chess clocks kept by the server: its time is the truth.
//!
//! A game with a time control gives each seat `initial` milliseconds; a
//! seat's clock runs while it alone is to move, and after its move it gains
//! `increment`. As on lichess, each seat's first move is not timed: its
//! clock starts once it has moved (Chess Cards, where a seat may move
//! twice in a row, times every move after a seat's first: the clock of the
//! seat to move runs, whoever moved last). While both seats choose at once
//! (Dealer's Chess's arrangements) or chance acts, no clock runs. A seat
//! whose clock reaches zero loses on time (a flag), found by a timer the
//! server sets for the running clock.
//!
//! The clock is stored as each move's remaining time for its mover; after a
//! restart the clocks are read back from the last moves and the running
//! one starts again from the restart: the time the server was down is
//! charged to nobody.

use deckmate_rules::Seat;
use serde_json::{json, Value};
use std::time::{Duration, Instant};

/// The longest initial time and increment taken (a day, an hour).
const MAX_INITIAL_MS: u64 = 24 * 3_600_000;
const MAX_INCREMENT_MS: u64 = 3_600_000;

/// A time control: minutes and increment, in milliseconds.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct TimeControl {
    /// Each seat's time at the start.
    pub initial_ms: u64,
    /// Added after each timed move.
    pub increment_ms: u64,
}

impl TimeControl {
    /// Reads the API's `{"initial_s": 180, "increment_s": 2}`; `null` (or
    /// absent) is no clock.
    pub fn from_json(v: &Value) -> Result<Option<TimeControl>, String> {
        if v.is_null() {
            return Ok(None);
        }
        let Some(obj) = v.as_object() else {
            return Err(
                "time_control is {\"initial_s\": seconds, \"increment_s\": seconds} or null"
                    .to_string(),
            );
        };
        if let Some(k) = obj
            .keys()
            .find(|k| *k != "initial_s" && *k != "increment_s")
        {
            return Err(format!(
                "time_control: unknown field '{k}' (initial_s, increment_s)"
            ));
        }
        let secs = |name: &str| -> Result<f64, String> {
            match obj.get(name) {
                None => Ok(0.0),
                Some(x) => x
                    .as_f64()
                    .filter(|s| s.is_finite() && *s >= 0.0)
                    .ok_or_else(|| {
                        format!("time_control.{name} must be a number of seconds, 0 or more")
                    }),
            }
        };
        let initial_ms = (secs("initial_s")? * 1000.0).round() as u64;
        let increment_ms = (secs("increment_s")? * 1000.0).round() as u64;
        if initial_ms == 0 {
            return Err("time_control.initial_s must be more than 0".to_string());
        }
        if initial_ms > MAX_INITIAL_MS || increment_ms > MAX_INCREMENT_MS {
            return Err(
                "time_control: at most a day's initial time and an hour's increment".to_string(),
            );
        }
        Ok(Some(TimeControl {
            initial_ms,
            increment_ms,
        }))
    }

    /// As stored and in views: `{"initial_ms", "increment_ms"}`.
    pub fn to_json(self) -> Value {
        json!({ "initial_ms": self.initial_ms, "increment_ms": self.increment_ms })
    }

    /// Reads the stored form.
    pub fn from_stored(text: &str) -> Option<TimeControl> {
        let v: Value = serde_json::from_str(text).ok()?;
        Some(TimeControl {
            initial_ms: v.get("initial_ms")?.as_u64()?,
            increment_ms: v.get("increment_ms")?.as_u64()?,
        })
    }

    /// The record's `[TimeControl]`: seconds and increment, `180+2`.
    pub fn tag(self) -> String {
        let s = |ms: u64| {
            if ms.is_multiple_of(1000) {
                (ms / 1000).to_string()
            } else {
                format!("{:.1}", ms as f64 / 1000.0)
            }
        };
        format!("{}+{}", s(self.initial_ms), s(self.increment_ms))
    }
}

/// The clocks of a game.
#[derive(Clone, Debug)]
pub struct Clock {
    /// The time control.
    pub tc: TimeControl,
    /// Each seat's time left when its clock last stopped.
    remaining: [u64; 2],
    /// Whether each seat has made its first (untimed) move.
    started: [bool; 2],
    /// The seat whose clock runs, and since when.
    running: Option<(Seat, Instant)>,
}

impl Clock {
    /// Both clocks full, none running.
    pub fn new(tc: TimeControl) -> Clock {
        Clock {
            tc,
            remaining: [tc.initial_ms; 2],
            started: [false; 2],
            running: None,
        }
    }

    /// The clocks of a game restored from its moves: each seat's time after
    /// its last timed move (`moves`: each move's mover and stored time).
    pub fn restored(
        tc: TimeControl,
        moves: impl IntoIterator<Item = (Seat, Option<u64>)>,
    ) -> Clock {
        let mut c = Clock::new(tc);
        for (seat, left) in moves {
            c.started[seat.index()] = true;
            if let Some(ms) = left {
                c.remaining[seat.index()] = ms;
            }
        }
        c
    }

    /// Each seat's time left at `now`.
    pub fn remaining_at(&self, now: Instant) -> [u64; 2] {
        let mut r = self.remaining;
        if let Some((seat, since)) = self.running {
            let used = now.saturating_duration_since(since).as_millis() as u64;
            r[seat.index()] = r[seat.index()].saturating_sub(used);
        }
        r
    }

    /// The seat whose clock runs.
    pub fn running(&self) -> Option<Seat> {
        self.running.map(|(s, _)| s)
    }

    /// The seat whose time ran out at `now`, if any.
    pub fn flagged(&self, now: Instant) -> Option<Seat> {
        let (seat, _) = self.running?;
        (self.remaining_at(now)[seat.index()] == 0).then_some(seat)
    }

    /// When the running clock falls, if it runs.
    pub fn falls_in(&self, now: Instant) -> Option<Duration> {
        let (seat, _) = self.running?;
        Some(Duration::from_millis(self.remaining_at(now)[seat.index()]))
    }

    /// What [`Clock::moved`] will give `mover` for a move at `now`: its
    /// time left after the move, or `None` for an untimed first move.
    pub fn preview(&self, mover: Seat, now: Instant) -> Option<u64> {
        self.started[mover.index()]
            .then(|| self.remaining_at(now)[mover.index()].saturating_add(self.tc.increment_ms))
    }

    /// `mover` moved at `now`; `next` is the seat to move alone now (`None`:
    /// both seats, chance or nobody). Returns the mover's time left after
    /// the move (its increment added), or `None` for an untimed first move.
    pub fn moved(&mut self, mover: Seat, next: Option<Seat>, now: Instant) -> Option<u64> {
        self.remaining = self.remaining_at(now);
        self.running = None;
        let timed = self.started[mover.index()];
        self.started[mover.index()] = true;
        let out = timed.then(|| {
            let i = mover.index();
            self.remaining[i] = self.remaining[i].saturating_add(self.tc.increment_ms);
            self.remaining[i]
        });
        self.start(next, now);
        out
    }

    /// Starts the clock of `next` (if it alone is to move and has made its
    /// first move), stopping the other.
    pub fn start(&mut self, next: Option<Seat>, now: Instant) {
        self.remaining = self.remaining_at(now);
        self.running = next.filter(|s| self.started[s.index()]).map(|s| (s, now));
    }

    /// Stops both clocks (the game is over).
    pub fn stop(&mut self, now: Instant) {
        self.start(None, now);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Seat::{First, Second};

    const TC: TimeControl = TimeControl {
        initial_ms: 60_000,
        increment_ms: 2_000,
    };

    #[test]
    fn first_moves_are_untimed_then_the_clock_runs_and_gains_the_increment() {
        let t0 = Instant::now();
        let mut c = Clock::new(TC);
        assert_eq!(c.moved(First, Some(Second), t0), None);
        assert_eq!(c.running(), None, "Black's first move is not timed");
        let t1 = t0 + Duration::from_secs(30);
        assert_eq!(c.moved(Second, Some(First), t1), None);
        assert_eq!(c.running(), Some(First));
        let t2 = t1 + Duration::from_secs(10);
        assert_eq!(c.remaining_at(t2), [50_000, 60_000]);
        assert_eq!(c.moved(First, Some(Second), t2), Some(52_000));
        let t3 = t2 + Duration::from_secs(61);
        assert_eq!(c.flagged(t3), Some(Second));
        assert_eq!(c.remaining_at(t3), [52_000, 0]);
    }

    #[test]
    fn no_clock_runs_while_both_choose_and_a_restart_charges_nobody() {
        let t0 = Instant::now();
        let mut c = Clock::new(TC);
        c.moved(First, None, t0);
        assert_eq!(c.running(), None);
        let r = Clock::restored(TC, [(First, None), (Second, None), (First, Some(41_000))]);
        assert_eq!(r.remaining_at(t0), [41_000, 60_000]);
        let mut r = r;
        r.start(Some(Second), t0);
        assert_eq!(r.running(), Some(Second));
    }

    #[test]
    fn time_controls_are_read_with_their_faults_named() {
        let tc = |v: Value| TimeControl::from_json(&v);
        assert_eq!(
            tc(json!({"initial_s": 180, "increment_s": 2})),
            Ok(Some(TimeControl {
                initial_ms: 180_000,
                increment_ms: 2_000
            }))
        );
        assert_eq!(tc(Value::Null), Ok(None));
        for bad in [
            json!(5),
            json!({"initial_s": 0}),
            json!({"initial_s": -3}),
            json!({"initial_s": 60, "bonus": 1}),
            json!({"initial_s": 1e12}),
            json!({"initial_s": "60"}),
        ] {
            assert!(tc(bad.clone()).is_err(), "{bad}");
        }
        assert_eq!(TC.tag(), "60+2");
    }
}
