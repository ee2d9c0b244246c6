//! Search and evaluation speed of the generic fairy evaluation
//! ([`FairyEval`]):
//!
//! `cargo run --release -p deckmate-measure --bin fairy_search`
//!
//! prints each kind's value in use and its estimate from the movement,
//! searches chess's start, a chess middlegame and the 12x12 Fairy Court's
//! start (`variants/fairy-court.toml`) and prints, for each, the depth
//! reached, nodes, time, nodes per second, score and best move; then the
//! static evaluations per second over positions from seeded random games
//! (and, for scale, legal move generations per second over the same).
//!
//! Options: `--level N` (the engine's level N: its depth, node budget
//! and time, default 8: six seconds a move, as deep as the time allows),
//! `--depth D` (a fixed depth instead, no clock), `--only chess|middle|court`,
//! `--hints off` (the values estimated from the movement, not the rule
//! set's hints), `--material` (search with material alone, for
//! comparison), `--match N` (instead: N games of chess, or of the court
//! with `--only court`, between the full evaluation and material alone
//! (the same values, every positional weight 0) at `--nodes K` nodes a
//! move (default 20000), colours alternating, each pair of games from the
//! same seeded random opening of four plies; a game still on after 300
//! plies is a draw).

use deckmate_engine::level;
use deckmate_engine::search::{Limits, Searcher};
use deckmate_engine::Evaluator;
use deckmate_games::fairy::eval::EvalWeights;
use deckmate_games::fairy::{chess_variant, AnyPosition, FairyEval, Move, RuleSet, Variant};
use deckmate_rules::Game;
use std::sync::Arc;
use std::time::{Duration, Instant};

const MIDDLEGAME: &str = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 2 9";

fn court() -> Result<Variant, String> {
    let text = include_str!("../../../../variants/fairy-court.toml");
    deckmate_games::variant_file::read(text).map_err(|e| e.to_string())
}

fn build(mut v: Variant, hints: bool) -> Result<Arc<RuleSet>, String> {
    if !hints {
        for p in &mut v.pieces {
            p.value = None;
        }
    }
    RuleSet::new(v).map_err(|e| e.to_string())
}

/// Material alone: every positional weight 0.
fn material_only() -> EvalWeights {
    EvalWeights {
        mobility: 0,
        pawn_advance: 0,
        king_attacker: 0,
        king_zone_square: 0,
        tempo: 0,
        passed: 0,
        passed_advance: 0,
        doubled: 0,
        isolated: 0,
        centre: 0,
        shelter: 0,
        royal_rank: 0,
        royal_centre: 0,
        pair: 0,
        open_file: 0,
        half_open_file: 0,
    }
}

fn search(
    name: &str,
    rules: &Arc<RuleSet>,
    text: Option<&str>,
    limits: &Limits,
    weights: &EvalWeights,
) {
    let pos = match text {
        Some(t) => match AnyPosition::from_rules_text(rules, t) {
            Ok(p) => p,
            Err(e) => return eprintln!("{name}: {e}"),
        },
        None => AnyPosition::new_game(rules),
    };
    let mut s = Searcher::new(FairyEval::with_weights(rules, weights.clone()), 64);
    s.min_depth = 2;
    let t = Instant::now();
    let r = s.search(&pos, limits, &mut |_| {});
    let secs = t.elapsed().as_secs_f64().max(1e-9);
    let best = r.best.map_or("-".to_string(), |m| pos.move_text(m));
    println!(
        "{name:8} depth {:2}  nodes {:10}  time {:7.3} s  {:8.0} nodes/s  score {:5}  best {best}",
        r.depth,
        r.nodes,
        secs,
        r.nodes as f64 / secs,
        r.score,
    );
}

/// Positions from seeded random games of `rules` (a small xorshift).
fn sample(rules: &Arc<RuleSet>, games: usize, plies: usize) -> Vec<AnyPosition> {
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    let mut out = Vec::new();
    let mut moves: Vec<Move> = Vec::new();
    for _ in 0..games {
        let mut p = AnyPosition::new_game(rules);
        for _ in 0..plies {
            moves.clear();
            p.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            p.play_unchecked(moves[(seed % moves.len() as u64) as usize]);
            out.push(p.clone());
        }
    }
    out
}

fn eval_speed(name: &str, rules: &Arc<RuleSet>, weights: &EvalWeights) {
    let positions = sample(rules, 40, 60);
    let e = FairyEval::with_weights(rules, weights.clone());
    let (mut n, mut sum) = (0u64, 0i64);
    let t = Instant::now();
    while t.elapsed() < Duration::from_secs(1) {
        for p in &positions {
            sum += i64::from(e.evaluate(p));
        }
        n += positions.len() as u64;
    }
    let evals = n as f64 / t.elapsed().as_secs_f64();
    let mut moves = Vec::new();
    let (mut g, mut count) = (0u64, 0usize);
    let t = Instant::now();
    while t.elapsed() < Duration::from_secs(1) {
        for p in &positions {
            moves.clear();
            p.legal_moves(&mut moves);
            count += moves.len();
        }
        g += positions.len() as u64;
    }
    let gens = g as f64 / t.elapsed().as_secs_f64();
    println!(
        "{name:8} {:9.0} evaluations/s, {:9.0} move generations/s ({} positions; checksums {sum} {count})",
        evals,
        gens,
        positions.len()
    );
}

