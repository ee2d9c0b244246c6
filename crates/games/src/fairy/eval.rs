//! The generic evaluation of a fairy game: [`FairyEval`], built from the
//! rule set alone, so the engine plays any variant file without tuning.
//!
//! (First cut: material from the rule set's value hints, 300 for a piece
//! without one. The estimate of values from the movement, mobility, pawn
//! advance and king zone are to come.)

use super::any::AnyPosition;
use super::position::{Move, Position};
use super::rules::{PieceKind, RuleSet};
use super::set::SquareSet;
use deckmate_engine::Evaluator;
use deckmate_rules::Seat;
use std::sync::Arc;

/// The value of a piece without a hint, until values are estimated.
const DEFAULT_VALUE: i32 = 300;

/// An evaluation of any rule set.
#[derive(Clone, Debug)]
pub struct FairyEval {
    /// Each kind's value in centipawns (a royal's is 0).
    values: Vec<i32>,
}

impl FairyEval {
    /// The evaluation of `rules`.
    pub fn new(rules: &Arc<RuleSet>) -> FairyEval {
        let values = rules
            .pieces
            .iter()
            .map(|p| match p.kind {
                PieceKind::Royal => 0,
                _ => p.value.unwrap_or(DEFAULT_VALUE),
            })
            .collect();
        FairyEval { values }
    }

    /// Each kind's value in centipawns, by kind index.
    pub fn values(&self) -> &[i32] {
        &self.values
    }

    fn material<S: SquareSet>(&self, p: &Position<S>, seat: Seat) -> i32 {
        let mine = p.pieces_of(seat);
        self.values
            .iter()
            .enumerate()
            .map(|(k, v)| v * (p.pieces_of_kind(k) & mine).count() as i32)
            .sum()
    }

    fn victim<S: SquareSet>(&self, p: &Position<S>, mv: Move) -> i32 {
        if mv.dropped().is_some() || mv.castling().is_some() {
            return 0;
        }
        if mv.is_en_passant() {
            return p
                .en_passant_victim()
                .and_then(|sq| p.at_index(sq))
                .map_or(0, |(_, k)| self.values[k]);
        }
        match p.at_index(mv.to_index()) {
            Some((s, k)) if s != p.side_to_move() => self.values[k],
            _ => 0,
        }
    }

    fn gain<S: SquareSet>(&self, p: &Position<S>, mv: Move) -> i32 {
        self.victim(p, mv) + mv.promotion().map_or(0, |k| self.values[k])
    }
}

impl<S: SquareSet> Evaluator<Position<S>> for FairyEval {
    fn evaluate(&self, game: &Position<S>) -> i32 {
        let me = game.side_to_move();
        self.material(game, me) - self.material(game, me.other())
    }

    fn is_tactical(&self, game: &Position<S>, mv: Move) -> bool {
        self.gain(game, mv) > 0
    }

    fn capture_gain(&self, game: &Position<S>, mv: Move) -> i32 {
        self.gain(game, mv)
    }
}

macro_rules! each {
    ($game:expr, $p:ident => $e:expr) => {
        match $game {
            AnyPosition::Small($p) => $e,
            AnyPosition::Medium($p) => $e,
            AnyPosition::Large($p) => $e,
        }
    };
}

impl Evaluator<AnyPosition> for FairyEval {
    fn evaluate(&self, game: &AnyPosition) -> i32 {
        each!(game, p => self.evaluate(p))
    }

    fn is_tactical(&self, game: &AnyPosition, mv: Move) -> bool {
        each!(game, p => self.is_tactical(p, mv))
    }

    fn capture_gain(&self, game: &AnyPosition, mv: Move) -> i32 {
        each!(game, p => self.capture_gain(p, mv))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fairy::{chess, new_game};
    use deckmate_rules::Game;

    #[test]
    fn the_start_of_chess_is_level() {
        let p: Position<u64> = new_game(&chess()).unwrap();
        let e = FairyEval::new(&chess());
        assert_eq!(e.evaluate(&p), 0);
        let _ = p.outcome();
    }
}
