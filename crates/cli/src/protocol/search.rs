//! The search on its own thread, so that the protocol goes on reading
//! (`stop`, `isready`) while it runs: the engine's analysis of the
//! position (every board game's [`PlayedGame::analysis_job`], with its
//! lines, depth, nodes and scores), or a level's player
//! ([`PlayedGame::engine_job`]) when a weaker engine is asked for. The
//! search stops at its limits or when the stop flag is set; its moves
//! come back as coordinates.
//!
//! A time given is counted from when the command that asked for the
//! search was read ([`Order::asked_at`]), not from when the search
//! starts: copying the position and starting the threads are in it. The
//! search runs under that hard deadline ([`deckmate_engine::deadline`])
//! and its thread says the best move as soon as it ends (on a loaded
//! machine another thread may wait long to be woken); a watch thread
//! writes the `info` lines and, if the search has not ended at the
//! deadline (and [`GRACE`]: one slow node), gives the best move of the
//! last depth completed without it (the search ends on its own at its
//! next look at the clock). The searcher (and its transposition table) is kept between
//! searches ([`KeptSearcher`], made by [`prepare`] outside any search's
//! time).

use deckmate_engine::deadline::{within, Budget};
use deckmate_engine::search::{is_mate, WIN};
use deckmate_engine::Limits;
use deckmate_games::registry::{
    coordinate_line, coordinate_of_text, copy_game, keeping, AnalysisReport, AnalysisRequest,
    AnalysisSink, BoxedGame, KeptSearcher, PlayedGame, MAX_LINES,
};
use deckmate_rules::Seat;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How long past its deadline the answer waits for a search that has
/// not ended (one slow node, a thread not scheduled): then the best move
/// of the last depth completed is given without it.
pub const GRACE: Duration = Duration::from_millis(5);

/// A score as the protocols give it, for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Hundredths of the game's unit (a pawn, a One).
    Cp(i32),
    /// A forced win in so many moves (negative: a loss).
    Mate(i32),
}

/// One line of a report: its score and moves (coordinates).
#[derive(Clone, Debug)]
pub struct Line {
    /// The score for the side to move.
    pub score: Score,
    /// The moves, as coordinates.
    pub moves: Vec<String>,
}

/// A report after a completed depth.
#[derive(Clone, Debug)]
pub struct Info {
    /// The depth completed.
    pub depth: u32,
    /// The nodes searched.
    pub nodes: u64,
    /// The time since the search started.
    pub elapsed: Duration,
    /// The lines, best first.
    pub lines: Vec<Line>,
}

impl Info {
    /// Nodes a second.
    pub fn nps(&self) -> u64 {
        let ms = self.elapsed.as_millis().max(1);
        u64::try_from(u128::from(self.nodes) * 1000 / ms).unwrap_or(u64::MAX)
    }
}

/// What a search is asked for.
pub struct Order {
    /// A copy of the position (the search's own).
    pub game: BoxedGame,
    /// The limits (none: until stopped).
    pub limits: Limits,
    /// How many lines (1 to 5).
    pub lines: usize,
    /// A level 1-7 plays through the level's player (no lines), 8 or
    /// none searches to the limits.
    pub level: Option<u8>,
    /// The seed of a level's choices.
    pub seed: u64,
    /// Whether the best move waits for `stop` even when the search ends
    /// first (UCI's `go infinite`).
    pub wait_for_stop: bool,
    /// When the command asking for the search was read: the time limit
    /// counts from here.
    pub asked_at: Instant,
    /// The searcher kept between searches (none: one made for this
    /// search, inside its time).
    pub kept: Option<KeptSearcher>,
    /// The threads the search uses (UCI's `Threads`, XBoard's `cores`).
    pub threads: usize,
}

/// The end of a search: the best move and the reply expected, if any.
#[derive(Clone, Debug, Default)]
pub struct Best {
    /// The move to play (none: no move, the game is over or chance acts).
    pub best: Option<String>,
    /// The reply expected.
    pub ponder: Option<String>,
}

