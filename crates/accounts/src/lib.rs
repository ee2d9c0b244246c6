//! The pure logic of deckmate's player accounts, for the game server to
//! call: no database, no HTTP, no clock of its own.
//!
//! - [`glicko`]: Glicko-2 ratings ([`Rating`], [`update`] for a rating
//!   period, [`after_game`] for one game, [`TAU`]), with the provisional
//!   `?` mark.
//! - [`password`]: the password rules and Argon2id hashing to PHC strings
//!   ([`hash_password`], [`verify_password`]), and [`dummy_verify`] so that
//!   an unknown username takes as long as a wrong password.
//! - [`username`]: the username rules, reserved names and the
//!   case-insensitive key ([`Username`]).
//! - [`token`]: random session and personal API tokens ([`new_token`]) and
//!   the hash under which they are stored ([`token_hash`]).
//! - [`scope`]: what a personal API token may do ([`Scope`]), spelled as
//!   lichess spells it.
//! - [`throttle`]: a bounded, in-memory limit on failed log-ins per account
//!   and per address ([`LoginThrottle`]).
//! - [`error`]: the crate's error, [`AccountError`].

pub mod error;
pub mod glicko;
pub mod password;
pub mod scope;
pub mod throttle;
pub mod token;
pub mod username;

pub use error::AccountError;
pub use glicko::{after_game, update, Rating, TAU};
pub use password::{check_password_rules, dummy_verify, hash_password, verify_password};
pub use scope::Scope;
pub use throttle::{Limit, LoginThrottle, Refused, ThrottleConfig};
pub use token::{new_token, token_hash, PERSONAL_TOKEN_PREFIX, SESSION_PREFIX};
pub use username::Username;
