//! The exact Chess Cards solver: the value of a position under perfect play
//! by both sides (the dealer's score minus the other's) and a principal
//! line.
//!
//! A null-window test at 0 (does the dealer avoid being mated?), then one
//! alpha-beta search with PVS over the window that test leaves, on the
//! compact [`State`]. A turn is split in two: a sacrifice (if any) is a
//! node of its own, after which the same player leads or replies without
//! sacrificing again, so a hand of n cards gives n plays and n
//! sacrifices rather than n * n turns. With:
//! - a transposition table of bounds at lead and reply positions, before
//!   and after a sacrifice, in buckets of four entries on one cache line;
//!   a position's value does not depend on the deal it came from, so the
//!   table is kept from one deal to the next;
//! - sacrifice bounds: playing after sacrificing x is worth (to the
//!   sacrificer) at most the position where x was already gone, which
//!   offers the same plays and a sacrifice besides; a table bound there
//!   refutes the sacrifice without a search;
//! - cards the rest of the game cannot tell apart ([`super::dominance`]):
//!   a sacrifice that another card of the hand dominates is not tried,
//!   of two interchangeable plays only one, and of two plays of a suit
//!   that differ only in what a mate with them scores, only the cheaper
//!   (with a Queen the card kept when the opponent holds none: 4% fewer
//!   positions over 20 seeded deals, 5% over 50);
//! - enhanced transposition cutoffs: up to move 7 a reply node first
//!   looks up the position after each plain reply, and one the table
//!   already bounds at or below alpha ends the node without a search;
//! - closed-form leaves: a lead that mates is scored at once (with the
//!   best sacrifice, which never hurts the mater), and on move 10 a lead
//!   that is answered is a draw;
//! - score bounds: no mate can be worth more than the mater's best card at
//!   the largest multiplier still reachable (a sacrifice takes two cards,
//!   itself and the play that follows it), so hopeless windows are cut;
//! - move ordering: the table's move first. Sacrifices are most often
//!   what refutes a lead, so a reply node the table knows nothing of
//!   tries every sacrifice before the plain replies, and a lead node one
//!   sacrifice before the plain leads (over 20 seeded deals, with the
//!   reply history below, 22.4 M positions became 6.7 M). Then leads the
//!   opponent cannot beat, then those with the fewest answers; replies
//!   that win the move, then those that refuted the same lead elsewhere
//!   (a history table); sacrifices of the lower suits and the cheaper
//!   cards first ([`SAC_ORDER`]).

use super::dominance::{play_dominated, play_equivalent, sacrifice_dominated};
use super::state::{
    bits, bits_high, is_queen, lead_wins, mate_score, piece, replies, suit, State, NONE, PIECES,
    QUEENS, VALUE,
};
use super::table::{Entry, Table};
use crate::chess_cards::{ChessCards, Turn};
use deckmate_rules::Seat;

/// Reply nodes up to this move look their children up in the table
/// before searching any (enhanced transposition cutoffs). Over 20 seeded
/// deals: 35% fewer positions and 18% less time than without; later
/// moves add probes that cost more than they save.
const ETC_LAST_MOVE: u8 = 7;

/// Beyond every score (the largest is 990).
const INF: i32 = 30_000;

/// The cards that beat `c` when they answer it (M4): higher pieces of its
/// suit, and the same piece in higher suits.
const fn beaters(c: u8) -> u32 {
    let (s, p) = (c / 5, c % 5);
    let mut m = 0u32;
    let mut q = p + 1;
    while q < 5 {
        m |= 1 << (s * 5 + q);
        q += 1;
    }
    let mut t = s + 1;
    while t < 4 {
        m |= 1 << (t * 5 + p);
        t += 1;
    }
    m
}

/// Per card (0..20: suit * 5 + piece), the cards that beat it when they
/// answer it (`beaters`).
pub const BEATERS: [u32; 20] = {
    let mut t = [0u32; 20];
    let mut c = 0;
    while c < 20 {
        t[c] = beaters(c as u8);
        c += 1;
    }
    t
};

