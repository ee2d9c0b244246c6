//! The analysis board of Chess Cards: the exact solver's value of each
//! legal turn, the best ones with their lines of perfect play to the end.

use super::engine::Solver;
use super::notation::turn_text;
use super::ChessCards;
use crate::registry::{AnalysisLine, AnalysisReport, AnalysisRequest, MAX_LINES};
use deckmate_rules::Seat;
use std::time::Instant;

/// The largest score of a game (a mate's value with every sacrifice
/// counted): the evaluation bar's full scale.
const SCALE: f64 = 30.0;

/// A score in words: `+4 points`, `-1 point`, `a draw`.
fn points(v: i32) -> String {
    match v {
        0 => "a draw".to_string(),
        1 | -1 => format!("{v:+} point"),
        _ => format!("{v:+} points"),
    }
}

/// Solves `g` and gives the request's lines: the best turns of the seat to
/// act, each with its value for that seat and the perfect play after it.
/// `None` when the game is over.
pub fn analyse(g: &ChessCards, request: &AnalysisRequest) -> Option<AnalysisReport> {
    let me = g.to_act()?;
    let start = Instant::now();
    let mut solver = Solver::new();
    // Values are the dealer's (the first seat's) score less the other's.
    let mine = |v: i32| if me == Seat::First { v } else { -v };
    let values = solver.turn_values(g);
    let best = values.first().map_or(0, |&(_, v)| v);
    let mut lines = Vec::new();
    for &(t, v) in values.iter().take(request.lines.clamp(1, MAX_LINES)) {
        let mut child = g.clone();
        child.play(t);
        let (_, rest) = solver.solve(&child);
        let moves: Vec<String> = std::iter::once(turn_text(t))
            .chain(rest.iter().map(|&(_, t)| turn_text(t)))
            .collect();
        lines.push(AnalysisLine {
            score: mine(v),
            score_text: points(mine(v)),
            text: moves.join(" "),
            moves,
        });
    }
    Some(AnalysisReport {
        // Solved to the end: the best line's length.
        depth: lines.first().map_or(0, |l| l.moves.len() as u32),
        nodes: solver.nodes,
        elapsed: start.elapsed(),
        lines,
        bar: (0.5 + f64::from(best) / (2.0 * SCALE)).clamp(0.0, 1.0),
        chance: false,
        done: true,
    })
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::chess_cards::SacrificeCount;
    use std::sync::atomic::AtomicBool;
    use std::sync::Arc;
    use std::time::Duration;

    #[test]
    fn the_lines_are_the_solvers_best_turns_with_their_values() {
        let (a, b) = ChessCards::deal(11);
        let g = ChessCards::new(a, b, SacrificeCount::Net).unwrap();
        let request = AnalysisRequest {
            lines: 3,
            time: Duration::from_secs(5),
            stop: Arc::new(AtomicBool::new(false)),
        };
        let r = analyse(&g, &request).unwrap();
        assert_eq!(r.lines.len(), 3);
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
}
