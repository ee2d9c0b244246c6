//! [`AccountStorage`] on SQLite.

use super::accounts::{
    rate, score_of, sql, AccountRow, AccountStorage, ChallengeRow, Finish, HistoryFilter,
    HistoryRow, LeaderRow, Outcome, RatingRow, TokenRow,
};
use super::sqlite::{err, SqliteDb};
use super::DbResult;
use deckmate_accounts::Rating;
use rusqlite::{params, OptionalExtension, Row};

fn account_row(r: &Row<'_>) -> rusqlite::Result<AccountRow> {
    Ok(AccountRow {
        key: r.get(0)?,
        username: r.get(1)?,
        hash: r.get(2)?,
        bot: r.get::<_, i64>(3)? != 0,
        created: r.get(4)?,
    })
}

fn count(n: i64) -> u64 {
    u64::try_from(n).unwrap_or(0)
}

/// An outcome as [`sql::HISTORY`] reads it.
pub(super) fn outcome_word(o: Option<Outcome>) -> Option<&'static str> {
    o.map(|o| match o {
        Outcome::Win => "win",
        Outcome::Loss => "loss",
        Outcome::Draw => "draw",
    })
}

fn challenge_row(r: &Row<'_>) -> rusqlite::Result<ChallengeRow> {
    Ok(ChallengeRow {
        id: r.get(0)?,
        challenger: r.get(1)?,
        dest: r.get(2)?,
        body: r.get(3)?,
        status: r.get(4)?,
        game: r.get(5)?,
        reason: r.get(6)?,
        created: r.get(7)?,
    })
}

impl AccountStorage for SqliteDb {
    fn create_challenge(&self, c: &ChallengeRow) -> DbResult<()> {
        self.conn
            .execute(
                sql::CHALLENGE_INSERT,
                params![c.id, c.challenger, c.dest, c.body, c.created],
            )
            .map(drop)
            .map_err(err)
    }

    fn challenge(&self, id: &str) -> DbResult<Option<ChallengeRow>> {
        self.conn
            .query_row(sql::CHALLENGE, params![id], challenge_row)
            .optional()
            .map_err(err)
    }

    fn challenges_of(&self, key: &str, since: i64) -> DbResult<Vec<ChallengeRow>> {
        let mut st = self.conn.prepare(sql::CHALLENGES_OF).map_err(err)?;
        let rows = st
            .query_map(params![key, since], challenge_row)
            .map_err(err)?
            .collect::<Result<Vec<_>, _>>()
            .map_err(err)?;
        Ok(rows)
    }

    fn settle_challenge(
        &self,
        id: &str,
        status: &str,
        game: Option<&str>,
        reason: Option<&str>,
    ) -> DbResult<bool> {
        self.conn
            .execute(sql::CHALLENGE_SETTLE, params![status, game, reason, id])
            .map(|n| n == 1)
            .map_err(err)
    }

    fn create_account(&self, a: &AccountRow) -> DbResult<bool> {
        match self.conn.execute(
            sql::ACCOUNT_INSERT,
            params![a.key, a.username, a.hash, i64::from(a.bot), a.created],
        ) {
            Ok(_) => Ok(true),
            Err(e) => {
                let e = err(e);
                if e.conflict {
                    Ok(false)
                } else {
                    Err(e)
                }
            }
        }
    }

    fn account(&self, key: &str) -> DbResult<Option<AccountRow>> {
        self.conn
            .query_row(sql::ACCOUNT, params![key], account_row)
            .optional()
            .map_err(err)
    }

    fn set_password(&self, key: &str, hash: &str, keep: Option<&str>) -> DbResult<()> {
        let tx = self.conn.unchecked_transaction().map_err(err)?;
        tx.execute(sql::PASSWORD, params![hash, key]).map_err(err)?;
        tx.execute(sql::SESSIONS_DROP_BUT, params![key, keep.unwrap_or("")])
            .map_err(err)?;
        tx.commit().map_err(err)
    }

