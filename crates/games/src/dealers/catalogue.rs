//! The piece cards of Dealer's Chess as data (RULINGS D7): each card's
//! kind (Royal, Piece or Pawn), name, catalogue code, move in XBetza and
//! the page's words. The page's 7 Royals, 40 Pieces and 24 Pawns ship in
//! `data/dealers-pieces.txt` ([`Catalogue::builtin`]); a deck file in the
//! same form adds others ([`Catalogue::parse`]).
//!
//! The form, a card a line: `kind | name | code | XBetza | words`, with
//! blank lines and `#` comments between. A code is one to three letters
//! (`K`, `GR`); names and codes are unique, whatever their case.

use std::fmt;
use std::sync::OnceLock;

/// The three decks a card belongs to.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum CardKind {
    /// A royal: one per player, in the centre of the back row.
    Royal,
    /// A piece: the back row, the hands, the shared extras.
    Piece,
    /// A pawn: the pawn row.
    Pawn,
}

impl CardKind {
    /// The word of the catalogue (`royal`, `piece`, `pawn`).
    pub fn word(self) -> &'static str {
        match self {
            CardKind::Royal => "royal",
            CardKind::Piece => "piece",
            CardKind::Pawn => "pawn",
        }
    }
}

/// One piece card.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PieceCard {
    /// Its deck.
    pub kind: CardKind,
    /// Its name (`Gryffon`).
    pub name: String,
    /// Its catalogue code, upper case (`GR`): the notation's and the
    /// position string's (RULINGS D14).
    pub code: String,
    /// Its move in XBetza (for the pawns, the plain move: D9's special
    /// rules are the game's).
    pub betza: String,
    /// The page's words for its move.
    pub words: String,
}

/// A catalogue of piece cards.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Catalogue {
    cards: Vec<PieceCard>,
}

/// Why a catalogue (a deck file) was refused: the line and the reason.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct CatalogueError {
    /// The line, from 1 (0 where the reason names the place itself).
    pub line: usize,
    /// What is wrong there.
    pub reason: String,
}

impl fmt::Display for CatalogueError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            0 => f.write_str(&self.reason),
            n => write!(f, "line {n}: {}", self.reason),
        }
    }
}

impl std::error::Error for CatalogueError {}

/// A deck file in TOML.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct DeckFile {
    #[serde(default)]
    piece: Vec<DeckPiece>,
}

/// One `[[piece]]` of a deck file.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct DeckPiece {
    name: String,
    code: String,
    betza: String,
    kind: String,
    #[serde(default)]
    words: String,
}

/// The shipped catalogue's text.
const BUILTIN: &str = include_str!("../../data/dealers-pieces.txt");

