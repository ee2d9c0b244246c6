//! The 52Chess position string (RULINGS F11):
//! `<placement> <side> <e.p.> <ply clock> <move number>`; the placement from
//! rank 13 down to rank 1, files a-d, a digit for a run of empty squares,
//! `KQRBNP` White and `kqrbnp` Black; side `w` or `b`; e.p. the square a
//! double step crossed on the previous ply, or `-`; the plies since the
//! last capture (F8); the move number, grown after each Black ply.
//!
//! It is the core's string without its castling field (52Chess has none);
//! the card drawn is not part of it: a position read is one before a draw.

use super::game::{tables, Chess52};
use crate::fairy;
use deckmate_rules::PositionError;

/// The fields of F11, in order.
const FIELDS: [&str; 5] = [
    "placement",
    "side",
    "en passant",
    "ply clock",
    "move number",
];

/// Reads a position string of F11 (White or Black to draw).
pub fn parse(text: &str) -> Result<Chess52, PositionError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() != FIELDS.len() {
        return Err(PositionError::FieldCount {
            game: "52Chess".to_string(),
            fields: FIELDS.iter().map(|f| f.to_string()).collect(),
            found: fields.len(),
        });
    }
    let core_text = format!(
        "{} {} - {} {} {}",
        fields[0], fields[1], fields[2], fields[3], fields[4]
    );
    let core = fairy::Position::from_text(tables(), &core_text)?;
    Ok(Chess52 { core, drawn: None })
}

/// Writes a position's string (whether or not a card is drawn).
pub fn write(pos: &Chess52) -> String {
    let core = fairy::fen::write(&pos.core);
    let mut fields: Vec<&str> = core.split(' ').collect();
    if fields.len() > 2 {
        fields.remove(2);
    }
    fields.join(" ")
}
