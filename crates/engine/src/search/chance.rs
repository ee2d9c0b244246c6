//! Chance nodes and simultaneous phases, for [`Searcher`].
//!
//! A chance node's value is the mean of its outcomes' values weighted by
//! their integer weights, from the point of view of the seat that acted
//! into it (`persp`), rounded down once: `floor(S / W)` with
//! `S = sum(w_i * v_i)` and `W = sum(w_i)`, all in integers. Outcomes that
//! reach the same position (the same hash) are one branch, their weights
//! added; branches are searched heaviest first.
//!
//! **Windows in integers.** The node's value is at most `alpha` exactly
//! when `S <= (alpha + 1) * W - 1` (`a_sum`) and at least `beta` exactly
//! when `S >= beta * W` (`b_sum`). Each branch `i` has bounds
//! `lo_i <= v_i <= hi_i`: the game's value bounds `L`, `U` at first
//! ([`Evaluator::value_bounds`], within the mate scores still possible),
//! exact once searched, narrower after Star2's probes. The sums
//! `s_lo = sum(w_i * lo_i)` and `s_hi = sum(w_i * hi_i)` bound `S`: the node
//! fails low as soon as `s_hi <= a_sum` (its value is at most
//! `floor(s_hi / W)`), high as soon as `s_lo >= b_sum`.
//!
//! **Star1** searches branch `i` in the window
//! `(floor((a_sum - (s_hi - w_i * hi_i)) / w_i), ceil((b_sum - (s_lo - w_i * lo_i)) / w_i))`
//! (kept within `L - 1`, `U + 1`): a value at or below the first bound
//! fails the node low whatever the other branches are worth, at or above
//! the second high.
//!
//! **Star2** first probes every branch whose position a seat acts in: the
//! table's bounds on it if it holds them, else one move (the table's best,
//! or the first in the usual order) searched at the depth the position
//! would be, in the branch's Star1 window. One move's value bounds the
//! position's value from below where `persp` acts (any move is at most the
//! best), from above where the other seat does. The node is cut off as
//! soon as these bounds decide it; otherwise they narrow the windows of
//! the search that follows (the probed move's subtree is in the table by
//! then).

use super::{
    from_tt, to_tt, ChancePruning, HorizonChance, Limits, Report, SearchResult, Searcher, BOTH_ACT,
    CHANCE_ACTS, INF, MAX_PLY, WIN,
};
use crate::evaluator::Evaluator;
use crate::tt::{chance_key, Bound, Entry};
use deckmate_rules::{Game, Seat, ToAct};
use std::sync::atomic::Ordering;
use std::time::Instant;

/// One branch of a chance node: the position an outcome reaches, with the
/// weight of every outcome that reaches it and bounds on its value from
/// the chance node's point of view.
pub(super) struct Branch<G> {
    pos: G,
    hash: u64,
    weight: i64,
    act: ToAct,
    /// The bounds declared for the position's value.
    l: i32,
    u: i32,
    /// What is known of it so far (within `l..=u`).
    lo: i32,
    hi: i32,
}

/// What a Star2 probe found out about a branch's position.
enum Probe {
    /// Its value (a finished game, a repetition).
    Exact(i32),
    /// The value of the one move searched, in the probe's window.
    Move(i32),
}

/// `floor(a / b)` for `b > 0`.
fn floor_div(a: i64, b: i64) -> i64 {
    a.div_euclid(b)
}

/// `ceil(a / b)` for `b > 0`.
fn ceil_div(a: i64, b: i64) -> i64 {
    -(-a).div_euclid(b)
}

/// A window bound in `i64` brought into the search's `i32` range.
fn clamp_score(v: i64) -> i32 {
    v.clamp(i64::from(-INF), i64::from(INF)) as i32
}

