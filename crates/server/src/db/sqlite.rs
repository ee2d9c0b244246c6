//! The SQLite store (the default): one file, or `:memory:` for tests.

use super::migrations::SQLITE;
use super::shared_sql as sql;
use super::{
    changed_first, DbError, DbResult, GameRow, IndexRow, MoveRow, SeekClock, SeekState, Storage,
    TableCounts, CHAT_STORED,
};
use rusqlite::{params, Connection, OptionalExtension};

/// The columns of a game row, as [`game_row`] reads them.
const GAME_COLUMNS: &str = "SELECT id, variant, spec, token0, token1, engine_seat, engine_level, \
    ended, created, draw_offer_seat, draw_offer_plies, time_control, name0, name1, version, offers, \
    account0, account1, rated, rating_change, bots FROM games";

/// A game row from [`GAME_COLUMNS`] (without its moves).
fn game_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<GameRow> {
    let seat: Option<u8> = r.get(5)?;
    let level: Option<u8> = r.get(6)?;
    let offer_seat: Option<u8> = r.get(9)?;
    let offer_plies: Option<u32> = r.get(10)?;
    Ok(GameRow {
        id: r.get(0)?,
        variant: r.get(1)?,
        spec: r.get(2)?,
        tokens: [r.get(3)?, r.get(4)?],
        engine: seat.zip(level),
        ended: r.get(7)?,
        created: r.get(8)?,
        draw_offer: offer_seat.zip(offer_plies),
        time_control: r.get(11)?,
        clocks: Vec::new(),
        chat: Vec::new(),
        names: [r.get(12)?, r.get(13)?],
        since_last_move_ms: None,
        version: r.get::<_, i64>(14)?.max(0) as u64,
        offers: r.get(15)?,
        accounts: [r.get(16)?, r.get(17)?],
        rated: r.get::<_, i64>(18)? != 0,
        rating_change: r.get(19)?,
        bots: {
            let b: i64 = r.get(20)?;
            [b & 1 != 0, b & 2 != 0]
        },
    })
}

/// The SQLite database: one connection.
pub struct SqliteDb {
    pub(super) conn: Connection,
}

pub(super) fn err(e: rusqlite::Error) -> DbError {
    let busy = matches!(
        e.sqlite_error_code(),
        Some(rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked)
    );
    let conflict = matches!(
        e.sqlite_error_code(),
        Some(rusqlite::ErrorCode::ConstraintViolation)
    );
    DbError {
        message: format!("database: {e}"),
        busy,
        conflict,
    }
}

impl SqliteDb {
    /// Opens (creating if needed) the database file (`:memory:` for
    /// tests) and brings its schema up to date.
    pub fn open(path: &str) -> DbResult<SqliteDb> {
        let conn = Connection::open(path).map_err(err)?;
        conn.execute_batch("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;")
            .map_err(err)?;
        let db = SqliteDb { conn };
        db.migrate()?;
        Ok(db)
    }

    /// Applies the migrations not yet applied, in order, each in its own
    /// transaction with its row in `schema_migrations`.
    fn migrate(&self) -> DbResult<()> {
        self.conn
            .execute_batch(
                "CREATE TABLE IF NOT EXISTS schema_migrations (
                     version INTEGER PRIMARY KEY,
                     name TEXT NOT NULL,
                     applied INTEGER NOT NULL
                 );",
            )
            .map_err(err)?;
        for m in SQLITE {
            let done: bool = self
                .conn
                .prepare("SELECT 1 FROM schema_migrations WHERE version = ?1")
                .and_then(|mut st| st.exists([m.version]))
                .map_err(err)?;
            if done {
                continue;
            }
            let tx = self.conn.unchecked_transaction().map_err(err)?;
            (m.apply)(&tx).map_err(err)?;
            tx.execute(
                "INSERT INTO schema_migrations (version, name, applied) VALUES (?1, ?2, ?3)",
                params![m.version, m.name, super::now_seconds()],
            )
            .map_err(err)?;
            tx.commit().map_err(err)?;
        }
        Ok(())
    }

    /// A game row completed with its moves, clocks and chat.
    fn with_moves(&self, mut g: GameRow) -> DbResult<(GameRow, Vec<String>)> {
        let mut mst = self
            .conn
            .prepare("SELECT text, mover, clock_ms, at FROM moves WHERE game_id = ?1 ORDER BY ply")
            .map_err(err)?;
        let moves = mst
            .query_map([&g.id], |r| {
                Ok((
                    r.get::<_, String>(0)?,
                    r.get::<_, Option<u8>>(1)?,
                    r.get::<_, Option<i64>>(2)?,
                    r.get::<_, Option<i64>>(3)?,
                ))
            })
            .map_err(err)?
            .collect::<Result<Vec<_>, _>>()
            .map_err(err)?;
        g.clocks = moves
            .iter()
            .map(|m| (m.1, m.2.map(|c| c.max(0) as u64)))
            .collect();
        g.since_last_move_ms = moves
            .last()
            .and_then(|m| m.3)
            .map(|at| u64::try_from(super::now_millis() - at).unwrap_or(0));
        g.chat = self.chat_of(&g.id, CHAT_STORED)?;
        Ok((g, moves.into_iter().map(|m| m.0).collect()))
    }

    /// Runs `write` in a transaction after counting game `id`'s version
    /// up from `version`: nothing is written, and the answer is a
    /// conflict, when the version was another.
    fn on_version(
        &self,
        id: &str,
        version: u64,
        write: impl FnOnce(&rusqlite::Transaction<'_>) -> rusqlite::Result<()>,
    ) -> DbResult<()> {
        let tx = self.conn.unchecked_transaction().map_err(err)?;
        let bumped = tx
            .execute(sql::BUMP_VERSION, params![id, version as i64])
            .map_err(err)?
            == 1;
        if !bumped {
            return changed_first(false);
        }
        write(&tx).map_err(err)?;
        tx.commit().map_err(err)
    }

    /// Forgets the seeks lapsed by `clock`.
    fn forget_lapsed_seeks(&self, clock: &SeekClock) -> DbResult<()> {
        let (seen, made, taken) = clock.limits();
        self.conn
            .execute(sql::SEEKS_LAPSED, params![seen, made, taken])
            .map_err(err)
            .map(drop)
    }
}

