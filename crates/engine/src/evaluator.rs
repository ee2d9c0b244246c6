//! What the search needs to know about a game beyond its rules.
//!
//! The search ([`crate::search::Searcher`]) is generic over any [`Game`]
//! whose seats alternate (negamax); everything it knows about a particular
//! game comes through this trait; each game's module in `deckmate-games`
//! implements it. A new game plugs in by implementing it: only
//! [`Evaluator::evaluate`], [`Evaluator::is_tactical`] and
//! [`Evaluator::capture_gain`] are required; the rest have generic defaults.
//! (Games with chance nodes, such as 52Chess, need an expectimax layer
//! above this; the trait is ready for it, the search is not yet.)

use deckmate_rules::Game;

/// A static evaluation with what it found on the way.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Eval {
    /// The score for the side to act, centipawn-like.
    pub score: i32,
    /// The side to act faces an immediate loss if it does nothing about it
    /// (the opponent, were it to move, could win at once): the game's
    /// "check". Quiescence does not stand pat on such a position.
    pub threatened: bool,
    /// Whether every legal move is forced (no standing pat), if the
    /// evaluation found out on the way; `None`: the search asks
    /// [`Evaluator::must_move`] after generating the moves.
    pub forced: Option<bool>,
    /// Whether the game is over (no legal move), if the evaluation found
    /// out; `None`: the search generates the moves to see. When `Some`, the
    /// search may stand pat without generating moves.
    pub terminal: Option<bool>,
}

impl Eval {
    /// An evaluation that knows nothing beyond its score.
    pub fn score(score: i32) -> Eval {
        Eval {
            score,
            threatened: false,
            forced: None,
            terminal: None,
        }
    }
}

/// Per-game knowledge for the search. Scores are from the point of view of
/// the side to act.
pub trait Evaluator<G: Game>: Send + Sync {
    /// The static evaluation of a position where a seat is to act.
    fn evaluate(&self, game: &G) -> i32;

    /// The evaluation and whether the side to act is threatened with an
    /// immediate loss. Games without such a notion keep the default.
    fn evaluate_full(&self, game: &G) -> Eval {
        Eval::score(self.evaluate(game))
    }

    /// Whether a move changes the material balance or wins at once (searched
    /// in quiescence).
    fn is_tactical(&self, game: &G, mv: G::Move) -> bool;

    /// The most a move can gain at once (the value of what it captures or
    /// promotes to), for pruning hopeless captures in quiescence.
    fn capture_gain(&self, game: &G, mv: G::Move) -> i32;

    /// A rough ordering score among tactical moves: higher is tried first
    /// (captures by victim value, then by the cheaper attacker).
    fn order_score(&self, game: &G, mv: G::Move) -> i32 {
        self.capture_gain(game, mv)
    }

    /// Whether the side to act may not "stand pat" in quiescence because
    /// every legal move is forced (as when captures are compulsory).
    /// `moves` are the legal moves of `game`, not empty.
    fn must_move(&self, _game: &G, _moves: &[G::Move]) -> bool {
        false
    }

    /// A small index for the history heuristic, below
    /// [`Evaluator::history_size`].
    fn history_index(&self, _game: &G, _mv: G::Move) -> usize {
        0
    }

    /// The size of the history table.
    fn history_size(&self) -> usize {
        1
    }
}