impl<G: Game, E: Evaluator<G>> Searcher<G, E> {
    /// Iterative deepening from a root where chance acts: no move, the
    /// value from the first seat's point of view.
    pub(super) fn chance_root(
        &mut self,
        root: &G,
        limits: &Limits,
        start: Instant,
        on_report: &mut dyn FnMut(&Report<G::Move>),
    ) -> SearchResult<G::Move> {
        let mut result = SearchResult {
            best: None,
            score: 0,
            depth: 0,
            nodes: 0,
            pv: Vec::new(),
            root_scores: Vec::new(),
        };
        let max_depth = limits.depth.unwrap_or(64).clamp(1, 64);
        for depth in 1..=max_depth {
            self.cur_depth = depth;
            let v = self.chance(root, depth as i32, 0, -INF, INF, true, Seat::First, None);
            if self.aborted {
                break;
            }
            result.score = v;
            result.depth = depth;
            let elapsed = start.elapsed();
            on_report(&Report {
                depth,
                seldepth: self.seldepth as u32,
                score: v,
                pv: Vec::new(),
                nodes: self.nodes,
                nps: (self.nodes as f64 / elapsed.as_secs_f64().max(1e-6)) as u64,
                elapsed,
                lines: Vec::new(),
            });
            if limits.time.is_some_and(|t| elapsed * 2 > t) {
                break;
            }
            if self
                .hard_deadline
                .is_some_and(|h| elapsed * 2 > h.saturating_duration_since(start))
            {
                break;
            }
        }
        result.nodes = self.nodes;
        self.stop.store(false, Ordering::Relaxed);
        result
    }

    /// Bounds on the value of `pos`, at `ply`, from `persp`'s point of
    /// view: the game's declared bounds, within the mate scores still
    /// possible there.
    fn bounds(&self, pos: &G, persp: Seat, ply: usize) -> (i32, i32) {
        let (l, u) = self.eval.value_bounds(pos, persp);
        let m = WIN - ply as i32;
        let (l, u) = (l.max(-m), u.min(m));
        (l.min(u), u)
    }

