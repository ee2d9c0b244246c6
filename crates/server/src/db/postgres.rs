//! The PostgreSQL store: the shared database of a site (`--db
//! postgres://...`), through the `postgres` crate (the blocking client of
//! `tokio-postgres`).
//!
//! The blocking client runs a small runtime of its own, which must not be
//! started from inside the server's: the connection lives on a thread of
//! its own, and each call sends it a job and waits for the answer, as the
//! SQLite connection is used from the store's thread. A lost connection
//! is made again at the next call; the call that found it lost fails as
//! busy (nothing stored: try again).
//!
//! Migrations run under an advisory lock, so servers started together on
//! one database apply each once.
//!
//! Every write that changes a game notifies the channel [`CHANNEL`] in
//! its transaction, with `ORIGIN GAME_ID` (this store's random origin and
//! the game's id: never a seed, a token or a move), so that the other
//! servers on the database read the game again ([`Storage::subscribe`]).

use super::migrations::POSTGRES;
use super::pg_cached::{Cached, Pg, PgTx, Statements};
use super::shared_sql as sql;
use super::{
    changed_first, Changed, DbError, DbResult, GameRow, IndexRow, MoveRow, SeekClock, SeekState,
    Storage, TableCounts, CHAT_STORED,
};
use fallible_iterator::FallibleIterator;
use postgres::error::SqlState;
use postgres::{Client, NoTls, Row};
use std::sync::mpsc;
use std::time::Duration;

/// The channel of games' changes.
pub const CHANNEL: &str = "deckmate_games";

/// The database's clock in milliseconds: leases are timed by the one
/// clock every server shares.
const NOW_MS: &str = "(extract(epoch from clock_timestamp()) * 1000)::bigint";

/// The store's connections to PostgreSQL at once: writes of different
/// games go on together (one game's are in order: its changes wait for
/// each other).
const WORKERS: usize = 4;

/// How many changes may wait for the server to read them.
const FEED: usize = 4096;

/// The advisory lock's key while migrations run ("deckmate" in ASCII,
/// shortened).
const MIGRATION_LOCK: i64 = 0x6465_636b_6d61;

/// The columns of a game row, as [`game_row`] reads them.
const GAME_COLUMNS: &str = "SELECT id, variant, spec, token0, token1, engine_seat, engine_level, \
    ended, created, draw_offer_seat, draw_offer_plies, time_control, name0, name1, version, offers, \
    account0, account1, rated, rating_change, bots FROM games";

/// A job for the connection's thread.
type Job = Box<dyn FnOnce(&mut Conn) + Send>;

/// The connection, made again when lost.
struct Conn {
    url: String,
    client: Option<Client>,
    /// The statements prepared on `client`.
    statements: Statements,
    statement_timeout: Option<Duration>,
}

impl Conn {
    fn client(&mut self) -> DbResult<&mut Client> {
        if self.client.as_ref().is_some_and(Client::is_closed) {
            self.client = None;
        }
        let client = match self.client.take() {
            Some(c) => c,
            None => {
                self.statements.clear();
                let mut c = Client::connect(&self.url, NoTls).map_err(err)?;
                if let Some(t) = self.statement_timeout {
                    c.batch_execute(&format!("SET statement_timeout = {}", t.as_millis()))
                        .map_err(err)?;
                }
                c
            }
        };
        Ok(self.client.insert(client))
    }

