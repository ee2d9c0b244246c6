//! The database: every game and every move, written before a move is
//! acknowledged; one interface ([`Storage`]) with two implementations:
//! SQLite (the default, one file: [`sqlite`]) and PostgreSQL (the shared
//! store of a site: [`postgres`]), chosen by what `--db` names
//! ([`Db::open`]). Both bring their schema up to date when opened, by
//! the versioned migrations of [`migrations`].

pub mod accounts;
mod migrations;
mod pg_cached;
mod postgres;
mod postgres_accounts;
mod shared_sql;
mod sqlite;
mod sqlite_accounts;

pub use migrations::LATEST as LATEST_MIGRATION;

use std::time::Duration;

/// A game row.
#[derive(Clone, Debug)]
pub struct GameRow {
    /// Public id.
    pub id: String,
    /// Variant key.
    pub variant: String,
    /// The game's spec as JSON (setup, seed, options).
    pub spec: String,
    /// Seat tokens.
    pub tokens: [String; 2],
    /// The engine's seat (0 or 1) and level, if an engine plays.
    pub engine: Option<(u8, u8)>,
    /// An end from outside the board (resignation, agreement) as JSON.
    pub ended: Option<String>,
    /// Creation time (seconds since 1970).
    pub created: i64,
    /// A pending draw offer: the seat (0 or 1) that made it and the number
    /// of moves played when it was made. It lapses with the next move, so
    /// it holds only while that number is still the game's.
    pub draw_offer: Option<(u8, u32)>,
    /// The time control as JSON (`{"initial_ms", "increment_ms"}`), if the
    /// game has clocks.
    pub time_control: Option<String>,
    /// Each move's mover (0 or 1; `None` for chance's or an old move) and
    /// its time left after it (read back; not written with the game).
    pub clocks: Vec<(Option<u8>, Option<u64>)>,
    /// The last chat messages (number, seat, text), read back.
    pub chat: Vec<(u64, u8, String)>,
    /// The players' nicknames by seat, if they gave one.
    pub names: [Option<String>; 2],
    /// How long ago the last move was stored, by the database's clock
    /// (read back; `None` for moves stored before their times were): a
    /// server that takes a game over from another counts it on the clock
    /// that runs.
    pub since_last_move_ms: Option<u64>,
    /// The row's version: every write that changes the game's play (a
    /// move, an end, a takeback, an offer or its answer) is made only on
    /// the version its writer read, and counts it up, so that of two
    /// servers writing the same game at once exactly one succeeds.
    pub version: u64,
    /// The offers pending besides a draw (takeback, rematch), as the JSON
    /// of [`crate::offers::Offers`].
    pub offers: Option<String>,
    /// The accounts (keys) the seats belong to, if any.
    pub accounts: [Option<String>; 2],
    /// A rated game (between two accounts, both agreeing).
    pub rated: bool,
    /// Which seats' accounts are bots'.
    pub bots: [bool; 2],
    /// The rating change the game made, as JSON, once it ended rated.
    pub rating_change: Option<String>,
}

/// Chat messages kept in the database per game: the last ones, as many
/// as the views show.
pub const CHAT_STORED: usize = crate::game::CHAT_KEPT;

/// What a start reads of a game without building it.
#[derive(Clone, Debug)]
pub struct IndexRow {
    /// Public id.
    pub id: String,
    /// Variant key.
    pub variant: String,
    /// Ended from outside the board (resigned, agreed, on time).
    pub ended: bool,
    /// The engine's seat (0 or 1), if an engine plays.
    pub engine_seat: Option<u8>,
    /// The game has clocks.
    pub timed: bool,
    /// The lobby's line as last stored ([`Db::set_summaries`]).
    pub summary: Option<String>,
    /// The number of moves stored.
    pub moves: usize,
    /// The last move stored.
    pub last_move: Option<String>,
}

/// The database that [`Db::open`] opened, used through [`Storage`].
pub struct Db(Box<dyn Storage>);

impl std::ops::Deref for Db {
    type Target = dyn Storage;

    fn deref(&self) -> &(dyn Storage + 'static) {
        &*self.0
    }
}

impl Db {
    /// Opens the database `target` names, bringing its schema up to date:
    /// a PostgreSQL URL (`postgres://user@host:port/name`, or
    /// `postgresql://...`), else an SQLite file (created if missing;
    /// `:memory:` for tests).
    pub fn open(target: &str) -> DbResult<Db> {
        if is_postgres(target) {
            Ok(Db(Box::new(postgres::PgDb::open(target)?)))
        } else {
            Ok(Db(Box::new(sqlite::SqliteDb::open(target)?)))
        }
    }
}

/// Whether `target` names a PostgreSQL database.
pub fn is_postgres(target: &str) -> bool {
    target.starts_with("postgres://") || target.starts_with("postgresql://")
}

/// How many rows each table holds (a copy's check).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TableCounts {
    /// Games.
    pub games: u64,
    /// Moves.
    pub moves: u64,
    /// Chat messages kept.
    pub chat: u64,
    /// Open seeks.
    pub seeks: u64,
}

