//! Errors that name the position in the text.

use std::fmt;

/// What was wrong.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ErrorKind {
    /// The text is empty (or only spaces).
    Empty,
    /// A capital letter that is no atom (`Y`, `M`, ...).
    UnknownAtom(char),
    /// A lower-case letter that is no XBetza modifier (`t`, `w`).
    BadModifier(char),
    /// A character that has no meaning here (`%`, a digit before an atom).
    Unexpected(char),
    /// Modifiers with no atom after them.
    MissingAtom,
    /// Direction letters this atom or leg cannot use (`h` on a `W`).
    BadDirection(String),
    /// A range number above 15.
    BadNumber,
    /// `(x,y)` malformed, or not `0 <= x,y <= 15` with one of them non-zero.
    BadLeap,
    /// An opening or closing bracket without its partner.
    Unbalanced(char),
    /// A construct of XBetza (or a combination) that this compiler cannot
    /// play exactly; the text says which.
    Unsupported(String),
    /// The text is longer than [`MAX_TEXT_BYTES`](crate::MAX_TEXT_BYTES);
    /// the position is the first byte past the limit.
    TooLong {
        /// The limit, in bytes.
        max: usize,
        /// The text's length, in bytes.
        len: usize,
    },
    /// More clauses than [`MAX_CLAUSES`](crate::MAX_CLAUSES) (a compound
    /// counts its parts: `K` and `Q` are two); the position is the clause
    /// past the limit.
    TooManyClauses {
        /// The limit.
        max: usize,
    },
}

/// A Betza error: the byte position in the text and what was wrong.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct BetzaError {
    /// Byte offset in the text (0-based). For a tree built by hand rather
    /// than parsed, the offset of the faulty clause in its canonical text.
    pub at: usize,
    /// What was wrong.
    pub kind: ErrorKind,
}

impl BetzaError {
    pub(crate) fn new(at: usize, kind: ErrorKind) -> BetzaError {
        BetzaError { at, kind }
    }

    pub(crate) fn unsupported(at: usize, what: impl Into<String>) -> BetzaError {
        BetzaError::new(at, ErrorKind::Unsupported(what.into()))
    }
}

impl fmt::Display for BetzaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "at {}: ", self.at)?;
        match &self.kind {
            ErrorKind::Empty => write!(f, "empty move description"),
            ErrorKind::UnknownAtom(c) => write!(f, "unknown atom '{c}'"),
            ErrorKind::BadModifier(c) => write!(f, "unknown modifier '{c}'"),
            ErrorKind::Unexpected(c) => write!(f, "unexpected '{c}'"),
            ErrorKind::MissingAtom => write!(f, "modifiers without an atom"),
            ErrorKind::BadDirection(d) => write!(f, "direction '{d}' does not apply here"),
            ErrorKind::BadNumber => write!(f, "range number too large (at most 15)"),
            ErrorKind::BadLeap => {
                write!(f, "a leap is written (x,y) with 0 <= x,y <= 15, not both 0")
            }
            ErrorKind::Unbalanced(c) => write!(f, "unbalanced '{c}'"),
            ErrorKind::Unsupported(s) => write!(f, "not supported: {s}"),
            ErrorKind::TooLong { max, len } => write!(
                f,
                "the move description is {len} bytes long, more than the limit of {max}"
            ),
            ErrorKind::TooManyClauses { max } => write!(
                f,
                "more than {max} move clauses, the limit (K and Q count as two each)"
            ),
        }
    }
}

impl std::error::Error for BetzaError {}
