//! Games loaded when they are needed, and dropped from memory when idle.
//!
//! A start reads what the lobby needs of every game (its line, stored in
//! `games.summary` with the number of moves and the last move it was made
//! after) and builds only the games that must run: a clock running, an
//! engine to move, or a line that is missing or older than the game's
//! moves (a crash between a change and the line's store; a database from
//! before lines). Any other game is built from the database when it is
//! first touched ([`AppState::game_loaded`], off the runtime).
//!
//! Every [`SWEEP_EVERY`], the lines of the games in memory that changed
//! are stored, and the games nobody holds (no request, socket, search or
//! timer) are dropped from memory: those untouched for
//! `Config::idle_games_kept`, and the least recently touched beyond
//! `Config::max_resident_games`.

use crate::db::{Db, GameRow, IndexRow};
use crate::game::{self, GameSlot, LiveGame};
use crate::live_games::LiveGames;
use crate::{clock, history_clocks, lock, seat_from, AppState};
use deckmate_games::list::Catalog;
use deckmate_games::registry::{GameEntry, Settlement, STALE_DAYS};
use serde_json::{json, Value};
use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Games read again at once after other servers changed them.
const RELOADS_AT_ONCE: usize = 16;

/// How often the lines are stored and idle games dropped.
pub const SWEEP_EVERY: Duration = Duration::from_secs(2);

/// How often the games are looked over for the 30-day rule (and once at
/// start): a game without a clock that had no move (nor creation) for
/// [`STALE_DAYS`] days is closed, a draw.
pub const STALE_CHECK_EVERY: Duration = Duration::from_secs(24 * 3600);

/// The pause between two games' rows read by the 30-day look (at most 20
/// a second: the look never crowds the database's queue).
const STALE_READ_PAUSE: Duration = Duration::from_millis(50);

/// How often the 30-day look asks after one game the database could not
/// answer for (busy, changed meanwhile).
const STALE_TRIES: u32 = 5;

/// Why a stored game is not played.
pub(crate) enum Unplayable {
    /// Its variant file is not offered, or changed: it waits (503).
    Waits(String),
    /// It does not rebuild: a broken database.
    Broken(String),
}

/// The reason a game of a variant the catalog lacks is not played.
fn not_offered(id: &str, variant: &str) -> String {
    format!(
        "game {id} is a game of '{variant}', which this server does not offer now: \
         a variant file's game needs its file (start the server with \
         --variants DIR, DIR holding {variant}.toml)"
    )
}

/// A stored game built again: the game from its spec and moves, its
/// seats, end, names, chat, clocks and pending draw offer. The running
/// clock starts now after a restart (the time the server was down is
/// nobody's); when `going_on` (a game another server on the same
/// database played or ran: read again, or taken over), it has run since
/// the last move was stored, by the database's clock.
pub(crate) fn live_game(
    variant: &'static GameEntry,
    row: GameRow,
    moves: Vec<String>,
    going_on: bool,
) -> Result<LiveGame, Unplayable> {
    let spec: Value = serde_json::from_str(&row.spec)
        .map_err(|e| Unplayable::Broken(format!("game {}: stored spec: {e}", row.id)))?;
    let game = match variant.rebuild(&spec, &moves) {
        Ok(g) => g,
        // A variant file may have changed since the game began: that game
        // waits for its file, the others are served.
        Err(e) if variant.variant_file.is_some() => {
            return Err(Unplayable::Waits(format!(
                "game {} ({}): {e}",
                row.id, variant.name
            )))
        }
        Err(e) => return Err(Unplayable::Broken(format!("game {}: {e}", row.id))),
    };
    let engine = row.engine.map(|(s, l)| (seat_from(s), l));
    let mut g = LiveGame::new(
        row.id.clone(),
        game,
        row.tokens.clone(),
        engine,
        row.created,
    );
    settle(&mut g, &row, &moves, going_on);
    Ok(g)
}