impl Storage for SqliteDb {
    fn accounts(&self) -> &dyn super::accounts::AccountStorage {
        self
    }

    /// What a start needs to know of every game without building it,
    /// oldest first: in the order they were stored ([`IndexRow`]).
    fn index(&self) -> DbResult<Vec<IndexRow>> {
        let mut st = self
            .conn
            .prepare(
                "SELECT g.id, g.variant, g.ended IS NOT NULL, g.engine_seat, g.time_control IS NOT NULL,
                        g.summary,
                        (SELECT COUNT(*) FROM moves m WHERE m.game_id = g.id),
                        (SELECT text FROM moves m WHERE m.game_id = g.id ORDER BY ply DESC LIMIT 1)
                 FROM games g ORDER BY g.created, g.rowid",
            )
            .map_err(err)?;
        let rows = st
            .query_map([], |r| {
                Ok(IndexRow {
                    id: r.get(0)?,
                    variant: r.get(1)?,
                    ended: r.get(2)?,
                    engine_seat: r.get(3)?,
                    timed: r.get(4)?,
                    summary: r.get(5)?,
                    moves: r.get::<_, i64>(6)?.max(0) as usize,
                    last_move: r.get(7)?,
                })
            })
            .map_err(err)?
            .collect::<Result<Vec<_>, _>>()
            .map_err(err)?;
        Ok(rows)
    }

    /// Stores games' lobby lines (id, the line as JSON), in one
    /// transaction.
    fn set_summaries(&self, lines: &[(String, String)]) -> DbResult<()> {
        let tx = self.conn.unchecked_transaction().map_err(err)?;
        {
            let mut st = tx
                .prepare("UPDATE games SET summary = ?2 WHERE id = ?1")
                .map_err(err)?;
            for (id, line) in lines {
                st.execute(params![id, line]).map_err(err)?;
            }
        }
        tx.commit().map_err(err)
    }

    /// One game with its moves, if it is stored.
    fn load_game(&self, id: &str) -> DbResult<Option<(GameRow, Vec<String>)>> {
        let mut st = self
            .conn
            .prepare(&format!("{GAME_COLUMNS} WHERE id = ?1"))
            .map_err(err)?;
        let row = st
            .query_map([id], game_row)
            .map_err(err)?
            .next()
            .transpose()
            .map_err(err)?;
        match row {
            Some(g) => self.with_moves(g).map(Some),
            None => Ok(None),
        }
    }

    /// Sets a seat's nickname.
    fn set_name(&self, id: &str, seat: u8, name: &str) -> DbResult<()> {
        let sql = if seat == 0 {
            "UPDATE games SET name0 = ?2 WHERE id = ?1"
        } else {
            "UPDATE games SET name1 = ?2 WHERE id = ?1"
        };
        self.conn.execute(sql, params![id, name]).map_err(err)?;
        Ok(())
    }

    /// How long a statement waits for a lock held by another connection
    /// before it fails as busy.
    fn set_busy_timeout(&self, wait: std::time::Duration) -> DbResult<()> {
        self.conn.busy_timeout(wait).map_err(err)
    }

