//! The match as the kernel's [`Game`]: Chess Cards plays through the same
//! trait as the board games, so the shells' generic paths (the host's
//! [`BoardPlay`](crate::registry::BoardPlay), records, analysis, the
//! engine's job) serve it too.
//!
//! The seats are the match's (M11): [`Seat::First`] is the first game's
//! dealer, who sits in the other seat of game 2. A move is a [`Turn`] of
//! the game being played; its text is the record's (`(wR)yB`, `bQ*`), with
//! the mate marks (`#`, one `!` per overmate unit) after a lead that
//! mates, as a chess move that mates is written with `#`. Both hands lie
//! open on the table: the observation is the match itself.

use super::card::Hand;
use super::game::{End, Turn};
use super::matches::{Match, MatchResult};
use super::notation::{mate_marks, parse_turn, turn_text};
use deckmate_rules::{Game, MoveError, Outcome, Seat, ToAct};

/// The seats' names, as the registry entry gives them.
const NAMES: [&str; 2] = ["Dealer", "Other"];

impl Match {
    /// The match seat of seat `s` of the game being played (game 2 has the
    /// people swapped).
    pub fn match_seat(&self, s: Seat) -> Seat {
        match_seat(self.game_no() - 1, s)
    }

    /// Who acts now, as a match seat.
    pub fn seat_to_act(&self) -> Option<Seat> {
        self.current().to_act().map(|s| self.match_seat(s))
    }
}

/// The match seat of seat `s` of game `k` (0 or 1); the same map takes a
/// match seat back to game `k`'s seat.
pub fn match_seat(k: usize, s: Seat) -> Seat {
    if Match::player(k + 1, s) == 0 {
        Seat::First
    } else {
        Seat::Second
    }
}

/// A finished game in words for the match seats: "Dealer mates with bQ on
/// move 9, multiplier 11: 242".
pub fn game_end_text(k: usize, end: End) -> String {
    end.describe_with(|s| NAMES[match_seat(k, s).index()].to_string())
}

