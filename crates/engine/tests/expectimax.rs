//! A plain expectimax over a small game with chance nodes, searched to
//! its end: the reference the chance tests hold the search to.

use deckmate_rules::{Game, Seat, ToAct};
use std::collections::HashMap;
use std::hash::Hash;

/// What the reference needs to know of a toy game beyond [`Game`].
pub trait Reference: Game + Copy + Eq + Hash {
    /// The payoff of a finished game for the first seat.
    fn payoff(&self) -> i64;

    /// The seat from whose point of view a chance node's mean is rounded
    /// down (the search's convention: the seat that acted into it; at the
    /// search's root, `root`, the first seat's where that is not known).
    fn rounding_seat(&self, root: bool) -> Seat;
}

/// Positions already valued, and whether every mean so far was a whole
/// number.
pub struct Memo<G> {
    values: HashMap<(G, bool), i64>,
    /// Cleared when a mean is not a whole number.
    pub exact: bool,
}

impl<G: Reference> Memo<G> {
    /// Nothing valued yet.
    pub fn new() -> Memo<G> {
        Memo {
            values: HashMap::new(),
            exact: true,
        }
    }
}

/// The value of `g` for the first seat by plain expectimax: the seat to
/// act takes its best move, a chance node the mean of its outcomes (each
/// apart, never merged) weighted by their weights, rounded down from
/// [`Reference::rounding_seat`]'s point of view, and a finished game its
/// payoff. `root`: `g` is the search's root.
pub fn expectimax<G: Reference>(g: &G, root: bool, memo: &mut Memo<G>) -> i64 {
    if let Some(&v) = memo.values.get(&(*g, root)) {
        return v;
    }
    let v = match g.to_act() {
        ToAct::Nobody => g.payoff(),
        ToAct::Seat(s) => {
            let mut moves = Vec::new();
            g.legal_moves(&mut moves);
            let values = moves.iter().map(|&m| {
                let mut c = *g;
                c.play_unchecked(m);
                expectimax(&c, false, memo)
            });
            let best = if s == Seat::First {
                values.max()
            } else {
                values.min()
            };
            best.expect("a seat to act has a move")
        }
        ToAct::Chance => {
            let mut outs = Vec::new();
            g.chance_outcomes(&mut outs);
            let (mut sum, mut total) = (0i64, 0i64);
            for (m, w) in outs {
                let mut c = *g;
                c.play_unchecked(m);
                sum += i64::from(w) * expectimax(&c, false, memo);
                total += i64::from(w);
            }
            if sum % total != 0 {
                memo.exact = false;
            }
            match g.rounding_seat(root) {
                Seat::First => sum.div_euclid(total),
                // Down for the second seat is up for the first.
                Seat::Second => -(-sum).div_euclid(total),
            }
        }
        ToAct::Both => unreachable!("the toys have no simultaneous phase"),
    };
    memo.values.insert((*g, root), v);
    v
}
