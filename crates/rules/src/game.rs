//! The `Game` trait every deckmate game implements.

use crate::{MoveError, SeededRng};
use std::fmt;

/// One of the two players. `First` moves first (Cardmate's Forehand, White).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Seat {
    /// The player who moves first.
    First,
    /// The player who moves second.
    Second,
}

impl Seat {
    /// The other seat.
    #[inline]
    pub const fn other(self) -> Seat {
        match self {
            Seat::First => Seat::Second,
            Seat::Second => Seat::First,
        }
    }

    /// 0 for `First`, 1 for `Second`.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Both seats, first one first.
    pub const BOTH: [Seat; 2] = [Seat::First, Seat::Second];
}

/// Who acts next.
///
/// Nothing assumes that the seats alternate: a game may give one seat
/// several moves in a row, put chance between two moves, or let both seats
/// act at once.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum ToAct {
    /// A player chooses a move.
    Seat(Seat),
    /// Both players choose, each unseen by the other (a secret
    /// arrangement in a setup phase). Each seat's moves come from
    /// [`Game::legal_moves_of`]; a move says whose it is
    /// ([`Game::seat_of`]), and [`Game::play_as`] checks the sender. Once
    /// one seat has moved the game says `Seat(other)`, and the phase ends
    /// when both have. Perft and the search take the two choices one
    /// after the other (both orders, so perft counts each pair twice).
    Both,
    /// Chance chooses among [`Game::chance_outcomes`] (a draw, a deal).
    Chance,
    /// Nobody: the game is over.
    Nobody,
}

impl ToAct {
    /// Whether `seat` may move now.
    pub fn includes(self, seat: Seat) -> bool {
        match self {
            ToAct::Seat(s) => s == seat,
            ToAct::Both => true,
            ToAct::Chance | ToAct::Nobody => false,
        }
    }
}

/// How a finished game ended.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Outcome {
    /// The winner, or `None` for a draw.
    pub winner: Option<Seat>,
    /// Why, in words: "Rearhand captured Forehand's second King".
    pub reason: String,
    /// The seats' points, first seat first, in a game scored in points
    /// (Chess Cards' match totals, overmates included): data, not only
    /// words in `reason`. `None` in a game won or drawn without points.
    pub points: Option<[u32; 2]>,
}

impl Outcome {
    /// The PGN-style result: `1-0`, `0-1` or `1/2-1/2`.
    pub fn result_text(&self) -> &'static str {
        match self.winner {
            Some(Seat::First) => "1-0",
            Some(Seat::Second) => "0-1",
            None => "1/2-1/2",
        }
    }
}

