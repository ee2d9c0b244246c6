//! A limit on failed log-ins, per account and per address, kept in memory
//! and bounded.
//!
//! Each account (its username key) and each client address may fail a
//! number of times within a window that starts at its first failure; once
//! it has used them up, log-ins for it are refused until that window ends.
//! A successful log-in clears the account's failures (not the address's).
//! Each of the two tables holds at most [`ThrottleConfig::max_keys`] keys:
//! past that the key whose window started longest ago is forgotten, so a
//! flood of made-up usernames or addresses costs a bounded amount of
//! memory (and at worst frees an old entry early).
//!
//! The time is always passed in (`now`), so the caller decides the clock
//! and tests need not sleep. The throttle is not synchronised: the server
//! keeps it behind a mutex.

use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::time::{Duration, Instant};

/// Keys longer than this many bytes are cut (at a character boundary), so
/// that a huge made-up username cannot take memory.
pub const MAX_KEY_BYTES: usize = 64;

/// The limits of a [`LoginThrottle`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ThrottleConfig {
    /// Failures allowed per account within one window (default 5).
    pub max_account_failures: u32,
    /// Failures allowed per address within one window (default 20, since
    /// several people may share one address).
    pub max_address_failures: u32,
    /// How long a window lasts from its first failure (default 15
    /// minutes).
    pub window: Duration,
    /// The most keys kept per table (default 10,000).
    pub max_keys: usize,
}

impl Default for ThrottleConfig {
    fn default() -> Self {
        Self {
            max_account_failures: 5,
            max_address_failures: 20,
            window: Duration::from_secs(15 * 60),
            max_keys: 10_000,
        }
    }
}

/// Which limit refused a log-in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Limit {
    /// Too many failures for this account.
    Account,
    /// Too many failures from this address.
    Address,
}

/// A refused log-in: which limit was reached and how long until it lifts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Refused {
    /// The limit reached (the one that lifts last, if both are).
    pub why: Limit,
    /// How long until a log-in may be tried again.
    pub retry_after: Duration,
}

impl fmt::Display for Refused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.why {
            Limit::Account => "for this account",
            Limit::Address => "from this address",
        };
        // Whole seconds, rounded up, so "0 seconds" is never said.
        let secs = self.retry_after.as_secs() + u64::from(self.retry_after.subsec_nanos() > 0);
        write!(
            f,
            "too many failed log-ins {what}; try again in {secs} seconds"
        )
    }
}

impl std::error::Error for Refused {}

/// One key's failures in its current window.
#[derive(Debug, Clone, Copy)]
struct Failures {
    /// When the window started (the first failure).
    start: Instant,
    /// A number unique to this entry, ordering entries that started at the
    /// same instant.
    seq: u64,
    /// Failures in the window so far.
    count: u32,
}

/// One table: failures per key, and the keys in the order their windows
/// started (for expiry and eviction).
#[derive(Debug, Default)]
struct Table {
    failures: HashMap<String, Failures>,
    by_start: BTreeMap<(Instant, u64), String>,
    next_seq: u64,
}

/// When a window that started at `start` ends; `None` if that instant is
/// out of `Instant`'s range (the window never ends).
fn window_end(start: Instant, window: Duration) -> Option<Instant> {
    start.checked_add(window)
}

/// `key` cut to at most [`MAX_KEY_BYTES`] bytes at a character boundary.
fn bounded(key: &str) -> &str {
    if key.len() <= MAX_KEY_BYTES {
        return key;
    }
    let mut end = MAX_KEY_BYTES;
    while !key.is_char_boundary(end) {
        end -= 1;
    }
    &key[..end]
}

impl Table {
    /// How long `key` is still refused for, if it has used up `max`
    /// failures in a window that has not ended.
    fn refused_for(&self, key: &str, max: u32, window: Duration, now: Instant) -> Option<Duration> {
        let entry = self.failures.get(bounded(key))?;
        if entry.count < max {
            return None;
        }
        match window_end(entry.start, window) {
            Some(end) if end <= now => None,
            Some(end) => Some(end.saturating_duration_since(now)),
            None => Some(window),
        }
    }

    /// Forgets the windows that have ended.
    fn expire(&mut self, window: Duration, now: Instant) {
        while let Some((&(start, seq), _)) = self.by_start.first_key_value() {
            if window_end(start, window).is_none_or(|end| end > now) {
                break;
            }
            if let Some(key) = self.by_start.remove(&(start, seq)) {
                self.failures.remove(&key);
            }
        }
    }

