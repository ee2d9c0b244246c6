//! A hard deadline for every search made on this thread while a closure
//! runs: what a caller outside the search (the server's engine pool, which
//! fixes a clocked game's deadline when the search is queued) uses to hold
//! a player to a time it did not choose.
//!
//! A search reads the deadline when it starts ([`current`]) and stops at it
//! whatever its own limits say, the two-ply minimum of the levels included
//! (it then plays the best move it has completed). Players built deep
//! inside a game's code need no new parameter for it.
//!
//! ```
//! use deckmate_engine::deadline;
//! use std::time::{Duration, Instant};
//!
//! let at = Instant::now() + Duration::from_millis(300);
//! let seen = deadline::within(Some(at), deadline::current);
//! assert_eq!(seen, Some(at));
//! assert_eq!(deadline::current(), None);
//! ```

use std::cell::Cell;
use std::time::Instant;

thread_local! {
    static DEADLINE: Cell<Option<Instant>> = const { Cell::new(None) };
}

/// Puts the deadline before it back, also when the closure panics.
struct Restore(Option<Instant>);

impl Drop for Restore {
    fn drop(&mut self) {
        DEADLINE.with(|d| d.set(self.0));
    }
}

/// Runs `f` with `deadline` (`None`: none) as the hard deadline of every
/// search it makes on this thread; the deadline before is restored after.
pub fn within<R>(deadline: Option<Instant>, f: impl FnOnce() -> R) -> R {
    let before = DEADLINE.with(|d| d.replace(deadline));
    let _restore = Restore(before);
    f()
}

/// The hard deadline of searches on this thread now, if any.
pub fn current() -> Option<Instant> {
    DEADLINE.with(Cell::get)
}
