//! Issue 35: "levels stay monotonic", for Chess Cards, which `deckmate
//! match` does not play. Each rung plays level N against level N - 1 over
//! `deals` seeded deals, each deal as a whole match (M11): the second
//! game starts from the first's very position with the players' places
//! exchanged, so both levels play both hands and the deal's luck cancels.
//! Prints, per rung, the higher level's matches won, drawn and lost, its
//! score, the Elo that score means with its 95% margin (as `deckmate
//! match` counts them: [`MatchScore`]), and its mean margin in points a
//! match.
//!
//! `cargo run --release -p deckmate-measure --bin cards_ladder -- [deals=100] [seed=1] [top=8] [bottom=2]`
//!
//! Deals `seed .. seed + deals`; rungs `top` over `top - 1` down to
//! `bottom` over `bottom - 1`.

#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use deckmate_engine::matches::MatchScore;
use deckmate_games::chess_cards::{ChessCardsPlayer, Match, MatchResult, SacrificeCount};
use std::time::Instant;

/// One match on deal `seed`: player 0 at `high`, player 1 at `low`.
/// Returns the result and player 0's margin in points.
fn play_match(seed: u64, high: u8, low: u8) -> (MatchResult, i64) {
    let mut m = Match::deal(seed, SacrificeCount::Net);
    let mut players = [
        ChessCardsPlayer::new(high, seed.wrapping_mul(2)),
        ChessCardsPlayer::new(low, seed.wrapping_mul(2) + 1),
    ];
    while let Some(p) = m.to_act() {
        let t = players[p]
            .choose(m.current())
            .expect("a game that goes on has a turn");
        m.play(t);
    }
    let [a, b] = m.totals();
    let result = m.result().expect("both games are over");
    (result, i64::from(a) - i64::from(b))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize, d: u64| args.get(i).and_then(|a| a.parse().ok()).unwrap_or(d);
    let deals = arg(0, 100);
    let seed = arg(1, 1);
    let top = arg(2, 8).clamp(2, 8) as u8;
    let bottom = arg(3, 2).clamp(2, u64::from(top)) as u8;
    println!("| rung | matches +W =D -L | score | Elo (95%) | mean margin a match | time |");
    println!("|---|---|---|---|---|---|");
    for high in (bottom..=top).rev() {
        let low = high - 1;
        let start = Instant::now();
        let mut tally = MatchScore::default();
        let mut margin = 0i64;
        for s in seed..seed.saturating_add(deals) {
            let (r, diff) = play_match(s, high, low);
            margin += diff;
            match r {
                MatchResult::Won(0) => tally.wins += 1,
                MatchResult::Won(_) => tally.losses += 1,
                MatchResult::Drawn => tally.draws += 1,
            }
        }
        let (elo, half) = tally.elo();
        println!(
            "| {high} over {low} | +{} ={} -{} | {:.1}% | {elo:+.0} ± {half:.0} | {:+.1} | {:.0} s |",
            tally.wins,
            tally.draws,
            tally.losses,
            100.0 * tally.score(),
            margin as f64 / deals.max(1) as f64,
            start.elapsed().as_secs_f64()
        );
    }
}
