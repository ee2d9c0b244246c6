//! Errors that name the position in the text.

use std::fmt;

/// What was wrong.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ErrorKind {
    /// The text is empty.
    Empty,
    /// A character that has no meaning here.
    Unexpected(char),
    /// Modifiers with no atom after them.
    MissingAtom,
    /// A direction letter that this atom cannot use.
    BadDirection(String),
    /// A number out of range or malformed.
    BadNumber,
    /// `(x,y)` malformed.
    BadLeap,
    /// A construct this compiler cannot play exactly.
    Unsupported(String),
}

/// A Betza error: the byte position in the text and what was wrong.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct BetzaError {
    /// Byte offset in the text (0-based).
    pub at: usize,
    /// What was wrong.
    pub kind: ErrorKind,
}

impl fmt::Display for BetzaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "at {}: ", self.at)?;
        match &self.kind {
            ErrorKind::Empty => write!(f, "empty move description"),
            ErrorKind::Unexpected(c) => write!(f, "unexpected '{c}'"),
            ErrorKind::MissingAtom => write!(f, "modifiers without an atom"),
            ErrorKind::BadDirection(d) => write!(f, "direction '{d}' does not apply to this atom"),
            ErrorKind::BadNumber => write!(f, "bad range number (1 to 15)"),
            ErrorKind::BadLeap => {
                write!(f, "a leap is written (x,y) with 0 <= x,y <= 15, not both 0")
            }
            ErrorKind::Unsupported(s) => write!(f, "not supported: {s}"),
        }
    }
}

impl std::error::Error for BetzaError {}