    /// Stores a new game.
    fn insert_game(&self, g: &GameRow) -> DbResult<()> {
        self.conn
            .execute(
                "INSERT INTO games (id, variant, spec, token0, token1, engine_seat, engine_level, ended, created, time_control, name0, name1, account0, account1, rated, bots)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16)",
                params![
                    g.id,
                    g.variant,
                    g.spec,
                    g.tokens[0],
                    g.tokens[1],
                    g.engine.map(|e| e.0),
                    g.engine.map(|e| e.1),
                    g.ended,
                    g.created,
                    g.time_control,
                    g.names[0],
                    g.names[1],
                    g.accounts[0],
                    g.accounts[1],
                    i64::from(g.rated),
                    i64::from(g.bots[0]) | (i64::from(g.bots[1]) << 1)
                ],
            )
            .map_err(err)?;
        Ok(())
    }

    fn insert_move(&self, id: &str, version: u64, m: &MoveRow) -> DbResult<()> {
        self.on_version(id, version, |tx| {
            tx.execute(
                "INSERT INTO moves (game_id, ply, text, mover, clock_ms, at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![id, m.ply as i64, m.text, m.mover, m.clock_ms.map(|c| c as i64), super::now_millis()],
            )
            .map(drop)
        })
    }

    fn insert_seek(
        &self,
        id: &str,
        token: &str,
        body: &str,
        made: i64,
        clock: &SeekClock,
    ) -> DbResult<bool> {
        self.forget_lapsed_seeks(clock)?;
        let tx = self.conn.unchecked_transaction().map_err(err)?;
        let open: i64 = tx
            .query_row(sql::SEEKS_OPEN_COUNT, [], |r| r.get(0))
            .map_err(err)?;
        if usize::try_from(open).unwrap_or(usize::MAX) >= clock.cap {
            return Ok(false);
        }
        tx.execute(
            sql::SEEK_INSERT,
            params![id, token, body, made, clock.now_ms],
        )
        .map_err(err)?;
        tx.commit().map_err(err)?;
        Ok(true)
    }

    fn open_seeks(&self, clock: &SeekClock) -> DbResult<Vec<(String, String, i64)>> {
        self.forget_lapsed_seeks(clock)?;
        let mut st = self.conn.prepare(sql::SEEKS_OPEN).map_err(err)?;
        let rows = st
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
            .map_err(err)?
            .collect::<Result<Vec<_>, _>>()
            .map_err(err)?;
        Ok(rows)
    }

    fn touch_seek(&self, id: &str, token: &str, clock: &SeekClock) -> DbResult<Option<SeekState>> {
        self.forget_lapsed_seeks(clock)?;
        self.conn
            .execute(sql::SEEK_SEEN, params![clock.now_ms, id, token])
            .map_err(err)?;
        let row: Option<(String, Option<String>, Option<String>)> = self
            .conn
            .query_row(sql::SEEK_STATE, params![id, token], |r| {
                Ok((r.get(0)?, r.get(1)?, r.get(2)?))
            })
            .optional()
            .map_err(err)?;
        Ok(row.map(|(body, game, token)| match game.zip(token) {
            Some((game, token)) => SeekState::Accepted { game, token },
            None => SeekState::Open(body),
        }))
    }

    fn take_seek(&self, id: &str, clock: &SeekClock) -> DbResult<Option<String>> {
        self.forget_lapsed_seeks(clock)?;
        let taken = self
            .conn
            .execute(sql::SEEK_TAKE, params![clock.now_ms, id])
            .map_err(err)?;
        if taken == 0 {
            return Ok(None);
        }
        self.conn
            .query_row(sql::SEEK_BODY, params![id], |r| r.get(0))
            .optional()
            .map_err(err)
    }

    fn settle_seek(&self, id: &str, game: Option<(&str, &str)>, clock: &SeekClock) -> DbResult<()> {
        match game {
            Some((game, token)) => self
                .conn
                .execute(sql::SEEK_ACCEPTED, params![game, token, clock.now_ms, id]),
            None => self
                .conn
                .execute(sql::SEEK_REOPEN, params![clock.now_ms, id]),
        }
        .map_err(err)
        .map(drop)
    }

    fn cancel_seek(&self, id: &str, token: &str) -> DbResult<bool> {
        self.conn
            .execute(sql::SEEK_CANCEL, params![id, token])
            .map_err(err)
            .map(|n| n > 0)
    }

    fn revive_seeks(&self, clock: &SeekClock) -> DbResult<()> {
        self.conn
            .execute(sql::SEEKS_REVIVE, params![clock.now_ms])
            .map_err(err)
            .map(drop)
    }

    /// Forgets a seek (taken, withdrawn or lapsed).
    fn delete_seek(&self, id: &str) -> DbResult<()> {
        self.conn
            .execute("DELETE FROM seeks WHERE id = ?1", params![id])
            .map_err(err)?;
        Ok(())
    }

