//! The schema's versions, as migrations applied in order when a database
//! is opened (or by `deckmate db migrate`), each recorded in the table
//! `schema_migrations` (version, name, applied). A migration is never
//! edited once released: a change is a new one, for both stores.
//!
//! Version 1 is the schema as it stood before versions were recorded
//! (the main of 2026-11-29). For SQLite it is written to upgrade any
//! earlier file too: the tables are created if missing and the columns
//! added since the first release are added if missing, so a database
//! written by any earlier main opens with nothing lost.

use rusqlite::Transaction;

/// One SQLite migration.
pub(super) struct SqliteMigration {
    /// Its version, from 1, without gaps.
    pub version: i64,
    /// What it does, in a few words.
    pub name: &'static str,
    /// Applies it inside the transaction that records it.
    pub apply: fn(&Transaction<'_>) -> rusqlite::Result<()>,
}

/// One PostgreSQL migration: its version, name and statements.
pub(super) struct PgMigration {
    /// Its version (the same numbering as SQLite's).
    pub version: i64,
    /// What it does.
    pub name: &'static str,
    /// The statements, run in one transaction.
    pub sql: &'static str,
}

/// The latest version.
pub const LATEST: i64 = 6;

/// SQLite's migrations.
pub(super) const SQLITE: &[SqliteMigration] = &[
    SqliteMigration {
        version: 1,
        name: "games, moves, seeks and chat as of 2026-11-29",
        apply: sqlite_v1,
    },
    SqliteMigration {
        version: 2,
        name: "leases: which server runs a game's engine and clock",
        apply: |tx| tx.execute_batch(LEASES),
    },
    SqliteMigration {
        version: 3,
        name: "moves: when each was stored",
        apply: |tx| tx.execute_batch(MOVE_TIMES),
    },
    SqliteMigration {
        version: 4,
        name: "versions, offers and seeks shared between servers",
        apply: |tx| tx.execute_batch(SHARED_STATE),
    },
    SqliteMigration {
        version: 5,
        name: "accounts, sessions, API tokens, ratings; games' seats' accounts and results",
        apply: |tx| tx.execute_batch(ACCOUNTS),
    },
    SqliteMigration {
        version: 6,
        name: "challenges between accounts (the bot API)",
        apply: |tx| tx.execute_batch(CHALLENGES),
    },
];

/// Version 6: challenges from one account to another (the bot API's):
/// their terms as JSON, their state (`created`, `accepted`, `declined`,
/// `canceled`), the game an accepted one became, a decline's reason.
const CHALLENGES: &str = "CREATE TABLE challenges (
    id TEXT PRIMARY KEY,
    challenger TEXT NOT NULL REFERENCES accounts (key),
    dest TEXT NOT NULL REFERENCES accounts (key),
    body TEXT NOT NULL,
    status TEXT NOT NULL,
    game TEXT,
    reason TEXT,
    created BIGINT NOT NULL
);
CREATE INDEX challenges_challenger ON challenges (challenger, created);
CREATE INDEX challenges_dest ON challenges (dest, created);";

/// Version 5: players' accounts (by the lowercase key of the username,
/// the name as chosen, the Argon2id hash, the bot flag), their sessions
/// and personal API tokens (each stored as its SHA-256 only), their
/// Glicko-2 ratings per game; each game's seats' accounts (and which are
/// bots': bit 0 the first seat's, bit 1 the second's), whether it is
/// rated, its result and when it ended (for the players' histories), and
/// the rating change it made.
const ACCOUNTS: &str = "CREATE TABLE accounts (
    key TEXT PRIMARY KEY,
    username TEXT NOT NULL,
    hash TEXT NOT NULL,
    bot SMALLINT NOT NULL DEFAULT 0,
    created BIGINT NOT NULL
);
CREATE TABLE sessions (
    hash TEXT PRIMARY KEY,
    account TEXT NOT NULL REFERENCES accounts (key),
    created BIGINT NOT NULL
);
CREATE INDEX sessions_account ON sessions (account);
CREATE TABLE api_tokens (
    hash TEXT PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    account TEXT NOT NULL REFERENCES accounts (key),
    label TEXT NOT NULL,
    scopes TEXT NOT NULL,
    created BIGINT NOT NULL
);
CREATE INDEX api_tokens_account ON api_tokens (account);
CREATE TABLE ratings (
    account TEXT NOT NULL REFERENCES accounts (key),
    game TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    rd DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games BIGINT NOT NULL,
    last BIGINT NOT NULL,
    PRIMARY KEY (account, game)
);
CREATE INDEX ratings_board ON ratings (game, last);
ALTER TABLE games ADD COLUMN account0 TEXT;
ALTER TABLE games ADD COLUMN account1 TEXT;
ALTER TABLE games ADD COLUMN rated SMALLINT NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN bots SMALLINT NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN result TEXT;
ALTER TABLE games ADD COLUMN finished BIGINT;
ALTER TABLE games ADD COLUMN rating_change TEXT;
CREATE INDEX games_account0 ON games (account0, created);
CREATE INDEX games_account1 ON games (account1, created);";

/// Version 4: each game's version (every change of its play counts it
/// up, and is made only on the version its writer read) and its pending
/// offers besides a draw; each seek's making in milliseconds (the lobby's
/// order), its last question from its maker (ms),
/// when it was taken by an accepter (ms), and the game it became with the
/// maker's token in it. So that any server answers for any game or seek.
const SHARED_STATE: &str = "ALTER TABLE games ADD COLUMN version BIGINT NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN offers TEXT;
ALTER TABLE seeks ADD COLUMN made_ms BIGINT NOT NULL DEFAULT 0;
ALTER TABLE seeks ADD COLUMN seen BIGINT NOT NULL DEFAULT 0;
ALTER TABLE seeks ADD COLUMN taken BIGINT;
ALTER TABLE seeks ADD COLUMN game TEXT;
ALTER TABLE seeks ADD COLUMN maker_token TEXT;";

