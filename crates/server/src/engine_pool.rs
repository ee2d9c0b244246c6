//! The engine pool: a fixed number of threads that run engine searches,
//! one at a time each, in the order they were asked for; the games' own
//! moves before the analysis board's searches.
//!
//! A search is CPU work that can take seconds and tens of megabytes, so
//! however many engine games are going on, no more than the pool's threads
//! search at once; the rest wait in a first-come queue, which the log
//! reports. Each search's memory (its transposition table) is made by the
//! job and dropped when it ends, so an idle pool holds none.
//!
//! Analysis (the analysis board's searches) shares the pool without
//! slowing a game: a game's search goes before every waiting analysis,
//! and when every thread is busy it stops a running analysis (which then
//! ends with what it found). At most four analyses a thread wait or run;
//! beyond that one is refused.

use deckmate_games::registry::EngineJob;
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
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
    /// An analysis's stop flag (`None`: a game's search).
    analysis: Option<Arc<AtomicBool>>,
}

/// How many analyses may wait or run per thread.
const ANALYSES_PER_THREAD: usize = 4;

struct Queue {
    tasks: Mutex<VecDeque<Task>>,
    ready: Condvar,
    busy: AtomicUsize,
    last_report: Mutex<Option<Instant>>,
    /// The number of search threads.
    threads: usize,
    /// Set when the last handle is gone: the threads end.
    closed: AtomicBool,
    /// Analyses waiting or running.
    analyses: AtomicUsize,
    /// The stop flags of the analyses running.
    running: Mutex<Vec<Arc<AtomicBool>>>,
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
            closed: AtomicBool::new(false),
            analyses: AtomicUsize::new(0),
            running: Mutex::new(Vec::new()),
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
            // Before every analysis waiting.
            let at = tasks
                .iter()
                .position(|t| t.analysis.is_some())
                .unwrap_or(tasks.len());
            tasks.insert(
                at,
                Task {
                    wanted,
                    job,
                    reply,
                    label,
                    analysis: None,
                },
            );
            tasks.len()
        };
        // Every thread busy: an analysis not yet asked to gives its thread
        // up (one a search, so two games' searches stop two analyses).
        if self.queue.busy.load(Ordering::SeqCst) >= self.queue.threads {
            if let Some(stop) = lock(&self.queue.running)
                .iter()
                .find(|s| !s.load(Ordering::Relaxed))
            {
                stop.store(true, Ordering::Relaxed);
            }
        }
        self.queue.ready.notify_one();
        report(&self.queue, waiting);
        answer
    }

    /// Queues an analysis behind the games' searches; `stop` stops it (and
    /// skips it while it waits). Refused when too many analyses wait or
    /// run already.
    pub fn submit_analysis(
        &self,
        label: String,
        stop: Arc<AtomicBool>,
        job: EngineJob,
    ) -> Result<oneshot::Receiver<Searched>, String> {
        let most = ANALYSES_PER_THREAD * self.queue.threads;
        let taken = self
            .queue
            .analyses
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| {
                (n < most).then_some(n + 1)
            });
        if taken.is_err() {
            return Err("the engine is busy with other analyses: try again in a moment".into());
        }
        let (reply, answer) = oneshot::channel();
        let waiting = {
            let mut tasks = lock(&self.queue.tasks);
            let flag = stop.clone();
            tasks.push_back(Task {
                wanted: Box::new(move || !flag.load(Ordering::Relaxed)),
                job,
                reply,
                label,
                analysis: Some(stop),
            });
            tasks.len()
        };
        self.queue.ready.notify_one();
        report(&self.queue, waiting);
        Ok(answer)
    }

    /// Analyses waiting or running.
    #[cfg(test)]
    pub fn analyses(&self) -> usize {
        self.queue.analyses.load(Ordering::SeqCst)
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
            if task.analysis.is_some() {
                q.analyses.fetch_sub(1, Ordering::SeqCst);
            }
            let _ = task.reply.send(Searched::Skipped);
            continue;
        }
        q.busy.fetch_add(1, Ordering::SeqCst);
        if let Some(stop) = &task.analysis {
            lock(&q.running).push(stop.clone());
        }
        let started = Instant::now();
        let job = task.job;
        // A panicking engine must not take the thread down with it.
        let result = match std::panic::catch_unwind(std::panic::AssertUnwindSafe(job)) {
            Ok(Some(text)) => Searched::Move(text),
            Ok(None) => Searched::NoMove,
            Err(_) => Searched::Failed,
        };
        if let Some(stop) = &task.analysis {
            lock(&q.running).retain(|s| !Arc::ptr_eq(s, stop));
            q.analyses.fetch_sub(1, Ordering::SeqCst);
        }
        q.busy.fetch_sub(1, Ordering::SeqCst);
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

    /// A job that runs until its flag is set.
    fn until_stopped(stop: Arc<AtomicBool>, ran: Arc<Mutex<Vec<&'static str>>>) -> EngineJob {
        Box::new(move || {
            lock(&ran).push("analysis");
            while !stop.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(2));
            }
            Some(String::new())
        })
    }

    #[tokio::test]
    async fn a_games_search_stops_an_analysis_and_goes_before_those_waiting() {
        let pool = EnginePool::start(1).unwrap();
        let ran = Arc::new(Mutex::new(Vec::new()));
        let first = Arc::new(AtomicBool::new(false));
        let a = pool
            .submit_analysis(
                "a".into(),
                first.clone(),
                until_stopped(first.clone(), ran.clone()),
            )
            .unwrap();
        while lock(&ran).is_empty() {
            tokio::time::sleep(Duration::from_millis(2)).await;
        }
        // A second analysis waits; a game's search goes before it, and
        // takes the running analysis's thread.
        let second = Arc::new(AtomicBool::new(false));
        let b = pool
            .submit_analysis(
                "b".into(),
                second.clone(),
                until_stopped(second.clone(), ran.clone()),
            )
            .unwrap();
        let r = ran.clone();
        let game = pool.submit(
            "game".into(),
            Box::new(|| true),
            Box::new(move || {
                lock(&r).push("game");
                Some("move".into())
            }),
        );
        assert_eq!(game.await.unwrap(), Searched::Move("move".into()));
        assert!(
            first.load(Ordering::Relaxed),
            "the running analysis was stopped"
        );
        assert_eq!(a.await.unwrap(), Searched::Move(String::new()));
        second.store(true, Ordering::Relaxed);
        let _ = b.await.unwrap();
        assert_eq!(lock(&ran)[..2], ["analysis", "game"]);
        assert_eq!(pool.analyses(), 0);
    }

    #[tokio::test]
    async fn two_games_searches_stop_two_analyses() {
        let pool = EnginePool::start(2).unwrap();
        let ran = Arc::new(Mutex::new(Vec::new()));
        let flags: Vec<Arc<AtomicBool>> =
            (0..2).map(|_| Arc::new(AtomicBool::new(false))).collect();
        let analyses: Vec<_> = flags
            .iter()
            .map(|f| {
                pool.submit_analysis("a".into(), f.clone(), until_stopped(f.clone(), ran.clone()))
                    .unwrap()
            })
            .collect();
        while lock(&ran).len() < 2 {
            tokio::time::sleep(Duration::from_millis(2)).await;
        }
        let games: Vec<_> = (0..2)
            .map(|i| {
                pool.submit(
                    format!("game {i}"),
                    Box::new(|| true),
                    Box::new(move || Some(format!("m{i}"))),
                )
            })
            .collect();
        for (i, g) in games.into_iter().enumerate() {
            assert_eq!(g.await.unwrap(), Searched::Move(format!("m{i}")));
        }
        assert!(
            flags.iter().all(|f| f.load(Ordering::Relaxed)),
            "both analyses stopped"
        );
        for a in analyses {
            let _ = a.await.unwrap();
        }
    }

    #[tokio::test]
    async fn too_many_analyses_are_refused() {
        let pool = EnginePool::start(1).unwrap();
        let stop = Arc::new(AtomicBool::new(false));
        let ran = Arc::new(Mutex::new(Vec::new()));
        let mut answers = Vec::new();
        for _ in 0..ANALYSES_PER_THREAD {
            answers.push(
                pool.submit_analysis(
                    "a".into(),
                    stop.clone(),
                    until_stopped(stop.clone(), ran.clone()),
                )
                .unwrap(),
            );
        }
        let refused = pool.submit_analysis(
            "x".into(),
            stop.clone(),
            until_stopped(stop.clone(), ran.clone()),
        );
        assert!(refused.is_err());
        stop.store(true, Ordering::Relaxed);
        for a in answers {
            let _ = a.await.unwrap();
        }
        assert_eq!(pool.analyses(), 0);
        // Room again.
        assert!(pool
            .submit_analysis("y".into(), stop.clone(), until_stopped(stop.clone(), ran))
            .is_ok());
    }
}
