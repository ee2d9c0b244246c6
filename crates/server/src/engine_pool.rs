//! The engine pool: a fixed number of threads that run engine searches,
//! one at a time each, in the order they were asked for.
//!
//! A search is CPU work that can take seconds and tens of megabytes, so
//! however many engine games are going on, no more than the pool's threads
//! search at once; the rest wait in a first-come queue, which the log
//! reports. Each search's memory (its transposition table) is made by the
//! job and dropped when it ends, so an idle pool holds none.

use deckmate_games::registry::EngineJob;
use std::collections::VecDeque;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::oneshot;

/// What became of a search.
#[derive(Debug, PartialEq, Eq)]
pub enum Searched {
    /// The move's text.
    Move(String),
    /// The engine found no move.
    NoMove,
    /// The search panicked.
    Failed,
    /// Not run: the game had moved on or ended while it waited.
    Skipped,
}

struct Task {
    /// Whether the search is still wanted, asked when its turn comes.
    wanted: Box<dyn Fn() -> bool + Send>,
    job: EngineJob,
    reply: oneshot::Sender<Searched>,
    /// Who asked, for the log.
    label: String,
}

struct Queue {
    tasks: Mutex<VecDeque<Task>>,
    ready: Condvar,
    busy: AtomicUsize,
    last_report: Mutex<Option<Instant>>,
    /// The number of search threads.
    threads: usize,
    /// Set when the last handle is gone: the threads end.
    closed: std::sync::atomic::AtomicBool,
}

/// Closes the queue when the last handle on the pool is dropped.
struct Closer(Arc<Queue>);

impl Drop for Closer {
    fn drop(&mut self) {
        self.0.closed.store(true, Ordering::SeqCst);
        self.0.ready.notify_all();
    }
}

