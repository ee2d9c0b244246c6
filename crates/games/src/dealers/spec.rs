//! What a Dealer's Chess spec may hold and how it starts: the boards by
//! name (D6), the catalogue with a deck file's cards (D7), a Piece deck
//! checked against it (D12), the deal or position a spec starts from
//! (D14), and the cards dealt as the `Deal` tag writes them.

use super::catalogue::Catalogue;
use super::deal::{man_text, BoardSize, Decks};
use super::game::{DealersGame, Table};
use super::position::Position;
use super::record::GameSpec;
use deckmate_rules::Seat;
use std::sync::Arc;

/// The board's name in tags and options.
pub fn size_name(size: BoardSize) -> &'static str {
    match size {
        BoardSize::Eight => "8x8",
        BoardSize::Ten => "10x10",
        BoardSize::Twelve => "12x12",
    }
}

/// A board from its name.
pub fn size_of(name: &str) -> Result<BoardSize, String> {
    match name.trim() {
        "8x8" | "8" => Ok(BoardSize::Eight),
        "10x10" | "10" => Ok(BoardSize::Ten),
        "12x12" | "12" => Ok(BoardSize::Twelve),
        other => Err(format!("board '{other}': 8x8, 10x10 or 12x12 (D6)")),
    }
}

/// The catalogue of a game: the page's cards, and a deck file's (D7).
pub fn catalogue_of(deck_file: Option<&str>) -> Result<Arc<Catalogue>, String> {
    let page = Catalogue::builtin();
    match deck_file {
        // One catalogue for every game (issue 29 item 2).
        None => Ok(super::shared::builtin()),
        Some(text) => super::shared::with_deck_file(text, || {
            let deck = Catalogue::parse_deck(text).map_err(|e| format!("the deck file: {e}"))?;
            if deck.cards().is_empty() {
                return Err("the deck file holds no card".to_string());
            }
            page.with_deck(&deck)
                .map_err(|e| format!("the deck file: {e}"))
        }),
    }
}

/// A Piece deck from its list of codes (comma- or space-separated),
/// checked against `catalogue`.
pub fn deck_in(text: &str, catalogue: &Catalogue) -> Result<Vec<String>, String> {
    let codes: Vec<String> = text
        .split([',', ' '])
        .map(|c| c.trim().trim_matches(['[', ']']).to_ascii_uppercase())
        .filter(|c| !c.is_empty())
        .collect();
    Decks::with_pieces(
        catalogue,
        &codes.iter().map(String::as_str).collect::<Vec<_>>(),
    )
    .map_err(|e| format!("deck: {e}"))?;
    Ok(codes)
}

impl GameSpec {
    /// The catalogue the game's cards come from.
    pub fn catalogue(&self) -> Result<Arc<Catalogue>, String> {
        catalogue_of(self.deck_file.as_deref())
    }

    /// The decks.
    pub fn decks(&self, cat: &Catalogue) -> Result<Decks, String> {
        match &self.deck {
            None => Ok(Decks::all(cat)),
            Some(codes) => {
                Decks::with_pieces(cat, &codes.iter().map(String::as_str).collect::<Vec<_>>())
                    .map_err(|e| e.to_string())
            }
        }
    }

    /// The game at its start: the deal at its arrangement phase, or the
    /// position of `fen` in play.
    pub fn start_game(&self) -> Result<DealersGame, String> {
        let catalogue = self.catalogue()?;
        match &self.fen {
            Some(f) => {
                let pos =
                    Position::from_text(f, &catalogue, self.options).map_err(|e| e.to_string())?;
                let table = Table::for_position(catalogue, &pos);
                Ok(DealersGame::from_position(pos, Arc::new(table)))
            }
            None => {
                let decks = self.decks(&catalogue)?;
                let table = Table::with_alternate(
                    catalogue,
                    &decks,
                    self.size,
                    self.seed,
                    self.options,
                    self.alternate,
                )?;
                Ok(DealersGame::new(table))
            }
        }
    }
}

/// The cards dealt, as the `Deal` tag writes them: each player's royal,
/// Piece cards and Pawn cards, then the shared extras.
pub fn deal_text(g: &DealersGame) -> Option<String> {
    let d = g.table().deal.as_ref()?;
    let side = |s: Seat| {
        let men = |v: &[String]| v.iter().map(|c| man_text(c, s)).collect::<String>();
        format!(
            "{} {} {}",
            man_text(&d.royals[s.index()], s),
            men(&d.pieces[s.index()]),
            men(&d.pawns[s.index()])
        )
    };
    let shared: String = if d.shared.is_empty() {
        "-".to_string()
    } else {
        d.shared.iter().map(|c| man_text(c, Seat::First)).collect()
    };
    Some(format!(
        "{} / {} / {shared}",
        side(Seat::First),
        side(Seat::Second)
    ))
}
