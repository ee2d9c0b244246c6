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
//!
//! A correspondence time control gives the seat to move N days (1-14) for
//! each move: its time resets to N days after every move (nothing
//! accumulates), every move is timed, the first ones too, and its clock
//! runs from the stored time of the last move (or the game's creation),
//! across restarts: days are the wall clock's.

use deckmate_rules::Seat;
use serde_json::{json, Value};
use std::time::{Duration, Instant};

/// The longest initial time and increment taken (a day, an hour).
const MAX_INITIAL_MS: u64 = 24 * 3_600_000;
const MAX_INCREMENT_MS: u64 = 3_600_000;

/// A day, in milliseconds.
pub const DAY_MS: u64 = 24 * 3_600_000;
/// The days a move a correspondence time control may give.
pub const CORRESPONDENCE_DAYS: std::ops::RangeInclusive<u64> = 1..=14;

/// A time control: minutes and increment, in milliseconds; or a
/// correspondence game's days a move.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct TimeControl {
    /// Each seat's time at the start (a correspondence game's: each move's
    /// time).
    pub initial_ms: u64,
    /// Added after each timed move (none in correspondence).
    pub increment_ms: u64,
    /// Correspondence: the days each move may take (1-14); its time is
    /// `initial_ms`, reset after every move.
    pub days: Option<u8>,
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
                "time_control is {\"initial_s\": seconds, \"increment_s\": seconds}, {\"days\": 1-14} or null"
                    .to_string(),
            );
        };
        if obj.contains_key("days") {
            if let Some(k) = obj.keys().find(|k| *k != "days") {
                return Err(format!(
                    "time_control: unknown field '{k}' beside days (a correspondence game is {{\"days\": 1-14}})"
                ));
            }
            return match obj.get("days").and_then(Value::as_u64) {
                Some(d) if CORRESPONDENCE_DAYS.contains(&d) => {
                    Ok(Some(TimeControl::correspondence(d as u8)))
                }
                _ => Err("time_control.days must be a whole number of days, 1 to 14".to_string()),
            };
        }
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
            days: None,
        }))
    }

    /// A correspondence time control of `days` a move.
    pub fn correspondence(days: u8) -> TimeControl {
        TimeControl {
            initial_ms: u64::from(days) * DAY_MS,
            increment_ms: 0,
            days: Some(days),
        }
    }

    /// Whether this is a correspondence time control (days a move).
    pub fn is_correspondence(self) -> bool {
        self.days.is_some()
    }

    /// As stored and in views: `{"initial_ms", "increment_ms"}`, with
    /// `"days"` for a correspondence game (its `initial_ms` each move's
    /// time).
    pub fn to_json(self) -> Value {
        match self.days {
            Some(d) => json!({
                "initial_ms": self.initial_ms,
                "increment_ms": self.increment_ms,
                "days": d,
            }),
            None => json!({ "initial_ms": self.initial_ms, "increment_ms": self.increment_ms }),
        }
    }

    /// As the API takes it: `{"initial_s", "increment_s"}` or `{"days"}`
    /// ([`TimeControl::from_json`] reads it back the same).
    pub fn to_request(self) -> Value {
        match self.days {
            Some(d) => json!({ "days": d }),
            None => json!({
                "initial_s": self.initial_ms as f64 / 1000.0,
                "increment_s": self.increment_ms as f64 / 1000.0,
            }),
        }
    }

    /// Reads the stored form (rows stored before correspondence read as
    /// before).
    pub fn from_stored(text: &str) -> Option<TimeControl> {
        let v: Value = serde_json::from_str(text).ok()?;
        let days = match v.get("days") {
            None | Some(Value::Null) => None,
            Some(d) => Some(u8::try_from(d.as_u64()?).ok()?),
        };
        let initial_ms = match (v.get("initial_ms").and_then(Value::as_u64), days) {
            (Some(ms), _) => ms,
            (None, Some(d)) => u64::from(d) * DAY_MS,
            (None, None) => return None,
        };
        Some(TimeControl {
            initial_ms,
            increment_ms: v.get("increment_ms").and_then(Value::as_u64).unwrap_or(0),
            days,
        })
    }

    /// The record's `[TimeControl]`: seconds and increment, `180+2`; a
    /// correspondence game's `1/259200` (PGN's "moves/seconds": one move
    /// in so many seconds).
    pub fn tag(self) -> String {
        if self.days.is_some() {
            return format!("1/{}", self.initial_ms / 1000);
        }
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
    /// Both clocks full, none running (a correspondence game's first
    /// moves are timed: both clocks are started).
    pub fn new(tc: TimeControl) -> Clock {
        Clock {
            tc,
            remaining: [tc.initial_ms; 2],
            started: [tc.is_correspondence(); 2],
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
            // Correspondence: each move has its days afresh.
            if let Some(ms) = left.filter(|_| !tc.is_correspondence()) {
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
        if self.tc.is_correspondence() {
            return Some(self.tc.initial_ms);
        }
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
        let correspondence = self.tc.is_correspondence();
        let out = timed.then(|| {
            let i = mover.index();
            // Correspondence: the time resets to the days a move; nothing
            // accumulates.
            self.remaining[i] = if correspondence {
                self.tc.initial_ms
            } else {
                self.remaining[i].saturating_add(self.tc.increment_ms)
            };
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
        days: None,
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
                increment_ms: 2_000,
                days: None,
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

    #[test]
    fn item_6_correspondence_days_are_read_reset_each_move_and_stored() {
        let tc = |v: Value| TimeControl::from_json(&v);
        let three = tc(json!({"days": 3})).unwrap().unwrap();
        assert_eq!(three.initial_ms, 3 * DAY_MS);
        assert_eq!(three.days, Some(3));
        assert_eq!(tc(json!({"days": 14})).unwrap().unwrap().days, Some(14));
        for bad in [
            json!({"days": 0}),
            json!({"days": 15}),
            json!({"days": 2.5}),
            json!({"days": "3"}),
            json!({"days": 3, "initial_s": 60}),
        ] {
            assert!(tc(bad.clone()).is_err(), "{bad}");
        }
        // Stored with its days; old rows read as before.
        let stored = three.to_json().to_string();
        assert_eq!(TimeControl::from_stored(&stored), Some(three));
        assert_eq!(
            TimeControl::from_stored(r#"{"initial_ms":60000,"increment_ms":2000}"#),
            Some(TC)
        );
        assert_eq!(TimeControl::from_json(&three.to_request()), Ok(Some(three)));
        assert_eq!(TimeControl::from_json(&TC.to_request()), Ok(Some(TC)));
        // Every move timed, the first too; the time resets after each.
        let t0 = Instant::now();
        let mut c = Clock::new(three);
        c.start(Some(First), t0);
        assert_eq!(c.running(), Some(First));
        let t1 = t0 + Duration::from_secs(3600);
        assert_eq!(c.moved(First, Some(Second), t1), Some(3 * DAY_MS));
        let t2 = t1 + Duration::from_secs(2 * 86_400);
        assert_eq!(c.moved(Second, Some(First), t2), Some(3 * DAY_MS));
        assert_eq!(c.remaining_at(t2), [3 * DAY_MS, 3 * DAY_MS]);
        let t3 = t2 + Duration::from_secs(3 * 86_400);
        assert_eq!(c.flagged(t3), Some(First));
        assert_eq!(three.tag(), "1/259200");
    }
}
