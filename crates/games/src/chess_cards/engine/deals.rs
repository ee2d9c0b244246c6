//! Many deals solved exactly, in parallel: the dealer's average score and
//! who wins under perfect play, for single games and for whole matches
//! (M11). This tests the page's claims that "the dealer has no advantage"
//! and that the match "eliminates the luck of the draw".

use super::Solver;
use crate::chess_cards::{ChessCards, Hand, Match, SacrificeCount};
use deckmate_rules::{Seat, SeededRng};
use std::collections::HashMap;
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
    /// Every way to deal 10 of the 20 cards to the dealer (184,756). Deal
    /// `i` is the `i`-th in lexicographic order of the dealer's card
    /// indices ([`nth_subset`]); they are solved in [`all_deals_order`], so
    /// that `limit`, which stops after that many, gives a fair sample.
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

/// The order in which a sample of [`Deals::All`] (with a `limit`) is
/// solved: blocks of 32 neighbouring deals (which share most cards, so one
/// table serves a block well) in an order shuffled once and for all
/// (Fisher-Yates, seed 0). Any first part of it is a fair sample of all
/// deals, and the whole of it is every deal once. A run of every deal
/// takes larger blocks ([`order_in_blocks`] of [`FULL_BLOCK`]).
pub fn all_deals_order() -> Vec<u32> {
    order_in_blocks(BLOCK)
}

/// Every deal once, in blocks of `block` neighbouring deals (at least 1),
/// the blocks in an order shuffled once and for all (Fisher-Yates, seed 0).
pub fn order_in_blocks(block: u64) -> Vec<u32> {
    let block = block.max(1);
    // The whole blocks are shuffled; the short one goes last, so that
    // every block a thread takes is one block of neighbours.
    let mut order: Vec<u64> = (0..ALL_DEALS / block).collect();
    SeededRng::new(0).shuffle(&mut order);
    if !ALL_DEALS.is_multiple_of(block) {
        order.push(ALL_DEALS / block);
    }
    order
        .into_iter()
        .flat_map(|b| b * block..((b + 1) * block).min(ALL_DEALS))
        .map(|i| i as u32)
        .collect()
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
    /// Each deal's index and first-game value (in no particular order).
    pub values: Vec<(u64, i32)>,
}

impl DealStats {
    fn add(&mut self, index: u64, game1: i32, match_value: i32, secs: f64) {
        self.add_known(index, game1, match_value);
        self.times.push(secs);
    }

    /// The figures of deals solved before (index: first game's value and
    /// the match's), without solving anything.
    pub fn from_known(known: &HashMap<u64, (i32, i32)>) -> DealStats {
        let mut s = DealStats::default();
        for (&i, &(v1, mv)) in known {
            s.add_known(i, v1, mv);
        }
        s
    }

    /// Counts a deal whose values are known already (no time).
    fn add_known(&mut self, index: u64, game1: i32, match_value: i32) {
        self.values.push((index, game1));
        self.deals += 1;
        self.game_total += i64::from(game1);
        self.games[outcome(game1)] += 1;
        self.match_total += i64::from(match_value);
        self.matches[outcome(match_value)] += 1;
        self.max_abs = self.max_abs.max(game1.abs());
    }

    fn merge(&mut self, other: DealStats) {
        self.deals += other.deals;
        self.game_total += other.game_total;
        self.match_total += other.match_total;
        for k in 0..3 {
            self.games[k] += other.games[k];
            self.matches[k] += other.matches[k];
        }
        self.max_abs = self.max_abs.max(other.max_abs);
        self.times.extend(other.times);
        self.values.extend(other.values);
    }

    /// The dealer's average score (value) in a single game.
    pub fn dealer_average(&self) -> f64 {
        self.game_total as f64 / self.deals.max(1) as f64
    }

