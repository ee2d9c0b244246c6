//! What the search needs to know about a game beyond its rules.

use deckmate_rules::Game;

/// Per-game knowledge for the search. Scores are centipawn-like, from the
/// point of view of the side to act.
pub trait Evaluator<G: Game>: Send + Sync {
    /// The static evaluation of a position where a seat is to act.
    fn evaluate(&self, game: &G) -> i32;
    /// Whether a move changes material (searched in quiescence).
    fn is_tactical(&self, game: &G, mv: G::Move) -> bool;
    /// The most a move can gain at once (the value of what it captures or
    /// promotes to), for pruning hopeless captures in quiescence.
    fn capture_gain(&self, game: &G, mv: G::Move) -> i32;
    /// A rough ordering score: higher is tried first (captures by value).
    fn order_score(&self, game: &G, mv: G::Move) -> i32;
    /// Whether the side to act may not "stand pat" in quiescence because
    /// every legal move is forced (Cardmate's compulsory captures).
    fn must_move(&self, game: &G) -> bool;
    /// A small index for the history heuristic, below [`Evaluator::history_size`].
    fn history_index(&self, game: &G, mv: G::Move) -> usize;
    /// The size of the history table.
    fn history_size(&self) -> usize;
}
