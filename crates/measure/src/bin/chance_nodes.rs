//! Chance-node pruning measured: turn-limited Pig ([`toys::Pig`]) searched
//! to its end (every iteration of the iterative deepening counted) with
//! plain expectimax, Star1 and Star2: the value (the same for all three),
//! the best first move, the nodes and the time of each.
//!
//! `cargo run --release -p deckmate-measure --bin chance_nodes`
//!
//! Star1 and Star2 prune from bounds on the values: they prune most where
//! the payoff is bounded tightly (a win, a draw or a loss; a capped
//! margin). With an uncapped margin the bounds are wide and little can be
//! cut, while the table keeps fewer exact values (a cut leaves a bound),
//! so the pruned searches may visit more nodes than plain expectimax.
//!
//! [`toys::Pig`]: deckmate_engine::toys::Pig

use deckmate_engine::toys::{exact_params, Pig, PigEval, PigRules};
use deckmate_engine::{ChancePruning, Limits, Searcher};
use std::time::Instant;

fn main() {
    let fair = PigRules::fair(6, 3);
    let games = [
        (
            "win, draw or loss; fair die, 6 turns of up to 3 rolls",
            PigRules {
                cap: 1,
                scale: 36,
                ..fair
            },
            false,
        ),
        (
            "margin capped at 3; 1 and 2 bust, banking 8 gives another turn; 6 turns of up to 3 rolls",
            PigRules {
                cap: 3,
                bust: 2,
                bonus: 8,
                ..fair
            },
            false,
        ),
        ("uncapped margin; fair die, 6 turns of up to 3 rolls", fair, false),
        (
            "the same with one bound for all positions (the largest payoff)",
            fair,
            true,
        ),
    ];
    for (name, rules, loose) in games {
        println!("{name} (depth {}):", rules.max_choices());
        let mut plain = 0;
        for pruning in [
            ChancePruning::None,
            ChancePruning::Star1,
            ChancePruning::Star2,
        ] {
            let eval = if loose {
                PigEval::loose(&rules)
            } else {
                PigEval::new(&rules)
            };
            let mut s = Searcher::new(eval, 16);
            s.params = exact_params(pruning);
            let t = Instant::now();
            let r = s.search(
                &Pig::new(rules),
                &Limits {
                    depth: Some(rules.max_choices()),
                    ..Limits::default()
                },
                &mut |_| {},
            );
            let time = t.elapsed();
            if pruning == ChancePruning::None {
                plain = r.nodes;
            }
            println!(
                "  {:<6} value {:>4}  best {:<5} nodes {:>9} ({:>3.0}%)  {:>7.1} ms",
                format!("{pruning:?}"),
                r.score,
                r.best.map_or("-".to_string(), |m| format!("{m:?}")),
                r.nodes,
                100.0 * r.nodes as f64 / plain.max(1) as f64,
                time.as_secs_f64() * 1000.0,
            );
        }
    }
}
