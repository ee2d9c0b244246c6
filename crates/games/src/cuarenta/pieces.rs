//! Cuarenta's pieces as the piece guide shows them: the RULINGS' words
//! (Q3-Q7) and each kind's XBetza ([`Piece::betza`]), so the diagram is
//! the move the engine plays. On the board only the light squares exist:
//! a diagram's two-square orthogonal step is the next light square.

use super::piece::Piece;
use crate::piece_card::BuiltGuide;
use crate::registry::CardInfo;

/// Cuarenta's piece guide, for its entry.
pub static PIECES: BuiltGuide = BuiltGuide::new(cards);

/// The RULINGS' words for a kind's move (Q3-Q7).
fn words(p: Piece) -> &'static str {
    match p {
        Piece::King => {
            "Royal. One diagonal step, moving or capturing; or, moving only, to the light square \
             two ranks straight forward or back (Q3). Castles with the original Camel (Q8)."
        }
        Piece::Bishop => "Slides any distance diagonally (Q4).",
        Piece::Camel => "Leaps one square one way and three the other, over anything (Q4).",
        Piece::Guard => {
            "One or two squares diagonally, jumping the first; captures the same way (Q4)."
        }
        Piece::Vao => {
            "Moves as a Bishop without capturing; captures by jumping exactly one piece on a \
             diagonal and taking the first enemy beyond it (Q5)."
        }
        Piece::Frog => {
            "Moves and captures to the light square two squares away orthogonally; or jumps, in \
             any of the 8 directions, over an unbroken line of friendly pieces to the next light \
             square beyond, empty or enemy (Q6)."
        }
        Piece::Pawn => {
            "Moves and captures one diagonal step forward, or to the light square two files left \
             or right; never captures a pawn. Promotes in the last three ranks (Q7)."
        }
    }
}

fn cards() -> Vec<CardInfo> {
    Piece::ALL
        .iter()
        .map(|&p| CardInfo {
            code: p.letter().to_string(),
            name: p.name().to_string(),
            group: match p {
                Piece::King => "royal",
                Piece::Pawn => "pawn",
                _ => "piece",
            },
            betza: p.betza().to_string(),
            words: words(p).to_string(),
        })
        .collect()
}
