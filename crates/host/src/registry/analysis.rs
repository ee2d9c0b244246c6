//! The analysis board's engine work: several lines of a position, each
//! with its score, streamed after every completed depth
//! ([`AnalysisReport`]), until the time is up or the asker stops it.
//!
//! A game being played gives its analysis through
//! [`PlayedGame::analysis_job`](super::PlayedGame::analysis_job): the board
//! games by [`search_lines`] over their own searcher, Chess Cards by its
//! exact solver.

use crate::game_record::Recorded;
use deckmate_engine::analyse::{numbered_from, score_text, written_line};
use deckmate_engine::search::{is_mate, Limits, Report, Searcher};
use deckmate_engine::Evaluator;
use deckmate_rules::{Game, Seat, ToAct};
use serde_json::{json, Value};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// The most lines an analysis gives.
pub const MAX_LINES: usize = 5;

/// What an analysis is asked for.
#[derive(Clone, Debug)]
pub struct AnalysisRequest {
    /// How many of the best moves get a line (1 to [`MAX_LINES`]).
    pub lines: usize,
    /// When to stop (a depth, a time, a node budget; with none, five
    /// seconds).
    pub limits: Limits,
    /// Set to stop the search (the asker moved on or left).
    pub stop: Arc<AtomicBool>,
}

/// One line of an analysis.
#[derive(Clone, Debug, PartialEq)]
pub struct AnalysisLine {
    /// The score for the first seat (White, Forehand, the Dealer: the
    /// evaluation bar's point of view, whoever is to move), in the game's
    /// unit (a board game's hundredths of a pawn, or a win in so many
    /// plies; Chess Cards' points).
    pub score: i32,
    /// The score in words, for the first seat (`+35`, `win in 3`: the
    /// first seat wins, `loss in 3`: it loses, `+4 points`).
    pub score_text: String,
    /// The moves, in the game's notation.
    pub moves: Vec<String>,
    /// The moves numbered (`18... 7Dh8 19. 8D:h8`).
    pub text: String,
}

/// What an analysis has found so far.
#[derive(Clone, Debug, PartialEq)]
pub struct AnalysisReport {
    /// The depth completed (Chess Cards: the plies to the end, solved).
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Time since the analysis started.
    pub elapsed: Duration,
    /// The lines, best first.
    pub lines: Vec<AnalysisLine>,
    /// The first seat's share of the game's expected result, 0 to 1 (the
    /// evaluation bar).
    pub bar: f64,
    /// Whether chance acts next (a card to draw): the one line is the
    /// expected score (for the first seat) before the draw, without moves.
    pub chance: bool,
    /// Whether this is the last report (the time is up, the search ended
    /// or the value is exact).
    pub done: bool,
}

impl AnalysisReport {
    /// The report as the analysis WebSocket sends it.
    pub fn to_json(&self) -> Value {
        json!({
            "depth": self.depth,
            "nodes": self.nodes,
            "elapsed_ms": self.elapsed.as_millis() as u64,
            "lines": self.lines.iter().map(|l| json!({
                "score": l.score,
                "score_text": l.score_text,
                "moves": l.moves,
                "text": l.text,
            })).collect::<Vec<_>>(),
            "bar": self.bar,
            "chance": self.chance,
            "done": self.done,
        })
    }
}

/// Where an analysis board of a game's position starts (see
/// [`PlayedGame::analysis_start`](super::PlayedGame::analysis_start)).
#[derive(Clone, Debug, PartialEq)]
pub enum AnalysisStart {
    /// The game's own spec and moves: nothing in them is secret.
    Replay,
    /// This spec (the game's, its seed taken out) and the game's moves:
    /// chance's draws are read from the moves, as in a record.
    ReplayFrom(Value),
    /// This spec alone: a game that starts at the position now.
    Here(Value),
    /// No analysis board now (a secret is still to be revealed).
    Closed,
}

/// Where a report goes.
pub type AnalysisSink = Box<dyn FnMut(AnalysisReport) + Send>;

/// The first seat's share of the result for a board game's `score`
/// (hundredths of a pawn, for `side`): a logistic curve, 1 or 0 for a
/// forced win or loss.
pub fn share_of_first(score: i32, side: Seat) -> f64 {
    let mine = if is_mate(score) {
        if score > 0 {
            1.0
        } else {
            0.0
        }
    } else {
        1.0 / (1.0 + 10f64.powf(-f64::from(score) / 400.0))
    };
    if side == Seat::First {
        mine
    } else {
        1.0 - mine
    }
}

/// Searches `pos` with `searcher` for the request's lines, calling `sink`
/// after each completed depth and once more at the end (`done`). Lines are
/// scored for the first seat, as the bar is. Where chance acts next the
/// search values the draw: one line without moves.
/// Returns whether there was anything to report (not when the game is
/// over).
pub fn search_lines<G, E>(
    searcher: &mut Searcher<G, E>,
    pos: &G,
    request: &AnalysisRequest,
    sink: &mut dyn FnMut(AnalysisReport),
) -> bool
where
    G: Game + Recorded,
    E: Evaluator<G>,
{
    searcher.multi_pv = request.lines.clamp(1, MAX_LINES);
    searcher.set_stop_flag(request.stop.clone());
    let side = pos.side_to_move();
    let chance = pos.to_act() == ToAct::Chance;
    // Where chance acts the search values the position for the first seat.
    let mine = |s: i32| if chance && side != Seat::First { -s } else { s };
    // Every line is scored from the first seat's point of view, as the
    // bar is (a search's score is the side to move's).
    let first = |s: i32| if side == Seat::First { s } else { -s };
    let line_of = |score: i32, moves: &[G::Move]| {
        let score = first(score);
        let texts = written_line(
            pos,
            moves,
            |p, m| p.move_text(m),
            |p, m| p.play_unchecked(m),
        );
        AnalysisLine {
            score,
            score_text: score_text(score),
            text: numbered_from(side, pos.fullmove(), &texts),
            moves: texts,
        }
    };
    let report_of = |r: &Report<G::Move>, done: bool| {
        let lines = if r.lines.is_empty() {
            vec![line_of(mine(r.score), &r.pv)]
        } else {
            r.lines.iter().map(|(s, pv)| line_of(*s, pv)).collect()
        };
        AnalysisReport {
            depth: r.depth,
            nodes: r.nodes,
            elapsed: r.elapsed,
            bar: share_of_first(mine(r.score), side),
            lines,
            chance,
            done,
        }
    };
    let mut last: Option<AnalysisReport> = None;
    let mut limits = request.limits.clone();
    if limits.depth.is_none() && limits.nodes.is_none() && limits.time.is_none() {
        limits.time = Some(Duration::from_secs(5));
    }
    searcher.search(pos, &limits, &mut |r| {
        let report = report_of(r, false);
        sink(report.clone());
        last = Some(report);
    });
    match last {
        Some(mut r) => {
            r.done = true;
            sink(r);
            true
        }
        None => false,
    }
}
