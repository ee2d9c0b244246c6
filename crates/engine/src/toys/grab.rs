//! Grab: a take-away game whose drawn card may add a move (see the
//! module above).

use crate::evaluator::Evaluator;
use deckmate_rules::{Game, MoveError, Outcome, Seat, ToAct};

/// The rules of a game of [`Grab`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct GrabRules {
    /// The counters on the table at the start.
    pub pile: u8,
    /// The cards' weights: card 0 adds no move, card `c` the taking of
    /// `c + 2` counters.
    pub weights: [u32; 4],
    /// Whether the game names card 0 as the chance nodes' base outcome.
    pub base: bool,
}

/// A move of [`Grab`]: a card drawn, or counters taken.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum GrabMove {
    /// The card drawn before the turn.
    Card(u8),
    /// Take this many counters (1 or 2 always; more as the card allows).
    Take(u8),
}

/// A position of Grab: a card is drawn, then the seat to move takes one
/// or two counters, or as many as the card allows (`card + 2`), scoring
/// the square of what it takes; the game ends with the pile, and the
/// payoff is the difference in points.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grab {
    rules: GrabRules,
    pile: u8,
    score: [u8; 2],
    seat: Seat,
    card: Option<u8>,
}

impl Grab {
    /// The start of a game: the whole pile, the first seat to draw.
    pub fn new(rules: GrabRules) -> Grab {
        Grab {
            rules,
            pile: rules.pile,
            score: [0, 0],
            seat: Seat::First,
            card: None,
        }
    }

    /// The rules.
    pub fn rules(&self) -> &GrabRules {
        &self.rules
    }

    /// The payoff for `seat` now: its points less the other's.
    pub fn margin(&self, seat: Seat) -> i32 {
        i32::from(self.score[seat.index()]) - i32::from(self.score[seat.other().index()])
    }

    /// The seat whose turn it is (also while its card is drawn).
    pub fn turn(&self) -> Seat {
        self.seat
    }

    /// The most counters the card drawn lets the seat take.
    fn most(&self) -> u8 {
        self.card.map_or(0, |c| if c == 0 { 2 } else { c + 2 })
    }
}

impl Game for Grab {
    type Move = GrabMove;
    type Observation = Grab;

    fn to_act(&self) -> ToAct {
        if self.pile == 0 {
            ToAct::Nobody
        } else if self.card.is_none() {
            ToAct::Chance
        } else {
            ToAct::Seat(self.seat)
        }
    }

    fn legal_moves(&self, moves: &mut Vec<GrabMove>) {
        if self.pile == 0 || self.card.is_none() {
            return;
        }
        moves.extend((1..=2).filter(|&k| k <= self.pile).map(GrabMove::Take));
        let most = self.most();
        if most > 2 && most <= self.pile {
            moves.push(GrabMove::Take(most));
        }
    }

    fn chance_outcomes(&self, outcomes: &mut Vec<(GrabMove, u32)>) {
        if self.pile > 0 && self.card.is_none() {
            for (c, &w) in (0u8..).zip(self.rules.weights.iter()) {
                if w > 0 {
                    outcomes.push((GrabMove::Card(c), w));
                }
            }
        }
    }

    fn chance_base(&self) -> Option<GrabMove> {
        let ok = self.rules.base && self.rules.weights[0] > 0 && self.pile > 0;
        (ok && self.card.is_none()).then_some(GrabMove::Card(0))
    }

    fn outcome_extra(&self, mv: GrabMove) -> bool {
        matches!(mv, GrabMove::Take(k) if k > 2)
    }

    fn observation(&self, _seat: Option<Seat>) -> Grab {
        *self
    }

    fn play_unchecked(&mut self, mv: GrabMove) {
        match mv {
            GrabMove::Card(c) => self.card = Some(c),
            GrabMove::Take(k) => {
                let k = k.min(self.pile);
                self.pile -= k;
                self.score[self.seat.index()] += k * k;
                self.card = None;
                self.seat = self.seat.other();
            }
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.pile > 0 {
            return None;
        }
        let m = self.margin(Seat::First);
        Some(Outcome {
            winner: (m != 0).then_some(if m > 0 { Seat::First } else { Seat::Second }),
            reason: format!("{} to {}", self.score[0], self.score[1]),
            points: None,
        })
    }

    fn hash(&self) -> u64 {
        let packed = u64::from(self.pile)
            | u64::from(self.score[0]) << 8
            | u64::from(self.score[1]) << 16
            | (self.seat.index() as u64) << 24
            | u64::from(self.card.map_or(0xFF, |c| c)) << 32;
        let mut z = packed.wrapping_add(0x9e37_79b9_7f4a_7c15);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn move_text(&self, mv: GrabMove) -> String {
        match mv {
            GrabMove::Card(c) => format!("c{c}"),
            GrabMove::Take(k) => k.to_string(),
        }
    }

    fn parse_move(&self, text: &str) -> Result<GrabMove, MoveError> {
        let mv = match text.strip_prefix('c') {
            Some(c) => c.parse().ok().map(GrabMove::Card),
            None => text.parse().ok().map(GrabMove::Take),
        };
        let mut legal = Vec::new();
        self.legal_moves(&mut legal);
        let mut outs = Vec::new();
        self.chance_outcomes(&mut outs);
        match mv {
            Some(m) if legal.contains(&m) || outs.iter().any(|&(o, _)| o == m) => Ok(m),
            Some(_) => Err(MoveError::NotLegal { text: text.into() }),
            None => Err(MoveError::NotAMove {
                text: text.into(),
                game: "Grab".into(),
                why: "not a move".into(),
                examples: "c0, c2, 1, 4".into(),
            }),
        }
    }

    fn position_text(&self) -> String {
        format!(
            "{} left, {}-{}, {:?} {}",
            self.pile,
            self.score[0],
            self.score[1],
            self.seat,
            self.card
                .map_or("to draw".to_string(), |c| format!("drew c{c}"))
        )
    }
}

/// Grab's evaluation: the margin for the seat to act, and bounds from
/// the counters left (each scores at most the square of the pile).
#[derive(Clone, Copy, Debug, Default)]
pub struct GrabEval;

impl Evaluator<Grab> for GrabEval {
    fn evaluate(&self, g: &Grab) -> i32 {
        g.margin(g.turn())
    }

    fn is_tactical(&self, _g: &Grab, _mv: GrabMove) -> bool {
        false
    }

    fn capture_gain(&self, _g: &Grab, _mv: GrabMove) -> i32 {
        0
    }

    fn terminal_score(&self, g: &Grab, seat: Seat, _ply: usize) -> i32 {
        g.margin(seat)
    }

    fn value_bounds(&self, g: &Grab, seat: Seat) -> (i32, i32) {
        let left = i32::from(g.pile) * i32::from(g.pile);
        let m = g.margin(seat);
        (m - left, m + left)
    }
}
