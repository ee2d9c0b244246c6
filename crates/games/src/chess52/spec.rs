//! What a 52Chess game is set up from ([`GameSpec`]): F2's start or a
//! position string (F11), and the seed of the draws (F9).

use super::game::Chess52;
use deckmate_rules::PositionError;

/// How a game starts and where its cards come from. Stored as `{"seed"}`
/// (a number, or null for a game whose cards are chosen) and `"fen"` when
/// there is one.
#[derive(Clone, PartialEq, Eq, Debug, Default, serde::Serialize, serde::Deserialize)]
pub struct GameSpec {
    /// A start position (F11) instead of F2's, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fen: Option<String>,
    /// The seed of the draws (F9); `None` for a record replayed without
    /// it (its cards as written).
    #[serde(default)]
    pub seed: Option<u64>,
}

impl GameSpec {
    /// The starting position, before White's (or Black's) first draw.
    pub fn start(&self) -> Result<Chess52, PositionError> {
        match &self.fen {
            Some(f) => super::fen::parse(f),
            None => Ok(Chess52::start()),
        }
    }
}
