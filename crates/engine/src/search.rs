//! Iterative-deepening principal-variation search over any [`Game`].
//!
//! Negamax alpha-beta (PVS) with:
//! - a transposition table keyed by the game's zobrist hash;
//! - move ordering: hash move, tactical moves by the evaluator's order
//!   score (captures by victim value), two killer moves per ply, history;
//! - one-ply extensions of positions with few legal replies (chains of
//!   compulsory captures are cheap to follow: one or two replies);
//! - late-move reductions of quiet moves, reverse futility pruning and
//!   futility pruning near the leaves, never when the side to act is
//!   threatened with an immediate loss or every move is forced;
//! - repetitions inside the search path scored as draws (a position's
//!   [`Game::repetition_key`] against every earlier one on the path with
//!   the same actor), mate-distance pruning;
//! - a quiescence search over tactical moves that does not stand pat when
//!   every legal move is forced (a game with compulsory captures generates
//!   only the captures, so one must be made) or, for its first
//!   plies, when the side to act is threatened with an immediate loss;
//! - limits by depth, nodes and time, a stop flag, and a report after each
//!   completed depth.
//!
//! Who acts is asked at every node ([`Evaluator::to_act`], by default
//! [`Game::to_act`]); nothing assumes that the seats alternate. Every
//! value is from one seat's point of view: a choice node's from its
//! actor's, a chance node's from the seat that acted into it. A child's
//! value is turned to its parent's point of view in one place: negated
//! when another seat acts there, kept when the same seat moves again or
//! chance acts. A finished position (`Nobody`) is valued like a
//! choice node of the seat other than the one that moved into it (its
//! value is the same either way), so alternating games search exactly as
//! they did before chance nodes were added.
//!
//! Chance nodes ([`ToAct::Chance`]) are searched by expectimax with
//! Ballard's Star1 and Star2 pruning (see [`ChancePruning`] and the
//! `chance` module): the value is the outcomes' mean weighted by their
//! integer weights, computed exactly in integers and rounded down once
//! (towards minus infinity) from the point of view of the seat that acted
//! into the node; outcomes that reach the same position (the same
//! [`Game::hash`]) are one branch with their weights added. A chance node
//! takes no depth: its outcomes are searched at the depth it was given.
//! The transposition table keeps chance nodes apart from choice nodes:
//! their entries are stored under the hash mixed with a constant per seat
//! whose point of view the value takes, and say so (`tt::Entry::chance`);
//! a lookup names the kind of node it wants. A chance node's entry holds
//! an exact value or the bound a Star cut leaves. A chance node is never
//! given a null-window scout by its parent (a cut on it would leave only a
//! bound and the re-search would start over): it is searched at once in
//! the parent's window. Star windows are wide outside the principal
//! variation, so a null-window score inside a node's window is always
//! searched again with the window.
//!
//! A simultaneous phase ([`ToAct::Both`]) is searched as if the first seat
//! committed first and the second answered in sight of it. At a root where
//! chance acts the search gives no move, only the value (from the first
//! seat's point of view); where both seats act, neither (a simultaneous
//! phase needs a seat to search for). Players are asked to choose only
//! where a seat acts.
//!
//! With no time limit it is deterministic: the same position, limits and
//! table contents give the same nodes and move.

mod chance;

use crate::evaluator::{Eval, Evaluator};
use crate::tt::{Bound, Entry, Table};
use chance::Branch;
use deckmate_rules::{Game, Seat, ToAct};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A score meaning "the side to act wins now"; wins found `n` plies away
/// score `WIN - n`.
pub const WIN: i32 = 30_000;
const INF: i32 = 32_000;
const MAX_PLY: usize = 128;
/// Sets every flag when dropped: the helper threads' stop.
struct StopOnDrop<'a>(&'a [Arc<AtomicBool>]);

impl Drop for StopOnDrop<'_> {
    fn drop(&mut self) {
        for s in self.0 {
            s.store(true, Ordering::Relaxed);
        }
    }
}

/// The most threads a search uses ([`Searcher::threads`]).
pub const MAX_THREADS: usize = 64;
/// Who acts, on the path of repetition keys: seats by index, then these.
const CHANCE_ACTS: u8 = 2;
const BOTH_ACT: u8 = 3;
const EVAL_CACHE: usize = 1 << 16;

/// The `n`-th best score in `scores` (1 = the best), or -INF when there
/// are fewer.
fn nth_best<M>(scores: &[(M, i32)], n: usize) -> i32 {
    if scores.len() < n {
        return -INF;
    }
    let mut s: Vec<i32> = scores.iter().map(|&(_, s)| s).collect();
    s.sort_unstable_by(|a, b| b.cmp(a));
    s[n - 1]
}

/// Whether a score announces a forced win or loss.
pub fn is_mate(score: i32) -> bool {
    score.abs() > WIN - 1000
}

/// When to stop.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Deepest iteration.
    pub depth: Option<u32>,
    /// Node budget (checked every 1024 nodes).
    pub nodes: Option<u64>,
    /// Time budget. The search does not start an iteration after half of it
    /// (unless [`Limits::whole_time`]) and stops at the end of it.
    pub time: Option<Duration>,
    /// With a clock (a game's time share, not a fixed time a move): the
    /// time after which no iteration starts, adapted as the search goes
    /// (see [`soft_stop`]): up to twice as long while the best move
    /// changes or the score falls, down to half when the same move has
    /// stayed best for several iterations. [`Limits::time`] stays the
    /// hard end. `None`: only the half-of-the-time rule above.
    pub soft: Option<Duration>,
    /// A fixed time a move (UCI's `go movetime`, XBoard's `st`): search
    /// until [`Limits::time`] runs out, starting iterations after half of
    /// it too, since time not used is lost, not saved for later moves;
    /// an iteration cut short still gives its best completed move.
    pub whole_time: bool,
}

/// When a clocked search stops starting iterations: the soft time
/// stretched by 1.6 while the best move changed in the last iteration,
/// and by 1.3 when the score fell by more than a third of a pawn; cut
/// to 0.6 once the same move has been best for four iterations in a
/// row (stable) — never past half the hard limit.
pub fn soft_stop(soft: Duration, changed: bool, fell: bool, stable: u32) -> Duration {
    let mut f = 1.0;
    if changed {
        f *= 1.6;
    }
    if fell {
        f *= 1.3;
    }
    if !changed && !fell && stable >= 4 {
        f *= 0.6;
    }
    soft.mul_f64(f)
}