    /// Runs `f` on the connection (made again if lost) with its prepared
    /// statements.
    fn with_pg<T>(
        &mut self,
        f: impl FnOnce(&mut Pg<'_>) -> Result<T, postgres::Error>,
    ) -> DbResult<T> {
        self.client()?;
        let Some(client) = self.client.take() else {
            return Err(gone());
        };
        let mut pg = Pg::new(client, &mut self.statements);
        let r = f(&mut pg);
        self.client = Some(pg.into_client());
        r.map_err(err)
    }
}

/// A PostgreSQL database: a handle on its connection's thread.
pub struct PgDb {
    jobs: mpsc::Sender<Job>,
    url: String,
    /// This store's name in its notifications (random), so that it skips
    /// its own.
    origin: String,
}

/// A random origin: 16 hex digits.
fn random_origin() -> String {
    let mut b = [0u8; 8];
    // Without randomness the time serves: origins only need to differ.
    if getrandom::getrandom(&mut b).is_err() {
        b = super::now_seconds().to_le_bytes();
    }
    b.iter().map(|x| format!("{x:02x}")).collect()
}

/// Notifies the other servers, inside `tx`, that game `id` changed.
fn notify(tx: &mut PgTx<'_>, origin: &str, id: &str) -> Result<(), postgres::Error> {
    tx.execute(
        "SELECT pg_notify($1, $2)",
        &[&CHANNEL, &format!("{origin} {id}")],
    )
    .map(drop)
}

fn gone() -> DbError {
    DbError {
        message: "database: the PostgreSQL connection's thread stopped".into(),
        busy: false,
        conflict: false,
    }
}

/// A PostgreSQL error in words, and what kind it is.
pub(super) fn err(e: postgres::Error) -> DbError {
    let code = e.code();
    let conflict = code == Some(&SqlState::UNIQUE_VIOLATION);
    let busy = e.is_closed()
        || code.is_none()
        || [
            SqlState::LOCK_NOT_AVAILABLE,
            SqlState::QUERY_CANCELED,
            SqlState::T_R_SERIALIZATION_FAILURE,
            SqlState::T_R_DEADLOCK_DETECTED,
            SqlState::TOO_MANY_CONNECTIONS,
            SqlState::ADMIN_SHUTDOWN,
            SqlState::CANNOT_CONNECT_NOW,
        ]
        .iter()
        .any(|c| code == Some(c));
    // The server's message, and its detail when it has one.
    let message = match e.as_db_error() {
        Some(d) => match d.detail() {
            Some(detail) => format!("database: {} ({detail})", d.message()),
            None => format!("database: {}", d.message()),
        },
        None => format!("database: {e}"),
    };
    DbError {
        message,
        busy,
        conflict,
    }
}

/// A small integer column as a seat or level.
fn small(v: Option<i16>) -> Option<u8> {
    v.and_then(|v| u8::try_from(v).ok())
}

fn game_row(r: &Row) -> GameRow {
    let offer_plies: Option<i64> = r.get(10);
    GameRow {
        id: r.get(0),
        variant: r.get(1),
        spec: r.get(2),
        tokens: [r.get(3), r.get(4)],
        engine: small(r.get(5)).zip(small(r.get(6))),
        ended: r.get(7),
        created: r.get(8),
        draw_offer: small(r.get(9)).zip(offer_plies.and_then(|p| u32::try_from(p).ok())),
        time_control: r.get(11),
        clocks: Vec::new(),
        chat: Vec::new(),
        names: [r.get(12), r.get(13)],
        since_last_move_ms: None,
        version: u64::try_from(r.get::<_, i64>(14)).unwrap_or(0),
        offers: r.get(15),
        accounts: [r.get(16), r.get(17)],
        rated: r.get::<_, i16>(18) != 0,
        rating_change: r.get(19),
        bots: {
            let b: i16 = r.get(20);
            [b & 1 != 0, b & 2 != 0]
        },
    }
}

/// The advisory lock's key while a seek is made: the open seeks are
/// counted and the new one stored by one server at a time.
const SEEK_LOCK: i64 = 0x6465_636b_7365;

/// Runs `write` in a transaction after counting game `id`'s version up
/// from `version`, and notifies the other servers: `false` (nothing
/// written) when the version was another.
fn on_version(
    c: &mut Pg<'_>,
    origin: &str,
    id: &str,
    version: u64,
    write: impl FnOnce(&mut PgTx<'_>) -> Result<(), postgres::Error>,
) -> Result<bool, postgres::Error> {
    let mut tx = c.transaction()?;
    if tx.execute(sql::BUMP_VERSION, &[&id, &big(version)])? != 1 {
        return Ok(false);
    }
    write(&mut tx)?;
    notify(&mut tx, origin, id)?;
    tx.commit()?;
    Ok(true)
}

/// Forgets the seeks lapsed by `clock`.
fn forget_lapsed_seeks(
    c: &mut Cached<'_, impl postgres::GenericClient>,
    clock: &SeekClock,
) -> Result<(), postgres::Error> {
    let (seen, made, taken) = clock.limits();
    c.execute(sql::SEEKS_LAPSED, &[&seen, &made, &taken])
        .map(drop)
}

/// A count or number as the `BIGINT` it is stored as.
fn big(n: impl TryInto<i64>) -> i64 {
    n.try_into().unwrap_or(i64::MAX)
}

impl PgDb {
    /// Connects to `url` and brings the schema up to date.
    pub fn open(url: &str) -> DbResult<PgDb> {
        let db = PgDb::connect(url, random_origin())?;
        db.call(migrate)?;
        Ok(db)
    }

    /// A handle on a new connection to `url` (made at its first call),
    /// named `origin` in notifications.
    fn connect(url: &str, origin: String) -> DbResult<PgDb> {
        let (jobs, inbox) = mpsc::channel::<Job>();
        let mut conn = Conn {
            url: url.to_string(),
            client: None,
            statements: Statements::default(),
            statement_timeout: None,
        };
        std::thread::Builder::new()
            .name("deckmate-postgres".into())
            .spawn(move || {
                for job in inbox {
                    job(&mut conn);
                }
            })
            .map_err(|e| DbError {
                message: format!("cannot start the PostgreSQL thread: {e}"),
                busy: false,
                conflict: false,
            })?;
        Ok(PgDb {
            jobs,
            url: url.to_string(),
            origin,
        })
    }

    /// Runs `f` on the connection's thread and waits for its answer.
    pub(super) fn call<T: Send + 'static>(
        &self,
        f: impl FnOnce(&mut Pg<'_>) -> Result<T, postgres::Error> + Send + 'static,
    ) -> DbResult<T> {
        let (answer, result) = mpsc::sync_channel(1);
        let job: Job = Box::new(move |conn: &mut Conn| {
            let r = conn.with_pg(f);
            let _ = answer.send(r);
        });
        self.jobs.send(job).map_err(|_| gone())?;
        result.recv().map_err(|_| gone())?
    }

    /// Runs `f` on the connection itself (its settings).
    fn with_conn(
        &self,
        f: impl FnOnce(&mut Conn) -> DbResult<()> + Send + 'static,
    ) -> DbResult<()> {
        let (answer, result) = mpsc::sync_channel(1);
        let job: Job = Box::new(move |conn: &mut Conn| {
            let _ = answer.send(f(conn));
        });
        self.jobs.send(job).map_err(|_| gone())?;
        result.recv().map_err(|_| gone())?
    }
}

/// Applies the migrations not yet applied, under the advisory lock.
fn migrate(c: &mut Pg<'_>) -> Result<(), postgres::Error> {
    c.execute("SELECT pg_advisory_lock($1)", &[&MIGRATION_LOCK])?;
    let result = (|| {
        c.batch_execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations (
                 version BIGINT PRIMARY KEY,
                 name TEXT NOT NULL,
                 applied BIGINT NOT NULL
             )",
        )?;
        for m in POSTGRES {
            let done = c
                .query_opt(
                    "SELECT 1 FROM schema_migrations WHERE version = $1",
                    &[&m.version],
                )?
                .is_some();
            if done {
                continue;
            }
            let mut tx = c.transaction()?;
            tx.batch_execute(m.sql)?;
            tx.execute(
                "INSERT INTO schema_migrations (version, name, applied) VALUES ($1, $2, $3)",
                &[&m.version, &m.name, &super::now_seconds()],
            )?;
            tx.commit()?;
        }
        Ok(())
    })();
    c.execute("SELECT pg_advisory_unlock($1)", &[&MIGRATION_LOCK])?;
    result
}

/// A game's moves (text, mover, clock) in order, and its last chat.
fn with_moves(c: &mut Pg<'_>, mut g: GameRow) -> Result<(GameRow, Vec<String>), postgres::Error> {
    let rows = c.query(
        &format!("SELECT text, mover, clock_ms, {NOW_MS} - at FROM moves WHERE game_id = $1 ORDER BY ply"),
        &[&g.id],
    )?;
    g.since_last_move_ms = rows
        .last()
        .and_then(|r| r.get::<_, Option<i64>>(3))
        .map(|ms| u64::try_from(ms).unwrap_or(0));
    let mut moves = Vec::with_capacity(rows.len());
    g.clocks = Vec::with_capacity(rows.len());
    for r in rows {
        moves.push(r.get::<_, String>(0));
        let clock: Option<i64> = r.get(2);
        g.clocks.push((
            small(r.get(1)),
            clock.map(|c| u64::try_from(c).unwrap_or(0)),
        ));
    }
    g.chat = chat_of(c, &g.id, CHAT_STORED)?;
    Ok((g, moves))
}

fn chat_of(
    c: &mut Pg<'_>,
    id: &str,
    limit: usize,
) -> Result<Vec<(u64, u8, String)>, postgres::Error> {
    let rows = c.query(
        "SELECT n, seat, text FROM chat WHERE game_id = $1 ORDER BY n DESC LIMIT $2",
        &[&id, &big(limit)],
    )?;
    let mut out: Vec<(u64, u8, String)> = rows
        .iter()
        .map(|r| {
            (
                u64::try_from(r.get::<_, i64>(0)).unwrap_or(0),
                small(r.get(1)).unwrap_or(0),
                r.get(2),
            )
        })
        .collect();
    out.reverse();
    Ok(out)
}

impl Storage for PgDb {
    fn accounts(&self) -> &dyn super::accounts::AccountStorage {
        self
    }

