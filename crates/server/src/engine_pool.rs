//! The engine pool: a fixed number of threads that run engine searches,
//! one at a time each, the most urgent first.
//!
//! A search is CPU work that can take seconds and tens of megabytes, so
//! however many engine games are going on, no more than the pool's threads
//! search at once; the rest wait in a queue, which the log reports. Each
//! search's memory (its transposition table) is made by the job and
//! dropped when it ends, so an idle pool holds none (the allocator may keep
//! the freed pages for the next search).
//!
//! The queue is ordered by [`Priority`]: clocked games' searches first,
//! the one whose engine has the least time left first (its flag would fall
//! soonest); then the searches of games without a clock, in the order
//! asked; then the analysis board's. A clocked search carries a deadline
//! fixed from its clock when it was queued (its share of the time left),
//! so the time it waited is time it no longer has: the job runs under that
//! hard deadline ([`deckmate_engine::deadline`]), and a search whose
//! deadline passed while it waited still gets a short slice
//! ([`MIN_SLICE`]) to find a move.
//!
//! When every thread is busy, a newly queued game search takes a thread
//! from a less urgent one: it stops a running analysis (which then ends
//! with what it found) and, if it is a clocked game's, otherwise a running
//! search of a game without a clock (which then plays the best move it has
//! completed). At most four analyses a thread wait or run; beyond that one
//! is refused.

use deckmate_engine::deadline::{self, Budget};
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

/// How urgent a search is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Priority {
    /// A clocked game's search: when its engine's flag would fall, from
    /// its time left when the search was asked for (soonest first).
    Clocked(Instant),
    /// The search of a game without a clock.
    Unclocked,
    /// The analysis board's.
    Analysis,
}

impl Priority {
    /// Whether a search of this priority runs before one of `other`'s
    /// (equals keep the order they were asked in).
    pub fn before(self, other: Priority) -> bool {
        match (self, other) {
            (Priority::Clocked(a), Priority::Clocked(b)) => a < b,
            (Priority::Clocked(_), _) => true,
            (Priority::Unclocked, Priority::Analysis) => true,
            _ => false,
        }
    }
}

/// The least time a clocked search gets when it starts, even if its
/// deadline passed while it waited: enough for a one-ply search.
pub const MIN_SLICE: Duration = Duration::from_millis(20);

/// A clocked game's engine: the strongest level up to `level` whose time
/// per move fits a 40th of its time left plus its increment, and that
/// share (the budget from the moment the search is queued).
pub fn clocked_budget(level: u8, left_ms: u64, increment_ms: u64) -> (u8, Duration) {
    let budget = left_ms / 40 + increment_ms;
    let level = (1..=level)
        .rev()
        .find(|&l| deckmate_engine::level::level(l).time.as_millis() as u64 <= budget)
        .unwrap_or(1);
    (level, Duration::from_millis(budget))
}

struct Task {
    /// Whether the search is still wanted, asked when its turn comes.
    wanted: Box<dyn Fn() -> bool + Send>,
    job: EngineJob,
    reply: oneshot::Sender<Searched>,
    /// Who asked, for the log.
    label: String,
    priority: Priority,
    /// The hard deadline fixed when it was queued (clocked games).
    deadline: Option<Instant>,
    /// Stops it (an analysis's own flag; a game's, the pool's).
    stop: Arc<AtomicBool>,
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
    /// The searches running: their priorities and stop flags.
    running: Mutex<Vec<(Priority, Arc<AtomicBool>)>>,
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

/// Keeps every thread of the pool busy until dropped (for tests that
/// need searches to wait: [`EnginePool::hold`]).
pub struct Hold {
    release: Arc<(Mutex<bool>, Condvar)>,
}

impl Drop for Hold {
    fn drop(&mut self) {
        *lock(&self.release.0) = true;
        self.release.1.notify_all();
    }
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

