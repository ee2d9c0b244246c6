//! Perft table: `data/cardmate-perft.txt`, one position a line:
//! `moves from the start in the page's notation | depth | leaf count`.
//! The counts come from the independent Python implementation of the
//! rulings in `tools/perft_ref/` (written without reading this crate).
//! Lines whose count is above `CI_LIMIT` run only with `--ignored`.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use deckmate_games::cardmate::{notation, start_position, Options, SetupKind};
use deckmate_rules::{perft, Record};

const CI_LIMIT: u64 = 3_000_000;

fn run(deep: bool) -> usize {
    let text = include_str!("data/cardmate-perft.txt");
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
        let mut pos = start_position(SetupKind::Predefined, 0, Options::default());
        for mv in Record::parse(parts[0]).unwrap().moves {
            let m =
                notation::parse(&pos, &mv).unwrap_or_else(|e| panic!("line {}: {mv}: {e}", i + 1));
            pos.play_move(m);
        }
        assert_eq!(perft(&pos, depth), nodes, "line {}: {line}", i + 1);
        checked += 1;
    }
    checked
}

#[test]
fn cardmate_perft_matches_the_reference_implementation() {
    assert!(run(false) > 10);
}

#[test]
#[ignore = "deep perft: run with --ignored in release"]
fn cardmate_deep_perft_matches_the_reference_implementation() {
    run(true);
}
