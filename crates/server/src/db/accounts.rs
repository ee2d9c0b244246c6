//! Players' accounts in the database: the accounts, their sessions and
//! personal API tokens (stored as hashes only), their ratings, and the
//! games' seats that belong to them: one interface ([`AccountStorage`])
//! for both stores, each statement written once ([`sql`]).

use super::DbResult;
use deckmate_accounts::Rating;
use serde_json::json;

/// An account as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AccountRow {
    /// The username's lowercase key (unique).
    pub key: String,
    /// The username as its player chose it.
    pub username: String,
    /// The password's Argon2id hash (PHC string).
    pub hash: String,
    /// A bot's account.
    pub bot: bool,
    /// When it was made (seconds since 1970).
    pub created: i64,
}

/// An account's rating in one game.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingRow {
    /// The game's key.
    pub game: String,
    /// The rating.
    pub rating: Rating,
    /// Rated games played.
    pub games: u64,
    /// When the last ended (seconds since 1970).
    pub last: i64,
}

/// A personal API token as listed (never the token itself).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TokenRow {
    /// Its public id.
    pub id: String,
    /// Its owner's words for it.
    pub label: String,
    /// Its scopes, space-separated.
    pub scopes: String,
    /// When it was made (seconds since 1970).
    pub created: i64,
}

/// A game's end as the players' histories and ratings need it.
#[derive(Clone, Debug)]
pub struct Finish {
    /// `1-0`, `0-1`, `1/2-1/2`, or `*` (aborted: no result).
    pub result: String,
    /// When it ended (seconds since 1970).
    pub finished: i64,
    /// The game's key and both seats' accounts, when the game is rated
    /// (and counts: not aborted).
    pub rated: Option<(String, [String; 2])>,
}

/// The first seat's score in a result, if it has one.
pub fn score_of(result: &str) -> Option<f64> {
    match result {
        "1-0" => Some(1.0),
        "0-1" => Some(0.0),
        "1/2-1/2" => Some(0.5),
        _ => None,
    }
}

/// What a player's history is filtered by.
#[derive(Clone, Debug, Default)]
pub struct HistoryFilter {
    /// The player's key.
    pub account: String,
    /// One game only.
    pub game: Option<String>,
    /// Only the games the player won (`win`), lost (`loss`) or drew
    /// (`draw`); `None`: every game, those being played too.
    pub result: Option<Outcome>,
    /// Games skipped (newest first).
    pub offset: u64,
    /// Games at most.
    pub limit: u64,
}

/// A result as the player sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The player won.
    Win,
    /// The player lost.
    Loss,
    /// A draw.
    Draw,
}

/// A game in a player's history.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HistoryRow {
    /// The game's id.
    pub id: String,
    /// Its game's key.
    pub variant: String,
    /// When it was made.
    pub created: i64,
    /// Its result, once over.
    pub result: Option<String>,
    /// The seats' nicknames.
    pub names: [Option<String>; 2],
    /// The seats' accounts.
    pub accounts: [Option<String>; 2],
    /// Rated.
    pub rated: bool,
    /// The rating change it made (JSON), once rated.
    pub rating_change: Option<String>,
}

/// A line of a leaderboard.
#[derive(Clone, Debug, PartialEq)]
pub struct LeaderRow {
    /// The username.
    pub username: String,
    /// A bot.
    pub bot: bool,
    /// The rating.
    pub rating: Rating,
    /// Rated games played.
    pub games: u64,
}

/// A challenge from one account to another.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChallengeRow {
    /// Its id.
    pub id: String,
    /// The challenger's key.
    pub challenger: String,
    /// The challenged player's key.
    pub dest: String,
    /// Its terms as JSON.
    pub body: String,
    /// `created`, `accepted`, `declined` or `canceled`.
    pub status: String,
    /// The game it became, once accepted.
    pub game: Option<String>,
    /// Why it was declined.
    pub reason: Option<String>,
    /// When it was made (seconds since 1970).
    pub created: i64,
}

