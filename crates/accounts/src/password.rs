//! Password rules and Argon2id hashing.
//!
//! Passwords are stored as PHC strings
//! (`$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>`), which carry their own
//! parameters: a hash made under older parameters still verifies after the
//! constants below change.

use std::sync::OnceLock;

use argon2::password_hash::phc::PasswordHash;
use argon2::{Algorithm, Argon2, Params, PasswordHasher, PasswordVerifier, Version};

use crate::error::AccountError;

/// Argon2id memory cost, in KiB (19 MiB): the OWASP Password Storage Cheat
/// Sheet's minimum configuration for Argon2id, m = 19456, t = 2, p = 1.
pub const MEMORY_KIB: u32 = 19_456;

/// Argon2id time cost: the number of passes over the memory (OWASP: 2).
pub const ITERATIONS: u32 = 2;

/// Argon2id parallelism: the number of lanes (OWASP: 1). One lane keeps a
/// log-in to one core, so that a burst of log-ins cannot take every core.
pub const PARALLELISM: u32 = 1;

/// Length of the random salt, in bytes (the recommended 16).
pub const SALT_BYTES: usize = 16;

/// The fewest characters (Unicode scalar values, not bytes) a password may
/// have.
pub const MIN_PASSWORD_CHARS: usize = 10;

/// The most bytes (UTF-8) a password may have: enough for any passphrase,
/// and a bound on the work an attacker can ask of the hasher.
pub const MAX_PASSWORD_BYTES: usize = 1024;

/// The hasher with this module's parameters.
fn hasher() -> Result<Argon2<'static>, AccountError> {
    let params = Params::new(MEMORY_KIB, ITERATIONS, PARALLELISM, None)
        .map_err(|e| AccountError::Hashing(e.to_string()))?;
    Ok(Argon2::new(Algorithm::Argon2id, Version::V0x13, params))
}

/// Checks a new password against the rules: at least
/// [`MIN_PASSWORD_CHARS`] characters and at most [`MAX_PASSWORD_BYTES`]
/// bytes.
///
/// # Errors
///
/// [`AccountError::BadPassword`] saying which rule is broken.
pub fn check_password_rules(password: &str) -> Result<(), AccountError> {
    let chars = password.chars().count();
    if chars < MIN_PASSWORD_CHARS {
        return Err(AccountError::BadPassword(format!(
            "a password needs at least {MIN_PASSWORD_CHARS} characters; this one has {chars}"
        )));
    }
    if password.len() > MAX_PASSWORD_BYTES {
        return Err(AccountError::BadPassword(format!(
            "a password can be at most {MAX_PASSWORD_BYTES} bytes long; this one has {}",
            password.len()
        )));
    }
    Ok(())
}

/// Hashes a new password with Argon2id ([`MEMORY_KIB`], [`ITERATIONS`],
/// [`PARALLELISM`]) and a random salt from the operating system, after
/// checking it with [`check_password_rules`]. Returns the PHC string to
/// store.
///
/// # Errors
///
/// [`AccountError::BadPassword`] if the password breaks a rule,
/// [`AccountError::Randomness`] if the operating system gives no random
/// bytes, [`AccountError::Hashing`] if Argon2 fails.
pub fn hash_password(password: &str) -> Result<String, AccountError> {
    check_password_rules(password)?;
    let mut salt = [0u8; SALT_BYTES];
    getrandom::fill(&mut salt).map_err(|e| AccountError::Randomness(e.to_string()))?;
    hash_with_salt(password, &salt)
}

fn hash_with_salt(password: &str, salt: &[u8]) -> Result<String, AccountError> {
    let hash = hasher()?
        .hash_password_with_salt(password.as_bytes(), salt)
        .map_err(|e| AccountError::Hashing(e.to_string()))?;
    Ok(hash.to_string())
}

/// Whether `password` matches the stored PHC string `phc`.
///
/// The hash is recomputed with the parameters written in `phc` and
/// compared in constant time. A malformed `phc`, or a password longer than
/// [`MAX_PASSWORD_BYTES`] (which no stored hash can match), gives `false`.
#[must_use]
pub fn verify_password(password: &str, phc: &str) -> bool {
    if password.len() > MAX_PASSWORD_BYTES {
        return false;
    }
    let Ok(hash) = PasswordHash::new(phc) else {
        return false;
    };
    let Ok(hasher) = hasher() else {
        return false;
    };
    hasher.verify_password(password.as_bytes(), &hash).is_ok()
}

/// The hash that [`dummy_verify`] checks against: made once, with the same
/// parameters as real hashes, of a password nobody can log in with (it is
/// never stored for an account).
fn dummy_hash() -> Option<&'static str> {
    static DUMMY: OnceLock<Option<String>> = OnceLock::new();
    DUMMY
        .get_or_init(|| hash_with_salt("deckmate dummy password", b"deckmate-dummy-salt").ok())
        .as_deref()
}

/// Spends the time of a real [`verify_password`] and always fails: for a
/// log-in to a username that does not exist, so that a wrong username and
/// a wrong password take the same time and the answer's timing does not
/// tell which usernames exist.
///
/// The fixed hash is made on the first call, which therefore takes about
/// twice as long; the server can call this once at start-up to make it
/// then.
pub fn dummy_verify(password: &str) {
    if let Some(phc) = dummy_hash() {
        // The result is false for every password that matters; only the
        // time spent counts.
        let _ = verify_password(password, phc);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_count_characters_and_bound_bytes() {
        assert!(check_password_rules("0123456789").is_ok());
        let short = check_password_rules("012345678").unwrap_err();
        assert_eq!(
            short.to_string(),
            "bad password: a password needs at least 10 characters; this one has 9"
        );
        // Ten characters of two bytes each: twenty bytes, ten characters.
        assert!(check_password_rules(&"é".repeat(10)).is_ok());
        assert!(check_password_rules(&"é".repeat(9)).is_err());
        assert!(check_password_rules(&"a".repeat(MAX_PASSWORD_BYTES)).is_ok());
        let long = check_password_rules(&"a".repeat(MAX_PASSWORD_BYTES + 1)).unwrap_err();
        assert!(matches!(long, AccountError::BadPassword(ref why) if why.contains("1024 bytes")));
    }

    #[test]
    fn hash_and_verify() {
        let password = "correct horse battery";
        let first = hash_password(password).unwrap();
        let second = hash_password(password).unwrap();
        assert!(
            first.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"),
            "{first}"
        );
        assert_ne!(first, second, "each hash has its own salt");
        assert!(verify_password(password, &first));
        assert!(!verify_password("correct horse battery!", &first));
        assert!(!verify_password(password, "not a phc string"));
        assert!(!verify_password(
            &"a".repeat(MAX_PASSWORD_BYTES + 1),
            &first
        ));
    }

    #[test]
    fn hashing_checks_the_rules() {
        assert!(matches!(
            hash_password("short"),
            Err(AccountError::BadPassword(_))
        ));
    }

    #[test]
    fn the_dummy_hash_costs_what_a_real_one_does() {
        let dummy = dummy_hash().unwrap();
        // Same algorithm, version and parameters as hash_password's, so
        // verifying against it does the same work.
        assert!(
            dummy.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"),
            "{dummy}"
        );
        assert!(!verify_password("0123456789", dummy));
        dummy_verify("0123456789");
    }
}
