//! `bench`: fixed positions searched to fixed depths on one thread, with a
//! fresh table each; the total node count is a signature of the search
//! (same binary, same number) and the speed is measured. The positions
//! are each game's; the runner is here.

use crate::evaluator::Evaluator;
use crate::search::{Limits, Searcher};
use deckmate_rules::Game;
use std::time::{Duration, Instant};

/// One line of the bench.
pub struct BenchLine {
    /// The position's name.
    pub name: &'static str,
    /// Depth searched.
    pub depth: u32,
    /// Nodes.
    pub nodes: u64,
    /// The best move in notation.
    pub best: String,
    /// Time taken.
    pub time: Duration,
}

/// One position of a bench: its name, the position, the depth to search.
pub struct BenchCase<G> {
    /// A short name.
    pub name: &'static str,
    /// The position.
    pub pos: G,
    /// Search depth.
    pub depth: u32,
}

/// Runs a bench: each case in turn (an error ends the run), searched by
/// `searcher` with its table cleared, the best move written with `write`;
/// `on_line` gets every line. Returns the total nodes and time.
pub fn run<G: Game, E: Evaluator<G>>(
    searcher: &mut Searcher<G, E>,
    cases: impl IntoIterator<Item = Result<BenchCase<G>, String>>,
    write: impl Fn(&G, G::Move) -> String,
    mut on_line: impl FnMut(&BenchLine),
) -> Result<(u64, Duration), String> {
    let mut total = 0;
    let mut time = Duration::ZERO;
    for case in cases {
        let BenchCase { name, pos, depth } = case?;
        searcher.clear();
        let t = Instant::now();
        let r = searcher.search(
            &pos,
            &Limits {
                depth: Some(depth),
                ..Limits::default()
            },
            &mut |_| {},
        );
        let line = BenchLine {
            name,
            depth,
            nodes: r.nodes,
            best: r.best.map_or("-".into(), |m| write(&pos, m)),
            time: t.elapsed(),
        };
        total += line.nodes;
        time += line.time;
        on_line(&line);
    }
    Ok((total, time))
}
