//! Positions with their game's result, and their text form: one a line,
//! the position string, a space and the result in brackets, a number from
//! 0 to 1 for the first seat (`[1.0]` it won, `[0.5]` a draw, `[0.0]` it
//! lost; another number, an engine's expectation, is written to four
//! places). Blank lines and lines starting with `#` are skipped.

use crate::any::AnyPosition;
use deckmate_rules::{Game, PositionError};
use std::fmt;
use std::fmt::Write as _;

/// A position and the result of the game it was played in, from the first
/// seat's point of view.
#[derive(Clone, Debug)]
pub struct Sample {
    /// The position.
    pub position: AnyPosition,
    /// 1 for a first-seat win, 0.5 a draw, 0 a loss (any value between
    /// for a result that is not a game's).
    pub result: f64,
}

/// The samples as text, one a line (see the module's notes).
pub fn write_samples(samples: &[Sample]) -> String {
    let mut out = String::new();
    for s in samples {
        // A game's result in tenths (`[1.0]`), another (an engine's
        // expectation) to four places.
        let r = s.result;
        if (r * 10.0 - (r * 10.0).round()).abs() < 1e-9 {
            let _ = writeln!(out, "{} [{r:.1}]", s.position.position_text());
        } else {
            let _ = writeln!(out, "{} [{r:.4}]", s.position.position_text());
        }
    }
    out
}

/// Why a line of samples was refused.
#[derive(Debug)]
pub enum SampleProblem {
    /// No result in brackets at the end of the line.
    NoResult,
    /// A result that is not a number from 0 to 1 (the text found).
    BadResult(String),
    /// A position string the variant refuses.
    Position(PositionError),
}

/// A refused line of samples: its number (from 1) and why.
#[derive(Debug)]
pub struct SampleError {
    /// The line's number, from 1.
    pub line: usize,
    /// What is wrong with it.
    pub problem: SampleProblem,
}

impl fmt::Display for SampleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: ", self.line)?;
        match &self.problem {
            SampleProblem::NoResult => {
                write!(f, "expected a position then a result such as [0.5]")
            }
            SampleProblem::BadResult(r) => {
                write!(f, "the result '{r}' is not a number from 0 to 1")
            }
            SampleProblem::Position(e) => write!(f, "position: {e}"),
        }
    }
}

impl std::error::Error for SampleError {}

/// Reads samples of the variant of `start` from their text (see the
/// module's notes); the first bad line is refused with its number.
pub fn read_samples(start: &AnyPosition, text: &str) -> Result<Vec<Sample>, SampleError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let bad = |problem| SampleError {
            line: i + 1,
            problem,
        };
        let (fen, result) = line
            .strip_suffix(']')
            .and_then(|l| l.rsplit_once('['))
            .ok_or_else(|| bad(SampleProblem::NoResult))?;
        let result: f64 = result
            .trim()
            .parse()
            .ok()
            .filter(|r: &f64| (0.0..=1.0).contains(r))
            .ok_or_else(|| bad(SampleProblem::BadResult(result.to_string())))?;
        let position = start
            .with_text(fen.trim())
            .map_err(|e| bad(SampleProblem::Position(e)))?;
        out.push(Sample { position, result });
    }
    Ok(out)
}
