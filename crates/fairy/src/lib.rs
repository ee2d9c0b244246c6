//! The fairy-chess core: a chess-like game as runtime data over compiled
//! XBetza, and one position and move generator that plays any of them.
//!
//! - [`rules`]: the unchecked [`Variant`] (board up to 16x16 with holes,
//!   pieces with their XBetza and kind, the start as a position string, the
//!   win condition, promotion, castling, en passant, draws) and the checked
//!   [`RuleSet`] it becomes, shared in an `Arc`; [`Hooks`] for what XBetza
//!   cannot say.
//! - [`set`]: square sets sized to the board ([`SquareSet`]: `u64` up to
//!   64 squares, `u128` up to 128, [`Set256`] up to 256).
//! - [`Tables`]: a rule set compiled for one width of set: free leaps as
//!   sets, rays and conditional leaps as lines resolved by one bit scan,
//!   reverse tables for attacks, promotion classes, castlings, zobrist keys.
//! - [`Position`]: the game state and [`Move`]; legal moves with the
//!   royal's safety by checks and pins found once per position
//!   ([`movegen`]), bulk counting for perft, incremental zobrist hashing,
//!   the position string ([`fen`]), SAN-like notation ([`notation`]), and
//!   [`deckmate_rules::Game`].
//! - [`AnyPosition`]: one type whatever the board, the narrowest set that
//!   holds it chosen at the start.
//! - [`chess()`]: FIDE chess as a rule set.
//! - [`tune`]: Texel tuning of the evaluation's weights over positions
//!   from self-play.
//!
//! Hands and drops are in the rule set ([`Hands`]); [`Hooks`] say what
//! XBetza cannot (Cuarenta's Frog's line jump, a pawn that never takes a
//! pawn, when a castling is allowed, where a piece may be dropped) and how
//! a game words its refusals ([`Refusal`]). Not yet here: promotion from a
//! hand, stalemate as a pass, and hooks that depend on the position beyond
//! these (a teleport, a push, a piece that changes its captor).
//!
//! ```
//! use deckmate_fairy::{self as fairy, Position};
//! use deckmate_rules::Game;
//! let mut game: Position<u64> = fairy::new_game(&fairy::chess()).unwrap();
//! assert_eq!(game.count_moves(), 20);
//! let mv = game.parse_move("e4").unwrap();
//! game.play(mv).unwrap();
//! assert_eq!(game.move_text(game.parse_move("Nf6").unwrap()), "Nf6");
//! assert_eq!(
//!     game.position_text(),
//!     "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
//! );
//! ```
#![deny(missing_docs)]

mod any;
mod chess;
pub mod eval;
pub mod fen;
pub mod movegen;
pub mod notation;
mod position;
pub mod record;
pub mod rules;
pub mod set;
mod tables;
pub mod tune;
pub mod variant_file;

pub use any::AnyPosition;
pub use chess::{chess, variant as chess_variant, START as CHESS_START};
pub use eval::FairyEval;
pub use position::{seat_name, End, EndReason, Move, Position};
pub use rules::{
    Castling, CastlingSafety, CastlingSpec, DeadMaterial, DrawRules, EnPassantIdentity, Hands,
    Hooks, NoHooks, Piece, PieceKind, PieceSpec, Promotion, PromotionZone, Refusal, RuleError,
    RuleSet, StalemateRule, Variant, WinCondition, Zone, MAX_CASTLINGS, MAX_KINDS,
};
pub use set::{Set256, SquareSet};
pub use tables::Tables;
#[doc(hidden)]
pub use tables::EMPTY;

use deckmate_board::TooManySquares;
use deckmate_rules::{Game, MoveError, Outcome, PositionError, Seat, ToAct};
use std::sync::Arc;

/// A game of `rules` from its start, over square sets `S` (fails if the
/// board has more squares than `S` holds).
pub fn new_game<S: SquareSet>(rules: &Arc<RuleSet>) -> Result<Position<S>, TooManySquares> {
    let tables = Arc::new(Tables::<S>::new(rules.clone())?);
    Ok(Position::start(&tables))
}

impl<S: SquareSet> Position<S> {
    /// The start position of the tables' rule set.
    pub fn start(tables: &Arc<Tables<S>>) -> Position<S> {
        match fen::parse(tables, &tables.rules.start) {
            Ok(p) => p,
            // RuleSet::new read the start on the widest sets, and the
            // tables hold the board: this cannot happen.
            Err(e) => panic!("the start of {} does not read: {e}", tables.rules.name),
        }
    }

    /// A position from its position string.
    pub fn from_text(tables: &Arc<Tables<S>>, text: &str) -> Result<Position<S>, PositionError> {
        fen::parse(tables, text)
    }
}

impl<S: SquareSet> Game for Position<S> {
    type Move = Move;

    type Observation = Position<S>;

    /// Chess-like games hide nothing: every seat sees the position.
    fn observation(&self, _seat: Option<Seat>) -> Position<S> {
        self.clone()
    }

    fn to_act(&self) -> ToAct {
        if self.has_legal_move() {
            ToAct::Seat(self.side)
        } else {
            ToAct::Nobody
        }
    }

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        self.generate(moves);
    }

    fn count_moves(&self) -> u64 {
        self.count()
    }

    fn play_unchecked(&mut self, mv: Move) {
        self.play_move(mv);
    }

    fn outcome(&self) -> Option<Outcome> {
        self.end_state().map(|e| e.outcome())
    }

    fn hash(&self) -> u64 {
        self.place.hash
    }

    /// The hash without en passant squares no capture can use (FIDE's
    /// repetition: [`Position::repetition_key`]).
    fn repetition_key(&self) -> u64 {
        Position::repetition_key(self)
    }

    fn move_text(&self, mv: Move) -> String {
        notation::write(self, mv)
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        notation::parse(self, text)
    }

    fn position_text(&self) -> String {
        fen::write(self)
    }
}
