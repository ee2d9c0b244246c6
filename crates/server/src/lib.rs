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

pub use api::app;
pub use db::Db;

use deckmate_engine::cardmate_player;
use deckmate_games::cardmate::{notation, record, Move};
use deckmate_rules::Seat;
use game::LiveGame;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};
use tokio::sync::broadcast;

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
            let spec: record::GameSpec = api::spec_from_json(&row.spec)?;
            let pos = spec.start().map_err(|e| format!("game {}: {e}", row.id))?;
            let (tx, _) = broadcast::channel(64);
            let mut g = LiveGame {
                id: row.id.clone(),
                spec,
                pos,
                moves: Vec::new(),
                texts: Vec::new(),
                tokens: row.tokens.clone(),
                engine: row
                    .engine
                    .map(|(s, l)| (if s == 0 { Seat::First } else { Seat::Second }, l)),
                ended: row.ended.as_deref().and_then(game::end_from_json),
                draw_offer: None,
                tx,
                created: row.created,
            };
            for text in &moves {
                let mv = notation::parse(&g.pos, text)
                    .map_err(|e| format!("game {}: stored move {text}: {e}", row.id))?;
                g.apply(mv);
            }
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

    /// Stores and plays a checked move, then wakes the watchers.
    pub(crate) fn commit_move(&self, g: &mut LiveGame, mv: Move) -> Result<(), String> {
        let text = notation::write(&g.pos, mv);
        self.db().insert_move(&g.id, g.moves.len() + 1, &text)?;
        g.apply(mv);
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
        let (pos, level, ply) = {
            let g = lock(&handle);
            let Some((seat, level)) = g.engine else {
                return;
            };
            if g.to_move() != Some(seat) {
                return;
            }
            (g.pos.clone(), level, g.moves.len())
        };
        let state = self.clone();
        let spawn = move || {
            let mut player = cardmate_player(level, ply as u64);
            let Some(mv) = player.choose(&pos) else {
                return;
            };
            let mut g = lock(&handle);
            // Only if nothing changed meanwhile (a resignation, say).
            if g.moves.len() == ply && g.end().is_none() {
                if let Err(e) = state.commit_move(&mut g, mv) {
                    eprintln!("deckmate: engine move not stored: {e}");
                }
            }
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
