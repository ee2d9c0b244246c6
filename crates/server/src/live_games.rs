//! The games in memory: by id, and in the order they were created (for
//! the lobby's pages, newest first).

use crate::game::GameSlot;
use std::collections::HashMap;
use std::sync::Arc;

/// Every game, by id and by age.
#[derive(Default)]
pub struct LiveGames {
    by_id: HashMap<String, Arc<GameSlot>>,
    /// Oldest first; games are only ever added, so a position in it is a
    /// stable cursor for paging.
    order: Vec<Arc<GameSlot>>,
}

impl LiveGames {
    /// Adds a game (the newest).
    pub fn insert(&mut self, slot: Arc<GameSlot>) {
        let id = slot.lock().id.clone();
        self.by_id.insert(id, Arc::clone(&slot));
        self.order.push(slot);
    }

    /// A game by id.
    pub fn get(&self, id: &str) -> Option<Arc<GameSlot>> {
        self.by_id.get(id).cloned()
    }

    /// Every game, oldest first.
    pub fn all(&self) -> Vec<Arc<GameSlot>> {
        self.order.clone()
    }

    /// The number of games.
    pub fn len(&self) -> usize {
        self.order.len()
    }

    /// Up to `n` games just before position `before` (exclusive; clamped
    /// to the end), newest first.
    pub fn before(&self, before: usize, n: usize) -> Vec<Arc<GameSlot>> {
        let end = before.min(self.order.len());
        let start = end.saturating_sub(n);
        self.order[start..end].iter().rev().cloned().collect()
    }
}
