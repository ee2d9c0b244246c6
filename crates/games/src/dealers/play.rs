//! A position in play as the kernel's [`Game`]: what perft, the search and
//! the shells use once both arrangements are made.

use super::movegen::Move;
use super::notation;
use super::position::Position;
use deckmate_rules::{Game, MoveError, Outcome, Seat, ToAct};

impl Game for Position {
    type Move = Move;
    type Observation = Position;

    fn to_act(&self) -> ToAct {
        if self.awaits_draw() {
            return ToAct::Chance;
        }
        if self.end.is_none() && self.has_legal_move() {
            ToAct::Seat(self.side)
        } else {
            ToAct::Nobody
        }
    }

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        if self.end.is_none() {
            Position::legal_moves(self, moves);
        }
    }

    /// A `big-deck` promotion's draw: every set of three cards of the
    /// pool (fewer when the pool holds fewer), each as likely.
    fn chance_outcomes(&self, outcomes: &mut Vec<(Move, u32)>) {
        if !self.awaits_draw() {
            return;
        }
        let pool = self.draw_pool();
        let n = pool.len();
        if n <= 3 {
            outcomes.push((Move::draw(&pool), 1));
            return;
        }
        for a in 0..n {
            for b in a + 1..n {
                for c in b + 1..n {
                    outcomes.push((Move::draw(&[pool[a], pool[b], pool[c]]), 1));
                }
            }
        }
    }

    fn move_number(&self) -> Option<u32> {
        (self.side == Seat::First && self.pending.is_none()).then_some(self.move_number)
    }

    fn observation(&self, _seat: Option<Seat>) -> Position {
        self.clone()
    }

    fn play_unchecked(&mut self, mv: Move) {
        self.play(mv);
    }

    fn outcome(&self) -> Option<Outcome> {
        self.end_state().map(|e| e.outcome())
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    /// D1: en passant squares count only when a capture there is legal.
    fn repetition_key(&self) -> u64 {
        Position::repetition_key(self)
    }

    fn move_text(&self, mv: Move) -> String {
        notation::write(self, mv)
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        if let Some(end) = self.end_state() {
            return Err(MoveError::GameOver {
                end: Some(end.describe()),
            });
        }
        notation::parse(self, text)
    }

    fn position_text(&self) -> String {
        self.text()
    }
}