    fn index(&self) -> DbResult<Vec<IndexRow>> {
        self.call(|c| {
            let rows = c.query(
                "SELECT g.id, g.variant, g.ended IS NOT NULL, g.engine_seat, g.time_control IS NOT NULL,
                        g.summary,
                        (SELECT COUNT(*) FROM moves m WHERE m.game_id = g.id),
                        (SELECT text FROM moves m WHERE m.game_id = g.id ORDER BY ply DESC LIMIT 1)
                 FROM games g ORDER BY g.created, g.stored",
                &[],
            )?;
            Ok(rows
                .iter()
                .map(|r| IndexRow {
                    id: r.get(0),
                    variant: r.get(1),
                    ended: r.get(2),
                    engine_seat: small(r.get(3)),
                    timed: r.get(4),
                    summary: r.get(5),
                    moves: usize::try_from(r.get::<_, i64>(6)).unwrap_or(0),
                    last_move: r.get(7),
                })
                .collect())
        })
    }

    fn set_summaries(&self, lines: &[(String, String)]) -> DbResult<()> {
        let lines = lines.to_vec();
        self.call(move |c| {
            let mut tx = c.transaction()?;
            for (id, line) in &lines {
                tx.execute("UPDATE games SET summary = $2 WHERE id = $1", &[id, line])?;
            }
            tx.commit()
        })
    }