/// Progress after a completed iteration.
#[derive(Clone, Debug)]
pub struct Report<M> {
    /// The depth completed.
    pub depth: u32,
    /// The deepest ply reached (extensions and quiescence included).
    pub seldepth: u32,
    /// The score for the side to act (where chance acts at the root, for
    /// the first seat).
    pub score: i32,
    /// The principal variation (empty where chance acts at the root).
    pub pv: Vec<M>,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Time since the search started.
    pub elapsed: Duration,
    /// With [`Searcher::multi_pv`] above 1: the best root moves' lines,
    /// best first, each with its exact score (the first is `score` and
    /// `pv`). Empty otherwise.
    pub lines: Vec<(i32, Vec<M>)>,
}

/// The outcome of a search.
#[derive(Clone, Debug)]
pub struct SearchResult<M> {
    /// The best move: none when the game is over, and none where chance
    /// (or both seats at once) acts at the root: nobody is to choose.
    pub best: Option<M>,
    /// Its score, for the side to act; where chance acts at the root, the
    /// position's value for the first seat.
    pub score: i32,
    /// The last completed depth.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// The principal variation.
    pub pv: Vec<M>,
    /// Every root move with its score at the last completed depth (exact
    /// scores only when asked for with `exact_root`; otherwise only the
    /// first is exact and the others are upper bounds).
    pub root_scores: Vec<(M, i32)>,
}

/// The search's switches and margins (for experiments and tuning; the
/// defaults are what the levels use).
#[derive(Clone, Debug, PartialEq)]
pub struct SearchParams {
    /// Positions with at most this many legal moves are searched one ply
    /// deeper (0: no extensions).
    pub forced_moves: usize,
    /// Late-move reductions of quiet moves.
    pub lmr: bool,
    /// Reverse futility pruning margin per ply of depth, depths 1-3 (0:
    /// off).
    pub rfp_margin: i32,
    /// Futility pruning margin per ply of depth for quiet moves at depths
    /// 1-2 (0: off).
    pub futility_margin: i32,
    /// Quiescence plies in which a side threatened with an immediate loss
    /// searches every move instead of standing pat.
    pub q_threat_plies: u32,
    /// A position at the horizon whose side to act is threatened with an
    /// immediate loss is searched one ply deeper (the game's "check
    /// extension"), up to twice the nominal depth.
    pub threat_extension: bool,
    /// Quiescence captures that cannot lift the score to within this
    /// margin of alpha are skipped (delta pruning).
    pub delta_margin: i32,
    /// Null-move pruning from this depth on (0: off): where the evaluator
    /// offers a pass ([`Evaluator::null_move`]), a node outside the
    /// principal variation whose static score is at least beta first
    /// searches the pass, reduced by [`SearchParams::null_move_reduction`]
    /// plus a ply per six of depth; a pass that still fails high cuts the
    /// node off.
    pub null_move_depth: i32,
    /// The null move's base depth reduction (its child is searched
    /// `1 + R + depth / 6` plies shallower).
    pub null_move_reduction: i32,
    /// Captures that lose the exchange ([`Evaluator::losing_capture`]) are
    /// ordered after the quiet moves and left out of quiescence.
    pub see: bool,
    /// Late-move pruning: outside the principal variation, at depths 1-3,
    /// where the side to act is not threatened, quiet moves after the
    /// first `3 + depth²` are not searched.
    pub lmp: bool,
    /// A quiet move that cuts off also lowers the history of the quiet
    /// moves tried before it at that node (by the same `depth²`).
    pub history_malus: bool,
    /// Internal iterative reduction: a node of depth 4 or more that the
    /// table gives no move for is searched a ply shallower (its ordering
    /// is poor, and the next iteration finds the move there).
    pub iir: bool,
    /// Counter-moves: the quiet move that last cut off after the same
    /// previous move (by its [`Evaluator::history_index`]) is tried after
    /// the killers.
    pub countermove: bool,
    /// Aspiration window half-width from depth 5 on (0: full windows).
    pub aspiration: i32,
    /// How chance nodes are pruned (plain expectimax, Star1 or Star2).
    pub chance_pruning: ChancePruning,
    /// How a chance node at the horizon or in quiescence is valued.
    pub horizon_chance: HorizonChance,
}

/// How a chance node is valued where the search has no depth left (at the
/// horizon, or reached in quiescence). Chance nodes take no depth, so a
/// full expansion there multiplies the cost of every leaf by the number of
/// outcomes.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum HorizonChance {
    /// Every outcome searched by quiescence and averaged, as inside the
    /// tree: exact expectimax, as costly as an outcome count per leaf.
    #[default]
    Expand,
    /// The quiescence value of the likeliest outcome (the heaviest the game
    /// lists; the first of equal ones) stands for the node: one search
    /// per leaf. Suited to games whose draws add quiet options to the same
    /// tactical ones (52Chess: a card offers a teleport to an empty
    /// square, never a capture, so quiescence sees the same captures
    /// whatever the card), where the outcomes differ little once the depth
    /// is spent.
    Likeliest,
}

/// Pruning at chance nodes (Ballard 1983; Hauk, Buro and Schaeffer,
/// "Rediscovering *-Minimax Search", 2004). Every mode gives the same
/// values on a search to the end of the game; they differ in the nodes
/// searched.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum ChancePruning {
    /// Plain expectimax: every outcome searched with a full window.
    None,
    /// Star1: each outcome's window is derived from the outcomes already
    /// searched and the game's value bounds
    /// ([`Evaluator::value_bounds`]); a node whose mean can no longer
    /// reach the window is cut off.
    Star1,
    /// Star2: Star1 after a probing phase: each outcome's position is
    /// first probed by one move (the table's best, or the first in the
    /// usual order), which bounds the position's value (from below where
    /// the seat that acted into the chance node acts next, from above
    /// where the other does); the node is cut off as soon as these bounds
    /// decide it, and they narrow the later windows.
    #[default]
    Star2,
}

