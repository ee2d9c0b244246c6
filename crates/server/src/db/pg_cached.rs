//! PostgreSQL statements prepared once per connection.
//!
//! A statement given as text is parsed and planned by the server at every
//! call, one round trip more than running it (the `postgres` crate prepares
//! an unnamed statement first). The store's statements are a fixed set, so
//! each connection keeps them prepared: [`Pg`] and [`PgTx`] take the text
//! and run the statement prepared for it on this connection. The cache is
//! bounded ([`MAX_STATEMENTS`]) and emptied when the connection is made
//! again (a statement belongs to the connection that prepared it).

use postgres::types::ToSql;
use postgres::{Client, GenericClient, Row, Statement, Transaction};
use std::collections::HashMap;

/// The statements one connection keeps prepared, at most: beyond, the
/// cache starts again (the store has far fewer).
const MAX_STATEMENTS: usize = 256;

/// A statement's parameters.
pub(super) type Params<'p> = [&'p (dyn ToSql + Sync)];

/// One connection's prepared statements, by their text.
#[derive(Default)]
pub(super) struct Statements(HashMap<String, Statement>);

impl Statements {
    /// The statement for `sql` on `client`'s connection, prepared at its
    /// first use.
    fn get(
        &mut self,
        client: &mut impl GenericClient,
        sql: &str,
    ) -> Result<Statement, postgres::Error> {
        if let Some(s) = self.0.get(sql) {
            return Ok(s.clone());
        }
        let s = client.prepare(sql)?;
        if self.0.len() >= MAX_STATEMENTS {
            self.0.clear();
        }
        self.0.insert(sql.to_string(), s.clone());
        Ok(s)
    }

    /// Forgets every statement (the connection was made again).
    pub(super) fn clear(&mut self) {
        self.0.clear();
    }
}

/// A connection, or a transaction on it, with the connection's prepared
/// statements.
pub(super) struct Cached<'s, G> {
    inner: G,
    statements: &'s mut Statements,
}

/// A connection with its prepared statements.
pub(super) type Pg<'s> = Cached<'s, Client>;

/// A transaction on a [`Pg`] connection, with its prepared statements.
pub(super) type PgTx<'s> = Cached<'s, Transaction<'s>>;

impl<'s> Pg<'s> {
    /// `client` with the prepared `statements` of its connection.
    pub(super) fn new(client: Client, statements: &'s mut Statements) -> Pg<'s> {
        Cached {
            inner: client,
            statements,
        }
    }

    /// The connection back.
    pub(super) fn into_client(self) -> Client {
        self.inner
    }

    /// Begins a transaction.
    pub(super) fn transaction(&mut self) -> Result<PgTx<'_>, postgres::Error> {
        Ok(Cached {
            inner: self.inner.transaction()?,
            statements: &mut *self.statements,
        })
    }
}

impl PgTx<'_> {
    /// Commits the transaction.
    pub(super) fn commit(self) -> Result<(), postgres::Error> {
        self.inner.commit()
    }
}

/// The `postgres` crate's methods, with the statement's text prepared once
/// per connection.
impl<G: GenericClient> Cached<'_, G> {
    /// Runs `sql`; the rows changed.
    pub(super) fn execute(
        &mut self,
        sql: &str,
        params: &Params<'_>,
    ) -> Result<u64, postgres::Error> {
        let st = self.statements.get(&mut self.inner, sql)?;
        self.inner.execute(&st, params)
    }

    /// Runs `sql`; its rows.
    pub(super) fn query(
        &mut self,
        sql: &str,
        params: &Params<'_>,
    ) -> Result<Vec<Row>, postgres::Error> {
        let st = self.statements.get(&mut self.inner, sql)?;
        self.inner.query(&st, params)
    }

    /// Runs `sql`; its row if any (an error if more than one).
    pub(super) fn query_opt(
        &mut self,
        sql: &str,
        params: &Params<'_>,
    ) -> Result<Option<Row>, postgres::Error> {
        let st = self.statements.get(&mut self.inner, sql)?;
        self.inner.query_opt(&st, params)
    }

    /// Runs `sql`; its one row (an error if none or more).
    pub(super) fn query_one(
        &mut self,
        sql: &str,
        params: &Params<'_>,
    ) -> Result<Row, postgres::Error> {
        let st = self.statements.get(&mut self.inner, sql)?;
        self.inner.query_one(&st, params)
    }

    /// Runs statements without parameters, not kept prepared.
    pub(super) fn batch_execute(&mut self, sql: &str) -> Result<(), postgres::Error> {
        self.inner.batch_execute(sql)
    }
}
