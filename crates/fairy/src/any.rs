//! [`AnyPosition`]: one type for a fairy game whatever its board's size,
//! the narrowest square set that holds the board chosen at the start.

use super::position::{End, Move, Position};
use super::rules::RuleSet;
use super::set::{Set256, SquareSet};
use super::tables::Tables;
use deckmate_rules::{Game, MoveError, Outcome, PositionError, Seat, ToAct};
use std::sync::Arc;

/// A position over `u64` sets (up to 64 squares), `u128` (up to 128) or
/// [`Set256`] (up to 256), as the board requires. Every call is passed to
/// the position inside: the width is chosen once, at the start.
// Not boxed: copy-make search clones a position at every node, and a box
// would allocate each time; a small board's clone copies only its variant.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub enum AnyPosition {
    /// A board of at most 64 squares.
    Small(Position<u64>),
    /// A board of 65 to 128 squares.
    Medium(Position<u128>),
    /// A board of 129 to 256 squares.
    Large(Position<Set256>),
}

macro_rules! each {
    ($self:expr, $p:ident => $e:expr) => {
        match $self {
            AnyPosition::Small($p) => $e,
            AnyPosition::Medium($p) => $e,
            AnyPosition::Large($p) => $e,
        }
    };
}

fn tables<S: SquareSet>(rules: &Arc<RuleSet>) -> Arc<Tables<S>> {
    // The callers choose S by the board's size: it holds the board.
    Arc::new(Tables::build(rules.clone()))
}

impl AnyPosition {
    /// The start of a rule set, on the narrowest sets that hold its board.
    pub fn new_game(rules: &Arc<RuleSet>) -> AnyPosition {
        match rules.geometry.squares().count() {
            0..=64 => AnyPosition::Small(Position::start(&tables(rules))),
            65..=128 => AnyPosition::Medium(Position::start(&tables(rules))),
            _ => AnyPosition::Large(Position::start(&tables(rules))),
        }
    }

    /// A position of a rule set from its position string.
    pub fn from_rules_text(rules: &Arc<RuleSet>, text: &str) -> Result<AnyPosition, PositionError> {
        Ok(match rules.geometry.squares().count() {
            0..=64 => AnyPosition::Small(Position::from_text(&tables(rules), text)?),
            65..=128 => AnyPosition::Medium(Position::from_text(&tables(rules), text)?),
            _ => AnyPosition::Large(Position::from_text(&tables(rules), text)?),
        })
    }

    /// Another position of the same game (the same compiled tables) from
    /// its position string.
    pub fn with_text(&self, text: &str) -> Result<AnyPosition, PositionError> {
        Ok(match self {
            AnyPosition::Small(p) => AnyPosition::Small(Position::from_text(p.tables(), text)?),
            AnyPosition::Medium(p) => AnyPosition::Medium(Position::from_text(p.tables(), text)?),
            AnyPosition::Large(p) => AnyPosition::Large(Position::from_text(p.tables(), text)?),
        })
    }

    /// The rule set.
    pub fn rules(&self) -> &Arc<RuleSet> {
        each!(self, p => p.rules())
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Seat {
        each!(self, p => p.side_to_move())
    }

    /// Whether the side to move's royal is attacked.
    pub fn in_check(&self) -> bool {
        each!(self, p => p.in_check())
    }

    /// The game's end, if it is over.
    pub fn end_state(&self) -> Option<End> {
        each!(self, p => p.end_state())
    }

    /// Ends the game by resignation or agreement.
    pub fn set_end(&mut self, end: End) {
        each!(self, p => p.set_end(end))
    }

    /// The piece on a board square: its side and kind.
    pub fn at(&self, sq: deckmate_board::Square) -> Option<(Seat, usize)> {
        each!(self, p => p.at(sq))
    }

    /// The board squares a move leaves (none for a drop) and reaches.
    pub fn move_squares(
        &self,
        mv: Move,
    ) -> (Option<deckmate_board::Square>, deckmate_board::Square) {
        each!(self, p => (
            mv.dropped().is_none().then(|| p.square(mv.from_index())),
            p.square(mv.to_index()),
        ))
    }

    /// Plays a legal move.
    pub fn play_move(&mut self, mv: Move) {
        each!(self, p => p.play_move(mv))
    }

    /// Perft by the position's own generator.
    pub fn perft(&self, depth: u32) -> u64 {
        each!(self, p => p.perft(depth))
    }

    /// The zobrist hash.
    pub fn zobrist(&self) -> u64 {
        each!(self, p => p.zobrist())
    }
}

impl Game for AnyPosition {
    type Move = Move;

    type Observation = AnyPosition;

    fn observation(&self, _seat: Option<Seat>) -> AnyPosition {
        self.clone()
    }

    fn to_act(&self) -> ToAct {
        each!(self, p => p.to_act())
    }

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        each!(self, p => p.generate(moves))
    }

    fn count_moves(&self) -> u64 {
        each!(self, p => p.count())
    }

    fn play_unchecked(&mut self, mv: Move) {
        each!(self, p => p.play_move(mv))
    }

    fn outcome(&self) -> Option<Outcome> {
        each!(self, p => p.outcome())
    }

    fn hash(&self) -> u64 {
        each!(self, p => p.zobrist())
    }

    /// The hash without en passant squares no capture can use (FIDE's
    /// repetition: [`Position::repetition_key`]).
    fn repetition_key(&self) -> u64 {
        each!(self, p => p.repetition_key())
    }

    fn move_text(&self, mv: Move) -> String {
        each!(self, p => p.move_text(mv))
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        each!(self, p => p.parse_move(text))
    }

    fn position_text(&self) -> String {
        each!(self, p => p.position_text())
    }
}