    fn load_game(&self, id: &str) -> DbResult<Option<(GameRow, Vec<String>)>> {
        let id = id.to_string();
        self.call(
            move |c| match c.query_opt(&format!("{GAME_COLUMNS} WHERE id = $1"), &[&id])? {
                Some(r) => with_moves(c, game_row(&r)).map(Some),
                None => Ok(None),
            },
        )
    }

    fn set_name(&self, id: &str, seat: u8, name: &str) -> DbResult<()> {
        let (id, name) = (id.to_string(), name.to_string());
        let sql = if seat == 0 {
            "UPDATE games SET name0 = $2 WHERE id = $1"
        } else {
            "UPDATE games SET name1 = $2 WHERE id = $1"
        };
        let origin = self.origin.clone();
        self.call(move |c| {
            let mut tx = c.transaction()?;
            tx.execute(sql, &[&id, &name])?;
            notify(&mut tx, &origin, &id)?;
            tx.commit()
        })
    }

    fn set_busy_timeout(&self, wait: Duration) -> DbResult<()> {
        // Whole seconds, so that a store's deadlines (a little under its
        // wait each time) set it once, not at every write.
        let wait = Duration::from_secs(wait.as_secs().saturating_add(1));
        self.with_conn(move |conn| {
            if conn.statement_timeout == Some(wait) {
                return Ok(());
            }
            conn.statement_timeout = Some(wait);
            conn.client()?
                .batch_execute(&format!("SET statement_timeout = {}", wait.as_millis()))
                .map_err(err)
        })
    }