    /// The 95% margins (half-widths) of what a sample of deals says of all
    /// of them: the dealer's average, then the shares (0-1) of games the
    /// dealer mates, the other mates, drawn. For [`Deals::All`] a block of
    /// neighbours (the unit the sample is drawn in: 32 deals, or
    /// [`FULL_BLOCK`] in a run of every deal) is one cluster, and
    /// the margins shrink to 0 as the sample grows to every deal; seeded
    /// deals are independent draws. (A run of every deal also solves each
    /// deal's [`mirror`], which falls in the blocks of its own index: the
    /// margins treat those as sampled blocks too, an approximation.) `None` with fewer than two clusters.
    pub fn margins(&self, deals: Deals) -> Option<[f64; 4]> {
        let (size, population) = match deals {
            Deals::All { .. } => {
                let size = block_of(deals);
                (size, Some(ALL_DEALS.div_ceil(size)))
            }
            Deals::Seeded { .. } => (1, None),
        };
        // Per cluster: deals, and the sums of the four measures.
        let mut clusters: HashMap<u64, (f64, [f64; 4])> = HashMap::new();
        for &(i, v) in &self.values {
            let c = clusters.entry(i / size).or_default();
            c.0 += 1.0;
            c.1[0] += f64::from(v);
            c.1[outcome(v) + 1] += 1.0;
        }
        let k = clusters.len() as f64;
        if k < 2.0 {
            return None;
        }
        let n: f64 = clusters.values().map(|c| c.0).sum();
        let fpc = population.map_or(1.0, |p| (1.0 - k / p as f64).max(0.0));
        let mut out = [0.0; 4];
        for (m, o) in out.iter_mut().enumerate() {
            let mean = clusters.values().map(|c| c.1[m]).sum::<f64>() / n;
            let ss: f64 = clusters
                .values()
                .map(|c| (c.1[m] - mean * c.0).powi(2))
                .sum();
            // The ratio estimator's variance over clusters.
            let var = fpc * k / (k - 1.0) * ss / (n * n);
            *o = 1.96 * var.sqrt();
        }
        Some(out)
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
/// other's) and the match's for player 0. The second game starts where
/// the match's rules start it (M11: hands exchanged, the non-dealer
/// leading) and is solved too.
pub fn solve_match(
    solver: &mut Solver,
    dealer: Hand,
    other: Hand,
    count: SacrificeCount,
) -> Option<(i32, i32)> {
    let m = Match::new(dealer, other, count).ok()?;
    let v1 = solver.value(m.current());
    let v2 = solver.value(&m.second_game());
    // In game 2 player 0 sits in the Second seat: its value is -v2.
    let p0_second = if Match::player(2, Seat::First) == 0 {
        v2
    } else {
        -v2
    };
    Some((v1, v1 + p0_second))
}

/// How [`solve_deals`] runs.
pub struct RunOptions<'a> {
    /// How sacrifices count (M9).
    pub count: SacrificeCount,
    /// Threads to solve on.
    pub threads: usize,
    /// Each thread's table has 2^`table_bits` entries of 16 bytes.
    pub table_bits: u32,
    /// Deals solved by an earlier run, by index: the first game's value and
    /// the match's. They are counted, not solved again.
    pub known: &'a HashMap<u64, (i32, i32)>,
    /// Called (from any thread) with each newly solved deal: its index, the
    /// first game's value and the match's.
    pub on_solved: &'a (dyn Fn(u64, i32, i32) + Sync),
    /// Called now and then with the number of deals done.
    pub progress: &'a (dyn Fn(u64) + Sync),
}

/// Deals a thread takes at once: neighbours in the order of
/// [`Deals::All`] share most cards, so a thread's table keeps serving the
/// positions they have in common.
const BLOCK: u64 = 32;

/// The blocks of a run of every deal (no `limit`, so no small first part
/// need be a fair sample): 1,024 neighbours, each with its mirror, about
/// three minutes a block on one thread. On deals 50,000 to 51,023 and
/// their mirrors, with one thread and 2^24 entries, the deals in their own
/// order took 201,000 positions and 100 ms a deal, in blocks of 32
/// shuffled 218,000 and 108 ms (`solve_sample -- 1024 24 seq 50000`, and
/// `seqshuf`).
pub const FULL_BLOCK: u64 = 1024;

/// The block a thread takes at once for `deals`.
fn block_of(deals: Deals) -> u64 {
    match deals {
        Deals::All { limit: None } => FULL_BLOCK,
        _ => BLOCK,
    }
}

/// The mirror of deal `i` of [`Deals::All`]: the same two hands, the other
/// one dealt to the dealer (deal `ALL_DEALS - 1 - i`, as the lexicographic
/// order of [`nth_subset`] makes it). `i` is a deal's index, below
/// [`ALL_DEALS`] (beyond, the answer is 0 rather than an overflow).
pub fn mirror(i: u64) -> u64 {
    (ALL_DEALS - 1).saturating_sub(i)
}

/// Deals claimed by a thread, one bit each, so that each is solved once.
struct Claims(Vec<AtomicU64>);

impl Claims {
    fn new(n: u64) -> Claims {
        Claims((0..n.div_ceil(64)).map(|_| AtomicU64::new(0)).collect())
    }