/// A game's rules, as the engine, perft, records and the shells see them.
///
/// Positions are values: `Clone` is cheap enough for copy-make search.
pub trait Game: Clone + Send + Sync + 'static {
    /// A move (or a chance outcome) in this game.
    type Move: Copy + Eq + std::hash::Hash + fmt::Debug + Send + Sync + 'static;

    /// What one seat (or a spectator) may see of a position: see
    /// [`Game::observation`].
    type Observation: Clone + Send + 'static;

    /// Who acts next.
    fn to_act(&self) -> ToAct;

    /// Appends the legal moves of the seat to act (nothing when chance or
    /// nobody acts; both seats' moves when both act). Chance outcomes come
    /// from [`Game::chance_outcomes`].
    fn legal_moves(&self, moves: &mut Vec<Self::Move>);

    /// The number of legal moves; games override it with a faster count
    /// (perft's bulk counting at the last ply).
    fn count_moves(&self) -> u64 {
        let mut v = Vec::new();
        self.legal_moves(&mut v);
        v.len() as u64
    }

    /// Whose move `mv` is in this position: the seat to act, or, when both
    /// seats act ([`ToAct::Both`]), the seat the move says (games with a
    /// simultaneous phase override this); `None` for a chance outcome or
    /// when nobody acts.
    fn seat_of(&self, mv: Self::Move) -> Option<Seat> {
        let _ = mv;
        match self.to_act() {
            ToAct::Seat(s) => Some(s),
            _ => None,
        }
    }

    /// The legal moves of `seat` alone: the same as [`Game::legal_moves`]
    /// when `seat` is to act, its own part ([`Game::seat_of`]) when both
    /// seats act ([`ToAct::Both`]), nothing otherwise.
    fn legal_moves_of(&self, seat: Seat, moves: &mut Vec<Self::Move>) {
        match self.to_act() {
            ToAct::Seat(s) if s == seat => self.legal_moves(moves),
            ToAct::Both => {
                let mut all = Vec::new();
                self.legal_moves(&mut all);
                moves.extend(all.into_iter().filter(|&m| self.seat_of(m) == Some(seat)));
            }
            _ => {}
        }
    }

    /// Appends chance's outcomes with their weights when [`Game::to_act`]
    /// is [`ToAct::Chance`]: an outcome's probability is its weight over
    /// the sum of the weights. Weights are positive integers so that
    /// sampling ([`Game::sample_chance`]) is exact and reproducible.
    ///
    /// Outcomes that lead to the same play may be given as one, weighted by
    /// their number (52Chess's cards that let nothing teleport): the search
    /// needs no more. [`Game::is_chance_outcome`] still accepts each of them.
    fn chance_outcomes(&self, _outcomes: &mut Vec<(Self::Move, u32)>) {}

    /// Where chance acts: an outcome (one of [`Game::chance_outcomes`])
    /// whose position offers moves that every other outcome's position
    /// offers too, the others adding moves of their own
    /// ([`Game::outcome_extra`]) and nothing else changing: 52Chess's
    /// cards that teleport nothing, when a normal move exists. The seat
    /// that acts after any outcome is then worth at least what it is worth
    /// after this one, and a search may value each other outcome by its
    /// own moves alone against that floor. `None` (the default): no such
    /// outcome.
    fn chance_base(&self) -> Option<Self::Move> {
        None
    }

    /// In a position just reached by a chance outcome other than
    /// [`Game::chance_base`]'s: whether `mv` is one of the moves the
    /// outcome adds (52Chess's teleports to the drawn card's square). Only
    /// asked where [`Game::chance_base`] named a base.
    fn outcome_extra(&self, _mv: Self::Move) -> bool {
        false
    }

    /// Whether `mv` is one of chance's outcomes now (a draw a record or a
    /// shell may play). By default, one of [`Game::chance_outcomes`]; a game
    /// that groups outcomes answers for every member of a group.
    fn is_chance_outcome(&self, mv: Self::Move) -> bool {
        let mut outs = Vec::new();
        self.chance_outcomes(&mut outs);
        outs.iter().any(|&(m, _)| m == mv)
    }

    /// Draws chance's outcome from the game's seeded stream, each outcome
    /// with the probability its weight gives (exactly: one uniform draw
    /// below the total weight). `None` when chance does not act.
    fn sample_chance(&self, rng: &mut SeededRng) -> Option<Self::Move> {
        let mut outs = Vec::new();
        self.chance_outcomes(&mut outs);
        pick_weighted(&outs, rng)
    }

    /// The number a record writes before the move made from this position,
    /// when one of the game's numbered turns starts here (a turn may hold a
    /// chance event and a move, or one seat's several moves). `None` in
    /// every position (the default) numbers a record's moves in pairs
    /// from 1.
    fn move_number(&self) -> Option<u32> {
        None
    }

    /// What a position's repetition is judged by (by default the
    /// [`Game::hash`]). A game whose chance events should not make
    /// positions differ for repetition (52Chess: whatever cards were
    /// drawn, F8) leaves them out here.
    fn repetition_key(&self) -> u64 {
        self.hash()
    }

    /// What `seat` may observe of the game (`None`: a spectator). Views,
    /// answers and records for a seat are built from this alone, so a
    /// secret (a seed that decides future draws, an arrangement not yet
    /// revealed) cannot leak through them. Games of perfect information
    /// return the position itself.
    fn observation(&self, seat: Option<Seat>) -> Self::Observation;

    /// How a move made by `mover`, written `text`, reads to `viewer`
    /// (`None`: a spectator) in this position: a game with secrets hides
    /// here a move the viewer may not know yet (another seat's secret
    /// arrangement). By default every move reads as written.
    fn move_seen_by(&self, mover: Option<Seat>, text: &str, viewer: Option<Seat>) -> String {
        let _ = (mover, viewer);
        text.to_string()
    }

    /// Whether playing `mv` here reveals what a seat did not know (the
    /// arrangement that completes a secret setup), so that a takeback may
    /// not go back past it; chance's own moves always count. By default
    /// no move does.
    fn reveals(&self, mv: Self::Move) -> bool {
        let _ = mv;
        false
    }

    /// Whether the game's full record would now show a viewer something it
    /// may not know yet (a seed that decides draws still to come, an
    /// arrangement not yet revealed). By default nothing is secret.
    fn secrets_pending(&self) -> bool {
        false
    }

    /// Whether `mv` belongs to a setup phase before play (a secret
    /// arrangement): a move list shows such moves apart and numbers play
    /// from 1. By default there is none.
    fn is_setup_move(mv: Self::Move) -> bool
    where
        Self: Sized,
    {
        let _ = mv;
        false
    }

    /// Reads a move sent by `seat` (`None`: typed with no seat known, as at
    /// one keyboard): by default [`Game::parse_move`], whoever sends it. A
    /// game whose seats act at once may read a text by its sender (Dealer's
    /// Chess: `random` is the sender's arrangement).
    fn parse_move_as(&self, seat: Option<Seat>, text: &str) -> Result<Self::Move, MoveError> {
        let _ = seat;
        self.parse_move(text)
    }

    /// Plays a move known to be legal (from [`Game::legal_moves`] or a chance
    /// outcome). Behaviour on any other move is unspecified but memory safe.
    fn play_unchecked(&mut self, mv: Self::Move);

    /// Plays a move after checking that it is legal; the error is
    /// [`MoveError::NotLegal`] (use [`Game::parse_move`] for the reason).
    /// It does not ask who sends the move: when both seats act, a shell
    /// plays a seat's move with [`Game::play_as`].
    fn play(&mut self, mv: Self::Move) -> Result<(), MoveError> {
        let legal = if self.to_act() == ToAct::Chance {
            self.is_chance_outcome(mv)
        } else {
            let mut moves = Vec::new();
            self.legal_moves(&mut moves);
            moves.contains(&mv)
        };
        if legal {
            self.play_unchecked(mv);
            Ok(())
        } else {
            Err(MoveError::NotLegal {
                text: format!("{mv:?}"),
            })
        }
    }

    /// Plays `seat`'s move after checking that it is one of that seat's
    /// legal moves ([`Game::legal_moves_of`]): a seat never plays for the
    /// other, also when both act.
    fn play_as(&mut self, seat: Seat, mv: Self::Move) -> Result<(), MoveError> {
        let mut moves = Vec::new();
        self.legal_moves_of(seat, &mut moves);
        if moves.contains(&mv) {
            self.play_unchecked(mv);
            Ok(())
        } else {
            Err(MoveError::NotLegal {
                text: format!("{mv:?}"),
            })
        }
    }

    /// The result once the game is over.
    fn outcome(&self) -> Option<Outcome>;

    /// A zobrist hash of the position (placement, side to act, and whatever
    /// else makes positions differ for the rules).
    fn hash(&self) -> u64;

    /// The move in the game's notation, as played from this position.
    fn move_text(&self, mv: Self::Move) -> String;

    /// Reads a move in the game's notation and checks it is legal here; the
    /// error says why not.
    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveError>;

    /// The position string (FEN-like).
    fn position_text(&self) -> String;
}