    fn insert_game(&self, g: &GameRow) -> DbResult<()> {
        let g = g.clone();
        let origin = self.origin.clone();
        self.call(move |c| {
            let mut tx = c.transaction()?;
            tx.execute(
                "INSERT INTO games (id, variant, spec, token0, token1, engine_seat, engine_level, ended, created, time_control, name0, name1, account0, account1, rated, bots)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)",
                &[
                    &g.id,
                    &g.variant,
                    &g.spec,
                    &g.tokens[0],
                    &g.tokens[1],
                    &g.engine.map(|e| i16::from(e.0)),
                    &g.engine.map(|e| i16::from(e.1)),
                    &g.ended,
                    &g.created,
                    &g.time_control,
                    &g.names[0],
                    &g.names[1],
                    &g.accounts[0],
                    &g.accounts[1],
                    &i16::from(g.rated),
                    &(i16::from(g.bots[0]) | (i16::from(g.bots[1]) << 1)),
                ],
            )?;
            notify(&mut tx, &origin, &g.id)?;
            tx.commit()
        })
    }

    fn insert_move(&self, id: &str, version: u64, m: &MoveRow) -> DbResult<()> {
        let (id, m) = (id.to_string(), m.clone());
        let payload = format!("{} {id}", self.origin);
        // The hot path in one statement (one round trip, one implicit
        // transaction), as `on_version` does it in five: the version
        // counted up from `version`, the move stored, the other servers
        // notified; no row when the version was another.
        self.call(move |c| {
            let stored = c.query_opt(
                &format!(
                    "WITH bumped AS ({} RETURNING id),
                     added AS (INSERT INTO moves (game_id, ply, text, mover, clock_ms, at)
                               SELECT id, $3::BIGINT, $4::TEXT, $5::SMALLINT, $6::BIGINT, {NOW_MS} FROM bumped RETURNING game_id)
                     SELECT pg_notify($7::TEXT, $8::TEXT) FROM added",
                    sql::BUMP_VERSION
                ),
                &[
                    &id,
                    &big(version),
                    &big(m.ply),
                    &m.text,
                    &m.mover.map(i16::from),
                    &m.clock_ms.map(big),
                    &CHANNEL,
                    &payload,
                ],
            )?;
            Ok(stored.is_some())
        })
        .and_then(changed_first)
    }

    fn insert_seek(
        &self,
        id: &str,
        token: &str,
        body: &str,
        made: i64,
        clock: &SeekClock,
    ) -> DbResult<bool> {
        let (id, token, body, clock) =
            (id.to_string(), token.to_string(), body.to_string(), *clock);
        self.call(move |c| {
            let mut tx = c.transaction()?;
            tx.execute("SELECT pg_advisory_xact_lock($1)", &[&SEEK_LOCK])?;
            forget_lapsed_seeks(&mut tx, &clock)?;
            let open: i64 = tx.query_one(sql::SEEKS_OPEN_COUNT, &[])?.get(0);
            if usize::try_from(open).unwrap_or(usize::MAX) >= clock.cap {
                return Ok(false);
            }
            tx.execute(
                sql::SEEK_INSERT,
                &[&id, &token, &body, &made, &clock.now_ms],
            )?;
            tx.commit()?;
            Ok(true)
        })
    }

