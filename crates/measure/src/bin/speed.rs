//! The engine's speed, single thread: time to complete depth 8 from the
//! predefined start and nodes per second, then the bench.
//!
//! `cargo run --release -p deckmate-measure --bin speed -- [DEPTH]`

use deckmate_engine::{Limits, Searcher};
use deckmate_games::cardmate::{bench, notation, start_position, CardmateEval, Options, SetupKind};
use std::time::Instant;

fn main() -> Result<(), String> {
    let depth = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(8);
    let pos = start_position(SetupKind::Predefined, 0, Options::default());
    let mut s = Searcher::new(CardmateEval::default(), 64);
    s.params = deckmate_games::cardmate::engine::cardmate_params();
    let t = Instant::now();
    let r = s.search(
        &pos,
        &Limits {
            depth: Some(depth),
            ..Limits::default()
        },
        &mut |rep| {
            println!(
                "depth {:2}/{:2}  nodes {:>10}  {:>6.3} s  {:>9} nodes/s",
                rep.depth,
                rep.seldepth,
                rep.nodes,
                rep.elapsed.as_secs_f64(),
                rep.nps
            );
        },
    );
    let el = t.elapsed().as_secs_f64();
    println!(
        "start position: depth {} in {:.2} s, {} nodes, {:.0} nodes/s, best {}",
        r.depth,
        el,
        r.nodes,
        r.nodes as f64 / el,
        r.best.map_or("-".into(), |m| notation::write(&pos, m))
    );
    let (nodes, time) = bench::run(|_| {})?;
    println!(
        "bench: {} nodes in {:.2} s = {:.0} nodes/s",
        nodes,
        time.as_secs_f64(),
        nodes as f64 / time.as_secs_f64()
    );
    Ok(())
}