    /// A chance node at `ply`, valued from `persp`'s point of view (the
    /// seat that acted into it), searched at `depth` in the window
    /// (`alpha`, `beta`); inside quiescence when `q` is its quiescence
    /// ply (no table, no repetitions, no probes there).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn chance(
        &mut self,
        g: &G,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
        pv: bool,
        persp: Seat,
        q: Option<u32>,
    ) -> i32 {
        self.pv[ply].clear();
        if self.enter(ply) {
            return 0;
        }
        if q.is_none() && self.on_path(g, ply, CHANCE_ACTS) {
            return 0;
        }
        let key = chance_key(g.hash(), persp);
        if q.is_none() && !pv {
            if let Some(e) = self.tt.get(key, Some(persp)) {
                if e.depth >= depth {
                    let s = from_tt(e.score, ply);
                    match e.bound {
                        Bound::Exact => return s,
                        Bound::Lower if s >= beta => return s,
                        Bound::Upper if s <= alpha => return s,
                        _ => {}
                    }
                }
            }
        }
        let mut outs = std::mem::take(&mut self.outcomes[ply]);
        outs.clear();
        g.chance_outcomes(&mut outs);
        if (depth <= 0 || q.is_some())
            && self.params.horizon_chance == HorizonChance::Likeliest
            && ply < MAX_PLY - 2
        {
            // No depth left: the likeliest outcome stands for the node.
            let likeliest =
                outs.iter()
                    .copied()
                    .filter(|&(_, w)| w > 0)
                    .reduce(|a, b| if b.1 > a.1 { b } else { a });
            self.outcomes[ply] = outs;
            let Some((m, _)) = likeliest else {
                return 0;
            };
            let mut pos = g.clone();
            pos.play_unchecked(m);
            let act = self.eval.to_act(&pos);
            let v = self.q_child_as(&pos, act, ply + 1, alpha, beta, persp, q.unwrap_or(0));
            if q.is_none() && !self.aborted {
                // Outcomes of one draw often lead to the same positions (a
                // move played whatever the card): keep the value for them.
                let bound = Bound::of(v, alpha, beta);
                self.tt.put(Entry {
                    key,
                    depth: 0,
                    score: to_tt(v, ply),
                    bound,
                    chance: Some(persp),
                    best: None,
                });
            }
            return v;
        }
        // The base outcome, whose value floors the others' (searched with
        // depth left and a pruning mode only).
        let base = if q.is_none() && depth >= 1 && self.params.chance_pruning != ChancePruning::None
        {
            g.chance_base().map(|m| {
                let mut pos = g.clone();
                pos.play_unchecked(m);
                pos.hash()
            })
        } else {
            None
        };
        // The outcomes, merged by the position they reach.
        let mut br = std::mem::take(&mut self.branches[ply]);
        br.clear();
        for &(m, w) in &outs {
            if w == 0 {
                continue;
            }
            let mut pos = g.clone();
            pos.play_unchecked(m);
            let hash = pos.hash();
            if let Some(b) = br.iter_mut().find(|b| b.hash == hash) {
                b.weight += i64::from(w);
            } else {
                let act = self.eval.to_act(&pos);
                let (l, u) = self.bounds(&pos, persp, ply + 1);
                br.push(Branch {
                    pos,
                    hash,
                    weight: i64::from(w),
                    act,
                    l,
                    u,
                    lo: l,
                    hi: u,
                });
            }
        }
        self.outcomes[ply] = outs;
        let (v, bound) = if br.is_empty() {
            // Chance with nothing to choose from: a draw.
            (0, Bound::Exact)
        } else if ply >= MAX_PLY - 2 {
            (self.static_mean(&br, persp, ply), Bound::Exact)
        } else {
            br.sort_by_key(|b| std::cmp::Reverse(b.weight));
            self.expect(&mut br, depth, ply, alpha, beta, pv, persp, q, base)
        };
        br.clear();
        self.branches[ply] = br;
        if self.aborted {
            return 0;
        }
        if q.is_none() {
            self.tt.put(Entry {
                key,
                depth,
                score: to_tt(v, ply),
                bound,
                chance: Some(persp),
                best: None,
            });
        }
        v
    }

    /// The weighted mean of the branches' static evaluations (at the
    /// search's deepest ply).
    fn static_mean(&self, br: &[Branch<G>], persp: Seat, ply: usize) -> i32 {
        let mut sum = 0i64;
        let mut total = 0i64;
        for b in br {
            let v = match b.act {
                ToAct::Seat(s) if s == persp => self.eval.evaluate(&b.pos),
                ToAct::Seat(_) => -self.eval.evaluate(&b.pos),
                ToAct::Nobody => self.terminal(&b.pos, persp, ply + 1),
                ToAct::Chance | ToAct::Both => 0,
            };
            sum += b.weight * i64::from(v);
            total += b.weight;
        }
        floor_div(sum, total) as i32
    }

    /// The expectimax value of the branches `br` (not empty, heaviest
    /// first) and its bound, with the pruning the parameters ask for;
    /// `base` is the hash of [`Game::chance_base`]'s position, if any.
    #[allow(clippy::too_many_arguments)]
    fn expect(
        &mut self,
        br: &mut [Branch<G>],
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
        pv: bool,
        persp: Seat,
        q: Option<u32>,
        base: Option<u64>,
    ) -> (i32, Bound) {
        let mode = self.params.chance_pruning;
        let total: i64 = br.iter().map(|b| b.weight).sum();
        let mut s_lo: i64 = br.iter().map(|b| b.weight * i64::from(b.lo)).sum();
        let mut s_hi: i64 = br.iter().map(|b| b.weight * i64::from(b.hi)).sum();
        let prune = mode != ChancePruning::None;
        // S <= a_sum: the value is at most alpha; S >= b_sum: at least beta.
        let a_sum = (i64::from(alpha) + 1) * total - 1;
        let b_sum = i64::from(beta) * total;
        macro_rules! cut {
            () => {
                if prune && s_hi <= a_sum {
                    return (floor_div(s_hi, total) as i32, Bound::Upper);
                }
                if prune && s_lo >= b_sum {
                    return (floor_div(s_lo, total) as i32, Bound::Lower);
                }
            };
        }
        // Branch i's Star1 window from the sums.
        let window = |b: &Branch<G>, s_lo: i64, s_hi: i64| -> (i32, i32, i64, i64) {
            let w = b.weight;
            let ai = floor_div(a_sum - (s_hi - w * i64::from(b.hi)), w);
            let bi = ceil_div(b_sum - (s_lo - w * i64::from(b.lo)), w);
            let a = clamp_score(ai.max(i64::from(b.l) - 1));
            let bb = clamp_score(bi.min(i64::from(b.u) + 1));
            (a, bb, ai, bi)
        };
        cut!();
        // The base outcome first, exactly: the seat acting after any other
        // outcome is worth at least as much (it has the same moves and
        // more), which bounds every other branch at once, and each is
        // then searched over its own moves alone, from that floor.
        let mut floor = None;
        let based = base.and_then(|h| {
            br.iter()
                .position(|b| b.hash == h && b.act != ToAct::Nobody)
        });
        if let (Some(i), true) = (based, br.len() > 1) {
            if let ToAct::Seat(s) = br[i].act {
                let b = &mut br[i];
                let v = self.child_as(&b.pos, b.act, depth, ply + 1, b.l - 1, b.u + 1, pv, persp);
                if self.aborted {
                    return (0, Bound::Exact);
                }
                let (lo0, hi0) = (b.lo, b.hi);
                (b.lo, b.hi) = (v, v);
                s_lo += b.weight * i64::from(b.lo - lo0);
                s_hi += b.weight * i64::from(b.hi - hi0);
                for (j, o) in br.iter_mut().enumerate() {
                    if j == i || o.act != ToAct::Seat(s) {
                        continue;
                    }
                    let (lo0, hi0) = (o.lo, o.hi);
                    if s == persp {
                        narrow(o, v, o.u);
                    } else {
                        narrow(o, o.l, v);
                    }
                    s_lo += o.weight * i64::from(o.lo - lo0);
                    s_hi += o.weight * i64::from(o.hi - hi0);
                }
                floor = Some((s, if s == persp { v } else { -v }));
                cut!();
            }
        }
        if floor.is_none()
            && mode == ChancePruning::Star2
            && q.is_none()
            && depth >= 1
            && br.len() > 1
        {
            for b in br.iter_mut() {
                let ToAct::Seat(s) = b.act else { continue };
                let (lo0, hi0) = (b.lo, b.hi);
                if let Some(e) = self.tt.get(b.hash, None) {
                    if e.depth >= depth {
                        let sc = from_tt(e.score, ply + 1);
                        let (v, bound) = if s == persp {
                            (sc, e.bound)
                        } else {
                            let flipped = match e.bound {
                                Bound::Lower => Bound::Upper,
                                Bound::Upper => Bound::Lower,
                                Bound::Exact => Bound::Exact,
                            };
                            (-sc, flipped)
                        };
                        match bound {
                            Bound::Exact => narrow(b, v, v),
                            Bound::Lower => narrow(b, v, b.u),
                            Bound::Upper => narrow(b, b.l, v),
                        }
                    }
                }
                if b.lo < b.hi {
                    let (a, bb, _, _) = window(b, s_lo, s_hi);
                    match self.probe(&b.pos, b.hash, s, depth, ply + 1, a, bb, persp) {
                        _ if self.aborted => return (0, Bound::Exact),
                        Probe::Exact(v) => narrow(b, v, v),
                        // The persp seat acts: any move is a lower bound.
                        Probe::Move(v) if s == persp && v > a => narrow(b, v, b.u),
                        // The other seat acts: any move is an upper bound.
                        Probe::Move(v) if s != persp && v < bb => narrow(b, b.l, v),
                        Probe::Move(_) => {}
                    }
                }
                s_lo += b.weight * i64::from(b.lo - lo0);
                s_hi += b.weight * i64::from(b.hi - hi0);
                cut!();
            }
        }
        let mut first = true;
        for b in br.iter_mut() {
            if prune && b.lo >= b.hi {
                // Known already (declared bounds that meet, a probe, the
                // table).
                continue;
            }
            let (a, bb, ai, bi) = if prune {
                window(b, s_lo, s_hi)
            } else {
                (-INF, INF, i64::from(-INF), i64::from(INF))
            };
            let v = match (q, floor) {
                (None, Some((s, f))) if b.act == ToAct::Seat(s) => {
                    self.over_base(&b.pos, b.hash, s, f, depth, ply + 1, a, bb, persp)
                }
                (None, _) => {
                    self.child_as(&b.pos, b.act, depth, ply + 1, a, bb, pv && first, persp)
                }
                (Some(qply), _) => self.q_child_as(&b.pos, b.act, ply + 1, a, bb, persp, qply),
            };
            first = false;
            if self.aborted {
                return (0, Bound::Exact);
            }
            let (lo0, hi0) = (b.lo, b.hi);
            if v <= a && i64::from(a) == ai {
                // At most v: the node fails low.
                b.hi = v;
            } else if v >= bb && i64::from(bb) == bi {
                // At least v: the node fails high.
                b.lo = v;
            } else {
                (b.lo, b.hi) = (v, v);
            }
            s_lo += b.weight * i64::from(b.lo - lo0);
            s_hi += b.weight * i64::from(b.hi - hi0);
            cut!();
        }
        // Every branch is exact: s_lo == s_hi.
        (floor_div(s_lo, total) as i32, Bound::Exact)
    }

    /// A move's place in the order where a node has no killers: tactical
    /// moves by the evaluator's order, then quiet ones by their history.
    fn plain_order(&self, c: &G, m: G::Move) -> i32 {
        if self.eval.is_tactical(c, m) {
            (1 << 20) + self.eval.order_score(c, m)
        } else {
            self.history[self.eval.history_index(c, m)].min((1 << 18) - 1)
        }
    }

    /// A branch's position `c` (`hash`), where `s` acts, valued over the
    /// base outcome's: `floor` is the base's value for `s` (exact), and
    /// the position is worth the better of it and its own moves
    /// ([`Game::outcome_extra`]), searched at `depth` in `persp`'s window
    /// (`alpha`, `beta`); from `persp`'s point of view.
    #[allow(clippy::too_many_arguments)]
    fn over_base(
        &mut self,
        c: &G,
        hash: u64,
        s: Seat,
        floor: i32,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
        persp: Seat,
    ) -> i32 {
        let view = |v: i32| if s == persp { v } else { -v };
        let (mut a, b) = if s == persp {
            (alpha, beta)
        } else {
            (-beta, -alpha)
        };
        self.pv[ply].clear();
        if self.enter(ply) || self.on_path(c, ply, s.index() as u8) {
            return 0;
        }
        let a0 = a;
        let mut best = floor;
        let mut best_move = None;
        if best >= b || ply >= MAX_PLY - 1 {
            return view(best);
        }
        a = a.max(best);
        let mut moves = std::mem::take(&mut self.gen[ply]);
        moves.clear();
        c.legal_moves(&mut moves);
        moves.retain(|&m| c.outcome_extra(m));
        // The table's move first, then by the usual order.
        let tt_move = self.tt.get(hash, None).and_then(|e| e.best);
        let order = |this: &Self, m: G::Move| {
            if Some(m) == tt_move {
                i32::MAX
            } else {
                this.plain_order(c, m)
            }
        };
        moves.sort_by_cached_key(|&m| std::cmp::Reverse(order(self, m)));
        for &m in moves.iter() {
            let mut child = c.clone();
            child.play_unchecked(m);
            let mut v = a;
            let reduce = self.params.lmr && depth >= 2 && Some(m) != tt_move;
            if reduce {
                // Searched first a ply shallower in a null window (most of
                // a card's moves are worth less than the base's best).
                v = self.child(&child, depth - 2, ply + 1, a, a + 1, false, s);
            }
            if v > a || !reduce {
                v = self.child(&child, depth - 1, ply + 1, a, b, false, s);
            }
            if self.aborted {
                break;
            }
            if v > best {
                best = v;
                best_move = Some(m);
                if v > a {
                    a = v;
                    self.set_pv(ply, m);
                }
            }
            if a >= b {
                break;
            }
        }
        self.gen[ply] = moves;
        if self.aborted {
            return 0;
        }
        let bound = Bound::of(best, a0, b);
        self.tt.put(Entry {
            key: hash,
            depth,
            score: to_tt(best, ply),
            bound,
            chance: None,
            best: best_move,
        });
        view(best)
    }

    /// Star2's probe of a branch's position `c` (`hash`), where `s` acts:
    /// one move searched at the depth `c` would be searched at, in
    /// `persp`'s window (`alpha`, `beta`); its value from `persp`'s point
    /// of view.
    #[allow(clippy::too_many_arguments)]
    fn probe(
        &mut self,
        c: &G,
        hash: u64,
        s: Seat,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
        persp: Seat,
    ) -> Probe {
        self.pv[ply].clear();
        if self.enter(ply) || self.on_path(c, ply, s.index() as u8) {
            return Probe::Exact(0);
        }
        let mut moves = std::mem::take(&mut self.gen[ply]);
        moves.clear();
        c.legal_moves(&mut moves);
        if moves.is_empty() {
            self.gen[ply] = moves;
            return Probe::Exact(self.terminal(c, persp, ply));
        }
        let tt_move = self
            .tt
            .get(hash, None)
            .and_then(|e| e.best)
            .filter(|m| moves.contains(m));
        let m = tt_move.unwrap_or_else(|| {
            let mut best = (i32::MIN, moves[0]);
            for &m in moves.iter() {
                let score = self.plain_order(c, m);
                if score > best.0 {
                    best = (score, m);
                }
            }
            best.1
        });
        let extend = moves.len() <= self.params.forced_moves && ply < 2 * MAX_PLY / 3;
        self.gen[ply] = moves;
        let mut child = c.clone();
        child.play_unchecked(m);
        let d = depth - 1 + i32::from(extend);
        let (a, b) = if s == persp {
            (alpha, beta)
        } else {
            (-beta, -alpha)
        };
        let v = self.child(&child, d, ply + 1, a, b, false, s);
        if !self.aborted && v > a {
            // The position is worth at least the move's value: a bound and
            // a move for its search to come (unless the table knows more).
            let known = self.tt.get(hash, None).is_some_and(|e| e.depth >= depth);
            if !known {
                self.tt.put(Entry {
                    key: hash,
                    depth,
                    score: to_tt(v, ply),
                    bound: Bound::Lower,
                    chance: None,
                    best: Some(m),
                });
            }
        }
        Probe::Move(if s == persp { v } else { -v })
    }

    /// A simultaneous phase at `ply`, valued from `persp`'s point of view:
    /// searched as the first seat's choice (its part of the moves), the
    /// second seat answering in sight of it.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn simultaneous(
        &mut self,
        g: &G,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
        persp: Seat,
        q: Option<u32>,
    ) -> i32 {
        let first = Seat::First;
        let flip = persp != first;
        let (mut a, b) = if flip { (-beta, -alpha) } else { (alpha, beta) };
        self.pv[ply].clear();
        if self.enter(ply) {
            return 0;
        }
        if q.is_none() && self.on_path(g, ply, BOTH_ACT) {
            return 0;
        }
        if ply >= MAX_PLY - 1 {
            return 0;
        }
        let mut moves = std::mem::take(&mut self.gen[ply]);
        moves.clear();
        g.legal_moves_of(first, &mut moves);
        let mut best = -INF;
        if moves.is_empty() {
            best = self.terminal(g, first, ply);
        }
        for &m in moves.iter() {
            let mut c = g.clone();
            c.play_unchecked(m);
            let v = match q {
                None => self.child(&c, depth - 1, ply + 1, a, b, false, first),
                Some(qply) => self.q_child(&c, ply + 1, a, b, first, qply + 1),
            };
            if self.aborted {
                break;
            }
            best = best.max(v);
            a = a.max(v);
            if a >= b {
                break;
            }
        }
        self.gen[ply] = moves;
        if self.aborted {
            return 0;
        }
        if flip {
            -best
        } else {
            best
        }
    }
}

/// Narrows a branch's bounds to `lo..=hi` (within its declared bounds);
/// bounds that contradict the ones it has (a search that is not a
/// function of the position, at a limited depth) are ignored.
fn narrow<G>(b: &mut Branch<G>, lo: i32, hi: i32) {
    let nlo = b.lo.max(lo).min(b.u);
    let nhi = b.hi.min(hi).max(b.l);
    if nlo <= nhi {
        b.lo = nlo;
        b.hi = nhi;
    }
}
