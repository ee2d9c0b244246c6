//! What each seat of a Dealer's Chess game may observe (D11): an
//! arrangement is hidden from the other seat and spectators until both
//! are made; the arrangement that completes both, and an agreed re-deal,
//! reveal what a seat did not know; in `big-deck` the seed decides the
//! draws to come. Also the game's side to move, move number and end as a
//! record reads them.

use super::deal::Alternate;
use super::game::{DealersGame, DealersMove};
use super::position::{End, Position};
use deckmate_rules::{Game, Seat, ToAct};

impl DealersGame {
    /// Whether the full record would now show a viewer something it may
    /// not know yet: an arrangement made while the other is not, or (in
    /// `big-deck`) the seed of the draws still to come.
    pub(super) fn secrets_pending_now(&self) -> bool {
        self.arranging()
            || (self.table().alternate == Alternate::BigDeck
                && self.position().is_some_and(|p| p.end_state().is_none()))
    }

    /// Whether playing `mv` now reveals what a seat did not know: the
    /// arrangement that completes both shows them to every seat, and an
    /// agreed re-deal deals new cards from the seed.
    pub(super) fn reveals_now(&self, mv: DealersMove) -> bool {
        match mv {
            DealersMove::Arrange(..) if self.arranging() => {
                let mut next = self.clone();
                next.play_unchecked(mv);
                !next.arranging()
            }
            DealersMove::Redeal(s) => self.offer() == Some(s.other()),
            _ => false,
        }
    }

    /// How a move by `mover`, written `text`, reads to `viewer`: another
    /// seat's arrangement (its back row, '/', its pawns) is `(arranged)`
    /// while the phase lasts; a re-deal's offer and answer are seen by all.
    pub(super) fn seen_text(
        &self,
        mover: Option<Seat>,
        text: &str,
        viewer: Option<Seat>,
    ) -> String {
        if self.arranging() && mover.is_some() && mover != viewer && text.contains('/') {
            "(arranged)".to_string()
        } else {
            text.to_string()
        }
    }

    /// The side to move: in play the position's, while arranging the seat
    /// to act (the first when both may).
    pub fn side_to_move(&self) -> Seat {
        match (self.position(), self.to_act()) {
            (Some(p), _) => p.side_to_move(),
            (None, ToAct::Seat(s)) => s,
            (None, _) => Seat::First,
        }
    }

    /// The move number in play (0 while arranging).
    pub fn fullmove(&self) -> u32 {
        self.position().map_or(0, Position::move_number)
    }

    /// How the game ended, once in play.
    pub fn end_state(&self) -> Option<End> {
        self.position().and_then(Position::end_state)
    }
}