    /// Counts a failure for `key`.
    fn fail(&mut self, key: &str, window: Duration, max_keys: usize, now: Instant) {
        self.expire(window, now);
        let key = bounded(key);
        if let Some(entry) = self.failures.get_mut(key) {
            entry.count = entry.count.saturating_add(1);
            return;
        }
        while self.failures.len() >= max_keys.max(1) {
            let Some((_, oldest)) = self.by_start.pop_first() else {
                break;
            };
            self.failures.remove(&oldest);
        }
        let seq = self.next_seq;
        self.next_seq = self.next_seq.wrapping_add(1);
        self.failures.insert(
            key.to_string(),
            Failures {
                start: now,
                seq,
                count: 1,
            },
        );
        self.by_start.insert((now, seq), key.to_string());
    }

    /// Forgets `key`'s failures.
    fn clear(&mut self, key: &str) {
        if let Some(entry) = self.failures.remove(bounded(key)) {
            self.by_start.remove(&(entry.start, entry.seq));
        }
    }

    fn len(&self) -> usize {
        self.failures.len()
    }
}

/// The log-in attempt limiter: see the [module documentation](self).
///
/// At a log-in the server first calls [`LoginThrottle::check`]; if it
/// passes, it verifies the password and then calls
/// [`LoginThrottle::record_failure`] or [`LoginThrottle::record_success`].
#[derive(Debug, Default)]
pub struct LoginThrottle {
    config: ThrottleConfig,
    accounts: Table,
    addresses: Table,
}

impl LoginThrottle {
    /// A throttle with the given limits.
    #[must_use]
    pub fn new(config: ThrottleConfig) -> Self {
        Self {
            config,
            accounts: Table::default(),
            addresses: Table::default(),
        }
    }

    /// The throttle's limits.
    #[must_use]
    pub fn config(&self) -> &ThrottleConfig {
        &self.config
    }

    /// Whether a log-in to `account` (a username key) from `address` may
    /// be tried at `now`.
    ///
    /// # Errors
    ///
    /// [`Refused`] if the account or the address has used up its failures
    /// in a window that has not ended: which one, and how long until it
    /// ends (the later of the two if both have).
    pub fn check(&self, account: &str, address: &str, now: Instant) -> Result<(), Refused> {
        let config = &self.config;
        let by_account = self
            .accounts
            .refused_for(account, config.max_account_failures, config.window, now)
            .map(|retry_after| Refused {
                why: Limit::Account,
                retry_after,
            });
        let by_address = self
            .addresses
            .refused_for(address, config.max_address_failures, config.window, now)
            .map(|retry_after| Refused {
                why: Limit::Address,
                retry_after,
            });
        match (by_account, by_address) {
            (None, None) => Ok(()),
            (Some(refused), None) | (None, Some(refused)) => Err(refused),
            (Some(a), Some(b)) => Err(if b.retry_after > a.retry_after { b } else { a }),
        }
    }

    /// Counts a failed log-in to `account` from `address` at `now`.
    pub fn record_failure(&mut self, account: &str, address: &str, now: Instant) {
        let config = self.config;
        self.accounts
            .fail(account, config.window, config.max_keys, now);
        self.addresses
            .fail(address, config.window, config.max_keys, now);
    }

    /// Clears the failures of `account` after a successful log-in (those
    /// of the address stay: one good password does not vouch for the
    /// other attempts from there).
    pub fn record_success(&mut self, account: &str) {
        self.accounts.clear(account);
    }

    /// How many accounts and how many addresses have failures remembered.
    #[must_use]
    pub fn len(&self) -> (usize, usize) {
        (self.accounts.len(), self.addresses.len())
    }

    /// Whether no failures are remembered.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == (0, 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MINUTE: Duration = Duration::from_secs(60);

    #[test]
    fn five_failures_lock_the_account_until_the_window_ends() {
        let mut throttle = LoginThrottle::default();
        let t0 = Instant::now();
        for i in 0..5 {
            let now = t0 + MINUTE * i;
            assert_eq!(throttle.check("alice", "10.0.0.1", now), Ok(()));
            throttle.record_failure("alice", "10.0.0.1", now);
        }
        let refused = throttle
            .check("alice", "10.0.0.2", t0 + MINUTE * 5)
            .unwrap_err();
        assert_eq!(refused.why, Limit::Account);
        assert_eq!(refused.retry_after, MINUTE * 10);
        assert_eq!(
            refused.to_string(),
            "too many failed log-ins for this account; try again in 600 seconds"
        );
        // Other accounts are not affected.
        assert_eq!(throttle.check("bob", "10.0.0.1", t0 + MINUTE * 5), Ok(()));
        // The window is 15 minutes from the first failure.
        assert!(throttle
            .check(
                "alice",
                "10.0.0.1",
                t0 + MINUTE * 15 - Duration::from_millis(1)
            )
            .is_err());
        assert_eq!(
            throttle.check("alice", "10.0.0.1", t0 + MINUTE * 15),
            Ok(())
        );
    }