/// What a store does; each method is one statement or one transaction.
pub trait Storage: Send + accounts::AccountStorage {
    /// What the store keeps of players.
    fn accounts(&self) -> &dyn accounts::AccountStorage;
    /// What a start needs to know of every game without building it,
    /// oldest first: in the order they were stored ([`IndexRow`]).
    fn index(&self) -> DbResult<Vec<IndexRow>>;
    /// Stores games' lobby lines (id, the line as JSON), in one
    /// transaction.
    fn set_summaries(&self, lines: &[(String, String)]) -> DbResult<()>;
    /// One game with its moves, if it is stored.
    fn load_game(&self, id: &str) -> DbResult<Option<(GameRow, Vec<String>)>>;
    /// Sets a seat's nickname.
    fn set_name(&self, id: &str, seat: u8, name: &str) -> DbResult<()>;
    /// How long a statement waits for a lock held by another connection
    /// before it fails as busy.
    fn set_busy_timeout(&self, wait: Duration) -> DbResult<()>;
    /// Stores a new game.
    fn insert_game(&self, g: &GameRow) -> DbResult<()>;
    /// Stores a move (ply counts from 1) and its mover's time left after
    /// it, if timed, on the game's `version` ([`GameRow::version`]). A
    /// second move for the same ply, or any write on a version changed
    /// since, is refused as a conflict ([`DbError::conflict`]): the store
    /// decides a race.
    fn insert_move(&self, id: &str, version: u64, m: &MoveRow) -> DbResult<()>;
    /// Stores an open seek (its request as JSON, made at `made` seconds),
    /// unless `clock.cap` seeks are open already (`false`): the check and
    /// the write are one step, for every server on the database.
    fn insert_seek(
        &self,
        id: &str,
        token: &str,
        body: &str,
        made: i64,
        clock: &SeekClock,
    ) -> DbResult<bool>;
    /// Forgets a seek (taken, withdrawn or lapsed).
    fn delete_seek(&self, id: &str) -> DbResult<()>;
    /// Every stored seek: id, token, request, made.
    fn seeks(&self) -> DbResult<Vec<(String, String, String, i64)>>;
    /// The open seeks, newest first (id, request, made), after forgetting
    /// those lapsed by `clock`.
    fn open_seeks(&self, clock: &SeekClock) -> DbResult<Vec<(String, String, i64)>>;
    /// The maker of seek `id` (its `token`) asks after it, which keeps it
    /// standing: what became of it, `None` when it is gone.
    fn touch_seek(&self, id: &str, token: &str, clock: &SeekClock) -> DbResult<Option<SeekState>>;
    /// Takes open seek `id` for an accepter, so that no one else can: its
    /// request, `None` when it is not open (taken, withdrawn, lapsed).
    fn take_seek(&self, id: &str, clock: &SeekClock) -> DbResult<Option<String>>;
    /// Records what became of a taken seek: its game and the maker's
    /// token in it, or `None` to open it again (the game was not made).
    fn settle_seek(&self, id: &str, game: Option<(&str, &str)>, clock: &SeekClock) -> DbResult<()>;
    /// Withdraws open seek `id` of the maker with `token`: whether it was.
    fn cancel_seek(&self, id: &str, token: &str) -> DbResult<bool>;
    /// Every open seek asked after now, as after a restart (their makers'
    /// pages have a while to ask again).
    fn revive_seeks(&self, clock: &SeekClock) -> DbResult<()>;
    /// Stores chat message number `n` of a game, and forgets the game's
    /// messages older than its last [`CHAT_STORED`].
    fn insert_chat(&self, id: &str, n: u64, seat: u8, text: &str) -> DbResult<()>;
    /// The last `limit` chat messages of a game, oldest first: number,
    /// seat, text.
    fn chat_of(&self, id: &str, limit: usize) -> DbResult<Vec<(u64, u8, String)>>;
    /// Takes back every move after ply `keep` (a takeback agreed), on the
    /// game's `version` (as [`Storage::insert_move`]).
    fn truncate_moves(&self, id: &str, version: u64, keep: usize) -> DbResult<()>;
    /// Records an end from outside the board, on the game's `version`.
    fn set_ended(&self, id: &str, version: u64, ended: &str) -> DbResult<()>;
    /// Records a pending draw offer (`None`: withdrawn or declined), on
    /// the game's `version`.
    fn set_draw_offer(&self, id: &str, version: u64, offer: Option<(u8, u32)>) -> DbResult<()>;
    /// Records the other offers pending (takeback, rematch: the JSON of
    /// [`crate::offers::Offers`]), on the game's `version`.
    fn set_offers(&self, id: &str, version: u64, offers: &str) -> DbResult<()>;
    /// Every game with its moves, oldest first.
    fn load_all(&self) -> DbResult<Vec<(GameRow, Vec<String>)>>;
    /// How many rows each table holds.
    fn counts(&self) -> DbResult<TableCounts>;
    /// The versions of the migrations applied, in order.
    fn migrations(&self) -> DbResult<Vec<i64>>;
    /// "SQLite" or "PostgreSQL".
    fn kind(&self) -> &'static str;
    /// Whether other servers may write to this database too (PostgreSQL):
    /// a game another server created or changed is read from it.
    fn shared(&self) -> bool {
        false
    }
    /// The changes other servers make to games, as they are committed
    /// (PostgreSQL's LISTEN/NOTIFY): `None` where no other server writes.
    /// The feed is bounded; it ends when its receiver is dropped.
    fn subscribe(&self) -> DbResult<Option<tokio::sync::mpsc::Receiver<Changed>>> {
        Ok(None)
    }
    /// Takes or renews for `owner`, for `ttl` by the database's clock, the
    /// leases of the games `ids` that are free, lapsed or its own already:
    /// the ids it holds after. A lone server holds every lease.
    fn take_leases(&self, owner: &str, ids: &[String], ttl: Duration) -> DbResult<Vec<String>> {
        let _ = (owner, ttl);
        Ok(ids.to_vec())
    }
    /// Gives up `owner`'s leases of `ids`, and clears theirs that lapsed.
    fn drop_leases(&self, owner: &str, ids: &[String]) -> DbResult<()> {
        let _ = (owner, ids);
        Ok(())
    }
    /// How many connections the store should use at once (PostgreSQL:
    /// several, each a round trip away; SQLite: one writer).
    fn workers(&self) -> usize {
        1
    }
    /// Another connection to the same database, as this one (the same
    /// origin in notifications), for another of the store's workers.
    fn another(&self) -> Option<DbResult<Db>> {
        None
    }
    /// Games whose lease lapsed (their server stopped renewing it), the
    /// oldest first, at most `limit`.
    fn lapsed_leases(&self, limit: usize) -> DbResult<Vec<String>> {
        let _ = limit;
        Ok(Vec::new())
    }
}

