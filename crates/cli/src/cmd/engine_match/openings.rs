//! Where a match's games start: the rows of an openings file (each a
//! position as UCI's `position` takes it, without the word: `startpos
//! moves e2e4 e7e5`, `fen ... [moves ...]`, or only moves from the start),
//! or random plies from the start.

use crate::cmd::uci::{read_position, Start};
use crate::protocol::position;
use deckmate_games::registry::{coordinate_moves, play_token, BoxedGame, GameEntry};
use deckmate_rules::SeededRng;

/// The longest openings file read.
pub const MAX_FILE_BYTES: u64 = 4 << 20;

/// One start: a position string (none: the game's start) and moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    /// The position string.
    pub fen: Option<String>,
    /// Moves (coordinates) after it.
    pub moves: Vec<String>,
}

impl Opening {
    /// The game's start.
    pub fn start() -> Opening {
        Opening {
            fen: None,
            moves: Vec::new(),
        }
    }

    /// The position a UCI engine is told (without `moves` after it).
    pub fn uci_position(&self) -> String {
        match &self.fen {
            Some(f) => format!("position fen {f}"),
            None => "position startpos".to_string(),
        }
    }
}

/// Reads an openings file: one opening a row (blank rows and rows from
/// `#` skipped), each checked against `game` (seed `seed`).
pub fn read_file(path: &str, game: &'static GameEntry, seed: u64) -> Result<Vec<Opening>, String> {
    use std::io::Read;
    let mut text = String::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(MAX_FILE_BYTES).read_to_string(&mut text))
        .map_err(|e| format!("{path}: cannot read: {e}"))?;
    let mut out = Vec::new();
    for (i, row) in text.lines().enumerate() {
        let row = row.trim();
        if row.is_empty() || row.starts_with('#') {
            continue;
        }
        let words = if row.starts_with("startpos") || row.starts_with("fen ") {
            row.to_string()
        } else {
            format!("startpos moves {row}")
        };
        let (start, moves) = read_position(&words).map_err(|e| format!("{path}:{}: {e}", i + 1))?;
        let fen = match start {
            Start::StartPos => None,
            Start::Fen(f) => Some(f),
        };
        let refs: Vec<&str> = moves.iter().map(String::as_str).collect();
        position::after(game, fen.as_deref(), seed, &refs)
            .map_err(|e| format!("{path}:{}: {e}", i + 1))?;
        out.push(Opening { fen, moves });
    }
    if out.is_empty() {
        return Err(format!("{path}: no openings in it"));
    }
    Ok(out)
}

/// `plies` random plies from the start (fewer where the game ends), the
/// moves as coordinates.
pub fn random(game: &'static GameEntry, seed: u64, plies: u32, rng: &mut SeededRng) -> Opening {
    let mut moves = Vec::new();
    if let Ok(mut g) = position::start(game, None, seed) {
        for _ in 0..plies {
            if !random_ply(g.as_mut(), rng, &mut moves) {
                break;
            }
        }
    }
    Opening { fen: None, moves }
}

/// Plays one random move that may be sent now (chance's card, a seat's
/// move); false where there is none.
pub fn random_ply(
    g: &mut dyn deckmate_games::registry::PlayedGame,
    rng: &mut SeededRng,
    moves: &mut Vec<String>,
) -> bool {
    if g.outcome().is_some() {
        return false;
    }
    let legal = coordinate_moves(g);
    if legal.is_empty() {
        return false;
    }
    let pick = &legal[rng.below(legal.len() as u64) as usize];
    if play_token(g, &pick.coordinate).is_err() {
        return false;
    }
    moves.push(pick.coordinate.clone());
    true
}

/// The game at an opening.
pub fn game_at(game: &'static GameEntry, seed: u64, o: &Opening) -> Result<BoxedGame, String> {
    let refs: Vec<&str> = o.moves.iter().map(String::as_str).collect();
    position::after(game, o.fen.as_deref(), seed, &refs)
}
