//! The Cuarenta position: the fairy core's position of Cuarenta's rule set
//! ([`super::rules`]), with Cuarenta's own view of it: its seven kinds of
//! piece ([`Piece`]), its moves ([`Move`]: castling is the King's move to
//! the Camel's square) and its ends in the words of Q9 ([`EndReason`]).
//! Move generation, check, castling, promotion and the draws that end a
//! game at once are the core's.

use super::piece::Piece;
use super::rules::QUIET_LIMIT;
use super::squares::{dense, square, tables, SQUARES};
use crate::end;
use crate::fairy::{self, EndReason as CoreReason};
use deckmate_board::Square;
use deckmate_rules::Seat;

/// A move. Two moves are equal when they move the same piece between the
/// same squares with the same promotion; castling is the King's move to the
/// Camel's square, marked as castling.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Move(pub(crate) fairy::Move);

impl From<fairy::Move> for Move {
    #[inline]
    fn from(m: fairy::Move) -> Move {
        Move(m)
    }
}

impl Move {
    /// The dense square the piece leaves.
    #[inline]
    pub(crate) const fn origin(self) -> u8 {
        self.0.from_index()
    }

    /// The dense square it goes to.
    #[inline]
    pub(crate) const fn target(self) -> u8 {
        self.0.to_index()
    }

    /// The square the piece leaves (the King's, for castling).
    pub fn from(self) -> Square {
        square(self.origin())
    }

    /// The square it goes to (the Camel's, for castling).
    pub fn to(self) -> Square {
        square(self.target())
    }

    /// What a pawn becomes, if the move promotes.
    pub fn promotion(self) -> Option<Piece> {
        self.0.promotion().and_then(Piece::from_index)
    }

    /// Whether this is castling (Q8): King and Camel swap squares.
    #[inline]
    pub fn is_castling(self) -> bool {
        self.0.castling().is_some()
    }

    /// The core's move.
    pub fn core(self) -> fairy::Move {
        self.0
    }
}

/// Why the game ended.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum EndReason {
    /// Q9: the side to move is in check and has no legal move.
    Checkmate,
    /// Q9: the side to move is not in check and has no legal move (a draw).
    Stalemate,
    /// Q9: 80 plies in a row without a capture or a promotion.
    QuietLimit,
    /// Q9: neither side has anything but its King.
    BareKings,
    /// Q9: the same position (placement, side to move, castling rights) a
    /// third time.
    Repetition,
    /// Q9: the players agreed a draw (recorded, not played).
    Agreement,
    /// A player resigned (recorded, not played).
    Resignation,
    /// The loser's clock ran out (recorded, not played).
    TimeForfeit,
}

impl EndReason {
    /// Cuarenta's words for an end of the core (which has more kinds of
    /// end than Cuarenta's rules can bring).
    fn from_core(r: CoreReason) -> EndReason {
        match r {
            CoreReason::Checkmate | CoreReason::RoyalCaptured => EndReason::Checkmate,
            CoreReason::Stalemate | CoreReason::StalemateLoss | CoreReason::StalemateWin => {
                EndReason::Stalemate
            }
            CoreReason::QuietLimit { .. } => EndReason::QuietLimit,
            // Cuarenta declares no dead material (Q9's draws): never met.
            CoreReason::BareRoyals | CoreReason::InsufficientMaterial => EndReason::BareKings,
            CoreReason::Repetition(_) => EndReason::Repetition,
            CoreReason::Agreement => EndReason::Agreement,
            CoreReason::Resignation => EndReason::Resignation,
            CoreReason::TimeForfeit => EndReason::TimeForfeit,
        }
    }

    /// The core's end for this one.
    fn to_core(self) -> CoreReason {
        match self {
            EndReason::Checkmate => CoreReason::Checkmate,
            EndReason::Stalemate => CoreReason::Stalemate,
            EndReason::QuietLimit => CoreReason::QuietLimit {
                plies: QUIET_LIMIT,
                pawn_moves: false,
                promotions: true,
            },
            EndReason::BareKings => CoreReason::BareRoyals,
            EndReason::Repetition => CoreReason::Repetition(3),
            EndReason::Agreement => CoreReason::Agreement,
            EndReason::Resignation => CoreReason::Resignation,
            EndReason::TimeForfeit => CoreReason::TimeForfeit,
        }
    }
}

/// A finished game: the winner (none for a draw) and the reason.
pub type End = end::End<EndReason>;

/// "White" or "Black".
pub fn seat_name(seat: Seat) -> &'static str {
    fairy::seat_name(seat)
}

impl end::Reason for EndReason {
    const RESIGNATION: EndReason = EndReason::Resignation;
    const AGREEMENT: EndReason = EndReason::Agreement;
    const TIME_FORFEIT: EndReason = EndReason::TimeForfeit;

    fn seat_name(seat: Seat) -> &'static str {
        seat_name(seat)
    }

    fn words(self, w: &str, l: &str) -> String {
        match self {
            EndReason::Checkmate => format!("{w} checkmated {l}"),
            EndReason::Stalemate => "stalemate: the side to move has no legal move".to_string(),
            EndReason::QuietLimit => {
                format!("{QUIET_LIMIT} plies in a row without a capture or a promotion")
            }
            EndReason::BareKings => "neither side has anything but its King".to_string(),
            EndReason::Repetition => "the same position occurred a third time".to_string(),
            EndReason::Agreement => "the players agreed a draw".to_string(),
            EndReason::Resignation => format!("{l} resigned"),
            EndReason::TimeForfeit => format!("{l} lost on time"),
        }
    }
}