/// A handle on the pool; cheap to clone.
#[derive(Clone)]
pub struct EnginePool {
    queue: Arc<Queue>,
    _closer: Arc<Closer>,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl EnginePool {
    /// A pool of `threads` search threads (at least one).
    pub fn start(threads: usize) -> Result<EnginePool, String> {
        let threads = threads.max(1);
        let queue = Arc::new(Queue {
            tasks: Mutex::new(VecDeque::new()),
            ready: Condvar::new(),
            busy: AtomicUsize::new(0),
            last_report: Mutex::new(None),
            threads,
            closed: std::sync::atomic::AtomicBool::new(false),
        });
        for i in 0..threads {
            let q = Arc::clone(&queue);
            std::thread::Builder::new()
                .name(format!("deckmate-engine-{i}"))
                .spawn(move || worker(&q))
                .map_err(|e| format!("cannot start engine thread {i}: {e}"))?;
        }
        Ok(EnginePool {
            _closer: Arc::new(Closer(Arc::clone(&queue))),
            queue,
        })
    }

    /// Searches waiting for a thread.
    #[cfg(test)]
    pub fn waiting(&self) -> usize {
        lock(&self.queue.tasks).len()
    }

    /// Queues a search; the answer comes when it has run. `wanted` is asked
    /// just before it runs: a search no longer wanted is skipped.
    pub fn submit(
        &self,
        label: String,
        wanted: Box<dyn Fn() -> bool + Send>,
        job: EngineJob,
    ) -> oneshot::Receiver<Searched> {
        let (reply, answer) = oneshot::channel();
        let waiting = {
            let mut tasks = lock(&self.queue.tasks);
            tasks.push_back(Task {
                wanted,
                job,
                reply,
                label,
            });
            tasks.len()
        };
        self.queue.ready.notify_one();
        report(&self.queue, waiting);
        answer
    }
}

/// Logs the queue while searches wait (as they are asked for and as they
/// start), at most once every ten seconds; and once when it has drained.
fn report(q: &Queue, waiting: usize) {
    let mut last = lock(&q.last_report);
    if waiting == 0 {
        if last.take().is_some() {
            eprintln!("deckmate: engine pool: no search waiting");
        }
        return;
    }
    if last.is_some_and(|t| t.elapsed() < Duration::from_secs(10)) {
        return;
    }
    *last = Some(Instant::now());
    eprintln!(
        "deckmate: engine pool: {} searching on {} threads, {waiting} waiting",
        q.busy.load(Ordering::Relaxed),
        q.threads
    );
}

fn worker(q: &Queue) {
    loop {
        let (task, waiting) = {
            let mut tasks = lock(&q.tasks);
            loop {
                if let Some(t) = tasks.pop_front() {
                    break (t, tasks.len());
                }
                if q.closed.load(Ordering::SeqCst) {
                    return;
                }
                tasks = q.ready.wait(tasks).unwrap_or_else(|e| e.into_inner());
            }
        };
        report(q, waiting);
        if !(task.wanted)() {
            let _ = task.reply.send(Searched::Skipped);
            continue;
        }
        q.busy.fetch_add(1, Ordering::Relaxed);
        let started = Instant::now();
        let job = task.job;
        // A panicking engine must not take the thread down with it.
        let result = match std::panic::catch_unwind(std::panic::AssertUnwindSafe(job)) {
            Ok(Some(text)) => Searched::Move(text),
            Ok(None) => Searched::NoMove,
            Err(_) => Searched::Failed,
        };
        q.busy.fetch_sub(1, Ordering::Relaxed);
        if started.elapsed() > Duration::from_secs(30) {
            eprintln!(
                "deckmate: engine pool: a search for {} took {:.1} s",
                task.label,
                started.elapsed().as_secs_f64()
            );
        }
        let _ = task.reply.send(result);
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use std::sync::atomic::AtomicUsize;

    #[tokio::test]
    async fn no_more_searches_run_at_once_than_threads_and_in_order() {
        let pool = EnginePool::start(2).unwrap();
        let now = Arc::new(AtomicUsize::new(0));
        let peak = Arc::new(AtomicUsize::new(0));
        let order = Arc::new(Mutex::new(Vec::new()));
        let mut answers = Vec::new();
        for i in 0..8usize {
            let (now, peak, order) = (now.clone(), peak.clone(), order.clone());
            answers.push(pool.submit(
                format!("job {i}"),
                Box::new(|| true),
                Box::new(move || {
                    lock(&order).push(i);
                    let n = now.fetch_add(1, Ordering::SeqCst) + 1;
                    peak.fetch_max(n, Ordering::SeqCst);
                    std::thread::sleep(Duration::from_millis(20));
                    now.fetch_sub(1, Ordering::SeqCst);
                    Some(format!("m{i}"))
                }),
            ));
        }
        for (i, a) in answers.into_iter().enumerate() {
            assert_eq!(a.await.unwrap(), Searched::Move(format!("m{i}")));
        }
        assert_eq!(peak.load(Ordering::SeqCst), 2);
        // Started in the order asked (two threads may swap neighbours).
        let order = lock(&order).clone();
        for (k, &i) in order.iter().enumerate() {
            assert!(i.abs_diff(k) <= 1, "{order:?}");
        }
        assert_eq!(pool.waiting(), 0);
    }

    #[tokio::test]
    async fn a_panic_or_an_unwanted_search_is_reported_and_the_pool_goes_on() {
        let pool = EnginePool::start(1).unwrap();
        let a = pool.submit("p".into(), Box::new(|| true), Box::new(|| panic!("boom")));
        let b = pool.submit(
            "s".into(),
            Box::new(|| false),
            Box::new(|| Some("x".into())),
        );
        let c = pool.submit(
            "ok".into(),
            Box::new(|| true),
            Box::new(|| Some("y".into())),
        );
        assert_eq!(a.await.unwrap(), Searched::Failed);
        assert_eq!(b.await.unwrap(), Searched::Skipped);
        assert_eq!(c.await.unwrap(), Searched::Move("y".into()));
    }
}
