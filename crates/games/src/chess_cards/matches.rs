//! A match (M11): two games; in the second the hands are exchanged and the
//! first game's non-dealer leads. The higher total wins; equal totals draw.
//!
//! Players are numbered by the first game: player 0 is its dealer. In the
//! first game player 0 is the [`Seat::First`] (leading) seat; in the second
//! player 1 leads, holding the hand player 0 was dealt, so the second game
//! starts from the very position the first one did, with the players'
//! places exchanged.

use super::card::Hand;
use super::game::{ChessCards, End, EndReason, SacrificeCount, Turn};
use deckmate_rules::Seat;

/// A two-game match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Match {
    /// The first game's dealer's hand as dealt (player 0's).
    pub dealer: Hand,
    /// The other hand as dealt (player 1's).
    pub other: Hand,
    /// How sacrifices count in both games.
    pub count: SacrificeCount,
    /// The games begun: one, then two.
    pub games: Vec<ChessCards>,
}

/// How a match ended, by the players' totals.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum MatchResult {
    /// The player (0: the first game's dealer) with the higher total.
    Won(usize),
    /// Equal totals.
    Drawn,
}

impl Match {
    /// A match from the hands as dealt for the first game.
    pub fn new(dealer: Hand, other: Hand, count: SacrificeCount) -> Result<Match, String> {
        let first = ChessCards::new(dealer, other, count)?;
        Ok(Match {
            dealer,
            other,
            count,
            games: vec![first],
        })
    }

    /// A match from a seeded deal (M1).
    pub fn deal(seed: u64, count: SacrificeCount) -> Match {
        let (dealer, other) = ChessCards::deal(seed);
        let first = ChessCards::start(dealer, other, count);
        Match {
            dealer,
            other,
            count,
            games: vec![first],
        }
    }

    /// The game being played (or the last one, once the match is over).
    pub fn current(&self) -> &ChessCards {
        // `games` is never empty: `new` and `deal` start the first game.
        &self.games[self.games.len() - 1]
    }

    /// The number of the current game, 1 or 2.
    pub fn game_no(&self) -> usize {
        self.games.len()
    }

    /// The player (0 or 1) sitting in `seat` in game `game_no` (1 or 2).
    pub fn player(game_no: usize, seat: Seat) -> usize {
        if game_no == 1 {
            seat.index()
        } else {
            1 - seat.index()
        }
    }

    /// The player to act now, if the match goes on.
    pub fn to_act(&self) -> Option<usize> {
        self.current()
            .to_act()
            .map(|s| Match::player(self.game_no(), s))
    }

    /// Plays a legal turn of the current game; when the first game ends,
    /// the second begins with the hands exchanged (M11).
    pub fn play(&mut self, t: Turn) {
        let n = self.games.len();
        self.games[n - 1].play(t);
        if n == 1 && self.games[0].finish.is_some() {
            self.start_second();
        }
    }

    pub(crate) fn start_second(&mut self) {
        let second = self.second_game();
        self.games.push(second);
    }

    /// The position the second game starts from (M11): the hands are
    /// exchanged and the first game's non-dealer leads, so he holds the
    /// first dealer's hand in the leading seat.
    pub fn second_game(&self) -> ChessCards {
        ChessCards::start(self.dealer, self.other, self.count)
    }

    /// Each player's score in game `game_no` (1 or 2), once it is over.
    pub fn game_scores(&self, game_no: usize) -> Option<[u32; 2]> {
        let g = self.games.get(game_no.checked_sub(1)?)?;
        let mut out = [0, 0];
        if let End {
            winner: Some(by),
            reason: EndReason::Mate { score, .. },
        } = g.finish?
        {
            out[Match::player(game_no, by)] = score;
        }
        Some(out)
    }

    /// Each player's total so far.
    pub fn totals(&self) -> [u32; 2] {
        let mut t = [0, 0];
        for n in 1..=self.games.len() {
            if let Some(s) = self.game_scores(n) {
                t[0] += s[0];
                t[1] += s[1];
            }
        }
        t
    }

    /// Whether both games are over.
    pub fn is_over(&self) -> bool {
        self.games.len() == 2 && self.games[1].finish.is_some()
    }

    /// The result once both games are over.
    pub fn result(&self) -> Option<MatchResult> {
        if !self.is_over() {
            return None;
        }
        let [a, b] = self.totals();
        Some(match a.cmp(&b) {
            std::cmp::Ordering::Greater => MatchResult::Won(0),
            std::cmp::Ordering::Less => MatchResult::Won(1),
            std::cmp::Ordering::Equal => MatchResult::Drawn,
        })
    }
}