/// The order sacrifices are tried in: the lower suits first (white ..
/// black), and in a suit the cards worth least at a mate first (Knight 3,
/// Bishop 4, Pawn 7, Rook 10, Queen 11). Measured over 20 seeded deals it
/// searches about 15% fewer positions than card order, 20% fewer than the
/// higher suits first. Here: the piece at each place of a suit's five
/// bits once [`sac_order`] has moved them into this order.
const BY_VALUE: [u8; 5] = [1, 2, 0, 3, 4];

/// The cards of `m` in the order sacrifices are tried in ([`BY_VALUE`]):
/// each suit's bits moved into that order (Knight and Bishop down one
/// place, the Pawn up two), then read lowest first.
#[inline]
pub fn sac_order(m: u32) -> impl Iterator<Item = u8> {
    let mut k =
        (m & (PIECES[1] | PIECES[2])) >> 1 | (m & PIECES[0]) << 2 | m & (PIECES[3] | QUEENS);
    std::iter::from_fn(move || {
        if k == 0 {
            return None;
        }
        let i = k.trailing_zeros() as u8;
        k &= k - 1;
        Some(i / 5 * 5 + BY_VALUE[usize::from(i % 5)])
    })
}

/// The number of cards in each set of ten (a mask of 10 bits).
const COUNT_10: [u8; 1024] = {
    let mut t = [0u8; 1024];
    let mut i = 1;
    while i < 1024 {
        t[i] = t[i >> 1] + (i & 1) as u8;
        i += 1;
    }
    t
};

/// The number of cards of `m` (a 20-bit mask), by two table look-ups: the
/// default x86-64 target has no population count instruction, and
/// `count_ones` there is a dozen or more operations.
#[inline]
pub fn count(m: u32) -> u32 {
    u32::from(COUNT_10[(m & 1023) as usize]) + u32::from(COUNT_10[(m >> 10 & 1023) as usize])
}

/// A lead as the table stores it: sacrifice (31: none), card, privilege.
pub fn encode(sac: Option<u8>, card: u8, privilege: bool) -> u16 {
    1 << 15 | u16::from(sac.unwrap_or(NONE)) | u16::from(card) << 5 | u16::from(privilege) << 10
}

/// The exact solver, with its transposition table.
pub struct Solver {
    table: Table,
    gross: bool,
    /// Searches stop after this move number and score what lies beyond
    /// as a draw (10: exact).
    horizon: u8,
    /// Positions searched since the solver was made.
    pub nodes: u64,
    /// Per lead card, how often each reply refuted it, weighted by how
    /// early in the game (a history heuristic: replies that refuted a lead
    /// elsewhere are tried first).
    reply_history: [[u32; 20]; 20],
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new()
    }
}

impl Solver {
    /// A solver with a table of 2^20 entries (16 MiB).
    pub fn new() -> Solver {
        Solver::with_table_bits(20)
    }

    /// A solver with a table of 2^`bits` entries (16 bytes each, in
    /// buckets of four).
    pub fn with_table_bits(bits: u32) -> Solver {
        Solver {
            table: Table::new(bits),
            gross: false,
            horizon: 10,
            nodes: 0,
            reply_history: [[0; 20]; 20],
        }
    }

    /// A solver that looks only `moves` moves ahead (counting the current
    /// one) and scores every position beyond as a draw: what a weaker
    /// player sees. [`Solver::set_horizon_moves`] moves the horizon.
    pub fn limited(moves: u32) -> Solver {
        let mut s = Solver::with_table_bits(16);
        s.horizon = 0;
        s.set_horizon_moves(moves, 1);
        s
    }

    /// Sets the horizon to `moves` moves from move `from` (the table is
    /// emptied when it changes, its bounds holding for one horizon only).
    pub fn set_horizon_moves(&mut self, moves: u32, from: u32) {
        let h = (from + moves.max(1) - 1).min(10) as u8;
        if h != self.horizon {
            self.clear();
            self.horizon = h;
        }
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        self.table.clear();
    }

    fn prepare(&mut self, g: &ChessCards) {
        let gross = super::state::is_gross(g);
        if gross != self.gross {
            // The table's values depend on how sacrifices count.
            self.clear();
            self.gross = gross;
        }
    }

