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

/// A time control: the time at the start and the increment a move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TimeControl {
    /// Each side's time at the start.
    pub base: Duration,
    /// Added after each move.
    pub increment: Duration,
}

impl std::str::FromStr for TimeControl {
    type Err = String;

    /// `10+0.1` (seconds plus seconds a move) or `10`.
    fn from_str(s: &str) -> Result<Self, String> {
        let (b, i) = s.split_once('+').unwrap_or((s, "0"));
        let secs = |t: &str| {
            t.trim()
                .parse::<f64>()
                .ok()
                .filter(|x| x.is_finite() && *x >= 0.0 && *x <= 86_400.0)
                .map(Duration::from_secs_f64)
        };
        match (secs(b), secs(i)) {
            (Some(base), Some(increment)) if !base.is_zero() => Ok(TimeControl { base, increment }),
            _ => Err(format!(
                "'{s}': a time control is SECONDS[+INCREMENT], e.g. 10+0.1"
            )),
        }
    }
}

impl std::fmt::Display for TimeControl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}+{}",
            self.base.as_secs_f64(),
            self.increment.as_secs_f64()
        )
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
    let mut left = [tc.base; 2];
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
        let ms = |d: Duration| d.as_millis();
        let go = format!(
            "go wtime {} btime {} winc {} binc {}",
            ms(left[0]),
            ms(left[1]),
            ms(tc.increment),
            ms(tc.increment)
        );
        let started = Instant::now();
        // The engine's time plus a grace for the pipe; a flag after it.
        let grace = Duration::from_millis(100);
        let answer = engines[i].search(&position, &go, left[i] + grace);
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
        if took > left[i] + grace {
            break (
                Some(other),
                format!("{} lost on time", names[i]),
                Some(Settlement::lost_on_time(other.other())),
            );
        }
        left[i] = left[i].saturating_sub(took) + tc.increment;
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
        clocks.push(Some(u64::try_from(left[i].as_millis()).unwrap_or(u64::MAX)));
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
        time_control: Some(format!(
            "{}+{}",
            tc.base.as_secs_f64(),
            tc.increment.as_secs_f64()
        )),
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
        assert_eq!(tc.base, Duration::from_secs(10));
        assert_eq!(tc.increment, Duration::from_millis(100));
        assert_eq!(
            "5".parse::<TimeControl>().unwrap().increment,
            Duration::ZERO
        );
        for bad in ["", "0", "x+1", "10+y", "-1+0", "1e99", "NaN"] {
            assert!(bad.parse::<TimeControl>().is_err(), "{bad}");
        }
    }
}