    /// Occupies every thread until the returned [`Hold`] is dropped, so
    /// that searches asked for meanwhile wait in the queue; returns once
    /// every thread is held. (For tests: the order and the budgets of
    /// waiting searches, a search overtaken by a takeback.)
    pub fn hold(&self) -> Hold {
        let release = Arc::new((Mutex::new(false), Condvar::new()));
        let (started, holding) = std::sync::mpsc::channel();
        for i in 0..self.queue.threads {
            let release = Arc::clone(&release);
            let started = started.clone();
            let job: EngineJob = Box::new(move || {
                let _ = started.send(());
                let (done, wake) = &*release;
                let mut d = lock(done);
                while !*d {
                    d = wake.wait(d).unwrap_or_else(|e| e.into_inner());
                }
                None
            });
            // Before anything queued now or later (a later clock's flag
            // falls later).
            // Its answer is not awaited.
            drop(self.push(
                format!("hold {i}"),
                Priority::Clocked(Instant::now()),
                None,
                Box::new(|| true),
                job,
                Arc::new(AtomicBool::new(false)),
            ));
        }
        for _ in 0..self.queue.threads {
            let _ = holding.recv();
        }
        Hold { release }
    }

    /// Queues a game's search; the answer comes when it has run. `wanted`
    /// is asked just before it runs: a search no longer wanted is skipped.
    /// `deadline` (a clocked game's, fixed now from its clock) holds the
    /// search wherever it waited.
    pub fn submit(
        &self,
        label: String,
        priority: Priority,
        deadline: Option<Instant>,
        wanted: Box<dyn Fn() -> bool + Send>,
        job: EngineJob,
    ) -> oneshot::Receiver<Searched> {
        let stop = Arc::new(AtomicBool::new(false));
        self.push(label, priority, deadline, wanted, job, stop)
    }

