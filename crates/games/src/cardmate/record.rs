//! Cardmate game records: the kernel's PGN-like [`Record`] with Cardmate's
//! tags and notation.
//!
//! Tags (all optional): `Variant` (`Cardmate`), `Setup`, `Seed`, `Palace`,
//! `Repetition`, `QuietLimit`, `FEN` (a start position other than a setup),
//! `Forehand`, `Rearhand`, `Result`, `Termination`. A file of bare movetext
//! is Cardmate from the predefined setup.

use super::fen;
use super::notation;
use super::options::{parse_quiet_limit, parse_switch, Options, SetupKind};
use super::position::{seat_name, End, EndReason, Move, Position};
use super::setup::start_position;
use deckmate_rules::{Record, Seat};
use std::fmt;

/// How a game starts: a setup and seed (or a position string), and the
/// rules options.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct GameSpec {
    /// The setup kind.
    pub setup: SetupKind,
    /// The seed of a random setup (stored for every setup).
    pub seed: u64,
    /// The rules options.
    pub options: Options,
    /// A start position instead of the setup, if any.
    pub fen: Option<String>,
}

impl GameSpec {
    /// The starting position.
    pub fn start(&self) -> Result<Position, fen::FenError> {
        match &self.fen {
            Some(f) => fen::parse(f, self.options),
            None => Ok(start_position(self.setup, self.seed, self.options)),
        }
    }

    /// Reads the spec from a record's tags.
    pub fn from_record(record: &Record) -> Result<GameSpec, ReplayError> {
        let bad = |reason: String| ReplayError {
            ply: 0,
            number: 0,
            seat: Seat::First,
            text: String::new(),
            reason,
        };
        if let Some(v) = record.tag("Variant") {
            if !v.eq_ignore_ascii_case("cardmate") {
                return Err(bad(format!("this record is for '{v}', not Cardmate")));
            }
        }
        let mut spec = GameSpec::default();
        if let Some(s) = record.tag("Setup") {
            spec.setup = s.parse().map_err(|e| bad(format!("tag Setup: {e}")))?;
        }
        if let Some(s) = record.tag("Seed") {
            spec.seed = s
                .parse()
                .map_err(|_| bad(format!("tag Seed: '{s}' is not a number 0..2^64")))?;
        }
        if let Some(s) = record.tag("Palace") {
            spec.options.palace = s.parse().map_err(|e| bad(format!("tag Palace: {e}")))?;
        }
        if let Some(s) = record.tag("Repetition") {
            spec.options.repetition =
                parse_switch("repetition", s).map_err(|e| bad(format!("tag Repetition: {e}")))?;
        }
        if let Some(s) = record.tag("QuietLimit") {
            spec.options.quiet_limit =
                parse_quiet_limit(s).map_err(|e| bad(format!("tag QuietLimit: {e}")))?;
        }
        if let Some(f) = record.tag("FEN") {
            spec.fen = Some(f.to_string());
        }
        Ok(spec)
    }

    /// Writes the spec as tags into `record`.
    pub fn write_tags(&self, record: &mut Record) {
        record.set_tag("Variant", "Cardmate");
        record.set_tag("Setup", self.setup.to_string());
        record.set_tag("Seed", self.seed.to_string());
        record.set_tag("Palace", self.options.palace.to_string());
        record.set_tag(
            "Repetition",
            if self.options.repetition { "on" } else { "off" },
        );
        record.set_tag(
            "QuietLimit",
            self.options
                .quiet_limit
                .map_or("off".to_string(), |n| n.to_string()),
        );
        if let Some(f) = &self.fen {
            record.set_tag("FEN", f.clone());
        }
    }
}

/// A record that does not replay: which move (number and side) and why.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ReplayError {
    /// 1-based ply of the bad move; 0 for a problem with the tags.
    pub ply: usize,
    /// The move number.
    pub number: u32,
    /// Who made the move.
    pub seat: Seat,
    /// The move as written.
    pub text: String,
    /// Why it is not legal.
    pub reason: String,
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.ply == 0 {
            return write!(f, "{}", self.reason);
        }
        let dots = if self.seat == Seat::First { "." } else { "..." };
        write!(
            f,
            "move {}{dots} {} ({}, ply {}): {}",
            self.number,
            self.text,
            seat_name(self.seat),
            self.ply,
            self.reason
        )
    }
}