    fn open_seeks(&self, clock: &SeekClock) -> DbResult<Vec<(String, String, i64)>> {
        let clock = *clock;
        self.call(move |c| {
            forget_lapsed_seeks(c, &clock)?;
            Ok(c.query(sql::SEEKS_OPEN, &[])?
                .iter()
                .map(|r| (r.get(0), r.get(1), r.get(2)))
                .collect())
        })
    }

    fn touch_seek(&self, id: &str, token: &str, clock: &SeekClock) -> DbResult<Option<SeekState>> {
        let (id, token, clock) = (id.to_string(), token.to_string(), *clock);
        self.call(move |c| {
            forget_lapsed_seeks(c, &clock)?;
            c.execute(sql::SEEK_SEEN, &[&clock.now_ms, &id, &token])?;
            let row = c.query_opt(sql::SEEK_STATE, &[&id, &token])?;
            Ok(row.map(|r| {
                let (game, token): (Option<String>, Option<String>) = (r.get(1), r.get(2));
                match game.zip(token) {
                    Some((game, token)) => SeekState::Accepted { game, token },
                    None => SeekState::Open(r.get(0)),
                }
            }))
        })
    }

    fn take_seek(&self, id: &str, clock: &SeekClock) -> DbResult<Option<String>> {
        let (id, clock) = (id.to_string(), *clock);
        self.call(move |c| {
            forget_lapsed_seeks(c, &clock)?;
            if c.execute(sql::SEEK_TAKE, &[&clock.now_ms, &id])? == 0 {
                return Ok(None);
            }
            Ok(c.query_opt(sql::SEEK_BODY, &[&id])?.map(|r| r.get(0)))
        })
    }

    fn settle_seek(&self, id: &str, game: Option<(&str, &str)>, clock: &SeekClock) -> DbResult<()> {
        let id = id.to_string();
        let game = game.map(|(g, t)| (g.to_string(), t.to_string()));
        let now = clock.now_ms;
        self.call(move |c| {
            match game {
                Some((game, token)) => c.execute(sql::SEEK_ACCEPTED, &[&game, &token, &now, &id]),
                None => c.execute(sql::SEEK_REOPEN, &[&now, &id]),
            }
            .map(drop)
        })
    }

    fn cancel_seek(&self, id: &str, token: &str) -> DbResult<bool> {
        let (id, token) = (id.to_string(), token.to_string());
        self.call(move |c| Ok(c.execute(sql::SEEK_CANCEL, &[&id, &token])? > 0))
    }

    fn revive_seeks(&self, clock: &SeekClock) -> DbResult<()> {
        let now = clock.now_ms;
        self.call(move |c| c.execute(sql::SEEKS_REVIVE, &[&now]).map(drop))
    }

    fn delete_seek(&self, id: &str) -> DbResult<()> {
        let id = id.to_string();
        self.call(move |c| {
            c.execute("DELETE FROM seeks WHERE id = $1", &[&id])
                .map(drop)
        })
    }

    fn seeks(&self) -> DbResult<Vec<(String, String, String, i64)>> {
        self.call(|c| {
            Ok(
                c.query("SELECT id, token, body, made FROM seeks ORDER BY made", &[])?
                    .iter()
                    .map(|r| (r.get(0), r.get(1), r.get(2), r.get(3)))
                    .collect(),
            )
        })
    }

    fn insert_chat(&self, id: &str, n: u64, seat: u8, text: &str) -> DbResult<()> {
        let (id, text) = (id.to_string(), text.to_string());
        let origin = self.origin.clone();
        self.call(move |c| {
            let mut tx = c.transaction()?;
            tx.execute(
                "INSERT INTO chat (game_id, n, seat, text) VALUES ($1, $2, $3, $4)",
                &[&id, &big(n), &i16::from(seat), &text],
            )?;
            if let Some(oldest_kept) = n.checked_sub(CHAT_STORED as u64 - 1) {
                tx.execute(
                    "DELETE FROM chat WHERE game_id = $1 AND n < $2",
                    &[&id, &big(oldest_kept)],
                )?;
            }
            notify(&mut tx, &origin, &id)?;
            tx.commit()
        })
    }

