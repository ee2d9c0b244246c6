//! One game between two UCI engines, refereed by deckmate's own rules:
//! each move checked legal (an illegal one loses), the clocks kept (a
//! flag fallen loses), a game too long adjudicated a draw, a side whose
//! engine has seen itself lost for long resigned; the record made by the
//! game itself.

use super::openings::{game_at, random_ply, Opening};
use super::uci_client::{SearchFailure, UciClient};
use deckmate_games::registry::{game_text, GameEntry, RecordInfo, Settlement};
use deckmate_rules::{Seat, SeededRng};
use std::time::{Duration, Instant};

/// A time control: a clock with the time at the start and the increment
/// a move, or a fixed time for every move (`0.5/move`, UCI's `go
/// movetime`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TimeControl {
    /// Each side's time at the start, and what is added after each move.
    Clock {
        /// Each side's time at the start.
        base: Duration,
        /// Added after each move.
        increment: Duration,
    },
    /// Every move has this time to itself: nothing is carried over.
    PerMove(Duration),
}

/// The grace a move has beyond its time for the pipe, before its flag
/// falls.
const GRACE: Duration = Duration::from_millis(100);

impl TimeControl {
    /// What each side has on its clock at the start (a move's time for a
    /// time a move).
    pub fn start(&self) -> Duration {
        match *self {
            TimeControl::Clock { base, .. } => base,
            TimeControl::PerMove(t) => t,
        }
    }

    /// Whether a clock runs (a time a move keeps none).
    pub fn has_clock(&self) -> bool {
        matches!(self, TimeControl::Clock { .. })
    }

    /// The `go` command for a move, with each side's time `left`.
    pub fn go(&self, left: [Duration; 2]) -> String {
        let ms = |d: Duration| d.as_millis();
        match *self {
            TimeControl::PerMove(t) => format!("go movetime {}", ms(t)),
            TimeControl::Clock { increment, .. } => format!(
                "go wtime {} btime {} winc {} binc {}",
                ms(left[0]),
                ms(left[1]),
                ms(increment),
                ms(increment)
            ),
        }
    }

    /// The time a side with `left` on its clock may take for a move
    /// before it loses on time: its clock (or the move's time) and a
    /// grace for the pipe, a tenth more with a time a move.
    pub fn deadline(&self, left: Duration) -> Duration {
        match *self {
            TimeControl::PerMove(t) => t + t / 10 + GRACE,
            TimeControl::Clock { .. } => left + GRACE,
        }
    }

    /// What a side has on its clock after a move that took `took` from
    /// `left`.
    pub fn after_move(&self, left: Duration, took: Duration) -> Duration {
        match *self {
            TimeControl::PerMove(t) => t,
            TimeControl::Clock { increment, .. } => left.saturating_sub(took) + increment,
        }
    }
}

impl std::str::FromStr for TimeControl {
    type Err = String;

    /// `10+0.1` (seconds plus seconds a move), `10`, or `0.5/move` (a
    /// fixed time for every move).
    fn from_str(s: &str) -> Result<Self, String> {
        let secs = |t: &str| {
            t.trim()
                .parse::<f64>()
                .ok()
                .filter(|x| x.is_finite() && *x >= 0.0 && *x <= 86_400.0)
                .map(Duration::from_secs_f64)
        };
        let bad = || {
            format!("'{s}': a time control is SECONDS[+INCREMENT], e.g. 10+0.1, or SECONDS/move, e.g. 0.5/move")
        };
        if let Some(t) = s.trim().strip_suffix("/move") {
            return match secs(t) {
                Some(t) if t >= Duration::from_millis(1) => Ok(TimeControl::PerMove(t)),
                _ => Err(bad()),
            };
        }
        let (b, i) = s.split_once('+').unwrap_or((s, "0"));
        match (secs(b), secs(i)) {
            (Some(base), Some(increment)) if !base.is_zero() => {
                Ok(TimeControl::Clock { base, increment })
            }
            _ => Err(bad()),
        }
    }
}

