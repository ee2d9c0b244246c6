//! Cuarenta's evaluation: material, pawns on their way to promotion,
//! mobility, and the safety of a King the page says it weakened.
//!
//! The facts are counted by the rules
//! ([`crate::cuarenta::features::Features`]); this module only
//! weighs them. Checkmate and stalemate are not evaluated here: the search
//! scores a position without legal moves by [`Game::outcome`], which for
//! Cuarenta is a loss for the side to move when it is in check and a draw
//! otherwise (RULINGS Q9).

use crate::cuarenta::{Move, Piece, Position};
use deckmate_engine::{Eval, Evaluator};
use deckmate_rules::{Seat, ToAct};

/// The weights of the Cuarenta evaluation (centipawns: a Pawn is 100).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CuarentaWeights {
    /// Material by [`Piece::index`]: King (unused, 0), Bishop, Camel,
    /// Guard, Vao, Frog, Pawn. A Camel from a promotion is a Camel.
    pub values: [i32; 7],
    /// A pawn's bonus by rank counted from its own side (index 2 is where
    /// pawns start; 6-8 are the last three ranks, where it may promote).
    pub pawn_rank: [i32; 9],
    /// Per square a piece (not the King, not a pawn) can go to.
    pub mobility: i32,
    /// Per enemy piece attacking the King's zone.
    pub king_attacker: i32,
    /// Per attacked square of the King's zone.
    pub king_zone: i32,
    /// Per safe flight square of the King (it has at most six).
    pub flight: i32,
    /// Extra penalty for a King with no safe flight square.
    pub no_flight: i32,
    /// Per piece attacked and not defended.
    pub hanging: i32,
    /// Per unit of a piece's distance from the centre.
    pub centre: i32,
    /// For the side to move.
    pub tempo: i32,
}

impl Default for CuarentaWeights {
    fn default() -> CuarentaWeights {
        CuarentaWeights {
            values: [0, 340, 270, 310, 185, 210, 220],
            pawn_rank: [0, 0, 0, 8, 18, 32, 55, 80, 80],
            mobility: 4,
            king_attacker: 40,
            king_zone: 10,
            flight: 10,
            no_flight: 30,
            hanging: 40,
            centre: 3,
            tempo: 10,
        }
    }
}

/// The Cuarenta evaluator.
#[derive(Clone, Debug, Default)]
pub struct CuarentaEval {
    /// Its weights.
    pub weights: CuarentaWeights,
}

impl CuarentaEval {
    /// An evaluator with the given weights.
    pub fn new(weights: CuarentaWeights) -> CuarentaEval {
        CuarentaEval { weights }
    }

    /// The evaluation from White's point of view, without the tempo bonus.
    pub fn white_score(&self, pos: &Position) -> i32 {
        let w = &self.weights;
        let f = pos.features();
        let mut side = [0i32; 2];
        for (s, total) in side.iter_mut().enumerate() {
            let o = 1 - s;
            let mut v = 0;
            for p in Piece::ALL {
                v += w.values[p.index()] * i32::from(f.count[s][p.index()]);
            }
            for (r, &n) in f.pawn_ranks[s].iter().enumerate() {
                v += w.pawn_rank[r] * i32::from(n);
            }
            v += w.mobility * f.mobility[s] as i32;
            v -= w.centre * f.decentral[s] as i32;
            // King safety counts for more while the enemy has pieces to
            // attack with.
            let enemy_pieces: i32 = (1..6).map(|p| i32::from(f.count[o][p])).sum();
            let scale = enemy_pieces.min(6);
            let danger = w.king_attacker * f.king_attackers[s] as i32
                + w.king_zone * f.king_zone_attacked[s] as i32
                - w.flight * f.king_flight[s] as i32
                + if f.king_flight[s] == 0 {
                    w.no_flight
                } else {
                    0
                };
            v -= danger * scale / 6;
            v -= w.hanging * f.hanging[s] as i32;
            *total = v;
        }
        side[0] - side[1]
    }

    /// What a piece is worth.
    fn value(&self, p: Piece) -> i32 {
        self.weights.values[p.index()]
    }

    /// The value of what `mv` captures, if anything.
    fn victim(&self, pos: &Position, mv: Move) -> Option<Piece> {
        if mv.is_castling() {
            return None;
        }
        match pos.at(mv.to()) {
            Some((seat, p)) if seat != pos.side_to_move() => Some(p),
            _ => None,
        }
    }
}

impl Evaluator<Position> for CuarentaEval {
    fn evaluate(&self, pos: &Position) -> i32 {
        let s = self.white_score(pos);
        let s = match pos.side_to_move() {
            Seat::First => s,
            Seat::Second => -s,
        };
        s + self.weights.tempo
    }

    fn evaluate_full(&self, pos: &Position) -> Eval {
        let terminal = pos.end().is_some() || !pos.has_legal_move();
        Eval {
            score: self.evaluate(pos),
            threatened: pos.in_check(),
            forced: Some(false),
            terminal: Some(terminal),
        }
    }

    fn is_tactical(&self, pos: &Position, mv: Move) -> bool {
        mv.promotion().is_some() || self.victim(pos, mv).is_some()
    }

    fn capture_gain(&self, pos: &Position, mv: Move) -> i32 {
        let taken = self.victim(pos, mv).map_or(0, |p| self.value(p));
        let promoted = mv
            .promotion()
            .map_or(0, |p| self.value(p) - self.value(Piece::Pawn));
        taken + promoted
    }

    fn order_score(&self, pos: &Position, mv: Move) -> i32 {
        let attacker = pos.at(mv.from()).map_or(0, |(_, p)| match p {
            Piece::King => 500,
            p => self.value(p),
        });
        self.capture_gain(pos, mv) * 8 - attacker / 8
    }

    /// The exchange counted two captures deep, as the fairy core's
    /// evaluation does: the mover (as promoted) worth more than the
    /// capture wins, the other side able to take it on arrival, and
    /// nothing to take back there or the cheapest taker not worth the
    /// difference.
    fn losing_capture(&self, pos: &Position, mv: Move) -> bool {
        let risked = match (mv.promotion(), pos.at(mv.from())) {
            (Some(p), _) => self.value(p),
            (None, Some((_, Piece::King)) | None) => return false,
            (None, Some((_, p))) => self.value(p),
        };
        let gain = self.capture_gain(pos, mv);
        if risked <= gain {
            return false;
        }
        // The core's kinds are the pieces' indices; the King last.
        let mut order = Piece::ALL;
        order.sort_by_key(|&p| (p == Piece::King, self.value(p)));
        let order = order.map(Piece::index);
        match pos.core.recapture(mv.core(), &order) {
            None => false,
            Some((_, false)) => true,
            Some((taker, true)) => match Piece::from_index(taker) {
                Some(Piece::King) | None => false,
                Some(t) => gain - risked + self.value(t) < 0,
            },
        }
    }

    fn history_index(&self, _pos: &Position, mv: Move) -> usize {
        // Board squares are rank * 16 + file < 144.
        (mv.from().index() % 144) * 144 + mv.to().index() % 144
    }

    /// The side to move, without counting the legal moves: a finished
    /// position generates none, and the search scores it by its outcome.
    #[inline]
    fn to_act(&self, pos: &Position) -> ToAct {
        ToAct::Seat(pos.side_to_move())
    }

    fn history_size(&self) -> usize {
        144 * 144
    }
}
