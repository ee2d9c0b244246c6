//! A hard deadline and a stop flag for every search made on this thread
//! while a closure runs: what a caller outside the search (the server's
//! engine pool, which fixes a clocked game's deadline when the search is
//! queued, and stops a search to give its thread to a more urgent one)
//! uses to hold a player to a time it did not choose.
//!
//! It may also name the threads a search uses (an engine protocol's
//! `Threads` option).
//!
//! A search reads both when it starts ([`current`], [`current_stop`]) and
//! stops at the deadline, or when the flag is set, whatever its own limits
//! say, the two-ply minimum of the levels included (it then plays the
//! best move it has completed). Players built deep inside a game's code
//! need no new parameter for it.
//!
//! ```
//! use deckmate_engine::deadline::{self, Budget};
//! use std::time::{Duration, Instant};
//!
//! let at = Instant::now() + Duration::from_millis(300);
//! let budget = Budget { deadline: Some(at), ..Budget::default() };
//! let seen = deadline::within(budget, deadline::current);
//! assert_eq!(seen, Some(at));
//! assert_eq!(deadline::current(), None);
//! ```

use std::cell::RefCell;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Instant;

/// What holds the searches of a closure: a hard deadline and a stop flag
/// (`None`: none).
#[derive(Clone, Debug, Default)]
pub struct Budget {
    /// The instant every search stops at.
    pub deadline: Option<Instant>,
    /// A flag that stops every search when set.
    pub stop: Option<Arc<AtomicBool>>,
    /// How many threads each search may use (`None`: the searcher's own
    /// [`Searcher::threads`](crate::Searcher::threads)).
    pub threads: Option<usize>,
}

thread_local! {
    static BUDGET: RefCell<Budget> = RefCell::new(Budget::default());
}

/// Puts the budget before it back, also when the closure panics.
struct Restore(Option<Budget>);

impl Drop for Restore {
    fn drop(&mut self) {
        if let Some(b) = self.0.take() {
            BUDGET.with(|cell| *cell.borrow_mut() = b);
        }
    }
}

/// Runs `f` with `budget` over every search it makes on this thread; the
/// budget before is restored after.
pub fn within<R>(budget: Budget, f: impl FnOnce() -> R) -> R {
    let before = BUDGET.with(|cell| std::mem::replace(&mut *cell.borrow_mut(), budget));
    let _restore = Restore(Some(before));
    f()
}

/// The hard deadline of searches on this thread now, if any.
pub fn current() -> Option<Instant> {
    BUDGET.with(|cell| cell.borrow().deadline)
}

/// The stop flag of searches on this thread now, if any.
pub fn current_stop() -> Option<Arc<AtomicBool>> {
    BUDGET.with(|cell| cell.borrow().stop.clone())
}

/// The threads each search on this thread may use now, if named.
pub fn current_threads() -> Option<usize> {
    BUDGET.with(|cell| cell.borrow().threads)
}
