//! The deckmate web app: an axum router over an SQLite store.
//!
//! `app(state)` is the whole HTTP surface, so tests call it directly;
//! [`serve`] runs it on a listener with the connection limits a public
//! server needs. Every move is written to the database before it is
//! acknowledged; on start the server reads every game's lobby line and
//! builds the games that must run (clocks, engine seats to move, which
//! then think again); any other game is built when first touched, and
//! idle games leave memory ([`loading`]).
//!
//! Nothing blocking runs on the async runtime: the database has its own
//! thread ([`store`]), engine searches a fixed pool of threads
//! ([`engine_pool`]), games are built on a bounded pool of blocking
//! threads ([`blocking`]); handlers only await them.
#![deny(missing_docs)]

mod accounts;
mod api;
mod blocking;
mod clock;
pub mod db;
mod engine_pool;
mod evaluation;
mod game;
mod leases;
mod limits;
mod live_games;
mod loading;
mod offers;
mod serve;
pub mod static_files;
mod store;
mod variants;
pub mod view;

pub use api::app;
pub use api::{LIST_FRESH, MINE_MAX, START_SEED};
pub use blocking::BuildHook;
pub use db::{Db, CHAT_STORED};
pub use limits::normalize_origin;
pub use serve::{serve, ServeLimits, DEFAULT_MAX_PER_ADDRESS};
pub use store::StoreError;
pub use variants::{load_variants, Loaded, MAX_VARIANT_FILES};

use deckmate_games::list::Catalog;
use deckmate_rules::Seat;
#[doc(hidden)]
pub use engine_pool::Hold;
use engine_pool::{EnginePool, Priority, Searched};
use game::{GameSlot, LiveGame};
use live_games::LiveGames;
use serde_json::Value;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;
use store::Store;

/// How the app behaves: engines, the store's patience, creation limits.
#[derive(Clone, Debug)]
pub struct Config {
    /// Whether engine seats move (off for load tests).
    pub engines: bool,
    /// Engine searches that run at once; the rest wait in order.
    pub engine_threads: usize,
    /// How long a write may wait for the database (queue and locks)
    /// before the request gets 503.
    pub store_wait: Duration,
    /// Games one client may create at once before it is slowed down.
    pub create_burst: u32,
    /// Games one client may create per minute in the long run.
    pub create_per_minute: u32,
    /// The games offered: the built-in ones and those of the variant
    /// files read at start ([`load_variants`]).
    pub catalog: Catalog,
    /// Pages of other sites (origins: `https://host[:port]`) whose
    /// WebSockets are accepted, besides the server's own pages (an
    /// `Origin` whose host is the request's `Host`) and clients that send
    /// no `Origin` (not browsers).
    pub allowed_origins: Vec<String>,
    /// Games built at once off the async runtime (creations, rematches,
    /// past positions, analysis boards, games loaded from the database);
    /// the others wait their turn.
    pub build_threads: usize,
    /// Called at the start of every game build (tests).
    #[doc(hidden)]
    pub build_hook: Option<BuildHook>,
    /// Games kept in memory at most, beyond those in use (being played
    /// with a clock, searched by the engine, watched or asked for): the
    /// others are built again from the database when next touched.
    pub max_resident_games: usize,
    /// How long a game nobody touches stays in memory.
    pub idle_games_kept: Duration,
    /// Session cookies marked `Secure` (sent over HTTPS only): on behind
    /// TLS (`serve --secure-cookies`).
    pub secure_cookies: bool,
    /// A game with a real-time clock is aborted when the seat to move has
    /// not made its first move this long after its turn began (30 s).
    pub first_move_wait: Duration,
    /// In a game without a clock, how long the player to move may be away
    /// (no page open, no move) before the other may claim the game
    /// (10 minutes).
    pub untimed_abandon: Duration,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            engines: true,
            engine_threads: std::thread::available_parallelism().map_or(2, |n| n.get()),
            store_wait: Duration::from_secs(5),
            create_burst: 20,
            create_per_minute: 30,
            catalog: Catalog::builtin(),
            allowed_origins: Vec::new(),
            build_threads: std::thread::available_parallelism().map_or(2, |n| n.get()),
            build_hook: None,
            max_resident_games: 500,
            idle_games_kept: Duration::from_secs(300),
            secure_cookies: false,
            first_move_wait: game::FairPlay::default().first_move_wait,
            untimed_abandon: game::FairPlay::default().untimed_abandon,
        }
    }
}

