//! The scopes of personal API tokens: what a token lets a bot or a board
//! app do, named as lichess names them.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::error::AccountError;

/// One permission a personal API token can carry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Scope {
    /// `board:play`: play games with the board API (a person's moves from
    /// an app or a physical board).
    #[serde(rename = "board:play")]
    BoardPlay,
    /// `bot:play`: play games with the bot API (a bot account's moves).
    #[serde(rename = "bot:play")]
    BotPlay,
    /// `challenge:read`: see the challenges sent and received.
    #[serde(rename = "challenge:read")]
    ChallengeRead,
    /// `challenge:write`: send, accept, decline and cancel challenges.
    #[serde(rename = "challenge:write")]
    ChallengeWrite,
    /// `account:read`: read the account's profile and preferences.
    #[serde(rename = "account:read")]
    AccountRead,
}

impl Scope {
    /// Every scope, in the order they are listed to people.
    pub const ALL: [Scope; 5] = [
        Scope::BoardPlay,
        Scope::BotPlay,
        Scope::ChallengeRead,
        Scope::ChallengeWrite,
        Scope::AccountRead,
    ];

    /// The scope's name, as lichess spells it (e.g. `"board:play"`).
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Scope::BoardPlay => "board:play",
            Scope::BotPlay => "bot:play",
            Scope::ChallengeRead => "challenge:read",
            Scope::ChallengeWrite => "challenge:write",
            Scope::AccountRead => "account:read",
        }
    }

    /// The scopes named in `list`, separated by commas and/or white space
    /// (e.g. `"board:play, challenge:read"`), each once, in the order first
    /// named. An empty list gives no scopes.
    ///
    /// # Errors
    ///
    /// [`AccountError::BadScope`] naming the first unknown scope.
    pub fn parse_list(list: &str) -> Result<Vec<Scope>, AccountError> {
        let mut scopes = Vec::new();
        for name in list
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|name| !name.is_empty())
        {
            let scope = name.parse()?;
            if !scopes.contains(&scope) {
                scopes.push(scope);
            }
        }
        Ok(scopes)
    }
}

impl fmt::Display for Scope {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Scope {
    type Err = AccountError;

    /// Parses a scope's name, exactly as lichess spells it.
    fn from_str(name: &str) -> Result<Self, Self::Err> {
        Scope::ALL
            .into_iter()
            .find(|scope| scope.as_str() == name)
            .ok_or_else(|| {
                let known: Vec<&str> = Scope::ALL.iter().map(|s| s.as_str()).collect();
                AccountError::BadScope(format!(
                    "unknown scope {name:?}; the scopes are {}",
                    known.join(", ")
                ))
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for scope in Scope::ALL {
            assert_eq!(scope.to_string().parse::<Scope>().unwrap(), scope);
        }
        assert_eq!(Scope::BoardPlay.to_string(), "board:play");
        assert_eq!(Scope::ChallengeWrite.as_str(), "challenge:write");
        assert_eq!("account:read".parse::<Scope>().unwrap(), Scope::AccountRead);
    }

    #[test]
    fn lists_split_on_commas_and_spaces() {
        assert_eq!(
            Scope::parse_list("bot:play,challenge:read challenge:write,  bot:play").unwrap(),
            vec![Scope::BotPlay, Scope::ChallengeRead, Scope::ChallengeWrite]
        );
        assert_eq!(Scope::parse_list(" , ").unwrap(), vec![]);
    }

    #[test]
    fn unknown_scopes_are_named() {
        let err = Scope::parse_list("board:play, email:read").unwrap_err();
        assert_eq!(
            err.to_string(),
            "bad token scope: unknown scope \"email:read\"; the scopes are \
             board:play, bot:play, challenge:read, challenge:write, account:read"
        );
        assert!("Board:Play".parse::<Scope>().is_err());
    }

    #[test]
    fn serde_uses_the_lichess_names() {
        let json = serde_json::to_string(&[Scope::BoardPlay, Scope::AccountRead]).unwrap();
        assert_eq!(json, r#"["board:play","account:read"]"#);
        let back: Vec<Scope> = serde_json::from_str(&json).unwrap();
        assert_eq!(back, vec![Scope::BoardPlay, Scope::AccountRead]);
    }
}
