//! Playing on a deckmate server from here: `deckmate bot` (the engine as
//! a bot account, [`bot`]) and `deckmate play --server` (a person at the
//! terminal, [`play`]), over one HTTP client ([`http`]).

pub mod bot;
pub mod http;
pub mod play;
