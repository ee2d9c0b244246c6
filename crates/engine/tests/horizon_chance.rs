//! How a chance node with no depth left is valued ([`HorizonChance`]): by
//! every outcome's quiescence, averaged (`Expand`), or by its likeliest
//! outcome's alone (`Likeliest`), on a lottery small enough to value by
//! hand.

use deckmate_engine::{Evaluator, HorizonChance, Limits, SearchParams, Searcher};
use deckmate_rules::{Game, MoveError, Outcome, Seat, ToAct};

/// First picks a ticket (`A` or `B`), then chance draws `X` (weight 3) or
/// `Y` (weight 1), then Second has one quiet move that ends the game: First
/// wins if A drew X, else a draw. The
/// evaluation of the position after the draw, for Second (to act there):
/// A then X: -10, A then Y: +100, B then X: +5, B then Y: -50.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
struct Lottery {
    ticket: Option<u8>,
    drawn: Option<u8>,
    done: bool,
}

/// A ticket (0 or 1), a draw (2 or 3), or Second's last move (4).
type Pick = u8;

impl Game for Lottery {
    type Move = Pick;
    type Observation = Lottery;

    fn to_act(&self) -> ToAct {
        match (self.ticket, self.drawn, self.done) {
            (_, _, true) => ToAct::Nobody,
            (None, _, _) => ToAct::Seat(Seat::First),
            (Some(_), None, _) => ToAct::Chance,
            _ => ToAct::Seat(Seat::Second),
        }
    }

    fn legal_moves(&self, moves: &mut Vec<Pick>) {
        match self.to_act() {
            ToAct::Seat(Seat::First) => moves.extend([0, 1]),
            ToAct::Seat(Seat::Second) => moves.push(4),
            _ => {}
        }
    }

    fn chance_outcomes(&self, outcomes: &mut Vec<(Pick, u32)>) {
        if self.to_act() == ToAct::Chance {
            outcomes.extend([(2, 3), (3, 1)]);
        }
    }

    fn observation(&self, _: Option<Seat>) -> Lottery {
        *self
    }

    fn play_unchecked(&mut self, mv: Pick) {
        match mv {
            0 | 1 => self.ticket = Some(mv),
            2 | 3 => self.drawn = Some(mv),
            _ => self.done = true,
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        self.done.then(|| match (self.ticket, self.drawn) {
            (Some(0), Some(2)) => Outcome {
                winner: Some(Seat::First),
                reason: "A drew X".into(),
                points: None,
            },
            _ => Outcome {
                winner: None,
                reason: "no prize".into(),
                points: None,
            },
        })
    }

    fn hash(&self) -> u64 {
        let t = self.ticket.map_or(0, |t| u64::from(t) + 1);
        let d = self.drawn.map_or(0, |d| u64::from(d) + 1);
        1 + t * 7 + d * 49 + u64::from(self.done) * 343
    }

    fn move_text(&self, mv: Pick) -> String {
        mv.to_string()
    }

    fn parse_move(&self, text: &str) -> Result<Pick, MoveError> {
        text.parse().map_err(|_| MoveError::NotAMove {
            text: text.to_string(),
            game: "Lottery".into(),
            why: "a move is a digit".into(),
            examples: "0, 1".into(),
        })
    }

    fn position_text(&self) -> String {
        format!("{self:?}")
    }
}

/// The values above, for the side to act.
struct LotteryEval;

impl Evaluator<Lottery> for LotteryEval {
    fn evaluate(&self, g: &Lottery) -> i32 {
        match (g.ticket, g.drawn) {
            (Some(0), Some(2)) => -10,
            (Some(0), Some(3)) => 100,
            (Some(1), Some(2)) => 5,
            (Some(1), Some(3)) => -50,
            _ => 0,
        }
    }

    fn is_tactical(&self, _: &Lottery, _: Pick) -> bool {
        false
    }

    fn capture_gain(&self, _: &Lottery, _: Pick) -> i32 {
        0
    }
}

/// First's best ticket and its value, one move deep (the draw after it is
/// at the horizon).
fn search(horizon: HorizonChance) -> (Option<Pick>, i32) {
    let mut s = Searcher::new(LotteryEval, 1);
    s.params = SearchParams {
        horizon_chance: horizon,
        ..SearchParams::default()
    };
    let limits = Limits {
        depth: Some(1),
        ..Limits::default()
    };
    let r = s.search(&Lottery::default(), &limits, &mut |_| {});
    (r.best, r.score)
}

#[test]
fn expand_averages_every_outcome_at_the_horizon() {
    // For First: A is worth (3 * 10 - 100) / 4 = -17.5, B (3 * -5 + 50) /
    // 4 = 8.75, rounded down: 8.
    assert_eq!(search(HorizonChance::Expand), (Some(1), 8));
}

#[test]
fn likeliest_values_the_horizon_by_the_likeliest_outcome_alone() {
    // X (weight 3) stands for the draw: A is worth 10, B -5.
    assert_eq!(search(HorizonChance::Likeliest), (Some(0), 10));
}

#[test]
fn likeliest_changes_nothing_where_depth_is_left() {
    // Two moves deep the draw is inside the tree: searched in full either
    // way, to the end (Second's last move is the second), where only A
    // then X wins: A is worth three quarters of a win.
    let limits = Limits {
        depth: Some(2),
        ..Limits::default()
    };
    let mut values = Vec::new();
    for horizon in [HorizonChance::Expand, HorizonChance::Likeliest] {
        let mut s = Searcher::new(LotteryEval, 1);
        s.params.horizon_chance = horizon;
        let r = s.search(&Lottery::default(), &limits, &mut |_| {});
        values.push((r.best, r.score));
    }
    assert_eq!(values[0], values[1]);
    assert_eq!(values[0].0, Some(0));
    assert!(values[0].1 > deckmate_engine::WIN / 2, "{values:?}");
}