    /// The value of `g` under perfect play: the dealer's score minus the
    /// other player's.
    pub fn value(&mut self, g: &ChessCards) -> i32 {
        // A null-window test at 0 first (does the dealer avoid being
        // mated?), then one principal variation search over the window
        // its fail-soft result leaves. Over 20 and 50 seeded deals this
        // searched 2% fewer positions than MTD(f) climbing from 0 one
        // score at a time (up to 29 passes a deal), and 12% fewer than a
        // bisection over the scores a mate can make.
        self.table.new_generation();
        let first = self.value_in(g, -1, 0);
        let (lo, hi) = if first < 0 {
            (-INF, first)
        } else {
            (first, INF)
        };
        self.value_in(g, lo - 1, hi + 1)
    }

    /// The value with a window (fail-soft: a result at or below `alpha` is
    /// an upper bound, at or above `beta` a lower bound), the dealer's side.
    fn value_in(&mut self, g: &ChessCards, alpha: i32, beta: i32) -> i32 {
        self.prepare(g);
        let Some((s, lead)) = State::from_game(g) else {
            return g.value();
        };
        // The searches score for the leader; turn the window round for
        // the other seat.
        let flip = s.leader != 0;
        let (a, b) = if flip { (-beta, -alpha) } else { (alpha, beta) };
        let v = match lead {
            None => self.lead_node(&s, a, b),
            Some((c, p)) => self.reply_node(&s, c, p, a, b),
        };
        if flip {
            -v
        } else {
            v
        }
    }

    /// Whether `g` is worth exactly `v`.
    fn is_worth(&mut self, g: &ChessCards, v: i32) -> bool {
        self.value_in(g, v - 1, v + 1) == v
    }

    /// The value and a principal line of turns (each with its seat): both
    /// sides play perfectly and the line ends where the game does.
    pub fn solve(&mut self, g: &ChessCards) -> (i32, Vec<(Seat, Turn)>) {
        let v = self.value(g);
        let mut line = Vec::new();
        let mut cur = g.clone();
        while let Some(me) = cur.to_act() {
            let mut next = None;
            for t in self.ordered_turns(&cur) {
                let mut child = cur.clone();
                child.play(t);
                if self.is_worth(&child, v) {
                    next = Some((t, child));
                    break;
                }
            }
            let Some((t, child)) = next else { break };
            line.push((me, t));
            cur = child;
        }
        (v, line)
    }

    /// Every legal turn of the seat to act with the value it leads to
    /// (the dealer's score minus the other's), best for that seat first.
    pub fn turn_values(&mut self, g: &ChessCards) -> Vec<(Turn, i32)> {
        let Some(me) = g.to_act() else {
            return Vec::new();
        };
        let mut out: Vec<(Turn, i32)> = g
            .turns()
            .into_iter()
            .map(|t| {
                let mut child = g.clone();
                child.play(t);
                (t, self.value(&child))
            })
            .collect();
        out.sort_by_key(|&(t, v)| {
            let v = if me == Seat::First { -v } else { v };
            (v, t.sacrifice.is_some(), t.privilege)
        });
        out
    }

    /// The legal turns worth exactly the position's value `v` (the best
    /// ones for the seat to act), plain plays first.
    pub fn best_turns(&mut self, g: &ChessCards, v: i32) -> Vec<Turn> {
        let mut out = Vec::new();
        for t in self.ordered_turns(g) {
            let mut child = g.clone();
            child.play(t);
            if self.is_worth(&child, v) {
                out.push(t);
            }
        }
        out
    }

    /// The legal turns, plain plays first (a principal line then avoids
    /// needless sacrifices when they change nothing).
    fn ordered_turns(&self, g: &ChessCards) -> Vec<Turn> {
        let mut ts = g.turns();
        ts.sort_by_key(|t| (t.sacrifice.is_some(), t.privilege));
        ts
    }

