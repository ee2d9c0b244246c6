//! What solving each deal's mirror (the other hand leading) right after it
//! saves in an all-deals run: the first `n` deals of the all-deals order
//! and their mirrors, solved with one table kept throughout, first as two
//! runs (the deals, then the mirrors, each in order), then interleaved
//! (each deal, then its mirror).
//!
//! `cargo run --release -p deckmate-measure --bin mirror_bench -- [n] [table bits]`

use deckmate_games::chess_cards::engine::deals::{all_deals_order, Deals, ALL_DEALS};
use deckmate_games::chess_cards::Solver;
use deckmate_games::chess_cards::{ChessCards, SacrificeCount};
use std::time::Instant;

fn main() {
    let arg = |i: usize, d: u64| {
        std::env::args()
            .nth(i)
            .and_then(|a| a.parse().ok())
            .unwrap_or(d)
    };
    let (n, bits) = (arg(1, 16), arg(2, 25) as u32);
    let all = Deals::All { limit: None };
    let deals: Vec<u64> = all_deals_order()
        .iter()
        .take(n as usize)
        .map(|&i| u64::from(i))
        .collect();
    let mirrors: Vec<u64> = deals.iter().map(|&i| ALL_DEALS - 1 - i).collect();
    let solve = |order: &[u64]| {
        let mut s = Solver::with_table_bits(bits);
        let t = Instant::now();
        for &i in order {
            let (a, b) = all.deal(i);
            if let Ok(g) = ChessCards::new(a, b, SacrificeCount::Net) {
                s.value(&g);
            }
        }
        (s.nodes, t.elapsed().as_secs_f64())
    };
    let (n1, t1) = solve(&deals);
    let (n2, t2) = solve(&mirrors);
    let paired: Vec<u64> = deals
        .iter()
        .zip(&mirrors)
        .flat_map(|(&a, &b)| [a, b])
        .collect();
    let (n3, t3) = solve(&paired);
    println!("apart: {} positions, {:.1} s", n1 + n2, t1 + t2);
    println!("paired: {n3} positions, {t3:.1} s");
}
