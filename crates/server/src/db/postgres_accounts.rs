//! [`AccountStorage`] on PostgreSQL.

use super::accounts::{
    rate, score_of, sql, AccountRow, AccountStorage, ChallengeRow, Finish, HistoryFilter,
    HistoryRow, LeaderRow, RatingRow, TokenRow,
};
use super::postgres::PgDb;
use super::sqlite_accounts::outcome_word;
use super::DbResult;
use deckmate_accounts::Rating;
use postgres::error::SqlState;
use postgres::Row;

fn account_row(r: &Row) -> AccountRow {
    AccountRow {
        key: r.get(0),
        username: r.get(1),
        hash: r.get(2),
        bot: r.get::<_, i16>(3) != 0,
        created: r.get(4),
    }
}

fn count(n: i64) -> u64 {
    u64::try_from(n).unwrap_or(0)
}

fn big(n: impl TryInto<i64>) -> i64 {
    n.try_into().unwrap_or(i64::MAX)
}

fn rating(r: &Row, from: usize) -> Rating {
    Rating {
        rating: r.get(from),
        rd: r.get(from + 1),
        volatility: r.get(from + 2),
    }
}

fn challenge_row(r: &Row) -> ChallengeRow {
    ChallengeRow {
        id: r.get(0),
        challenger: r.get(1),
        dest: r.get(2),
        body: r.get(3),
        status: r.get(4),
        game: r.get(5),
        reason: r.get(6),
        created: r.get(7),
    }
}

impl AccountStorage for PgDb {
    fn create_challenge(&self, c: &ChallengeRow) -> DbResult<()> {
        let c = c.clone();
        self.call(move |cl| {
            cl.execute(
                sql::CHALLENGE_INSERT,
                &[&c.id, &c.challenger, &c.dest, &c.body, &c.created],
            )
            .map(drop)
        })
    }

    fn challenge(&self, id: &str) -> DbResult<Option<ChallengeRow>> {
        let id = id.to_string();
        self.call(move |c| {
            Ok(c.query_opt(sql::CHALLENGE, &[&id])?
                .map(|r| challenge_row(&r)))
        })
    }

    fn challenges_of(&self, key: &str, since: i64) -> DbResult<Vec<ChallengeRow>> {
        let key = key.to_string();
        self.call(move |c| {
            Ok(c.query(sql::CHALLENGES_OF, &[&key, &since])?
                .iter()
                .map(challenge_row)
                .collect())
        })
    }

    fn settle_challenge(
        &self,
        id: &str,
        status: &str,
        game: Option<&str>,
        reason: Option<&str>,
    ) -> DbResult<bool> {
        let (id, status) = (id.to_string(), status.to_string());
        let (game, reason) = (game.map(str::to_string), reason.map(str::to_string));
        self.call(move |c| {
            Ok(c.execute(sql::CHALLENGE_SETTLE, &[&status, &game, &reason, &id])? == 1)
        })
    }

    fn create_account(&self, a: &AccountRow) -> DbResult<bool> {
        let a = a.clone();
        self.call(move |c| {
            match c.execute(
                sql::ACCOUNT_INSERT,
                &[&a.key, &a.username, &a.hash, &i16::from(a.bot), &a.created],
            ) {
                Ok(_) => Ok(true),
                Err(e) if e.code() == Some(&SqlState::UNIQUE_VIOLATION) => Ok(false),
                Err(e) => Err(e),
            }
        })
    }

    fn account(&self, key: &str) -> DbResult<Option<AccountRow>> {
        let key = key.to_string();
        self.call(move |c| Ok(c.query_opt(sql::ACCOUNT, &[&key])?.map(|r| account_row(&r))))
    }

    fn set_password(&self, key: &str, hash: &str, keep: Option<&str>) -> DbResult<()> {
        let (key, hash, keep) = (
            key.to_string(),
            hash.to_string(),
            keep.unwrap_or("").to_string(),
        );
        self.call(move |c| {
            let mut tx = c.transaction()?;
            tx.execute(sql::PASSWORD, &[&hash, &key])?;
            tx.execute(sql::SESSIONS_DROP_BUT, &[&key, &keep])?;
            tx.commit()
        })
    }

    fn create_session(&self, hash: &str, key: &str, now: i64) -> DbResult<()> {
        let (hash, key) = (hash.to_string(), key.to_string());
        self.call(move |c| {
            c.execute(sql::SESSION_INSERT, &[&hash, &key, &now])
                .map(drop)
        })
    }

    fn session(&self, hash: &str, since: i64) -> DbResult<Option<AccountRow>> {
        let hash = hash.to_string();
        self.call(move |c| {
            Ok(c.query_opt(sql::SESSION, &[&hash, &since])?
                .map(|r| account_row(&r)))
        })
    }

    fn drop_session(&self, hash: &str) -> DbResult<()> {
        let hash = hash.to_string();
        self.call(move |c| c.execute(sql::SESSION_DROP, &[&hash]).map(drop))
    }

    fn drop_sessions(&self, key: &str) -> DbResult<()> {
        let key = key.to_string();
        self.call(move |c| c.execute(sql::SESSIONS_DROP, &[&key]).map(drop))
    }

    fn create_token(&self, hash: &str, key: &str, t: &TokenRow) -> DbResult<()> {
        let (hash, key, t) = (hash.to_string(), key.to_string(), t.clone());
        self.call(move |c| {
            c.execute(
                sql::TOKEN_INSERT,
                &[&hash, &t.id, &key, &t.label, &t.scopes, &t.created],
            )
            .map(drop)
        })
    }

