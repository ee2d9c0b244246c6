//! The request bodies of the API, as types: each handler reads its body
//! as one of these ([`super::typed`]), so a field of the wrong kind or one
//! the request does not take is a 400 that says so, before any work.
//!
//! A game's options are checked against the game's own
//! [`OptionSpec`](deckmate_games::registry::OptionSpec)s after the game is
//! known, and the opponent and time control by their readers, whose
//! messages name the game's seats and the limits: those fields are read
//! as JSON here and typed there.

use serde::Deserialize;
use serde_json::Value;

/// `POST /api/games`: a new game.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct NewGame {
    /// The game's key (the first listed game when left out).
    #[serde(default)]
    pub variant: Option<String>,
    /// The seed of the deal or setup, where the game lets the player
    /// choose it.
    #[serde(default)]
    pub seed: Option<u64>,
    /// `"friend"` or `{"engine": level, "seat": the creator's seat}`
    /// (the engine at level 4 when left out).
    #[serde(default)]
    pub opponent: Value,
    /// The game's options by name.
    #[serde(default)]
    pub options: Value,
    /// `{"initial_s", "increment_s"}`, or none.
    #[serde(default)]
    pub time_control: Value,
    /// The creator's nickname.
    #[serde(default)]
    pub name: Option<String>,
}

/// `POST /api/seeks`: a seek (also as the database keeps it).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct NewSeek {
    /// The game's key (the first listed game when left out).
    #[serde(default)]
    pub variant: Option<String>,
    /// The game's options by name.
    #[serde(default)]
    pub options: Value,
    /// `{"initial_s", "increment_s"}`, or none.
    #[serde(default)]
    pub time_control: Value,
    /// The maker's seat by its key, or `random`.
    #[serde(default)]
    pub seat: Option<String>,
    /// The maker's nickname.
    #[serde(default)]
    pub name: Option<String>,
    /// A rated game (the maker must be logged in, and so must the
    /// accepter).
    #[serde(default)]
    pub rated: bool,
    /// The accepter's rating in this game must be within `[low, high]`.
    #[serde(default)]
    pub rating_range: Option<[u32; 2]>,
    /// Bots may accept a rated seek (they may not unless asked).
    #[serde(default)]
    pub bots: bool,
}

/// `POST /api/games/{id}/name` and `POST /api/seeks/{id}/accept`: a
/// nickname.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Name {
    /// The nickname.
    #[serde(default)]
    pub name: Option<String>,
}

/// `POST /api/analysis`: a board from a game (`from`, at `ply`) or from a
/// game's start (`game`, its `options` and `seed`, or a position string
/// `fen`).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct NewBoard {
    /// A game's id.
    #[serde(default)]
    pub from: Option<String>,
    /// The ply of that game the board opens at (its end when left out).
    #[serde(default)]
    pub ply: Option<u64>,
    /// A game's key.
    #[serde(default)]
    pub game: Option<String>,
    /// Its options by name.
    #[serde(default)]
    pub options: Value,
    /// The deal's or setup's seed (1 when left out).
    #[serde(default)]
    pub seed: Option<u64>,
    /// A position string.
    #[serde(default)]
    pub fen: Option<String>,
}

/// `POST /api/analysis/view`: a board's game, spec and moves. The other
/// fields of the board `/api/analysis` answered may be sent back with
/// them, and are not read.
#[derive(Debug, Default, Deserialize)]
pub(super) struct Board {
    /// The game's key.
    pub game: String,
    /// The board's spec, as `/api/analysis` gave it.
    pub spec: Value,
    /// The moves played on it.
    #[serde(default)]
    pub moves: Vec<String>,
}

/// A message on the analysis socket (`/api/analysis/ws`): a board to
/// analyse (the board's other fields may come with it, unread), or
/// `{"stop": true}`.
#[derive(Debug, Default, Deserialize)]
pub(super) struct Analyse {
    /// The client's number for the analysis, echoed in every report.
    #[serde(default)]
    pub id: Value,
    /// Stop the analysis running.
    #[serde(default)]
    pub stop: bool,
    /// The game's key.
    #[serde(default)]
    pub game: String,
    /// The board's spec.
    #[serde(default)]
    pub spec: Value,
    /// The moves played on it.
    #[serde(default)]
    pub moves: Vec<String>,
    /// Lines to find, 1-5 (3 when left out).
    #[serde(default)]
    pub lines: Option<u64>,
    /// Seconds to think, at most 30.
    #[serde(default)]
    pub seconds: Option<f64>,
}

impl Analyse {
    /// The board it asks for.
    pub fn board(&self) -> Board {
        Board {
            game: self.game.clone(),
            spec: self.spec.clone(),
            moves: self.moves.clone(),
        }
    }
}
