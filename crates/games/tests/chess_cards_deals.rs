//! The deals of Chess Cards' engine runs: all 184,756 deals in shuffled
//! blocks of neighbours (32 for a sample, 1,024 for a run of every deal),
//! each with its mirror, solved once; the margins of a sample's figures.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use deckmate_games::chess_cards::engine::deals::{
    all_deals_order, mirror, nth_subset, order_in_blocks, solve_deals, solve_match, DealStats,
    Deals, RunOptions, ALL_DEALS, FULL_BLOCK,
};
use deckmate_games::chess_cards::{SacrificeCount, Solver};
use std::collections::HashMap;
use std::sync::Mutex;

#[test]
fn margins_shrink_with_the_sample_and_vanish_for_every_deal() {
    // The deals a thread takes at once (`deals::BLOCK`).
    const BLOCK: u64 = 32;
    let stats = |idx: &[u64]| {
        let known: HashMap<u64, (i32, i32)> = idx
            .iter()
            .map(|&i| {
                // Values that vary within and between blocks.
                let v = (i % 7) as i32 * 10 - 30 + (i / BLOCK % 3) as i32;
                (i, (v, 0))
            })
            .collect();
        assert_eq!(known.len(), idx.len());
        DealStats::from_known(&known)
    };
    // A sample (`--limit`): blocks of 32 are its clusters.
    let all = Deals::All { limit: Some(3200) };
    let order = all_deals_order();
    let small: Vec<u64> = order[..320].iter().map(|&i| u64::from(i)).collect();
    let large: Vec<u64> = order[..3200].iter().map(|&i| u64::from(i)).collect();
    let every: Vec<u64> = order.iter().map(|&i| u64::from(i)).collect();
    let m_small = stats(&small).margins(all).unwrap();
    let m_large = stats(&large).margins(all).unwrap();
    assert!(
        m_small[0] > m_large[0] && m_large[0] > 0.0,
        "{m_small:?} {m_large:?}"
    );
    assert!(m_small[1] > 0.0 && m_small[1] < 1.0);
    assert_eq!(stats(&every).margins(all).unwrap()[0], 0.0);
    assert!(stats(&small[..1]).margins(all).is_none());
    // A run of every deal stopped early: its clusters are its blocks of
    // FULL_BLOCK, so three blocks give margins, one block none.
    let full = Deals::All { limit: None };
    let order = order_in_blocks(FULL_BLOCK);
    let three: Vec<u64> = order[..3 * FULL_BLOCK as usize]
        .iter()
        .map(|&i| u64::from(i))
        .collect();
    assert!(stats(&three).margins(full).unwrap()[0] > 0.0);
    assert!(stats(&three[..FULL_BLOCK as usize]).margins(full).is_none());
    // Seeded deals: each deal its own cluster.
    let seeded = Deals::Seeded { seed: 1, n: 320 };
    assert!(stats(&small).margins(seeded).unwrap()[0] > 0.0);
}

#[test]
fn a_deals_mirror_deals_the_other_hand_to_the_dealer() {
    let all = Deals::All { limit: None };
    for i in [0, 1, 77, 92_377, ALL_DEALS - 1] {
        let (a, b) = all.deal(i);
        assert_eq!(all.deal(mirror(i)), (b, a), "deal {i}");
        assert_eq!(mirror(mirror(i)), i);
    }
}

#[test]
fn every_deal_is_solved_once_with_its_mirror_next() {
    // Every deal known but two mirrors: they are solved, one right
    // after the other, and every deal is counted once.
    let missing = [0, mirror(0)];
    let known: HashMap<u64, (i32, i32)> = (0..ALL_DEALS)
        .filter(|i| !missing.contains(i))
        .map(|i| (i, (1, 0)))
        .collect();
    let solved = Mutex::new(Vec::new());
    let on_solved = |i: u64, v1: i32, mv: i32| {
        if let Ok(mut s) = solved.lock() {
            s.push((i, v1, mv));
        }
    };
    let opts = RunOptions {
        count: SacrificeCount::Net,
        threads: 2,
        table_bits: 20,
        known: &known,
        on_solved: &on_solved,
        progress: &|_| {},
    };
    let stats = solve_deals(Deals::All { limit: None }, &opts);
    assert_eq!(stats.deals, ALL_DEALS);
    let solved = solved.into_inner().unwrap();
    let mut idx: Vec<u64> = solved.iter().map(|s| s.0).collect();
    idx.sort_unstable();
    assert_eq!(idx, missing);
    assert_eq!(solved[1].0, mirror(solved[0].0), "the mirror right after");
    let mut fresh = Solver::new();
    for &(i, v1, mv) in &solved {
        let (a, b) = Deals::All { limit: None }.deal(i);
        assert_eq!(
            solve_match(&mut fresh, a, b, SacrificeCount::Net),
            Some((v1, mv))
        );
    }
}

#[test]
fn the_order_of_all_deals_is_every_deal_once_in_shuffled_blocks() {
    let order = all_deals_order();
    assert_eq!(order.len() as u64, ALL_DEALS);
    let mut seen = vec![false; order.len()];
    for &i in &order {
        assert!(!seen[i as usize], "{i} twice");
        seen[i as usize] = true;
    }
    // Blocks of neighbours, not in their natural order.
    assert_eq!(order[1], order[0] + 1);
    assert_ne!(order[0], 0);
    assert_eq!(order, all_deals_order());
    // A run of every deal: larger blocks, the same deals.
    let full = order_in_blocks(FULL_BLOCK);
    let mut sorted = full.clone();
    sorted.sort_unstable();
    assert!(sorted.iter().enumerate().all(|(k, &i)| k as u32 == i));
    assert_eq!(full[0] as u64 % FULL_BLOCK, 0);
    assert!((1..FULL_BLOCK as usize).all(|k| full[k] == full[0] + k as u32));
    assert_ne!(full[0], 0);
}

#[test]
fn subsets_are_lexicographic_and_cover_all_deals() {
    assert_eq!(nth_subset(0), 0x3ff);
    assert_eq!(nth_subset(1), 0x3ff & !(1 << 9) | 1 << 10);
    assert_eq!(nth_subset(ALL_DEALS - 1), 0xf_fc00);
    let mut prev = 0;
    for i in (0..ALL_DEALS).step_by(997) {
        let m = nth_subset(i);
        assert_eq!(m.count_ones(), 10);
        // Lexicographic order of the card indices, lowest first.
        let key = |m: u32| -> Vec<u32> { (0..20).filter(|c| m >> c & 1 != 0).collect() };
        if i > 0 {
            assert!(key(m) > key(prev));
        }
        prev = m;
    }
}