    fn create_session(&self, hash: &str, key: &str, now: i64) -> DbResult<()> {
        self.conn
            .execute(sql::SESSION_INSERT, params![hash, key, now])
            .map(drop)
            .map_err(err)
    }

    fn session(&self, hash: &str, since: i64) -> DbResult<Option<AccountRow>> {
        self.conn
            .query_row(sql::SESSION, params![hash, since], account_row)
            .optional()
            .map_err(err)
    }

    fn drop_session(&self, hash: &str) -> DbResult<()> {
        self.conn
            .execute(sql::SESSION_DROP, params![hash])
            .map(drop)
            .map_err(err)
    }

    fn drop_sessions(&self, key: &str) -> DbResult<()> {
        self.conn
            .execute(sql::SESSIONS_DROP, params![key])
            .map(drop)
            .map_err(err)
    }

    fn create_token(&self, hash: &str, key: &str, t: &TokenRow) -> DbResult<()> {
        self.conn
            .execute(
                sql::TOKEN_INSERT,
                params![hash, t.id, key, t.label, t.scopes, t.created],
            )
            .map(drop)
            .map_err(err)
    }

    fn token(&self, hash: &str) -> DbResult<Option<(AccountRow, String)>> {
        self.conn
            .query_row(sql::TOKEN, params![hash], |r| {
                Ok((account_row(r)?, r.get(5)?))
            })
            .optional()
            .map_err(err)
    }

    fn tokens(&self, key: &str) -> DbResult<Vec<TokenRow>> {
        let mut st = self.conn.prepare(sql::TOKENS).map_err(err)?;
        let rows = st
            .query_map(params![key], |r| {
                Ok(TokenRow {
                    id: r.get(0)?,
                    label: r.get(1)?,
                    scopes: r.get(2)?,
                    created: r.get(3)?,
                })
            })
            .map_err(err)?
            .collect::<Result<Vec<_>, _>>()
            .map_err(err)?;
        Ok(rows)
    }

    fn drop_token(&self, key: &str, id: &str) -> DbResult<bool> {
        self.conn
            .execute(sql::TOKEN_DROP, params![key, id])
            .map(|n| n > 0)
            .map_err(err)
    }

    fn make_bot(&self, key: &str) -> DbResult<bool> {
        self.conn
            .execute(sql::MAKE_BOT, params![key])
            .map_err(err)?;
        Ok(self.account(key)?.is_some_and(|a| a.bot))
    }

    fn ratings(&self, key: &str) -> DbResult<Vec<RatingRow>> {
        let mut st = self.conn.prepare(sql::RATINGS).map_err(err)?;
        let rows = st
            .query_map(params![key], |r| {
                Ok(RatingRow {
                    game: r.get(0)?,
                    rating: Rating {
                        rating: r.get(1)?,
                        rd: r.get(2)?,
                        volatility: r.get(3)?,
                    },
                    games: count(r.get(4)?),
                    last: r.get(5)?,
                })
            })
            .map_err(err)?
            .collect::<Result<Vec<_>, _>>()
            .map_err(err)?;
        Ok(rows)
    }

