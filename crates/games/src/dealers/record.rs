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
use super::deal::{Alternate, BoardSize};
use super::game::DealersGame;
use super::position::{EndReason, Position};
use super::rules::ZombieRoyal;
pub use super::spec::{catalogue_of, deal_text, deck_in, size_name, size_of, GameSpec};
use crate::fairy::seat_name;
use crate::game_record::{
    check_variant, parse_seed, read_tag, record_functions, recorded_position, replay_error,
};
use crate::game_record::{numbered_tags, write_numbered_tags, BadRecord, RecordSpec};
use deckmate_rules::{PositionError, Record};
use std::sync::Arc;

replay_error!(seat_name);
record_functions!(GameSpec);

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
        let lines = numbered_tags(record, "DeckCard");
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
                    write_numbered_tags(record, "DeckCard", deck.lines());
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

recorded_position!(DealersGame, EndReason);
recorded_position!(Position, EndReason, move_number);
