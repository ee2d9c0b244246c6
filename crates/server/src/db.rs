//! The SQLite store: every game and every move, written before a move is
//! acknowledged.

use rusqlite::{params, Connection};

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
}

/// The database.
pub struct Db {
    conn: Connection,
}

/// A database error in words.
pub type DbResult<T> = Result<T, String>;

fn err(e: rusqlite::Error) -> String {
    format!("database: {e}")
}

impl Db {
    /// Opens (creating if needed) the database file; `:memory:` for tests.
    pub fn open(path: &str) -> DbResult<Db> {
        let conn = Connection::open(path).map_err(err)?;
        conn.execute_batch(
            "PRAGMA journal_mode = WAL;
             PRAGMA synchronous = NORMAL;
             CREATE TABLE IF NOT EXISTS games (
                 id TEXT PRIMARY KEY,
                 variant TEXT NOT NULL,
                 spec TEXT NOT NULL,
                 token0 TEXT NOT NULL,
                 token1 TEXT NOT NULL,
                 engine_seat INTEGER,
                 engine_level INTEGER,
                 ended TEXT,
                 created INTEGER NOT NULL
             );
             CREATE TABLE IF NOT EXISTS moves (
                 game_id TEXT NOT NULL,
                 ply INTEGER NOT NULL,
                 text TEXT NOT NULL,
                 PRIMARY KEY (game_id, ply)
             );",
        )
        .map_err(err)?;
        Ok(Db { conn })
    }

    /// Stores a new game.
    pub fn insert_game(&self, g: &GameRow) -> DbResult<()> {
        self.conn
            .execute(
                "INSERT INTO games (id, variant, spec, token0, token1, engine_seat, engine_level, ended, created)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
                params![
                    g.id,
                    g.variant,
                    g.spec,
                    g.tokens[0],
                    g.tokens[1],
                    g.engine.map(|e| e.0),
                    g.engine.map(|e| e.1),
                    g.ended,
                    g.created
                ],
            )
            .map_err(err)?;
        Ok(())
    }

    /// Stores a move (ply counts from 1).
    pub fn insert_move(&self, id: &str, ply: usize, text: &str) -> DbResult<()> {
        self.conn
            .execute(
                "INSERT INTO moves (game_id, ply, text) VALUES (?1, ?2, ?3)",
                params![id, ply as i64, text],
            )
            .map_err(err)?;
        Ok(())
    }

    /// Records an end from outside the board.
    pub fn set_ended(&self, id: &str, ended: &str) -> DbResult<()> {
        self.conn
            .execute(
                "UPDATE games SET ended = ?2 WHERE id = ?1",
                params![id, ended],
            )
            .map_err(err)?;
        Ok(())
    }

    /// Every game with its moves, oldest first.
    pub fn load_all(&self) -> DbResult<Vec<(GameRow, Vec<String>)>> {
        let mut st = self
            .conn
            .prepare(
                "SELECT id, variant, spec, token0, token1, engine_seat, engine_level, ended, created
                 FROM games ORDER BY created, id",
            )
            .map_err(err)?;
        let rows = st
            .query_map([], |r| {
                let seat: Option<u8> = r.get(5)?;
                let level: Option<u8> = r.get(6)?;
                Ok(GameRow {
                    id: r.get(0)?,
                    variant: r.get(1)?,
                    spec: r.get(2)?,
                    tokens: [r.get(3)?, r.get(4)?],
                    engine: seat.zip(level),
                    ended: r.get(7)?,
                    created: r.get(8)?,
                })
            })
            .map_err(err)?
            .collect::<Result<Vec<_>, _>>()
            .map_err(err)?;
        let mut out = Vec::new();
        for g in rows {
            let mut mst = self
                .conn
                .prepare("SELECT text FROM moves WHERE game_id = ?1 ORDER BY ply")
                .map_err(err)?;
            let moves = mst
                .query_map([&g.id], |r| r.get::<_, String>(0))
                .map_err(err)?
                .collect::<Result<Vec<_>, _>>()
                .map_err(err)?;
            out.push((g, moves));
        }
        Ok(out)
    }
}
