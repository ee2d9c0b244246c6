//! The end of a two-seat board game (Cardmate, Cuarenta): the winner and a
//! game's own reason, its result and its words.

use deckmate_rules::{Outcome, Seat};

/// A game's reasons for an end, with the words that tell them.
pub trait Reason: Copy {
    /// A player resigned (recorded, not played).
    const RESIGNATION: Self;
    /// The players agreed a draw.
    const AGREEMENT: Self;
    /// The loser's clock ran out (recorded, not played).
    const TIME_FORFEIT: Self;
    /// The game's name for a seat ("Forehand", "White").
    fn seat_name(seat: Seat) -> &'static str;
    /// The reason in words, given the winner's and the loser's names (both
    /// empty for a draw).
    fn words(self, winner: &str, loser: &str) -> String;
}

/// A finished game: the winner (none for a draw) and the reason.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct End<R> {
    /// The winner, `None` for a draw.
    pub winner: Option<Seat>,
    /// Why.
    pub reason: R,
}

impl<R: Reason> End<R> {
    /// The end the players reached outside the rules: a resignation (the
    /// winner is the resigner's opponent) or an agreed draw.
    pub fn settled(s: crate::registry::Settlement) -> End<R> {
        End {
            winner: s.winner,
            reason: match (s.winner, s.on_time) {
                (Some(_), true) => R::TIME_FORFEIT,
                (Some(_), false) => R::RESIGNATION,
                (None, _) => R::AGREEMENT,
            },
        }
    }

    /// The reason in words.
    pub fn describe(&self) -> String {
        let w = self.winner.map(R::seat_name).unwrap_or("");
        let l = self.winner.map(|s| R::seat_name(s.other())).unwrap_or("");
        self.reason.words(w, l)
    }

    /// The PGN result: `1-0`, `0-1` or `1/2-1/2`.
    pub fn result(&self) -> &'static str {
        match self.winner {
            Some(Seat::First) => "1-0",
            Some(Seat::Second) => "0-1",
            None => "1/2-1/2",
        }
    }

    /// The end as the kernel's [`Outcome`].
    pub fn outcome(&self) -> Outcome {
        Outcome {
            winner: self.winner,
            reason: self.describe(),
            points: None,
        }
    }
}

/// The PGN result of an ended game: `1-0`, `0-1` or `1/2-1/2`.
pub fn result_of<R: Reason>(end: &End<R>) -> &'static str {
    end.result()
}
