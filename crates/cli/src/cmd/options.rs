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

/// Reads seconds for `--time` as clap's value parser (a bad value is a
/// usage error, status 2): a number above 0 and below `max`, the limit
/// said in the message.
fn seconds_below(text: &str, max: f64) -> Result<f64, String> {
    let t: f64 = text.trim().parse().map_err(|_| {
        format!(
            "'{}' is not a number of seconds",
            super::terminal::quote(text)
        )
    })?;
    if t > 0.0 && t < max {
        Ok(t)
    } else {
        Err(format!(
            "{} seconds: give a number above 0 and below {max}",
            super::terminal::quote(text.trim())
        ))
    }
}

/// `--time` of `analyse`: above 0, below 1,000,000 seconds.
pub fn analysis_seconds(text: &str) -> Result<f64, String> {
    seconds_below(text, 1e6)
}

/// `--time` of `match`: seconds per move, above 0, below an hour.
pub fn move_seconds(text: &str) -> Result<f64, String> {
    seconds_below(text, 3600.0)
}
