//! Many deals solved exactly, in parallel: the dealer's average score and
//! who wins under perfect play, for single games and for whole matches
//! (M11). This tests the page's claims that "the dealer has no advantage"
//! and that the match "eliminates the luck of the draw".

use super::Solver;
use deckmate_games::chess_cards::{ChessCards, Hand, Match, SacrificeCount};
use deckmate_rules::Seat;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// Which deals to solve.
#[derive(Copy, Clone, Debug)]
pub enum Deals {
    /// `n` deals from seeds `seed`, `seed + 1`, ... (M1's seeded deal).
    Seeded {
        /// The first seed.
        seed: u64,
        /// How many.
        n: u64,
    },
    /// Every way to deal 10 of the 20 cards to the dealer (184,756), in
    /// lexicographic order of the dealer's card indices; `limit` stops
    /// after that many.
    All {
        /// Stop after this many deals (`None`: all).
        limit: Option<u64>,
    },
}

/// The number of possible deals: 20 choose 10.
pub const ALL_DEALS: u64 = 184_756;

impl Deals {
    /// How many deals this is.
    pub fn count(&self) -> u64 {
        match *self {
            Deals::Seeded { n, .. } => n,
            Deals::All { limit } => limit.map_or(ALL_DEALS, |l| l.min(ALL_DEALS)),
        }
    }

    /// Deal number `i` (0-based): the dealer's hand and the other's.
    pub fn deal(&self, i: u64) -> (Hand, Hand) {
        match *self {
            Deals::Seeded { seed, .. } => ChessCards::deal(seed.wrapping_add(i)),
            Deals::All { .. } => {
                let a = nth_subset(i);
                (Hand(a), Hand(!a & 0xf_ffff))
            }
        }
    }
}

/// `n choose k` for small numbers.
fn choose(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

/// The `i`-th 10-card subset of the 20 cards in lexicographic order of
/// card indices (`i` below [`ALL_DEALS`]), as a mask.
pub fn nth_subset(mut i: u64) -> u32 {
    let mut mask = 0u32;
    let mut next = 0u64;
    for left in (1..=10u64).rev() {
        // Choose the smallest card c >= next such that the subsets that
        // start with c cover index i.
        let mut c = next;
        loop {
            let with_c = choose(19 - c, left - 1);
            if i < with_c {
                break;
            }
            i -= with_c;
            c += 1;
        }
        mask |= 1 << c;
        next = c + 1;
    }
    mask
}

/// What solving many deals found (scores are the first game's dealer's,
/// "player 0", in games and matches alike).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DealStats {
    /// Deals solved.
    pub deals: u64,
    /// Sum of the dealer's value of game 1 (his score minus the other's).
    pub game_total: i64,
    /// Games 1 won (mated) by the dealer, by the other, drawn.
    pub games: [u64; 3],
    /// Sum of player 0's match value (his total minus the other's).
    pub match_total: i64,
    /// Matches won by player 0, by player 1, drawn.
    pub matches: [u64; 3],
    /// The largest game value seen, either way.
    pub max_abs: i32,
    /// Each deal's time to solve its first game, in seconds (in the order
    /// solved), for medians.
    pub times: Vec<f64>,
    /// Wall time of the whole run, in seconds.
    pub wall: f64,
}

impl DealStats {
    fn add(&mut self, game1: i32, match_value: i32, secs: f64) {
        self.deals += 1;
        self.game_total += i64::from(game1);
        self.games[outcome(game1)] += 1;
        self.match_total += i64::from(match_value);
        self.matches[outcome(match_value)] += 1;
        self.max_abs = self.max_abs.max(game1.abs());
        self.times.push(secs);
    }

    /// The dealer's average score (value) in a single game.
    pub fn dealer_average(&self) -> f64 {
        self.game_total as f64 / self.deals.max(1) as f64
    }

    /// The median time to solve one game, in seconds.
    pub fn median_time(&self) -> f64 {
        let mut t = self.times.clone();
        t.sort_by(f64::total_cmp);
        t.get(t.len() / 2).copied().unwrap_or(0.0)
    }
}

fn outcome(v: i32) -> usize {
    match v.signum() {
        1 => 0,
        -1 => 1,
        _ => 2,
    }
}

/// One deal's exact values: the first game's (dealer's score minus the
/// other's) and the match's for player 0. The first game is played out
/// along a principal line so that the match itself starts the second game
/// (hands exchanged, the non-dealer leading, M11), which is then solved.
pub fn solve_match(
    solver: &mut Solver,
    dealer: Hand,
    other: Hand,
    count: SacrificeCount,
) -> Option<(i32, i32)> {
    let mut m = Match::new(dealer, other, count).ok()?;
    let (v1, line) = solver.solve(m.current());
    for (_, t) in line {
        m.play(t);
    }
    if m.game_no() != 2 {
        return None;
    }
    let v2 = solver.value(m.current());
    // In game 2 player 0 sits in the Second seat: its value is -v2.
    let p0_second = if Match::player(2, Seat::First) == 0 {
        v2
    } else {
        -v2
    };
    Some((v1, v1 + p0_second))
}

/// Solves the deals on `threads` threads (each with its own table of
/// 2^`table_bits` entries), calling `progress(done)` now and then.
pub fn solve_deals(
    deals: Deals,
    count: SacrificeCount,
    threads: usize,
    table_bits: u32,
    progress: &(dyn Fn(u64) + Sync),
) -> DealStats {
    let start = Instant::now();
    let next = AtomicU64::new(0);
    let total = deals.count();
    let stats = Mutex::new(DealStats::default());
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| {
                let mut solver = Solver::with_table_bits(table_bits);
                let mut mine = DealStats::default();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= total {
                        break;
                    }
                    let (a, b) = deals.deal(i);
                    let t = Instant::now();
                    if let Some((v1, mv)) = solve_match(&mut solver, a, b, count) {
                        mine.add(v1, mv, t.elapsed().as_secs_f64());
                    }
                    if (i + 1).is_multiple_of(64) {
                        progress(i + 1);
                    }
                }
                if let Ok(mut s) = stats.lock() {
                    s.deals += mine.deals;
                    s.game_total += mine.game_total;
                    s.match_total += mine.match_total;
                    for k in 0..3 {
                        s.games[k] += mine.games[k];
                        s.matches[k] += mine.matches[k];
                    }
                    s.max_abs = s.max_abs.max(mine.max_abs);
                    s.times.extend(mine.times);
                }
            });
        }
    });
    let mut s = stats.into_inner().unwrap_or_default();
    s.wall = start.elapsed().as_secs_f64();
    s
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
