//! Piece cards: a piece's name, its move in words and in XBetza, and its
//! move diagram, drawn by one renderer for every game. Dealer's Chess's
//! printable reference cards (RULINGS D10) are such cards; so are the
//! cards every board game's piece guide (the registry's [`PieceGuide`])
//! offers the web app: the rules pages' pieces and a piece's card on hover
//! or long press.
//!
//! - [`diagram`]: the marks a move's compiled XBetza makes around a piece;
//! - [`layout`]: the card, laid out once over a drawing surface;
//! - [`svg`]: the card as an SVG document.
//!
//! [`BuiltGuide`] is a guide made once from a game's list (its first use
//! builds it); [`of_pieces`] makes the cards of the fairy core's pieces.

pub mod diagram;
pub mod layout;
pub mod svg;

use crate::fairy::{PieceKind, PieceSpec};
use crate::registry::{CardInfo, PieceGuide};
use std::sync::OnceLock;

/// A piece guide built on first use from a function.
pub struct BuiltGuide {
    build: fn() -> Vec<CardInfo>,
    cards: OnceLock<Vec<CardInfo>>,
}

impl BuiltGuide {
    /// The guide whose cards `build` makes.
    pub const fn new(build: fn() -> Vec<CardInfo>) -> BuiltGuide {
        BuiltGuide {
            build,
            cards: OnceLock::new(),
        }
    }
}

impl PieceGuide for BuiltGuide {
    fn pieces(&self) -> &[CardInfo] {
        self.cards.get_or_init(self.build)
    }
}

/// A guide of cards made at runtime (a variant file's).
pub struct ListGuide(pub Vec<CardInfo>);

impl PieceGuide for ListGuide {
    fn pieces(&self) -> &[CardInfo] {
        &self.0
    }
}

/// The word a card gives a piece of this kind.
pub fn group_word(kind: PieceKind) -> &'static str {
    match kind {
        PieceKind::Royal => "royal",
        PieceKind::Piece => "piece",
        PieceKind::Pawn => "pawn",
    }
}

/// The cards of the fairy core's pieces, in their order: the code is the
/// letter, the words what `words` says of the piece.
pub fn of_pieces(pieces: &[PieceSpec], words: impl Fn(&PieceSpec) -> String) -> Vec<CardInfo> {
    pieces
        .iter()
        .map(|p| CardInfo {
            code: p.letter.to_ascii_uppercase().to_string(),
            name: p.name.clone(),
            group: group_word(p.kind),
            betza: p.betza.clone(),
            words: words(p),
        })
        .collect()
}
