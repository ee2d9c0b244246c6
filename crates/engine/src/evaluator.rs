//! What the search needs to know about a game beyond its rules.
//!
//! The search ([`crate::search::Searcher`]) is generic over any [`Game`]
//! (negamax over the seats, expectimax at chance nodes); everything it
//! knows about a particular game comes through this trait; each game's
//! module in `deckmate-games` implements it. A new game plugs in by
//! implementing it: only [`Evaluator::evaluate`],
//! [`Evaluator::is_tactical`] and [`Evaluator::capture_gain`] are
//! required; the rest have generic defaults. Games with chance nodes may
//! declare tighter bounds on their values ([`Evaluator::value_bounds`]),
//! which the search's chance-node pruning works from, and their own scores
//! for finished games ([`Evaluator::terminal_score`]); a game whose
//! [`Game::to_act`] is dear answers it cheaper in [`Evaluator::to_act`].

use crate::search::WIN;
use deckmate_rules::{Game, Seat, ToAct};

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

/// What [`Evaluator::candidate_moves`] learnt of a node, handed back to
/// [`Evaluator::is_legal_candidate`] with each move the search tries: 256
/// bits for the evaluator to use as it likes (a set of squares, a flag).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct CandidateNote(pub [u64; 4]);

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

    /// Whether a tactical move loses material by a plain exchange: the
    /// piece it brings is worth more than what it wins, and the other side
    /// can take it there (a one-step static exchange test). The search
    /// tries such moves after the quiet ones and leaves them out of
    /// quiescence, unless every move is forced. The default, `false`,
    /// keeps every capture.
    fn losing_capture(&self, _game: &G, _mv: G::Move) -> bool {
        false
    }

    /// The moves the search tries at an inner node of `game` (not the
    /// root): by default its legal moves. An evaluator whose legality test
    /// costs much may give candidates instead, moves some of which may
    /// prove illegal when the search comes to them
    /// ([`Evaluator::is_legal_candidate`]), so that a node cut off by its
    /// first moves tests no others. It must then give only legal moves,
    /// or at least `min_legal` legal ones: an empty list still means no
    /// legal move, and a list of fewer than `min_legal` moves holds only
    /// legal ones (the search counts a node's replies below it). What it
    /// learns of the node on the way, it may keep in the note it returns.
    fn candidate_moves(
        &self,
        game: &G,
        _min_legal: usize,
        moves: &mut Vec<G::Move>,
    ) -> CandidateNote {
        game.legal_moves(moves);
        CandidateNote::default()
    }

    /// The candidates of a quiescence node that may stand pat (the
    /// evaluation said the game goes on and no move is forced): every
    /// tactical move ([`Evaluator::is_tactical`]) among the candidates
    /// [`Evaluator::candidate_moves`] would give, in the same order, with
    /// a note [`Evaluator::is_legal_candidate`] reads the same way. Other
    /// moves may be in the list (the search skips them), and the list may
    /// be empty. By default, `candidate_moves` with `min_legal` 1.
    fn tactical_candidates(&self, game: &G, moves: &mut Vec<G::Move>) -> CandidateNote {
        self.candidate_moves(game, 1, moves)
    }

    /// Whether a move of [`Evaluator::candidate_moves`] is legal, `note`
    /// being what that call returned: asked before the search tries it.
    /// By default every candidate is.
    fn is_legal_candidate(&self, _game: &G, _note: &CandidateNote, _mv: G::Move) -> bool {
        true
    }

    /// Whether the side to act may not "stand pat" in quiescence because
    /// every legal move is forced (as when captures are compulsory).
    /// `moves` are the moves of `game` (its
    /// [`Evaluator::candidate_moves`]), not empty.
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

    /// Who acts in `game`, as the search asks at every node: by default
    /// [`Game::to_act`]. A game whose `to_act` is dear (one that counts the
    /// legal moves to tell a finished game) may answer `Seat(side to
    /// move)` for a finished position too: the search then finds no legal
    /// move and scores the end by [`Evaluator::terminal_score`]. `Chance`
    /// and `Both` must be answered exactly.
    #[inline]
    fn to_act(&self, game: &G) -> ToAct {
        game.to_act()
    }

    /// The score of a finished game for `seat`, `ply` plies from the root.
    /// By default a win is `WIN - ply` (sooner is better), a loss its
    /// negation, a draw 0, from [`Game::outcome`]. Games that end with a
    /// margin (points) may score it instead, within
    /// [`Evaluator::value_bounds`]; the score for one seat must be the
    /// negation of the other's.
    fn terminal_score(&self, game: &G, seat: Seat, ply: usize) -> i32 {
        match game.outcome().and_then(|o| o.winner) {
            Some(w) if w == seat => WIN - ply as i32,
            Some(_) => -WIN + ply as i32,
            None => 0,
        }
    }

    /// The position with the turn passed to the other seat and nothing
    /// else changed (no legal move: the search's null move), where passing
    /// is a fair test of a position's strength. The search then prunes a
    /// node whose side, even passing, keeps the score above its window
    /// (null-move pruning). Return `None` (the default) where a pass would
    /// mislead: a game whose seats do not alternate, a side that may be in
    /// zugzwang (only royals and pawns left), a move that is compulsory.
    fn null_move(&self, _game: &G) -> Option<G> {
        None
    }

    /// Bounds on the value, from `seat`'s point of view, of `game` and of
    /// every position after it: the least and the greatest the search can
    /// give them, evaluations and finished games alike (and 0, where a
    /// repetition can be reached). `-WIN..=WIN` by default. The search
    /// prunes chance nodes with these bounds (Star1, Star2): the tighter,
    /// the more it prunes; a value outside them makes chance nodes' values
    /// wrong.
    fn value_bounds(&self, _game: &G, _seat: Seat) -> (i32, i32) {
        (-WIN, WIN)
    }
}