    fn chat_of(&self, id: &str, limit: usize) -> DbResult<Vec<(u64, u8, String)>> {
        let id = id.to_string();
        self.call(move |c| chat_of(c, &id, limit))
    }

    fn truncate_moves(&self, id: &str, version: u64, keep: usize) -> DbResult<()> {
        let id = id.to_string();
        let origin = self.origin.clone();
        self.call(move |c| {
            on_version(c, &origin, &id, version, |tx| {
                tx.execute(
                    "DELETE FROM moves WHERE game_id = $1 AND ply > $2",
                    &[&id, &big(keep)],
                )
                .map(drop)
            })
        })
        .and_then(changed_first)
    }

    fn set_ended(&self, id: &str, version: u64, ended: &str) -> DbResult<()> {
        let (id, ended) = (id.to_string(), ended.to_string());
        let origin = self.origin.clone();
        self.call(move |c| {
            on_version(c, &origin, &id, version, |tx| {
                tx.execute("UPDATE games SET ended = $2 WHERE id = $1", &[&id, &ended])
                    .map(drop)
            })
        })
        .and_then(changed_first)
    }

    fn set_draw_offer(&self, id: &str, version: u64, offer: Option<(u8, u32)>) -> DbResult<()> {
        let id = id.to_string();
        let origin = self.origin.clone();
        self.call(move |c| {
            on_version(c, &origin, &id, version, |tx| {
                tx.execute(
                    "UPDATE games SET draw_offer_seat = $2, draw_offer_plies = $3 WHERE id = $1",
                    &[
                        &id,
                        &offer.map(|o| i16::from(o.0)),
                        &offer.map(|o| i64::from(o.1)),
                    ],
                )
                .map(drop)
            })
        })
        .and_then(changed_first)
    }

    fn set_offers(&self, id: &str, version: u64, offers: &str) -> DbResult<()> {
        let (id, offers) = (id.to_string(), offers.to_string());
        let origin = self.origin.clone();
        self.call(move |c| {
            on_version(c, &origin, &id, version, |tx| {
                tx.execute(
                    "UPDATE games SET offers = $2 WHERE id = $1",
                    &[&id, &offers],
                )
                .map(drop)
            })
        })
        .and_then(changed_first)
    }

    fn load_all(&self) -> DbResult<Vec<(GameRow, Vec<String>)>> {
        self.call(|c| {
            let rows = c.query(&format!("{GAME_COLUMNS} ORDER BY created, stored"), &[])?;
            rows.iter().map(|r| with_moves(c, game_row(r))).collect()
        })
    }

    fn counts(&self) -> DbResult<TableCounts> {
        self.call(|c| {
            let r = c.query_one(
                "SELECT (SELECT COUNT(*) FROM games), (SELECT COUNT(*) FROM moves),
                        (SELECT COUNT(*) FROM chat), (SELECT COUNT(*) FROM seeks)",
                &[],
            )?;
            let n = |i: usize| u64::try_from(r.get::<_, i64>(i)).unwrap_or(0);
            Ok(TableCounts {
                games: n(0),
                moves: n(1),
                chat: n(2),
                seeks: n(3),
            })
        })
    }

    fn migrations(&self) -> DbResult<Vec<i64>> {
        self.call(|c| {
            Ok(c.query(
                "SELECT version FROM schema_migrations ORDER BY version",
                &[],
            )?
            .iter()
            .map(|r| r.get(0))
            .collect())
        })
    }

    fn kind(&self) -> &'static str {
        "PostgreSQL"
    }

    fn shared(&self) -> bool {
        true
    }

    fn workers(&self) -> usize {
        WORKERS
    }

    fn another(&self) -> Option<DbResult<super::Db>> {
        Some(PgDb::connect(&self.url, self.origin.clone()).map(|p| super::Db(Box::new(p))))
    }

