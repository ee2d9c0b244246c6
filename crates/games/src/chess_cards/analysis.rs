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

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::chess_cards::SacrificeCount;
    use crate::registry::Limits;
    use std::sync::atomic::AtomicBool;
    use std::sync::Arc;
    use std::time::Duration;

    #[test]
    fn the_lines_are_the_solvers_best_turns_with_their_values() {
        let (a, b) = ChessCards::deal(11);
        let g = ChessCards::new(a, b, SacrificeCount::Net).unwrap();
        let request = AnalysisRequest {
            lines: 3,
            // No time limit: the lines, whatever the machine's load.
            limits: Limits::default(),
            stop: Arc::new(AtomicBool::new(false)),
        };
        let mut reports = Vec::new();
        assert!(analyse(&g, &request, &mut |r| reports.push(r)));
        // The best line at once, then three.
        assert_eq!(reports.len(), 2);
        assert_eq!(reports[0].lines.len(), 1);
        assert!(!reports[0].done && reports[1].done);
        let r = &reports[1];
        assert_eq!(r.lines.len(), 3);
        assert_eq!(reports[0].lines[0].score, r.lines[0].score);
        let mut solver = Solver::new();
        let value = solver.value(&g);
        // The first line is worth the position's value, the others no more.
        assert_eq!(r.lines[0].score, value);
        assert!(r.lines.windows(2).all(|w| w[0].score >= w[1].score));
        // Each line is played out to the end of the game, legally.
        for line in &r.lines {
            let mut c = g.clone();
            for m in &line.moves {
                let t = c.turns().into_iter().find(|&t| turn_text(t) == *m).unwrap();
                c.play(t);
            }
            assert!(c.to_act().is_none(), "{}", line.text);
        }
    }

    /// The hostile client's report: 0.5 s asked with five lines took 1.9 to
    /// 3.5 s, as only a stop ended the valuing of every turn. The time
    /// asked for ends it too, with the first report.
    #[test]
    fn the_time_asked_for_ends_the_valuing_of_every_turn() {
        let (a, b) = ChessCards::deal(11);
        let g = ChessCards::new(a, b, SacrificeCount::Net).unwrap();
        let request = AnalysisRequest {
            lines: 5,
            limits: Limits {
                time: Some(Duration::ZERO),
                ..Limits::default()
            },
            stop: Arc::new(AtomicBool::new(false)),
        };
        let mut reports = Vec::new();
        assert!(analyse(&g, &request, &mut |r| reports.push(r)));
        assert_eq!(reports.len(), 2);
        assert!(reports[1].done);
        assert_eq!(reports[1].lines, reports[0].lines, "the first report again");
    }
}
