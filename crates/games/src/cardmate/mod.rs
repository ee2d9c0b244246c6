//! Cardmate, by Ivan A. Derzhanski: a 10x10 chess-like game whose pieces are
//! the 56 cards of a suited pack, with whist-like compulsory same-suit
//! captures, two Kings each and palaces.
//!
//! The rules are those of `shared/rules/cardmate.txt` as decided by the
//! Cardmate section of RULINGS.md: moves of each rank ([`tables`]),
//! captures C1-C6 (`movegen`), victory V1-V3 and draws V4
//! (`position`), the four setups ([`setup`]), the page's notation
//! ([`notation`]), a position string ([`fen`]) and records ([`record`]).
//!
//! The engine's part: the evaluation ([`CardmateEval`]), the computer
//! players and analysis ([`engine`], [`tools::CardmateTools`]'s `level_player`), the bench
//! positions ([`bench`](mod@bench)), matches between players ([`matches`](mod@matches)) and the
//! hook of the generic engine tools ([`tools`]).
//!
//! ```
//! use deckmate_games::cardmate::{self, Options, SetupKind};
//! use deckmate_rules::Game;
//! let mut game = cardmate::start_position(SetupKind::Predefined, 0, Options::default());
//! let mv = game.parse_move("4Ci3").unwrap();
//! game.play(mv).unwrap();
//! assert_eq!(game.move_text(game.parse_move("4Db6").unwrap()), "4Db6");
//! ```

pub mod bench;
mod card;
pub mod engine;
mod entry;
mod eval;
pub mod fen;
pub mod matches;
mod movegen;
pub mod notation;
mod options;
mod pieces;
mod position;
pub mod record;
mod rules_text;
pub mod setup;
mod spec;
pub mod tables;
pub mod tools;
mod view;

pub use card::{Card, Rank, Suit};
pub use engine::CardmateEngine;
pub use entry::{Cardmate, ENTRY};
pub use eval::{CardmateEval, Weights, COLUMNS};
pub use options::{parse_quiet_limit, parse_switch, OptionError, Options, PalaceRule, SetupKind};
pub use position::{in_own_half, palace, seat_name, End, EndReason, Move, Position};
pub use rules_text::RULES;
pub use setup::start_position;
pub use spec::{read_spec, OPTIONS};

use deckmate_rules::{Game, MoveError, Outcome, Seat, ToAct};

/// The variant's stable key in records, the command line and the server.
pub const KEY: &str = "cardmate";

impl Position {
    /// The game's end, V3 included: a side to move with no legal move loses.
    pub fn end_state(&self) -> Option<End> {
        if let Some(e) = self.end {
            return Some(e);
        }
        if !self.has_moves() {
            return Some(End {
                winner: Some(self.side.other()),
                reason: EndReason::NoMoves,
            });
        }
        None
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
        if self.end.is_some() || !self.has_moves() {
            ToAct::Nobody
        } else {
            ToAct::Seat(self.side)
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
        self.hash
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

/// Seat names as the page has them.
pub fn seat_names() -> [&'static str; 2] {
    [seat_name(Seat::First), seat_name(Seat::Second)]
}
