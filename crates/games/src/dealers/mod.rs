//! Dealer's Chess (Bob Greenwade; `../shared/rules/dealers-chess.txt`,
//! RULINGS D1-D14): armies dealt at random from decks of piece cards, then
//! chess with those pieces, hands and promotion from the hand.
//!
//! Built so far (issue 19, under way):
//! - [`catalogue`]: the piece cards as data (D7), the page's 71 shipped,
//!   deck files read the same way;
//! - [`deal`]: the deal from a seed (D2, D11, D12), the arrangements (the
//!   `random` one of D11), and the start they make as D14's position
//!   string, on 8x8, 10x10 and 12x12 (D3, D6);
//! - [`fen`]: D14's position strings read (every code checked against the
//!   catalogue) and written canonically;
//! - the reference cards of D10, drawn by the shared piece cards
//!   ([`crate::piece_card`]); `card_deck.rs` offers them as the
//!   `reference_cards` capability, on which the `deckmate cards` command
//!   prints PDF letter sheets, and as the game's piece guide.
//!
//! Still to come: play on the fairy core (hands, promotion from the hand,
//! castling with any corner piece, D9's pawns), the registry entry and the
//! engine.

pub mod arrange;
pub mod bench;
mod card_deck;
pub mod catalogue;
pub mod deal;
pub mod engine;
mod entry;
pub mod eval;
pub mod fen;
pub mod game;
pub mod matches;
pub mod movegen;
pub mod notation;
mod observe;
mod play;
mod position;
pub mod record;
pub mod rules;
mod rules_text;
pub mod shared;
mod spec;
pub mod tools;
mod view;

pub use catalogue::{CardKind, Catalogue, CatalogueError, PieceCard};
pub use deal::{start_position, Alternate, Arrangement, BoardSize, Deal, DealError, Decks};
pub use entry::{DealersBoard, ENTRY};
pub use eval::DealersEval;
pub use game::{DealersGame, DealersMove, Seen, Table};
pub use movegen::Move;
pub use position::{End, EndReason, Position};
pub use rules::{PlayOptions, PromotionRule, Rules, ZombieRoyal};
pub use rules_text::{RULES, TAKEBACK_RULE};
pub use spec::OPTIONS;

/// The game's stable key in records, the command line and the server.
pub const KEY: &str = "dealers";
