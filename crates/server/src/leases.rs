//! Which server runs a game's engine and clock when several share one
//! database (PostgreSQL): the one holding the game's lease, a row the
//! database times by its own clock.
//!
//! A server leases the games in its memory that have work due (an engine
//! to move, a clock running) and renews the leases every [`BEAT`] for
//! [`TTL`]; a game whose work is no longer due gives its lease up. A move
//! that makes work due claims the lease at once. When a server dies its
//! leases lapse: within [`TTL`] and one beat another server, which looks
//! for lapsed leases at every beat, reads the game, takes the lease, and
//! its engine moves or its flag falls there. The database keeps a move
//! from being played twice (one move a ply). A lone server (SQLite) holds
//! every lease without asking.

use crate::game::{GameSlot, LiveGame};
use crate::{lock, AppState};
use std::collections::HashSet;
use std::sync::Arc;
use std::time::Duration;

/// How long a lease lasts unless renewed.
pub const TTL: Duration = Duration::from_secs(3);
/// How often leases are renewed and lapsed ones looked for.
pub const BEAT: Duration = Duration::from_secs(1);
/// Lapsed leases taken over at one beat, at most.
const TAKE_OVER: usize = 64;

/// Whether game `g` has work a server must do without being asked: an
/// engine to move, a clock running, or a first move awaited (an abort's
/// timer).
fn due(g: &LiveGame) -> bool {
    g.end().is_none()
        && (g.clock.as_ref().is_some_and(|c| c.running().is_some())
            || g.first_move_due_in(std::time::Instant::now()).is_some()
            || g.engine.is_some_and(|(s, _)| g.to_move() == Some(s)))
}

impl AppState {
    /// Whether this server runs game `id`'s engine and clock.
    pub(crate) fn runs(&self, id: &str) -> bool {
        !self.inner.shared || lock(&self.inner.owned).contains(id)
    }

    /// Claims the lease of the game in `slot` now (a change made work
    /// due): granted, its clock and engine start here.
    /// One claim a game at a time: the claims under way are bounded by
    /// the games in memory.
    pub(crate) fn claim(&self, slot: &Arc<GameSlot>) {
        let id = slot.lock().id.clone();
        if !lock(&self.inner.claiming).insert(id.clone()) {
            return;
        }
        let state = self.clone();
        let slot = Arc::clone(slot);
        self.inner.runtime.spawn(async move {
            let origin = state.inner.origin.clone();
            let ids = vec![id.clone()];
            let got = state
                .store()
                .run(move |db| db.take_leases(&origin, &ids, TTL))
                .await;
            lock(&state.inner.claiming).remove(&id);
            if got.is_ok_and(|got| got.contains(&id)) {
                lock(&state.inner.owned).insert(id);
                state.clock_changed(&slot);
                state.engine_move_if_due(&slot);
            }
        });
    }

    /// One beat: the leases of the games with work due renewed (or
    /// taken), the others given up; the games whose lease lapsed read
    /// and taken over.
    async fn beat(&self) {
        let resident = lock(&self.inner.games).all();
        let mut need = Vec::new();
        for slot in &resident {
            let g = slot.lock();
            if due(&g) {
                need.push(g.id.clone());
            }
        }
        let before: HashSet<String> = lock(&self.inner.owned).clone();
        let origin = self.inner.origin.clone();
        let ask = need.clone();
        let Ok(got) = self
            .store()
            .run(move |db| db.take_leases(&origin, &ask, TTL))
            .await
        else {
            // The database is away: the leases lapse as they would if
            // this server had died; it stops running them.
            lock(&self.inner.owned).clear();
            return;
        };
        let got: HashSet<String> = got.into_iter().collect();
        let gone: Vec<String> = before
            .iter()
            .filter(|id| !got.contains(*id))
            .cloned()
            .collect();
        *lock(&self.inner.owned) = got.clone();
        if !gone.is_empty() {
            let origin = self.inner.origin.clone();
            let _ = self
                .store()
                .run(move |db| db.drop_leases(&origin, &gone))
                .await;
        }
        for slot in &resident {
            let id = slot.lock().id.clone();
            if got.contains(&id) && !before.contains(&id) {
                self.clock_changed(slot);
                self.engine_move_if_due(slot);
            }
        }
        // Games whose server stopped renewing: read them here; one with
        // work due is claimed as it loads, one without has its lease
        // cleared.
        let Ok(lapsed) = self.store().run(|db| db.lapsed_leases(TAKE_OVER)).await else {
            return;
        };
        let mut idle = Vec::new();
        for id in lapsed {
            // Read as the database has it now (a copy in memory may be
            // behind), then claimed if work is due.
            self.reload(&id).await;
            match self.game_loaded(&id).await {
                Ok(Some(slot)) => {
                    if due(&slot.lock()) {
                        self.claim(&slot);
                    } else {
                        idle.push(id);
                    }
                }
                _ => idle.push(id),
            }
        }
        if !idle.is_empty() {
            let origin = self.inner.origin.clone();
            let _ = self
                .store()
                .run(move |db| db.drop_leases(&origin, &idle))
                .await;
        }
    }
}

/// Starts the beats of a server on a shared database; they end with it.
pub(crate) fn start(state: &AppState) {
    if !state.inner.shared {
        return;
    }
    let weak = Arc::downgrade(&state.inner);
    state.inner.runtime.spawn(async move {
        let mut every = tokio::time::interval(BEAT);
        every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            every.tick().await;
            let Some(inner) = weak.upgrade() else { return };
            AppState { inner }.beat().await;
        }
    });
}
