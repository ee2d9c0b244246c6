//! 52Chess's pieces as the piece guide shows them: the chess pieces of its
//! rule set ([`super::rules::variant`]), with the RULINGS' words (F6, F7),
//! so the diagram is the move the engine plays.

use super::rules::variant;
use crate::piece_card::{of_pieces, BuiltGuide};
use crate::registry::CardInfo;

/// 52Chess's piece guide, for its entry.
pub static PIECES: BuiltGuide = BuiltGuide::new(cards);

fn cards() -> Vec<CardInfo> {
    of_pieces(&variant().pieces, |p| {
        match p.letter {
            'P' => {
                "One step forward; captures one step diagonally forward. Two steps forward over an \
                 empty square from its owner's 2nd or 4th rank, however it got there, and may then \
                 be taken en passant (F6). Promotes on the last rank to Queen, Rook, Bishop or \
                 Knight."
            }
            'N' => "Leaps one square one way and two the other, over anything.",
            'B' => "Slides any distance diagonally.",
            'R' => "Slides any distance along the rank or the file.",
            'Q' => "Slides any distance along the rank, the file or a diagonal.",
            'K' => {
                "One step any way. It is taken, not mated: the side that takes the other's King \
                 wins (F7). No castling."
            }
            _ => "",
        }
        .to_string()
    })
}
