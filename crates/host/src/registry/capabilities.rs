//! What a game offers besides being played, each reached only through its
//! entry ([`super::GameEntry::capabilities`]): the shells ask the list
//! which game has a capability and call it, and never name a game.
//!
//! A capability is a trait object a game's module implements; a game
//! without one leaves it `None`. The engine tools of the board games
//! ([`super::EngineTools`]: perft, chance-aware perft, analysis, bench,
//! matches) are one, kept at [`super::GameEntry::tools`].

use super::solver::ExactSolver;
use super::terminal::TerminalTable;

/// The capabilities of a game (see the module's doc).
#[derive(Clone, Copy)]
pub struct Capabilities {
    /// Printable reference cards of the game's pieces (Dealer's Chess,
    /// D10): `deckmate cards` and the server's `/cards` page.
    pub reference_cards: Option<&'static dyn ReferenceCards>,
    /// An exact solver of positions and of whole deals (Chess Cards):
    /// `deckmate solve`.
    pub solver: Option<&'static dyn ExactSolver>,
    /// A table of its own in the terminal, in place of the generic
    /// session (Chess Cards' match): `deckmate play`.
    pub table: Option<&'static dyn TerminalTable>,
}

impl Capabilities {
    /// No capability.
    pub const NONE: Capabilities = Capabilities {
        reference_cards: None,
        solver: None,
        table: None,
    };
}

/// One reference card, as a list shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardInfo {
    /// Its code (`GR`).
    pub code: String,
    /// Its name (`Gryffon`).
    pub name: String,
    /// Its group's word (`royal`, `piece`, `pawn`).
    pub group: &'static str,
    /// Its move in XBetza.
    pub betza: String,
    /// Its move in the page's words.
    pub words: String,
}

/// A deck of reference cards: the shipped one, or one read from a deck
/// file.
pub trait CardDeck: Send + Sync {
    /// Every card, in the deck's order.
    fn cards(&self) -> Vec<CardInfo>;

    /// One card drawn as SVG (forward is up), or why it cannot be.
    fn svg(&self, code: &str) -> Result<String, String>;

    /// Printable sheets of the cards with these codes, in this order, as
    /// a PDF file's bytes.
    fn pdf(&self, codes: &[&str]) -> Result<Vec<u8>, String>;
}

/// A game's printable reference cards (the capability).
pub trait ReferenceCards: Sync {
    /// The deck shipped with the game.
    fn shipped(&self) -> &'static dyn CardDeck;

    /// The deck of a deck file's text, or why it does not read.
    fn read_deck(&self, text: &str) -> Result<Box<dyn CardDeck>, String>;

    /// The groups a page shows the cards in, in order: each group's word
    /// (as [`CardInfo::group`]) and its title (`"Royals"`).
    fn groups(&self) -> &'static [(&'static str, &'static str)];

    /// How to read a card's diagram, in a few sentences.
    fn legend(&self) -> &'static str;

    /// Cards on one printed page.
    fn per_page(&self) -> usize;
}
