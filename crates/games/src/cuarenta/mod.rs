//! Cuarenta, by Mark Thompson: a chess variant on the 40 light squares of a
//! 9x9 board, with King, Bishop, Camel, Guards, Vaos, Frogs and Pawns.
//!
//! The rules are those of `shared/rules/cuarenta.txt` as decided by the
//! Cuarenta section of RULINGS.md (Q1-Q10), played by the fairy core
//! ([`crate::fairy`]): the game is its rule set and hooks ([`rules`]: the
//! board, the pieces' XBetza ([`piece`]), the Frog's line jump, a pawn that
//! never takes a pawn, castling and promotion), seen through Cuarenta's
//! pieces and ends ([`position`]), written and read by the core's notation
//! ([`notation`]) and position string ([`fen`]: five fields, no en
//! passant), with its records ([`record`]).
//!
//! The engine's part: the evaluation ([`CuarentaEval`]), the computer
//! players and analysis ([`engine`], [`tools::CuarentaTools`]'s `level_player`), and the bench
//! and matches ([`tools`]).
//!
//! ```
//! use deckmate_games::cuarenta;
//! use deckmate_rules::Game;
//! let mut game = cuarenta::start_position();
//! assert_eq!(game.count_moves(), 22);
//! let mv = game.parse_move("Fa4").unwrap();
//! game.play(mv).unwrap();
//! assert_eq!(game.move_text(game.parse_move("Pbc6").unwrap()), "Pbc6");
//! ```

pub mod bench;
pub mod engine;
mod entry;
mod eval;
pub mod features;
pub mod fen;
pub mod matches;
pub mod notation;
pub mod piece;
mod pieces;
pub mod position;
pub mod record;
pub mod rules;
mod rules_text;
mod squares;
pub mod tools;
mod view;

pub use engine::{cuarenta_params, CuarentaEngine};
pub use entry::{Cuarenta, ENTRY};
pub use eval::{CuarentaEval, CuarentaWeights};
pub use fen::START;
pub use piece::Piece;
pub use position::{seat_name, End, EndReason, Move, Position};
pub use rules::geometry;
pub use rules::QUIET_LIMIT;
pub use rules_text::RULES;
pub use squares::SQUARES;

use deckmate_rules::{Game, MoveError, Outcome, ToAct};

/// The variant's stable key in records, the command line and the server.
pub const KEY: &str = "cuarenta";

/// The start position of Q2, White to move.
pub fn start_position() -> Position {
    match fen::parse(START) {
        Ok(p) => p,
        // START is a constant that the tests read back: this cannot happen.
        Err(e) => panic!("the Cuarenta start position does not read: {e}"),
    }
}

impl Game for Position {
    type Move = Move;

    type Observation = Position;

    /// Cardmate and Cuarenta hide nothing: every seat sees the position.
    fn observation(&self, _seat: Option<deckmate_rules::Seat>) -> Position {
        self.clone()
    }

    fn to_act(&self) -> ToAct {
        if self.has_legal_move() {
            ToAct::Seat(self.side_to_move())
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
        self.zobrist()
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