    /// The largest score seat `x` could still make by mate: its best card
    /// at the largest multiplier reachable (move 10, every card but one
    /// sacrificed while turns remain, the opponent sacrificing no more).
    #[inline]
    fn upper(&self, s: &State, x: usize) -> i32 {
        let cards = s.playable(x);
        let best = if cards & QUEENS != 0 {
            VALUE[4]
        } else if cards & PIECES[3] != 0 {
            VALUE[3]
        } else if cards & PIECES[0] != 0 {
            VALUE[0]
        } else if cards & PIECES[2] != 0 {
            VALUE[2]
        } else if cards != 0 {
            VALUE[1]
        } else {
            return 0;
        };
        // A sacrifice is made at the start of a turn and followed by a play
        // from the hand (M6), so each takes two cards, and a seat has one
        // turn a move.
        let n = count(s.hands[x]);
        let turns_left = u32::from(11 - s.move_no.min(10));
        let add = (n / 2).min(turns_left) as i32;
        let mine = i32::from(s.sacs[x]) + add;
        let extra = if self.gross {
            mine
        } else {
            (mine - i32::from(s.sacs[1 - x])).max(0)
        };
        let m = 10 + extra;
        let base = best * m;
        if m > 10 {
            base * (m - 9)
        } else {
            base
        }
    }

    #[inline]
    fn probe(&self, key: u64) -> Option<Entry> {
        self.table.probe(key)
    }

    /// Looks `key` up: `Err(v)` when the table's bounds settle the value
    /// for the window, else the bounds and best move found (the window
    /// narrowed to them).
    fn narrow(&self, key: u64, alpha: &mut i32, beta: &mut i32) -> Result<(i32, i32, u16), i32> {
        let Some(e) = self.probe(key) else {
            return Ok((-INF, INF, 0));
        };
        let (lo, hi) = (i32::from(e.lo), i32::from(e.hi));
        if lo >= *beta || lo == hi {
            return Err(lo);
        }
        if hi <= *alpha {
            return Err(hi);
        }
        *alpha = (*alpha).max(lo);
        *beta = (*beta).min(hi);
        Ok((lo, hi, e.best))
    }

    /// The value of a position at the start of a move, for its leader.
    fn lead_node(&mut self, s: &State, alpha: i32, beta: i32) -> i32 {
        self.lead(s, false, alpha, beta)
    }

