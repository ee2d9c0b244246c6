//! The deckmate web app: an axum router over an SQLite store.
//!
//! `app(state)` is the whole HTTP surface, so tests call it directly.
//! Every move is written to the database before it is acknowledged; on
//! start the server reloads every game and lets engine seats think again.
#![deny(missing_docs)]

mod api;
mod db;
mod game;
mod static_files;
pub mod variant;
mod variants;

pub use api::app;
pub use db::Db;

use deckmate_rules::Seat;
use game::LiveGame;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};
use variant::Ended;

/// Shared server state.
#[derive(Clone)]
pub struct AppState {
    inner: Arc<Inner>,
}

struct Inner {
    db: Mutex<Db>,
    games: Mutex<HashMap<String, Arc<Mutex<LiveGame>>>>,
    engines: bool,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    // A panic while holding a lock cannot leave a game half-changed in a way
    // that matters more than staying up: recover the guard.
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// A fresh secret: 128 random bits in hex.
pub(crate) fn secret() -> Result<String, String> {
    let mut b = [0u8; 16];
    getrandom::getrandom(&mut b).map_err(|e| format!("no randomness: {e}"))?;
    Ok(b.iter().map(|x| format!("{x:02x}")).collect())
}

impl AppState {
    /// State over an open database; reloads its games. With `engines`
    /// false, engine seats never move (for load tests).
    pub fn new(db: Db, engines: bool) -> Result<AppState, String> {
        let rows = db.load_all()?;
        let state = AppState {
            inner: Arc::new(Inner {
                db: Mutex::new(db),
                games: Mutex::new(HashMap::new()),
                engines,
            }),
        };
        for (row, moves) in rows {
            let variant = variants::find(&row.variant)
                .ok_or_else(|| format!("game {}: unknown variant '{}'", row.id, row.variant))?;
            let spec: serde_json::Value = serde_json::from_str(&row.spec)
                .map_err(|e| format!("game {}: stored spec: {e}", row.id))?;
            let game = variant
                .rebuild(&spec, &moves)
                .map_err(|e| format!("game {}: {e}", row.id))?;
            let engine = row
                .engine
                .map(|(s, l)| (if s == 0 { Seat::First } else { Seat::Second }, l));
            let mut g = LiveGame::new(
                row.id.clone(),
                game,
                row.tokens.clone(),
                engine,
                row.created,
            );
            g.ended = row.ended.as_deref().and_then(Ended::from_json);
            lock(&state.inner.games).insert(row.id.clone(), Arc::new(Mutex::new(g)));
        }
        let ids: Vec<String> = lock(&state.inner.games).keys().cloned().collect();
        for id in ids {
            state.engine_move_if_due(&id);
        }
        Ok(state)
    }

    pub(crate) fn db(&self) -> MutexGuard<'_, Db> {
        lock(&self.inner.db)
    }

    pub(crate) fn game(&self, id: &str) -> Option<Arc<Mutex<LiveGame>>> {
        lock(&self.inner.games).get(id).cloned()
    }

    pub(crate) fn insert(&self, g: LiveGame) {
        let id = g.id.clone();
        lock(&self.inner.games).insert(id, Arc::new(Mutex::new(g)));
    }

    pub(crate) fn all_games(&self) -> Vec<Arc<Mutex<LiveGame>>> {
        lock(&self.inner.games).values().cloned().collect()
    }

    /// Checks, stores and plays a move given as text, then wakes the
    /// watchers. The move is in the database before it is played.
    pub(crate) fn commit_move(&self, g: &mut LiveGame, text: &str) -> Result<(), CommitError> {
        let canonical = g.game.check(text).map_err(CommitError::Illegal)?;
        self.db()
            .insert_move(&g.id, g.plies() + 1, &canonical)
            .map_err(CommitError::Store)?;
        g.game.play(&canonical).map_err(CommitError::Store)?;
        g.moved();
        let _ = g.tx.send(());
        Ok(())
    }

    /// If an engine is to move in game `id`, lets it think on a blocking
    /// thread and play.
    pub(crate) fn engine_move_if_due(&self, id: &str) {
        if !self.inner.engines {
            return;
        }
        let Some(handle) = self.game(id) else { return };
        let (job, ply) = {
            let g = lock(&handle);
            let Some((seat, level)) = g.engine else {
                return;
            };
            if g.to_move() != Some(seat) {
                return;
            }
            let ply = g.plies();
            (g.game.engine_job(level, ply as u64), ply)
        };
        let state = self.clone();
        let id = id.to_string();
        let spawn = move || {
            // A failing engine (a panic, no move, a move the rules refuse)
            // must not leave the game waiting for ever: it is logged, and
            // the first legal move is played instead.
            let chosen = std::panic::catch_unwind(std::panic::AssertUnwindSafe(job));
            let mut g = lock(&handle);
            // Only if nothing changed meanwhile (a resignation, say).
            if g.plies() == ply && g.end().is_none() {
                let played = match chosen {
                    Ok(Some(text)) => match state.commit_move(&mut g, &text) {
                        Ok(()) => true,
                        Err(e) => {
                            eprintln!("deckmate: game {id}: engine move {text} not played: {e}");
                            false
                        }
                    },
                    Ok(None) => {
                        eprintln!("deckmate: game {id}: the engine found no move");
                        false
                    }
                    Err(_) => {
                        eprintln!("deckmate: game {id}: the engine failed (panic)");
                        false
                    }
                };
                if !played {
                    let first =
                        g.game.legal_moves().first().and_then(|m| {
                            m.get("text").and_then(|t| t.as_str()).map(str::to_string)
                        });
                    let fallback = first.map(|t| (state.commit_move(&mut g, &t), t));
                    match fallback {
                        Some((Ok(()), t)) => {
                            eprintln!("deckmate: game {id}: played {t} for the engine instead");
                        }
                        Some((Err(e), t)) => {
                            eprintln!("deckmate: game {id}: {t} not played either: {e}");
                            return;
                        }
                        None => return,
                    }
                }
            }
            drop(g);
            // The engine may be to move again (Chess Cards: a trick won
            // leads the next move; a new game of the match).
            state.engine_move_if_due(&id);
        };
        match tokio::runtime::Handle::try_current() {
            Ok(h) => {
                h.spawn_blocking(spawn);
            }
            Err(_) => {
                std::thread::spawn(spawn);
            }
        }
    }
}

/// Why a move was not played.
#[derive(Debug)]
pub(crate) enum CommitError {
    /// Not legal, with the reason (400).
    Illegal(String),
    /// The database refused (500).
    Store(String),
}

impl std::fmt::Display for CommitError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CommitError::Illegal(e) | CommitError::Store(e) => f.write_str(e),
        }
    }
}
