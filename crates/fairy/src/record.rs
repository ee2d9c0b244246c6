//! The fairy core's positions as records see them
//! ([`deckmate_host::game_record::Recorded`]): a variant file's games are
//! replayed and written by the host's generic records over
//! [`AnyPosition`].

use crate::{seat_name, AnyPosition, End, EndReason, Move};
use deckmate_host::game_record::Recorded;
use deckmate_host::replay_error;
use deckmate_rules::{Game, Seat};

replay_error!(seat_name);

/// The move number (1 at the start, after each Black move one more).
pub fn fullmove(p: &AnyPosition) -> u32 {
    match p {
        AnyPosition::Small(p) => p.fullmove(),
        AnyPosition::Medium(p) => p.fullmove(),
        AnyPosition::Large(p) => p.fullmove(),
    }
}

impl Recorded for AnyPosition {
    type Reason = EndReason;
    type ReplayError = ReplayError;

    fn side_to_move(&self) -> Seat {
        AnyPosition::side_to_move(self)
    }

    fn fullmove(&self) -> u32 {
        fullmove(self)
    }

    fn end_state(&self) -> Option<End> {
        AnyPosition::end_state(self)
    }

    fn set_end(&mut self, end: End) {
        AnyPosition::set_end(self, end);
    }

    fn read_move(&self, text: &str) -> Result<Move, String> {
        self.parse_move(text).map_err(|e| e.to_string())
    }
}
