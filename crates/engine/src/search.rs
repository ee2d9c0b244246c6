//! Iterative-deepening principal-variation search over any [`Game`].
//!
//! Negamax alpha-beta with a transposition table, move ordering (hash
//! move, captures by value, killer moves, history), one-reply extensions
//! for forced positions, late-move reductions for quiet moves, and a
//! quiescence search over captures that respects forced moves (no standing
//! pat when every legal move is a compulsory capture). Limits by depth,
//! nodes and time; a stop flag; a report after each completed depth.

use crate::evaluator::Evaluator;
use crate::tt::{Bound, Entry, Table};
use deckmate_rules::{Game, Seat, ToAct};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A score meaning "the side to act wins now"; wins found `n` plies away
/// score `WIN - n`.
pub const WIN: i32 = 30_000;
const INF: i32 = 32_000;
const MAX_PLY: usize = 128;

/// When to stop.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Deepest iteration.
    pub depth: Option<u32>,
    /// Node budget (checked every 1024 nodes).
    pub nodes: Option<u64>,
    /// Time budget.
    pub time: Option<Duration>,
}

/// Progress after a completed iteration.
#[derive(Clone, Debug)]
pub struct Report<M> {
    /// The depth completed.
    pub depth: u32,
    /// The score for the side to act.
    pub score: i32,
    /// The principal variation.
    pub pv: Vec<M>,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Time since the search started.
    pub elapsed: Duration,
}

/// The outcome of a search.
#[derive(Clone, Debug)]
pub struct SearchResult<M> {
    /// The best move (none when the game is over).
    pub best: Option<M>,
    /// Its score.
    pub score: i32,
    /// The last completed depth.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// The principal variation.
    pub pv: Vec<M>,
    /// Every root move with its score at the last completed depth (exact
    /// scores only when asked for with `exact_root`).
    pub root_scores: Vec<(M, i32)>,
}

/// A searcher for one game with its evaluator. Keeps its transposition
/// table between searches.
pub struct Searcher<G: Game, E: Evaluator<G>> {
    eval: E,
    tt: Table<G::Move>,
    killers: Vec<[Option<G::Move>; 2]>,
    history: Vec<i32>,
    nodes: u64,
    stop: Arc<AtomicBool>,
    deadline: Option<Instant>,
    node_limit: Option<u64>,
    aborted: bool,
    /// Search every root move with a full window (exact root scores).
    pub exact_root: bool,
}

fn is_mate(score: i32) -> bool {
    score.abs() > WIN - 1000
}

impl<G: Game, E: Evaluator<G>> Searcher<G, E> {
    /// A searcher with a transposition table of `tt_mb` megabytes.
    pub fn new(eval: E, tt_mb: usize) -> Searcher<G, E> {
        let hs = eval.history_size();
        Searcher {
            eval,
            tt: Table::new(tt_mb),
            killers: vec![[None, None]; MAX_PLY + 1],
            history: vec![0; hs],
            nodes: 0,
            stop: Arc::new(AtomicBool::new(false)),
            deadline: None,
            node_limit: None,
            aborted: false,
            exact_root: false,
        }
    }

