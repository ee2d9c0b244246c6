//! 52Chess's texts: the rules as deckmate plays them, the rule on
//! takebacks and how moves are typed.

/// The rules as deckmate plays them (`deckmate rules 52chess`).
pub const RULES: &str = include_str!("rules.txt");

/// 52Chess's rule on takebacks, as the rules text and a refused takeback
/// say it.
pub const TAKEBACK_RULE: &str = "a card once drawn stays drawn, and a takeback never goes back \
     past one: the seed would draw the same cards again, so a player would see the cards to \
     come before choosing (every move is followed by the next card, so no move can be taken back)";

/// How 52Chess moves are typed, for the terminal's 'help'.
pub(super) const MOVE_HELP: &str =
    "Type a move in 52Chess's notation. The card for your move is drawn for you
(shown as 'Card drawn'). Then either teleport a piece (not the King) to the
card's square if it is empty: the piece letter, its square, '@' and the
card's square, Nd3@c7 (a pawn written Pa2@b7); or make a normal chess move
in SAN: e5, Nxc5, b13=Q. Piece letters may be in lower case (nd3@c7), and
from-to coordinates work too (d3b5, d3-c5, b12b13q); where a teleport and a
normal move join the same squares the from-to is ambiguous: write one of
them. With neither possible, pass: --. There is no check
rule: the King is taken. 'moves' lists the teleports and the moves.";
