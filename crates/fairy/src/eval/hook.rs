//! Terms a game adds to the generic evaluation: [`EvalTerm`], given the
//! position as a [`PositionRef`] whatever the width of its square sets.

use crate::position::Position;
use crate::rules::RuleSet;
use crate::set::{Set256, SquareSet};
use deckmate_board::Square;
use deckmate_rules::Seat;
use std::any::Any;
use std::fmt;
use std::sync::Arc;

/// A borrowed position of any width: what an [`EvalTerm`] is given. Match
/// on it to reach the [`Position`] inside (with a function generic over
/// [`SquareSet`] to write a term once), or use the few questions answered
/// here for every width.
#[derive(Copy, Clone, Debug)]
pub enum PositionRef<'a> {
    /// A board of at most 64 squares.
    Small(&'a Position<u64>),
    /// A board of 65 to 128 squares.
    Medium(&'a Position<u128>),
    /// A board of 129 to 256 squares.
    Large(&'a Position<Set256>),
}

macro_rules! each_ref {
    ($self:expr, $p:ident => $e:expr) => {
        match $self {
            PositionRef::Small($p) => $e,
            PositionRef::Medium($p) => $e,
            PositionRef::Large($p) => $e,
        }
    };
}

impl<'a> PositionRef<'a> {
    /// The position behind a `Position<S>` (`None` only for a square set
    /// type other than the three the core uses).
    pub fn of<S: SquareSet>(p: &'a Position<S>) -> Option<PositionRef<'a>> {
        let any = p as &dyn Any;
        if let Some(p) = any.downcast_ref::<Position<u64>>() {
            return Some(PositionRef::Small(p));
        }
        if let Some(p) = any.downcast_ref::<Position<u128>>() {
            return Some(PositionRef::Medium(p));
        }
        any.downcast_ref::<Position<Set256>>()
            .map(PositionRef::Large)
    }

    /// The side to move.
    pub fn side_to_move(self) -> Seat {
        each_ref!(self, p => p.side_to_move())
    }

    /// The rule set.
    pub fn rules(self) -> &'a Arc<RuleSet> {
        each_ref!(self, p => p.rules())
    }

    /// The piece on a square: its side and kind.
    pub fn at(self, sq: Square) -> Option<(Seat, usize)> {
        each_ref!(self, p => p.at(sq))
    }

    /// The squares of `seat`'s pieces of kind `kind`.
    pub fn squares_of(self, seat: Seat, kind: usize) -> Vec<Square> {
        each_ref!(self, p => {
            let set = p.pieces_of(seat) & p.pieces_of_kind(kind);
            set.iter().map(|i| p.square(i)).collect()
        })
    }
}

/// A term a game adds to [`super::FairyEval`]'s evaluation (see
/// [`super::FairyEval::with_term`]): centipawns for the side to move of
/// the position, added to the generic score at every evaluation (so keep
/// it cheap). A closure `Fn(PositionRef) -> i32` is one.
pub trait EvalTerm: Send + Sync {
    /// The term's score for the side to move.
    fn score(&self, pos: PositionRef<'_>) -> i32;
}

impl<F> EvalTerm for F
where
    F: Fn(PositionRef<'_>) -> i32 + Send + Sync,
{
    fn score(&self, pos: PositionRef<'_>) -> i32 {
        self(pos)
    }
}

/// The terms a game added.
#[derive(Clone, Default)]
pub(super) struct Terms(pub Vec<Arc<dyn EvalTerm>>);

impl fmt::Debug for Terms {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} added term(s)", self.0.len())
    }
}