    /// A lead node: at the start of a move (`sacrificed` false), or after
    /// the leader has put a card out of play this turn and must now lead
    /// (`sacrificed` true, its own table entry). Splitting the turn in two
    /// makes a hand of n cards n plain leads and n sacrifices, each
    /// sacrifice a node whose bounds the table keeps, instead of n * n
    /// leads.
    fn lead(&mut self, s: &State, sacrificed: bool, mut alpha: i32, mut beta: i32) -> i32 {
        let n0 = self.nodes;
        self.nodes += 1;
        if s.move_no > self.horizon {
            return 0;
        }
        let l = s.leader as usize;
        let r = 1 - l;
        let ub = self.upper(s, l);
        if ub <= alpha {
            return ub;
        }
        let lb = -self.upper(s, r);
        if lb >= beta {
            return lb;
        }
        // With fewer than two cards left no sacrifice is possible: having
        // sacrificed this turn or not is then the same position.
        let key = s.key() | u64::from(sacrificed && s.hands[l].count_ones() >= 2) << 63;
        let (lo, hi, tt_move) = match self.narrow(key, &mut alpha, &mut beta) {
            Ok(found) => found,
            Err(v) => return v,
        };
        let (a0, b0) = (alpha, beta);
        let opp = s.playable(r);
        let hand = s.hands[l];
        let mine = s.playable(l);
        let can_sac = !sacrificed && hand.count_ones() >= 2;

        // Leads that mate at once, scored in closed form: a sacrifice first
        // (when the hand allows one) only raises the multiplier.
        let mut best = -INF;
        let mut best_move = 0u16;
        let mut any_answered = false;
        let mult = s.multiplier(l, u8::from(can_sac), self.gross);
        for c in bits(mine) {
            for p in [false, true] {
                if p && !is_queen(c) {
                    continue;
                }
                if replies(opp, c, p) == 0 {
                    let v = mate_score(c, mult);
                    if v > best {
                        best = v;
                        let sac = bits(hand & !(1 << c)).next().filter(|_| can_sac);
                        best_move = encode(sac, c, p);
                    }
                } else {
                    any_answered = true;
                }
            }
        }
        if s.move_no >= self.horizon {
            // An answered lead on the last move draws (or, before move
            // 10, is not looked into).
            if any_answered {
                best = best.max(0);
            }
            self.finish(n0, key, best, best_move, -INF, INF, lo, hi);
            return best;
        }
        if best >= beta || !any_answered {
            self.finish(n0, key, best, best_move, a0, b0, lo, hi);
            return best;
        }

        // The plain leads, ordered: the table's first, then those the
        // opponent cannot beat, higher cards first.
        let tt_sac =
            (tt_move != 0 && tt_move & 31 != u16::from(NONE)).then_some((tt_move & 31) as u8);
        let mut leads: [(u16, u16); 16] = [(0, 0); 16];
        let mut n = 0;
        for c in bits(mine) {
            for p in [false, true] {
                if p && !is_queen(c) {
                    continue;
                }
                let rep = replies(opp, c, p);
                if rep == 0 || play_equivalent(c, mine, opp) || play_dominated(c, mine, opp) {
                    continue;
                }
                let code = encode(None, c, p);
                let mut score: u16 = if code == tt_move { 35_000 } else { 0 };
                if rep & BEATERS[c as usize] == 0 {
                    score += 10_000;
                }
                score += u16::from(piece(c)) * 10 + u16::from(suit(c));
                // Fewer answers first: the opponent's choice is narrow.
                score += (10 - count(rep).min(10) as u16) * 30;
                if n < leads.len() {
                    leads[n] = (score, code);
                    n += 1;
                }
            }
        }
        let leads = &mut leads[..n];
        leads.sort_unstable_by_key(|a| std::cmp::Reverse(a.0));
        let mut first = best == -INF;
        // With the table's sacrifice the better guess, try it before the
        // plain leads.
        let sac_order = tt_sac
            .filter(|_| can_sac)
            .into_iter()
            .chain(sac_order(if can_sac { hand } else { 0 }).filter(|&x| Some(x) != tt_sac));
        // A sacrifice first when the table says so or says nothing.
        let mut sac_first = can_sac && (tt_sac.is_some() || tt_move == 0);
        let mut skipped = -INF;
        let mut plain_done = false;
        let mut sacs = sac_order;
        loop {
            // One sacrifice first when the table says so, then the plain
            // leads, then the other sacrifices.
            if sac_first || plain_done {
                let Some(x) = sacs.next() else { break };
                sac_first = false;
                if sacrifice_dominated(x, hand, opp) {
                    continue;
                }
                let mut t = *s;
                t.hands[l] &= !(1 << x);
                t.sacs[l] += 1;
                let a = alpha.max(best);
                // Leading after sacrificing x is worth at most the position
                // where x is already gone (it offers the same leads and a
                // sacrifice besides).
                if let Some(e) = self.probe(t.key()) {
                    if i32::from(e.hi) <= a {
                        skipped = skipped.max(i32::from(e.hi));
                        continue;
                    }
                }
                let v = if first || a + 1 >= beta {
                    self.lead(&t, true, a, beta)
                } else {
                    let v = self.lead(&t, true, a, a + 1);
                    if v > a {
                        self.lead(&t, true, v, beta)
                    } else {
                        v
                    }
                };
                first = false;
                if v > best {
                    best = v;
                    let flag = u64::from(t.hands[l].count_ones() >= 2) << 63;
                    let code = self.probe(t.key() | flag).map_or(0, |e| e.best);
                    best_move = code & !31 | u16::from(x);
                    if v >= beta {
                        break;
                    }
                }
                continue;
            }
            for &(_, code) in leads.iter() {
                let c = (code >> 5 & 31) as u8;
                let p = code >> 10 & 1 == 1;
                let mut child = *s;
                child.apply(l, None, c);
                let a = alpha.max(best);
                let v = if first || a + 1 >= beta {
                    self.reply_node(&child, c, p, a, beta)
                } else {
                    // Principal variation search: prove this lead no better
                    // with a null window, search it in full only if it is.
                    let v = self.reply_node(&child, c, p, a, a + 1);
                    if v > a {
                        self.reply_node(&child, c, p, v, beta)
                    } else {
                        v
                    }
                };
                first = false;
                if v > best {
                    best = v;
                    best_move = code;
                    if v >= beta {
                        break;
                    }
                }
            }
            if best >= beta {
                break;
            }
            plain_done = true;
        }
        if best < beta {
            // A fail-soft bound: the skipped sacrifices are worth at most this.
            best = best.max(skipped);
        }
        self.finish(n0, key, best, best_move, a0, b0, lo, hi);
        best
    }