/// A Cuarenta position: the core's, seen through Cuarenta's pieces.
#[derive(Clone, Debug)]
pub struct Position {
    pub(crate) core: fairy::Position<u64>,
}

impl Position {
    /// An empty board, White to move, no castling rights.
    pub(crate) fn empty() -> Position {
        Position {
            core: fairy::Position::empty(tables().clone()),
        }
    }

    /// Places a piece on an empty dense square.
    pub(crate) fn put(&mut self, seat: Seat, piece: Piece, sq: u8) {
        self.core.put(seat, piece.index(), sq);
    }

    /// Sets the side to move, the castling rights (bit 0 White's, bit 1
    /// Black's) and the counters, then the hash, the history and the draws
    /// the position is already in.
    pub(crate) fn finish(&mut self, side: Seat, castling: u8, quiet: u32, fullmove: u32) {
        self.core.set_state(side, castling, quiet, fullmove);
        self.core.finish_setup();
    }

    /// The core's position.
    pub fn core(&self) -> &fairy::Position<u64> {
        &self.core
    }

    /// The hash recomputed from scratch (equal to [`Position::zobrist`]).
    pub fn compute_hash(&self) -> u64 {
        self.core.compute_hash()
    }

    /// The piece on a dense square.
    #[inline]
    pub(crate) fn at_index(&self, sq: u8) -> Option<(Seat, Piece)> {
        let (seat, kind) = self.core.at_index(sq)?;
        Piece::from_index(kind).map(|p| (seat, p))
    }

    /// The piece on a square.
    pub fn at(&self, sq: Square) -> Option<(Seat, Piece)> {
        dense(sq).and_then(|i| self.at_index(i))
    }

    /// A side's pieces with their squares.
    pub fn pieces(&self, seat: Seat) -> Vec<(Square, Piece)> {
        (0..SQUARES as u8)
            .filter_map(|i| match self.at_index(i) {
                Some((s, p)) if s == seat => Some((square(i), p)),
                _ => None,
            })
            .collect()
    }

    /// The squares of a side's pieces of a kind (dense, as a set).
    #[inline]
    pub(crate) fn set_of(&self, seat: Seat, piece: Piece) -> u64 {
        self.core.pieces_of(seat) & self.core.pieces_of_kind(piece.index())
    }

    /// A side's King's dense square.
    #[inline]
    pub(crate) fn king_index(&self, seat: Seat) -> u8 {
        let kings = self.set_of(seat, Piece::King);
        if kings == 0 {
            0
        } else {
            kings.trailing_zeros() as u8
        }
    }

    /// A side's King's square (Q2: each side has one, always).
    pub fn king_square(&self, seat: Seat) -> Square {
        square(self.king_index(seat))
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Seat {
        self.core.side_to_move()
    }

    /// Whether `seat` may still castle some day (Q8).
    pub fn castling_right(&self, seat: Seat) -> bool {
        self.core.castling_rights() & (1 << seat.index()) != 0
    }

    /// Plies since the last capture or promotion (Q9).
    pub fn quiet_plies(&self) -> u32 {
        self.core.quiet_plies()
    }

    /// The move number, from 1.
    pub fn fullmove(&self) -> u32 {
        self.core.fullmove()
    }

    /// The zobrist hash.
    pub fn zobrist(&self) -> u64 {
        self.core.zobrist()
    }

    /// An end set by a move or from outside; checkmate and stalemate are
    /// found by [`Position::end_state`].
    pub fn end(&self) -> Option<End> {
        self.core.end().map(|e| End {
            winner: e.winner,
            reason: EndReason::from_core(e.reason),
        })
    }

    /// Ends the game by resignation or agreement (from outside the board).
    pub fn set_end(&mut self, end: End) {
        self.core.set_end(fairy::End {
            winner: end.winner,
            reason: end.reason.to_core(),
        });
    }

    /// The game's end: a recorded end, else checkmate or stalemate when the
    /// side to move has no legal move (Q9).
    pub fn end_state(&self) -> Option<End> {
        self.core.end_state().map(|e| End {
            winner: e.winner,
            reason: EndReason::from_core(e.reason),
        })
    }

    /// Plays a legal move (Q8's castling, Q7's promotion), updates the
    /// counters and rights, and ends the game by the draws of Q9 that apply
    /// at once. Behaviour on an illegal move is unspecified but safe.
    #[inline]
    pub fn play_move(&mut self, mv: Move) {
        self.core.play_move(mv.0);
    }

    /// Whether the side to move's King is attacked.
    #[inline]
    pub fn in_check(&self) -> bool {
        self.core.in_check()
    }

    /// Whether `seat`'s King is attacked.
    pub fn king_attacked(&self, seat: Seat) -> bool {
        self.core.royal_attacked(seat)
    }

    /// Appends the legal moves (nothing once the game is over).
    #[inline]
    pub fn generate(&self, moves: &mut Vec<Move>) {
        self.core.generate(moves);
    }

    /// The number of legal moves (perft's bulk count).
    #[inline]
    pub fn count(&self) -> u64 {
        self.core.count()
    }

    /// Whether the side to move has a legal move.
    #[inline]
    pub fn has_legal_move(&self) -> bool {
        self.core.has_legal_move()
    }

    /// Every plain move (no promotion, no castling) the pieces' movement
    /// allows the side to move, the King's safety ignored: with
    /// [`Position::king_attacked`], a slow independent check of
    /// [`Position::generate`]'s legality test.
    pub fn pseudo_legal(&self) -> Vec<Move> {
        self.core
            .pseudo_legal()
            .into_iter()
            .filter(|m| m.castling().is_none() && m.promotion().is_none())
            .map(Move)
            .collect()
    }
}
