//! A searcher kept from one analysis to the next, so that its
//! transposition table (16 MB by default) is made once and not inside the
//! time of every search: what an engine protocol holds for its game
//! (`deckmate uci` makes it at `ucinewgame`, `isready`, a new variant or
//! `setoption name Hash`; a `go` finds it made).
//!
//! It reaches the search as the deadline does ([`deckmate_engine::deadline`]):
//! [`keeping`] puts it over every analysis made on the thread while a
//! closure runs, and the board games' analysis ([`SearchEngine::lines`],
//! through [`with_kept`]) takes the searcher from it, or makes it there the
//! first time, and gives it back after the search. An analysis made
//! outside [`keeping`] (the server's engine pool) makes its own searcher
//! with a 16 MB table, as before.
//!
//! A kept searcher serves one game: the evaluation of a variant file's
//! searcher is made from the file's rules, so whoever keeps one calls
//! [`KeptSearcher::forget`] when the game changes.
//!
//! [`SearchEngine::lines`]: super::SearchEngine::lines

use std::any::Any;
use std::cell::RefCell;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

/// The table size of a searcher made outside [`keeping`], in megabytes.
pub const DEFAULT_TABLE_MB: usize = 16;

/// The table size of a searcher made while the kept one is still out (a
/// search that was left to end on its own after its answer was given):
/// small, so that making it costs next to nothing.
pub const SPARE_TABLE_MB: usize = 1;

/// What the place holds.
struct Kept {
    /// The table size of a searcher made here, in megabytes.
    table_mb: usize,
    /// The searcher (any game's type), when made and not lent.
    searcher: Option<Box<dyn Any + Send>>,
    /// The ticket of the search the searcher is out in (one that has not
    /// given it back yet): only that search gives it back.
    lent: Option<u64>,
    /// The last ticket given.
    tickets: u64,
    /// How many searchers were made here (a test's measure).
    made: u64,
}

/// A place for one searcher, kept between analyses; clones share it.
#[derive(Clone)]
pub struct KeptSearcher {
    inner: Arc<Mutex<Kept>>,
}

impl KeptSearcher {
    /// An empty place whose searcher will have a table of `table_mb`
    /// megabytes (at least 1).
    pub fn new(table_mb: usize) -> KeptSearcher {
        KeptSearcher {
            inner: Arc::new(Mutex::new(Kept {
                table_mb: table_mb.max(1),
                searcher: None,
                lent: None,
                tickets: 0,
                made: 0,
            })),
        }
    }

    fn lock(&self) -> MutexGuard<'_, Kept> {
        self.inner.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The table size of a searcher made here, in megabytes.
    pub fn table_mb(&self) -> usize {
        self.lock().table_mb
    }

    /// Whether a searcher is here or out in a search.
    pub fn is_made(&self) -> bool {
        let k = self.lock();
        k.searcher.is_some() || k.lent.is_some()
    }

    /// How many searchers were made here (tables allocated).
    pub fn made(&self) -> u64 {
        self.lock().made
    }

    /// Drops the searcher (its table and everything it learnt): the next
    /// analysis makes a new one. A searcher still out is dropped when it
    /// comes back.
    pub fn forget(&self) {
        let mut k = self.lock();
        k.searcher = None;
        k.lent = None;
    }

    /// Takes the searcher of type `S`, if it is here, with the ticket to
    /// give it back with.
    fn take<S: Any>(&self) -> Taken<S> {
        let mut k = self.lock();
        if k.lent.is_some() {
            return Taken::Lent;
        }
        k.tickets += 1;
        let ticket = k.tickets;
        k.lent = Some(ticket);
        // Another game's searcher is replaced.
        match k.searcher.take().map(|b| b.downcast::<S>()) {
            Some(Ok(s)) => Taken::Here(s, ticket),
            Some(Err(_)) | None => Taken::Make(k.table_mb, ticket),
        }
    }

    /// Gives the searcher lent with `ticket` back (one forgotten while
    /// out is dropped).
    fn give_back(&self, ticket: u64, s: Box<dyn Any + Send>) {
        let mut k = self.lock();
        if k.lent == Some(ticket) {
            k.lent = None;
            k.searcher = Some(s);
        }
    }

    fn count_made(&self) {
        self.lock().made += 1;
    }
}

/// What [`KeptSearcher::take`] found.
enum Taken<S> {
    /// The searcher, lent with this ticket.
    Here(Box<S>, u64),
    /// None: one of this many megabytes is to be made, and kept (lent
    /// with this ticket).
    Make(usize, u64),
    /// It is out in another search.
    Lent,
}

thread_local! {
    static KEPT: RefCell<Option<KeptSearcher>> = const { RefCell::new(None) };
}

/// Puts the place before it back, also when the closure panics.
struct Restore(Option<Option<KeptSearcher>>);

impl Drop for Restore {
    fn drop(&mut self) {
        if let Some(k) = self.0.take() {
            KEPT.with(|cell| *cell.borrow_mut() = k);
        }
    }
}

/// Runs `f` with `kept` as the place of the searcher of every analysis it
/// makes on this thread; the place before is restored after.
pub fn keeping<R>(kept: &KeptSearcher, f: impl FnOnce() -> R) -> R {
    let before = KEPT.with(|cell| cell.borrow_mut().replace(kept.clone()));
    let _restore = Restore(Some(before));
    f()
}

/// Runs `search` with the thread's kept searcher of type `S` (see
/// [`keeping`]): the one kept, or one made by `make` with the place's
/// table size and kept after; outside [`keeping`], or while the kept one
/// is still out, a searcher made for this search alone (a table of
/// [`DEFAULT_TABLE_MB`], or [`SPARE_TABLE_MB`]).
pub fn with_kept<S, R>(make: impl Fn(usize) -> S, search: impl FnOnce(&mut S) -> R) -> R
where
    S: Any + Send,
{
    let Some(kept) = KEPT.with(|cell| cell.borrow().clone()) else {
        return search(&mut make(DEFAULT_TABLE_MB));
    };
    let mut lent = match kept.take::<S>() {
        Taken::Here(s, ticket) => Lent {
            kept: &kept,
            ticket,
            searcher: Some(s),
        },
        Taken::Make(mb, ticket) => {
            let mut lent = Lent {
                kept: &kept,
                ticket,
                searcher: None,
            };
            kept.count_made();
            lent.searcher = Some(Box::new(make(mb)));
            lent
        }
        Taken::Lent => return search(&mut make(SPARE_TABLE_MB)),
    };
    match lent.searcher.as_mut() {
        Some(s) => search(s.as_mut()),
        None => search(&mut make(SPARE_TABLE_MB)),
    }
}

/// A searcher lent by a [`KeptSearcher`]: given back when dropped, or,
/// after a panic in its search or its making, dropped (the place is then
/// empty, and the next analysis makes one).
struct Lent<'a, S: Any + Send> {
    kept: &'a KeptSearcher,
    ticket: u64,
    searcher: Option<Box<S>>,
}

impl<S: Any + Send> Drop for Lent<'_, S> {
    fn drop(&mut self) {
        if std::thread::panicking() || self.searcher.is_none() {
            let mut k = self.kept.lock();
            if k.lent == Some(self.ticket) {
                k.lent = None;
            }
            return;
        }
        if let Some(s) = self.searcher.take() {
            self.kept.give_back(self.ticket, s);
        }
    }
}
