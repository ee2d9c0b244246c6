//! `analyse`: search a Cardmate position and give the best line in the
//! page's notation.

use crate::search::{Limits, Report, Searcher, WIN};
use crate::CardmateEval;
use deckmate_games::cardmate::{notation, Move, Position};
use deckmate_rules::Seat;
use std::time::Duration;

/// The result of an analysis.
#[derive(Clone, Debug)]
pub struct Analysis {
    /// The best move, `None` when the game is over or there is no move.
    pub best: Option<Move>,
    /// The best line, one move per entry in the page's notation
    /// (`notation::write` move by move: `8D:j7`, `QS:f0+`, `QS:e0×`).
    pub line: Vec<String>,
    /// The score for the side to move (see [`score_text`]).
    pub score: i32,
    /// The last completed depth.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Time taken.
    pub time: Duration,
}

impl Analysis {
    /// The line with move numbers, as in the page: `18... 7Dh8 19. 8D:h8`.
    pub fn numbered(&self, from: &Position) -> String {
        numbered_line(from, &self.line)
    }
}

/// A line of moves (already in notation) with move numbers, from `pos`.
pub fn numbered_line(pos: &Position, line: &[String]) -> String {
    let mut out = Vec::new();
    let mut side = pos.side_to_move();
    let mut number = pos.fullmove();
    for (i, m) in line.iter().enumerate() {
        if side == Seat::First {
            out.push(format!("{number}."));
        } else if i == 0 {
            out.push(format!("{number}..."));
        }
        out.push(m.clone());
        if side == Seat::Second {
            number += 1;
        }
        side = side.other();
    }
    out.join(" ")
}

/// Writes `moves`, played from `pos`, in the page's notation, one entry per
/// move.
pub fn line_text(pos: &Position, moves: &[Move]) -> Vec<String> {
    let mut p = pos.clone();
    moves
        .iter()
        .map(|&m| {
            let t = notation::write(&p, m);
            p.play_move(m);
            t
        })
        .collect()
}

/// A score in words: `+35`, `-120`, `win in 3` or `loss in 4` (plies).
pub fn score_text(score: i32) -> String {
    if score > WIN - 1000 {
        format!("win in {}", WIN - score)
    } else if score < -WIN + 1000 {
        format!("loss in {}", WIN + score)
    } else {
        format!("{score:+}")
    }
}

/// Searches `pos` within `limits` (a depth, a time, a node budget or a
/// mix; with none at all, 5 seconds), calling `on_report` after each
/// completed depth with the report and its principal variation in
/// notation, and returns the best line. One thread, a 64 MB table.
pub fn analyse(
    pos: &Position,
    limits: &Limits,
    mut on_report: impl FnMut(&Report<Move>, &[String]),
) -> Analysis {
    let mut limits = limits.clone();
    if limits.depth.is_none() && limits.time.is_none() && limits.nodes.is_none() {
        limits.time = Some(Duration::from_secs(5));
    }
    let mut searcher = Searcher::new(CardmateEval::default(), 64);
    searcher.min_depth = 2;
    let start = std::time::Instant::now();
    let r = searcher.search(pos, &limits, &mut |rep| {
        let line = line_text(pos, &rep.pv);
        on_report(rep, &line);
    });
    let pv = match r.best {
        Some(b) if r.pv.first() != Some(&b) => vec![b],
        _ => r.pv,
    };
    Analysis {
        best: r.best,
        line: line_text(pos, &pv),
        score: r.score,
        depth: r.depth,
        nodes: r.nodes,
        time: start.elapsed(),
    }
}
