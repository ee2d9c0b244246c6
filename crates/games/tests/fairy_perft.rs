//! Chess on the fairy core against the published perft figures:
//! `data/chess-perft.txt`, one position a line, `position string; depth;
//! leaf nodes` (the chessprogramming wiki's "Perft Results" page and
//! Martin Sedlak's special cases). Lines of at most `CI_LIMIT` leaves run
//! in the normal test run; the deep ones (perft 6 from the start, Kiwipete
//! and positions 4-6 to depth 5, position 3 to 7) only with `--ignored`:
//! `cargo test --release -p deckmate-games --test fairy_perft -- --ignored`.
//! Each line is counted twice: by the position's own bulk-counting perft
//! and, for the shallow ones, by the kernel's generic `perft` over `Game`.
//!
//! Published perft counts moves and ignores draws, so the rule set here is
//! chess without its automatic draws (bare Kings would end some lines of
//! Sedlak's positions); checkmate and stalemate stay.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use deckmate_games::fairy::{chess_variant, Position, RuleSet, Set256, SquareSet, Tables};
use deckmate_rules::perft;
use std::sync::Arc;

const CI_LIMIT: u64 = 5_000_000;

/// Chess as perft counts it: no draw ends a line.
fn chess() -> Arc<RuleSet> {
    let mut v = chess_variant().unwrap();
    v.draws.quiet_limit = None;
    v.draws.repetition = None;
    v.draws.bare_royals = false;
    RuleSet::new(v).unwrap()
}

fn lines() -> Vec<(String, u32, u64)> {
    include_str!("data/chess-perft.txt")
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let parts: Vec<&str> = l.split(';').map(str::trim).collect();
            assert_eq!(parts.len(), 3, "{l}");
            (
                parts[0].to_string(),
                parts[1].parse().unwrap(),
                parts[2].parse().unwrap(),
            )
        })
        .collect()
}

fn run<S: SquareSet>(deep: bool, generic: bool) -> usize {
    let tables = Arc::new(Tables::<S>::new(chess()).unwrap());
    let mut checked = 0;
    for (fen, depth, nodes) in lines() {
        if (nodes > CI_LIMIT) != deep {
            continue;
        }
        let pos = Position::from_text(&tables, &fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(pos.perft(depth), nodes, "{fen} depth {depth}");
        if generic {
            assert_eq!(perft(&pos, depth), nodes, "{fen} depth {depth} (generic)");
        }
        checked += 1;
    }
    checked
}

#[test]
fn chess_perft_matches_the_published_figures() {
    assert!(run::<u64>(false, true) >= 30);
}

#[test]
fn chess_perft_is_the_same_on_wide_square_sets() {
    // The sets of 128 and 256 squares play chess exactly as u64 does.
    let tables = Arc::new(Tables::<Set256>::new(chess()).unwrap());
    for (fen, depth, nodes) in lines() {
        if nodes <= 100_000 {
            let pos = Position::from_text(&tables, &fen).unwrap();
            assert_eq!(pos.perft(depth), nodes, "{fen} depth {depth}");
        }
    }
    let tables = Arc::new(Tables::<u128>::new(chess()).unwrap());
    for (fen, depth, nodes) in lines() {
        if nodes <= 100_000 {
            let pos = Position::from_text(&tables, &fen).unwrap();
            assert_eq!(pos.perft(depth), nodes, "{fen} depth {depth}");
        }
    }
}

#[test]
#[ignore = "deep perft: run with --ignored in release"]
fn chess_deep_perft_matches_the_published_figures() {
    assert!(run::<u64>(true, false) >= 8);
}
