//! Perft speed of the fairy core:
//! `cargo run --release -p deckmate-measure --bin fairy_perft -- chess 6`
//! prints, for each depth up to 6, the leaves and leaves per second from
//! chess's start on one thread.
//!
//! `-- court 4` does the same for a 12x12 game with two back rows of
//! long-range fairy pieces (the army of `variants/fairy-court.toml`:
//! Queen, Chancellor, Archbishop, Cannon, Vao, Gryffon, Rhinoceros,
//! Unicorn, Turtle, Lion...), on 256-square sets.
//!
//! Options after the depth: `--set u64|u128|256` (the square-set width;
//! chess fits all three), `--generic` (the kernel's `deckmate_rules::perft`
//! over `Game` instead of the position's own), `--any` (through
//! `AnyPosition`, the enum over the three widths), `--fen "<position>"`.

use deckmate_games::fairy::{chess, AnyPosition, Position, RuleSet, Set256, SquareSet, Tables};
use deckmate_rules::perft;
use std::sync::Arc;
use std::time::Instant;

/// The Fairy Court: 12x12, two back rows of fairy pieces, as
/// `variants/fairy-court.toml` describes it.
fn court() -> Option<Arc<RuleSet>> {
    let text = include_str!("../../../../variants/fairy-court.toml");
    let built = deckmate_games::variant_file::rule_set(text).map_err(|e| e.to_string());
    match built {
        Ok(r) => Some(r),
        Err(e) => {
            eprintln!("variants/fairy-court.toml: {e}");
            None
        }
    }
}

fn run<S: SquareSet>(rules: Arc<RuleSet>, fen: Option<&str>, max: u32, generic: bool) {
    let tables = match Tables::<S>::new(rules) {
        Ok(t) => Arc::new(t),
        Err(e) => return eprintln!("{e}"),
    };
    let pos = match fen {
        Some(f) => match Position::from_text(&tables, f) {
            Ok(p) => p,
            Err(e) => return eprintln!("{e}"),
        },
        None => Position::start(&tables),
    };
    for depth in 1..=max {
        let t = Instant::now();
        let n = if generic {
            perft(&pos, depth)
        } else {
            pos.perft(depth)
        };
        let secs = t.elapsed().as_secs_f64();
        println!(
            "depth {depth}: {n} leaves in {secs:.3} s = {:.1} M leaves/s",
            n as f64 / secs.max(1e-9) / 1e6
        );
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let game = args.first().map_or("chess", String::as_str);
    let (rules, default_set) = match game {
        "chess" => (chess(), "u64"),
        "court" => match court() {
            Some(r) => (r, "256"),
            None => return,
        },
        _ => return eprintln!("unknown game '{game}': this program knows chess and court"),
    };
    let max: u32 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(5);
    let value = |flag: &str| {
        args.iter()
            .position(|a| a == flag)
            .and_then(|i| args.get(i + 1))
            .map(String::as_str)
    };
    let generic = args.iter().any(|a| a == "--generic");
    let fen = value("--fen");
    if args.iter().any(|a| a == "--any") {
        let start = AnyPosition::new_game(&rules);
        let pos = match fen.map(|f| start.with_text(f)) {
            Some(Ok(p)) => p,
            Some(Err(e)) => return eprintln!("{e}"),
            None => start,
        };
        for depth in 1..=max {
            let t = Instant::now();
            let n = if generic {
                perft(&pos, depth)
            } else {
                pos.perft(depth)
            };
            let secs = t.elapsed().as_secs_f64();
            println!(
                "depth {depth}: {n} leaves in {secs:.3} s = {:.1} M leaves/s",
                n as f64 / secs.max(1e-9) / 1e6
            );
        }
        return;
    }
    match value("--set").unwrap_or(default_set) {
        "u64" => run::<u64>(rules, fen, max, generic),
        "u128" => run::<u128>(rules, fen, max, generic),
        "256" => run::<Set256>(rules, fen, max, generic),
        other => eprintln!("--set takes u64, u128 or 256, not {other}"),
    }
}
