//! What several analysis lines cost: the time and nodes to reach a depth
//! with 1, 3 and 5 lines, from the start and a middlegame of each board
//! game (fresh searcher each).
//!
//! `cargo run --release -p deckmate-measure --bin multi_pv -- [DEPTH]`

use deckmate_engine::search::{Limits, Searcher};
use deckmate_engine::Evaluator;
use deckmate_games::cardmate::tools::CardmateTools;
use deckmate_games::cuarenta::{self, tools::CuarentaTools};
use deckmate_games::registry::{EngineHook, Options};
use deckmate_rules::Game;
use std::time::Instant;

fn measure<G: Game, E: Evaluator<G>>(
    name: &str,
    mk: impl Fn() -> Searcher<G, E>,
    pos: &G,
    depth: u32,
) {
    let mut base = None;
    for lines in [1, 3, 5] {
        let mut s = mk();
        s.multi_pv = lines;
        let t = Instant::now();
        let limits = Limits {
            depth: Some(depth),
            ..Limits::default()
        };
        let r = s.search(pos, &limits, &mut |_| {});
        let secs = t.elapsed().as_secs_f64();
        let ratio = base.map_or(1.0, |b| secs / b);
        base.get_or_insert(secs);
        println!(
            "{name:<22} depth {depth} lines {lines}: {:>10} nodes {secs:>7.2} s  x{ratio:.2}",
            r.nodes
        );
    }
}

/// `plies` first legal moves (of a fixed rotation) from `pos`.
fn advanced<G: Game>(mut pos: G, plies: usize) -> G {
    let mut moves = Vec::new();
    for i in 0..plies {
        moves.clear();
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        let m = moves[(i * 7) % moves.len()];
        pos.play_unchecked(m);
    }
    pos
}

fn main() {
    let depth = std::env::args()
        .nth(1)
        .and_then(|d| d.parse().ok())
        .unwrap_or(8);
    let opts = |key: &str| {
        let e = deckmate_games::list::find(key).expect("a built-in game");
        Options::defaults(e.options)
    };
    let cardmate = CardmateTools
        .start(&opts("cardmate"), 1, None)
        .expect("a start");
    measure(
        "cardmate start",
        || CardmateTools.searcher(16),
        &cardmate,
        depth,
    );
    measure(
        "cardmate middlegame",
        || CardmateTools.searcher(16),
        &advanced(cardmate.clone(), 20),
        depth,
    );
    let c = CuarentaTools
        .start(&opts("cuarenta"), 1, None)
        .expect("a start");
    measure(
        "cuarenta start",
        || cuarenta::engine::searcher(16),
        &c,
        depth,
    );
    measure(
        "cuarenta middlegame",
        || cuarenta::engine::searcher(16),
        &advanced(c.clone(), 20),
        depth,
    );
}
