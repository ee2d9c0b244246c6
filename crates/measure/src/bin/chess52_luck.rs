//! How much luck is there in 52Chess? Self-play between levels, and the
//! search's speed.
//!
//! ```text
//! cargo run --release -p deckmate-measure --bin chess52_luck -- speed [SECONDS]
//! cargo run --release -p deckmate-measure --bin chess52_luck -- match A B GAMES [MS_PER_MOVE] [THREADS] [SEED]
//! cargo run --release -p deckmate-measure --bin chess52_luck -- nodes A B GAMES [L8_NODES] [THREADS] [SEED]
//! cargo run --release -p deckmate-measure --bin chess52_luck -- all GAMES [L8_NODES] [THREADS] [LEVELS]
//! cargo run --release -p deckmate-measure --bin chess52_luck -- cuarenta GAMES [L8_NODES] [THREADS] [LEVELS]
//! ```
//!
//! `speed`: nodes per second and the depth reached (moves, with the draws
//! between them) from the start, before the draw and with a few cards
//! drawn, and in the bench's positions, in SECONDS (5 by default).
//! `match`: level A against level B, sides alternated, the score of A with
//! its 95% margin; MS_PER_MOVE replaces the levels' own time per move
//! (levels 4-7 stop at their node budgets first). `nodes`: the same with
//! level 8 at L8_NODES per move (400,000 by default) and the other levels
//! at their own budgets, so the figures do not depend on the machine's
//! load. `all`: that way, level 8 against each of LEVELS (by default
//! `1,4,6,8`: the last is level 8 against itself, White's score).
//! `cuarenta`: the same matches in Cuarenta, a game without chance.

use deckmate_engine::search::Limits;
use deckmate_engine::{PlayerSpec, Searcher};
use deckmate_games::chess52::engine::searcher;
use deckmate_games::chess52::tools::{run_match, Chess52Match};
use deckmate_games::chess52::{Card, Chess52, Move};
use std::time::Duration;

fn arg<T: std::str::FromStr>(args: &[String], i: usize, default: T) -> T {
    args.get(i).and_then(|s| s.parse().ok()).unwrap_or(default)
}

fn speed(secs: f64) {
    let limits = Limits {
        time: Some(Duration::from_secs_f64(secs)),
        ..Limits::default()
    };
    let mut s: Searcher<Chess52, _> = searcher(64);
    let start = Chess52::start();
    let mut positions = vec![("start, before the draw".to_string(), start.clone())];
    for c in ["7H", "5C", "AC", "KS"] {
        if let Some(card) = Card::parse(c) {
            let mut p = start.clone();
            p.play_move(Move::Draw(card));
            positions.push((format!("start, {c} drawn"), p));
        }
    }
    // The bench's positions: a few random turns in, a card drawn.
    for case in deckmate_games::chess52::tools::cases(64).flatten().skip(1) {
        positions.push((case.name.to_string(), case.pos));
    }
    for (name, p) in positions {
        s.clear();
        let t = std::time::Instant::now();
        let r = s.search(&p, &limits, &mut |_| {});
        let el = t.elapsed().as_secs_f64();
        println!(
            "{name}: depth {} (moves, draws between), score {}, {} nodes in {:.2} s, {:.0} nodes/s, best {}",
            r.depth,
            r.score,
            r.nodes,
            el,
            r.nodes as f64 / el.max(1e-9),
            r.best.map_or("-".to_string(), |m| deckmate_rules::Game::move_text(&p, m)),
        );
    }
}

/// A level as a match plays it: level 8 with a node budget per move
/// (`l8_nodes`, so the figures do not depend on the machine's load) when
/// one is given, any other level as it is (levels 4-7 stop at their own
/// node budgets, 1-3 at their depths).
fn spec(level: u8, l8_nodes: Option<u64>) -> PlayerSpec {
    match l8_nodes {
        Some(n) if level == 8 => {
            let mut lv = deckmate_engine::level::level(8);
            lv.nodes = Some(n);
            PlayerSpec::Custom(lv)
        }
        _ => PlayerSpec::Level(level),
    }
}

/// Level 8 at `l8_nodes` per move (or `ms` per move) against level `b`.
fn one_match(a: u8, b: u8, games: u32, ms: u64, threads: usize, seed: u64, l8_nodes: Option<u64>) {
    let cfg = Chess52Match {
        a: spec(a, l8_nodes),
        b: spec(b, l8_nodes),
        games,
        time: Duration::from_millis(ms),
        seed,
        random_turns: 4,
        max_plies: 600,
        threads,
    };
    let r = match run_match(&cfg, |_, _| {}) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("match: {e}");
            return;
        }
    };
    report("52Chess", a, b, games, &budget(ms, l8_nodes), &r);
}

/// How the levels were limited, for the report.
fn budget(ms: u64, l8_nodes: Option<u64>) -> String {
    match l8_nodes {
        Some(n) => format!("level 8 at {n} nodes/move, the others at their own budgets"),
        None => format!("{ms} ms/move"),
    }
}

