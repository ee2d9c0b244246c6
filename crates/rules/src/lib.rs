//! The deckmate rules kernel.
//!
//! Every game implements [`Game`]: who acts (a seat, chance, or nobody once
//! the game is over), its legal moves, playing a move checked or unchecked,
//! its notation and its position string, with typed errors ([`MoveError`],
//! [`PositionError`]). On top of that the kernel gives
//! [`perft`], seeded randomness ([`SeededRng`], our own Fisher-Yates over a
//! ChaCha stream), [`Zobrist`] keys and PGN-like [`Record`]s.
//!
//! The rules never print, never read files and never look at the clock.
#![deny(missing_docs)]

mod error;
mod game;
mod perft;
mod record;
mod rng;
mod zobrist;

pub use error::{MoveError, Mover, PositionError};
pub use game::{pick_weighted, Game, Outcome, Seat, ToAct};
pub use perft::{perft, perft_divide};
pub use record::{Record, RecordError, Tag};
pub use rng::SeededRng;
pub use zobrist::Zobrist;
