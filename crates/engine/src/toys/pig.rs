//! Turn-limited Pig: a dice game with chance nodes (see the module above).

use crate::evaluator::Evaluator;
use deckmate_rules::{Game, MoveError, Outcome, Seat, ToAct};

/// The rules of a game of [`Pig`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct PigRules {
    /// Turns in the game (both seats' together); the game ends after the
    /// last.
    pub turns: u8,
    /// Rolls allowed in one turn; after the last the seat must hold.
    pub max_rolls: u8,
    /// The die's weights, face 1 first (a face of weight 0 never comes
    /// up).
    pub weights: [u32; 6],
    /// Faces up to this one lose the turn total and end the turn.
    pub bust: u8,
    /// A seat that banks at least this many points takes the next turn
    /// too (0: never).
    pub bonus: u8,
    /// The payoff per point of difference at the end.
    pub scale: i32,
    /// The most points of difference that count (0: all): 1 makes the
    /// game a plain win, draw or loss.
    pub cap: u8,
}

impl PigRules {
    /// A fair die, 1 busts, up to `max_rolls` rolls a turn, `turns` turns,
    /// no bonus turns, a point's difference worth 1.
    pub const fn fair(turns: u8, max_rolls: u8) -> PigRules {
        PigRules {
            turns,
            max_rolls,
            weights: [1; 6],
            bust: 1,
            bonus: 0,
            scale: 1,
            cap: 0,
        }
    }

    /// The highest face that can come up.
    pub fn top_face(&self) -> i32 {
        let top = self.weights.iter().rposition(|&w| w > 0);
        top.map_or(0, |f| f as i32 + 1)
    }

    /// The most points one seat can score in a game (every turn its own,
    /// every roll the top face).
    pub fn max_points(&self) -> i32 {
        i32::from(self.turns) * i32::from(self.max_rolls) * self.top_face()
    }

    /// A difference in points within the cap.
    pub fn capped(&self, points: i32) -> i32 {
        match i32::from(self.cap) {
            0 => points,
            c => points.clamp(-c, c),
        }
    }

    /// The largest payoff (in either direction).
    pub fn max_payoff(&self) -> i32 {
        let points = match self.cap {
            0 => self.max_points(),
            c => i32::from(c),
        };
        points * self.scale
    }

    /// The deepest a game goes in choices (a turn is at most its rolls
    /// and the hold).
    pub fn max_choices(&self) -> u32 {
        u32::from(self.turns) * (u32::from(self.max_rolls) + 1)
    }
}

/// A move of [`Pig`]: a seat rolls or holds; chance gives a face.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum PigMove {
    /// Bank the turn total and end the turn.
    Hold,
    /// Roll the die.
    Roll,
    /// The face the die shows (1-6).
    Face(u8),
}

/// A position of turn-limited Pig.
///
/// On its turn a seat rolls the die as often as it likes (up to
/// [`PigRules::max_rolls`]) or holds. A face up to [`PigRules::bust`]
/// loses the turn's total and ends the turn; any other adds to it. Holding
/// banks the total. After [`PigRules::turns`] turns the game ends; the
/// payoff is the difference in points times [`PigRules::scale`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Pig {
    rules: PigRules,
    score: [u8; 2],
    total: u8,
    rolls: u8,
    turns_left: u8,
    seat: Seat,
    rolling: bool,
}

impl Pig {
    /// The start of a game: no points, the first seat's turn.
    pub fn new(rules: PigRules) -> Pig {
        Pig {
            rules,
            score: [0, 0],
            total: 0,
            rolls: 0,
            turns_left: rules.turns,
            seat: Seat::First,
            rolling: false,
        }
    }

    /// The rules.
    pub fn rules(&self) -> &PigRules {
        &self.rules
    }

    /// The payoff for `seat` now: its points less the other's, within the
    /// cap, scaled.
    pub fn margin(&self, seat: Seat) -> i32 {
        let d = i32::from(self.score[seat.index()]) - i32::from(self.score[seat.other().index()]);
        self.rules.capped(d) * self.rules.scale
    }

    /// The seat whose turn it is (also while its roll is in the air).
    pub fn turn(&self) -> Seat {
        self.seat
    }

    fn end_turn(&mut self, banked: u8) {
        self.score[self.seat.index()] += banked;
        self.total = 0;
        self.rolls = 0;
        self.turns_left -= 1;
        let bonus = self.rules.bonus > 0 && banked >= self.rules.bonus;
        if !bonus {
            self.seat = self.seat.other();
        }
    }
}

impl Game for Pig {
    type Move = PigMove;
    type Observation = Pig;

    fn to_act(&self) -> ToAct {
        if self.turns_left == 0 {
            ToAct::Nobody
        } else if self.rolling {
            ToAct::Chance
        } else {
            ToAct::Seat(self.seat)
        }
    }

    fn legal_moves(&self, moves: &mut Vec<PigMove>) {
        if self.turns_left == 0 || self.rolling {
            return;
        }
        moves.push(PigMove::Hold);
        if self.rolls < self.rules.max_rolls {
            moves.push(PigMove::Roll);
        }
    }

