//! The analysis board of Chess Cards: the exact solver's value of each
//! legal turn, the best ones with their lines of perfect play to the end.

use super::engine::Solver;
use super::notation::turn_text;
use super::{ChessCards, Turn};
use crate::registry::{AnalysisLine, AnalysisReport, AnalysisRequest, MAX_LINES};
use deckmate_rules::Seat;
use std::sync::atomic::Ordering;
use std::time::Instant;

/// The evaluation bar's scale: a lead of this many points fills three
/// quarters of it.
const SCALE: f64 = 20.0;

/// A score in words: `+4 points`, `-1 point`, `a draw`.
fn points(v: i32) -> String {
    match v {
        0 => "a draw".to_string(),
        1 | -1 => format!("{v:+} point"),
        _ => format!("{v:+} points"),
    }
}

/// The line of turn `t` then perfect play, its value `v` (the first
/// seat's, as the bar's) as it is.
fn line(solver: &mut Solver, g: &ChessCards, t: Turn, v: i32) -> AnalysisLine {
    let mut child = g.clone();
    child.play(t);
    let (_, rest) = solver.solve(&child);
    let moves: Vec<String> = std::iter::once(turn_text(t))
        .chain(rest.iter().map(|&(_, t)| turn_text(t)))
        .collect();
    AnalysisLine {
        score: v,
        score_text: points(v),
        text: moves.join(" "),
        moves,
    }
}

/// Solves `g` and reports the request's lines to `sink`: first the best
/// turn of the seat to act with the perfect play after it (fast), then,
/// when more lines are asked for, every turn valued and the best ones with
/// their lines (slower: a stop, or the request's time running out, ends it
/// with the first report). False when the game is over.
pub fn analyse(
    g: &ChessCards,
    request: &AnalysisRequest,
    sink: &mut dyn FnMut(AnalysisReport),
) -> bool {
    let Some(me) = g.to_act() else {
        return false;
    };
    let start = Instant::now();
    let mut solver = Solver::new();
    // Values are the dealer's (the first seat's) score less the other's.
    let (value, best) = solver.solve(g);
    let Some(&(_, first)) = best.first() else {
        return false;
    };
    let wanted = request.lines.clamp(1, MAX_LINES);
    let mut report = AnalysisReport {
        // Solved to the end: the best line's length.
        depth: best.len() as u32,
        nodes: solver.nodes,
        elapsed: start.elapsed(),
        lines: vec![line(&mut solver, g, first, value)],
        bar: (0.5 + 0.5 * (f64::from(value) / SCALE).tanh()).clamp(0.0, 1.0),
        chance: false,
        done: wanted == 1,
    };
    sink(report.clone());
    if wanted == 1 {
        return true;
    }
    let mut values = Vec::new();
    let out_of_time = || {
        request
            .limits
            .time
            .is_some_and(|time| start.elapsed() >= time)
    };
    for t in g.turns() {
        if request.stop.load(Ordering::Relaxed) || out_of_time() {
            report.done = true;
            sink(report);
            return true;
        }
        let mut child = g.clone();
        child.play(t);
        values.push((t, solver.value(&child)));
    }
    // Best for the seat to act first; among equals plain plays first.
    values.sort_by_key(|&(t, v)| {
        let v = if me == Seat::First { -v } else { v };
        (v, t.sacrifice.is_some(), t.privilege)
    });
    report.lines = values
        .iter()
        .take(wanted)
        .map(|&(t, v)| line(&mut solver, g, t, v))
        .collect();
    report.nodes = solver.nodes;
    report.elapsed = start.elapsed();
    report.done = true;
    sink(report);
    true
}