impl std::error::Error for ReplayError {}

/// A replayed game.
#[derive(Clone, Debug)]
pub struct Replay {
    /// How it started.
    pub spec: GameSpec,
    /// The moves, checked.
    pub moves: Vec<Move>,
    /// The final position.
    pub position: Position,
    /// The result: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
    /// Why, or `None` while the game goes on.
    pub reason: Option<String>,
}

/// Replays a record, checking every move, and works out the result.
/// A decisive or drawn result written in a record whose position is not
/// over is taken as a resignation or an agreed draw; a written result that
/// contradicts how the game ended is an error.
pub fn replay(record: &Record) -> Result<Replay, ReplayError> {
    let spec = GameSpec::from_record(record)?;
    let mut pos = spec.start().map_err(|e| ReplayError {
        ply: 0,
        number: 0,
        seat: Seat::First,
        text: String::new(),
        reason: format!("tag FEN: {e}"),
    })?;
    let mut moves = Vec::with_capacity(record.moves.len());
    for (i, text) in record.moves.iter().enumerate() {
        let err = |pos: &Position, reason: String| ReplayError {
            ply: i + 1,
            number: pos.fullmove(),
            seat: pos.side_to_move(),
            text: text.clone(),
            reason,
        };
        if let Some(end) = pos.end_state() {
            return Err(err(
                &pos,
                format!("the game was already over: {}", end.describe()),
            ));
        }
        let mv = notation::parse(&pos, text).map_err(|e| err(&pos, e.to_string()))?;
        pos.play_move(mv);
        moves.push(mv);
    }
    let written = record
        .result
        .clone()
        .or_else(|| record.tag("Result").map(str::to_string));
    let (result, reason) = match pos.end_state() {
        Some(end) => {
            let r = result_of(&end).to_string();
            if let Some(w) = &written {
                if w != "*" && *w != r {
                    return Err(ReplayError {
                        ply: moves.len(),
                        number: pos.fullmove(),
                        seat: pos.side_to_move(),
                        text: w.clone(),
                        reason: format!(
                            "the record says {w}, but the game ended {r}: {}",
                            end.describe()
                        ),
                    });
                }
            }
            (r, Some(end.describe()))
        }
        None => match written.as_deref() {
            Some(w @ ("1-0" | "0-1")) => {
                let winner = if w == "1-0" {
                    Seat::First
                } else {
                    Seat::Second
                };
                let end = End {
                    winner: Some(winner),
                    reason: EndReason::Resignation,
                };
                pos.set_end(end);
                (w.to_string(), Some(end.describe()))
            }
            Some("1/2-1/2") => {
                let end = End {
                    winner: None,
                    reason: EndReason::Agreement,
                };
                pos.set_end(end);
                ("1/2-1/2".to_string(), Some(end.describe()))
            }
            _ => ("*".to_string(), None),
        },
    };
    Ok(Replay {
        spec,
        moves,
        position: pos,
        result,
        reason,
    })
}

/// The PGN result of an ended game.
pub fn result_of(end: &End) -> &'static str {
    match end.winner {
        Some(Seat::First) => "1-0",
        Some(Seat::Second) => "0-1",
        None => "1/2-1/2",
    }
}

/// Writes a game as a record: the spec's tags, the moves in the page's
/// notation, the result and its reason.
pub fn write(spec: &GameSpec, moves: &[Move], end: Option<End>) -> Result<Record, fen::FenError> {
    let mut record = Record::default();
    spec.write_tags(&mut record);
    let mut pos = spec.start()?;
    for &mv in moves {
        record.moves.push(notation::write(&pos, mv));
        pos.play_move(mv);
    }
    let end = end.or_else(|| pos.end_state());
    let result = end.as_ref().map_or("*", result_of);
    record.set_tag("Result", result);
    if let Some(e) = &end {
        record.set_tag("Termination", e.describe());
    }
    record.result = Some(result.to_string());
    Ok(record)
}
