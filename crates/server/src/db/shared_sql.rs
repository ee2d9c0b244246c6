//! The statements both stores run alike, written once. Their parameters
//! are `$1`, `$2`...: PostgreSQL's numbers, and for SQLite named
//! parameters numbered in order of first appearance, which every
//! statement here keeps, so that both bind them by position.

/// Counts a game's version up, if it is still `$2`: one row changed, or
/// none when another write came first.
pub(super) const BUMP_VERSION: &str =
    "UPDATE games SET version = version + 1 WHERE id = $1 AND version = $2";

/// Forgets the seeks lapsed: open ones not asked after since `$1` or made
/// before `$2` (seconds), and taken ones taken before `$3`.
pub(super) const SEEKS_LAPSED: &str =
    "DELETE FROM seeks WHERE (taken IS NULL AND (seen < $1 OR made < $2))
     OR (taken IS NOT NULL AND taken < $3)";

/// How many seeks are open (after [`SEEKS_LAPSED`]).
pub(super) const SEEKS_OPEN_COUNT: &str = "SELECT COUNT(*) FROM seeks WHERE taken IS NULL";

/// Stores a new seek: id, token, request, made (seconds), made and asked
/// after (milliseconds).
pub(super) const SEEK_INSERT: &str =
    "INSERT INTO seeks (id, token, body, made, made_ms, seen) VALUES ($1, $2, $3, $4, $5, $5)";

/// The open seeks (after [`SEEKS_LAPSED`]), newest first.
pub(super) const SEEKS_OPEN: &str = "SELECT id, body, made FROM seeks WHERE taken IS NULL
     ORDER BY made_ms DESC, made DESC, id";

/// The maker asks after seek `$2` (token `$3`) at `$1`.
pub(super) const SEEK_SEEN: &str = "UPDATE seeks SET seen = $1 WHERE id = $2 AND token = $3";

/// What became of a seek: its request, and the game and maker's token
/// once accepted.
pub(super) const SEEK_STATE: &str =
    "SELECT body, game, maker_token FROM seeks WHERE id = $1 AND token = $2";

/// Takes open seek `$2` at `$1`: one row, or none when it was not open.
pub(super) const SEEK_TAKE: &str = "UPDATE seeks SET taken = $1 WHERE id = $2 AND taken IS NULL";

/// A taken seek's request.
pub(super) const SEEK_BODY: &str = "SELECT body FROM seeks WHERE id = $1";

/// Taken seek `$4` became game `$1`, its maker's token `$2`, at `$3`.
pub(super) const SEEK_ACCEPTED: &str =
    "UPDATE seeks SET game = $1, maker_token = $2, taken = $3 WHERE id = $4";

/// Taken seek `$2` is open again (its game was not made), as if asked
/// after at `$1`.
pub(super) const SEEK_REOPEN: &str =
    "UPDATE seeks SET taken = NULL, seen = $1 WHERE id = $2 AND game IS NULL";

/// Withdraws an open seek of the maker with this token.
pub(super) const SEEK_CANCEL: &str =
    "DELETE FROM seeks WHERE id = $1 AND token = $2 AND taken IS NULL";

/// Every open seek asked after at `$1`.
pub(super) const SEEKS_REVIVE: &str = "UPDATE seeks SET seen = $1 WHERE taken IS NULL";

#[cfg(test)]
mod tests {
    /// Every statement here, for the test below.
    const ALL: &[&str] = &[
        super::BUMP_VERSION,
        super::SEEKS_LAPSED,
        super::SEEKS_OPEN_COUNT,
        super::SEEK_INSERT,
        super::SEEKS_OPEN,
        super::SEEK_SEEN,
        super::SEEK_STATE,
        super::SEEK_TAKE,
        super::SEEK_BODY,
        super::SEEK_ACCEPTED,
        super::SEEK_REOPEN,
        super::SEEK_CANCEL,
        super::SEEKS_REVIVE,
    ];

    /// SQLite numbers `$N` parameters by first appearance: each must
    /// first appear in order, `$1` first, for both stores to bind alike.
    #[test]
    fn every_statements_parameters_first_appear_in_order() {
        for sql in ALL {
            let mut seen: Vec<u32> = Vec::new();
            let mut rest = *sql;
            while let Some(i) = rest.find('$') {
                rest = &rest[i + 1..];
                let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
                let n: u32 = digits.parse().unwrap_or(0);
                if !seen.contains(&n) {
                    seen.push(n);
                }
            }
            let want: Vec<u32> = (1..=seen.len() as u32).collect();
            assert_eq!(seen, want, "{sql}");
        }
    }
}
