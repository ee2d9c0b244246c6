//! 52Chess, by Kevin Pacey: chess on a 4x13 board where a card drawn from a
//! 52-card deck before every move may teleport a piece to the square it
//! names (`shared/rules/52chess.txt`, RULINGS F1-F11).
//!
//! The board moves are the fairy core's ([`rules`]: the chess pieces on
//! 4x13, the King taken rather than mated, pawns double-stepping from
//! their 2nd and 4th ranks, the draws of F8); the game around it
//! ([`Chess52`]) adds the draw (chance, from the game's seed: F9), the
//! teleport and the pass (F4, F5, F7), F10's perft, the notation with the
//! cards ([`notation`]) and F11's position string ([`fen`]).
//!
//! ```
//! use deckmate_games::chess52::{Card, Chess52, Move};
//! use deckmate_rules::{Game, ToAct};
//! let mut game = Chess52::start();
//! assert_eq!(game.to_act(), ToAct::Chance);
//! game.play(game.parse_move("[7H]").unwrap()).unwrap();
//! let mv = game.parse_move("Nd3@c7").unwrap();
//! assert_eq!(game.move_text(mv), "Nd3@c7");
//! game.play(mv).unwrap();
//! assert_eq!(game.position_text(), "rqkr/pppp/nbbn/pppp/4/4/2N1/4/4/PPPP/NBB1/PPPP/RQKR b - 1 1");
//! assert_eq!(Card::parse("QS").map(Chess52::card_square), Some(47));
//! let _ = Move::Draw(Card::parse("AC").unwrap());
//! ```

pub mod bench;
pub mod card;
pub mod engine;
mod entry;
pub mod eval;
pub mod fen;
mod game;
pub mod matches;
pub mod notation;
pub mod perft;
mod pieces;
pub mod record;
pub mod rules;
mod rules_text;
mod spec;
pub mod tools;
mod view;

pub use card::Card;
pub use entry::{Chess52Board, ENTRY};
pub use eval::{Chess52Eval, Chess52Weights};
pub use game::{Chess52, Move};
pub use rules_text::{RULES, TAKEBACK_RULE};

/// The game's stable key in records, the command line and the server.
pub const KEY: &str = "52chess";
