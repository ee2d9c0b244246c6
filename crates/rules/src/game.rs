//! The `Game` trait every deckmate game implements.

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
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum ToAct {
    /// A player chooses a move.
    Seat(Seat),
    /// Chance chooses among [`Game::chance_outcomes`] (a draw, a deal).
    Chance,
    /// Nobody: the game is over.
    Nobody,
}

/// How a finished game ended.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Outcome {
    /// The winner, or `None` for a draw.
    pub winner: Option<Seat>,
    /// Why, in words: "Rearhand captured Forehand's second King".
    pub reason: String,
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

/// A move that is not legal in the position, with the reason.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct IllegalMove {
    /// The move as written.
    pub text: String,
    /// Why it is not legal.
    pub reason: String,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "illegal move {}: {}", self.text, self.reason)
    }
}

impl std::error::Error for IllegalMove {}

/// A game's rules, as the engine, perft, records and the shells see them.
///
/// Positions are values: `Clone` is cheap enough for copy-make search.
pub trait Game: Clone + Send + Sync + 'static {
    /// A move (or a chance outcome) in this game.
    type Move: Copy + Eq + std::hash::Hash + fmt::Debug + Send + Sync + 'static;

    /// Who acts next.
    fn to_act(&self) -> ToAct;

    /// Appends the legal moves of the seat to act (nothing when chance or
    /// nobody acts). Chance outcomes come from [`Game::chance_outcomes`].
    fn legal_moves(&self, moves: &mut Vec<Self::Move>);

    /// The number of legal moves; games override it with a faster count
    /// (perft's bulk counting at the last ply).
    fn count_moves(&self) -> u64 {
        let mut v = Vec::new();
        self.legal_moves(&mut v);
        v.len() as u64
    }

    /// Appends chance's outcomes with their probabilities (summing to 1) when
    /// [`Game::to_act`] is [`ToAct::Chance`].
    fn chance_outcomes(&self, _outcomes: &mut Vec<(Self::Move, f64)>) {}

    /// Plays a move known to be legal (from [`Game::legal_moves`] or a chance
    /// outcome). Behaviour on any other move is unspecified but memory safe.
    fn play_unchecked(&mut self, mv: Self::Move);

    /// Plays a move after checking that it is legal.
    fn play(&mut self, mv: Self::Move) -> Result<(), IllegalMove> {
        let mut moves = Vec::new();
        match self.to_act() {
            ToAct::Chance => {
                let mut outs = Vec::new();
                self.chance_outcomes(&mut outs);
                moves.extend(outs.into_iter().map(|(m, _)| m));
            }
            _ => self.legal_moves(&mut moves),
        }
        if moves.contains(&mv) {
            self.play_unchecked(mv);
            Ok(())
        } else {
            Err(IllegalMove {
                text: format!("{mv:?}"),
                reason: "not a legal move in this position".to_string(),
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
    fn parse_move(&self, text: &str) -> Result<Self::Move, IllegalMove>;

    /// The position string (FEN-like).
    fn position_text(&self) -> String;
}
