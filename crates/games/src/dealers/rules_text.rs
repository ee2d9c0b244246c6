//! Dealer's Chess's texts: the rules as deckmate plays them, the rule on
//! takebacks and how moves are typed.

/// The rules as deckmate plays them (`deckmate rules dealers`).
pub const RULES: &str = include_str!("rules.txt");

/// Dealer's Chess's rule on takebacks, as the rules text and a refused
/// takeback say it.
pub const TAKEBACK_RULE: &str = "a takeback never goes back past the reveal of the arrangements, \
     an agreed re-deal or a big-deck draw: the seed would deal, draw and (for the computer) \
     arrange the same again, so a seat would see before choosing what it may not know yet";

/// How moves are typed, for the terminal's 'help'.
pub(super) const MOVE_HELP: &str =
    "First arrange: type your back row from file a (the royal's square left
out), '/', then your pawns from file a, each card by its code (one letter
bare, longer in brackets): [AR][CA]N[GR][LI][NR][UN]/P[CP][LB]P[ZO][HP][AP][MG].
The cards you leave off the back row go to your hand. Or type 'random'.
Then play: the man's code (optional, in any case), its square, '-' or 'x',
the target: Pe2-e4, [GR]b1xf5, grb1xf5, e2e4. Promotion from the hand
(without it a promoting from-to is ambiguous): Pe7-e8=[LI], or
Pe7-e8=Q(shared) for a shared extra. En passant: Pd5xe6ep. Castling: O-O,
O-O-O. 'moves' lists the legal moves; 'deckmate cards CODE' shows a card.";