    #[test]
    fn a_success_clears_the_accounts_failures() {
        let mut throttle = LoginThrottle::default();
        let now = Instant::now();
        for _ in 0..4 {
            throttle.record_failure("alice", "10.0.0.1", now);
        }
        throttle.record_success("alice");
        for _ in 0..4 {
            throttle.record_failure("alice", "10.0.0.1", now);
        }
        assert_eq!(throttle.check("alice", "10.0.0.1", now), Ok(()));
        throttle.record_failure("alice", "10.0.0.1", now);
        assert!(throttle.check("alice", "10.0.0.1", now).is_err());
    }

    #[test]
    fn twenty_failures_lock_the_address() {
        let mut throttle = LoginThrottle::default();
        let now = Instant::now();
        for i in 0..20 {
            throttle.record_failure(&format!("user{i}"), "10.0.0.1", now);
        }
        let refused = throttle.check("someone", "10.0.0.1", now).unwrap_err();
        assert_eq!(refused.why, Limit::Address);
        assert_eq!(refused.retry_after, MINUTE * 15);
        assert!(refused.to_string().contains("from this address"));
        assert_eq!(throttle.check("someone", "10.0.0.2", now), Ok(()));
        // A success clears the account only, not the address.
        throttle.record_success("user0");
        assert!(throttle.check("user0", "10.0.0.1", now).is_err());
    }

    #[test]
    fn when_both_limits_apply_the_later_one_is_given() {
        let config = ThrottleConfig {
            max_account_failures: 2,
            max_address_failures: 2,
            ..ThrottleConfig::default()
        };
        let mut throttle = LoginThrottle::new(config);
        let t0 = Instant::now();
        throttle.record_failure("alice", "a", t0);
        throttle.record_failure("bob", "b", t0 + MINUTE);
        throttle.record_failure("alice", "b", t0 + MINUTE * 2);
        throttle.record_failure("alice", "b", t0 + MINUTE * 2);
        // alice's window started at t0, b's at t0 + 1 minute.
        let refused = throttle.check("alice", "b", t0 + MINUTE * 3).unwrap_err();
        assert_eq!(refused.why, Limit::Address);
        assert_eq!(refused.retry_after, MINUTE * 13);
    }

    #[test]
    fn memory_is_bounded_and_the_oldest_key_goes_first() {
        let config = ThrottleConfig {
            max_account_failures: 1,
            max_keys: 3,
            ..ThrottleConfig::default()
        };
        let mut throttle = LoginThrottle::new(config);
        let t0 = Instant::now();
        for (i, name) in ["a", "b", "c", "d", "e"].into_iter().enumerate() {
            throttle.record_failure(name, name, t0 + Duration::from_secs(i as u64));
            assert!(throttle.len().0 <= 3 && throttle.len().1 <= 3);
        }
        let now = t0 + MINUTE;
        assert_eq!(throttle.len(), (3, 3));
        // "a" and "b" were forgotten; "c", "d", "e" are still locked.
        assert_eq!(throttle.check("a", "x", now), Ok(()));
        assert_eq!(throttle.check("b", "x", now), Ok(()));
        for name in ["c", "d", "e"] {
            assert!(throttle.check(name, "x", now).is_err());
        }
        // A failure for a key already there evicts nothing.
        throttle.record_failure("e", "e", now);
        assert!(throttle.check("c", "x", now).is_err());
    }

    #[test]
    fn ended_windows_are_forgotten() {
        let mut throttle = LoginThrottle::default();
        let t0 = Instant::now();
        for i in 0..100 {
            throttle.record_failure(&format!("user{i}"), &format!("10.0.0.{i}"), t0);
        }
        assert_eq!(throttle.len(), (100, 100));
        throttle.record_failure("late", "10.0.1.1", t0 + MINUTE * 16);
        assert_eq!(throttle.len(), (1, 1));
        throttle.record_success("late");
        assert_eq!(throttle.len(), (0, 1));
        assert!(!throttle.is_empty());
    }

    #[test]
    fn long_keys_are_cut() {
        let mut throttle = LoginThrottle::default();
        let now = Instant::now();
        let long = "é".repeat(1000);
        for _ in 0..5 {
            throttle.record_failure(&long, "10.0.0.1", now);
        }
        assert!(throttle.check(&long, "10.0.0.1", now).is_err());
        assert!(throttle
            .accounts
            .failures
            .keys()
            .all(|k| k.len() <= MAX_KEY_BYTES));
    }
}
