//! Search the Cardmate start position to a depth and print the reports:
//! `cargo run --release -p deckmate-measure --bin depth -- 8`.

use deckmate_engine::{Limits, Searcher};
use deckmate_games::cardmate::{notation, start_position, CardmateEval, Options, SetupKind};

fn main() {
    let depth = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(8);
    let pos = start_position(SetupKind::Predefined, 0, Options::default());
    let mut s = Searcher::new(CardmateEval::default(), 64);
    s.params = deckmate_games::cardmate::engine::cardmate_params();
    let r = s.search(
        &pos,
        &Limits {
            depth: Some(depth),
            ..Limits::default()
        },
        &mut |rep| {
            let mut p = pos.clone();
            let pv: Vec<String> = rep
                .pv
                .iter()
                .map(|&m| {
                    let t = notation::write(&p, m);
                    p.play_move(m);
                    t
                })
                .collect();
            println!(
                "depth {:2} score {:6} nodes {:10} nps {:8} time {:6.2}s pv {}",
                rep.depth,
                rep.score,
                rep.nodes,
                rep.nps,
                rep.elapsed.as_secs_f64(),
                pv.join(" ")
            );
        },
    );
    println!(
        "best {:?} nodes {}",
        r.best.map(|m| notation::write(&pos, m)),
        r.nodes
    );
}
