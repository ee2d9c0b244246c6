//! Dealer's Chess's reference cards (RULINGS D10) as the registry's
//! capability ([`ReferenceCards`]): the shipped catalogue or a deck
//! file's, listed, drawn as SVG, or drawn on any [`Canvas`] (the
//! `deckmate cards` command prints PDF sheets on one); and the shipped
//! catalogue as the game's piece guide ([`PIECES`]).

use super::{Catalogue, PieceCard};
use crate::piece_card::diagram::Diagram;
use crate::piece_card::layout::{draw, CARD_H, CARD_W};
use crate::piece_card::svg::card_svg;
use crate::piece_card::BuiltGuide;
use crate::registry::{Canvas, CardDeck, CardInfo, ReferenceCards};

/// The shipped catalogue's cards, as the game's piece guide.
pub static PIECES: BuiltGuide = BuiltGuide::new(|| SHIPPED.cards());

/// A catalogue's card as the shared piece cards draw it.
fn info(c: &PieceCard) -> CardInfo {
    CardInfo {
        code: c.code.clone(),
        name: c.name.clone(),
        group: c.kind.word(),
        betza: c.betza.clone(),
        words: c.words.clone(),
    }
}

/// Dealer's Chess's reference cards, for its entry.
pub static REFERENCE_CARDS: DealersCards = DealersCards;

/// Dealer's Chess's reference cards (the capability).
#[derive(Clone, Copy, Debug)]
pub struct DealersCards;

/// A catalogue as a deck of reference cards.
struct Deck<C>(C);

impl<C: AsRef<Catalogue> + Send + Sync> Deck<C> {
    fn card(&self, code: &str) -> Result<&PieceCard, String> {
        let cat = self.0.as_ref();
        cat.get(code).ok_or_else(|| {
            let codes: Vec<&str> = cat.cards().iter().map(|c| c.code.as_str()).collect();
            format!("no card '{code}' (the codes: {})", codes.join(" "))
        })
    }
}

impl<C: AsRef<Catalogue> + Send + Sync> CardDeck for Deck<C> {
    fn cards(&self) -> Vec<CardInfo> {
        self.0.as_ref().cards().iter().map(info).collect()
    }

    fn svg(&self, code: &str) -> Result<String, String> {
        card_svg(&info(self.card(code)?))
    }

    fn draw(&self, code: &str, canvas: &mut dyn Canvas) -> Result<(), String> {
        let card: &PieceCard = self.card(code)?;
        let diagram = Diagram::of(&card.betza).map_err(|e| format!("{}: {e}", card.name))?;
        draw(&info(card), &diagram, canvas);
        Ok(())
    }
}

/// The shipped catalogue, borrowed.
struct Shipped;

impl AsRef<Catalogue> for Shipped {
    fn as_ref(&self) -> &Catalogue {
        Catalogue::builtin()
    }
}

static SHIPPED: Deck<Shipped> = Deck(Shipped);

impl ReferenceCards for DealersCards {
    fn shipped(&self) -> &'static dyn CardDeck {
        &SHIPPED
    }

    fn read_deck(&self, text: &str) -> Result<Box<dyn CardDeck>, String> {
        let cat = Catalogue::parse_deck(text).map_err(|e| e.to_string())?;
        Ok(Box::new(Deck(Box::new(cat))))
    }

    fn groups(&self) -> &'static [(&'static str, &'static str)] {
        &[("royal", "Royals"), ("piece", "Pieces"), ("pawn", "Pawns")]
    }

    fn legend(&self) -> &'static str {
        "Each card shows the piece's name, its move in the page's words and in XBetza, and a \
diagram (forward is up): a disc where it moves or captures, a ring where it only moves, a cross \
where it only captures; slides as lines (an arrow: on to the edge), hops dashed, leaps as marks \
alone, the squares a lame or bent move must pass as a thin path; the first move's extra moves in \
blue."
    }

    fn card_size(&self) -> (f32, f32) {
        (CARD_W, CARD_H)
    }
}