/// Prints a match's score for A with its 95% margin, and White's score.
fn report(game: &str, a: u8, b: u8, games: u32, how: &str, r: &deckmate_engine::MatchScore) {
    let n = f64::from(r.wins + r.draws + r.losses);
    let p = r.score();
    let var = (f64::from(r.wins) * (1.0 - p).powi(2)
        + f64::from(r.draws) * (0.5 - p).powi(2)
        + f64::from(r.losses) * p.powi(2))
        / n.max(1.0);
    let margin = 1.96 * (var / n.max(1.0)).sqrt();
    let white: f64 = r
        .games
        .iter()
        .map(|g| {
            if g.a_first {
                g.score_a
            } else {
                1.0 - g.score_a
            }
        })
        .sum::<f64>()
        / n.max(1.0);
    let (elo, elo_m) = r.elo();
    println!(
        "{game}: level {a} vs level {b}: {games} games, {how}: +{} ={} -{}, A scores {:.1}% +- {:.1}% (Elo {:+.0} +- {:.0}); White scores {:.1}%",
        r.wins,
        r.draws,
        r.losses,
        100.0 * p,
        100.0 * margin,
        elo,
        elo_m,
        100.0 * white,
    );
}

/// The same match in Cuarenta, for comparison (4 random plies first).
fn cuarenta_match(a: u8, b: u8, games: u32, ms: u64, threads: usize, l8_nodes: Option<u64>) {
    use deckmate_games::cuarenta::tools::{play_game, CuarentaMatch};
    let cfg = CuarentaMatch {
        a: spec(a, l8_nodes),
        b: spec(b, l8_nodes),
        games,
        time: Duration::from_millis(ms),
        seed: 1,
        random_plies: 4,
        max_plies: 600,
    };
    let r = deckmate_engine::matches::run_games(games, threads, |i| play_game(&cfg, i), |_, _| {});
    match r {
        Ok(r) => report("Cuarenta", a, b, games, &budget(ms, l8_nodes), &r),
        Err(e) => eprintln!("cuarenta match: {e}"),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("speed") => speed(arg(&args, 1, 5.0)),
        Some("depth") => {
            let d: u32 = arg(&args, 1, 1);
            let mut p = match std::env::var("C52_FEN") {
                Ok(f) => deckmate_games::chess52::fen::parse(&f).unwrap_or_else(|_| Chess52::start()),
                Err(_) => Chess52::start(),
            };
            if let Some(c) = args.get(2).and_then(|c| Card::parse(c)) {
                p.play_move(Move::Draw(c));
            }
            let mut s: Searcher<Chess52, _> = searcher(64);
            s.min_depth = 1;
            if let Ok(v) = std::env::var("C52_QT") {
                s.params.q_threat_plies = v.parse().unwrap_or(0);
            }
            if std::env::var("C52_NOPRUNE").is_ok() {
                s.params.chance_pruning = deckmate_engine::ChancePruning::None;
            }
            let t = std::time::Instant::now();
            let r = s.search(&p, &Limits { depth: Some(d), ..Limits::default() }, &mut |r| {
                println!("depth {} score {} nodes {} seldepth {} {:?}", r.depth, r.score, r.nodes, r.seldepth, r.elapsed);
            });
            println!("{} nodes {:?}", r.nodes, t.elapsed());
        }
        Some("match") => one_match(
            arg(&args, 1, 8),
            arg(&args, 2, 1),
            arg(&args, 3, 20),
            arg(&args, 4, 6000),
            arg(&args, 5, 1),
            arg(&args, 6, 1),
            None,
        ),
        Some("nodes") => one_match(
            arg(&args, 1, 8),
            arg(&args, 2, 1),
            arg(&args, 3, 20),
            60_000,
            arg(&args, 5, 1),
            arg(&args, 6, 1),
            Some(arg(&args, 4, 400_000)),
        ),
        Some("cuarenta") => {
            let games = arg(&args, 1, 200);
            let nodes = arg(&args, 2, 400_000);
            let threads = arg(&args, 3, 1);
            let levels: Vec<u8> = args.get(4).map_or(vec![1, 4, 6, 8], |l| {
                l.split(',').filter_map(|x| x.parse().ok()).collect()
            });
            for b in levels {
                cuarenta_match(8, b, games, 60_000, threads, Some(nodes));
            }
        }
        Some("all") => {
            let games = arg(&args, 1, 200);
            let nodes = arg(&args, 2, 400_000);
            let threads = arg(&args, 3, 1);
            let levels: Vec<u8> = args.get(4).map_or(vec![1, 4, 6, 8], |l| {
                l.split(',').filter_map(|x| x.parse().ok()).collect()
            });
            for b in levels {
                one_match(8, b, games, 60_000, threads, 1, Some(nodes));
            }
        }
        _ => eprintln!("usage: chess52_luck speed [SECONDS] | match A B GAMES [MS] [THREADS] [SEED] | nodes A B GAMES [L8_NODES] [THREADS] [SEED] | all GAMES [L8_NODES] [THREADS] [LEVELS] | cuarenta GAMES [L8_NODES] [THREADS] [LEVELS]"),
    }
}
