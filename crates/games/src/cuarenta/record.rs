//! Cuarenta game records: the kernel's PGN-like [`Record`] with Cuarenta's
//! tags and notation.
//!
//! Tags: `Variant` (`Cuarenta`; a record for another game is refused),
//! `FEN` (a start position other than Q2's), `White`, `Black`, `Result`,
//! `Termination`. Moves are in [`super::notation`].

use super::fen::{self, FenError};
use super::notation;
use super::position::{seat_name, End, EndReason, Move, Position};
use super::start_position;
use deckmate_rules::{Record, Seat};
use std::fmt;

/// How a game starts: Q2's setup, or a position string.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct GameSpec {
    /// A start position instead of the setup, if any.
    pub fen: Option<String>,
}

impl GameSpec {
    /// The starting position.
    pub fn start(&self) -> Result<Position, FenError> {
        match &self.fen {
            Some(f) => fen::parse(f),
            None => Ok(start_position()),
        }
    }

    /// Reads the spec from a record's tags.
    pub fn from_record(record: &Record) -> Result<GameSpec, ReplayError> {
        if let Some(v) = record.tag("Variant") {
            if !v.eq_ignore_ascii_case("cuarenta") {
                return Err(ReplayError::tags(format!(
                    "this record is for '{v}', not Cuarenta"
                )));
            }
        }
        Ok(GameSpec {
            fen: record.tag("FEN").map(str::to_string),
        })
    }

    /// Writes the spec as tags into `record`.
    pub fn write_tags(&self, record: &mut Record) {
        record.set_tag("Variant", "Cuarenta");
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

impl ReplayError {
    fn tags(reason: String) -> ReplayError {
        ReplayError {
            ply: 0,
            number: 0,
            seat: Seat::First,
            text: String::new(),
            reason,
        }
    }
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

/// Plays `moves` (notation tokens) from `pos`, checking each; the error
/// names the first bad move.
pub fn play_moves(pos: &mut Position, moves: &[String]) -> Result<Vec<Move>, ReplayError> {
    let mut played = Vec::with_capacity(moves.len());
    for (i, text) in moves.iter().enumerate() {
        let err = |pos: &Position, reason: String| ReplayError {
            ply: i + 1,
            number: pos.fullmove(),
            seat: pos.side_to_move(),
            text: text.clone(),
            reason,
        };
        let mv = notation::parse(pos, text).map_err(|e| err(pos, e.to_string()))?;
        pos.play_move(mv);
        played.push(mv);
    }
    Ok(played)
}

/// Replays a record, checking every move, and works out the result. A
/// decisive or drawn result written in a record whose position is not over
/// is taken as a resignation or an agreed draw; a written result that
/// contradicts how the game ended is an error.
pub fn replay(record: &Record) -> Result<Replay, ReplayError> {
    let spec = GameSpec::from_record(record)?;
    let mut pos = spec
        .start()
        .map_err(|e| ReplayError::tags(format!("tag FEN: {e}")))?;
    let moves = play_moves(&mut pos, &record.moves)?;
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
        None => {
            let end = match written.as_deref() {
                Some("1-0") => Some(End {
                    winner: Some(Seat::First),
                    reason: EndReason::Resignation,
                }),
                Some("0-1") => Some(End {
                    winner: Some(Seat::Second),
                    reason: EndReason::Resignation,
                }),
                Some("1/2-1/2") => Some(End {
                    winner: None,
                    reason: EndReason::Agreement,
                }),
                _ => None,
            };
            match end {
                Some(e) => {
                    pos.set_end(e);
                    (result_of(&e).to_string(), Some(e.describe()))
                }
                None => ("*".to_string(), None),
            }
        }
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

/// Writes a game as a record: the spec's tags, the moves in Cuarenta's
/// notation, the result and its reason.
pub fn write(spec: &GameSpec, moves: &[Move], end: Option<End>) -> Result<Record, FenError> {
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
