//! [`GameError`]: why the host could not make or rebuild a game, typed so
//! that a shell tells a bad option from a stored spec that no longer reads
//! from a stored move the rules refuse, with a stable code for each.

use deckmate_rules::MoveError;
use std::fmt;

/// Why a game could not be made ([`super::GameEntry::new_game`]) or
/// rebuilt from its spec and moves ([`super::GameEntry::game_from_spec`],
/// [`super::GameEntry::rebuild`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameError {
    /// The options or the seed do not make a game: the game's words,
    /// naming the option.
    Options(String),
    /// A spec does not read (a variant file that changed, a board's spec
    /// sent back wrong): the game's words.
    Spec(String),
    /// A move of the history does not play: its number (from 1), its text
    /// and the rules' reason.
    Move {
        /// The move's number in the history, from 1.
        number: usize,
        /// Its text.
        text: String,
        /// Why the rules refuse it (boxed: a move's error is large, and
        /// the other errors small).
        error: Box<MoveError>,
    },
}

impl GameError {
    /// A stable word for programs: `bad_option`, `bad_spec`, or the
    /// refused move's own code ([`MoveError::code`]).
    pub fn code(&self) -> &'static str {
        match self {
            GameError::Options(_) => "bad_option",
            GameError::Spec(_) => "bad_spec",
            GameError::Move { error, .. } => error.code(),
        }
    }
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::Options(m) | GameError::Spec(m) => write!(f, "{m}"),
            GameError::Move {
                number,
                text,
                error,
            } => write!(f, "stored move {number} '{text}': {error}"),
        }
    }
}

impl std::error::Error for GameError {}

/// An option refused is a [`GameError::Options`], in the option's words.
impl From<super::OptionError> for GameError {
    fn from(e: super::OptionError) -> GameError {
        GameError::Options(e.to_string())
    }
}

impl From<GameError> for String {
    fn from(e: GameError) -> String {
        e.to_string()
    }
}