/// A search running on its thread.
pub struct Running {
    /// The search's flag (the searcher clears it when it ends).
    stop: Arc<AtomicBool>,
    /// Whether a stop was asked for (kept: `go infinite` waits on it).
    asked: Arc<AtomicBool>,
    /// Set just before the best move is reported: a command that comes
    /// after the report finds the search ended.
    reported: Arc<AtomicBool>,
    /// Set once the best move has been reported (its line written).
    answered: Arc<AtomicBool>,
    handle: JoinHandle<()>,
}

impl Running {
    /// Asks the search to stop (it reports its best move).
    pub fn stop(&self) {
        self.asked.store(true, Ordering::SeqCst);
        self.stop.store(true, Ordering::SeqCst);
    }

    /// Whether the search has ended (its best move reported or about to
    /// be).
    pub fn finished(&self) -> bool {
        self.reported.load(Ordering::SeqCst) || self.handle.is_finished()
    }

    /// Stops the search and waits for its best move.
    pub fn stop_and_wait(self) {
        self.stop();
        self.wait();
    }

    /// Waits for the best move without stopping the search. A search
    /// answered at its deadline without it (see [`GRACE`]) is not waited
    /// for: it ends on its own at its next look at the clock.
    pub fn wait(self) {
        while !self.answered.load(Ordering::SeqCst) && !self.handle.is_finished() {
            std::thread::sleep(Duration::from_millis(1));
        }
        if self.handle.is_finished() {
            let _ = self.handle.join();
        }
    }
}

/// What reports a search's best move, once.
type BestReporter = Box<dyn FnOnce(Best) + Send>;

/// The one answer of a search: its best move, said once by whichever
/// comes first, the search's thread when the search ends or the watch at
/// the deadline; no `info` after it.
struct Answer {
    /// The best move's reporter, until it is used.
    on_best: Mutex<Option<BestReporter>>,
    reported: Arc<AtomicBool>,
    answered: Arc<AtomicBool>,
}

impl Answer {
    /// Says the best move `best` makes, unless it was said.
    fn say(&self, best: impl FnOnce() -> Best) {
        let mut slot = lock(&self.on_best);
        if let Some(on_best) = slot.take() {
            let b = best();
            self.reported.store(true, Ordering::SeqCst);
            on_best(b);
            self.answered.store(true, Ordering::SeqCst);
        }
    }