/// Each kind's value in use, and its estimate from the movement.
fn print_values(name: &str, rules: &Arc<RuleSet>) {
    let e = FairyEval::new(rules);
    let list: Vec<String> = rules
        .pieces
        .iter()
        .zip(e.values().iter().zip(e.estimates()))
        .map(|(p, (v, est))| format!("{}={v}({est})", p.letter))
        .collect();
    println!("{name:8} values (estimates): {}", list.join(" "));
}

/// A random opening of `plies` plies.
fn opening(rules: &Arc<RuleSet>, seed: &mut u64, plies: usize) -> AnyPosition {
    let mut p = AnyPosition::new_game(rules);
    let mut moves = Vec::new();
    for _ in 0..plies {
        moves.clear();
        p.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        p.play_unchecked(moves[(*seed % moves.len() as u64) as usize]);
    }
    p
}

/// Full evaluation against material alone: returns the full one's points.
fn self_play(rules: &Arc<RuleSet>, games: usize, nodes: u64) -> f64 {
    let material = material_only();
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    let (mut points, mut wins, mut draws, mut losses) = (0.0, 0, 0, 0);
    let mut start = AnyPosition::new_game(rules);
    for g in 0..games {
        if g % 2 == 0 {
            start = opening(rules, &mut seed, 4);
        }
        let mut full = Searcher::new(FairyEval::new(rules), 16);
        let mut plain = Searcher::new(FairyEval::with_weights(rules, material.clone()), 16);
        full.min_depth = 2;
        plain.min_depth = 2;
        let full_seat = if g % 2 == 0 {
            start.side_to_move()
        } else {
            start.side_to_move().other()
        };
        let mut p = start.clone();
        let mut ply = 0;
        while p.outcome().is_none() && ply < 300 {
            let r = if p.side_to_move() == full_seat {
                full.search(&p, &limits, &mut |_| {})
            } else {
                plain.search(&p, &limits, &mut |_| {})
            };
            let Some(m) = r.best else { break };
            p.play_unchecked(m);
            ply += 1;
        }
        let score = match p.outcome().and_then(|o| o.winner) {
            Some(w) if w == full_seat => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        };
        points += score;
        match score {
            1.0 => wins += 1,
            0.0 => losses += 1,
            _ => draws += 1,
        }
        println!(
            "game {:3}: full evaluation {score} after {ply} plies",
            g + 1
        );
    }
    println!(
        "full evaluation against material alone: +{wins} ={draws} -{losses}, {points}/{games}"
    );
    points
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let opt = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    let hints = opt("--hints").is_none_or(|h| h != "off");
    let only = opt("--only");
    let weights = if args.iter().any(|a| a == "--material") {
        material_only()
    } else {
        EvalWeights::default()
    };
    let limits = match opt("--depth").and_then(|d| d.parse().ok()) {
        Some(d) => Limits {
            depth: Some(d),
            ..Limits::default()
        },
        None => {
            let lv = level::level(opt("--level").and_then(|l| l.parse().ok()).unwrap_or(8));
            println!(
                "level {}: depth {}, nodes {:?}, time {:?}",
                lv.level, lv.depth, lv.nodes, lv.time
            );
            Limits {
                depth: Some(lv.depth),
                nodes: lv.nodes,
                time: Some(lv.time),
                soft: None,
                whole_time: false,
            }
        }
    };
    let chess = match chess_variant()
        .map_err(|e| e.to_string())
        .and_then(|v| build(v, hints))
    {
        Ok(r) => r,
        Err(e) => return eprintln!("chess: {e}"),
    };
    let court = match court().and_then(|v| build(v, hints)) {
        Ok(r) => r,
        Err(e) => return eprintln!("fairy court: {e}"),
    };
    if let Some(games) = opt("--match").and_then(|n| n.parse().ok()) {
        let nodes = opt("--nodes")
            .and_then(|n| n.parse().ok())
            .unwrap_or(20_000);
        let rules = if only.as_deref() == Some("court") {
            &court
        } else {
            &chess
        };
        self_play(rules, games, nodes);
        return;
    }
    let want = |n: &str| only.as_deref().is_none_or(|o| o == n);
    print_values("chess", &chess);
    print_values("court", &court);
    if want("chess") {
        search("chess", &chess, None, &limits, &weights);
    }
    if want("middle") {
        search("middle", &chess, Some(MIDDLEGAME), &limits, &weights);
    }
    if want("court") {
        search("court", &court, None, &limits, &weights);
    }
    eval_speed("chess", &chess, &weights);
    eval_speed("court", &court, &weights);
}