/// One of `outcomes` drawn with the probability its weight gives: a
/// uniform draw below the total weight, then the outcome whose share holds
/// it. `None` when there is no outcome or every weight is 0.
pub fn pick_weighted<M: Copy>(outcomes: &[(M, u32)], rng: &mut SeededRng) -> Option<M> {
    let total: u64 = outcomes.iter().map(|&(_, w)| u64::from(w)).sum();
    if total == 0 {
        return None;
    }
    let mut r = rng.below(total);
    for &(m, w) in outcomes {
        let w = u64::from(w);
        if r < w {
            return Some(m);
        }
        r -= w;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weighted_draws_follow_the_weights_exactly() {
        let outs = [('a', 1), ('b', 0), ('c', 3)];
        let mut rng = SeededRng::new(5);
        let mut counts = [0u32; 3];
        for _ in 0..40_000 {
            match pick_weighted(&outs, &mut rng) {
                Some('a') => counts[0] += 1,
                Some('b') => counts[1] += 1,
                Some('c') => counts[2] += 1,
                other => panic!("{other:?}"),
            }
        }
        assert_eq!(counts[1], 0, "a weight of 0 is never drawn");
        assert!((9_000..11_000).contains(&counts[0]), "{counts:?}");
        assert!((29_000..31_000).contains(&counts[2]), "{counts:?}");
        // The same seed draws the same outcomes.
        let draw = |seed| {
            let mut r = SeededRng::new(seed);
            (0..20)
                .map(|_| pick_weighted(&outs, &mut r))
                .collect::<Vec<_>>()
        };
        assert_eq!(draw(9), draw(9));
        assert_eq!(pick_weighted::<char>(&[], &mut rng), None);
        assert_eq!(pick_weighted(&[('x', 0)], &mut rng), None);
    }

    #[test]
    fn to_act_includes_its_seats() {
        assert!(ToAct::Both.includes(Seat::First) && ToAct::Both.includes(Seat::Second));
        assert!(ToAct::Seat(Seat::Second).includes(Seat::Second));
        assert!(!ToAct::Seat(Seat::Second).includes(Seat::First));
        assert!(!ToAct::Chance.includes(Seat::First) && !ToAct::Nobody.includes(Seat::First));
    }
}