    /// The flag that stops a running search when set.
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        self.stop.clone()
    }

    /// Forgets everything learnt (for reproducible benchmarks).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.killers.iter_mut().for_each(|k| *k = [None, None]);
        self.history.iter_mut().for_each(|h| *h = 0);
    }

    /// The evaluator.
    pub fn evaluator(&self) -> &E {
        &self.eval
    }

    /// Searches `root` within `limits`, calling `on_report` after each
    /// completed depth.
    pub fn search(
        &mut self,
        root: &G,
        limits: &Limits,
        on_report: &mut dyn FnMut(&Report<G::Move>),
    ) -> SearchResult<G::Move> {
        let start = Instant::now();
        self.nodes = 0;
        self.aborted = false;
        self.deadline = limits.time.map(|t| start + t);
        self.node_limit = limits.nodes;
        for h in self.history.iter_mut() {
            *h /= 8;
        }
        let mut result = SearchResult {
            best: None,
            score: 0,
            depth: 0,
            nodes: 0,
            pv: Vec::new(),
            root_scores: Vec::new(),
        };
        let ToAct::Seat(me) = root.to_act() else {
            return result;
        };
        let mut moves = Vec::new();
        root.legal_moves(&mut moves);
        if moves.is_empty() {
            return result;
        }
        result.best = Some(moves[0]);
        if moves.len() == 1 && limits.time.is_some() && !self.exact_root {
            // A forced move needs no thought in play.
            return result;
        }
        let max_depth = limits.depth.unwrap_or(64).clamp(1, 64);
        let mut order: Vec<(G::Move, i32)> = moves.iter().map(|&m| (m, 0)).collect();
        for depth in 1..=max_depth {
            let mut alpha = -INF;
            let beta = INF;
            let mut best: Option<(G::Move, i32)> = None;
            let mut scores = Vec::with_capacity(order.len());
            for (i, &(m, _)) in order.iter().enumerate() {
                let mut child = root.clone();
                child.play_unchecked(m);
                let d = depth as i32 - 1;
                let score = if i == 0 || self.exact_root {
                    -self.negamax(&child, d, 1, -beta, -alpha.max(-INF), me.other(), true)
                } else {
                    let s = -self.negamax(&child, d, 1, -alpha - 1, -alpha, me.other(), false);
                    if s > alpha && !self.aborted {
                        -self.negamax(&child, d, 1, -beta, -alpha, me.other(), true)
                    } else {
                        s
                    }
                };
                if self.aborted {
                    break;
                }
                scores.push((m, score));
                if best.is_none_or(|(_, b)| score > b) {
                    best = Some((m, score));
                }
                if !self.exact_root {
                    alpha = alpha.max(score);
                }
            }
            if self.aborted && best.is_none() {
                break;
            }
            if self.aborted {
                // A partial iteration: keep its best only if it beat the
                // previous best move's score at this depth.
                if let Some((m, s)) = best {
                    if Some(m) != result.best && s > result.score {
                        result.best = Some(m);
                    }
                }
                break;
            }
            let Some((bm, bs)) = best else { break };
            // Reorder: best first, then by score.
            scores.sort_by_key(|&(_, s)| std::cmp::Reverse(s));
            order = scores.clone();
            result.best = Some(bm);
            result.score = bs;
            result.depth = depth;
            result.root_scores = scores;
            self.tt.put(Entry {
                key: root.hash(),
                depth: depth as i32,
                score: bs,
                bound: Bound::Exact,
                best: Some(bm),
            });
            result.pv = self.pv(root, bm, depth as usize + 8);
            let elapsed = start.elapsed();
            on_report(&Report {
                depth,
                score: bs,
                pv: result.pv.clone(),
                nodes: self.nodes,
                nps: (self.nodes as f64 / elapsed.as_secs_f64().max(1e-6)) as u64,
                elapsed,
            });
            if is_mate(bs) && depth as i32 >= WIN - bs.abs() {
                break;
            }
            if let Some(t) = limits.time {
                // Do not start an iteration that is unlikely to finish.
                if elapsed * 2 > t {
                    break;
                }
            }
        }
        result.nodes = self.nodes;
        // Ready for the next search.
        self.stop.store(false, Ordering::Relaxed);
        result
    }

    fn pv(&self, root: &G, first: G::Move, max: usize) -> Vec<G::Move> {
        let mut pv = vec![first];
        let mut g = root.clone();
        g.play_unchecked(first);
        let mut seen = vec![root.hash()];
        while pv.len() < max {
            if seen.contains(&g.hash()) {
                break;
            }
            seen.push(g.hash());
            let Some(e) = self.tt.get(g.hash()) else {
                break;
            };
            let Some(m) = e.best else { break };
            let mut legal = Vec::new();
            g.legal_moves(&mut legal);
            if !legal.contains(&m) {
                break;
            }
            pv.push(m);
            g.play_unchecked(m);
        }
        pv
    }

    fn check_abort(&mut self) {
        if self.nodes & 1023 == 0 {
            if self.stop.load(Ordering::Relaxed) {
                self.aborted = true;
            }
            if self.deadline.is_some_and(|d| Instant::now() >= d) {
                self.aborted = true;
            }
            if self.node_limit.is_some_and(|n| self.nodes >= n) {
                self.aborted = true;
            }
        }
    }

    fn terminal(&self, g: &G, persp: Seat, ply: usize) -> i32 {
        match g.outcome().and_then(|o| o.winner) {
            Some(w) if w == persp => WIN - ply as i32,
            Some(_) => -WIN + ply as i32,
            None => 0,
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn negamax(
        &mut self,
        g: &G,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        persp: Seat,
        pv_node: bool,
    ) -> i32 {
        self.nodes += 1;
        self.check_abort();
        if self.aborted {
            return 0;
        }
        // `persp` is the seat to act here unless the game is over, which
        // shows as an empty move list below.
        let me = persp;
        if ply >= MAX_PLY {
            return self.eval.evaluate(g);
        }
        if depth <= 0 {
            if !matches!(g.to_act(), ToAct::Seat(_)) {
                return self.terminal(g, persp, ply);
            }
            return self.quiesce(g, ply, alpha, beta, me, 0);
        }
        let key = g.hash();
        let mut tt_move = None;
        if let Some(e) = self.tt.get(key) {
            tt_move = e.best;
            if e.depth >= depth && !pv_node {
                let s = from_tt(e.score, ply);
                match e.bound {
                    Bound::Exact => return s,
                    Bound::Lower if s >= beta => return s,
                    Bound::Upper if s <= alpha => return s,
                    _ => {}
                }
            }
        }
        let mut moves = Vec::with_capacity(64);
        g.legal_moves(&mut moves);
        if moves.is_empty() {
            return self.terminal(g, me, ply);
        }
        // Forced positions (one or two replies) are cheap: look deeper.
        let depth = if moves.len() <= 2 && ply < 40 {
            depth + 1
        } else {
            depth
        };
        let killers = self.killers[ply.min(MAX_PLY)];
        let mut scored: Vec<(i32, G::Move)> = moves
            .iter()
            .map(|&m| {
                let s = if Some(m) == tt_move {
                    1 << 24
                } else if self.eval.is_tactical(g, m) {
                    (1 << 20) + self.eval.order_score(g, m)
                } else if Some(m) == killers[0] {
                    1 << 19
                } else if Some(m) == killers[1] {
                    (1 << 19) - 1
                } else {
                    self.history[self.eval.history_index(g, m)].min(1 << 18)
                };
                (s, m)
            })
            .collect();
        scored.sort_by_key(|&(s, _)| std::cmp::Reverse(s));
        let alpha0 = alpha;
        let mut best = -INF;
        let mut best_move = None;
        for (i, &(_, m)) in scored.iter().enumerate() {
            let tactical = self.eval.is_tactical(g, m);
            let mut child = g.clone();
            child.play_unchecked(m);
            let next = me.other();
            let score = if i == 0 {
                -self.negamax(&child, depth - 1, ply + 1, -beta, -alpha, next, pv_node)
            } else {
                // Late quiet moves are searched one ply shallower first.
                let r = if depth >= 3 && i >= 4 && !tactical && scored.len() > 4 {
                    1
                } else {
                    0
                };
                let mut s = -self.negamax(
                    &child,
                    depth - 1 - r,
                    ply + 1,
                    -alpha - 1,
                    -alpha,
                    next,
                    false,
                );
                if s > alpha && r > 0 && !self.aborted {
                    s = -self.negamax(&child, depth - 1, ply + 1, -alpha - 1, -alpha, next, false);
                }
                if s > alpha && s < beta && !self.aborted {
                    s = -self.negamax(&child, depth - 1, ply + 1, -beta, -alpha, next, true);
                }
                s
            };
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(m);
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                if !tactical {
                    let k = &mut self.killers[ply.min(MAX_PLY)];
                    if k[0] != Some(m) {
                        k[1] = k[0];
                        k[0] = Some(m);
                    }
                    let h = self.eval.history_index(g, m);
                    self.history[h] += depth * depth;
                }
                break;
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha0 {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.put(Entry {
            key,
            depth,
            score: to_tt(best, ply),
            bound,
            best: best_move,
        });
        best
    }

    fn quiesce(
        &mut self,
        g: &G,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        me: Seat,
        qply: u32,
    ) -> i32 {
        let forced = self.eval.must_move(g);
        let mut stand = -INF;
        if !forced || qply > 24 || ply >= MAX_PLY {
            stand = self.eval.evaluate(g);
            if stand >= beta || qply > 24 || ply >= MAX_PLY {
                return stand;
            }
            alpha = alpha.max(stand);
        }
        let mut moves = Vec::with_capacity(32);
        g.legal_moves(&mut moves);
        // Free captures only, and none that cannot lift the score to alpha
        // even by winning the captured card outright (delta pruning); deep
        // in quiescence only forced moves go on.
        let deep = qply >= 10;
        let mut tactical: Vec<(i32, G::Move)> = moves
            .iter()
            .filter(|&&m| {
                forced
                    || (!deep
                        && self.eval.is_tactical(g, m)
                        && stand + self.eval.capture_gain(g, m) + 200 > alpha)
            })
            .map(|&m| (self.eval.order_score(g, m), m))
            .collect();
        tactical.sort_by_key(|&(s, _)| std::cmp::Reverse(s));
        let mut best = if forced { -INF } else { alpha };
        for (_, m) in tactical {
            self.nodes += 1;
            self.check_abort();
            if self.aborted {
                return 0;
            }
            let mut child = g.clone();
            child.play_unchecked(m);
            let score = match child.to_act() {
                ToAct::Seat(next) => -self.quiesce(&child, ply + 1, -beta, -alpha, next, qply + 1),
                _ => -self.terminal(&child, me.other(), ply + 1),
            };
            if score > best {
                best = score;
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                break;
            }
        }
        best
    }
}

fn to_tt(score: i32, ply: usize) -> i32 {
    if score > WIN - 1000 {
        score + ply as i32
    } else if score < -WIN + 1000 {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: usize) -> i32 {
    if score > WIN - 1000 {
        score - ply as i32
    } else if score < -WIN + 1000 {
        score + ply as i32
    } else {
        score
    }
}