    /// Claims deal `i`: false if it was claimed before.
    fn claim(&self, i: u64) -> bool {
        let bit = 1u64 << (i % 64);
        self.0
            .get((i / 64) as usize)
            .is_some_and(|w| w.fetch_or(bit, Ordering::Relaxed) & bit == 0)
    }
}

/// Solves the deals on `opts.threads` threads, each with its own table kept
/// from one deal to the next, and sums up what they found. Deals are
/// identified by their index in [`Deals::deal`] (for all deals, in
/// lexicographic order, whatever order they are solved in).
///
/// For every deal (`Deals::All` without a limit) each deal is followed by
/// its [`mirror`]: the same hands with the other one leading reach the same
/// positions (the table names seats by role), and the pair costs about a
/// quarter less than two deals apart. A mirror solved early is skipped when
/// its turn in the order comes. Such a run takes blocks of [`FULL_BLOCK`]
/// neighbours, so that a thread's table serves more of its next deals.
pub fn solve_deals(deals: Deals, opts: &RunOptions) -> DealStats {
    let start = Instant::now();
    let block = block_of(deals);
    let order = match deals {
        Deals::All { .. } => order_in_blocks(block),
        Deals::Seeded { .. } => Vec::new(),
    };
    let paired = matches!(deals, Deals::All { limit: None });
    let index = |k: u64| order.get(k as usize).map_or(k, |&i| u64::from(i));
    let next = AtomicU64::new(0);
    let done = AtomicU64::new(0);
    let total = deals.count();
    let claims = Claims::new(if paired { ALL_DEALS } else { 0 });
    let stats = Mutex::new(DealStats::default());
    std::thread::scope(|scope| {
        for _ in 0..opts.threads.max(1) {
            scope.spawn(|| {
                let mut solver = Solver::with_table_bits(opts.table_bits);
                let mut mine = DealStats::default();
                loop {
                    let first = next.fetch_add(block, Ordering::Relaxed);
                    if first >= total {
                        break;
                    }
                    let taken = (first..(first + block).min(total)).map(index);
                    let with_mirrors =
                        taken.flat_map(|i| std::iter::once(i).chain(paired.then(|| mirror(i))));
                    for i in with_mirrors {
                        // With mirrors, a deal comes twice: by the order and
                        // as a mirror. The first one solves it.
                        if paired && !claims.claim(i) {
                            continue;
                        }
                        if let Some(&(v1, mv)) = opts.known.get(&i) {
                            mine.add_known(i, v1, mv);
                        } else {
                            let (a, b) = deals.deal(i);
                            let t = Instant::now();
                            if let Some((v1, mv)) = solve_match(&mut solver, a, b, opts.count) {
                                mine.add(i, v1, mv, t.elapsed().as_secs_f64());
                                (opts.on_solved)(i, v1, mv);
                            }
                        }
                        let d = done.fetch_add(1, Ordering::Relaxed) + 1;
                        if d.is_multiple_of(16) || d == total {
                            (opts.progress)(d);
                        }
                    }
                }
                if let Ok(mut s) = stats.lock() {
                    s.merge(mine);
                }
            });
        }
    });
    let mut s = stats.into_inner().unwrap_or_default();
    s.wall = start.elapsed().as_secs_f64();
    s
}