/// What a stored row says of a game besides its position: its end,
/// names, chat, stored moves with their clocks, the clock (see
/// [`live_game`] for `going_on`), the offers pending and the row's
/// version.
fn settle(g: &mut LiveGame, row: &GameRow, moves: &[String], going_on: bool) {
    g.ended = row.ended.as_deref().and_then(Settlement::from_json);
    g.names = row.names.clone();
    g.chat_sent = row.chat.last().map_or(0, |c| c.0 + 1);
    g.chat = row
        .chat
        .iter()
        .map(|(_, s, t)| (seat_from(*s), t.clone()))
        .collect();
    g.stored = moves
        .iter()
        .zip(row.clocks.iter().chain(std::iter::repeat(&(None, None))))
        .map(|(t, &(m, c))| game::StoredMove {
            text: t.clone(),
            mover: m.map(seat_from),
            clock_ms: c,
        })
        .collect();
    let now = Instant::now();
    // Since when the seat to move is to move, by the database's times: the
    // last move's, or the game's creation before any move.
    let stored_since = row
        .since_last_move_ms
        .or_else(|| {
            moves
                .is_empty()
                .then(|| u64::try_from(crate::now().saturating_sub(row.created)).ok())
                .flatten()
                .map(|s| s.saturating_mul(1000))
        })
        .and_then(|ms| now.checked_sub(Duration::from_millis(ms)));
    // A restart charges nobody the time it was down: the turn counts from
    // now, unless the game went on elsewhere.
    g.turn_began = stored_since.filter(|_| going_on).unwrap_or(now);
    if let Some(tc) = row
        .time_control
        .as_deref()
        .and_then(clock::TimeControl::from_stored)
    {
        let moves = row
            .clocks
            .iter()
            .filter_map(|&(m, c)| m.map(|s| (seat_from(s), c)));
        let mut c = clock::Clock::restored(tc, moves);
        let next = g.clock_seat();
        // Correspondence counts days on the wall clock, across restarts.
        let since = stored_since.filter(|_| going_on || tc.is_correspondence());
        c.start(next, since.unwrap_or(now));
        g.set_clock(Some(c));
        g.clocks = history_clocks(g);
    }
    // An offer holds only until the next move.
    g.draw_offer = row
        .draw_offer
        .filter(|&(_, plies)| plies as usize == g.plies())
        .map(|(s, _)| seat_from(s));
    crate::offers::Offers::from_stored(row.offers.as_deref()).apply(g);
    g.row_version = row.version;
    g.accounts = row.accounts.clone();
    g.rated = row.rated;
    g.bots = row.bots;
    g.rating_change = row.rating_change.clone();
    g.end_recorded = row.rating_change.is_some();
}

/// Brings the game in memory up to the stored moves `moves` in place,
/// when they extend the ones it has (another server's moves after its
/// own) and no chance acts in it: the new moves are played, the rest
/// settled from the row. `false` when it cannot (a takeback elsewhere, a
/// game of chance, a move that does not play): then the game is built
/// again from scratch.
fn catch_up(g: &mut LiveGame, row: &GameRow, moves: &[String]) -> bool {
    let have = g.stored.len();
    let history = g.game.history().len();
    let extends = moves.len() >= have
        && history == have
        && g.stored.iter().zip(moves).all(|(m, t)| &m.text == t)
        && (0..history).all(|i| !g.game.is_chance_ply(i));
    if !extends {
        return false;
    }
    for t in &moves[have..] {
        if g.game.play(t).is_err() {
            return false;
        }
    }
    if moves.len() > have {
        g.moved();
    }
    settle(g, row, moves, true);
    true
}

/// A game's line as stored: the lobby's line and what it was made after
/// (the moves stored, the last of them, an end from outside the board).
fn stored_line(g: &LiveGame) -> Value {
    json!({
        "line": g.summary(),
        "moves": g.stored.len(),
        "last": g.stored.last().map(|m| m.text.clone()),
        "ended": g.ended.is_some(),
    })
}

/// The lobby's line of a stored game, if it was made after the moves and
/// the end the database holds now.
fn current_line(row: &IndexRow) -> Option<Value> {
    let stored: Value = serde_json::from_str(row.summary.as_deref()?).ok()?;
    let fresh = stored["moves"].as_u64() == Some(row.moves as u64)
        && stored["last"].as_str() == row.last_move.as_deref()
        && stored["ended"].as_bool() == Some(row.ended);
    fresh
        .then(|| stored["line"].clone())
        .filter(Value::is_object)
}

