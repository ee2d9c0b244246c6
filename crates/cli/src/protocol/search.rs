//! The search on its own thread, so that the protocol goes on reading
//! (`stop`, `isready`) while it runs: the engine's analysis of the
//! position (every board game's [`PlayedGame::analysis_job`], with its
//! lines, depth, nodes and scores), or a level's player
//! ([`PlayedGame::engine_job`]) when a weaker engine is asked for. The
//! search stops at its limits or when the stop flag is set; its moves
//! come back as coordinates.

use deckmate_engine::deadline::{within, Budget};
use deckmate_engine::search::{is_mate, WIN};
use deckmate_engine::Limits;
use deckmate_games::registry::{
    coordinate_line, coordinate_of_text, AnalysisReport, AnalysisRequest, BoxedGame, MAX_LINES,
};
use deckmate_rules::Seat;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

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
    let mut limits = order.limits.clone();
    if limits.depth.is_none() && limits.nodes.is_none() && limits.time.is_none() {
        // Until stopped: a day is as long as anyone waits.
        limits.time = Some(Duration::from_secs(86_400));
    }
    let request = AnalysisRequest {
        lines: order.lines.clamp(1, MAX_LINES),
        limits,
        stop: stop.clone(),
    };
    let mut last: Option<Info> = None;
    let reports: Arc<std::sync::Mutex<Vec<AnalysisReport>>> = Arc::default();
    let sink_reports = reports.clone();
    let sink: deckmate_games::registry::AnalysisSink = Box::new(move |r: AnalysisReport| {
        if let Ok(mut v) = sink_reports.lock() {
            v.push(r);
        }
    });
    // The job reports into the vector; its reports are turned into
    // coordinates here as they come, on this thread.
    let Some(job) = game.analysis_job(request, sink) else {
        wait(order.wait_for_stop, asked);
        return Best::default();
    };
    let budget = outer(order.limits.time.map(|t| Instant::now() + t));
    let worker = std::thread::spawn(move || within(budget, job));
    loop {
        let done = worker.is_finished();
        let batch: Vec<AnalysisReport> = reports
            .lock()
            .map(|mut v| std::mem::take(&mut *v))
            .unwrap_or_default();
        for r in batch {
            let info = info_of(&game, side, &r);
            if !r.done && !info.lines.is_empty() {
                on_info(&info);
            }
            if !info.lines.is_empty() {
                last = Some(info);
            }
        }
        if done {
            break;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    let _ = worker.join();
    wait(order.wait_for_stop, asked);
    let line = last.and_then(|i| i.lines.into_iter().next());
    match line {
        Some(l) => {
            let mut m = l.moves.into_iter();
            Best {
                best: m.next(),
                ponder: m.next(),
            }
        }
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

/// Waits for the stop flag when asked to.
fn wait(asked: bool, stop: &AtomicBool) {
    while asked && !stop.load(Ordering::SeqCst) {
        std::thread::sleep(Duration::from_millis(5));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
