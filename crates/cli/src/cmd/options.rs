//! What several commands share about their game options: the usage error
//! for a refused option, and the seed of a game where none was given.

use std::process::ExitCode;

/// A usage error (as clap reports them, status 2): `message` and a hint.
pub fn usage_error(message: &str) -> ExitCode {
    errln!("error: {message}\n\nFor more information, try '--help'.");
    ExitCode::from(2)
}

/// A seed from the clock, for games where none was given.
pub fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64 % 1_000_000_000)
        .unwrap_or(1)
}