    /// Stores a searched position's bounds (fail-soft: `best` bounds the
    /// value from above when at or below `a0`, from below at or above `b0`).
    #[allow(clippy::too_many_arguments)]
    fn finish(
        &mut self,
        n0: u64,
        key: u64,
        best: i32,
        best_move: u16,
        a0: i32,
        b0: i32,
        lo: i32,
        hi: i32,
    ) {
        let (mut lo, mut hi) = (lo, hi);
        if best <= a0 {
            hi = hi.min(best);
        } else if best >= b0 {
            lo = lo.max(best);
        } else {
            lo = best;
            hi = best;
        }
        let clamp = |v: i32| v.clamp(-INF, INF) as i16;
        self.table.store(Entry {
            key,
            lo: clamp(lo),
            hi: clamp(hi),
            best: best_move,
            // log2 + 1 of the positions searched (at most 64).
            work: (64 - (self.nodes - n0).leading_zeros()) as u8,
            generation: 0,
        });
    }

    /// The value of the next move's position `n` for seat `me` (its leader
    /// or the other), in a window given for `me`.
    #[inline]
    fn child(&mut self, n: &State, me: usize, alpha: i32, beta: i32) -> i32 {
        if n.leader as usize == me {
            self.lead_node(n, alpha, beta)
        } else {
            -self.lead_node(n, -beta, -alpha)
        }
    }

    /// The value, for the leader, of the position where `lead` (with the
    /// privilege or not) has been played and the other seat replies. The
    /// leader's play is already applied to `s`.
    fn reply_node(&mut self, s: &State, lead: u8, privilege: bool, alpha: i32, beta: i32) -> i32 {
        let r = 1 - s.leader as usize;
        let plain = replies(s.playable(r), lead, privilege);
        if plain == 0 {
            // No reply: mate (only reached from a root given by the rules).
            return mate_score(lead, s.multiplier(1 - r, 0, self.gross));
        }
        if s.move_no >= self.horizon {
            return 0;
        }
        self.reply(s, lead, privilege, false, alpha, beta)
    }

