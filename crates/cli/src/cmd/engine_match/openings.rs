//! Where a match's games start: the rows of an openings file (each a
//! position as UCI's `position` takes it, without the word: `startpos
//! moves e2e4 e7e5`, `fen ... [moves ...]`, or only moves from the start),
//! or random plies from the start, optionally only those that
//! deckmate's engine scores near even ([`judge`]).

use crate::cmd::uci::{read_position, Start};
use crate::protocol::position;
use deckmate_engine::search::Limits;
use deckmate_games::registry::{
    coordinate_moves, play_token, AnalysisRequest, BoxedGame, GameEntry,
};
use deckmate_rules::SeededRng;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};

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

/// The nodes of deckmate's search that judges a made-up start
/// ([`judge`]): a few plies deep in every board game, a few milliseconds.
pub const JUDGE_NODES: u64 = 20_000;

/// The most random plies added to a made-up start that cannot be judged
/// yet (Dealer's Chess before both armies stand: the analysis starts
/// with the play).
pub const JUDGE_PLIES: u32 = 40;

/// The most starts drawn for one pair of games under `--balance`; the
/// last one drawn is played if none is near even.
pub const BALANCE_TRIES: u32 = 50;

/// deckmate's score of the opening's position for the first seat (in
/// the game's unit: hundredths of a pawn, mates as `search::WIN` less
/// the plies), by a search of [`JUDGE_NODES`] nodes with a fresh table:
/// the same score on every run. `None` where the game gives no analysis
/// or is over.
pub fn judge(game: &'static GameEntry, seed: u64, o: &Opening) -> Result<Option<i32>, String> {
    let g = game_at(game, seed, o)?;
    let score = Arc::new(Mutex::new(None));
    let seen = Arc::clone(&score);
    let request = AnalysisRequest {
        lines: 1,
        limits: Limits {
            nodes: Some(JUDGE_NODES),
            ..Limits::default()
        },
        stop: Arc::new(AtomicBool::new(false)),
    };
    let sink = Box::new(move |r: deckmate_games::registry::AnalysisReport| {
        if let (Some(line), Ok(mut s)) = (r.lines.first(), seen.lock()) {
            *s = Some(line.score);
        }
    });
    let Some(job) = g.analysis_job(request, sink) else {
        return Ok(None);
    };
    job();
    let found = score.lock().map(|s| *s).unwrap_or(None);
    Ok(found)
}

/// The opening `o`, carried on by random plies while it cannot be judged
/// yet (at most [`JUDGE_PLIES`], fewer where the game ends), with
/// deckmate's score of where it stops ([`judge`]; `None`: still none).
pub fn judged(
    game: &'static GameEntry,
    seed: u64,
    mut o: Opening,
    rng: &mut SeededRng,
) -> Result<(Opening, Option<i32>), String> {
    let mut score = judge(game, seed, &o)?;
    if score.is_some() {
        return Ok((o, score));
    }
    // The game at `o`, kept along as the plies are added.
    let mut g = game_at(game, seed, &o)?;
    for _ in 0..JUDGE_PLIES {
        if score.is_some() || !random_ply(g.as_mut(), rng, &mut o.moves) {
            break;
        }
        score = judge(game, seed, &o)?;
    }
    Ok((o, score))
}