/// Shared server state.
#[derive(Clone)]
pub struct AppState {
    inner: Arc<Inner>,
}

struct Inner {
    store: Store,
    pool: Option<EnginePool>,
    games: Mutex<LiveGames>,
    runtime: tokio::runtime::Handle,
    create_limit: limits::CreateLimit,
    catalog: Catalog,
    /// Other sites whose pages may open WebSockets ([`Config::allowed_origins`]).
    allowed_origins: Vec<String>,
    /// Where games are built, off the async runtime.
    builders: blocking::Builders,
    /// [`Config::max_resident_games`].
    max_resident_games: usize,
    /// [`Config::idle_games_kept`].
    idle_games_kept: Duration,
    /// Stored games that cannot be played now, by id: why (a variant file
    /// the server does not offer now, or another version of it).
    unavailable: Mutex<HashMap<String, String>>,
    /// [`Config::secure_cookies`].
    secure_cookies: bool,
    /// Failed log-ins per account and per address ([`accounts`]).
    throttle: Mutex<deckmate_accounts::LoginThrottle>,
    /// Password hashes computed at once ([`accounts::HASHING_AT_ONCE`]).
    hashing: tokio::sync::Semaphore,
    /// The bot API's streams open, by account.
    bot_streams: Mutex<HashMap<String, usize>>,
    /// The lobby's list of open seeks as last read ([`api::seeks`]).
    seek_list: Mutex<api::seeks::SeekList>,
    /// Whole-game analyses, bounded ([`evaluation`]).
    evaluations: evaluation::Evaluations,
    /// The start of each game the catalog offers, as the lobby's cards and
    /// the rules pages draw it: built once, at most one per game of the
    /// catalog (built-in or variant file), never more.
    starts: Mutex<HashMap<&'static str, Arc<Value>>>,
    /// Other servers write to the database too (PostgreSQL): a game not
    /// known here is looked for in it, and their changes are read again.
    shared: bool,
    /// This server's name in the leases (random).
    origin: String,
    /// The games whose lease this server holds ([`leases`]): it runs
    /// their engines and clocks.
    owned: Mutex<std::collections::HashSet<String>>,
    /// The games whose lease is being asked for now.
    claiming: Mutex<std::collections::HashSet<String>>,
    /// The fair-play times every game here is held to
    /// ([`Config::first_move_wait`], [`Config::untimed_abandon`]).
    fair: game::FairPlay,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    // A panic while holding a lock cannot leave a game half-changed in a way
    // that matters more than staying up: recover the guard.
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// Seconds since 1970.
pub(crate) fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0)
}

/// Milliseconds since 1970.
pub(crate) fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

/// A fresh secret: 128 random bits in hex.
pub(crate) fn secret() -> Result<String, String> {
    let mut b = [0u8; 16];
    getrandom::getrandom(&mut b).map_err(|e| format!("no randomness: {e}"))?;
    Ok(b.iter().map(|x| format!("{x:02x}")).collect())
}

/// Why a move was not played. Nothing changed in any case.
#[derive(Debug)]
pub(crate) enum CommitError {
    /// Refused by the rules (400, the refusal's code).
    Illegal(deckmate_rules::MoveError),
    /// Not now: not this seat's turn, the game over, or another ply (409),
    /// with its code (`not_your_turn`, `game_over`, `wrong_ply`,
    /// `position_changed`).
    Conflict(&'static str, String),
    /// The database did not store it (503 when busy, 500 otherwise).
    Store(StoreError),
}

impl std::fmt::Display for CommitError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CommitError::Illegal(e) => write!(f, "{e}"),
            CommitError::Conflict(_, e) => f.write_str(e),
            CommitError::Store(e) => write!(f, "{e}"),
        }
    }
}

impl AppState {
    /// State over an open database with the default configuration;
    /// reloads its games. With `engines` false, engine seats never move
    /// (for load tests). Must be called within a tokio runtime.
    pub fn new(db: Db, engines: bool) -> Result<AppState, String> {
        AppState::with_config(
            db,
            Config {
                engines,
                ..Config::default()
            },
        )
    }