    /// A reply node: before the replier's turn (`sacrificed` false), or
    /// after he has put a card out of play this turn and must now reply
    /// (`sacrificed` true, its own table entry), as for leads. The value is
    /// the leader's; the replier has a legal reply.
    fn reply(
        &mut self,
        s: &State,
        lead: u8,
        privilege: bool,
        sacrificed: bool,
        mut alpha: i32,
        mut beta: i32,
    ) -> i32 {
        let n0 = self.nodes;
        let l = s.leader as usize;
        let r = 1 - l;
        let hand = s.hands[r];
        let cards = replies(s.playable(r), lead, privilege);
        let key =
            s.reply_key(lead, privilege) | u64::from(sacrificed && hand.count_ones() >= 2) << 63;
        let (lo, hi, tt_move) = match self.narrow(key, &mut alpha, &mut beta) {
            Ok(found) => found,
            Err(v) => return v,
        };
        let (a0, b0) = (alpha, beta);
        if s.move_no <= ETC_LAST_MOVE {
            // Enhanced transposition cutoff: a reply whose next position
            // the table already bounds at or below alpha refutes the lead.
            for rc in bits(cards) {
                let mut m = *s;
                m.apply(r, None, rc);
                m.move_no += 1;
                if !lead_wins(lead, rc) {
                    m.leader = r as u8;
                }
                if let Some(e) = self.probe(m.key()) {
                    let v = if m.leader as usize == l {
                        i32::from(e.hi)
                    } else {
                        -i32::from(e.lo)
                    };
                    if v <= alpha {
                        self.finish(n0, key, v, encode(None, rc, false), a0, b0, lo, hi);
                        return v;
                    }
                }
            }
        }
        let mut best = INF;
        let mut best_move = 0u16;
        let mut first = true;
        let tt_sac =
            (tt_move != 0 && tt_move & 31 != u16::from(NONE)).then_some((tt_move & 31) as u8);
        let tt_card = (tt_move != 0 && tt_sac.is_none()).then_some((tt_move >> 5 & 31) as u8);
        // The plain replies: the table's first, then those that win the
        // move, higher cards first.
        let mut list = [0u8; 10];
        let mut n = 0;
        if let Some(c) = tt_card.filter(|&c| cards & 1 << c != 0) {
            list[0] = c;
            n = 1;
        }
        let winning = cards & BEATERS[lead as usize];
        let start = n;
        let leader_now = s.playable(l) | 1 << lead;
        for rc in bits_high(winning).chain(bits_high(cards & !winning)) {
            if play_equivalent(rc, cards, leader_now) || play_dominated(rc, cards, leader_now) {
                continue;
            }
            if n < list.len() && Some(rc) != tt_card {
                list[n] = rc;
                n += 1;
            }
        }
        {
            let h = &self.reply_history[lead as usize];
            list[start..n].sort_by_key(|&rc| {
                (
                    std::cmp::Reverse(u32::from(winning & 1 << rc != 0)),
                    std::cmp::Reverse(h[rc as usize]),
                )
            });
        }
        // Sacrifices (M6: the reply rules apply to the hand left; allowed
        // only when a legal reply follows).
        let can_sac = !sacrificed && hand.count_ones() >= 2;
        let sac_hand = if can_sac { hand } else { 0 };
        // What can still tell the replier's cards apart: the lead on the
        // table and what the leader can play later.
        let leader_cards = s.playable(l) | 1 << lead;
        let mut sacs = tt_sac
            .filter(|&x| sac_hand & 1 << x != 0)
            .into_iter()
            .chain(sac_order(sac_hand).filter(|&x| Some(x) != tt_sac));
        // With nothing from the table, every sacrifice comes before the
        // plain replies: over 20 seeded deals, a reply node was refuted by a
        // sacrifice about twice as often as by a plain reply, after the
        // plain ones had been searched in vain.
        let all_sacs_first = can_sac && tt_move == 0;
        let mut sac_first = can_sac && (tt_sac.is_some() || all_sacs_first);
        let mut plain_done = false;
        let mut skipped = INF;
        loop {
            if sac_first || plain_done {
                let Some(x) = sacs.next() else {
                    if plain_done {
                        break;
                    }
                    sac_first = false;
                    continue;
                };
                sac_first = all_sacs_first;
                if replies(hand & !(1 << x), lead, privilege) == 0
                    || sacrifice_dominated(x, hand, leader_cards)
                {
                    continue;
                }
                let mut t = *s;
                t.hands[r] &= !(1 << x);
                t.sacs[r] += 1;
                let b = beta.min(best);
                // Replying after sacrificing x is worth at least the reply
                // position where x is already gone.
                if let Some(e) = self.probe(t.reply_key(lead, privilege)) {
                    if i32::from(e.lo) >= b {
                        skipped = skipped.min(i32::from(e.lo));
                        continue;
                    }
                }
                let v = if first || alpha + 1 >= b {
                    self.reply(&t, lead, privilege, true, alpha, b)
                } else {
                    let v = self.reply(&t, lead, privilege, true, b - 1, b);
                    if v < b {
                        self.reply(&t, lead, privilege, true, alpha, v)
                    } else {
                        v
                    }
                };
                first = false;
                if v < best {
                    best = v;
                    best_move = u16::from(x);
                    if best <= alpha {
                        break;
                    }
                }
                continue;
            }
            for &rc in &list[..n] {
                let mut m = *s;
                m.apply(r, None, rc);
                m.move_no += 1;
                if !lead_wins(lead, rc) {
                    m.leader = r as u8;
                }
                let b = beta.min(best);
                let v = if first || alpha + 1 >= b {
                    self.child(&m, l, alpha, b)
                } else {
                    let v = self.child(&m, l, b - 1, b);
                    if v < b {
                        self.child(&m, l, alpha, v)
                    } else {
                        v
                    }
                };
                first = false;
                if v < best {
                    best = v;
                    best_move = encode(None, rc, false);
                    if best <= alpha {
                        let h = &mut self.reply_history[lead as usize][rc as usize];
                        *h = h.saturating_add(1 << (10 - s.move_no.min(10)));
                        break;
                    }
                }
            }
            if best <= alpha {
                break;
            }
            plain_done = true;
        }
        if best > alpha {
            best = best.min(skipped);
        }
        self.finish(n0, key, best, best_move, a0, b0, lo, hi);
        best
    }
}