/// Whether a game of this line must run from the start: not over, and a
/// clock may run or the engine may be to move.
fn runs(row: &IndexRow, line: &Value) -> bool {
    if row.ended || !line["result"].is_null() {
        return false;
    }
    let engine_to_move = row
        .engine_seat
        .is_some_and(|e| match line["to_move"].as_u64() {
            Some(s) => s == u64::from(e),
            None => true,
        });
    row.timed || engine_to_move
}

/// Whether a game in memory must stay there from the start.
fn must_run(g: &LiveGame) -> bool {
    g.end().is_none()
        && (g.clock.is_some()
            || g.engine
                .is_some_and(|(s, _)| g.to_move() != Some(s.other())))
}

/// The games at start: each game's line, the games that must run built
/// (and those whose line was out of date, whose new lines are stored),
/// and the games that cannot be played now with why.
pub(crate) fn start(
    db: &Db,
    catalog: &Catalog,
) -> Result<(LiveGames, HashMap<String, String>), String> {
    let mut live = LiveGames::default();
    let mut unavailable = HashMap::new();
    let mut new_lines = Vec::new();
    for row in db.index()? {
        let Some(variant) = catalog.find(&row.variant) else {
            let why = not_offered(&row.id, &row.variant);
            eprintln!("deckmate: {why}; the game is kept in the database, not played");
            unavailable.insert(row.id.clone(), why);
            continue;
        };
        if let Some(line) = current_line(&row) {
            if !runs(&row, &line) {
                live.insert_stored(row.id, line);
                continue;
            }
        }
        let Some((game_row, moves)) = db.load_game(&row.id)? else {
            continue;
        };
        match live_game(variant, game_row, moves, false) {
            Ok(g) if must_run(&g) => live.insert(Arc::new(GameSlot::new(g))),
            Ok(g) => {
                let stored = stored_line(&g);
                live.insert_stored(row.id.clone(), stored["line"].clone());
                new_lines.push((row.id, stored.to_string()));
            }
            Err(Unplayable::Waits(why)) => {
                eprintln!("deckmate: {why}; the game is kept in the database, not played");
                unavailable.insert(row.id, why);
            }
            Err(Unplayable::Broken(e)) => return Err(e),
        }
    }
    db.set_summaries(&new_lines)?;
    Ok((live, unavailable))
}

impl AppState {
    /// A game by id, built from the database if it is not in memory (off
    /// the runtime); `Ok(None)` when there is no such game, `Err` why it
    /// cannot be played (its variant file is missing or changed, the
    /// database is busy or broken).
    pub(crate) async fn game_loaded(&self, id: &str) -> Result<Option<Arc<GameSlot>>, String> {
        if let Some(slot) = self.game(id) {
            return Ok(Some(slot));
        }
        // A game another server on the same database created is read
        // from it; alone on its database, a server knows every game.
        if !self.inner.shared && !lock(&self.inner.games).contains(id) {
            return Ok(None);
        }
        let Some((row, moves)) = self
            .store()
            .load_game(id)
            .await
            .map_err(|e| e.to_string())?
        else {
            return Ok(None);
        };
        let Some(variant) = self.catalog().find(&row.variant) else {
            return Err(not_offered(id, &row.variant));
        };
        let shared = self.inner.shared;
        let built = self
            .build("load", move || live_game(variant, row, moves, shared))
            .await?;
        let mut g = match built {
            Ok(g) => g,
            Err(Unplayable::Waits(why)) => {
                lock(&self.inner.unavailable).insert(id.to_string(), why.clone());
                return Err(why);
            }
            Err(Unplayable::Broken(e)) => return Err(e),
        };
        g.fair = self.fair();
        let (slot, new) = lock(&self.inner.games).loaded(Arc::new(GameSlot::new(g)));
        if new {
            self.clock_changed(&slot);
            self.engine_move_if_due(&slot);
        }
        Ok(Some(slot))
    }

