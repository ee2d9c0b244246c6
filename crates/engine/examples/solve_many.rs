//! Solves consecutive deals with one table: `solve_many [first] [count] [table bits]`.

use deckmate_engine::chess_cards::Solver;
use deckmate_games::chess_cards::{ChessCards, Hand, SacrificeCount};
use std::time::Instant;

fn main() {
    let arg = |i: usize, d: u64| {
        std::env::args()
            .nth(i)
            .and_then(|a| a.parse().ok())
            .unwrap_or(d)
    };
    let (first, count, bits) = (arg(1, 0), arg(2, 50), arg(3, 24) as u32);
    let mut s = Solver::with_table_bits(bits);
    // Dealer hands: the 10-subsets of 20 cards in lexicographic order.
    let mut idx: Vec<u32> = (0..10).collect();
    let mut n = 0u64;
    let t = Instant::now();
    let mut times = Vec::new();
    loop {
        if n >= first + count {
            break;
        }
        if n >= first {
            let a = idx.iter().fold(0u32, |m, &i| m | 1 << i);
            let b = !a & 0xfffff;
            let Ok(g) = ChessCards::new(Hand(a), Hand(b), SacrificeCount::Net) else {
                return;
            };
            let t0 = Instant::now();
            let v = s.value(&g);
            times.push(t0.elapsed().as_secs_f64());
            if n < first + 5 {
                println!("{} {} {v}", Hand(a), Hand(b));
            }
        }
        n += 1;
        // next combination
        let mut i = 9usize;
        loop {
            if idx[i] < (20 - 10 + i) as u32 {
                break;
            }
            if i == 0 {
                return;
            }
            i -= 1;
        }
        idx[i] += 1;
        for j in i + 1..10 {
            idx[j] = idx[j - 1] + 1;
        }
    }
    times.sort_by(f64::total_cmp);
    println!(
        "{} deals {:.2}s median {:.4}s mean {:.4}s nodes {}",
        times.len(),
        t.elapsed().as_secs_f64(),
        times[times.len() / 2],
        times.iter().sum::<f64>() / times.len() as f64,
        s.nodes
    );
}