    /// State over an open database; reloads its games and lets engine
    /// seats that are to move think. Must be called within a tokio runtime.
    pub fn with_config(db: Db, config: Config) -> Result<AppState, String> {
        let runtime = tokio::runtime::Handle::try_current()
            .map_err(|_| "the server state needs a tokio runtime".to_string())?;
        db.revive_seeks(&api::seeks::seek_clock())?;
        let fair = game::FairPlay {
            first_move_wait: config.first_move_wait,
            untimed_abandon: config.untimed_abandon,
        };
        let (live, unavailable) = loading::start(&db, &config.catalog)?;
        for slot in live.all() {
            slot.lock().fair = fair;
        }
        let shared = db.shared();
        let feed = db.subscribe()?;
        let pool = if config.engines {
            Some(EnginePool::start(config.engine_threads)?)
        } else {
            None
        };
        let create_limit = limits::create_limit(&config)?;
        let store = Store::start(db, config.store_wait)?;
        let state = AppState {
            inner: Arc::new(Inner {
                store,
                pool,
                games: Mutex::new(live),
                runtime,
                create_limit,
                catalog: config.catalog,
                allowed_origins: config.allowed_origins,
                builders: blocking::Builders::new(config.build_threads, config.build_hook),
                max_resident_games: config.max_resident_games,
                idle_games_kept: config.idle_games_kept,
                unavailable: Mutex::new(unavailable),
                seek_list: Mutex::new(None),
                bot_streams: Mutex::new(HashMap::new()),
                secure_cookies: config.secure_cookies,
                throttle: Mutex::new(deckmate_accounts::LoginThrottle::new(
                    deckmate_accounts::ThrottleConfig::default(),
                )),
                hashing: tokio::sync::Semaphore::new(accounts::HASHING_AT_ONCE),
                evaluations: evaluation::Evaluations::default(),
                starts: Mutex::new(HashMap::new()),
                shared,
                origin: secret()?,
                owned: Mutex::new(std::collections::HashSet::new()),
                claiming: Mutex::new(std::collections::HashSet::new()),
                fair,
            }),
        };
        if let Some(feed) = feed {
            loading::follow(&state, feed);
        }
        leases::start(&state);
        // The dummy hash an unknown name is checked against is made now,
        // not at the first such log-in (which would then take longer
        // than a wrong password's).
        std::mem::drop(tokio::task::spawn_blocking(|| {
            deckmate_accounts::dummy_verify("warm up");
        }));
        for slot in lock(&state.inner.games).all() {
            state.clock_changed(&slot);
            state.engine_move_if_due(&slot);
        }
        // The games' lobby lines stored as they change, idle games dropped
        // from memory.
        let weak = Arc::downgrade(&state.inner);
        state.inner.runtime.spawn(async move {
            let mut every = tokio::time::interval(loading::SWEEP_EVERY);
            every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                every.tick().await;
                let Some(inner) = weak.upgrade() else { return };
                AppState { inner }.sweep().await;
            }
        });
        // The 30-day rule, at start and once a day.
        let weak = Arc::downgrade(&state.inner);
        state.inner.runtime.spawn(async move {
            let mut every = tokio::time::interval(loading::STALE_CHECK_EVERY);
            every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                every.tick().await;
                let Some(inner) = weak.upgrade() else { return };
                AppState { inner }.close_stale_games().await;
            }
        });
        // The creation limiter keeps a little state per address: forget the
        // addresses whose quota is full again, so it stays small.
        let weak = Arc::downgrade(&state.inner);
        state.inner.runtime.spawn(async move {
            let mut every = tokio::time::interval(Duration::from_secs(60));
            loop {
                every.tick().await;
                let Some(inner) = weak.upgrade() else { return };
                inner.create_limit.limiter().retain_recent();
            }
        });
        Ok(state)
    }

    /// The fair-play times games here are held to.
    pub(crate) fn fair(&self) -> game::FairPlay {
        self.inner.fair
    }

    pub(crate) fn store(&self) -> &Store {
        &self.inner.store
    }

    pub(crate) fn evaluations(&self) -> &evaluation::Evaluations {
        &self.inner.evaluations
    }

    pub(crate) fn bot_streams(&self) -> &Mutex<HashMap<String, usize>> {
        &self.inner.bot_streams
    }

    pub(crate) fn secure_cookies(&self) -> bool {
        self.inner.secure_cookies
    }

    pub(crate) fn throttle(&self) -> &Mutex<deckmate_accounts::LoginThrottle> {
        &self.inner.throttle
    }

    pub(crate) fn hashing(&self) -> &tokio::sync::Semaphore {
        &self.inner.hashing
    }

    pub(crate) fn seek_list(&self) -> &Mutex<api::seeks::SeekList> {
        &self.inner.seek_list
    }

    /// How many games' starts are cached (at most one per game of the
    /// catalog).
    pub fn cached_starts(&self) -> usize {
        lock(&self.inner.starts).len()
    }

    /// The cached start of a game (`api::lobby`), by the game's key.
    pub(crate) fn starts(&self) -> &Mutex<HashMap<&'static str, Arc<Value>>> {
        &self.inner.starts
    }

    pub(crate) fn create_limit(&self) -> &limits::CreateLimit {
        &self.inner.create_limit
    }

    pub(crate) fn game(&self, id: &str) -> Option<Arc<GameSlot>> {
        lock(&self.inner.games).get(id)
    }

    /// Why a stored game cannot be played now, if it cannot (its variant
    /// file is not offered, or changed).
    pub(crate) fn unavailable(&self, id: &str) -> Option<String> {
        lock(&self.inner.unavailable).get(id).cloned()
    }

    /// The engine pool, `None` when the engines are off.
    pub(crate) fn pool(&self) -> Option<&EnginePool> {
        self.inner.pool.as_ref()
    }

    /// The games offered.
    pub(crate) fn catalog(&self) -> &Catalog {
        &self.inner.catalog
    }

    /// Other sites whose pages may open WebSockets.
    pub(crate) fn allowed_origins(&self) -> &[String] {
        &self.inner.allowed_origins
    }

    /// Builds a game (or anything that makes one: a client's options,
    /// a spec and moves) off the async runtime, on the bounded pool of
    /// [`blocking`]: the build's result, or why there is none (a panic).
    pub(crate) async fn build<T: Send + 'static>(
        &self,
        what: &'static str,
        build: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, String> {
        self.inner.builders.run(what, build).await
    }

    pub(crate) fn insert(&self, mut g: LiveGame) -> Arc<GameSlot> {
        g.fair = self.inner.fair;
        // A correspondence clock runs from the start (its first moves are
        // timed); a real-time one waits for each seat's first move.
        let first = g.clock_seat();
        let now = std::time::Instant::now();
        g.turn_began = now;
        if let Some(c) = g.clock.as_mut() {
            c.start(first, now);
        }
        let slot = Arc::new(GameSlot::new(g));
        lock(&self.inner.games).insert(Arc::clone(&slot));
        slot
    }

    /// Up to `n` games created before position `before`, newest first.
    pub(crate) fn games_before(&self, before: usize, n: usize) -> Vec<live_games::Line> {
        lock(&self.inner.games).before(before, n)
    }

    /// The number of games.
    pub(crate) fn game_count(&self) -> usize {
        lock(&self.inner.games).len()
    }

    /// Checks, stores and plays a move of seat `me` given as text, then
    /// wakes the watchers. `ply` (from 1), when given, must be the move's
    /// number: a retried request does not play twice. The move is in the
    /// database before it is played.
    pub(crate) async fn commit_move(
        &self,
        slot: &Arc<GameSlot>,
        me: Seat,
        text: &str,
        ply: Option<usize>,
    ) -> Result<(), CommitError> {
        self.commit_move_on(slot, me, text, ply, None).await
    }

    /// [`AppState::commit_move`], refused as a conflict unless the
    /// position is still `version` ([`game::LiveGame::version`]) when
    /// given: an engine's move is played only on the position it was
    /// searched for.
    async fn commit_move_on(
        &self,
        slot: &Arc<GameSlot>,
        me: Seat,
        text: &str,
        ply: Option<usize>,
        version: Option<u64>,
    ) -> Result<(), CommitError> {
        let writer = slot.writer.lock().await;
        let now = std::time::Instant::now();
        if self.flag_if_fallen(slot, now).await {
            let why = slot
                .lock()
                .end()
                .map_or_else(|| "your time ran out".to_string(), |e| e.reason);
            return Err(CommitError::Conflict(
                "game_over",
                format!("the game is over: {why}"),
            ));
        }
        let (id, n, checked, clock_ms, row_version) = {
            let g = slot.lock();
            if version.is_some_and(|v| v != g.version) {
                return Err(CommitError::Conflict(
                    "position_changed",
                    "the position changed since the move was searched".into(),
                ));
            }
            // The ply first: a request sent twice is told it was played.
            let n = g.plies() + 1;
            if let Some(p) = ply.filter(|&p| p != n) {
                return Err(CommitError::Conflict(
                    "wrong_ply",
                    format!(
                        "the move was sent for ply {p} but the game is at ply {n} \
                         (already played, or sent from an old view?)"
                    ),
                ));
            }
            if let Some(end) = g.end() {
                return Err(CommitError::Conflict(
                    "game_over",
                    format!("the game is over: {}", end.reason),
                ));
            }
            if !g.game.to_act().includes(me) {
                return Err(CommitError::Conflict(
                    "not_your_turn",
                    "it is not your turn".into(),
                ));
            }
            // Read once: the checked move goes on to the store and to
            // the game.
            let checked = g.game.check_move(me, text).map_err(CommitError::Illegal)?;
            let clock_ms = g.clock.as_ref().and_then(|c| c.preview(me, now));
            (g.id.clone(), n, checked, clock_ms, g.row_version)
        };
        let canonical = checked.text.clone();
        let row = crate::db::MoveRow {
            ply: n,
            text: canonical.clone(),
            mover: Some(me.index() as u8),
            clock_ms,
        };
        let stored = self.store().insert_move(&id, row_version, row).await;
        // Another server stored a move for this ply first: the game here
        // is behind, and is read again.
        self.written(slot, stored).map_err(CommitError::Store)?;
        {
            let mut g = slot.lock();
            // The writer lock was held since the check: the position is the
            // one the move was checked on, so it plays.
            if let Err(e) = g.game.play_checked(checked) {
                eprintln!("deckmate: game {id}: stored move {n} {canonical} did not play: {e}");
                return Err(CommitError::Illegal(e));
            }
            g.moved();
            let next = g.clock_seat();
            if let Some(c) = g.clock.as_mut() {
                c.moved(me, next, now);
            }
            g.clocks.resize(n - 1, None);
            g.clocks.push(clock_ms);
            g.turn_began = now;
            g.stored.push(game::StoredMove {
                text: canonical.clone(),
                mover: Some(me),
                clock_ms,
            });
            g.clock_gen += 1;
            g.changed();
        }
        drop(writer);
        self.clock_changed(slot);
        self.engine_move_if_due(slot);
        self.record_end(slot);
        Ok(())
    }

    /// Records a game's end for its players' histories and ratings, once
    /// it is over and a seat belongs to an account: its result (and, when
    /// rated, both new ratings, in one transaction: the database records
    /// it once, whichever server asks first); the rating change then
    /// shows in the view. Runs in the background; a failure is tried
    /// again at the next change.
    pub(crate) fn record_end(&self, slot: &Arc<GameSlot>) {
        let (id, finish) = {
            let mut g = slot.lock();
            if g.end_recorded || g.accounts.iter().all(Option::is_none) {
                return;
            }
            let Some(end) = g.end() else {
                return;
            };
            // An aborted game leaves no result and is never rated.
            let aborted = g.ended.is_some_and(|e| e.is_aborted());
            let result = match end.winner {
                _ if aborted => "*",
                Some(Seat::First) => "1-0",
                Some(Seat::Second) => "0-1",
                None => "1/2-1/2",
            };
            let rated = match (&g.accounts, g.rated && !aborted) {
                ([Some(a), Some(b)], true) => {
                    Some((g.entry().key.to_string(), [a.clone(), b.clone()]))
                }
                _ => None,
            };
            g.end_recorded = true;
            (
                g.id.clone(),
                db::accounts::Finish {
                    result: result.to_string(),
                    finished: now(),
                    rated,
                },
            )
        };
        let (state, slot) = (self.clone(), Arc::clone(slot));
        self.inner.runtime.spawn(async move {
            let recorded = state
                .store()
                .run(move |db| db.accounts().finish_game(&id, &finish))
                .await;
            let mut g = slot.lock();
            match recorded {
                Ok(change) => {
                    if change.is_some() {
                        g.rating_change = change;
                        g.changed();
                    }
                }
                Err(e) => {
                    eprintln!(
                        "deckmate: game {}: its end not recorded for its players: {e}",
                        g.id
                    );
                    g.end_recorded = false;
                }
            }
        });
    }

    /// What a write of a game's play came to ([`crate::db::GameRow::version`]):
    /// once stored, the game in memory is at the row's next version; when
    /// another server changed the game first (a conflict), the game here
    /// is behind and is read again, once the caller lets its writer lock
    /// go.
    pub(crate) fn written(
        &self,
        slot: &GameSlot,
        r: Result<(), StoreError>,
    ) -> Result<(), StoreError> {
        match &r {
            Ok(()) => slot.lock().row_version += 1,
            Err(StoreError::Conflict(_)) => {
                let state = self.clone();
                let id = slot.lock().id.clone();
                self.inner
                    .runtime
                    .spawn(async move { state.reload(&id).await });
            }
            Err(_) => {}
        }
        r
    }

    /// Ends the game if a timer's end has come at `now` (the caller holds
    /// the writer lock): a flag fallen (lost on time; an abort when the
    /// seat had not made its first move) or a first move that did not come
    /// in time (an abort). Whether it did.
    async fn flag_if_fallen(&self, slot: &Arc<GameSlot>, now: std::time::Instant) -> bool {
        let (id, end, version) = {
            let g = slot.lock();
            match g.timeout(now) {
                Some(end) => (g.id.clone(), end, g.row_version),
                None => return false,
            }
        };
        if let Err(e) = self.store_end(slot, &id, version, end).await {
            // Not stored: the flag is seen again at the next look (after
            // the game is read again, if another server changed it).
            eprintln!("deckmate: game {id}: a timer's end not stored: {e}");
            return false;
        }
        true
    }

    /// Stores an end from outside the rules on the game's row version
    /// `version` (the caller holds the writer lock), then makes it in
    /// memory (the clocks stopped) and tells the watchers. A conflict (the
    /// game changed elsewhere) stores nothing and reads the game again.
    pub(crate) async fn store_end(
        &self,
        slot: &Arc<GameSlot>,
        id: &str,
        version: u64,
        end: deckmate_games::registry::Settlement,
    ) -> Result<(), StoreError> {
        let stored = self.store().set_ended(id, version, end.to_json()).await;
        self.written(slot, stored)?;
        {
            let mut g = slot.lock();
            g.ended = Some(end);
            if let Some(c) = g.clock.as_mut() {
                c.stop(std::time::Instant::now());
            }
            g.clock_gen += 1;
            g.changed();
        }
        self.record_end(slot);
        Ok(())
    }

    /// Sets the game's timer: when the running clock falls, the game is
    /// lost on time; when a first move is awaited too long (a real-time
    /// clock), the game is aborted (a timer set before a later change does
    /// nothing).
    pub(crate) fn clock_changed(&self, slot: &Arc<GameSlot>) {
        let (gen, wait) = {
            let g = slot.lock();
            let Some(wait) = g.timer_in(std::time::Instant::now()) else {
                return;
            };
            // Another server's to run: its lease is asked for.
            if !self.runs(&g.id) {
                drop(g);
                return self.claim(slot);
            }
            (g.clock_gen, wait)
        };
        let state = self.clone();
        let task_slot = Arc::clone(slot);
        let slot_for_task = Arc::clone(slot);
        let task = self.inner.runtime.spawn(async move {
            let slot = slot_for_task;
            tokio::time::sleep(wait + Duration::from_millis(5)).await;
            let _writer = slot.writer.lock().await;
            if slot.lock().clock_gen != gen {
                return;
            }
            if !state.flag_if_fallen(&slot, std::time::Instant::now()).await {
                // Not fallen yet (or not stored): look again.
                drop(_writer);
                state.clock_changed(&slot);
            }
        });
        // One timer a game: the one before is stale, and goes (the number
        // of sleeping timers stays the number of games with a clock).
        let mut g = task_slot.lock();
        if let Some(old) = g.flag_timer.replace(task.abort_handle()) {
            old.abort();
        }
    }

    /// If an engine is to move in the game and no search for this position
    /// (this [`game::LiveGame::version`]) is under way, queues one on the
    /// engine pool; its move is played when it comes, if the position is
    /// still the one searched. Under a clock the search is queued by its
    /// engine's time left and held to a deadline fixed now from its clock
    /// ([`engine_pool::clocked_budget`]), so the time it waits is spent.
    pub(crate) fn engine_move_if_due(&self, slot: &Arc<GameSlot>) {
        let Some(pool) = &self.inner.pool else {
            return;
        };
        let (job, version, ply, seat, label, priority, deadline) = {
            let mut g = slot.lock();
            let Some((seat, level)) = g.engine else {
                return;
            };
            if g.to_move() == Some(seat) && !self.runs(&g.id) {
                drop(g);
                return self.claim(slot);
            }
            let ply = g.plies();
            let version = g.version;
            if g.to_move() != Some(seat) || g.engine_busy == Some(version) {
                return;
            }
            g.engine_busy = Some(version);
            let now = std::time::Instant::now();
            let (level, priority, deadline) = match &g.clock {
                Some(c) => {
                    let left = c.remaining_at(now)[seat.index()];
                    let (level, budget) =
                        engine_pool::clocked_budget(level, left, c.tc.increment_ms);
                    let falls = now + Duration::from_millis(left);
                    (level, Priority::Clocked(falls), Some(now + budget))
                }
                None => (level, Priority::Unclocked, None),
            };
            (
                g.game.engine_job(level, ply as u64),
                version,
                ply,
                seat,
                format!("game {} ply {}", g.id, ply + 1),
                priority,
                deadline,
            )
        };
        let watched = Arc::clone(slot);
        let wanted = Box::new(move || {
            let g = watched.lock();
            g.version == version && g.to_move() == Some(seat)
        });
        let answer = pool.submit(label, priority, deadline, wanted, job);
        let state = self.clone();
        let slot = Arc::clone(slot);
        self.inner.runtime.spawn(async move {
            let searched = answer.await.unwrap_or(Searched::Failed);
            state.engine_play(&slot, seat, version, ply, searched).await;
        });
    }

    /// Keeps every engine thread busy until the hold is dropped: searches
    /// asked for meanwhile wait in the queue. For tests (a search overtaken
    /// by a takeback while it waits); blocks until the threads are held.
    #[doc(hidden)]
    pub fn hold_engines(&self) -> Option<Hold> {
        self.inner.pool.as_ref().map(EnginePool::hold)
    }

    /// Plays the engine's move, searched for position `version` at `ply`:
    /// a search whose position changed meanwhile (a takeback, even with
    /// as many moves played again) is dropped, and the position now gets
    /// its own search. When the engine failed on the position it was
    /// asked about (no move, a panic, a move refused), which is a bug, the
    /// error is logged and the first legal move is played instead, so a
    /// game never waits for ever. A move the database did not store is
    /// tried again, waiting longer each time (up to a minute), and the
    /// players are told meanwhile.
    async fn engine_play(
        &self,
        slot: &Arc<GameSlot>,
        seat: Seat,
        version: u64,
        ply: usize,
        searched: Searched,
    ) {
        let (id, current) = {
            let g = slot.lock();
            (g.id.clone(), g.version == version)
        };
        if !current || searched == Searched::Skipped {
            // Searched for a position that is gone: not played (whatever
            // changed the position asked for the new one's search).
            return self.engine_done(slot, version);
        }
        let mut chosen = match searched {
            Searched::Move(t) => Some(t),
            Searched::Skipped => None,
            Searched::NoMove => {
                eprintln!(
                    "deckmate: error: game {id}: the engine found no move at ply {}",
                    ply + 1
                );
                None
            }
            Searched::Failed => {
                eprintln!(
                    "deckmate: error: game {id}: the engine failed (panic) at ply {}",
                    ply + 1
                );
                None
            }
        };
        let mut wait = Duration::from_secs(1);
        let mut fell_back = false;
        loop {
            let text = match chosen.take() {
                Some(t) => t,
                None => match first_legal(slot) {
                    Some(t) => {
                        fell_back = true;
                        t
                    }
                    None => break,
                },
            };
            match self
                .commit_move_on(slot, seat, &text, Some(ply + 1), Some(version))
                .await
            {
                Ok(()) => {
                    if fell_back {
                        eprintln!(
                            "deckmate: error: game {id}: played the first legal move {text} \
                             for the engine instead"
                        );
                    }
                    let mut g = slot.lock();
                    if g.notice.take().is_some() {
                        g.changed();
                    }
                    return;
                }
                Err(CommitError::Illegal(e)) if !fell_back => {
                    eprintln!(
                        "deckmate: error: game {id}: engine move {text} refused on the \
                         position it was searched for: {e}"
                    );
                }
                Err(CommitError::Store(e)) => {
                    eprintln!(
                        "deckmate: game {id}: engine move {text} not stored: {e}; \
                         trying again in {} s",
                        wait.as_secs()
                    );
                    {
                        let mut g = slot.lock();
                        g.notice = Some(format!(
                            "The engine's move could not be saved ({e}). \
                             It will be tried again in {} s.",
                            wait.as_secs()
                        ));
                        g.changed();
                    }
                    tokio::time::sleep(wait).await;
                    wait = (wait * 2).min(Duration::from_secs(60));
                    chosen = Some(text);
                }
                Err(e) => {
                    // The game moved on or ended meanwhile: nothing to play.
                    if !matches!(e, CommitError::Conflict(..)) {
                        eprintln!("deckmate: game {id}: {text} not played either: {e}");
                    }
                    break;
                }
            }
        }
        self.engine_done(slot, version);
    }

    /// The search for position `version` is over without a move: a later
    /// change may start another.
    fn engine_done(&self, slot: &Arc<GameSlot>, version: u64) {
        let mut g = slot.lock();
        if g.engine_busy == Some(version) {
            g.engine_busy = None;
        }
        if g.notice.take().is_some() {
            g.changed();
        }
    }
}