    /// Every stored seek: id, token, request, made.
    fn seeks(&self) -> DbResult<Vec<(String, String, String, i64)>> {
        let mut st = self
            .conn
            .prepare("SELECT id, token, body, made FROM seeks ORDER BY made")
            .map_err(err)?;
        let rows = st
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))
            .map_err(err)?
            .collect::<Result<Vec<_>, _>>()
            .map_err(err)?;
        Ok(rows)
    }

    /// Stores chat message number `n` of a game, and forgets the game's
    /// messages older than its last [`CHAT_STORED`] (numbers run from 0
    /// without gaps, so those numbered `n - CHAT_STORED` and below).
    fn insert_chat(&self, id: &str, n: u64, seat: u8, text: &str) -> DbResult<()> {
        self.conn
            .execute(
                "INSERT INTO chat (game_id, n, seat, text) VALUES (?1, ?2, ?3, ?4)",
                params![id, n as i64, seat, text],
            )
            .map_err(err)?;
        if let Some(oldest_kept) = n.checked_sub(CHAT_STORED as u64 - 1) {
            self.conn
                .execute(
                    "DELETE FROM chat WHERE game_id = ?1 AND n < ?2",
                    params![id, oldest_kept as i64],
                )
                .map_err(err)?;
        }
        Ok(())
    }

    /// The last `limit` chat messages of a game, oldest first: number,
    /// seat, text.
    fn chat_of(&self, id: &str, limit: usize) -> DbResult<Vec<(u64, u8, String)>> {
        let mut st = self
            .conn
            .prepare("SELECT n, seat, text FROM chat WHERE game_id = ?1 ORDER BY n DESC LIMIT ?2")
            .map_err(err)?;
        let mut rows = st
            .query_map(params![id, limit as i64], |r| {
                Ok((
                    r.get::<_, i64>(0)?.max(0) as u64,
                    r.get::<_, u8>(1)?,
                    r.get::<_, String>(2)?,
                ))
            })
            .map_err(err)?
            .collect::<Result<Vec<_>, _>>()
            .map_err(err)?;
        rows.reverse();
        Ok(rows)
    }

    fn truncate_moves(&self, id: &str, version: u64, keep: usize) -> DbResult<()> {
        self.on_version(id, version, |tx| {
            tx.execute(
                "DELETE FROM moves WHERE game_id = ?1 AND ply > ?2",
                params![id, keep as i64],
            )
            .map(drop)
        })
    }

    fn set_ended(&self, id: &str, version: u64, ended: &str) -> DbResult<()> {
        self.on_version(id, version, |tx| {
            tx.execute(
                "UPDATE games SET ended = ?2 WHERE id = ?1",
                params![id, ended],
            )
            .map(drop)
        })
    }

    fn set_draw_offer(&self, id: &str, version: u64, offer: Option<(u8, u32)>) -> DbResult<()> {
        self.on_version(id, version, |tx| {
            tx.execute(
                "UPDATE games SET draw_offer_seat = ?2, draw_offer_plies = ?3 WHERE id = ?1",
                params![id, offer.map(|o| o.0), offer.map(|o| o.1)],
            )
            .map(drop)
        })
    }

    fn set_offers(&self, id: &str, version: u64, offers: &str) -> DbResult<()> {
        self.on_version(id, version, |tx| {
            tx.execute(
                "UPDATE games SET offers = ?2 WHERE id = ?1",
                params![id, offers],
            )
            .map(drop)
        })
    }

    /// Every game with its moves, oldest first.
    fn load_all(&self) -> DbResult<Vec<(GameRow, Vec<String>)>> {
        let mut st = self
            .conn
            .prepare(&format!("{GAME_COLUMNS} ORDER BY created, id"))
            .map_err(err)?;
        let rows = st
            .query_map([], game_row)
            .map_err(err)?
            .collect::<Result<Vec<_>, _>>()
            .map_err(err)?;
        rows.into_iter().map(|g| self.with_moves(g)).collect()
    }

    fn counts(&self) -> DbResult<TableCounts> {
        let count = |table: &str| -> DbResult<u64> {
            self.conn
                .query_row(&format!("SELECT COUNT(*) FROM {table}"), [], |r| {
                    r.get::<_, i64>(0)
                })
                .map(|n| n.max(0) as u64)
                .map_err(err)
        };
        Ok(TableCounts {
            games: count("games")?,
            moves: count("moves")?,
            chat: count("chat")?,
            seeks: count("seeks")?,
        })
    }

    fn migrations(&self) -> DbResult<Vec<i64>> {
        let mut st = self
            .conn
            .prepare("SELECT version FROM schema_migrations ORDER BY version")
            .map_err(err)?;
        let rows = st
            .query_map([], |r| r.get(0))
            .map_err(err)?
            .collect::<Result<Vec<i64>, _>>()
            .map_err(err)?;
        Ok(rows)
    }

    fn kind(&self) -> &'static str {
        "SQLite"
    }
}
