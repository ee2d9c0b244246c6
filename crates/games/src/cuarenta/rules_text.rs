//! The rules as deckmate plays them, for `deckmate rules cuarenta`.

/// The rules of Cuarenta as implemented, with the RULINGS tags.
pub const RULES: &str = include_str!("rules.txt");

/// How Cuarenta moves are typed, for the terminal's 'help'.
pub(super) const MOVE_HELP: &str =
    "Type a move in Cuarenta's notation: the piece letter (K B C V G F P, the
P written too), the file or rank it leaves when needed, 'x' when it
captures, the target square: Fa4, Pbc6, Vxf7, Ce4. A pawn promoting adds
=C (or on the last rank =F, =G, =V, =B): Pce8=C. Castling (King and Camel
swap) is O-O. Check signs may be left out, piece letters may be in lower
case (fa4), and from-to coordinates work too: d1a4, b3-c4 (a pawn's
promotion adds its =C, or it is ambiguous).";