/// What the stores keep of players; each method one transaction.
pub trait AccountStorage {
    /// Stores a new account: `false` when its key is taken.
    fn create_account(&self, a: &AccountRow) -> DbResult<bool>;
    /// The account of a key.
    fn account(&self, key: &str) -> DbResult<Option<AccountRow>>;
    /// Sets an account's password hash and ends every session of it but
    /// `keep` (the one that changed it).
    fn set_password(&self, key: &str, hash: &str, keep: Option<&str>) -> DbResult<()>;
    /// Stores a session (its token's hash) of an account.
    fn create_session(&self, hash: &str, key: &str, now: i64) -> DbResult<()>;
    /// The account of a session (by its token's hash) made at `since`
    /// (seconds since 1970) or later: an older one has lapsed.
    fn session(&self, hash: &str, since: i64) -> DbResult<Option<AccountRow>>;
    /// Ends a session.
    fn drop_session(&self, hash: &str) -> DbResult<()>;
    /// Ends every session of an account.
    fn drop_sessions(&self, key: &str) -> DbResult<()>;
    /// Stores a personal API token (its hash).
    fn create_token(&self, hash: &str, key: &str, t: &TokenRow) -> DbResult<()>;
    /// The account and scopes of a personal API token (by its hash).
    fn token(&self, hash: &str) -> DbResult<Option<(AccountRow, String)>>;
    /// An account's personal API tokens, newest first.
    fn tokens(&self, key: &str) -> DbResult<Vec<TokenRow>>;
    /// Revokes an account's token by id: whether it was.
    fn drop_token(&self, key: &str, id: &str) -> DbResult<bool>;
    /// Makes an account a bot's, if it has played no game: whether it
    /// is a bot's now.
    fn make_bot(&self, key: &str) -> DbResult<bool>;
    /// An account's ratings, by game.
    fn ratings(&self, key: &str) -> DbResult<Vec<RatingRow>>;
    /// Records a game's end once (its result and time; for a rated game
    /// the new ratings of both accounts, in the same transaction): the
    /// rating change as JSON, whether recorded now or before (`None`:
    /// unrated).
    fn finish_game(&self, id: &str, f: &Finish) -> DbResult<Option<String>>;
    /// Gives a seat of a game to an account, if it has none: whether it
    /// is the account's now.
    fn claim_seat(&self, id: &str, seat: u8, key: &str) -> DbResult<bool>;
    /// A page of a player's games, newest first.
    fn history(&self, f: &HistoryFilter) -> DbResult<Vec<HistoryRow>>;
    /// A player's wins, losses and draws.
    fn record(&self, key: &str) -> DbResult<[u64; 3]>;
    /// The best `limit` players of a game who played a rated game of it
    /// since `since` (seconds since 1970).
    fn leaderboard(&self, game: &str, since: i64, limit: usize) -> DbResult<Vec<LeaderRow>>;
    /// Stores a new challenge (status `created`).
    fn create_challenge(&self, c: &ChallengeRow) -> DbResult<()>;
    /// A challenge by id.
    fn challenge(&self, id: &str) -> DbResult<Option<ChallengeRow>>;
    /// The challenges from or to an account made since `since`, newest
    /// first (at most 100).
    fn challenges_of(&self, key: &str, since: i64) -> DbResult<Vec<ChallengeRow>>;
    /// Settles a challenge still `created`: its new status, game and
    /// reason; whether it was still open (of two answers, one settles it).
    fn settle_challenge(
        &self,
        id: &str,
        status: &str,
        game: Option<&str>,
        reason: Option<&str>,
    ) -> DbResult<bool>;
}

/// Both seats' ratings after a game the first seat scored `score0` in,
/// and the change as stored and shown: `{"before": [[r, rd], ..],
/// "after": [[r, rd], ..], "diff": [d0, d1]}` (rounded as shown).
pub fn rate(before: [Rating; 2], score0: f64) -> ([Rating; 2], String) {
    let (a, b) =
        deckmate_accounts::after_game(before[0], before[1], score0, deckmate_accounts::TAU);
    let after = [a, b];
    let shown = |r: &Rating| r.rating.round() as i64;
    let change = json!({
        "before": before.iter().map(|r| [r.rating, r.rd]).collect::<Vec<_>>(),
        "after": after.iter().map(|r| [r.rating, r.rd]).collect::<Vec<_>>(),
        "diff": [shown(&after[0]) - shown(&before[0]), shown(&after[1]) - shown(&before[1])],
    });
    (after, change.to_string())
}

