//! The one error type of the crate.

use std::fmt;

/// Why an account operation failed.
///
/// The messages of [`AccountError::BadUsername`] and
/// [`AccountError::BadPassword`] are written for the person signing up and
/// can be shown to them as they are; the other two are server faults.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AccountError {
    /// The username breaks a rule; the text says which.
    BadUsername(String),
    /// The password breaks a rule; the text says which.
    BadPassword(String),
    /// The operating system's random number generator failed.
    Randomness(String),
    /// The password hasher failed (bad parameters or an internal error).
    Hashing(String),
    /// A token scope was not one of the known names; the text says which.
    BadScope(String),
}

impl fmt::Display for AccountError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::BadUsername(why) => write!(f, "bad username: {why}"),
            Self::BadPassword(why) => write!(f, "bad password: {why}"),
            Self::Randomness(why) => {
                write!(f, "the system's random number generator failed: {why}")
            }
            Self::Hashing(why) => write!(f, "password hashing failed: {why}"),
            Self::BadScope(why) => write!(f, "bad token scope: {why}"),
        }
    }
}

impl std::error::Error for AccountError {}
