//! Perft table: `data/cuarenta-perft.txt`, one position a line:
//! `position string | depth | leaf count`. The counts come from the
//! independent Python implementation in `tools/cuarenta_ref/` (written from
//! the rules and RULINGS, not from this crate). Lines whose count is above
//! `CI_LIMIT` run only with `--ignored`.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use deckmate_games::cuarenta::fen;
use deckmate_rules::perft;

const CI_LIMIT: u64 = 2_000_000;

fn run(deep: bool) -> usize {
    let text = include_str!("data/cuarenta-perft.txt");
    let mut checked = 0;
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let parts: Vec<&str> = line.split('|').map(str::trim).collect();
        assert_eq!(parts.len(), 3, "line {}: {line}", i + 1);
        let depth: u32 = parts[1].parse().unwrap();
        let nodes: u64 = parts[2].parse().unwrap();
        if (nodes > CI_LIMIT) != deep {
            continue;
        }
        let pos = fen::parse(parts[0]).unwrap_or_else(|e| panic!("line {}: {e}", i + 1));
        assert_eq!(perft(&pos, depth), nodes, "line {}: {line}", i + 1);
        checked += 1;
    }
    checked
}

#[test]
fn cuarenta_perft_matches_the_reference_implementation() {
    assert!(run(false) > 40);
}

#[test]
#[ignore = "deep perft: run with --ignored in release"]
fn cuarenta_deep_perft_matches_the_reference_implementation() {
    assert!(run(true) >= 1);
}