    fn chance_outcomes(&self, outcomes: &mut Vec<(PigMove, u32)>) {
        if self.turns_left > 0 && self.rolling {
            for (f, &w) in (1u8..).zip(self.rules.weights.iter()) {
                if w > 0 {
                    outcomes.push((PigMove::Face(f), w));
                }
            }
        }
    }

    fn observation(&self, _seat: Option<Seat>) -> Pig {
        *self
    }

    fn play_unchecked(&mut self, mv: PigMove) {
        match mv {
            PigMove::Hold => self.end_turn(self.total),
            PigMove::Roll => self.rolling = true,
            PigMove::Face(f) => {
                self.rolling = false;
                self.rolls += 1;
                if f <= self.rules.bust {
                    self.end_turn(0);
                } else {
                    self.total += f;
                }
            }
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.turns_left > 0 {
            return None;
        }
        let m = self.margin(Seat::First);
        let winner = match m {
            0 => None,
            m if m > 0 => Some(Seat::First),
            _ => Some(Seat::Second),
        };
        Some(Outcome {
            winner,
            reason: format!("{} to {}", self.score[0], self.score[1]),
            points: None,
        })
    }

    fn hash(&self) -> u64 {
        // The state packed, then mixed (splitmix64's finaliser).
        let packed = u64::from(self.score[0])
            | u64::from(self.score[1]) << 8
            | u64::from(self.total) << 16
            | u64::from(self.rolls) << 24
            | u64::from(self.turns_left) << 32
            | (self.seat.index() as u64) << 40
            | u64::from(self.rolling) << 41;
        let mut z = packed.wrapping_add(0x9e37_79b9_7f4a_7c15);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn move_text(&self, mv: PigMove) -> String {
        match mv {
            PigMove::Hold => "hold".into(),
            PigMove::Roll => "roll".into(),
            PigMove::Face(f) => f.to_string(),
        }
    }

    fn parse_move(&self, text: &str) -> Result<PigMove, MoveError> {
        let mv = match text {
            "hold" => PigMove::Hold,
            "roll" => PigMove::Roll,
            t => match t.parse::<u8>() {
                Ok(f) if (1..=6).contains(&f) => PigMove::Face(f),
                _ => {
                    return Err(MoveError::NotAMove {
                        text: text.into(),
                        game: "Pig".into(),
                        why: "not a move".into(),
                        examples: "roll, hold, 4".into(),
                    })
                }
            },
        };
        let mut legal = Vec::new();
        self.legal_moves(&mut legal);
        let mut outs = Vec::new();
        self.chance_outcomes(&mut outs);
        if legal.contains(&mv) || outs.iter().any(|&(m, _)| m == mv) {
            Ok(mv)
        } else {
            Err(MoveError::NotLegal { text: text.into() })
        }
    }

    fn position_text(&self) -> String {
        format!(
            "{}-{} total {} rolls {} turns {} {:?}{}",
            self.score[0],
            self.score[1],
            self.total,
            self.rolls,
            self.turns_left,
            self.seat,
            if self.rolling { " rolling" } else { "" }
        )
    }
}

/// Pig's evaluation: the margin (with the turn total banked), finished
/// games scored by their margin, and the value bounds the margins allow
/// from the start of a game.
#[derive(Clone, Debug)]
pub struct PigEval {
    bound: i32,
    tight: bool,
}

impl PigEval {
    /// The evaluation for games played by `rules` from the start, with
    /// bounds on the values from each position's score and the points
    /// still to play for.
    pub fn new(rules: &PigRules) -> PigEval {
        PigEval {
            bound: rules.max_payoff(),
            tight: true,
        }
    }

    /// The same with one bound for every position: the largest payoff of
    /// the game (what a game that knows no better declares).
    pub fn loose(rules: &PigRules) -> PigEval {
        PigEval {
            bound: rules.max_payoff(),
            tight: false,
        }
    }
}

impl Evaluator<Pig> for PigEval {
    fn evaluate(&self, g: &Pig) -> i32 {
        let me = g.turn();
        let points = i32::from(g.score[me.index()]) + i32::from(g.total)
            - i32::from(g.score[me.other().index()]);
        g.rules.capped(points) * g.rules.scale
    }

    fn is_tactical(&self, _g: &Pig, _mv: PigMove) -> bool {
        false
    }

    fn capture_gain(&self, _g: &Pig, _mv: PigMove) -> i32 {
        0
    }

    fn terminal_score(&self, g: &Pig, seat: Seat, _ply: usize) -> i32 {
        g.margin(seat)
    }

    fn value_bounds(&self, g: &Pig, seat: Seat) -> (i32, i32) {
        if !self.tight {
            return (-self.bound, self.bound);
        }
        // Whoever's turn it is may bank its total; every turn left may
        // bring either seat its most points.
        let points = |s: Seat| i32::from(g.score[s.index()]);
        let margin = points(seat) - points(seat.other());
        let ahead = i32::from(g.turns_left) * i32::from(g.rules.max_rolls) * g.rules.top_face()
            + i32::from(g.total);
        let r = &g.rules;
        (
            r.capped(margin - ahead) * r.scale,
            r.capped(margin + ahead) * r.scale,
        )
    }
}