impl Default for SearchParams {
    fn default() -> SearchParams {
        SearchParams {
            forced_moves: 3,
            lmr: true,
            rfp_margin: 150,
            futility_margin: 200,
            q_threat_plies: 1,
            threat_extension: false,
            delta_margin: 200,
            null_move_depth: 3,
            null_move_reduction: 2,
            see: true,
            lmp: true,
            history_malus: true,
            // Measured: +39 +- 34 in Cardmate (on there), +9 in chess and
            // +16 in Dealer's Chess in 559 and 790 games (no proof), -16
            // in Cuarenta.
            iir: false,
            countermove: false,
            aspiration: 60,
            chance_pruning: ChancePruning::Star2,
            horizon_chance: HorizonChance::Expand,
        }
    }
}

/// A searcher for one game with its evaluator. Keeps its transposition
/// table, killers and history between searches.
pub struct Searcher<G: Game, E: Evaluator<G>> {
    /// The evaluation, shared with the helper threads.
    eval: Arc<E>,
    /// Switches and margins.
    pub params: SearchParams,
    /// The transposition table, shared with the helper threads.
    tt: Arc<Table<G::Move>>,
    /// How many threads search (Lazy SMP): this one and `threads - 1`
    /// helpers sharing the table, each with its own killers and history;
    /// the move and the reports are this thread's. 1 (the default): one
    /// thread. A [`crate::deadline::Budget`] naming threads overrides it.
    /// The helpers take part only in a plain search of a seat's move (not
    /// at a chance root, nor with several lines or exact root scores).
    pub threads: usize,
    /// The helpers of the last search with several threads, kept with
    /// what they learnt.
    helpers: Vec<Searcher<G, E>>,
    killers: Vec<[Option<G::Move>; 2]>,
    /// Per history index of a previous move, the quiet move that last cut
    /// off after it ([`SearchParams::countermove`]).
    countermoves: Vec<Option<G::Move>>,
    /// Per ply, the history index of the move that led there (`None`
    /// after chance, a pass or at the root).
    prev_index: Vec<Option<usize>>,
    history: Vec<i32>,
    /// Per-ply move buffers (no allocation in the tree).
    gen: Vec<Vec<G::Move>>,
    scored: Vec<Vec<(i32, G::Move)>>,
    /// Per ply: the quiet moves tried at the node (for the history
    /// malus).
    quiets: Vec<Vec<G::Move>>,
    /// Triangular principal-variation table.
    pv: Vec<Vec<G::Move>>,
    /// Per ply: the position there was reached by a null move (no two in
    /// a row).
    after_null: Vec<bool>,
    /// Repetition keys along the current path with who acts there (seat
    /// index, [`CHANCE_ACTS`] or [`BOTH_ACT`]), for repetitions.
    path: Vec<(u64, u8)>,
    /// Per-ply chance outcomes and the branches they make.
    outcomes: Vec<Vec<(G::Move, u32)>>,
    branches: Vec<Vec<Branch<G>>>,
    lmr: Vec<[u8; 64]>,
    /// Static evaluations by hash (a small always-replace cache).
    eval_cache: Vec<(u64, Eval)>,
    nodes: u64,
    seldepth: usize,
    stop: Arc<AtomicBool>,
    deadline: Option<Instant>,
    node_limit: Option<u64>,
    /// The thread's hard deadline ([`crate::deadline`]) when the search
    /// started: it stops even the [`Searcher::min_depth`] iterations.
    hard_deadline: Option<Instant>,
    /// The thread's stop flag ([`crate::deadline`]) when the search
    /// started.
    outer_stop: Option<Arc<AtomicBool>>,
    aborted: bool,
    /// Search every root move with a full window (exact root scores, for
    /// the weaker levels' noise).
    pub exact_root: bool,
    /// Iterations up to this depth finish whatever the time and node limits
    /// (only the stop flag interrupts them): 2 guarantees that an immediate
    /// win is taken and a move allowing one is seen.
    pub min_depth: u32,
    /// A ceiling on the nodes of one search that nothing passes, not even
    /// the [`Searcher::min_depth`] iterations: a search stops at it with
    /// the best move it has completed, so its nodes never exceed it (the
    /// node limit of [`Limits`] is checked every 1024 nodes and spares the
    /// minimum depth). `None`: no ceiling.
    pub max_nodes: Option<u64>,
    /// How many root moves get an exact score and a line in each report
    /// (analysis's several lines); 1 in play. Above 1 the root searches
    /// that many moves with a full window and the rest against the worst
    /// of them, and there is no aspiration window.
    pub multi_pv: usize,
    cur_depth: u32,
}

impl<G: Game, E: Evaluator<G>> Searcher<G, E> {
    /// A searcher with a transposition table of `tt_mb` megabytes.
    pub fn new(eval: E, tt_mb: usize) -> Searcher<G, E> {
        Searcher::sharing(Arc::new(eval), Arc::new(Table::new(tt_mb)))
    }

    /// A searcher on this evaluation and table (a helper shares both).
    fn sharing(eval: Arc<E>, tt: Arc<Table<G::Move>>) -> Searcher<G, E> {
        let hs = eval.history_size().max(1);
        let mut lmr = vec![[0u8; 64]; 64];
        for (d, row) in lmr.iter_mut().enumerate().skip(1) {
            for (i, r) in row.iter_mut().enumerate().skip(1) {
                let v = 0.5 + (d as f64).ln() * (i as f64).ln() / 2.5;
                *r = v.max(0.0) as u8;
            }
        }
        Searcher {
            eval,
            params: SearchParams::default(),
            tt,
            threads: 1,
            helpers: Vec::new(),
            killers: vec![[None, None]; MAX_PLY + 2],
            countermoves: vec![None; hs],
            prev_index: vec![None; MAX_PLY + 2],
            history: vec![0; hs],
            gen: (0..MAX_PLY + 2).map(|_| Vec::with_capacity(96)).collect(),
            scored: (0..MAX_PLY + 2).map(|_| Vec::with_capacity(96)).collect(),
            pv: (0..MAX_PLY + 2).map(|_| Vec::with_capacity(32)).collect(),
            quiets: (0..MAX_PLY + 2).map(|_| Vec::with_capacity(32)).collect(),
            path: vec![(0, 0); MAX_PLY + 2],
            after_null: vec![false; MAX_PLY + 2],
            outcomes: (0..MAX_PLY + 2).map(|_| Vec::new()).collect(),
            branches: (0..MAX_PLY + 2).map(|_| Vec::new()).collect(),
            lmr,
            eval_cache: vec![(0, Eval::score(0)); EVAL_CACHE],
            nodes: 0,
            seldepth: 0,
            stop: Arc::new(AtomicBool::new(false)),
            deadline: None,
            node_limit: None,
            hard_deadline: None,
            outer_stop: None,
            aborted: false,
            exact_root: false,
            min_depth: 1,
            max_nodes: None,
            multi_pv: 1,
            cur_depth: 0,
        }
    }

