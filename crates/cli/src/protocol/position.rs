//! The position a protocol sets up: a game offered, from its start or a
//! position string (its `fen`, the game's own string), then moves in
//! either notation (coordinates or the game's own). A game whose seed
//! would decide cards still to come (52Chess) is made without one where
//! it can be: its cards are then moves too (`card:7H`), given by the GUI.

use deckmate_games::registry::{play_token, BoxedGame, GameEntry, Options};

/// Makes the start of `game` (`fen`: from this position string), its
/// deal from `seed` where the game deals one.
pub fn start(game: &'static GameEntry, fen: Option<&str>, seed: u64) -> Result<BoxedGame, String> {
    let made = game
        .new_game(&Options::defaults(game.options), seed)
        .map_err(|e| e.to_string())?;
    let mut spec = made.spec();
    if let (Some(o), Some(f)) = (spec.as_object_mut(), fen) {
        o.insert(
            "fen".into(),
            serde_json::Value::String(f.trim().to_string()),
        );
    }
    if made.seed_is_secret() {
        // Without a seed where the game can be (52Chess): its cards are
        // moves. A game that needs its seed (Dealer's Chess's draws from
        // the big deck) keeps it: both sides replay the same draws.
        let mut unseeded = spec.clone();
        if let Some(o) = unseeded.as_object_mut() {
            o.insert("seed".into(), serde_json::Value::Null);
        }
        if let Ok(g) = game.game_from_spec(&unseeded) {
            return Ok(g);
        }
    }
    if fen.is_none() {
        return Ok(made);
    }
    game.game_from_spec(&spec).map_err(|e| match fen {
        Some(f) => format!("not a {} position '{}': {e}", game.name, super::echo(f)),
        None => e.to_string(),
    })
}

/// The position after `moves` (tokens in either notation) from `start`'s,
/// or the first move refused, with its number.
pub fn after(
    game: &'static GameEntry,
    fen: Option<&str>,
    seed: u64,
    moves: &[&str],
) -> Result<BoxedGame, String> {
    let mut g = start(game, fen, seed)?;
    for (i, m) in moves.iter().enumerate() {
        play_token(g.as_mut(), m).map_err(|e| format!("move {}: {e}", i + 1))?;
    }
    Ok(g)
}