    fn token(&self, hash: &str) -> DbResult<Option<(AccountRow, String)>> {
        let hash = hash.to_string();
        self.call(move |c| {
            Ok(c.query_opt(sql::TOKEN, &[&hash])?
                .map(|r| (account_row(&r), r.get(5))))
        })
    }

    fn tokens(&self, key: &str) -> DbResult<Vec<TokenRow>> {
        let key = key.to_string();
        self.call(move |c| {
            Ok(c.query(sql::TOKENS, &[&key])?
                .iter()
                .map(|r| TokenRow {
                    id: r.get(0),
                    label: r.get(1),
                    scopes: r.get(2),
                    created: r.get(3),
                })
                .collect())
        })
    }

    fn drop_token(&self, key: &str, id: &str) -> DbResult<bool> {
        let (key, id) = (key.to_string(), id.to_string());
        self.call(move |c| Ok(c.execute(sql::TOKEN_DROP, &[&key, &id])? > 0))
    }

    fn make_bot(&self, key: &str) -> DbResult<bool> {
        let k = key.to_string();
        self.call(move |c| c.execute(sql::MAKE_BOT, &[&k]).map(drop))?;
        Ok(self.account(key)?.is_some_and(|a| a.bot))
    }

    fn ratings(&self, key: &str) -> DbResult<Vec<RatingRow>> {
        let key = key.to_string();
        self.call(move |c| {
            Ok(c.query(sql::RATINGS, &[&key])?
                .iter()
                .map(|r| RatingRow {
                    game: r.get(0),
                    rating: rating(r, 1),
                    games: count(r.get(4)),
                    last: r.get(5),
                })
                .collect())
        })
    }

    fn finish_game(&self, id: &str, f: &Finish) -> DbResult<Option<String>> {
        let (id, f) = (id.to_string(), f.clone());
        self.call(move |c| {
            let mut tx = c.transaction()?;
            let first = tx.execute(sql::FINISH, &[&f.result, &f.finished, &id])? == 1;
            let rated = f
                .rated
                .as_ref()
                .and_then(|r| score_of(&f.result).map(|s| (r, s)));
            let change = match (first, rated) {
                (true, Some(((game, accounts), score0))) => {
                    let d = Rating::default();
                    let mut before = [d, d];
                    // Locked in the keys' order: two games ending at once
                    // for the same players wait for each other, never
                    // deadlock, and neither loses the other's change.
                    let mut order = [0, 1];
                    order.sort_by(|&x, &y| accounts[x].cmp(&accounts[y]));
                    for i in order {
                        let a = &accounts[i];
                        tx.execute(
                            sql::RATING_DEFAULT,
                            &[a, &game, &d.rating, &d.rd, &d.volatility],
                        )?;
                        let row =
                            tx.query_one(&format!("{} FOR UPDATE", sql::RATING_OF), &[a, &game])?;
                        before[i] = rating(&row, 0);
                    }
                    let (after, change) = rate(before, score0);
                    for (a, r) in accounts.iter().zip(after) {
                        tx.execute(
                            sql::RATING_SET,
                            &[&r.rating, &r.rd, &r.volatility, &f.finished, a, &game],
                        )?;
                    }
                    tx.execute(sql::RATING_CHANGE_SET, &[&change, &id])?;
                    Some(change)
                }
                (true, None) => None,
                (false, _) => tx
                    .query_opt(sql::RATING_CHANGE, &[&id])?
                    .and_then(|r| r.get::<_, Option<String>>(0)),
            };
            tx.commit()?;
            Ok(change)
        })
    }

    fn claim_seat(&self, id: &str, seat: u8, key: &str) -> DbResult<bool> {
        let (id, key) = (id.to_string(), key.to_string());
        let claim = if seat == 0 {
            sql::SEAT0_CLAIM
        } else {
            sql::SEAT1_CLAIM
        };
        self.call(move |c| {
            c.execute(claim, &[&key, &id])?;
            Ok(c.query_opt(sql::SEATS, &[&id])?.is_some_and(|r| {
                let owner: Option<String> = r.get(usize::from(seat != 0));
                owner.as_deref() == Some(key.as_str())
            }))
        })
    }

    fn history(&self, f: &HistoryFilter) -> DbResult<Vec<HistoryRow>> {
        let f = f.clone();
        self.call(move |c| {
            Ok(c.query(
                sql::HISTORY,
                &[
                    &f.account,
                    &f.game,
                    &outcome_word(f.result),
                    &big(f.limit),
                    &big(f.offset),
                ],
            )?
            .iter()
            .map(|r| HistoryRow {
                id: r.get(0),
                variant: r.get(1),
                created: r.get(2),
                result: r.get(3),
                names: [r.get(4), r.get(5)],
                accounts: [r.get(6), r.get(7)],
                rated: r.get::<_, i16>(8) != 0,
                rating_change: r.get(9),
            })
            .collect())
        })
    }

    fn record(&self, key: &str) -> DbResult<[u64; 3]> {
        let key = key.to_string();
        self.call(move |c| {
            let r = c.query_one(sql::RECORD, &[&key])?;
            Ok([count(r.get(0)), count(r.get(1)), count(r.get(2))])
        })
    }

    fn leaderboard(&self, game: &str, since: i64, limit: usize) -> DbResult<Vec<LeaderRow>> {
        let game = game.to_string();
        self.call(move |c| {
            Ok(c.query(sql::LEADERBOARD, &[&game, &since, &big(limit)])?
                .iter()
                .map(|r| LeaderRow {
                    username: r.get(0),
                    bot: r.get::<_, i16>(1) != 0,
                    rating: rating(r, 2),
                    games: count(r.get(5)),
                })
                .collect())
        })
    }
}