impl std::fmt::Display for TimeControl {
    /// As it is read: `10+0.1`, or `0.5/move` (the form cutechess writes
    /// in a record's `TimeControl` tag).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            TimeControl::PerMove(t) => write!(f, "{}/move", t.as_secs_f64()),
            TimeControl::Clock { base, increment } => {
                write!(f, "{}+{}", base.as_secs_f64(), increment.as_secs_f64())
            }
        }
    }
}

/// How games are judged before their end.
#[derive(Clone, Copy, Debug)]
pub struct Adjudication {
    /// A game still going after this many plies is a draw.
    pub max_plies: usize,
    /// Resign for a side whose engine scored itself lost by this many
    /// hundredths (or mated) ...
    pub resign_cp: i32,
    /// ... on this many of its moves in a row (0: never).
    pub resign_moves: u32,
}

/// How one game ended.
#[derive(Clone, Debug)]
pub struct Played {
    /// The winner, none for a draw.
    pub winner: Option<Seat>,
    /// Why, in words.
    pub reason: String,
    /// The record.
    pub record: String,
    /// Plies played.
    pub plies: usize,
}

/// Plays one game from `opening`, `engines[0]` as the first seat.
#[allow(clippy::too_many_arguments)]
pub fn play(
    game: &'static GameEntry,
    seed: u64,
    opening: &Opening,
    engines: [&mut UciClient; 2],
    tc: TimeControl,
    adj: Adjudication,
    rng: &mut SeededRng,
) -> Result<Played, String> {
    let mut g = game_at(game, seed, opening)?;
    let mut moves = opening.moves.clone();
    let mut engines = engines;
    for e in engines.iter_mut() {
        e.send("ucinewgame")?;
        e.ready()?;
    }
    let mut left = [tc.start(); 2];
    let mut lost_for = [0u32; 2];
    let mut clocks = vec![None; g.history().len()];
    let names = game.seat_names;
    let end = |winner: Option<Seat>, reason: String| (winner, reason);
    let (winner, reason, settled) = loop {
        if let Some(o) = g.outcome() {
            break (o.winner, o.reason, None);
        }
        if g.history().len() >= adj.max_plies {
            let (w, r) = end(
                None,
                format!("adjudicated a draw after {} plies", adj.max_plies),
            );
            break (w, r, Some(Settlement::resigned_or_agreed(None)));
        }
        let Some(seat) = g.to_move() else {
            // Chance's card or both seats' setup: the referee draws.
            if !random_ply(g.as_mut(), rng, &mut moves) {
                break (
                    None,
                    "no move to draw".to_string(),
                    Some(Settlement::resigned_or_agreed(None)),
                );
            }
            clocks.push(None);
            continue;
        };
        let i = seat.index();
        let position = if moves.is_empty() {
            opening.uci_position()
        } else {
            format!("{} moves {}", opening.uci_position(), moves.join(" "))
        };
        let go = tc.go(left);
        let started = Instant::now();
        // The engine's time plus a grace for the pipe; a flag after it.
        let deadline = tc.deadline(left[i]);
        let answer = engines[i].search(&position, &go, deadline);
        let took = started.elapsed();
        let other = seat.other();
        let (best, score) = match answer {
            Ok(a) => a,
            Err(SearchFailure::Timeout) => {
                engines[i].settle();
                break (
                    Some(other),
                    format!("{} lost on time", names[i]),
                    Some(Settlement::lost_on_time(other.other())),
                );
            }
            Err(SearchFailure::Died) => {
                break (
                    Some(other),
                    format!("{}'s engine ({}) stopped", names[i], engines[i].name),
                    Some(Settlement::resigned_or_agreed(Some(other))),
                );
            }
        };
        if took > deadline {
            break (
                Some(other),
                format!("{} lost on time", names[i]),
                Some(Settlement::lost_on_time(other.other())),
            );
        }
        left[i] = tc.after_move(left[i], took);
        let text = match game_text(g.as_ref(), &best) {
            Ok(t) => t,
            Err(e) => {
                break (
                    Some(other),
                    format!("{}'s engine played an illegal move: {e}", names[i]),
                    Some(Settlement::resigned_or_agreed(Some(other))),
                );
            }
        };
        if let Err(e) = g.play_typed(&text) {
            break (
                Some(other),
                format!("{}'s engine played an illegal move: {e}", names[i]),
                Some(Settlement::resigned_or_agreed(Some(other))),
            );
        }
        moves.push(best);
        // A time a move keeps no clock: the record shows none.
        clocks.push(
            tc.has_clock()
                .then(|| u64::try_from(left[i].as_millis()).unwrap_or(u64::MAX)),
        );
        lost_for[i] = match score {
            Some(s) if s.lost_by(adj.resign_cp) => lost_for[i] + 1,
            _ => 0,
        };
        if adj.resign_moves > 0 && lost_for[i] >= adj.resign_moves {
            break (
                Some(other),
                format!(
                    "{} resigned (adjudicated: lost by its engine's score)",
                    names[i]
                ),
                Some(Settlement::resigned_or_agreed(Some(other))),
            );
        }
    };
    clocks.resize(g.history().len(), None);
    let info = RecordInfo {
        id: String::new(),
        players: [engines[0].name.clone(), engines[1].name.clone()],
        ended: settled,
        time_control: Some(tc.to_string()),
        clocks,
    };
    let mut record = g.record(&info);
    if settled.is_some() && !record.contains("[Termination") {
        record = format!("[Termination \"{reason}\"]\n{record}");
    }
    Ok(Played {
        winner,
        reason,
        record,
        plies: g.history().len(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls() {
        let tc: TimeControl = "10+0.1".parse().unwrap();
        assert_eq!(
            tc,
            TimeControl::Clock {
                base: Duration::from_secs(10),
                increment: Duration::from_millis(100)
            }
        );
        assert_eq!(
            "5".parse::<TimeControl>().unwrap(),
            TimeControl::Clock {
                base: Duration::from_secs(5),
                increment: Duration::ZERO
            }
        );
        for bad in [
            "", "0", "x+1", "10+y", "-1+0", "1e99", "NaN", "0/move", "/move", "1+1/move", "x/move",
        ] {
            assert!(bad.parse::<TimeControl>().is_err(), "{bad}");
        }
    }

    #[test]
    fn a_time_a_move_is_searched_with_movetime_and_never_carried_over() {
        let tc: TimeControl = "0.5/move".parse().unwrap();
        assert_eq!(tc, TimeControl::PerMove(Duration::from_millis(500)));
        assert!(!tc.has_clock());
        assert_eq!(tc.to_string(), "0.5/move");
        assert_eq!(tc.to_string().parse::<TimeControl>().unwrap(), tc);
        let left = [Duration::from_secs(3), Duration::from_secs(7)];
        assert_eq!(tc.go(left), "go movetime 500");
        // A quick move saves nothing, a slow one costs nothing later.
        let t = tc.start();
        assert_eq!(t, Duration::from_millis(500));
        assert_eq!(tc.after_move(t, Duration::from_millis(10)), t);
        assert_eq!(tc.after_move(t, Duration::from_millis(540)), t);
        // The flag: the move's time, a tenth more and the pipe's grace.
        assert_eq!(tc.deadline(Duration::ZERO), Duration::from_millis(650));
    }

    #[test]
    fn a_clock_is_searched_with_both_sides_time_and_keeps_the_rest() {
        let tc: TimeControl = "10+0.1".parse().unwrap();
        assert!(tc.has_clock());
        assert_eq!(tc.start(), Duration::from_secs(10));
        assert_eq!(tc.to_string(), "10+0.1");
        let left = [Duration::from_secs(3), Duration::from_millis(7250)];
        assert_eq!(tc.go(left), "go wtime 3000 btime 7250 winc 100 binc 100");
        assert_eq!(
            tc.after_move(Duration::from_secs(3), Duration::from_millis(500)),
            Duration::from_millis(2600)
        );
        assert_eq!(
            tc.deadline(Duration::from_secs(3)),
            Duration::from_millis(3100)
        );
    }
}