    fn take_leases(&self, owner: &str, ids: &[String], ttl: Duration) -> DbResult<Vec<String>> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let (owner, ids) = (owner.to_string(), ids.to_vec());
        let ttl = big(ttl.as_millis());
        self.call(move |c| {
            Ok(c.query(
                &format!(
                    "INSERT INTO leases (game_id, owner, expires)
                     SELECT id, $1, {NOW_MS} + $3 FROM unnest($2::text[]) AS id
                     ON CONFLICT (game_id) DO UPDATE SET owner = EXCLUDED.owner, expires = EXCLUDED.expires
                     WHERE leases.owner = EXCLUDED.owner OR leases.expires < {NOW_MS}
                     RETURNING game_id"
                ),
                &[&owner, &ids, &ttl],
            )?
            .iter()
            .map(|r| r.get(0))
            .collect())
        })
    }

    fn drop_leases(&self, owner: &str, ids: &[String]) -> DbResult<()> {
        if ids.is_empty() {
            return Ok(());
        }
        let (owner, ids) = (owner.to_string(), ids.to_vec());
        self.call(move |c| {
            c.execute(
                &format!(
                    "DELETE FROM leases WHERE game_id = ANY($2) AND (owner = $1 OR expires < {NOW_MS})"
                ),
                &[&owner, &ids],
            )
            .map(drop)
        })
    }

    fn lapsed_leases(&self, limit: usize) -> DbResult<Vec<String>> {
        self.call(move |c| {
            Ok(c.query(
                &format!(
                    "SELECT game_id FROM leases WHERE expires < {NOW_MS} ORDER BY expires LIMIT $1"
                ),
                &[&big(limit)],
            )?
            .iter()
            .map(|r| r.get(0))
            .collect())
        })
    }

    fn subscribe(&self) -> DbResult<Option<tokio::sync::mpsc::Receiver<Changed>>> {
        let (feed, changes) = tokio::sync::mpsc::channel(FEED);
        let (url, origin) = (self.url.clone(), self.origin.clone());
        std::thread::Builder::new()
            .name("deckmate-listen".into())
            .spawn(move || listen(&url, &origin, &feed))
            .map_err(|e| DbError {
                message: format!("cannot start the PostgreSQL listener: {e}"),
                busy: false,
                conflict: false,
            })?;
        Ok(Some(changes))
    }
}

/// The listener's thread: LISTEN on its own connection, each other
/// server's change into `feed`; a lost connection is made again (a second
/// later), and then everything may have changed ([`Changed::All`]). Ends
/// when the feed's receiver is gone.
fn listen(url: &str, origin: &str, feed: &tokio::sync::mpsc::Sender<Changed>) {
    let mut first = true;
    while !feed.is_closed() {
        let mut client = match Client::connect(url, NoTls) {
            Ok(c) => c,
            Err(e) => {
                eprintln!("deckmate: PostgreSQL listener: {e}; trying again in 1 s");
                std::thread::sleep(Duration::from_secs(1));
                continue;
            }
        };
        if let Err(e) = client.batch_execute(&format!("LISTEN {CHANNEL}")) {
            eprintln!("deckmate: PostgreSQL listener: {e}; trying again in 1 s");
            std::thread::sleep(Duration::from_secs(1));
            continue;
        }
        if !first && feed.blocking_send(Changed::All).is_err() {
            return;
        }
        first = false;
        // Woken each second to see whether the server still listens.
        'connected: while !feed.is_closed() {
            {
                let mut notes = client.notifications();
                let mut it = notes.timeout_iter(Duration::from_secs(1));
                loop {
                    match it.next() {
                        Ok(Some(n)) => {
                            let Some((from, id)) = n.payload().split_once(' ') else {
                                continue;
                            };
                            if from != origin
                                && feed.blocking_send(Changed::Game(id.to_string())).is_err()
                            {
                                return;
                            }
                        }
                        Ok(None) => break,
                        Err(e) => {
                            eprintln!("deckmate: PostgreSQL listener lost its connection: {e}");
                            break 'connected;
                        }
                    }
                }
            }
            if client.is_closed() {
                break;
            }
        }
    }
}
