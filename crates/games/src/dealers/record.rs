//! Dealer's Chess game records (D11: the record keeps the seed, the cards
//! dealt and both arrangements, so it replays to the same start).
//!
//! Tags: `Variant` (`Dealer's Chess`), `Seed` (the deal's), `Board`
//! (`8x8`, `10x10`, `12x12`), `DeckCard1`, `DeckCard2`... (a deck file's
//! cards, D7, in the catalogue's line form), `Deck` (the Piece cards agreed
//! on, D12, when not the page's 40), `ZombieRoyal` (`stays` or
//! `converts`, D9: always written; a record without it is from before
//! `stays` became the default, and reads as `converts`), `Deal` (the
//! cards dealt, written for the reader and checked against the seed's), or `FEN` (D14) for a game from a
//! position. The first two moves of a dealt game are the arrangements,
//! in the order they were made (`[AR][CA]N[GR][LI][NR][UN]/P[CP]...`,
//! Black's in lower case), then the moves of play.

use super::catalogue::Catalogue;
use super::deal::{man_text, Alternate, BoardSize, Decks};
use super::game::{DealersGame, DealersMove, Table};
use super::position::{End, EndReason, Position};
use super::rules::{PlayOptions, ZombieRoyal};
use crate::fairy::seat_name;
use crate::game_record::{
    self, check_variant, parse_seed, read_tag, recorded_position, replay_error,
};
use crate::game_record::{BadRecord, RecordSpec, Recorded};
use deckmate_rules::{Game, PositionError, Record, Seat};
use std::sync::Arc;

replay_error!(seat_name);

/// A replayed game.
pub type Replay = game_record::Replay<GameSpec>;

/// How a game starts.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct GameSpec {
    /// The seed of the deal (and of `random` arrangements).
    pub seed: u64,
    /// The board.
    pub size: BoardSize,
    /// The Piece deck (D12): `None` for the catalogue's every Piece card
    /// (the page's 40).
    pub deck: Option<Vec<String>>,
    /// The options of play.
    pub options: PlayOptions,
    /// A start position instead of a deal (D14).
    pub fen: Option<String>,
    /// A deck file's text (D7): its cards join the page's.
    pub deck_file: Option<Arc<str>>,
    /// The alternate (D6).
    pub alternate: Alternate,
}

impl Default for GameSpec {
    fn default() -> GameSpec {
        GameSpec {
            seed: 0,
            size: BoardSize::Eight,
            deck: None,
            options: PlayOptions::default(),
            fen: None,
            deck_file: None,
            alternate: Alternate::Standard,
        }
    }
}

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

impl RecordSpec for GameSpec {
    type Position = DealersGame;

    fn from_record(record: &Record) -> Result<GameSpec, ReplayError> {
        check_variant(record, &super::ENTRY)?;
        let mut spec = GameSpec {
            seed: read_tag(record, "Seed", parse_seed)?.unwrap_or(0),
            size: read_tag(record, "Board", size_of)?.unwrap_or(BoardSize::Eight),
            ..GameSpec::default()
        };
        // A deck file's cards, one tag each (DeckCard1, DeckCard2...).
        let mut lines = Vec::new();
        for i in 1.. {
            match record.tag(&format!("DeckCard{i}")) {
                Some(line) => lines.push(line.to_string()),
                None => break,
            }
        }
        if !lines.is_empty() {
            let text: Arc<str> = Arc::from(lines.join("\n"));
            catalogue_of(Some(&text))
                .map_err(|e| ReplayError::tags(format!("tags DeckCard: {e}")))?;
            spec.deck_file = Some(text);
        }
        if let Some(d) = record.tag("Deck") {
            let cat = spec.catalogue().map_err(ReplayError::tags)?;
            spec.deck =
                Some(deck_in(d, &cat).map_err(|e| ReplayError::tags(format!("tag Deck: {e}")))?);
        }
        spec.alternate = read_tag(record, "Alternate", Alternate::from_name)?.unwrap_or_default();
        // A record without the tag is from before D9's default became
        // `stays`: it was played with `converts`.
        spec.options.zombie_royal = read_tag(record, "ZombieRoyal", ZombieRoyal::from_name)?
            .unwrap_or(ZombieRoyal::Converts);
        spec.fen = record.tag("FEN").map(str::to_string);
        if spec.fen.is_none() && record.tag("Seed").is_none() {
            return Err(ReplayError::tags(
                "a Dealer's Chess record needs its Seed (the deal) or a FEN".to_string(),
            ));
        }
        if let (Some(written), None) = (record.tag("Deal"), &spec.fen) {
            let g = spec.start_game().map_err(ReplayError::tags)?;
            if deal_text(&g).as_deref() != Some(written.trim()) {
                return Err(ReplayError::tags(format!(
                    "tag Deal: the seed {} deals {}, not {written}",
                    spec.seed,
                    deal_text(&g).unwrap_or_default()
                )));
            }
        }
        Ok(spec)
    }

    fn write_tags(&self, record: &mut Record) {
        record.set_tag("Variant", "Dealer's Chess");
        match &self.fen {
            Some(f) => record.set_tag("FEN", f.clone()),
            None => {
                record.set_tag("Seed", self.seed.to_string());
                if self.size != BoardSize::Eight {
                    record.set_tag("Board", size_name(self.size));
                }
                if self.alternate != Alternate::Standard {
                    record.set_tag("Alternate", self.alternate.name());
                }
                if let Some(d) = &self.deck {
                    record.set_tag("Deck", d.join(","));
                }
                if let Some(Ok(deck)) = self.deck_file.as_deref().map(Catalogue::parse_deck) {
                    for (i, line) in deck.lines().into_iter().enumerate() {
                        record.set_tag(&format!("DeckCard{}", i + 1), line);
                    }
                }
                if let Ok(g) = self.start_game() {
                    if let Some(t) = deal_text(&g) {
                        record.set_tag("Deal", t);
                    }
                }
            }
        }
        record.set_tag("ZombieRoyal", self.options.zombie_royal.name());
    }

    fn start(&self) -> Result<DealersGame, PositionError> {
        self.start_game()
            .map_err(|why| PositionError::Impossible { why })
    }
}

impl Recorded for DealersGame {
    type Reason = EndReason;
    type ReplayError = ReplayError;

    fn side_to_move(&self) -> Seat {
        match self.position() {
            Some(p) => p.side_to_move(),
            None => match self.to_act() {
                deckmate_rules::ToAct::Seat(s) => s,
                _ => Seat::First,
            },
        }
    }

    fn fullmove(&self) -> u32 {
        self.position().map_or(0, Position::move_number)
    }

    fn end_state(&self) -> Option<End> {
        self.position().and_then(Position::end_state)
    }

    fn set_end(&mut self, end: End) {
        DealersGame::set_end(self, end);
    }
}

recorded_position!(Position, EndReason, move_number);

/// Replays a record, checking every move.
pub fn replay(record: &Record) -> Result<Replay, ReplayError> {
    game_record::replay(record)
}

/// Writes a game as a record.
pub fn write(
    spec: &GameSpec,
    moves: &[DealersMove],
    end: Option<End>,
) -> Result<Record, PositionError> {
    game_record::write(spec, moves, end)
}
