//! `analyse`: search a position of any game and give the best line in the
//! game's notation, moves numbered in pairs.

use crate::search::{Limits, Report, Searcher, WIN};
use crate::Evaluator;
use deckmate_rules::{Game, Seat};
use std::time::Duration;

/// The result of an analysis, for a game whose moves are `M`.
#[derive(Clone, Debug)]
pub struct Analysis<M> {
    /// The best move, `None` when the game is over or there is no move.
    pub best: Option<M>,
    /// The best line, one move per entry in the game's notation.
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

/// A line of moves (already in notation) with move numbers, the first
/// move made by `side` in move `number`: `18. a b 19. c` or `18... b 19. c`.
/// Any game whose moves are numbered in pairs, first seat first.
pub fn numbered_from(mut side: Seat, mut number: u32, line: &[String]) -> String {
    let mut out = Vec::new();
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

/// Writes `moves`, played one after the other from `pos`, with `write`
/// (a game's notation), one entry per move.
pub fn written_line<P: Clone, M: Copy>(
    pos: &P,
    moves: &[M],
    write: impl Fn(&P, M) -> String,
    play: impl Fn(&mut P, M),
) -> Vec<String> {
    let mut p = pos.clone();
    moves
        .iter()
        .map(|&m| {
            let t = write(&p, m);
            play(&mut p, m);
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
/// notation, and returns the best line. `searcher` has the game's
/// evaluation and parameters, `line` writes moves from a position in its
/// notation (see [`written_line`]).
pub fn analyse_with<G: Game, E: Evaluator<G>>(
    searcher: &mut Searcher<G, E>,
    pos: &G,
    limits: &Limits,
    line: impl Fn(&G, &[G::Move]) -> Vec<String>,
    mut on_report: impl FnMut(&Report<G::Move>, &[String]),
) -> Analysis<G::Move> {
    let mut limits = limits.clone();
    if limits.depth.is_none() && limits.time.is_none() && limits.nodes.is_none() {
        limits.time = Some(Duration::from_secs(5));
    }
    let start = std::time::Instant::now();
    let r = searcher.search(pos, &limits, &mut |rep| {
        let text = line(pos, &rep.pv);
        on_report(rep, &text);
    });
    let pv = match r.best {
        Some(b) if r.pv.first() != Some(&b) => vec![b],
        _ => r.pv,
    };
    Analysis {
        best: r.best,
        line: line(pos, &pv),
        score: r.score,
        depth: r.depth,
        nodes: r.nodes,
        time: start.elapsed(),
    }
}
