//! The reference solver: alpha-beta with a table of bounds straight over the
//! rules' own [`ChessCards`] (cloned at every node, no closed forms, no
//! bounds, plain ordering). It is slow (seconds a deal) and simple: the
//! tests hold the fast [`super::Solver`] to it.

use crate::chess_cards::{ChessCards, Turn};
use deckmate_rules::Seat;
use std::collections::HashMap;

/// A solver with its table of solved positions.
#[derive(Default)]
pub struct ReferenceSolver {
    bounds: HashMap<u128, (i32, i32)>,
    /// Positions solved (table entries made).
    pub nodes: u64,
}

fn key(g: &ChessCards) -> u128 {
    let card = |c: Option<crate::chess_cards::Card>| c.map_or(31u128, |c| c.index() as u128);
    let (lead, privilege) = match g.lead {
        Some((c, p)) => (c.index() as u128, u128::from(p)),
        None => (31, 0),
    };
    u128::from(g.hands[0].0)
        | u128::from(g.hands[1].0) << 20
        | (g.leader.index() as u128) << 40
        | u128::from(g.move_no) << 41
        | lead << 45
        | privilege << 50
        | u128::from(g.sacrificed[0].len()) << 51
        | u128::from(g.sacrificed[1].len()) << 55
        | card(g.last[0]) << 59
        | card(g.last[1]) << 64
}

const INF: i32 = 100_000;

impl ReferenceSolver {
    /// A solver with an empty table.
    pub fn new() -> ReferenceSolver {
        ReferenceSolver::default()
    }

    /// The value of `g` under perfect play: the dealer's score minus the
    /// other player's.
    pub fn value(&mut self, g: &ChessCards) -> i32 {
        self.search(g, -INF, INF)
    }

    /// Alpha-beta with a table of bounds (lower, upper) per position.
    fn search(&mut self, g: &ChessCards, mut alpha: i32, mut beta: i32) -> i32 {
        if g.finish.is_some() {
            return g.value();
        }
        let Some(me) = g.to_act() else {
            return g.value();
        };
        let k = key(g);
        let (mut lo, mut hi) = self.bounds.get(&k).copied().unwrap_or((-INF, INF));
        if lo >= beta {
            return lo;
        }
        if hi <= alpha {
            return hi;
        }
        if lo == hi {
            return lo;
        }
        alpha = alpha.max(lo);
        beta = beta.min(hi);
        let (a0, b0) = (alpha, beta);
        let mut turns = g.turns();
        // Plain plays before sacrifices: a cheap first guess.
        turns.sort_by_key(|t| t.sacrifice.is_some());
        let maximize = me == Seat::First;
        let mut best = if maximize { -INF } else { INF };
        for t in turns {
            let mut child = g.clone();
            child.play(t);
            let v = self.search(&child, alpha, beta);
            if maximize {
                best = best.max(v);
                alpha = alpha.max(v);
            } else {
                best = best.min(v);
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        self.nodes += 1;
        if best <= a0 {
            hi = hi.min(best);
        } else if best >= b0 {
            lo = lo.max(best);
        } else {
            lo = best;
            hi = best;
        }
        self.bounds.insert(k, (lo, hi));
        best
    }

    /// The value and a principal line of turns (each with its seat).
    pub fn solve(&mut self, g: &ChessCards) -> (i32, Vec<(Seat, Turn)>) {
        let v = self.value(g);
        let mut line = Vec::new();
        let mut cur = g.clone();
        while let Some(me) = cur.to_act() {
            let mut next = None;
            for t in cur.turns() {
                let mut child = cur.clone();
                child.play(t);
                if self.value(&child) == v {
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
}