/// Each ply's clock for the record: the stored moves' times on the seats'
/// plies, none on chance's.
fn history_clocks(g: &LiveGame) -> Vec<Option<u64>> {
    let mut stored = g.stored.iter();
    (0..g.plies())
        .map(|i| {
            if g.game.is_chance_ply(i) {
                None
            } else {
                stored.next().and_then(|m| m.clock_ms)
            }
        })
        .collect()
}

/// Takes back moves: the game rebuilt from its spec and the first `keep`
/// stored moves, its clocks as those moves left them. The caller holds
/// the writer lock and has stored the takeback.
pub(crate) fn take_back(g: &mut LiveGame, keep: usize) -> Result<(), String> {
    let entry = g.entry();
    let texts: Vec<String> = g.stored[..keep].iter().map(|m| m.text.clone()).collect();
    let game = entry.rebuild(&g.game.spec(), &texts)?;
    g.game = game;
    g.stored.truncate(keep);
    g.takeback_offer = None;
    g.draw_offer = None;
    // Another position, even once as many moves are played again: a
    // search asked for before is not played.
    g.version += 1;
    g.engine_busy = None;
    g.turn_began = std::time::Instant::now();
    if let Some(tc) = g.clock.as_ref().map(|c| c.tc) {
        let moves = g
            .stored
            .iter()
            .filter_map(|m| m.mover.map(|s| (s, m.clock_ms)));
        let mut c = clock::Clock::restored(tc, moves);
        c.start(g.clock_seat(), std::time::Instant::now());
        g.set_clock(Some(c));
        g.clocks = history_clocks(g);
    }
    g.changed();
    Ok(())
}

fn first_legal(slot: &Arc<GameSlot>) -> Option<String> {
    let g = slot.lock();
    let seat = g.game.to_move()?;
    g.game
        .legal_moves_of(seat)
        .first()
        .and_then(|m| m.get("text").and_then(|t| t.as_str()).map(str::to_string))
}

fn seat_from(index: u8) -> Seat {
    if index == 0 {
        Seat::First
    } else {
        Seat::Second
    }
}
