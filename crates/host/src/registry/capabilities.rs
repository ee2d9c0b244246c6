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
    /// Its pieces with their moves, each drawn as a card with its move
    /// diagram: the rules page and the hover cards of the web app
    /// (`/pieces/{key}`). Every game with pieces on a board has one.
    pub pieces: Option<&'static dyn PieceGuide>,
}

impl Capabilities {
    /// No capability.
    pub const NONE: Capabilities = Capabilities {
        reference_cards: None,
        solver: None,
        table: None,
        pieces: None,
    };
}

/// A game's kinds of piece, each as a card (its code, name, move in XBetza
/// and in words). A card's code is what a board view's piece answers to:
/// its `symbol` in upper case, or its `rank` (Cardmate's cards).
pub trait PieceGuide: Sync {
    /// Every kind, in the order a page lists them.
    fn pieces(&self) -> &[CardInfo];

    /// The kind with this code, in any case.
    fn piece(&self, code: &str) -> Option<&CardInfo> {
        self.pieces()
            .iter()
            .find(|c| c.code.eq_ignore_ascii_case(code))
    }
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

/// An RGB colour, each part 0-255.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Colour(pub u8, pub u8, pub u8);

/// A drawing surface for a reference card, its origin at the card's top
/// left, y down, in points. The game lays its cards out once over it; each
/// output implements it where the output is made (SVG in the game for the
/// browser, PDF in the `deckmate cards` command).
pub trait Canvas {
    /// A straight line.
    fn line(&mut self, from: (f32, f32), to: (f32, f32), width: f32, colour: Colour, dashed: bool);
    /// A rectangle, filled and/or outlined.
    fn rect(
        &mut self,
        x: f32,
        y: f32,
        w: f32,
        h: f32,
        fill: Option<Colour>,
        stroke: Option<(Colour, f32)>,
    );
    /// A circle, filled and/or outlined.
    fn circle(
        &mut self,
        centre: (f32, f32),
        r: f32,
        fill: Option<Colour>,
        stroke: Option<(Colour, f32)>,
    );
    /// Text with its baseline's left end at (`x`, `y`), in Helvetica (bold
    /// or not) of `size` points.
    fn text(&mut self, x: f32, y: f32, size: f32, bold: bool, colour: Colour, text: &str);
}

/// A deck of reference cards: the shipped one, or one read from a deck
/// file.
pub trait CardDeck: Send + Sync {
    /// Every card, in the deck's order.
    fn cards(&self) -> Vec<CardInfo>;

    /// One card drawn as SVG (forward is up), or why it cannot be.
    fn svg(&self, code: &str) -> Result<String, String>;

    /// Draws one card on `canvas` (of [`ReferenceCards::card_size`]), or
    /// says why it cannot be (its move does not compile).
    fn draw(&self, code: &str, canvas: &mut dyn Canvas) -> Result<(), String>;
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

    /// A card's width and height, in points.
    fn card_size(&self) -> (f32, f32);
}
