//! The rules as deckmate plays them, for `deckmate rules cardmate`.

/// The rules of Cardmate as implemented, with the RULINGS tags.
pub const RULES: &str = include_str!("rules.txt");

/// How Cardmate moves are typed, for the terminal's 'help'.
pub(super) const MOVE_HELP: &str =
    "Type a move in the page's notation: the card, ':' if it captures, the
target square, '=A' when a One promotes: 4Ci3, 9H:c5, 1Sd5=A.
The signs + (first King), x (second King) and # (palace) may be left out,
and letters may be in either case (8d:j7). Or type the squares the card
goes from and to: e1e3, e1-e3, d4xe5, d4d5=A (a One that may promote or
not needs its =A or is ambiguous).
When a card can capture an enemy card of its own suit, some such capture
is compulsory (rule C3): 'moves' lists what is allowed.";
