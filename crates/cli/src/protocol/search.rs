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
//! search runs under that hard deadline ([`deckmate_engine::deadline`]),
//! and the thread that answers does not wait for it past the deadline
//! (and [`GRACE`]): it then gives the best move of the last depth
//! completed, and the search ends on its own at its next look at the
//! clock. The searcher (and its transposition table) is kept between
//! searches ([`KeptSearcher`], made by [`prepare`] outside any search's
//! time).

use deckmate_engine::deadline::{within, Budget};
use deckmate_engine::search::{is_mate, WIN};
use deckmate_engine::Limits;
use deckmate_games::registry::{
    coordinate_line, coordinate_of_text, copy_game, keeping, AnalysisReport, AnalysisRequest,
    AnalysisSink, BoxedGame, KeptSearcher, MAX_LINES,
};
use deckmate_rules::Seat;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::Arc;
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
    /// after the report finds the search ended (its thread may not have
    /// returned yet; waiting for it is then a moment).
    reported: Arc<AtomicBool>,
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

    /// Stops the search and waits for its end (its best move reported).
    pub fn stop_and_wait(self) {
        self.stop();
        let _ = self.handle.join();
    }

    /// Waits for the end without stopping it.
    pub fn wait(self) {
        let _ = self.handle.join();
    }
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
    mut on_info: Box<dyn FnMut(&Info) + Send>,
    on_best: Box<dyn FnOnce(Best) + Send>,
) -> Running {
    let stop = Arc::new(AtomicBool::new(false));
    let asked = Arc::new(AtomicBool::new(false));
    let reported = Arc::new(AtomicBool::new(false));
    let (flag, was_asked, done) = (stop.clone(), asked.clone(), reported.clone());
    let handle = std::thread::spawn(move || {
        let best = run(order, &flag, &was_asked, &mut *on_info);
        done.store(true, Ordering::SeqCst);
        on_best(best);
    });
    Running {
        stop,
        asked,
        reported,
        handle,
    }
}

fn run(
    order: Order,
    stop: &Arc<AtomicBool>,
    asked: &Arc<AtomicBool>,
    on_info: &mut dyn FnMut(&Info),
) -> Best {
    let game = order.game;
    let Some(side) = game.to_move() else {
        wait(order.wait_for_stop, asked);
        return Best::default();
    };
    // The asker's stop holds every search on the thread (a level's too),
    // and a time limit is a hard deadline: even the search's first
    // iterations end at it.
    let outer = |deadline: Option<Instant>| Budget {
        deadline,
        stop: Some(asked.clone()),
    };
    if let Some(level) = order.level.filter(|&l| l < 8) {
        let job = game.engine_job(level.max(1), order.seed);
        let text = within(outer(None), job);
        wait(order.wait_for_stop, asked);
        return Best {
            best: text.and_then(|t| coordinate_of_text(game.as_ref(), &t)),
            ponder: None,
        };
    }
    let deadline = order.limits.time.map(|t| order.asked_at + t);
    let mut limits = order.limits.clone();
    if let Some(d) = deadline {
        // What is left of the time: the search's own clock starts now.
        limits.time = Some(d.saturating_duration_since(Instant::now()));
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
    // The job's reports come here as it makes them; the channel closes
    // when the job ends (its sink is dropped with it).
    let (tx, reports) = mpsc::channel::<AnalysisReport>();
    let sink: AnalysisSink = Box::new(move |r: AnalysisReport| {
        let _ = tx.send(r);
    });
    let Some(job) = game.analysis_job(request, sink) else {
        wait(order.wait_for_stop, asked);
        return Best::default();
    };
    let budget = outer(deadline);
    let kept = order.kept;
    // Never joined: the answer does not wait for it past the deadline,
    // and it gives the kept searcher back before its reports end.
    let _worker = std::thread::spawn(move || match kept {
        Some(k) => keeping(&k, || within(budget, job)),
        None => within(budget, job),
    });
    // A copy of the position for the expected reply's coordinates, made
    // while the search runs.
    let spare = copy_game(game.as_ref()).ok();
    let (last, ended) = gather(&reports, deadline, &mut |r| {
        // After the deadline, the answer first: no more `info`.
        if !r.done && deadline.is_none_or(|d| Instant::now() < d) {
            let info = info_of(&game, side, r);
            if !info.lines.is_empty() {
                on_info(&info);
            }
        }
    });
    if !ended {
        // The search is late: it is stopped, and answered without.
        stop.store(true, Ordering::SeqCst);
    }
    wait(order.wait_for_stop, asked);
    let moves = last
        .and_then(|r| r.lines.into_iter().next())
        .map(|l| l.moves)
        .unwrap_or_default();
    match best_of(game.as_ref(), spare, &moves) {
        Some(best) => best,
        // No line (an early stop): the first legal move, never none while
        // there is one.
        None => Best {
            best: deckmate_games::registry::coordinate_moves(game.as_ref())
                .into_iter()
                .next()
                .map(|m| m.coordinate),
            ponder: None,
        },
    }
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
/// texts) from the position of `game`, as coordinates; the reply read on
/// `spare`, a copy of it (none: no reply given).
fn best_of(
    game: &dyn deckmate_games::registry::PlayedGame,
    spare: Option<BoxedGame>,
    moves: &[String],
) -> Option<Best> {
    let first = moves.first()?;
    let best = coordinate_of_text(game, first)?;
    let ponder = match (spare, moves.get(1)) {
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
        },
        stop: Arc::default(),
    };
    if let Some(job) = game.analysis_job(request, Box::new(|_| {})) {
        let budget = Budget {
            deadline: Some(Instant::now() + Duration::from_secs(1)),
            stop: None,
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
