//! Opaque random tokens (session cookies, personal API tokens) and their
//! stored form.
//!
//! A token is a prefix naming its kind followed by 32 random bytes from the
//! operating system in lowercase hex, e.g. `dms_3f9a…` (68 characters with
//! the prefix). Only its SHA-256 ([`token_hash`]) is stored, so a copy of
//! the database does not let anyone log in; since the token has 256 bits
//! of entropy, a plain, unsalted hash is enough and lets the server look a
//! token up by its hash.

use sha2::{Digest, Sha256};

use crate::error::AccountError;

/// The prefix of a session token (the log-in cookie).
pub const SESSION_PREFIX: &str = "dms_";

/// The prefix of a personal API token (for bots and board apps).
pub const PERSONAL_TOKEN_PREFIX: &str = "dmp_";

/// How many random bytes a token carries.
pub const TOKEN_BYTES: usize = 32;

/// A new token: `prefix` followed by [`TOKEN_BYTES`] random bytes from the
/// operating system in lowercase hex.
///
/// # Errors
///
/// [`AccountError::Randomness`] if the operating system gives no random
/// bytes.
pub fn new_token(prefix: &str) -> Result<String, AccountError> {
    let mut bytes = [0u8; TOKEN_BYTES];
    getrandom::fill(&mut bytes).map_err(|e| AccountError::Randomness(e.to_string()))?;
    let mut token = String::with_capacity(prefix.len() + 2 * TOKEN_BYTES);
    token.push_str(prefix);
    push_hex(&mut token, &bytes);
    Ok(token)
}

/// The form in which a token is stored and looked up: the SHA-256 of the
/// whole token (prefix included) in lowercase hex (64 characters).
#[must_use]
pub fn token_hash(token: &str) -> String {
    let digest = Sha256::digest(token.as_bytes());
    let mut hash = String::with_capacity(2 * digest.len());
    push_hex(&mut hash, &digest);
    hash
}

/// Appends `bytes` to `out` in lowercase hex.
fn push_hex(out: &mut String, bytes: &[u8]) {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    for &byte in bytes {
        out.push(char::from(DIGITS[usize::from(byte >> 4)]));
        out.push(char::from(DIGITS[usize::from(byte & 0x0f)]));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_prefixed_random_hex() {
        let a = new_token(SESSION_PREFIX).unwrap();
        let b = new_token(SESSION_PREFIX).unwrap();
        assert_ne!(a, b);
        let hex = a.strip_prefix("dms_").unwrap();
        assert_eq!(hex.len(), 64);
        assert!(hex
            .bytes()
            .all(|c| c.is_ascii_digit() || (b'a'..=b'f').contains(&c)));
        assert!(new_token(PERSONAL_TOKEN_PREFIX)
            .unwrap()
            .starts_with("dmp_"));
    }

    #[test]
    fn hash_is_sha256_hex() {
        // SHA-256 of "abc", from FIPS 180-2.
        assert_eq!(
            token_hash("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        let token = new_token(SESSION_PREFIX).unwrap();
        assert_eq!(token_hash(&token), token_hash(&token));
        assert_ne!(token_hash(&token), token_hash("dms_other"));
    }
}
