//! The games: by id, and in the order they were created (for the lobby's
//! pages, newest first). A game is in memory (resident) while it is being
//! played or looked at; otherwise only its lobby line is, and it is built
//! again from the database when it is next touched (`AppState::game_loaded`).

use crate::game::GameSlot;
use serde_json::Value;
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Instant;
use tokio::sync::broadcast;

/// A game of the list: its lobby line, and the game itself when resident.
struct Listed {
    id: String,
    /// The lobby line as last stored (what the list shows while the game
    /// is not resident).
    line: Arc<Value>,
    resident: Option<Resident>,
}

/// A game in memory.
struct Resident {
    slot: Arc<GameSlot>,
    /// When it was last asked for.
    touched: Instant,
    /// Hears the game's changes: a change not yet in the stored line.
    changes: broadcast::Receiver<()>,
    /// The stored line is not the game's now (or there is none).
    stale: bool,
}

/// What the list holds of a game.
pub enum Line {
    /// In memory: its line is made from the game.
    Resident(Arc<GameSlot>),
    /// Not in memory: its stored line.
    Stored(Arc<Value>),
}

/// Every game, by id and by age.
#[derive(Default)]
pub struct LiveGames {
    by_id: HashMap<String, usize>,
    /// Oldest first; games are only ever added, so a position in it is a
    /// stable cursor for paging.
    order: Vec<Listed>,
}

impl LiveGames {
    fn resident(slot: Arc<GameSlot>, stale: bool) -> Resident {
        let changes = slot.lock().tx.subscribe();
        Resident {
            slot,
            touched: Instant::now(),
            changes,
            stale,
        }
    }

    /// Adds a game in memory (the newest); its line is yet to be stored.
    pub fn insert(&mut self, slot: Arc<GameSlot>) {
        let (id, line) = {
            let g = slot.lock();
            (g.id.clone(), g.summary())
        };
        self.by_id.insert(id.clone(), self.order.len());
        self.order.push(Listed {
            id,
            line: Arc::new(line),
            resident: Some(LiveGames::resident(slot, true)),
        });
    }

    /// Adds a stored game that is not in memory, by its line (the newest).
    pub fn insert_stored(&mut self, id: String, line: Value) {
        self.by_id.insert(id.clone(), self.order.len());
        self.order.push(Listed {
            id,
            line: Arc::new(line),
            resident: None,
        });
    }

    /// A game in memory by id (now touched).
    pub fn get(&mut self, id: &str) -> Option<Arc<GameSlot>> {
        let i = *self.by_id.get(id)?;
        let r = self.order.get_mut(i)?.resident.as_mut()?;
        r.touched = Instant::now();
        Some(Arc::clone(&r.slot))
    }

    /// The games whose line shows no result, with the game when it is in
    /// memory (not touched): what the 30-day rule looks over.
    pub fn ongoing(&self) -> Vec<(String, Option<Arc<GameSlot>>)> {
        self.order
            .iter()
            .filter(|l| l.line["result"].is_null())
            .map(|l| {
                (
                    l.id.clone(),
                    l.resident.as_ref().map(|r| Arc::clone(&r.slot)),
                )
            })
            .collect()
    }

    /// Whether a game of this id is stored (in memory or not).
    pub fn contains(&self, id: &str) -> bool {
        self.by_id.contains_key(id)
    }

    /// A game loaded from the database: in memory from now on, unless
    /// another request loaded it first (then that one, and `false`).
    pub fn loaded(&mut self, slot: Arc<GameSlot>) -> (Arc<GameSlot>, bool) {
        let id = slot.lock().id.clone();
        let Some(listed) = self.by_id.get(&id).and_then(|&i| self.order.get_mut(i)) else {
            self.insert(Arc::clone(&slot));
            return (slot, true);
        };
        if let Some(r) = listed.resident.as_mut() {
            r.touched = Instant::now();
            return (Arc::clone(&r.slot), false);
        }
        listed.resident = Some(LiveGames::resident(Arc::clone(&slot), false));
        (slot, true)
    }

    /// Every game in memory, oldest first.
    pub fn all(&self) -> Vec<Arc<GameSlot>> {
        self.order
            .iter()
            .filter_map(|l| l.resident.as_ref().map(|r| Arc::clone(&r.slot)))
            .collect()
    }

    /// The number of games.
    pub fn len(&self) -> usize {
        self.order.len()
    }

    /// The number of games in memory.
    pub fn resident_count(&self) -> usize {
        self.order.iter().filter(|l| l.resident.is_some()).count()
    }

    /// Up to `n` games just before position `before` (exclusive; clamped
    /// to the end), newest first.
    pub fn before(&self, before: usize, n: usize) -> Vec<Line> {
        let end = before.min(self.order.len());
        let start = end.saturating_sub(n);
        self.order[start..end]
            .iter()
            .rev()
            .map(|l| match &l.resident {
                Some(r) => Line::Resident(Arc::clone(&r.slot)),
                None => Line::Stored(Arc::clone(&l.line)),
            })
            .collect()
    }

    /// The games in memory whose stored line is not theirs now (they
    /// changed since it was stored): their ids and slots.
    pub fn changed(&mut self) -> Vec<(String, Arc<GameSlot>)> {
        let mut out = Vec::new();
        for l in &mut self.order {
            let Some(r) = l.resident.as_mut() else {
                continue;
            };
            while let Ok(()) | Err(broadcast::error::TryRecvError::Lagged(_)) = r.changes.try_recv()
            {
                r.stale = true;
            }
            if r.stale {
                out.push((l.id.clone(), Arc::clone(&r.slot)));
            }
        }
        out
    }

    /// A game's line as stored now; it is current unless the game changed
    /// since `line` was made from it.
    pub fn stored_line(&mut self, id: &str, line: Value) {
        let Some(l) = self.by_id.get(id).and_then(|&i| self.order.get_mut(i)) else {
            return;
        };
        l.line = Arc::new(line);
        if let Some(r) = l.resident.as_mut() {
            r.stale = !r.changes.is_empty();
        }
    }

    /// Drops from memory the games nobody holds (no request, socket,
    /// search or timer) whose stored line is current: those untouched
    /// since `idle_before`, then the least recently touched beyond `keep`
    /// games in memory. The number dropped.
    pub fn evict(&mut self, idle_before: Instant, keep: usize) -> usize {
        let mut candidates: Vec<(Instant, usize)> = self
            .order
            .iter()
            .enumerate()
            .filter_map(|(i, l)| {
                let r = l.resident.as_ref()?;
                let free = Arc::strong_count(&r.slot) == 1 && !r.stale && r.changes.is_empty();
                free.then_some((r.touched, i))
            })
            .collect();
        candidates.sort();
        let mut resident = self.resident_count();
        let mut dropped = 0;
        for (touched, i) in candidates {
            if touched >= idle_before && resident <= keep {
                break;
            }
            if let Some(l) = self.order.get_mut(i) {
                l.resident = None;
                resident -= 1;
                dropped += 1;
            }
        }
        dropped
    }
}