impl Catalogue {
    /// The page's 7 Royals, 40 Pieces and 24 Pawns (D7), read once.
    pub fn builtin() -> &'static Catalogue {
        static CAT: OnceLock<Catalogue> = OnceLock::new();
        CAT.get_or_init(|| match Catalogue::parse(BUILTIN) {
            Ok(c) => c,
            // The shipped file is read by the tests: this cannot happen.
            Err(e) => panic!("data/dealers-pieces.txt: {e}"),
        })
    }

    /// Reads a catalogue in the form of `data/dealers-pieces.txt`; every
    /// move is checked as XBetza.
    pub fn parse(text: &str) -> Result<Catalogue, CatalogueError> {
        let mut cards: Vec<PieceCard> = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let err = |reason: String| CatalogueError { line, reason };
            let t = raw.trim();
            if t.is_empty() || t.starts_with('#') {
                continue;
            }
            let fields: Vec<&str> = t.split('|').map(str::trim).collect();
            let [kind, name, code, betza, words] = fields[..] else {
                return Err(err(format!(
                    "a card is 'kind | name | code | XBetza | words' (5 fields), found {}",
                    fields.len()
                )));
            };
            let kind = match kind {
                "royal" => CardKind::Royal,
                "piece" => CardKind::Piece,
                "pawn" => CardKind::Pawn,
                other => return Err(err(format!("kind '{other}': it is royal, piece or pawn"))),
            };
            if name.is_empty() {
                return Err(err("the card has no name".into()));
            }
            if !(1..=3).contains(&code.len()) || !code.chars().all(|c| c.is_ascii_alphabetic()) {
                return Err(err(format!(
                    "code '{code}' of {name}: one to three letters A-Z"
                )));
            }
            if let Err(e) = deckmate_betza::parse(betza) {
                // A text over the length limit is quoted by its start.
                let shown = if betza.chars().count() > 40 {
                    format!("{}...", betza.chars().take(40).collect::<String>())
                } else {
                    betza.to_string()
                };
                return Err(err(format!("XBetza '{shown}' of {name}: {e}")));
            }
            let code = code.to_ascii_uppercase();
            if let Some(c) = cards
                .iter()
                .find(|c| c.code == code || c.name.eq_ignore_ascii_case(name))
            {
                return Err(err(format!(
                    "{name} ({code}) has the name or code of {} ({})",
                    c.name, c.code
                )));
            }
            cards.push(PieceCard {
                kind,
                name: name.to_string(),
                code,
                betza: betza.to_string(),
                words: words.to_string(),
            });
        }
        Ok(Catalogue { cards })
    }

    /// Reads a deck file (D7): the catalogue's line form, or TOML in the
    /// variant files' piece syntax, one `[[piece]]` table a card with
    /// `name`, `code`, `betza`, `kind` (`royal`, `piece` or `pawn`) and,
    /// optionally, `words`.
    pub fn parse_deck(text: &str) -> Result<Catalogue, CatalogueError> {
        if !text.lines().any(|l| l.trim() == "[[piece]]") {
            return Catalogue::parse(text);
        }
        let deck: DeckFile = toml::from_str(text).map_err(|e| CatalogueError {
            line: e.span().map_or(0, |s| {
                // A byte offset: read only at a character's boundary.
                text.get(..s.start)
                    .map_or(0, |before| before.lines().count().max(1))
            }),
            reason: e.message().to_string(),
        })?;
        let mut lines = String::new();
        for (i, p) in deck.piece.iter().enumerate() {
            for field in [&p.name, &p.code, &p.betza, &p.kind, &p.words] {
                if field.contains(['|', '\n']) {
                    return Err(CatalogueError {
                        line: 0,
                        reason: format!("piece {}: '|' or a line break in '{field}'", i + 1),
                    });
                }
            }
            lines.push_str(&format!(
                "{} | {} | {} | {} | {}\n",
                p.kind, p.name, p.code, p.betza, p.words
            ));
        }
        // Errors name the table, not a line of the text made here.
        Catalogue::parse(&lines).map_err(|e| CatalogueError {
            line: 0,
            reason: format!("[[piece]] number {}: {}", e.line, e.reason),
        })
    }

    /// This catalogue with a deck file's cards after its own (D7); a card
    /// whose code or name is one of this catalogue's is refused.
    pub fn with_deck(&self, deck: &Catalogue) -> Result<Catalogue, CatalogueError> {
        let mut cards = self.cards.clone();
        for card in &deck.cards {
            if let Some(c) = cards
                .iter()
                .find(|c| c.code == card.code || c.name.eq_ignore_ascii_case(&card.name))
            {
                return Err(CatalogueError {
                    line: 0,
                    reason: format!(
                        "{} ({}) has the name or code of {} ({}), a card already in the catalogue",
                        card.name, card.code, c.name, c.code
                    ),
                });
            }
            cards.push(card.clone());
        }
        Ok(Catalogue { cards })
    }

    /// Each card in the line form [`Catalogue::parse`] reads back.
    pub fn lines(&self) -> Vec<String> {
        self.cards
            .iter()
            .map(|c| {
                format!(
                    "{} | {} | {} | {} | {}",
                    c.kind.word(),
                    c.name,
                    c.code,
                    c.betza,
                    c.words.replace(['|', '\n'], " ")
                )
            })
            .collect()
    }

    /// Every card, in the catalogue's order.
    pub fn cards(&self) -> &[PieceCard] {
        &self.cards
    }

    /// The card of a code, whatever its case.
    pub fn get(&self, code: &str) -> Option<&PieceCard> {
        self.cards
            .iter()
            .find(|c| c.code.eq_ignore_ascii_case(code))
    }

    /// The codes of one deck, in the catalogue's order.
    pub fn codes(&self, kind: CardKind) -> Vec<String> {
        self.cards
            .iter()
            .filter(|c| c.kind == kind)
            .map(|c| c.code.clone())
            .collect()
    }
}