    /// Reads game `id` again from the database after another server
    /// changed it (or made it): the game is built again from its
    /// row and moves and takes the place of the one in memory, keeping
    /// what lives only here (its watchers, their presence, the chat's rate
    /// limit); the watchers are told, and its clock and engine go on from
    /// the new position. A game that no longer builds is left as it was.
    pub(crate) async fn reload(&self, id: &str) {
        // Not in memory here: read it in, so that the lobby's lists here
        // show a game made or changed elsewhere (it is dropped again when
        // idle, as any game). Another read may have put an older copy in
        // memory first: the copy is brought up to date below either way.
        let slot = match self.game(id) {
            Some(slot) => slot,
            None => match self.game_loaded(id).await {
                Ok(Some(slot)) => slot,
                _ => return,
            },
        };
        let _writer = slot.writer.lock().await;
        let Ok(Some((row, moves))) = self.store().load_game(id).await else {
            return;
        };
        // Most often: the other server's moves after ours, played here.
        let caught_up = {
            let mut g = slot.lock();
            let timer = g.flag_timer.take();
            let done = catch_up(&mut g, &row, &moves);
            if done {
                if let Some(t) = timer {
                    t.abort();
                }
                g.clock_gen += 1;
                g.changed();
            } else {
                g.flag_timer = timer;
            }
            done
        };
        if caught_up {
            self.clock_changed(&slot);
            self.engine_move_if_due(&slot);
            self.record_end(&slot);
            return;
        }
        let Some(variant) = self.catalog().find(&row.variant) else {
            return;
        };
        let Ok(Ok(mut fresh)) = self
            .build("reload", move || live_game(variant, row, moves, true))
            .await
        else {
            return;
        };
        {
            let mut g = slot.lock();
            if let Some(t) = g.flag_timer.take() {
                t.abort();
            }
            fresh.tx = g.tx.clone();
            fresh.present = g.present;
            fresh.joined = g.joined;
            fresh.fair = g.fair;
            fresh.left_at = g.left_at;
            fresh.chat_times = std::mem::take(&mut g.chat_times);
            // Another position: a search asked for the old one is dropped.
            fresh.version = g.version + 1;
            fresh.clock_gen = g.clock_gen + 1;
            *g = fresh;
            g.changed();
        }
        self.clock_changed(&slot);
        self.engine_move_if_due(&slot);
        self.record_end(&slot);
    }

    /// Stores the lines of the games in memory that changed, then drops
    /// from memory the idle games nobody holds (see the module's words).
    /// Runs every [`SWEEP_EVERY`]; tests call it to see it done.
    #[doc(hidden)]
    pub async fn sweep(&self) {
        let changed = lock(&self.inner.games).changed();
        if !changed.is_empty() {
            let lines: Vec<(String, Value)> = changed
                .iter()
                .map(|(id, slot)| (id.clone(), stored_line(&slot.lock())))
                .collect();
            drop(changed);
            let texts = lines
                .iter()
                .map(|(id, l)| (id.clone(), l.to_string()))
                .collect();
            match self.store().set_summaries(texts).await {
                Ok(()) => {
                    let mut games = lock(&self.inner.games);
                    for (id, mut l) in lines {
                        games.stored_line(&id, l["line"].take());
                    }
                }
                // Stored at the next sweep; meanwhile nothing is dropped.
                Err(e) => eprintln!("deckmate: the games' lobby lines not stored: {e}"),
            }
        }
        let idle_before = Instant::now()
            .checked_sub(self.inner.idle_games_kept)
            .unwrap_or_else(Instant::now);
        lock(&self.inner.games).evict(idle_before, self.inner.max_resident_games);
    }