    /// How many helper threads the last search with several threads had
    /// (kept for the next).
    pub fn helpers(&self) -> usize {
        self.helpers.len()
    }

    /// The nodes the helper threads searched in the last search made
    /// with several threads (counted in its [`SearchResult::nodes`] too).
    pub fn helper_nodes(&self) -> u64 {
        self.helpers.iter().map(|h| h.nodes).sum()
    }

    /// The flag that stops a running search when set.
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        self.stop.clone()
    }

    /// Makes `flag` the one that stops this searcher's searches (an
    /// asker's own, shared with whoever may stop it).
    pub fn set_stop_flag(&mut self, flag: Arc<AtomicBool>) {
        self.stop = flag;
    }

    /// Forgets everything learnt (for reproducible benchmarks).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.helpers.clear();
        self.killers.iter_mut().for_each(|k| *k = [None, None]);
        self.countermoves.iter_mut().for_each(|c| *c = None);
        self.history.iter_mut().for_each(|h| *h = 0);
        self.eval_cache.iter_mut().for_each(|e| e.0 = 0);
    }

    /// The static evaluation, through the cache.
    fn static_eval(&mut self, g: &G, key: u64) -> Eval {
        let slot = (key as usize) & (EVAL_CACHE - 1);
        let (k, e) = self.eval_cache[slot];
        if k == key && key != 0 {
            return e;
        }
        let e = self.eval.evaluate_full(g);
        self.eval_cache[slot] = (key, e);
        e
    }

    /// The evaluator.
    pub fn evaluator(&self) -> &E {
        &self.eval
    }

    /// Searches `root` within `limits`, calling `on_report` after each
    /// completed depth; with [`Searcher::threads`] above 1, helper
    /// threads search the same root meanwhile, sharing the table.
    pub fn search(
        &mut self,
        root: &G,
        limits: &Limits,
        on_report: &mut dyn FnMut(&Report<G::Move>),
    ) -> SearchResult<G::Move> {
        let threads = crate::deadline::current_threads()
            .unwrap_or(self.threads)
            .clamp(1, MAX_THREADS);
        let lazy = threads > 1
            && self.multi_pv <= 1
            && !self.exact_root
            && matches!(self.eval.to_act(root), ToAct::Seat(_));
        if !lazy {
            return self.search_one(root, limits, on_report);
        }
        self.helpers.truncate(threads - 1);
        while self.helpers.len() < threads - 1 {
            let h = Searcher::sharing(self.eval.clone(), self.tt.clone());
            self.helpers.push(h);
        }
        let mut helpers = std::mem::take(&mut self.helpers);
        // The helpers run until this thread's search ends (its time, at
        // most, should it fail to stop them), to the same depth.
        let helper_limits = Limits {
            depth: limits.depth,
            time: limits.time,
            ..Limits::default()
        };
        let stops: Vec<Arc<AtomicBool>> = helpers.iter().map(|h| h.stop.clone()).collect();
        for (h, stop) in helpers.iter_mut().zip(&stops) {
            h.params = self.params.clone();
            h.min_depth = 1;
            stop.store(false, Ordering::Relaxed);
        }
        let mut result = std::thread::scope(|scope| {
            for h in helpers.iter_mut() {
                let hl = &helper_limits;
                scope.spawn(move || h.search_one(root, hl, &mut |_| {}).nodes);
            }
            // The helpers are stopped when this search ends, even by a
            // panic (the scope waits for them before it goes on).
            let _stop = StopOnDrop(&stops);
            self.search_one(root, limits, on_report)
        });
        self.helpers = helpers;
        result.nodes += self.helper_nodes();
        result
    }

    /// The search on this thread alone.
    fn search_one(
        &mut self,
        root: &G,
        limits: &Limits,
        on_report: &mut dyn FnMut(&Report<G::Move>),
    ) -> SearchResult<G::Move> {
        let start = Instant::now();
        self.nodes = 0;
        self.seldepth = 0;
        self.aborted = false;
        self.deadline = limits.time.map(|t| start + t);
        self.node_limit = limits.nodes;
        self.hard_deadline = crate::deadline::current();
        self.outer_stop = crate::deadline::current_stop();
        for h in self.history.iter_mut() {
            *h /= 8;
        }
        for k in self.killers.iter_mut() {
            *k = [None, None];
        }
        self.prev_index.iter_mut().for_each(|p| *p = None);
        let mut result = SearchResult {
            best: None,
            score: 0,
            depth: 0,
            nodes: 0,
            pv: Vec::new(),
            root_scores: Vec::new(),
        };
        let me = match self.eval.to_act(root) {
            ToAct::Seat(me) => me,
            ToAct::Chance => return self.chance_root(root, limits, start, on_report),
            // Nobody to ask for a move (a simultaneous phase needs a seat
            // to search for).
            ToAct::Both | ToAct::Nobody => return result,
        };
        let mut moves = Vec::new();
        root.legal_moves(&mut moves);
        if moves.is_empty() {
            return result;
        }
        result.best = Some(moves[0]);
        let mut max_depth = limits.depth.unwrap_or(64).clamp(1, 64);
        if moves.len() == 1 && limits.time.is_some() && !self.exact_root {
            // A forced move needs no thought in play: one iteration for the
            // report and the score.
            max_depth = 1;
        }
        // Root moves in the order to try them, with last iteration's scores.
        let tt_move = self.tt.get(root.hash(), None).and_then(|e| e.best);
        let mut order: Vec<(G::Move, i32)> = moves
            .iter()
            .map(|&m| {
                let s = if Some(m) == tt_move {
                    1 << 24
                } else if self.eval.is_tactical(root, m) {
                    (1 << 20) + self.eval.order_score(root, m)
                } else {
                    0
                };
                (m, s)
            })
            .collect();
        order.sort_by_key(|&(_, s)| std::cmp::Reverse(s));
        self.path[0] = (root.repetition_key(), me.index() as u8);
        let mut prev_score = 0;
        // For the soft time: iterations in a row with the same best move.
        let mut stable = 0u32;
        for depth in 1..=max_depth {
            self.cur_depth = depth;
            let d = depth as i32;
            let use_window = self.params.aspiration > 0
                && depth >= 5
                && !self.exact_root
                && self.multi_pv <= 1
                && !is_mate(prev_score);
            let mut delta = self.params.aspiration;
            let (mut lo, mut hi) = if use_window {
                (prev_score - delta, prev_score + delta)
            } else {
                (-INF, INF)
            };
            let outcome = loop {
                let r = self.root_iteration(root, me, &mut order, d, lo, hi);
                if self.aborted {
                    break r;
                }
                let Some((_, s, _)) = r else { break r };
                if s <= lo && lo > -INF {
                    lo = (s - delta).max(-INF);
                    delta *= 3;
                } else if s >= hi && hi < INF {
                    hi = (s + delta).min(INF);
                    delta *= 3;
                } else {
                    break r;
                }
            };
            if self.aborted {
                // A partial iteration: a move that completed with a better
                // score than the first one's is better at this depth (at
                // depth 1, any completed move is better than none).
                if let Some((m, s, _)) = outcome {
                    if Some(m) != result.best && (s > result.score || result.depth == 0) {
                        result.best = Some(m);
                        result.score = s;
                    }
                }
                break;
            }
            let Some((bm, bs, scores)) = outcome else {
                break;
            };
            let changed = result.depth > 0 && result.best != Some(bm);
            let fell = result.depth > 0 && bs < prev_score - 35;
            stable = if changed { 0 } else { stable + 1 };
            prev_score = bs;
            result.best = Some(bm);
            result.score = bs;
            result.depth = depth;
            result.root_scores = scores;
            let mut pv = self.pv[0].clone();
            if pv.first() != Some(&bm) {
                pv = vec![bm];
            }
            self.extend_pv(root, &mut pv, depth as usize + 8);
            result.pv = pv;
            let lines = self.other_lines(root, &result, depth as usize + 8);
            self.tt.put(Entry {
                key: root.hash(),
                depth: d,
                score: bs,
                bound: Bound::Exact,
                chance: None,
                best: Some(bm),
            });
            let elapsed = start.elapsed();
            on_report(&Report {
                depth,
                seldepth: self.seldepth as u32,
                score: bs,
                pv: result.pv.clone(),
                nodes: self.nodes,
                nps: (self.nodes as f64 / elapsed.as_secs_f64().max(1e-6)) as u64,
                elapsed,
                lines,
            });
            if is_mate(bs) && d >= WIN - bs.abs() {
                break;
            }
            if let Some(t) = limits.time {
                // Do not start an iteration that is unlikely to finish,
                // unless the time is the move's alone.
                if !limits.whole_time && elapsed * 2 > t {
                    break;
                }
            }
            if let Some(soft) = limits.soft {
                if depth >= 2 && elapsed > soft_stop(soft, changed, fell, stable) {
                    break;
                }
            }
            if let Some(h) = self.hard_deadline.filter(|_| !limits.whole_time) {
                if elapsed * 2 > h.saturating_duration_since(start) {
                    break;
                }
            }
        }
        result.nodes = self.nodes;
        // Ready for the next search.
        self.stop.store(false, Ordering::Relaxed);
        result
    }

    /// One iteration over the root moves within (alpha, beta). Returns the
    /// best move, its score and every move's score, best first; reorders
    /// `order` for the next iteration. `None` if aborted before any move
    /// completed.
    #[allow(clippy::type_complexity)]
    fn root_iteration(
        &mut self,
        root: &G,
        me: Seat,
        order: &mut Vec<(G::Move, i32)>,
        depth: i32,
        alpha0: i32,
        beta: i32,
    ) -> Option<(G::Move, i32, Vec<(G::Move, i32)>)> {
        let mut alpha = alpha0;
        let mut best: Option<(G::Move, i32)> = None;
        let mut scores: Vec<(G::Move, i32)> = Vec::with_capacity(order.len());
        self.pv[0].clear();
        let exact = self.exact_root;
        // Several lines: the first `multi` moves exact, the others
        // searched against the worst of the best `multi` so far.
        let multi = self.multi_pv.max(1);
        for (i, &(m, _)) in order.iter().enumerate() {
            let mut child = root.clone();
            child.play_unchecked(m);
            let act = self.eval.to_act(&child);
            let score = if i == 0 || exact || act == ToAct::Chance || i < multi {
                // (No null-window scout at a chance node: see negamax.)
                let (a, b) = if exact || multi > 1 {
                    (-INF, INF)
                } else {
                    (alpha, beta)
                };
                self.child_as(&child, act, depth - 1, 1, a, b, true, me)
            } else {
                let bar = if multi > 1 {
                    nth_best(&scores, multi)
                } else {
                    alpha
                };
                let s = self.child_as(&child, act, depth - 1, 1, bar, bar + 1, false, me);
                if s > bar && (multi > 1 || s < beta) && !self.aborted {
                    let (a, b) = if multi > 1 {
                        (-INF, INF)
                    } else {
                        (alpha, beta)
                    };
                    self.child_as(&child, act, depth - 1, 1, a, b, true, me)
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
                if score > alpha || exact || multi > 1 {
                    self.set_pv(0, m);
                }
            }
            if score > alpha && !exact && multi == 1 {
                alpha = score;
                if alpha >= beta {
                    break;
                }
            }
        }
        if !self.aborted {
            // Moves not reached after a fail-high keep their place.
            for &(m, _) in order.iter() {
                if !scores.iter().any(|&(x, _)| x == m) {
                    scores.push((m, -INF));
                }
            }
            // Best first, the rest by score (stable: ties keep their order).
            scores.sort_by_key(|&(_, s)| std::cmp::Reverse(s));
            order.clear();
            order.extend(scores.iter().copied());
            scores.retain(|&(_, s)| s > -INF);
        }
        best.map(|(m, s)| (m, s, scores))
    }

    /// The lines of the best root moves after the first (with
    /// [`Searcher::multi_pv`] above 1), each from the table; with the
    /// first, best first.
    fn other_lines(
        &self,
        root: &G,
        result: &SearchResult<G::Move>,
        max: usize,
    ) -> Vec<(i32, Vec<G::Move>)> {
        if self.multi_pv <= 1 {
            return Vec::new();
        }
        let mut lines = vec![(result.score, result.pv.clone())];
        for &(m, s) in result.root_scores.iter() {
            if lines.len() >= self.multi_pv {
                break;
            }
            if Some(m) == result.best {
                continue;
            }
            let mut pv = vec![m];
            self.extend_pv(root, &mut pv, max);
            lines.push((s, pv));
        }
        lines
    }

    /// `pv[ply] = m + pv[ply + 1]`.
    fn set_pv(&mut self, ply: usize, m: G::Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(m);
        line.extend_from_slice(&tail[0]);
    }

    /// Lengthens a principal variation from the transposition table.
    fn extend_pv(&self, root: &G, pv: &mut Vec<G::Move>, max: usize) {
        let mut g = root.clone();
        let mut seen = vec![root.hash()];
        let mut legal = Vec::new();
        // Check the line is legal as we go; cut it at the first problem.
        let mut n = 0;
        while n < pv.len() {
            legal.clear();
            g.legal_moves(&mut legal);
            if !legal.contains(&pv[n]) {
                pv.truncate(n);
                return;
            }
            g.play_unchecked(pv[n]);
            seen.push(g.hash());
            n += 1;
        }
        while pv.len() < max {
            let Some(m) = self.tt.get(g.hash(), None).and_then(|e| e.best) else {
                break;
            };
            legal.clear();
            g.legal_moves(&mut legal);
            if !legal.contains(&m) {
                break;
            }
            pv.push(m);
            g.play_unchecked(m);
            if seen.contains(&g.hash()) {
                break;
            }
            seen.push(g.hash());
        }
    }

    fn check_abort(&mut self) {
        if self.nodes & 1023 == 0 {
            if self.stop.load(Ordering::Relaxed) {
                self.aborted = true;
            }
            if self.hard_deadline.is_some_and(|d| Instant::now() >= d)
                || self
                    .outer_stop
                    .as_ref()
                    .is_some_and(|f| f.load(Ordering::Relaxed))
            {
                self.aborted = true;
            }
            if self.cur_depth <= self.min_depth {
                return;
            }
            if self.deadline.is_some_and(|d| Instant::now() >= d) {
                self.aborted = true;
            }
            if self.node_limit.is_some_and(|n| self.nodes >= n) {
                self.aborted = true;
            }
        }
    }

    /// The score of a finished game for `persp`.
    fn terminal(&self, g: &G, persp: Seat, ply: usize) -> i32 {
        self.eval.terminal_score(g, persp, ply)
    }

    /// Whether the position at `ply` repeats one earlier on the path with
    /// the same actor (every earlier position is looked at: a seat may act
    /// twice in a row, chance between).
    fn repeated(&self, ply: usize) -> bool {
        let here = self.path[ply];
        self.path[..ply].contains(&here)
    }

    /// Counts a node at `ply`; `true` when the search has been stopped
    /// (then the node's value is not used).
    #[inline]
    pub(super) fn enter(&mut self, ply: usize) -> bool {
        if self.max_nodes.is_some_and(|n| self.nodes >= n) {
            self.aborted = true;
        }
        if self.aborted {
            return true;
        }
        self.nodes += 1;
        self.check_abort();
        if self.aborted {
            return true;
        }
        self.seldepth = self.seldepth.max(ply);
        false
    }

    /// Puts `g` on the path at `ply` with who acts there (`actor`);
    /// `true` when it repeats an earlier position on the path.
    #[inline]
    pub(super) fn on_path(&mut self, g: &G, ply: usize, actor: u8) -> bool {
        self.path[ply] = (g.repetition_key(), actor);
        self.repeated(ply)
    }

    /// The value of `child`, reached by a move of `me` (or by chance, in a
    /// chance node valued from `me`'s point of view), from `me`'s point of
    /// view, searched in `me`'s window (`alpha`, `beta`).
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn child(
        &mut self,
        child: &G,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
        pv: bool,
        me: Seat,
    ) -> i32 {
        let act = self.eval.to_act(child);
        self.child_as(child, act, depth, ply, alpha, beta, pv, me)
    }

    /// [`Searcher::child`] when who acts in `child` is known (`act`).
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn child_as(
        &mut self,
        child: &G,
        act: ToAct,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
        pv: bool,
        me: Seat,
    ) -> i32 {
        match act {
            ToAct::Seat(s) if s != me => -self.negamax(child, depth, ply, -beta, -alpha, pv, s),
            ToAct::Seat(s) => self.negamax(child, depth, ply, alpha, beta, pv, s),
            ToAct::Chance => self.chance(child, depth, ply, alpha, beta, pv, me, None),
            ToAct::Both => self.simultaneous(child, depth, ply, alpha, beta, me, None),
            // A finished game: valued as the other seat's node (its value
            // is the same from either side), as it always was.
            ToAct::Nobody => -self.negamax(child, depth, ply, -beta, -alpha, pv, me.other()),
        }
    }

    /// The quiescence value of `child`, reached by a move of `me`, from
    /// `me`'s point of view: [`Searcher::child`] inside quiescence.
    #[inline]
    fn q_child(
        &mut self,
        child: &G,
        ply: usize,
        alpha: i32,
        beta: i32,
        me: Seat,
        qply: u32,
    ) -> i32 {
        let act = self.eval.to_act(child);
        self.q_child_as(child, act, ply, alpha, beta, me, qply)
    }

    /// [`Searcher::q_child`] when who acts in `child` is known (`act`).
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn q_child_as(
        &mut self,
        child: &G,
        act: ToAct,
        ply: usize,
        alpha: i32,
        beta: i32,
        me: Seat,
        qply: u32,
    ) -> i32 {
        match act {
            ToAct::Seat(s) if s != me => -self.quiesce(child, ply, -beta, -alpha, s, qply),
            ToAct::Seat(s) => self.quiesce(child, ply, alpha, beta, s, qply),
            ToAct::Chance => self.chance(child, 0, ply, alpha, beta, false, me, Some(qply)),
            ToAct::Both => self.simultaneous(child, 0, ply, alpha, beta, me, Some(qply)),
            ToAct::Nobody => -self.quiesce(child, ply, -beta, -alpha, me.other(), qply),
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn negamax(
        &mut self,
        g: &G,
        mut depth: i32,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
        pv_node: bool,
        me: Seat,
    ) -> i32 {
        self.pv[ply].clear();
        if depth <= 0 {
            let extend = self.params.threat_extension
                && ply < 2 * self.cur_depth as usize
                && ply < MAX_PLY / 2
                && self.static_eval(g, g.hash()).threatened;
            if !extend {
                return self.quiesce(g, ply, alpha, beta, me, 0);
            }
            depth = 1;
        }
        if self.enter(ply) {
            return 0;
        }
        let key = g.hash();
        if self.on_path(g, ply, me.index() as u8) {
            return 0;
        }
        if ply >= MAX_PLY - 1 {
            return self.eval.evaluate(g);
        }
        // Mate-distance pruning.
        alpha = alpha.max(-WIN + ply as i32);
        beta = beta.min(WIN - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        let mut tt_move = None;
        if let Some(e) = self.tt.get(key, None) {
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
        if self.params.iir && tt_move.is_none() && depth >= 4 {
            depth -= 1;
        }
        // Static evaluation near the leaves, for pruning (never when the
        // side to act is threatened or every move is forced).
        let mut static_eval = None;
        let mut known = None;
        if !pv_node && depth <= 3 {
            let ev = self.static_eval(g, key);
            if !ev.threatened && ev.forced != Some(true) && ev.terminal != Some(true) {
                static_eval = Some(ev.score);
                known =
                    (ev.forced == Some(false) && ev.terminal == Some(false)).then_some(ev.score);
            }
        }
        let rfp = |ev: i32, depth: i32, m: i32| m > 0 && !is_mate(beta) && ev - m * depth >= beta;
        if let Some(ev) = known {
            // Reverse futility before generating the moves.
            if rfp(ev, depth, self.params.rfp_margin) {
                return ev;
            }
        }
        if let Some(s) = self.null_move_cut(g, key, depth, ply, beta, pv_node, me) {
            return s;
        }
        let mut moves = std::mem::take(&mut self.gen[ply]);
        moves.clear();
        // Enough legal moves to tell a node of few replies (below).
        let note = self
            .eval
            .candidate_moves(g, self.params.forced_moves + 1, &mut moves);
        if moves.is_empty() {
            self.gen[ply] = moves;
            return self.terminal(g, me, ply);
        }
        let forced = self.eval.must_move(g, &moves);
        if forced {
            static_eval = None;
        }
        // Forced positions (a few replies) are cheap: look deeper.
        if moves.len() <= self.params.forced_moves && ply < 2 * MAX_PLY / 3 {
            depth += 1;
        }
        if let Some(ev) = static_eval {
            if known.is_none() && rfp(ev, depth, self.params.rfp_margin) {
                self.gen[ply] = moves;
                return ev;
            }
        }
        let futile = static_eval.is_some_and(|ev| {
            let m = self.params.futility_margin;
            m > 0 && depth <= 2 && !is_mate(alpha) && ev + m * depth <= alpha
        });

        let killers = self.killers[ply];
        let counter = if self.params.countermove {
            self.prev_index[ply].and_then(|i| self.countermoves[i])
        } else {
            None
        };
        let mut scored = std::mem::take(&mut self.scored[ply]);
        scored.clear();
        for &m in &moves {
            let s = if Some(m) == tt_move {
                1 << 24
            } else if self.eval.is_tactical(g, m) {
                // Captures that lose the exchange come after the quiet moves.
                let base = if self.params.see && self.eval.losing_capture(g, m) {
                    -(1 << 20)
                } else {
                    1 << 20
                };
                base + self.eval.order_score(g, m)
            } else if Some(m) == killers[0] {
                1 << 19
            } else if Some(m) == killers[1] {
                (1 << 19) - 1
            } else if Some(m) == counter {
                (1 << 19) - 2
            } else {
                self.history[self.eval.history_index(g, m)].min((1 << 18) - 1)
            };
            scored.push((s, m));
        }
        self.gen[ply] = moves;

        let alpha0 = alpha;
        let mut best = -INF;
        let mut best_move = None;
        let n = scored.len();
        self.quiets[ply].clear();
        let mut searched = 0usize;
        for i in 0..n {
            // Selection: bring the best remaining move forward.
            let mut bi = i;
            for j in i + 1..n {
                if scored[j].0 > scored[bi].0 {
                    bi = j;
                }
            }
            scored.swap(i, bi);
            let (order, m) = scored[i];
            if !self.eval.is_legal_candidate(g, &note, m) {
                continue;
            }
            let tactical = self.eval.is_tactical(g, m);
            // Quiet, not the hash move nor a killer: may be pruned or reduced.
            let quiet = !tactical && order < (1 << 19) - 1 && !forced;
            if futile && quiet && searched > 0 {
                continue;
            }
            if self.params.lmp
                && quiet
                && static_eval.is_some()
                && depth <= 3
                && searched >= (3 + depth * depth) as usize
            {
                continue;
            }
            let mut child = g.clone();
            child.play_unchecked(m);
            self.prev_index[ply + 1] = Some(self.eval.history_index(g, m));
            let score = if searched == 0 {
                self.child(&child, depth - 1, ply + 1, alpha, beta, pv_node, me)
            } else {
                // Late quiet moves are searched shallower first.
                let mut r = 0;
                if self.params.lmr && quiet && depth >= 3 && searched >= 3 {
                    r = i32::from(self.lmr[depth.min(63) as usize][searched.min(63)]);
                    if pv_node {
                        r -= 1;
                    }
                    r = r.clamp(0, depth - 2);
                }
                let act = self.eval.to_act(&child);
                if act == ToAct::Chance && beta - alpha > 1 {
                    // No null-window scout at a chance node: a Star1 cut on
                    // it leaves only a bound, and the re-search would start
                    // over; its own windows prune as well.
                    self.child_as(&child, act, depth - 1, ply + 1, alpha, beta, pv_node, me)
                } else {
                    let mut s = self.child_as(
                        &child,
                        act,
                        depth - 1 - r,
                        ply + 1,
                        alpha,
                        alpha + 1,
                        false,
                        me,
                    );
                    if s > alpha && r > 0 && !self.aborted {
                        s = self.child_as(
                            &child,
                            act,
                            depth - 1,
                            ply + 1,
                            alpha,
                            alpha + 1,
                            false,
                            me,
                        );
                    }
                    // Inside the window the null-window score is only a
                    // bound: again with the window. (Only PV nodes have wide
                    // windows in alternating play; a chance node gives its
                    // outcomes Star1 windows, wide, outside the PV.)
                    if s > alpha && s < beta && !self.aborted {
                        s = self.child_as(
                            &child,
                            act,
                            depth - 1,
                            ply + 1,
                            alpha,
                            beta,
                            pv_node,
                            me,
                        );
                    }
                    s
                }
            };
            searched += 1;
            if self.aborted {
                self.prev_index[ply + 1] = None;
                self.scored[ply] = scored;
                return 0;
            }
            if !tactical {
                self.quiets[ply].push(m);
            }
            if score > best {
                best = score;
                best_move = Some(m);
            }
            if score > alpha {
                alpha = score;
                if pv_node {
                    self.set_pv(ply, m);
                }
            }
            if alpha >= beta {
                if !tactical {
                    let k = &mut self.killers[ply];
                    if k[0] != Some(m) {
                        k[1] = k[0];
                        k[0] = Some(m);
                    }
                    if let Some(i) = self.prev_index[ply] {
                        self.countermoves[i] = Some(m);
                    }
                    let h = self.eval.history_index(g, m);
                    self.history[h] = (self.history[h] + depth * depth).min(1 << 17);
                    if self.params.history_malus {
                        let tried = std::mem::take(&mut self.quiets[ply]);
                        for &q in tried.iter().filter(|&&q| q != m) {
                            let h = self.eval.history_index(g, q);
                            self.history[h] = (self.history[h] - depth * depth).max(-(1 << 17));
                        }
                        self.quiets[ply] = tried;
                    }
                }
                break;
            }
        }
        self.prev_index[ply + 1] = None;
        self.scored[ply] = scored;
        if best == -INF {
            // Every move was pruned as futile.
            best = static_eval.unwrap_or(alpha);
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha0 && best_move.is_some() {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.put(Entry {
            key,
            depth,
            score: to_tt(best, ply),
            bound,
            chance: None,
            best: best_move,
        });
        best
    }

    /// Null-move pruning ([`SearchParams::null_move_depth`]): the value
    /// that cuts the node off when the side to act, passing, still fails
    /// high; `None` to search the node.
    #[allow(clippy::too_many_arguments)]
    fn null_move_cut(
        &mut self,
        g: &G,
        key: u64,
        depth: i32,
        ply: usize,
        beta: i32,
        pv_node: bool,
        me: Seat,
    ) -> Option<i32> {
        let from = self.params.null_move_depth;
        if from <= 0 || pv_node || depth < from || self.after_null[ply] || is_mate(beta) {
            return None;
        }
        if ply + 2 >= MAX_PLY {
            return None;
        }
        let ev = self.static_eval(g, key);
        if ev.threatened || ev.forced == Some(true) || ev.terminal == Some(true) || ev.score < beta
        {
            return None;
        }
        let passed = self.eval.null_move(g)?;
        let r = 1 + self.params.null_move_reduction + depth / 6;
        self.after_null[ply + 1] = true;
        let s = self.child(&passed, depth - r, ply + 1, beta - 1, beta, false, me);
        self.after_null[ply + 1] = false;
        if self.aborted || s < beta {
            return None;
        }
        // A mate found after a pass is not proven: the bound alone.
        Some(if is_mate(s) { beta } else { s })
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
        if self.enter(ply) {
            return 0;
        }
        let ev = self.static_eval(g, g.hash());
        if ev.terminal == Some(true) {
            return self.terminal(g, me, ply);
        }
        let threat_moves = ev.threatened && qply < self.params.q_threat_plies;
        // Stand pat before generating moves when the evaluation knows the
        // game goes on and nothing is forced.
        let known_free = ev.terminal == Some(false) && ev.forced == Some(false);
        if known_free && !threat_moves && (ev.score >= beta || qply >= 10) {
            return ev.score;
        }
        let mut moves = std::mem::take(&mut self.gen[ply]);
        moves.clear();
        // A node that may stand pat tries its tactical moves alone: the
        // evaluation may give just those (the game goes on, so an empty
        // list is no end).
        let note = if known_free && !threat_moves {
            self.eval.tactical_candidates(g, &mut moves)
        } else {
            let note = self.eval.candidate_moves(g, 1, &mut moves);
            if moves.is_empty() {
                self.gen[ply] = moves;
                return self.terminal(g, me, ply);
            }
            note
        };
        if ply >= MAX_PLY - 1 || qply > 24 {
            self.gen[ply] = moves;
            return ev.score;
        }
        let forced = match ev.forced {
            Some(f) => f,
            None => self.eval.must_move(g, &moves),
        };
        let all_moves = forced || threat_moves;
        let mut best = -INF;
        if !all_moves {
            best = ev.score;
            if best >= beta || qply >= 10 {
                self.gen[ply] = moves;
                return best;
            }
            alpha = alpha.max(best);
        }
        let mut list = std::mem::take(&mut self.scored[ply]);
        list.clear();
        for &m in &moves {
            if self.eval.is_tactical(g, m) {
                let gain = self.eval.capture_gain(g, m);
                if all_moves
                    || (ev.score + gain + self.params.delta_margin > alpha
                        && !(self.params.see && self.eval.losing_capture(g, m)))
                {
                    list.push(((1 << 20) + self.eval.order_score(g, m), m));
                }
            } else if all_moves {
                let h = self.history[self.eval.history_index(g, m)];
                list.push((h.min((1 << 19) - 1), m));
            }
        }
        self.gen[ply] = moves;
        let n = list.len();
        for i in 0..n {
            let mut bi = i;
            for j in i + 1..n {
                if list[j].0 > list[bi].0 {
                    bi = j;
                }
            }
            list.swap(i, bi);
            let m = list[i].1;
            if !self.eval.is_legal_candidate(g, &note, m) {
                continue;
            }
            let mut child = g.clone();
            child.play_unchecked(m);
            let score = self.q_child(&child, ply + 1, alpha, beta, me, qply + 1);
            if self.aborted {
                self.scored[ply] = list;
                return 0;
            }
            if score > best {
                best = score;
            }
            if score > alpha {
                alpha = score;
                if alpha >= beta {
                    break;
                }
            }
        }
        self.scored[ply] = list;
        if best == -INF {
            // All moves were delta-pruned.
            best = ev.score;
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
