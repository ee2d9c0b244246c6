//! Printing for the whole program: `outln!` and `out!` write to
//! standard output, `errln!` to standard error (`#[macro_use]`, so every
//! module has them).
//!
//! `println!` panics when standard output is a pipe whose reader has gone
//! (`deckmate analyse cardmate | head -1`). Everything deckmate prints
//! goes through here instead, and a closed pipe ends the program quietly
//! with status 0, as Unix tools do; any other failure to write is reported
//! once, with status 1. Standard error is best effort: if it cannot be
//! written there is nowhere left to complain.

use std::fmt;
use std::io::{self, Write};

/// Prints to standard output, like `print!`, but a closed pipe ends the
/// program quietly.
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::output::stdout(format_args!($($arg)*))
    };
}

/// Prints a line to standard output, like `println!`, but a closed pipe
/// ends the program quietly.
macro_rules! outln {
    () => {
        $crate::output::stdout(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        $crate::output::stdout(format_args!("{}\n", format_args!($($arg)*)))
    };
}

/// Prints a line to standard error, like `eprintln!`, but never panics.
macro_rules! errln {
    () => {
        $crate::output::stderr(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        $crate::output::stderr(format_args!("{}\n", format_args!($($arg)*)))
    };
}

/// Writes to standard output (line-buffered, as `print!` does); see
/// [`written`] for what a failure does.
pub fn stdout(args: fmt::Arguments<'_>) {
    let mut o = io::stdout().lock();
    written(o.write_fmt(args));
}

/// Writes to standard error; a failure is ignored (nowhere to report it).
pub fn stderr(args: fmt::Arguments<'_>) {
    let _ = io::stderr().lock().write_fmt(args);
}

/// Goes on after a successful write to standard output. A closed pipe
/// (the reader has gone) ends the program at once, quietly, with status
/// 0; any other error is reported on standard error, status 1.
pub fn written(result: io::Result<()>) {
    let Err(e) = result else {
        return;
    };
    std::process::exit(exit_status(&e));
}

/// The exit status for a failed write to standard output, after saying
/// why when it is worth saying.
fn exit_status(e: &io::Error) -> i32 {
    if e.kind() == io::ErrorKind::BrokenPipe {
        0
    } else {
        stderr(format_args!(
            "deckmate: cannot write to standard output: {e}\n"
        ));
        1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_closed_pipe_is_a_quiet_success_other_errors_fail() {
        let pipe = io::Error::from(io::ErrorKind::BrokenPipe);
        assert_eq!(exit_status(&pipe), 0);
        let full = io::Error::other("no space left on device");
        assert_eq!(exit_status(&full), 1);
    }

    #[test]
    fn a_successful_write_goes_on() {
        written(Ok(()));
    }
}
