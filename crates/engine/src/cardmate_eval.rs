//! Cardmate knowledge for the search.
//!
//! - Material by rank ([`Weights::values`]).
//! - Kings: losing the last King loses the game, so a side down to one
//!   King pays [`Weights::last_king`]; a King that enemy cards attack pays
//!   per attacker, far more when it is the last one.
//! - Lures: an enemy card of a King's suit and lower rank within the
//!   King's reach would force the King to take it (C3) and so drag him out;
//!   the same for any high card and lower cards of its suit it attacks.
//! - Palaces (V2): enemy cards on one's own palace squares are a threat,
//!   own cards on the enemy palace a chance.
//! - Mobility: moves available by movement, a small bonus each.
//!
//! The weights were set by hand and then adjusted by self-play matches
//! (see crates/engine/TUNING.md).

use crate::evaluator::Evaluator;
use deckmate_games::cardmate::{palace, Move, Position, Rank};
use deckmate_rules::Seat;

/// The evaluation weights.
#[derive(Clone, Debug)]
pub struct Weights {
    /// Value of a card by rank, One to Ace (the King's own value is for
    /// ordering captures; its safety terms below matter more).
    pub values: [i32; 14],
    /// Penalty for being down to one King.
    pub last_king: i32,
    /// Penalty per enemy card attacking a King (times 4 for the last King).
    pub king_attacker: i32,
    /// Penalty per lure: a lower enemy card of one's own card's suit within
    /// that card's reach, scaled by the lured card's value / 1000.
    pub lure: i32,
    /// Bonus per own card standing on the enemy palace.
    pub palace_card: i32,
    /// Bonus per available move.
    pub mobility: i32,
    /// Bonus for having the move.
    pub tempo: i32,
}

impl Default for Weights {
    fn default() -> Weights {
        Weights {
            values: [
                90, 110, 140, 160, 190, 220, 250, 300, 420, 520, 560, 900, 700, 1100,
            ],
            last_king: 1500,
            king_attacker: 60,
            lure: 120,
            palace_card: 250,
            mobility: 3,
            tempo: 10,
        }
    }
}

/// Cardmate's evaluator.
#[derive(Clone, Debug, Default)]
pub struct CardmateEval {
    /// The weights in use.
    pub weights: Weights,
}

impl CardmateEval {
    /// Everything about one side that one pass over its cards' reach finds:
    /// material, King count, palace, mobility, threats to enemy Kings, and
    /// the lures its own cards are exposed to. Positive is good for `seat`.
    fn side_score(&self, pos: &Position, seat: Seat) -> i32 {
        let w = &self.weights;
        let mut s = 0;
        for c in pos.cards_of(seat) {
            s += w.values[c.rank().index() as usize];
        }
        if pos.kings(seat) == 1 {
            s -= w.last_king;
        }
        for sq in palace(seat.other()) {
            if matches!(pos.at(sq), Some((_, o)) if o == seat) {
                s += w.palace_card;
            }
        }
        let enemy_last = pos.kings(seat.other()) == 1;
        let mut mobility = 0;
        let mut threat = 0;
        let mut lured = 0;
        pos.for_each_reach(seat, |card, _, can_move, can_capture, occ| match occ {
            None => mobility += i32::from(can_move),
            Some((_, owner)) if owner == seat => {}
            Some((target, _)) => {
                if !can_capture {
                    return;
                }
                if target.suit() != card.suit() {
                    mobility += 1;
                    if target.rank() == Rank::KING {
                        threat += if enemy_last {
                            4 * w.king_attacker
                        } else {
                            w.king_attacker
                        };
                    }
                } else if card.rank() > target.rank() {
                    // A compulsory capture waiting: the lower card lures ours.
                    mobility += 1;
                    let v = if card.rank() == Rank::KING {
                        1000
                    } else {
                        w.values[card.rank().index() as usize]
                    };
                    lured += w.lure * v / 1000;
                }
            }
        });
        s + w.mobility * mobility + threat - lured
    }
}

impl Evaluator<Position> for CardmateEval {
    fn evaluate(&self, pos: &Position) -> i32 {
        let me = pos.side_to_move();
        self.side_score(pos, me) - self.side_score(pos, me.other()) + self.weights.tempo
    }

    fn is_tactical(&self, pos: &Position, mv: Move) -> bool {
        mv.promote || pos.at(mv.to).is_some()
    }

    fn capture_gain(&self, pos: &Position, mv: Move) -> i32 {
        let w = &self.weights;
        let victim = pos.at(mv.to).map_or(0, |(c, _)| {
            if c.rank() == Rank::KING {
                w.last_king + w.values[12]
            } else {
                w.values[c.rank().index() as usize]
            }
        });
        let promo = if mv.promote {
            w.values[13] - w.values[0]
        } else {
            0
        };
        victim + promo
    }

    fn order_score(&self, pos: &Position, mv: Move) -> i32 {
        let w = &self.weights;
        let victim = pos.at(mv.to).map_or(0, |(c, _)| {
            if c.rank() == Rank::KING {
                5000
            } else {
                w.values[c.rank().index() as usize]
            }
        });
        let promo = if mv.promote { 1000 } else { 0 };
        victim * 8 - w.values[mv.card.rank().index() as usize] / 8 + promo
    }

    fn must_move(&self, pos: &Position) -> bool {
        pos.capture_is_compulsory()
    }

    fn history_index(&self, _pos: &Position, mv: Move) -> usize {
        mv.card.index() * 160 + mv.to.index().min(159)
    }

    fn history_size(&self) -> usize {
        56 * 160
    }
}
