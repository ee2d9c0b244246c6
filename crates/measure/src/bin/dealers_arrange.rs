//! Does the arrangement chooser beat a `random` arrangement? Pairs of
//! self-play games on one deal: in the first the chooser arranges White
//! and Black is `random`, in the second White is `random` and the chooser
//! arranges Black, so each army is played once by each side of the test.
//! Both sides play at the same node budget per move.
//!
//! `cargo run --release -p deckmate-measure --bin dealers_arrange -- GAMES NODES CHOOSER_LEVEL [SEED]`
//! prints each game and the chooser's score with its 95% margin.

use deckmate_engine::Player;
use deckmate_games::dealers::engine::choose_arrangement;
use deckmate_games::dealers::record::GameSpec;
use deckmate_games::dealers::tools::DealersTools;
use deckmate_games::dealers::DealersMove;
use deckmate_games::registry::EngineHook;
use deckmate_rules::{Game, Seat};

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().unwrap_or(0))
        .collect();
    let games = args.first().copied().unwrap_or(20).max(2);
    let nodes = args.get(1).copied().unwrap_or(5_000).max(100);
    let level = args.get(2).copied().unwrap_or(4).clamp(1, 8) as u8;
    let seed = args.get(3).copied().unwrap_or(1);
    let (mut total, mut scores) = (0.0, Vec::new());
    for i in 0..games {
        let pair = i / 2;
        let chooser = if i % 2 == 0 {
            Seat::First
        } else {
            Seat::Second
        };
        let spec = GameSpec {
            seed: seed.wrapping_mul(1_000_003).wrapping_add(pair),
            ..GameSpec::default()
        };
        let Ok(mut g) = spec.start_game() else {
            eprintln!("game {i}: no deal");
            std::process::exit(1);
        };
        for s in Seat::BOTH {
            let a = if s == chooser {
                choose_arrangement(g.table(), s, level, spec.seed ^ 77)
            } else {
                g.table().random(s)
            };
            let Some(m) = a.and_then(|a| g.arrange_move(s, &a)) else {
                eprintln!("game {i}: no arrangement");
                std::process::exit(1);
            };
            g.play_unchecked(m);
        }
        let mut players = [
            DealersTools.fixed_player(0, Some(nodes)),
            DealersTools.fixed_player(0, Some(nodes)),
        ];
        let mut plies = 0;
        while plies < 300 {
            let Some(p) = g.position() else { break };
            if p.end_state().is_some() {
                break;
            }
            let side = p.side_to_move();
            let Some(m) = players[side.index()].choose(p) else {
                break;
            };
            g.play_unchecked(DealersMove::Play(m));
            plies += 1;
        }
        let end = g.position().and_then(|p| p.end_state());
        let score = match end.and_then(|e| e.winner) {
            Some(w) if w == chooser => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        };
        total += score;
        scores.push(score);
        println!(
            "game {i}: chooser {} -> {score} ({} plies, {})",
            if chooser == Seat::First {
                "White"
            } else {
                "Black"
            },
            plies,
            end.map_or("unfinished: a draw".to_string(), |e| e.describe())
        );
    }
    let n = scores.len() as f64;
    let mean = total / n;
    let var = scores.iter().map(|s| (s - mean) * (s - mean)).sum::<f64>() / (n - 1.0).max(1.0);
    let margin = 1.96 * (var / n).sqrt();
    println!(
        "chooser (level {level}) vs random, {games} games at {nodes} nodes a move: {:.1}% +- {:.1}%",
        100.0 * mean,
        100.0 * margin
    );
}