    fn push(
        &self,
        label: String,
        priority: Priority,
        deadline: Option<Instant>,
        wanted: Box<dyn Fn() -> bool + Send>,
        job: EngineJob,
        stop: Arc<AtomicBool>,
    ) -> oneshot::Receiver<Searched> {
        let (reply, answer) = oneshot::channel();
        let waiting = {
            let mut tasks = lock(&self.queue.tasks);
            // Behind every task at least as urgent.
            let at = tasks
                .iter()
                .position(|t| priority.before(t.priority))
                .unwrap_or(tasks.len());
            tasks.insert(
                at,
                Task {
                    wanted,
                    job,
                    reply,
                    label,
                    priority,
                    deadline,
                    stop,
                },
            );
            tasks.len()
        };
        // Every thread busy: a running search less urgent than this one,
        // and not yet asked to, gives its thread up (one a search, so two
        // games' searches stop two): an analysis first, then (for a
        // clocked game's search) a game's without a clock.
        if priority != Priority::Analysis
            && self.queue.busy.load(Ordering::SeqCst) >= self.queue.threads
        {
            let running = lock(&self.queue.running);
            let yields = |kind: Priority| {
                running
                    .iter()
                    .find(|(p, s)| *p == kind && !s.load(Ordering::Relaxed))
            };
            let victim = yields(Priority::Analysis).or_else(|| {
                matches!(priority, Priority::Clocked(_))
                    .then(|| yields(Priority::Unclocked))
                    .flatten()
            });
            if let Some((_, stop)) = victim {
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
        let flag = stop.clone();
        Ok(self.push(
            label,
            Priority::Analysis,
            None,
            Box::new(move || !flag.load(Ordering::Relaxed)),
            job,
            stop,
        ))
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
        let analysis = task.priority == Priority::Analysis;
        if !(task.wanted)() {
            if analysis {
                q.analyses.fetch_sub(1, Ordering::SeqCst);
            }
            let _ = task.reply.send(Searched::Skipped);
            continue;
        }
        q.busy.fetch_add(1, Ordering::SeqCst);
        lock(&q.running).push((task.priority, task.stop.clone()));
        let started = Instant::now();
        // The deadline fixed when it was queued: the wait is spent.
        let budget = Budget {
            deadline: task.deadline.map(|d| d.max(started + MIN_SLICE)),
            stop: (!analysis).then(|| task.stop.clone()),
            threads: None,
        };
        let job = task.job;
        // A panicking engine must not take the thread down with it.
        let run = std::panic::AssertUnwindSafe(move || deadline::within(budget, job));
        let result = match std::panic::catch_unwind(run) {
            Ok(Some(text)) => Searched::Move(text),
            Ok(None) => Searched::NoMove,
            Err(_) => Searched::Failed,
        };
        lock(&q.running).retain(|(_, s)| !Arc::ptr_eq(s, &task.stop));
        if analysis {
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
                Priority::Unclocked,
                None,
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
        let a = pool.submit(
            "p".into(),
            Priority::Unclocked,
            None,
            Box::new(|| true),
            Box::new(|| panic!("boom")),
        );
        let b = pool.submit(
            "s".into(),
            Priority::Unclocked,
            None,
            Box::new(|| false),
            Box::new(|| Some("x".into())),
        );
        let c = pool.submit(
            "ok".into(),
            Priority::Unclocked,
            None,
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
            Priority::Unclocked,
            None,
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
                    Priority::Unclocked,
                    None,
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

    /// What jobs recorded: their names and the deadlines they ran under.
    type Seen = Arc<Mutex<Vec<(&'static str, Option<Instant>)>>>;

    /// A job that records its name and the deadline it runs under.
    fn recording(name: &'static str, seen: Seen) -> EngineJob {
        Box::new(move || {
            lock(&seen).push((name, deadline::current()));
            Some(name.to_string())
        })
    }

    #[tokio::test]
    async fn item_4_clocked_searches_run_first_least_time_left_first() {
        let pool = EnginePool::start(1).unwrap();
        let seen = Arc::new(Mutex::new(Vec::new()));
        let now = Instant::now();
        let hold = pool.hold();
        let stop = Arc::new(AtomicBool::new(false));
        let mut answers = Vec::new();
        answers.push(
            pool.submit_analysis("analysis".into(), stop, recording("analysis", seen.clone()))
                .unwrap(),
        );
        for (name, priority) in [
            ("unclocked 1", Priority::Unclocked),
            (
                "a minute left",
                Priority::Clocked(now + Duration::from_secs(60)),
            ),
            ("unclocked 2", Priority::Unclocked),
            (
                "five seconds left",
                Priority::Clocked(now + Duration::from_secs(5)),
            ),
            (
                "ten seconds left",
                Priority::Clocked(now + Duration::from_secs(10)),
            ),
        ] {
            answers.push(pool.submit(
                name.into(),
                priority,
                None,
                Box::new(|| true),
                recording(name, seen.clone()),
            ));
        }
        assert_eq!(pool.waiting(), 6);
        drop(hold);
        for a in answers {
            assert!(matches!(a.await.unwrap(), Searched::Move(_)));
        }
        let order: Vec<&str> = lock(&seen).iter().map(|(n, _)| *n).collect();
        assert_eq!(
            order,
            [
                "five seconds left",
                "ten seconds left",
                "a minute left",
                "unclocked 1",
                "unclocked 2",
                "analysis"
            ]
        );
    }

    #[test]
    fn item_4_the_budget_is_a_share_of_the_time_left() {
        // 30+0 with 30 s left: 750 ms, so level 8 plays as level 3 (0.3 s).
        assert_eq!(
            clocked_budget(8, 30_000, 0),
            (3, Duration::from_millis(750))
        );
        // 10+0 with 8 s left: 200 ms, level 2.
        assert_eq!(clocked_budget(8, 8_000, 0), (2, Duration::from_millis(200)));
        // An increment counts whole; a weaker level is never raised.
        assert_eq!(
            clocked_budget(5, 40_000, 2_000),
            (5, Duration::from_millis(3_000))
        );
        // Nearly flagged: level 1 and a tiny budget.
        assert_eq!(clocked_budget(8, 400, 0), (1, Duration::from_millis(10)));
    }

    #[tokio::test]
    async fn item_4_a_search_that_waited_keeps_the_deadline_fixed_when_queued() {
        let pool = EnginePool::start(1).unwrap();
        let seen = Arc::new(Mutex::new(Vec::new()));
        let hold = pool.hold();
        // Queued with its deadline fixed from its clock (far enough that
        // no wait reaches it); another with its deadline already passed
        // (it waited longer than its budget).
        let queued = Instant::now();
        let deadline = queued + Duration::from_secs(3600);
        let a = pool.submit(
            "waited".into(),
            Priority::Clocked(queued + Duration::from_secs(30)),
            Some(deadline),
            Box::new(|| true),
            recording("waited", seen.clone()),
        );
        let late = queued
            .checked_sub(Duration::from_millis(1))
            .unwrap_or(queued);
        let b = pool.submit(
            "late".into(),
            Priority::Clocked(queued + Duration::from_secs(31)),
            Some(late),
            Box::new(|| true),
            recording("late", seen.clone()),
        );
        let c = pool.submit(
            "unclocked".into(),
            Priority::Unclocked,
            None,
            Box::new(|| true),
            recording("unclocked", seen.clone()),
        );
        drop(hold);
        for x in [a, b, c] {
            assert!(matches!(x.await.unwrap(), Searched::Move(_)));
        }
        let seen = lock(&seen).clone();
        // The deadline is the one fixed when queued, not a budget counted
        // from the start; a deadline the wait ate gives a short slice.
        assert_eq!(seen[0], ("waited", Some(deadline)));
        let (name, late_deadline) = seen[1];
        assert_eq!(name, "late");
        assert!(late_deadline.is_some_and(|d| d > late));
        assert_eq!(seen[2], ("unclocked", None));
    }

    #[tokio::test]
    async fn item_4_a_clocked_search_takes_the_thread_of_a_game_without_a_clock() {
        let pool = EnginePool::start(1).unwrap();
        let ran = Arc::new(Mutex::new(Vec::new()));
        let r = ran.clone();
        // A long search of a game without a clock: it runs until stopped
        // through the thread's budget, as a search does.
        let slow = pool.submit(
            "unclocked".into(),
            Priority::Unclocked,
            None,
            Box::new(|| true),
            Box::new(move || {
                lock(&r).push("unclocked");
                let stop = deadline::current_stop().unwrap();
                while !stop.load(Ordering::Relaxed) {
                    std::thread::sleep(Duration::from_millis(2));
                }
                Some("what it found".into())
            }),
        );
        while lock(&ran).is_empty() {
            tokio::time::sleep(Duration::from_millis(2)).await;
        }
        // Another game without a clock waits its turn ...
        let r = ran.clone();
        let patient = pool.submit(
            "unclocked 2".into(),
            Priority::Unclocked,
            None,
            Box::new(|| true),
            Box::new(move || {
                lock(&r).push("unclocked 2");
                Some("b".into())
            }),
        );
        assert_eq!(pool.waiting(), 1);
        // ... a clocked one stops the running search and goes first.
        let r = ran.clone();
        let clocked = pool.submit(
            "clocked".into(),
            Priority::Clocked(Instant::now() + Duration::from_secs(10)),
            Some(Instant::now() + Duration::from_secs(3600)),
            Box::new(|| true),
            Box::new(move || {
                lock(&r).push("clocked");
                Some("c".into())
            }),
        );
        assert_eq!(slow.await.unwrap(), Searched::Move("what it found".into()));
        assert_eq!(clocked.await.unwrap(), Searched::Move("c".into()));
        assert_eq!(patient.await.unwrap(), Searched::Move("b".into()));
        assert_eq!(*lock(&ran), ["unclocked", "clocked", "unclocked 2"]);
    }
}
