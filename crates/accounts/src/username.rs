//! Usernames: the rules, and the key that makes them unique regardless of
//! case.

use std::fmt;

use crate::error::AccountError;

/// The fewest characters a username may have.
pub const MIN_USERNAME_CHARS: usize = 2;

/// The most characters a username may have.
pub const MAX_USERNAME_CHARS: usize = 20;

/// Names nobody may take, compared without regard to case: they name the
/// site, its staff or its own players, or are used for visitors.
pub const RESERVED_USERNAMES: &[&str] = &[
    "admin",
    "administrator",
    "anonymous",
    "deckmate",
    "engine",
    "guest",
    "moderator",
    "root",
    "system",
];

/// A valid username: 2 to 20 characters from `A-Z`, `a-z`, `0-9`, `_` and
/// `-`, starting with a letter or a digit, and not reserved.
///
/// It keeps the spelling the player chose (shown by [`Username::as_str`]
/// and `Display`) and a lowercase [`Username::key`] under which it is
/// unique, so that `Alice` and `alice` cannot both exist.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Username {
    display: String,
    key: String,
}

impl Username {
    /// Checks `name` against the rules and keeps it.
    ///
    /// # Errors
    ///
    /// [`AccountError::BadUsername`] saying which rule is broken.
    pub fn parse(name: &str) -> Result<Self, AccountError> {
        let bad = |why: String| Err(AccountError::BadUsername(why));
        let chars = name.chars().count();
        if chars < MIN_USERNAME_CHARS {
            return bad(format!(
                "a username needs at least {MIN_USERNAME_CHARS} characters"
            ));
        }
        if chars > MAX_USERNAME_CHARS {
            return bad(format!(
                "a username can have at most {MAX_USERNAME_CHARS} characters; this one has {chars}"
            ));
        }
        if let Some(c) = name
            .chars()
            .find(|&c| !(c.is_ascii_alphanumeric() || c == '_' || c == '-'))
        {
            return bad(format!(
                "a username can only have letters A-Z, digits, '_' and '-'; {c:?} is not allowed"
            ));
        }
        if !name.starts_with(|c: char| c.is_ascii_alphanumeric()) {
            return bad("a username must start with a letter or a digit".to_string());
        }
        let key = name.to_ascii_lowercase();
        if RESERVED_USERNAMES.contains(&key.as_str()) {
            return bad(format!("the username {name:?} is reserved"));
        }
        Ok(Self {
            display: name.to_string(),
            key,
        })
    }

    /// The username as the player spelled it.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.display
    }

    /// The lowercase form under which usernames are unique (and looked up
    /// at log-in).
    #[must_use]
    pub fn key(&self) -> &str {
        &self.key
    }
}

impl fmt::Display for Username {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.display)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn why(name: &str) -> String {
        match Username::parse(name) {
            Err(AccountError::BadUsername(why)) => why,
            other => panic!("{name:?} gave {other:?}"),
        }
    }

    #[test]
    fn keeps_the_spelling_and_a_lowercase_key() {
        let name = Username::parse("Magnus_C-2").unwrap();
        assert_eq!(name.as_str(), "Magnus_C-2");
        assert_eq!(name.to_string(), "Magnus_C-2");
        assert_eq!(name.key(), "magnus_c-2");
        assert_eq!(
            Username::parse("ALICE").unwrap().key(),
            Username::parse("alice").unwrap().key()
        );
    }

    #[test]
    fn lengths() {
        assert!(Username::parse("ab").is_ok());
        assert!(Username::parse(&"a".repeat(20)).is_ok());
        assert_eq!(why("a"), "a username needs at least 2 characters");
        assert_eq!(why(""), "a username needs at least 2 characters");
        assert_eq!(
            why(&"a".repeat(21)),
            "a username can have at most 20 characters; this one has 21"
        );
    }

    #[test]
    fn characters() {
        assert!(Username::parse("9lives").is_ok());
        assert_eq!(
            why("bad name"),
            "a username can only have letters A-Z, digits, '_' and '-'; ' ' is not allowed"
        );
        assert!(why("émile").contains("'é'"));
        assert!(why("a.b").contains("'.'"));
        assert_eq!(
            why("_under"),
            "a username must start with a letter or a digit"
        );
        assert_eq!(
            why("-dash"),
            "a username must start with a letter or a digit"
        );
    }

    #[test]
    fn reserved_names_in_any_case() {
        for name in [
            "admin",
            "Anonymous",
            "DECKMATE",
            "System",
            "engine",
            "gUeSt",
        ] {
            assert_eq!(why(name), format!("the username {name:?} is reserved"));
        }
        assert!(Username::parse("admin2").is_ok());
    }

    #[test]
    fn errors_display_their_kind() {
        let err = Username::parse("x").unwrap_err();
        assert_eq!(
            err.to_string(),
            "bad username: a username needs at least 2 characters"
        );
    }
}