    /// The 30-day rule: every game whose lobby line shows no result and
    /// that has no clock is read (one row at a time, paced), and closed
    /// ([`Settlement::stale`], a draw) when its last move, or its creation
    /// before any, is [`STALE_DAYS`] days old by the database's times. The
    /// end is written on the row version read, so a move made meanwhile
    /// (here or on another server) keeps the game going. A game the
    /// database could not answer for now (busy, a conflict) is tried again
    /// later in the same look, at most [`STALE_TRIES`] times. Runs at
    /// start and every [`STALE_CHECK_EVERY`]; the number of games closed.
    #[doc(hidden)]
    pub async fn close_stale_games(&self) -> usize {
        let mut queue: std::collections::VecDeque<(String, u32)> = lock(&self.inner.games)
            .ongoing()
            .into_iter()
            .filter(|(_, resident)| {
                // A game in memory with a clock or an end is none of the
                // rule's.
                resident.as_ref().is_none_or(|slot| {
                    let g = slot.lock();
                    g.clock.is_none() && g.end().is_none()
                })
            })
            .map(|(id, _)| (id, 1))
            .collect();
        let mut closed = 0;
        while let Some((id, tries)) = queue.pop_front() {
            tokio::time::sleep(STALE_READ_PAUSE).await;
            match self.close_if_stale(&id).await {
                Ok(true) => closed += 1,
                Ok(false) => {}
                Err(e) if tries < STALE_TRIES => {
                    eprintln!("deckmate: game {id}: the 30-day look tries again: {e}");
                    tokio::time::sleep(Duration::from_secs(1)).await;
                    queue.push_back((id, tries + 1));
                }
                Err(e) => eprintln!("deckmate: game {id}: not looked at for the 30-day rule: {e}"),
            }
        }
        closed
    }

    /// Closes game `id` if the 30-day rule holds for it now: whether it
    /// did, or why the database could not say.
    async fn close_if_stale(&self, id: &str) -> Result<bool, String> {
        let limit_ms = STALE_DAYS * 24 * 3_600_000;
        let Some((row, moves)) = self
            .store()
            .load_game(id)
            .await
            .map_err(|e| e.to_string())?
        else {
            return Ok(false);
        };
        if row.ended.is_some() || row.time_control.is_some() {
            return Ok(false);
        }
        let idle_ms = match row.since_last_move_ms {
            Some(ms) => ms,
            // No move (or moves stored before their times were): the
            // creation counts.
            None => u64::try_from(crate::now().saturating_sub(row.created))
                .unwrap_or(0)
                .saturating_mul(1000),
        };
        if idle_ms < limit_ms {
            return Ok(false);
        }
        let Some(slot) = self.game_loaded(id).await? else {
            return Ok(false);
        };
        let _writer = slot.writer.lock().await;
        {
            let g = slot.lock();
            if g.end().is_some() || g.clock.is_some() {
                return Ok(false);
            }
            // The game here is not the row read (a change since, or a
            // copy behind): read again.
            if g.row_version != row.version || g.stored.len() != moves.len() {
                return Err("the game changed while it was looked at".into());
            }
        }
        self.store_end(&slot, id, row.version, Settlement::stale())
            .await
            .map_err(|e| e.to_string())?;
        Ok(true)
    }

    /// The number of games in memory (tests).
    #[doc(hidden)]
    pub fn resident_games(&self) -> usize {
        lock(&self.inner.games).resident_count()
    }
}

/// Follows the changes other servers make ([`crate::db::Storage::subscribe`]):
/// each game changed elsewhere and in memory here is read again
/// ([`AppState::reload`]); after the feed was lost, every game in memory.
/// Ends with the server.
pub(crate) fn follow(state: &AppState, mut feed: tokio::sync::mpsc::Receiver<crate::db::Changed>) {
    let weak = Arc::downgrade(&state.inner);
    // Games read again at once, at most; a game already waiting to be read
    // again is not asked twice (the read takes every change before it).
    let reading = Arc::new(tokio::sync::Semaphore::new(RELOADS_AT_ONCE));
    let pending: Arc<std::sync::Mutex<std::collections::HashSet<String>>> = Arc::default();
    state.inner.runtime.spawn(async move {
        while let Some(change) = feed.recv().await {
            let Some(inner) = weak.upgrade() else { return };
            let state = AppState { inner };
            match change {
                crate::db::Changed::Game(id) => {
                    if !lock(&pending).insert(id.clone()) {
                        continue;
                    }
                    let Ok(permit) = Arc::clone(&reading).acquire_owned().await else {
                        return;
                    };
                    let pending = Arc::clone(&pending);
                    state.inner.runtime.clone().spawn(async move {
                        lock(&pending).remove(&id);
                        state.reload(&id).await;
                        drop(permit);
                    });
                }
                crate::db::Changed::All => {
                    let ids: Vec<String> = lock(&state.inner.games)
                        .all()
                        .iter()
                        .map(|s| s.lock().id.clone())
                        .collect();
                    for id in ids {
                        state.reload(&id).await;
                    }
                }
            }
        }
    });
}