/// One value folded into a running hash (splitmix64's finaliser).
fn mix(h: u64, v: u64) -> u64 {
    let mut z = h ^ v.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl Game for Match {
    type Move = Turn;
    type Observation = Match;

    fn to_act(&self) -> ToAct {
        self.seat_to_act().map_or(ToAct::Nobody, ToAct::Seat)
    }

    fn legal_moves(&self, moves: &mut Vec<Turn>) {
        moves.extend(self.current().turns());
    }

    /// Both hands are open (M1): every seat sees the whole match.
    fn observation(&self, _seat: Option<Seat>) -> Match {
        self.clone()
    }

    fn play_unchecked(&mut self, mv: Turn) {
        Match::play(self, mv);
    }

    /// Once both games are over: the higher total wins, the points as data.
    fn outcome(&self) -> Option<Outcome> {
        let winner = match self.result()? {
            MatchResult::Won(0) => Some(Seat::First),
            MatchResult::Won(_) => Some(Seat::Second),
            MatchResult::Drawn => None,
        };
        let [a, b] = self.totals();
        let reason = match winner {
            Some(w) => format!(
                "{} wins the match, {} to {}",
                NAMES[w.index()],
                a.max(b),
                a.min(b)
            ),
            None => format!("the match is drawn, {a} each"),
        };
        Some(Outcome {
            winner,
            reason,
            points: Some([a, b]),
        })
    }

    fn hash(&self) -> u64 {
        let g = self.current();
        let mut h = mix(0, self.game_no() as u64);
        for i in 0..2 {
            h = mix(h, u64::from(g.hands[i].0));
            h = mix(h, u64::from(g.sacrificed[i].0));
            h = mix(h, g.last[i].map_or(99, |c| c.index() as u64));
        }
        h = mix(h, g.leader.index() as u64);
        h = mix(h, u64::from(g.move_no));
        let lead = g
            .lead
            .map_or(0, |(c, p)| 1 + c.index() as u64 * 2 + u64::from(p));
        h = mix(h, lead);
        let [a, b] = self.totals();
        mix(mix(h, a.into()), b.into())
    }

    /// The record's text of the turn, with the mate marks when it mates.
    fn move_text(&self, mv: Turn) -> String {
        let mut game = self.current().clone();
        game.play(mv);
        turn_text(mv) + &mate_marks(game.finish)
    }

    fn parse_move(&self, text: &str) -> Result<Turn, MoveError> {
        let g = self.current();
        if g.finish.is_some() {
            return Err(MoveError::GameOver {
                end: Some("the match is over".into()),
            });
        }
        let text = text.trim();
        let t = parse_turn(text).map_err(|why| MoveError::NotAMove {
            text: text.to_string(),
            game: "Chess Cards".into(),
            why,
            examples: "bQ, bQ*, (wR)yB".into(),
        })?;
        match g.refusal(t) {
            None => Ok(t),
            Some(rule) => Err(MoveError::Forbidden { rule }),
        }
    }

    /// The table in one line: the game and move, who has the initiative,
    /// each seat's hand and sacrifices, and a lead waiting for its reply:
    /// `game 1, move 4, Dealer leads; Dealer: bQ rQ; Other: yN wP;
    /// sacrificed: -, wR; lead: bQ*`.
    fn position_text(&self) -> String {
        let g = self.current();
        let k = self.game_no() - 1;
        // A seat's cards of `of` (hands or sacrifices), `-` when none.
        let cards = |of: &[Hand; 2], s: Seat| {
            let h = of[match_seat(k, s).index()];
            if h.is_empty() {
                "-".to_string()
            } else {
                h.to_string()
            }
        };
        let hand = |s: Seat| cards(&g.hands, s);
        let sacs = |s: Seat| cards(&g.sacrificed, s);
        let mut s = format!(
            "game {}, move {}, {} leads; {}: {}; {}: {}; sacrificed: {}, {}",
            k + 1,
            g.move_no,
            NAMES[self.match_seat(g.leader).index()],
            NAMES[0],
            hand(Seat::First),
            NAMES[1],
            hand(Seat::Second),
            sacs(Seat::First),
            sacs(Seat::Second),
        );
        if let Some((c, p)) = g.lead {
            s.push_str(&format!("; lead: {c}{}", if p { "*" } else { "" }));
        }
        if let Some(e) = g.finish {
            s.push_str(&format!("; {}", game_end_text(k, e)));
        }
        s
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::chess_cards::{Hand, SacrificeCount};
    use deckmate_rules::perft;

    const DEALER: &str = "bQ rQ yQ wQ rR yR wR yB wN bP";
    const OTHER: &str = "bR bB rB wB bN rN yN rP yP wP";
    const SAMPLE: &str = "yR (yP)yN wQ wB rQ rP (wR)yB rB rN (yQ)rR (wN)bP bB bR bQ bQ bN bQ";

    fn sample_match() -> Match {
        let d = Hand::parse(DEALER).unwrap();
        let o = Hand::parse(OTHER).unwrap();
        Match::new(d, o, SacrificeCount::Net).unwrap()
    }

    #[test]
    fn the_sample_game_plays_through_the_kernel_and_its_mate_is_marked() {
        let mut m = sample_match();
        let mut texts = Vec::new();
        for word in SAMPLE.split(' ') {
            let t = m.parse_move(word).unwrap();
            texts.push(m.move_text(t));
            Game::play(&mut m, t).unwrap();
        }
        // The sample's last lead mates with an overmate (M9, M10).
        assert_eq!(texts.last().map(String::as_str), Some("bQ#!"));
        // Game 1 is over: game 2 begins with the hands exchanged, and the
        // other (the first game's non-dealer) leads it.
        assert_eq!(m.game_no(), 2);
        assert_eq!(Game::to_act(&m), ToAct::Seat(Seat::Second));
        assert!(m.outcome().is_none());
    }

    #[test]
    fn a_finished_match_carries_its_points_as_data() {
        let mut m = sample_match();
        let mut moves = Vec::new();
        while Game::to_act(&m) != ToAct::Nobody {
            moves.clear();
            m.legal_moves(&mut moves);
            let t = moves[0];
            m.play_unchecked(t);
        }
        let o = m.outcome().unwrap();
        assert_eq!(o.points, Some(m.totals()));
        let [a, b] = m.totals();
        assert_eq!(o.winner.is_none(), a == b);
    }

    #[test]
    fn a_refused_play_says_why_and_a_word_that_is_no_card_is_not_a_move() {
        let m = sample_match();
        assert!(matches!(
            m.parse_move("xX"),
            Err(MoveError::NotAMove { .. })
        ));
        // The dealer leads; the other's card is not in the dealer's hand.
        assert!(matches!(
            m.parse_move("bR"),
            Err(MoveError::Forbidden { .. })
        ));
    }

    #[test]
    fn perft_counts_the_turns_of_the_kernel() {
        let m = sample_match();
        let mut v = Vec::new();
        m.legal_moves(&mut v);
        assert_eq!(perft(&m, 1), v.len() as u64);
        // Each turn of the lead is followed by the replies it allows.
        let two: u64 = v
            .iter()
            .map(|&t| {
                let mut c = m.clone();
                c.play_unchecked(t);
                perft(&c, 1)
            })
            .sum();
        assert_eq!(perft(&m, 2), two);
    }

    #[test]
    fn positions_differ_in_hash_and_text_after_a_turn() {
        let m = sample_match();
        let mut n = m.clone();
        let t = n.parse_move("yR").unwrap();
        n.play_unchecked(t);
        assert_ne!(m.hash(), n.hash());
        assert!(
            n.position_text().contains("lead: yR"),
            "{}",
            n.position_text()
        );
        assert!(m
            .position_text()
            .starts_with("game 1, move 1, Dealer leads"));
    }
}