/// The statements of [`AccountStorage`], as in [`super::shared_sql`]
/// (`$N` parameters first appearing in order).
pub(super) mod sql {
    pub const ACCOUNT_INSERT: &str =
        "INSERT INTO accounts (key, username, hash, bot, created) VALUES ($1, $2, $3, $4, $5)";
    pub const ACCOUNT: &str =
        "SELECT key, username, hash, bot, created FROM accounts WHERE key = $1";
    pub const MAKE_BOT: &str = "UPDATE accounts SET bot = 1 WHERE key = $1
         AND NOT EXISTS (SELECT 1 FROM games WHERE account0 = $1 OR account1 = $1)";
    pub const PASSWORD: &str = "UPDATE accounts SET hash = $1 WHERE key = $2";
    pub const SESSIONS_DROP_BUT: &str = "DELETE FROM sessions WHERE account = $1 AND hash <> $2";
    pub const SESSIONS_DROP: &str = "DELETE FROM sessions WHERE account = $1";
    pub const SESSION_INSERT: &str =
        "INSERT INTO sessions (hash, account, created) VALUES ($1, $2, $3)";
    pub const SESSION: &str = "SELECT a.key, a.username, a.hash, a.bot, a.created
         FROM sessions s JOIN accounts a ON a.key = s.account WHERE s.hash = $1 AND s.created >= $2";
    pub const SESSION_DROP: &str = "DELETE FROM sessions WHERE hash = $1";
    pub const TOKEN_INSERT: &str =
        "INSERT INTO api_tokens (hash, id, account, label, scopes, created)
         VALUES ($1, $2, $3, $4, $5, $6)";
    pub const TOKEN: &str = "SELECT a.key, a.username, a.hash, a.bot, a.created, t.scopes
         FROM api_tokens t JOIN accounts a ON a.key = t.account WHERE t.hash = $1";
    pub const TOKENS: &str = "SELECT id, label, scopes, created FROM api_tokens WHERE account = $1
         ORDER BY created DESC, id";
    pub const TOKEN_DROP: &str = "DELETE FROM api_tokens WHERE account = $1 AND id = $2";
    pub const RATINGS: &str = "SELECT game, rating, rd, volatility, games, last FROM ratings
         WHERE account = $1 ORDER BY game";
    pub const FINISH: &str =
        "UPDATE games SET result = $1, finished = $2 WHERE id = $3 AND result IS NULL";
    pub const RATING_CHANGE: &str = "SELECT rating_change FROM games WHERE id = $1";
    pub const RATING_CHANGE_SET: &str = "UPDATE games SET rating_change = $1 WHERE id = $2";
    pub const RATING_DEFAULT: &str =
        "INSERT INTO ratings (account, game, rating, rd, volatility, games, last)
         VALUES ($1, $2, $3, $4, $5, 0, 0) ON CONFLICT (account, game) DO NOTHING";
    pub const RATING_OF: &str =
        "SELECT rating, rd, volatility FROM ratings WHERE account = $1 AND game = $2";
    pub const RATING_SET: &str = "UPDATE ratings SET rating = $1, rd = $2, volatility = $3,
         games = games + 1, last = $4 WHERE account = $5 AND game = $6";
    pub const SEAT0_CLAIM: &str =
        "UPDATE games SET account0 = $1 WHERE id = $2 AND account0 IS NULL AND (account1 IS NULL OR account1 <> $1)";
    pub const SEAT1_CLAIM: &str =
        "UPDATE games SET account1 = $1 WHERE id = $2 AND account1 IS NULL AND (account0 IS NULL OR account0 <> $1)";
    pub const SEATS: &str = "SELECT account0, account1 FROM games WHERE id = $1";
    /// A player's games; `$2` the game or NULL, `$3` the outcome wanted
    /// (`win`, `loss`, `draw`) or NULL.
    pub const HISTORY: &str = "SELECT id, variant, created, result, name0, name1, account0, account1, rated, rating_change
         FROM games WHERE (account0 = $1 OR account1 = $1)
         AND (CAST($2 AS TEXT) IS NULL OR variant = $2)
         AND (CAST($3 AS TEXT) IS NULL
              OR ($3 = 'draw' AND result = '1/2-1/2')
              OR ($3 = 'win' AND ((account0 = $1 AND result = '1-0') OR (account1 = $1 AND result = '0-1')))
              OR ($3 = 'loss' AND ((account0 = $1 AND result = '0-1') OR (account1 = $1 AND result = '1-0'))))
         ORDER BY created DESC, id LIMIT $4 OFFSET $5";
    pub const RECORD: &str = "SELECT
         COUNT(CASE WHEN (account0 = $1 AND result = '1-0') OR (account1 = $1 AND result = '0-1') THEN 1 END),
         COUNT(CASE WHEN (account0 = $1 AND result = '0-1') OR (account1 = $1 AND result = '1-0') THEN 1 END),
         COUNT(CASE WHEN result = '1/2-1/2' THEN 1 END)
         FROM games WHERE account0 = $1 OR account1 = $1";
    pub const CHALLENGE_INSERT: &str =
        "INSERT INTO challenges (id, challenger, dest, body, status, created)
         VALUES ($1, $2, $3, $4, 'created', $5)";
    pub const CHALLENGE: &str = "SELECT id, challenger, dest, body, status, game, reason, created
         FROM challenges WHERE id = $1";
    pub const CHALLENGES_OF: &str =
        "SELECT id, challenger, dest, body, status, game, reason, created
         FROM challenges WHERE (challenger = $1 OR dest = $1) AND created >= $2
         ORDER BY created DESC, id LIMIT 100";
    pub const CHALLENGE_SETTLE: &str = "UPDATE challenges SET status = $1, game = $2, reason = $3
         WHERE id = $4 AND status = 'created'";
    pub const LEADERBOARD: &str = "SELECT a.username, a.bot, r.rating, r.rd, r.volatility, r.games
         FROM ratings r JOIN accounts a ON a.key = r.account
         WHERE r.game = $1 AND r.games > 0 AND r.last >= $2
         ORDER BY r.rating DESC, a.key LIMIT $3";
}

#[cfg(test)]
mod tests {
    use super::{rate, score_of};
    use deckmate_accounts::Rating;

    #[test]
    fn a_win_moves_both_ratings_and_the_change_is_stored_rounded_as_shown() {
        let (after, change) = rate([Rating::default(), Rating::default()], 1.0);
        assert!(after[0].rating > 1500.0 && after[1].rating < 1500.0);
        let v: serde_json::Value = serde_json::from_str(&change).unwrap_or_default();
        let d0 = v["diff"][0].as_i64().unwrap_or(0);
        assert!(d0 > 0 && v["diff"][1].as_i64() == Some(-d0), "{v}");
        assert_eq!(score_of("1/2-1/2"), Some(0.5));
        assert_eq!(score_of("*"), None);
    }
}
