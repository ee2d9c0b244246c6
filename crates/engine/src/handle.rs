//! A search on its own thread: start, receive reports, stop, get the move.

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
    pub fn start(mut searcher: Searcher<G, E>, root: G, limits: Limits) -> SearchHandle<G, E> {
        let stop = searcher.stop_flag();
        let (tx, rx) = channel();
        let thread = std::thread::spawn(move || {
            let r = searcher.search(&root, &limits, &mut |rep| {
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

    /// Asks the search to stop as soon as it can.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Waits for the search to end and returns its result and the searcher
    /// (with its transposition table, for the next search).
    pub fn wait(mut self) -> Option<Finished<G, E>> {
        self.thread.take().and_then(|t| t.join().ok())
    }
}