    /// Runs `f` (an `info` line) unless the best move was said.
    fn before(&self, f: impl FnOnce()) {
        let slot = lock(&self.on_best);
        if slot.is_some() {
            f();
        }
    }
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The protocol's score of a line whose score is for the first seat.
fn score_for(score_first: i32, side: Seat) -> Score {
    let s = if side == Seat::First {
        score_first
    } else {
        -score_first
    };
    if is_mate(s) {
        let plies = WIN - s.abs();
        let moves = (plies + 1) / 2;
        Score::Mate(if s > 0 { moves.max(1) } else { -moves.max(1) })
    } else {
        Score::Cp(s)
    }
}

/// A report's lines turned to coordinates, scores for the side to move.
fn info_of(game: &BoxedGame, side: Seat, r: &AnalysisReport) -> Info {
    Info {
        depth: r.depth,
        nodes: r.nodes,
        elapsed: r.elapsed,
        lines: r
            .lines
            .iter()
            .filter(|l| !l.moves.is_empty())
            .map(|l| Line {
                score: score_for(l.score, side),
                moves: coordinate_line(game.as_ref(), &l.moves),
            })
            .collect(),
    }
}

/// Starts a search: `on_info` after every completed depth, `on_best` once
/// at its end (after `stop` when it waits for one).
pub fn start(
    order: Order,
    on_info: Box<dyn FnMut(&Info) + Send>,
    on_best: Box<dyn FnOnce(Best) + Send>,
) -> Running {
    let stop = Arc::new(AtomicBool::new(false));
    let asked = Arc::new(AtomicBool::new(false));
    let reported = Arc::new(AtomicBool::new(false));
    let answered = Arc::new(AtomicBool::new(false));
    let answer = Arc::new(Answer {
        on_best: Mutex::new(Some(on_best)),
        reported: reported.clone(),
        answered: answered.clone(),
    });
    let (flag, was_asked) = (stop.clone(), asked.clone());
    let handle = std::thread::spawn(move || run(order, &flag, &was_asked, &answer, on_info));
    Running {
        stop,
        asked,
        reported,
        answered,
        handle,
    }
}

/// The search, on its thread: it says the best move itself when it ends
/// (no other thread to wake on a loaded machine); a watch thread writes
/// the `info` lines and says the best move at the deadline (and
/// [`GRACE`]) if the search has not ended by then.
fn run(
    order: Order,
    stop: &Arc<AtomicBool>,
    asked: &Arc<AtomicBool>,
    answer: &Arc<Answer>,
    on_info: Box<dyn FnMut(&Info) + Send>,
) {
    let game = order.game;
    let Some(side) = game.to_move() else {
        wait(order.wait_for_stop, asked);
        answer.say(Best::default);
        return;
    };
    // The asker's stop holds every search on the thread (a level's too),
    // and a time limit is a hard deadline: even the search's first
    // iterations end at it.
    let threads = Some(order.threads.max(1));
    let outer = |deadline: Option<Instant>| Budget {
        deadline,
        stop: Some(asked.clone()),
        threads,
    };
    if let Some(level) = order.level.filter(|&l| l < 8) {
        let job = game.engine_job(level.max(1), order.seed);
        let text = within(outer(None), job);
        wait(order.wait_for_stop, asked);
        answer.say(|| Best {
            best: text.and_then(|t| coordinate_of_text(game.as_ref(), &t)),
            ponder: None,
        });
        return;
    }
    let deadline = order.limits.time.map(|t| order.asked_at + t);
    let mut limits = order.limits.clone();
    if let Some(d) = deadline {
        // What is left of the time: the search's own clock starts now.
        limits.time = Some(d.saturating_duration_since(Instant::now()));
        limits.soft = limits
            .soft
            .map(|s| s.saturating_sub(order.asked_at.elapsed()));
    }
    if limits.depth.is_none() && limits.nodes.is_none() && limits.time.is_none() {
        // Until stopped: a day is as long as anyone waits.
        limits.time = Some(Duration::from_secs(86_400));
    }
    let request = AnalysisRequest {
        lines: order.lines.clamp(1, MAX_LINES),
        limits,
        stop: stop.clone(),
    };
    // The last report with a line, kept here as it comes; every report
    // also goes to the watch, whose channel closes when the job ends (its
    // sink is dropped with it).
    let last: Arc<Mutex<Option<AnalysisReport>>> = Arc::default();
    let (tx, reports) = mpsc::channel::<AnalysisReport>();
    let sink_last = last.clone();
    let sink: AnalysisSink = Box::new(move |r: AnalysisReport| {
        if r.lines.first().is_some_and(|l| !l.moves.is_empty()) {
            *lock(&sink_last) = Some(r.clone());
        }
        let _ = tx.send(r);
    });
    let Some(job) = game.analysis_job(request, sink) else {
        wait(order.wait_for_stop, asked);
        answer.say(Best::default);
        return;
    };
    let watch = Watch {
        game: copy_game(game.as_ref()).ok(),
        side,
        deadline,
        last: last.clone(),
        stop: stop.clone(),
        answer: answer.clone(),
    };
    // It ends when the job does (after the reports' `info` lines), or
    // answers at the deadline.
    let watcher = std::thread::spawn(move || watch.run(&reports, on_info));
    let budget = outer(deadline);
    match order.kept {
        Some(k) => keeping(&k, || within(budget, job)),
        None => within(budget, job),
    };
    // Before its deadline, the search's `info` lines first (a `go depth`
    // ends before the watch has written them); past it, the answer.
    if deadline.is_none_or(|d| Instant::now() < d) {
        let _ = watcher.join();
    }
    wait(order.wait_for_stop, asked);
    let found = lock(&last).take();
    answer.say(|| best_from(game.as_ref(), found));
}

/// What the watch of a search holds: a copy of the position, to write
/// the reports' lines in coordinates and the best move at the deadline.
struct Watch {
    game: Option<BoxedGame>,
    side: Seat,
    deadline: Option<Instant>,
    last: Arc<Mutex<Option<AnalysisReport>>>,
    stop: Arc<AtomicBool>,
    answer: Arc<Answer>,
}

impl Watch {
    fn run(
        self,
        reports: &mpsc::Receiver<AnalysisReport>,
        mut on_info: Box<dyn FnMut(&Info) + Send>,
    ) {
        let deadline = self.deadline;
        let (_, ended) = gather(reports, deadline, &mut |r| {
            // After the deadline, the answer first: no more `info`.
            if r.done || deadline.is_some_and(|d| Instant::now() >= d) {
                return;
            }
            if let Some(g) = &self.game {
                let info = info_of(g, self.side, r);
                if !info.lines.is_empty() {
                    self.answer.before(|| on_info(&info));
                }
            }
        });
        if !ended {
            // The search is late: it is stopped, and answered without.
            self.stop.store(true, Ordering::SeqCst);
            let found = lock(&self.last).take();
            self.answer.say(|| match &self.game {
                Some(g) => best_from(g.as_ref(), found),
                None => Best::default(),
            });
        }
    }
}

/// The best move of a search's last report with a line, from the position
/// of `game`; with none (an early stop), the first legal move, never none
/// while there is one.
fn best_from(game: &dyn PlayedGame, found: Option<AnalysisReport>) -> Best {
    let moves = found
        .and_then(|r| r.lines.into_iter().next())
        .map(|l| l.moves)
        .unwrap_or_default();
    best_of(game, &moves).unwrap_or_else(|| Best {
        best: deckmate_games::registry::coordinate_moves(game)
            .into_iter()
            .next()
            .map(|m| m.coordinate),
        ponder: None,
    })
}

/// Takes a search's reports as they come (`each` sees every one) until
/// it ends (its channel closes) or until `deadline` and [`GRACE`] have
/// passed. Returns the last report with a line, and whether the search
/// ended (false: it is late).
fn gather(
    reports: &mpsc::Receiver<AnalysisReport>,
    deadline: Option<Instant>,
    each: &mut dyn FnMut(&AnalysisReport),
) -> (Option<AnalysisReport>, bool) {
    let mut last = None;
    loop {
        let wait_at_most = match deadline {
            Some(d) => (d + GRACE).saturating_duration_since(Instant::now()),
            None => Duration::from_secs(3600),
        };
        match reports.recv_timeout(wait_at_most) {
            Ok(r) => {
                each(&r);
                if r.lines.first().is_some_and(|l| !l.moves.is_empty()) {
                    last = Some(r);
                }
            }
            Err(RecvTimeoutError::Timeout) => {
                if deadline.is_some_and(|d| Instant::now() >= d + GRACE) {
                    return (last, false);
                }
            }
            Err(RecvTimeoutError::Disconnected) => return (last, true),
        }
    }
}

/// The best move and the expected reply of a line of moves (the game's
/// texts) from the position of `game`, as coordinates (the reply read on
/// a copy of it).
fn best_of(game: &dyn PlayedGame, moves: &[String]) -> Option<Best> {
    let first = moves.first()?;
    let best = coordinate_of_text(game, first)?;
    let ponder = match (copy_game(game).ok(), moves.get(1)) {
        (Some(mut copy), Some(reply)) => match copy.play_typed(first) {
            Ok(()) => coordinate_of_text(copy.as_ref(), reply),
            Err(_) => None,
        },
        _ => None,
    };
    Some(Best {
        best: Some(best),
        ponder,
    })
}

/// Makes the searcher `kept` keeps for `game` now, unless it is made:
/// a one-ply analysis of the position, the one way into a game's own
/// engine code, which makes it (its table allocated) and keeps it. A
/// protocol calls it where waiting is expected (UCI's `ucinewgame`,
/// `isready`, a new variant, `setoption name Hash`), so that a search
/// finds its table made. Nothing is made where the position has nothing
/// to analyse yet (Dealer's Chess before its arrangements): the first
/// search then makes it.
pub fn prepare(game: &BoxedGame, kept: &KeptSearcher) {
    if kept.is_made() {
        return;
    }
    let request = AnalysisRequest {
        lines: 1,
        limits: Limits {
            depth: Some(1),
            nodes: None,
            time: None,
            soft: None,
            whole_time: false,
        },
        stop: Arc::default(),
    };
    if let Some(job) = game.analysis_job(request, Box::new(|_| {})) {
        let budget = Budget {
            deadline: Some(Instant::now() + Duration::from_secs(1)),
            ..Budget::default()
        };
        keeping(kept, || within(budget, job));
    }
}

/// Waits for the stop flag when asked to.
fn wait(asked: bool, stop: &AtomicBool) {
    while asked && !stop.load(Ordering::SeqCst) {
        std::thread::sleep(Duration::from_millis(5));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use deckmate_games::registry::AnalysisLine;

    fn report(depth: u32) -> AnalysisReport {
        AnalysisReport {
            depth,
            nodes: 0,
            elapsed: Duration::ZERO,
            lines: vec![AnalysisLine {
                score: 0,
                score_text: String::new(),
                moves: vec!["e4".to_string()],
                text: String::new(),
            }],
            bar: 0.5,
            chance: false,
            done: false,
        }
    }

    /// A search that does not look at its clock for a second (one slow
    /// node) is answered at its deadline, with the best move of its last
    /// depth completed: the answer never waits for the search to end.
    #[test]
    // The measure is printed (`--nocapture` shows it).
    #[allow(clippy::print_stdout)]
    fn a_late_search_is_answered_at_its_deadline() {
        let (tx, rx) = mpsc::channel();
        let t0 = Instant::now();
        let given = Duration::from_millis(30);
        let search = std::thread::spawn(move || {
            let _ = tx.send(report(1));
            std::thread::sleep(Duration::from_secs(1));
            let _ = tx.send(report(2));
        });
        let mut seen = 0;
        let (last, ended) = gather(&rx, Some(t0 + given), &mut |_| seen += 1);
        let took = t0.elapsed();
        println!(
            "answered after {} ms, {} ms given",
            took.as_millis(),
            given.as_millis()
        );
        assert!(!ended);
        assert_eq!(last.map(|r| r.depth), Some(1));
        assert_eq!(seen, 1);
        // The old answer waited for the search: a second.
        assert!(took >= given + GRACE, "{took:?}");
        assert!(took < given + Duration::from_millis(300), "{took:?}");
        drop(search);
    }

    /// A search that ends in time is answered when it ends.
    #[test]
    fn a_search_in_time_is_answered_when_it_ends() {
        let (tx, rx) = mpsc::channel();
        let t0 = Instant::now();
        std::thread::spawn(move || {
            let _ = tx.send(report(1));
            let _ = tx.send(report(2));
        });
        let (last, ended) = gather(&rx, Some(t0 + Duration::from_secs(10)), &mut |_| {});
        assert!(ended);
        assert_eq!(last.map(|r| r.depth), Some(2));
        assert!(t0.elapsed() < Duration::from_secs(5));
    }

    #[test]
    fn scores_for_the_side_to_move() {
        assert_eq!(score_for(35, Seat::First), Score::Cp(35));
        assert_eq!(score_for(35, Seat::Second), Score::Cp(-35));
        // Mate in 1 move: 1 ply.
        assert_eq!(score_for(WIN - 1, Seat::First), Score::Mate(1));
        assert_eq!(score_for(WIN - 3, Seat::Second), Score::Mate(-2));
        assert_eq!(score_for(-(WIN - 2), Seat::First), Score::Mate(-1));
    }
}
