//! Self-play between two engine configurations, for experiments and
//! tuning:
//!
//! `cargo run --release -p deckmate-measure --bin selfplay -- GAMES A B [THREADS] [SEED]`
//!
//! `A` and `B` are comma-separated `key=value` lists: `nodes=N` (node
//! budget per move, default 20000), `depth=D`, `ms=T` (time per move
//! instead of nodes), the search parameters `fm lmr rfp fut qt te delta asp`
//! and any evaluation weight of `Weights::NAMES`, or `v1`..`v14` for the
//! card values One..Ace. Example: `selfplay 100 nodes=20000 nodes=20000,rfp=0`.

use deckmate_engine::SearchParams;
use deckmate_games::cardmate::engine::{fixed_nodes, CardmateEngine};
use deckmate_games::cardmate::matches::{play_out, setup_of};
use deckmate_games::cardmate::Weights;
use deckmate_games::cardmate::{start_position, Options};
use deckmate_rules::Seat;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

#[derive(Clone, Debug)]
struct Spec {
    nodes: Option<u64>,
    depth: u32,
    ms: Option<u64>,
    params: SearchParams,
    weights: Weights,
}

fn parse(s: &str) -> Result<Spec, String> {
    let mut spec = Spec {
        nodes: Some(20_000),
        depth: 64,
        ms: None,
        params: SearchParams::default(),
        weights: Weights::default(),
    };
    for kv in s.split(',').filter(|x| !x.is_empty()) {
        let (k, v) = kv.split_once('=').ok_or(format!("{kv}: key=value"))?;
        let n: i64 = v.parse().map_err(|_| format!("{kv}: not a number"))?;
        match k {
            "nodes" => spec.nodes = Some(n as u64),
            "depth" => {
                spec.depth = n as u32;
                spec.nodes = None;
            }
            "ms" => {
                spec.ms = Some(n as u64);
                spec.nodes = None;
            }
            "fm" => spec.params.forced_moves = n as usize,
            "lmr" => spec.params.lmr = n != 0,
            "rfp" => spec.params.rfp_margin = n as i32,
            "fut" => spec.params.futility_margin = n as i32,
            "qt" => spec.params.q_threat_plies = n as u32,
            "te" => spec.params.threat_extension = n != 0,
            "delta" => spec.params.delta_margin = n as i32,
            "asp" => spec.params.aspiration = n as i32,
            _ => {
                if let Some(r) = k.strip_prefix('v').and_then(|r| r.parse::<usize>().ok()) {
                    if (1..=14).contains(&r) {
                        spec.weights.values[r - 1] = n as i32;
                        continue;
                    }
                }
                let i = Weights::NAMES
                    .iter()
                    .position(|&x| x == k)
                    .ok_or(format!("{k}: unknown key"))?;
                spec.weights.set(i, n as i32);
            }
        }
    }
    Ok(spec)
}

fn player(s: &Spec) -> CardmateEngine {
    let mut p = fixed_nodes(
        s.nodes.unwrap_or(u64::MAX),
        s.weights.clone(),
        s.params.clone(),
    );
    p.set_limits(s.depth, s.nodes, s.ms.map(Duration::from_millis));
    p
}

fn game(a: &Spec, b: &Spec, i: u32, seed: u64) -> (f64, usize) {
    let (kind, setup_seed) = setup_of(i, seed);
    let mut pos = start_position(kind, setup_seed, Options::default());
    let a_first = i % 2 == 0;
    let (mut pa, mut pb) = (player(a), player(b));
    let (moves, end) = play_out(&mut pos, &mut pa, &mut pb, a_first, 600);
    let a_seat = if a_first { Seat::First } else { Seat::Second };
    let s = match end.and_then(|e| e.winner) {
        Some(w) if w == a_seat => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    };
    (s, moves.len())
}

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 4 {
        return Err("usage: selfplay GAMES A B [THREADS] [SEED]".into());
    }
    let games: u32 = args[1].parse().map_err(|_| "GAMES")?;
    let a = parse(&args[2])?;
    let b = parse(&args[3])?;
    let threads: usize = args.get(4).and_then(|t| t.parse().ok()).unwrap_or(2);
    let seed: u64 = args.get(5).and_then(|t| t.parse().ok()).unwrap_or(2026);
    let next = AtomicU32::new(0);
    let results = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= games {
                    break;
                }
                let r = game(&a, &b, i, seed);
                if let Ok(mut v) = results.lock() {
                    v.push((i, r));
                    let n = v.len();
                    let sum: f64 = v.iter().map(|x| x.1 .0).sum();
                    eprintln!(
                        "game {i:3}: {} ({} plies)  running {:.1}% of {n}",
                        r.0,
                        r.1,
                        100.0 * sum / n as f64
                    );
                }
            });
        }
    });
    let v = results.into_inner().map_err(|_| "poisoned")?;
    let n = v.len() as f64;
    let (w, d, l) = v.iter().fold((0, 0, 0), |(w, d, l), x| match x.1 .0 {
        s if s > 0.75 => (w + 1, d, l),
        s if s < 0.25 => (w, d, l + 1),
        _ => (w, d + 1, l),
    });
    let p = (w as f64 + d as f64 / 2.0) / n;
    let plies: usize = v.iter().map(|x| x.1 .1).sum();
    let var =
        (w as f64 * (1.0 - p).powi(2) + d as f64 * (0.5 - p).powi(2) + l as f64 * p.powi(2)) / n;
    let se = (var / n).sqrt();
    let elo = |x: f64| -400.0 * (1.0 / x.clamp(1e-3, 1.0 - 1e-3) - 1.0).log10();
    println!(
        "A [{}] vs B [{}]: +{w} ={d} -{l}  {:.1}% +- {:.1}  Elo {:+.0} +- {:.0}  avg {:.0} plies",
        args[2],
        args[3],
        100.0 * p,
        196.0 * se,
        elo(p),
        (elo(p + 1.96 * se) - elo(p - 1.96 * se)) / 2.0,
        plies as f64 / n
    );
    Ok(())
}