    fn finish_game(&self, id: &str, f: &Finish) -> DbResult<Option<String>> {
        let tx = self.conn.unchecked_transaction().map_err(err)?;
        let first = tx
            .execute(sql::FINISH, params![f.result, f.finished, id])
            .map_err(err)?
            == 1;
        let rated = f
            .rated
            .as_ref()
            .and_then(|r| score_of(&f.result).map(|s| (r, s)));
        let change = match (first, rated) {
            (true, Some(((game, accounts), score0))) => {
                let d = Rating::default();
                let mut before = [d, d];
                for (i, a) in accounts.iter().enumerate() {
                    tx.execute(
                        sql::RATING_DEFAULT,
                        params![a, game, d.rating, d.rd, d.volatility],
                    )
                    .map_err(err)?;
                    before[i] = tx
                        .query_row(sql::RATING_OF, params![a, game], |r| {
                            Ok(Rating {
                                rating: r.get(0)?,
                                rd: r.get(1)?,
                                volatility: r.get(2)?,
                            })
                        })
                        .map_err(err)?;
                }
                let (after, change) = rate(before, score0);
                for (a, r) in accounts.iter().zip(after) {
                    tx.execute(
                        sql::RATING_SET,
                        params![r.rating, r.rd, r.volatility, f.finished, a, game],
                    )
                    .map_err(err)?;
                }
                tx.execute(sql::RATING_CHANGE_SET, params![change, id])
                    .map_err(err)?;
                Some(change)
            }
            (true, None) => None,
            (false, _) => tx
                .query_row(sql::RATING_CHANGE, params![id], |r| r.get(0))
                .optional()
                .map_err(err)?
                .flatten(),
        };
        tx.commit().map_err(err)?;
        Ok(change)
    }

    fn claim_seat(&self, id: &str, seat: u8, key: &str) -> DbResult<bool> {
        let claim = if seat == 0 {
            sql::SEAT0_CLAIM
        } else {
            sql::SEAT1_CLAIM
        };
        self.conn.execute(claim, params![key, id]).map_err(err)?;
        let seats: Option<(Option<String>, Option<String>)> = self
            .conn
            .query_row(sql::SEATS, params![id], |r| Ok((r.get(0)?, r.get(1)?)))
            .optional()
            .map_err(err)?;
        Ok(seats.is_some_and(|s| {
            let owner = if seat == 0 { s.0 } else { s.1 };
            owner.as_deref() == Some(key)
        }))
    }

    fn history(&self, f: &HistoryFilter) -> DbResult<Vec<HistoryRow>> {
        let mut st = self.conn.prepare(sql::HISTORY).map_err(err)?;
        let rows = st
            .query_map(
                params![
                    f.account,
                    f.game,
                    outcome_word(f.result),
                    i64::try_from(f.limit).unwrap_or(i64::MAX),
                    i64::try_from(f.offset).unwrap_or(i64::MAX)
                ],
                |r| {
                    Ok(HistoryRow {
                        id: r.get(0)?,
                        variant: r.get(1)?,
                        created: r.get(2)?,
                        result: r.get(3)?,
                        names: [r.get(4)?, r.get(5)?],
                        accounts: [r.get(6)?, r.get(7)?],
                        rated: r.get::<_, i64>(8)? != 0,
                        rating_change: r.get(9)?,
                    })
                },
            )
            .map_err(err)?
            .collect::<Result<Vec<_>, _>>()
            .map_err(err)?;
        Ok(rows)
    }

    fn record(&self, key: &str) -> DbResult<[u64; 3]> {
        self.conn
            .query_row(sql::RECORD, params![key], |r| {
                Ok([count(r.get(0)?), count(r.get(1)?), count(r.get(2)?)])
            })
            .map_err(err)
    }

    fn leaderboard(&self, game: &str, since: i64, limit: usize) -> DbResult<Vec<LeaderRow>> {
        let mut st = self.conn.prepare(sql::LEADERBOARD).map_err(err)?;
        let rows = st
            .query_map(
                params![game, since, i64::try_from(limit).unwrap_or(i64::MAX)],
                |r| {
                    Ok(LeaderRow {
                        username: r.get(0)?,
                        bot: r.get::<_, i64>(1)? != 0,
                        rating: Rating {
                            rating: r.get(2)?,
                            rd: r.get(3)?,
                            volatility: r.get(4)?,
                        },
                        games: count(r.get(5)?),
                    })
                },
            )
            .map_err(err)?
            .collect::<Result<Vec<_>, _>>()
            .map_err(err)?;
        Ok(rows)
    }
}