/// A move as stored: its ply (from 1), text, mover (0 or 1; `None` for
/// an old move) and the mover's time left after it, if timed.
#[derive(Clone, Debug)]
pub struct MoveRow {
    /// Its number, from 1.
    pub ply: usize,
    /// Its text.
    pub text: String,
    /// Who made it.
    pub mover: Option<u8>,
    /// The mover's time left after it, if timed.
    pub clock_ms: Option<u64>,
}

/// The times that decide whether a seek still stands, read at one moment.
#[derive(Clone, Copy, Debug)]
pub struct SeekClock {
    /// Now, in milliseconds since 1970.
    pub now_ms: i64,
    /// A seek not asked after for this long has lapsed.
    pub idle_ms: i64,
    /// No seek stands longer than this.
    pub ttl_ms: i64,
    /// How long an accepted seek waits for its maker to learn his game.
    pub accepted_kept_ms: i64,
    /// The most seeks open at once.
    pub cap: usize,
}

impl SeekClock {
    /// The oldest `seen` of a standing seek, and its oldest `made` (in
    /// seconds), and the oldest `taken` of an accepted one kept.
    fn limits(&self) -> (i64, i64, i64) {
        (
            self.now_ms - self.idle_ms,
            (self.now_ms - self.ttl_ms).div_euclid(1000),
            self.now_ms - self.accepted_kept_ms,
        )
    }
}

/// What became of a seek, as its maker asks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeekState {
    /// Still open (its request), or being accepted right now.
    Open(String),
    /// Accepted: the game, and the maker's token in it.
    Accepted {
        /// The game's id.
        game: String,
        /// The maker's seat's token.
        token: String,
    },
}

/// The refusal of a write on a version of a game another write changed
/// first.
fn changed_first(done: bool) -> DbResult<()> {
    if done {
        Ok(())
    } else {
        Err(DbError {
            message: "database: the game changed first (another request or another server \
                      wrote it): nothing stored"
                .into(),
            busy: false,
            conflict: true,
        })
    }
}

/// A change another server committed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Changed {
    /// The game with this id changed (a move, an end, a name, chat...).
    Game(String),
    /// Anything may have changed (the feed was lost and is back).
    All,
}

/// A database error: what went wrong in words, whether it was a lock held
/// by another connection or a lost connection (worth trying again), and
/// whether a unique key refused it (another request stored it first).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DbError {
    /// The error in words.
    pub message: String,
    /// The database was locked, busy or unreachable for a moment.
    pub busy: bool,
    /// A unique key refused the row: the same row is stored already.
    pub conflict: bool,
}

impl std::fmt::Display for DbError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl From<DbError> for String {
    fn from(e: DbError) -> String {
        e.message
    }
}

/// A database result.
pub type DbResult<T> = Result<T, DbError>;

/// Milliseconds since 1970, for the moves' times (SQLite's: a lone
/// server's clock).
fn now_millis() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

/// Seconds since 1970, for the migrations' rows.
fn now_seconds() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
}
