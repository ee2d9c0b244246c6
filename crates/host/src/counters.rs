//! The two counters that end a board game's position string (Cardmate,
//! Cuarenta): the plies since the last capture or promotion and the move
//! number.

/// Reads the counters: the quiet plies (below 100,000) and the move number
/// (1 to 99,999). The error is the first field that is not a valid counter.
pub fn parse_counters<'a>(quiet: &'a str, fullmove: &'a str) -> Result<(u32, u32), &'a str> {
    let quiet = quiet
        .parse::<u32>()
        .ok()
        .filter(|&q| q < 100_000)
        .ok_or(quiet)?;
    let fullmove = fullmove
        .parse::<u32>()
        .ok()
        .filter(|&m| (1..100_000).contains(&m))
        .ok_or(fullmove)?;
    Ok((quiet, fullmove))
}
