//! Memory held per Dealer's Chess game (issue 29 item 2): creates N games
//! from different seeds, as the server does (`GameSpec::start_game`), keeps
//! them all, and prints the growth of the resident set per game, read from
//! `/proc/self/status` (Linux). Half of each batch is then arranged
//! (`random` for both seats), so games in play are counted too.
//!
//! ```text
//! cargo run --release -p deckmate-measure --bin dealers_memory -- [N8] [N12]
//! ```
//!
//! N8 games on 8x8 with the page's cards (default 1000), then N12 on 12x12
//! with `variants/dealers-example-deck.txt` (default 1000).

use deckmate_games::dealers::record::GameSpec;
use deckmate_games::dealers::{BoardSize, DealersGame};
use deckmate_rules::{Game, Seat};
use std::sync::Arc;
use std::time::Instant;

/// The resident set in KiB.
fn rss_kib() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

fn arrange(g: &mut DealersGame) {
    for seat in Seat::BOTH {
        let Some(a) = g.table().random(seat) else {
            return;
        };
        let Some(mv) = g.arrange_move(seat, &a) else {
            return;
        };
        let _ = g.play_as(seat, mv);
    }
}

fn batch(label: &str, n: u64, size: BoardSize, deck: Option<Arc<str>>) -> Vec<DealersGame> {
    let before = rss_kib();
    let start = Instant::now();
    let mut games = Vec::new();
    for i in 0..n {
        let spec = GameSpec {
            seed: 1_000 + i,
            size,
            deck_file: deck.clone(),
            ..GameSpec::default()
        };
        match spec.start_game() {
            Ok(mut g) => {
                if i % 2 == 1 {
                    arrange(&mut g);
                }
                games.push(g);
            }
            Err(e) => {
                eprintln!("{label}: game {i}: {e}");
                std::process::exit(1);
            }
        }
    }
    let secs = start.elapsed().as_secs_f64();
    let grown = rss_kib().saturating_sub(before);
    println!(
        "{label}: {n} games, RSS +{:.1} MB, {:.1} KB a game, built in {:.2} ms a game",
        grown as f64 / 1024.0,
        grown as f64 / n.max(1) as f64,
        secs * 1000.0 / n.max(1) as f64
    );
    games
}

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let n8 = args.first().copied().unwrap_or(1000);
    let n12 = args.get(1).copied().unwrap_or(1000);
    let deck_path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../variants/dealers-example-deck.txt"
    );
    let deck: Arc<str> = match std::fs::read_to_string(deck_path) {
        Ok(t) => Arc::from(t),
        Err(e) => {
            eprintln!("{deck_path}: {e}");
            std::process::exit(1);
        }
    };
    println!("RSS at the start: {:.1} MB", rss_kib() as f64 / 1024.0);
    let a = batch("8x8, the page's cards", n8, BoardSize::Eight, None);
    let b = batch(
        "12x12, the example deck file",
        n12,
        BoardSize::Twelve,
        Some(deck),
    );
    println!(
        "RSS with all {} games: {:.1} MB",
        a.len() + b.len(),
        rss_kib() as f64 / 1024.0
    );
}
