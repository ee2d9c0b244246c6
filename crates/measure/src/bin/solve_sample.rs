//! The Chess Cards solver's speed and correctness on a fixed sample of the
//! 184,756 deals: `n` deals spread evenly over the index range (deal
//! `k * 184756 / n` for k = 0..n), each solved on one thread, and each
//! value checked against the values kept in `data/chess-cards-all-deals.txt`.
//!
//! `cold` (the default) gives each deal a fresh table, as `solve_bench`
//! does; `warm` keeps one table through the sample, as a thread of the
//! all-deals run keeps its own. `blocks` solves instead the first `n`
//! deals of the all-deals order ([`all_deals_order`]: blocks of 32
//! neighbours), each followed by its mirror and each as a whole match
//! ([`solve_match`]), with one table; `full` the same in the order of a
//! run of every deal (blocks of [`FULL_BLOCK`]): what a thread of the
//! all-deals run does (it uses 2^24 entries). `seq` solves deals `start`
//! to `start + n - 1` that way in their own order, `seqshuf` the same
//! deals in blocks of 32 in a shuffled order. Prints the median, mean and
//! slowest time, the positions searched and how many values agree with
//! the file.
//!
//! `cargo run --release -p deckmate-measure --bin solve_sample -- [n] [table bits] [cold|warm|blocks|full|seq|seqshuf] [start]`

use deckmate_games::chess_cards::engine::deals::{
    all_deals_order, mirror, order_in_blocks, solve_match, Deals, ALL_DEALS, FULL_BLOCK,
};
use deckmate_games::chess_cards::Solver;
use deckmate_games::chess_cards::{ChessCards, SacrificeCount};
use std::collections::HashMap;
use std::time::Instant;

/// The kept values of every deal: index -> the first game's value.
fn kept_values() -> HashMap<u64, i32> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/chess-cards-all-deals.txt"
    );
    let text = std::fs::read_to_string(path).unwrap_or_default();
    text.lines()
        .skip(1)
        .filter_map(|l| {
            let mut f = l.split_whitespace();
            Some((f.next()?.parse().ok()?, f.next()?.parse().ok()?))
        })
        .collect()
}

/// How the sample is chosen and solved (the module doc).
#[derive(Copy, Clone, PartialEq, Eq)]
enum Mode {
    Cold,
    Warm,
    Blocks,
    Full,
    Seq,
    SeqShuf,
}

impl Mode {
    const ALL: [(&'static str, Mode, &'static str); 6] = [
        ("cold", Mode::Cold, "a fresh table each"),
        ("warm", Mode::Warm, "one table"),
        (
            "blocks",
            Mode::Blocks,
            "blocks of 32 with mirrors, one table",
        ),
        (
            "full",
            Mode::Full,
            "blocks of a run of every deal with mirrors, one table",
        ),
        ("seq", Mode::Seq, "their own order with mirrors, one table"),
        (
            "seqshuf",
            Mode::SeqShuf,
            "shuffled blocks of 32 with mirrors, one table",
        ),
    ];

    fn parse(name: &str) -> Option<Mode> {
        Mode::ALL.iter().find(|m| m.0 == name).map(|m| m.1)
    }

    fn label(self) -> &'static str {
        Mode::ALL.iter().find(|m| m.1 == self).map_or("", |m| m.2)
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let num = |i: usize, d: u64| args.get(i).and_then(|a| a.parse().ok()).unwrap_or(d);
    let (n, bits) = (num(1, 200).max(1), num(2, 22) as u32);
    let name = args.get(3).map_or("cold", String::as_str);
    let Some(mode) = Mode::parse(name) else {
        eprintln!("solve_sample: unknown mode {name:?}: cold, warm, blocks, full, seq or seqshuf");
        std::process::exit(2);
    };
    let seq = matches!(mode, Mode::Seq | Mode::SeqShuf);
    let (warm, blocks) = (
        mode != Mode::Cold,
        matches!(mode, Mode::Blocks | Mode::Full) || seq,
    );
    let start = num(4, 0);
    let kept = kept_values();
    let all = Deals::All { limit: None };
    let mut times = Vec::new();
    let (mut nodes, mut agree, mut missing) = (0u64, 0u64, 0u64);
    let mut shared = Solver::with_table_bits(bits);
    let order = if mode == Mode::Full {
        order_in_blocks(FULL_BLOCK)
    } else {
        all_deals_order()
    };
    let sample: Vec<u64> = if seq {
        let mut range: Vec<u64> = (start..start.saturating_add(n).min(ALL_DEALS)).collect();
        if mode == Mode::SeqShuf {
            // The same deals in blocks of 32 neighbours, the blocks in a
            // shuffled order (as the all-deals order has them).
            let mut blocks: Vec<Vec<u64>> = range.chunks(32).map(<[u64]>::to_vec).collect();
            deckmate_rules::SeededRng::new(0).shuffle(&mut blocks);
            range = blocks.concat();
        }
        range.into_iter().flat_map(|i| [i, mirror(i)]).collect()
    } else if blocks {
        order
            .iter()
            .take(n as usize)
            .flat_map(|&i| [u64::from(i), mirror(u64::from(i))])
            .collect()
    } else {
        (0..n).map(|k| k * ALL_DEALS / n).collect()
    };
    for i in sample {
        let (a, b) = all.deal(i);
        if blocks {
            let s = &mut shared;
            let before = s.nodes;
            let t = Instant::now();
            let got = solve_match(s, a, b, SacrificeCount::Net);
            times.push(t.elapsed().as_secs_f64());
            nodes += s.nodes - before;
            match (got, kept.get(&i)) {
                (Some((v, _)), Some(&want)) if want == v => agree += 1,
                (Some((v, mv)), Some(&want)) => {
                    println!("deal {i}: values {v} {mv}, the file says {want}")
                }
                _ => missing += 1,
            }
            continue;
        }
        let Ok(g) = ChessCards::new(a, b, SacrificeCount::Net) else {
            continue;
        };
        let mut fresh;
        let s = if warm {
            &mut shared
        } else {
            fresh = Solver::with_table_bits(bits);
            &mut fresh
        };
        let before = s.nodes;
        let t = Instant::now();
        let v = s.value(&g);
        times.push(t.elapsed().as_secs_f64());
        nodes += s.nodes - before;
        match kept.get(&i) {
            Some(&want) if want == v => agree += 1,
            Some(&want) => println!("deal {i}: value {v}, the file says {want}"),
            None => missing += 1,
        }
    }
    if times.is_empty() {
        eprintln!(
            "solve_sample: no deal to solve (deals are numbered 0 to {})",
            ALL_DEALS - 1
        );
        std::process::exit(2);
    }
    times.sort_by(f64::total_cmp);
    let total: f64 = times.iter().sum();
    let ms = |s: f64| s * 1000.0;
    println!(
        "{} deals ({}, 2^{bits} entries): median {:.1} ms, mean {:.1} ms, slowest {:.1} ms, \
         {:.0} positions a deal; {agree} agree with the file, {} differ, {missing} not in it",
        times.len(),
        mode.label(),
        ms(times.get(times.len() / 2).copied().unwrap_or(0.0)),
        ms(total / times.len().max(1) as f64),
        ms(times.last().copied().unwrap_or(0.0)),
        nodes as f64 / times.len().max(1) as f64,
        times.len() as u64 - agree - missing,
    );
}