/// Version 3: each move's time stored (milliseconds since 1970).
const MOVE_TIMES: &str = "ALTER TABLE moves ADD COLUMN at BIGINT;";

/// Version 2's table, the same in both stores (a lone server on SQLite
/// never needs it, but the schemas stay one).
const LEASES: &str = "CREATE TABLE leases (
    game_id TEXT PRIMARY KEY,
    owner TEXT NOT NULL,
    expires BIGINT NOT NULL
);";

/// PostgreSQL's migrations.
pub(super) const POSTGRES: &[PgMigration] = &[
    PgMigration {
        version: 1,
        name: "games, moves, seeks and chat as of 2026-11-29",
        sql: "CREATE TABLE games (
              id TEXT PRIMARY KEY,
              variant TEXT NOT NULL,
              spec TEXT NOT NULL,
              token0 TEXT NOT NULL,
              token1 TEXT NOT NULL,
              engine_seat SMALLINT,
              engine_level SMALLINT,
              ended TEXT,
              created BIGINT NOT NULL,
              draw_offer_seat SMALLINT,
              draw_offer_plies BIGINT,
              time_control TEXT,
              name0 TEXT,
              name1 TEXT,
              summary TEXT,
              stored BIGSERIAL NOT NULL
          );
          CREATE INDEX games_order ON games (created, stored);
          CREATE TABLE moves (
              game_id TEXT NOT NULL REFERENCES games (id),
              ply BIGINT NOT NULL,
              text TEXT NOT NULL,
              mover SMALLINT,
              clock_ms BIGINT,
              PRIMARY KEY (game_id, ply)
          );
          CREATE TABLE seeks (
              id TEXT PRIMARY KEY,
              token TEXT NOT NULL,
              body TEXT NOT NULL,
              made BIGINT NOT NULL
          );
          CREATE TABLE chat (
              game_id TEXT NOT NULL REFERENCES games (id),
              n BIGINT NOT NULL,
              seat SMALLINT NOT NULL,
              text TEXT NOT NULL,
              PRIMARY KEY (game_id, n)
          );",
    },
    PgMigration {
        version: 2,
        name: "leases: which server runs a game's engine and clock",
        sql: LEASES,
    },
    PgMigration {
        version: 3,
        name: "moves: when each was stored",
        sql: MOVE_TIMES,
    },
    PgMigration {
        version: 4,
        name: "versions, offers and seeks shared between servers",
        sql: SHARED_STATE,
    },
    PgMigration {
        version: 5,
        name: "accounts, sessions, API tokens, ratings; games' seats' accounts and results",
        sql: ACCOUNTS,
    },
    PgMigration {
        version: 6,
        name: "challenges between accounts (the bot API)",
        sql: CHALLENGES,
    },
];

/// Whether `table` has the column `column`.
fn has_column(tx: &Transaction<'_>, table: &str, column: &str) -> rusqlite::Result<bool> {
    tx.prepare(&format!(
        "SELECT 1 FROM pragma_table_info('{table}') WHERE name = ?1"
    ))?
    .exists([column])
}

/// Version 1 for SQLite: the tables, and the columns added to a file of
/// an earlier main (draw offers, clocks, nicknames, the lobby's line).
fn sqlite_v1(tx: &Transaction<'_>) -> rusqlite::Result<()> {
    tx.execute_batch(
        "CREATE TABLE IF NOT EXISTS games (
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
         CREATE TABLE IF NOT EXISTS seeks (
             id TEXT PRIMARY KEY,
             token TEXT NOT NULL,
             body TEXT NOT NULL,
             made INTEGER NOT NULL
         );
         CREATE TABLE IF NOT EXISTS chat (
             game_id TEXT NOT NULL,
             n INTEGER NOT NULL,
             seat INTEGER NOT NULL,
             text TEXT NOT NULL,
             PRIMARY KEY (game_id, n)
         );
         CREATE TABLE IF NOT EXISTS moves (
             game_id TEXT NOT NULL,
             ply INTEGER NOT NULL,
             text TEXT NOT NULL,
             PRIMARY KEY (game_id, ply)
         );",
    )?;
    if !has_column(tx, "games", "draw_offer_seat")? {
        tx.execute_batch(
            "ALTER TABLE games ADD COLUMN draw_offer_seat INTEGER;
             ALTER TABLE games ADD COLUMN draw_offer_plies INTEGER;",
        )?;
    }
    if !has_column(tx, "games", "time_control")? {
        tx.execute_batch(
            "ALTER TABLE games ADD COLUMN time_control TEXT;
             ALTER TABLE moves ADD COLUMN clock_ms INTEGER;
             ALTER TABLE moves ADD COLUMN mover INTEGER;",
        )?;
    }
    if !has_column(tx, "games", "name0")? {
        tx.execute_batch(
            "ALTER TABLE games ADD COLUMN name0 TEXT;
             ALTER TABLE games ADD COLUMN name1 TEXT;",
        )?;
    }
    if !has_column(tx, "games", "summary")? {
        tx.execute_batch("ALTER TABLE games ADD COLUMN summary TEXT;")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{LATEST, POSTGRES, SQLITE};

    #[test]
    fn both_stores_number_their_migrations_alike_up_to_the_latest() {
        let sqlite: Vec<i64> = SQLITE.iter().map(|m| m.version).collect();
        let pg: Vec<i64> = POSTGRES.iter().map(|m| m.version).collect();
        let all: Vec<i64> = (1..=LATEST).collect();
        assert_eq!(sqlite, all);
        assert_eq!(pg, all);
    }
}
