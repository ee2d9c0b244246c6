//! A search on its own thread: start, receive reports, stop, get the move
//! (the "go / stop / info" split of chess engines).
//!
//! ```
//! use deckmate_engine::handle::SearchHandle;
//! use deckmate_engine::{Evaluator, Limits, Searcher};
//! use deckmate_rules::Game;
//!
//! /// Starts a deep search of `pos`, waits for depth 1, then stops it and
//! /// returns the best move found so far.
//! fn first_answer<G: Game, E: Evaluator<G> + 'static>(
//!     searcher: Searcher<G, E>,
//!     pos: G,
//! ) -> Option<G::Move> {
//!     let h = SearchHandle::start(searcher, pos, Limits { depth: Some(30), ..Limits::default() });
//!     let first = h.next_report()?;
//!     assert_eq!(first.depth, 1);
//!     h.stop_and_wait()?.best
//! }
//! ```

use crate::evaluator::Evaluator;
use crate::search::{Limits, Report, SearchResult, Searcher};
use deckmate_rules::Game;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Receiver};
use std::sync::Arc;
use std::thread::JoinHandle;

/// What a finished search thread hands back: the result and the searcher.
pub type Finished<G, E> = (SearchResult<<G as Game>::Move>, Searcher<G, E>);

/// A running search.
pub struct SearchHandle<G: Game, E: Evaluator<G> + 'static> {
    stop: Arc<AtomicBool>,
    reports: Receiver<Report<G::Move>>,
    thread: Option<JoinHandle<Finished<G, E>>>,
}

impl<G: Game, E: Evaluator<G> + 'static> SearchHandle<G, E> {
    /// Starts searching `root` with `searcher` on a new thread.
    pub fn start(searcher: Searcher<G, E>, root: G, limits: Limits) -> SearchHandle<G, E> {
        SearchHandle::start_with(searcher, root, limits, |_| {})
    }

    /// Starts a search that also calls `on_report` (on the search thread)
    /// after each completed depth, besides queueing the report.
    pub fn start_with(
        mut searcher: Searcher<G, E>,
        root: G,
        limits: Limits,
        mut on_report: impl FnMut(&Report<G::Move>) + Send + 'static,
    ) -> SearchHandle<G, E> {
        let stop = searcher.stop_flag();
        let (tx, rx) = channel();
        let thread = std::thread::spawn(move || {
            let r = searcher.search(&root, &limits, &mut |rep| {
                on_report(rep);
                let _ = tx.send(rep.clone());
            });
            (r, searcher)
        });
        SearchHandle {
            stop,
            reports: rx,
            thread: Some(thread),
        }
    }

    /// The reports sent so far (each completed depth), without waiting.
    pub fn reports(&self) -> Vec<Report<G::Move>> {
        self.reports.try_iter().collect()
    }

    /// Waits for the next report; `None` once the search has finished.
    pub fn next_report(&self) -> Option<Report<G::Move>> {
        self.reports.recv().ok()
    }

    /// Whether the search has ended (by its limits or a stop).
    pub fn is_finished(&self) -> bool {
        self.thread.as_ref().is_none_or(|t| t.is_finished())
    }

    /// Asks the search to stop as soon as it can (it keeps the best move of
    /// the last completed depth, or a better one from the depth under way).
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Waits for the search to end and returns its result and the searcher
    /// (with its transposition table, for the next search).
    pub fn wait(mut self) -> Option<Finished<G, E>> {
        let done = self.thread.take().and_then(|t| t.join().ok());
        // A stop that came after the end must not stop the next search.
        self.stop.store(false, Ordering::Relaxed);
        done
    }

    /// Stops the search and returns its result.
    pub fn stop_and_wait(self) -> Option<SearchResult<G::Move>> {
        self.stop();
        self.wait().map(|(r, _)| r)
    }
}
