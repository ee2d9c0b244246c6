//! Cardmate's cards as the piece guide shows them: one card per rank (the
//! suit changes nothing in a move), with the page's words and the rank's
//! XBetza of [`super::tables::RANK_BETZA`], so the diagram is the move the
//! engine plays.

use super::card::Rank;
use super::tables::RANK_BETZA;
use crate::piece_card::BuiltGuide;
use crate::registry::CardInfo;

/// Cardmate's piece guide, for its entry.
pub static PIECES: BuiltGuide = BuiltGuide::new(cards);

/// The page's words for each rank's move, One to Ace (forward is toward
/// the opponent).
const WORDS: [&str; 14] = [
    "Moves and captures one square straight forward; moves, without capturing, one square \
     straight back. On entering the opponent's half it may promote to the Ace of its suit.",
    "Moves and captures one square diagonally forward; moves, without capturing, one square \
     straight back.",
    "Moves and captures one square diagonally or straight forward; moves, without capturing, \
     one square straight back.",
    "Moves and captures one square diagonally forward or sideways; moves, without capturing, \
     one square straight back.",
    "Moves and captures one square diagonally forward, sideways or straight forward; moves, \
     without capturing, one square straight back.",
    "Moves and captures one square diagonally (forward or back) or sideways; moves, without \
     capturing, one square straight back.",
    "Moves and captures one square diagonally, sideways or straight forward; moves, without \
     capturing, one square straight back.",
    "Moves and captures as a Knight; moves, without capturing, one square straight back.",
    "Moves and captures as a Bishop, any distance diagonally; moves, without capturing, one \
     square straight back.",
    "Moves and captures as a Rook.",
    "Moves and captures as a Knight, or as a Queen one or two squares (not leaping).",
    "Moves and captures as a Queen.",
    "Moves and captures one square any way, as a chess King; royal (each side has two). No \
     castling.",
    "Moves and captures as a Knight or a Queen (an Amazon).",
];

fn cards() -> Vec<CardInfo> {
    Rank::all()
        .map(|r| {
            let i = usize::from(r.index());
            CardInfo {
                code: r.symbol().to_string(),
                name: r.name().to_string(),
                group: match r {
                    Rank::KING => "royal",
                    r if r.index() >= Rank::TEN.index() => "honour",
                    _ => "card",
                },
                betza: RANK_BETZA[i].to_string(),
                words: WORDS[i].to_string(),
            }
        })
        .collect()
}
