//! The offers pending in a game besides a draw (a takeback asked, a draw
//! declined, a rematch offered, declined or made), stored with the game
//! as JSON, so that whichever server a player talks to answers them.
//!
//! Each write of them is made on the game's row version, as a move is:
//! of two answers sent to two servers at once, one is stored and the
//! other refused (409).

use crate::game::{LiveGame, Rematch};
use deckmate_rules::Seat;
use serde::{Deserialize, Serialize};

/// The stored offers of a game.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Offers {
    /// The moves stored when they were made: the offers of a position
    /// (a takeback asked, a draw declined) hold only while no move
    /// followed.
    #[serde(default)]
    pub plies: usize,
    /// The seat that asked for a takeback.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub takeback: Option<u8>,
    /// The seat that declined the last draw offer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draw_declined: Option<u8>,
    /// The seat that offered a rematch.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rematch_offer: Option<u8>,
    /// The seat that declined a rematch.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rematch_declined: Option<u8>,
    /// The rematch made: its id, and each seat's token in it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rematch: Option<(String, [Option<String>; 2])>,
    /// When the rematch was claimed (ms since the epoch) while its game
    /// is not made yet ([`Rematch::claimed_at`]). Absent once made, and in
    /// what was stored before: those rematches were stored once made.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rematch_pending: Option<i64>,
}

fn seat(s: u8) -> Seat {
    if s == 0 {
        Seat::First
    } else {
        Seat::Second
    }
}

fn index(s: Seat) -> u8 {
    s.index() as u8
}

impl Offers {
    /// The offers of a game in memory.
    pub fn of(g: &LiveGame) -> Offers {
        Offers {
            plies: g.stored.len(),
            takeback: g
                .takeback_offer
                .filter(|&(_, n)| n == g.stored.len())
                .map(|(s, _)| index(s)),
            draw_declined: g.draw_declined.map(index),
            rematch_offer: g.rematch_offer.map(index),
            rematch_declined: g.rematch_declined.map(index),
            rematch: g.rematch.as_ref().map(|r| (r.id.clone(), r.tokens.clone())),
            rematch_pending: g.rematch.as_ref().and_then(|r| r.claimed_at),
        }
    }

    /// Puts these offers on a game in memory (whose stored moves are
    /// read already): those of an earlier position are dropped.
    pub fn apply(self, g: &mut LiveGame) {
        let current = self.plies == g.stored.len();
        g.takeback_offer = self
            .takeback
            .filter(|_| current)
            .map(|s| (seat(s), g.stored.len()));
        g.draw_declined = self.draw_declined.filter(|_| current).map(seat);
        g.rematch_offer = self.rematch_offer.map(seat);
        g.rematch_declined = self.rematch_declined.map(seat);
        let claimed_at = self.rematch_pending;
        g.rematch = self.rematch.map(|(id, tokens)| Rematch {
            id,
            tokens,
            claimed_at,
        });
    }

    /// The offers as stored (`None` as stored JSON reads as none).
    pub fn from_stored(json: Option<&str>) -> Offers {
        json.and_then(|j| serde_json::from_str(j).ok())
            .unwrap_or_default()
    }

    /// The JSON stored.
    pub fn to_stored(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|_| "{}".into())
    }
}

#[cfg(test)]
mod tests {
    use super::Offers;

    #[test]
    fn offers_read_back_as_written_and_none_reads_as_none() {
        let o = Offers {
            plies: 7,
            takeback: Some(1),
            draw_declined: None,
            rematch_offer: Some(0),
            rematch_declined: None,
            rematch: Some(("abc".into(), [Some("t0".into()), None])),
            rematch_pending: Some(1_700_000_000_000),
        };
        assert_eq!(Offers::from_stored(Some(&o.to_stored())), o);
        // Stored before the flag: a rematch stored was made.
        let old = r#"{"plies":3,"rematch":["abc",["t0",null]]}"#;
        assert_eq!(Offers::from_stored(Some(old)).rematch_pending, None);
        let made = Offers {
            rematch_pending: None,
            ..o.clone()
        };
        assert!(!made.to_stored().contains("rematch_pending"));
        assert_eq!(Offers::from_stored(None), Offers::default());
        assert_eq!(Offers::from_stored(Some("not json")), Offers::default());
    }
}
