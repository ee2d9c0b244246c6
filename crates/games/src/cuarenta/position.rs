//! The Cuarenta position: pieces on the 40 squares, side to move, castling
//! rights, counters and the history for repetition; playing a move and the
//! draws that end a game at once (Q9).

use super::piece::Piece;
use super::tables::{bit, square_name, Tables, SQUARES};
use crate::end;
use deckmate_board::Square;
use deckmate_rules::{Seat, Zobrist};
use std::sync::OnceLock;

/// An empty square in [`Position`]'s board array.
pub(crate) const EMPTY: u8 = 0xFF;

/// Q9: plies in a row without a capture or a promotion that draw.
pub const QUIET_LIMIT: u32 = 80;

/// Dense squares of the castling pieces (Q2, Q8): White's King e2 and Camel
/// h1, Black's King e8 and Camel b9.
pub(crate) const KING_HOME: [u8; 2] = [6, 33];
pub(crate) const CAMEL_HOME: [u8; 2] = [3, 36];

/// A move. Two moves are equal when they move the same piece between the
/// same squares with the same promotion; castling is the King's move to the
/// Camel's square, marked as castling.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Move(u16);

const CASTLE_FLAG: u16 = 8;

impl Move {
    #[inline]
    pub(crate) const fn new(from: u8, to: u8) -> Move {
        Move(from as u16 | (to as u16) << 6)
    }

    #[inline]
    pub(crate) const fn promoting(from: u8, to: u8, piece: Piece) -> Move {
        Move(from as u16 | (to as u16) << 6 | (piece as u16) << 12)
    }

    #[inline]
    pub(crate) const fn castle(king: u8, camel: u8) -> Move {
        Move(king as u16 | (camel as u16) << 6 | CASTLE_FLAG << 12)
    }

    #[inline]
    pub(crate) const fn origin(self) -> u8 {
        (self.0 & 63) as u8
    }

    #[inline]
    pub(crate) const fn target(self) -> u8 {
        ((self.0 >> 6) & 63) as u8
    }

    #[inline]
    const fn flag(self) -> u16 {
        self.0 >> 12
    }

    /// The square the piece leaves (the King's, for castling).
    pub fn from(self) -> Square {
        Tables::get().square(self.origin())
    }

    /// The square it goes to (the Camel's, for castling).
    pub fn to(self) -> Square {
        Tables::get().square(self.target())
    }

    /// What a pawn becomes, if the move promotes.
    pub fn promotion(self) -> Option<Piece> {
        match self.flag() {
            f @ 1..=5 => Piece::from_index(f as usize),
            _ => None,
        }
    }

    /// Whether this is castling (Q8): King and Camel swap squares.
    #[inline]
    pub fn is_castling(self) -> bool {
        self.flag() == CASTLE_FLAG
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
}

/// A finished game: the winner (none for a draw) and the reason.
pub type End = end::End<EndReason>;

/// "White" or "Black".
pub fn seat_name(seat: Seat) -> &'static str {
    match seat {
        Seat::First => "White",
        Seat::Second => "Black",
    }
}

impl end::Reason for EndReason {
    const RESIGNATION: EndReason = EndReason::Resignation;
    const AGREEMENT: EndReason = EndReason::Agreement;

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
        }
    }
}

/// A Cuarenta position with everything needed to continue the game.
#[derive(Clone, Debug)]
pub struct Position {
    /// `EMPTY` or `piece | seat << 3`, by dense square.
    pub(crate) board: [u8; SQUARES],
    /// The squares of each seat's pieces.
    pub(crate) by_seat: [u64; 2],
    /// The squares of each kind of piece, both seats.
    pub(crate) by_piece: [u64; 7],
    pub(crate) king: [u8; 2],
    pub(crate) side: Seat,
    /// Bit 0: White may still castle; bit 1: Black.
    pub(crate) castling: u8,
    /// Plies since the last capture or promotion.
    pub(crate) quiet: u32,
    /// Move number, from 1, incremented after Black moves.
    pub(crate) fullmove: u32,
    pub(crate) hash: u64,
    /// An end found when a move was played (the draws of Q9 other than
    /// stalemate), or set from outside (agreement, resignation).
    pub(crate) end: Option<End>,
    /// Hashes since the last capture or promotion, the current one last.
    pub(crate) history: Vec<u64>,
}

fn zobrist() -> &'static Zobrist {
    static Z: OnceLock<Zobrist> = OnceLock::new();
    Z.get_or_init(|| Zobrist::new(0xC0A2_E17A, 2 * 7 * SQUARES + 3))
}

#[inline]
pub(crate) fn piece_key(seat: Seat, piece: Piece, sq: u8) -> u64 {
    zobrist().key((seat.index() * 7 + piece.index()) * SQUARES + sq as usize)
}

#[inline]
fn side_key() -> u64 {
    zobrist().key(2 * 7 * SQUARES)
}

#[inline]
fn castle_key(rights: u8) -> u64 {
    let mut k = 0;
    if rights & 1 != 0 {
        k ^= zobrist().key(2 * 7 * SQUARES + 1);
    }
    if rights & 2 != 0 {
        k ^= zobrist().key(2 * 7 * SQUARES + 2);
    }
    k
}

/// The castling rights a move from or to `sq` takes away (Q10: for good
/// once the King or the original Camel has moved or the Camel is taken).
#[inline]
fn rights_lost(sq: u8) -> u8 {
    if sq == KING_HOME[0] || sq == CAMEL_HOME[0] {
        1
    } else if sq == KING_HOME[1] || sq == CAMEL_HOME[1] {
        2
    } else {
        0
    }
}

impl Position {
    /// An empty board, White to move, no castling (setups and the position
    /// string reader fill it).
    pub(crate) fn empty() -> Position {
        Position {
            board: [EMPTY; SQUARES],
            by_seat: [0; 2],
            by_piece: [0; 7],
            king: [0; 2],
            side: Seat::First,
            castling: 0,
            quiet: 0,
            fullmove: 1,
            hash: 0,
            end: None,
            history: Vec::new(),
        }
    }

    /// Puts a piece on an empty square (setup only).
    pub(crate) fn put(&mut self, seat: Seat, piece: Piece, sq: u8) {
        self.board[sq as usize] = piece as u8 | (seat as u8) << 3;
        self.by_seat[seat.index()] |= bit(sq);
        self.by_piece[piece.index()] |= bit(sq);
        if piece == Piece::King {
            self.king[seat.index()] = sq;
        }
    }

    /// The hash from scratch (setup; and tests compare it with the
    /// incremental one).
    pub fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for sq in 0..SQUARES as u8 {
            if let Some((seat, piece)) = self.at_index(sq) {
                h ^= piece_key(seat, piece, sq);
            }
        }
        if self.side == Seat::Second {
            h ^= side_key();
        }
        h ^ castle_key(self.castling)
    }

    /// Call once everything is placed: the hash, the history, and the draws
    /// a position can already be in.
    pub(crate) fn finish_setup(&mut self) {
        self.hash = self.compute_hash();
        self.history = vec![self.hash];
        self.end = None;
        self.detect_draws();
    }

    /// The piece on dense square `sq` and its owner.
    #[inline]
    pub(crate) fn at_index(&self, sq: u8) -> Option<(Seat, Piece)> {
        let v = *self.board.get(sq as usize)?;
        if v == EMPTY {
            return None;
        }
        let seat = if v >> 3 == 0 {
            Seat::First
        } else {
            Seat::Second
        };
        Piece::from_index((v & 7) as usize).map(|p| (seat, p))
    }

    /// The piece on `sq` and its owner (`None` for an empty square or a
    /// square that does not exist).
    pub fn at(&self, sq: Square) -> Option<(Seat, Piece)> {
        Tables::get().index(sq).and_then(|i| self.at_index(i))
    }

    /// The squares of `seat`'s pieces, each with its piece.
    pub fn pieces(&self, seat: Seat) -> Vec<(Square, Piece)> {
        let t = Tables::get();
        (0..SQUARES as u8)
            .filter_map(|i| match self.at_index(i) {
                Some((s, p)) if s == seat => Some((t.square(i), p)),
                _ => None,
            })
            .collect()
    }

    /// Where `seat`'s King stands.
    pub fn king_square(&self, seat: Seat) -> Square {
        Tables::get().square(self.king[seat.index()])
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Seat {
        self.side
    }

    /// Whether `seat` may still castle some day (its King and original
    /// Camel have not moved); Q8's wait for Black is not included.
    pub fn castling_right(&self, seat: Seat) -> bool {
        self.castling & (1 << seat.index()) != 0
    }

    /// Plies since the last capture or promotion.
    pub fn quiet_plies(&self) -> u32 {
        self.quiet
    }

    /// The move number (1 for the first move of each side).
    pub fn fullmove(&self) -> u32 {
        self.fullmove
    }

    /// The zobrist hash of placement, side to move and castling rights.
    pub fn zobrist(&self) -> u64 {
        self.hash
    }

    /// An end set by a move (the draws of Q9 other than stalemate) or from
    /// outside; checkmate and stalemate are found by
    /// [`Position::end_state`].
    pub fn end(&self) -> Option<End> {
        self.end
    }

    /// Ends the game by resignation or agreement (from outside the board).
    pub fn set_end(&mut self, end: End) {
        self.end = Some(end);
    }

    /// The game's end: a recorded end, else checkmate or stalemate when the
    /// side to move has no legal move.
    pub fn end_state(&self) -> Option<End> {
        if let Some(e) = self.end {
            return Some(e);
        }
        if self.has_legal_move() {
            return None;
        }
        Some(if self.in_check() {
            End {
                winner: Some(self.side.other()),
                reason: EndReason::Checkmate,
            }
        } else {
            End {
                winner: None,
                reason: EndReason::Stalemate,
            }
        })
    }

    #[inline]
    fn lift(&mut self, seat: Seat, piece: Piece, sq: u8) {
        self.board[sq as usize] = EMPTY;
        self.by_seat[seat.index()] &= !bit(sq);
        self.by_piece[piece.index()] &= !bit(sq);
        self.hash ^= piece_key(seat, piece, sq);
    }

    #[inline]
    fn drop(&mut self, seat: Seat, piece: Piece, sq: u8) {
        self.board[sq as usize] = piece as u8 | (seat as u8) << 3;
        self.by_seat[seat.index()] |= bit(sq);
        self.by_piece[piece.index()] |= bit(sq);
        self.hash ^= piece_key(seat, piece, sq);
        if piece == Piece::King {
            self.king[seat.index()] = sq;
        }
    }

    /// Plays a legal move: moves, captures, promotes, castles, updates the
    /// counters and rights, and ends the game by the draws of Q9 that apply
    /// at once. Behaviour on an illegal move is unspecified but safe.
    pub fn play_move(&mut self, mv: Move) {
        let me = self.side;
        let opp = me.other();
        let from = mv.origin();
        let to = mv.target();
        let old_rights = self.castling;
        let mut irreversible = false;
        if mv.is_castling() {
            // Q8: King and Camel swap squares.
            self.lift(me, Piece::King, from);
            self.lift(me, Piece::Camel, to);
            self.drop(me, Piece::King, to);
            self.drop(me, Piece::Camel, from);
            self.castling &= !(1 << me.index());
        } else {
            let Some((_, piece)) = self.at_index(from) else {
                return;
            };
            if let Some((owner, victim)) = self.at_index(to) {
                self.lift(owner, victim, to);
                irreversible = true;
            }
            self.lift(me, piece, from);
            let placed = match mv.promotion() {
                Some(p) => {
                    irreversible = true;
                    p
                }
                None => piece,
            };
            self.drop(me, placed, to);
            self.castling &= !(rights_lost(from) | rights_lost(to));
        }
        self.hash ^= castle_key(old_rights) ^ castle_key(self.castling) ^ side_key();
        self.side = opp;
        if me == Seat::Second {
            self.fullmove += 1;
        }
        if irreversible {
            self.quiet = 0;
            self.history.clear();
        } else {
            self.quiet += 1;
        }
        self.history.push(self.hash);
        self.detect_draws();
    }

    /// Q9's draws that end a game at once: bare Kings; and, unless the side
    /// to move has no legal move (checkmate and stalemate come first), the
    /// quiet-ply limit and threefold repetition.
    pub(crate) fn detect_draws(&mut self) {
        if self.end.is_some() {
            return;
        }
        if self.by_seat[0].count_ones() == 1 && self.by_seat[1].count_ones() == 1 {
            self.end = Some(End {
                winner: None,
                reason: EndReason::BareKings,
            });
            return;
        }
        let reason = if self.quiet >= QUIET_LIMIT {
            EndReason::QuietLimit
        } else if self.history.iter().filter(|&&h| h == self.hash).count() >= 3 {
            EndReason::Repetition
        } else {
            return;
        };
        if self.has_legal_move() {
            self.end = Some(End {
                winner: None,
                reason,
            });
        }
    }

    /// The square names of `seat`'s pieces of kind `piece` (for messages).
    pub(crate) fn squares_of(&self, seat: Seat, piece: Piece) -> Vec<String> {
        let mut bits = self.by_seat[seat.index()] & self.by_piece[piece.index()];
        let mut out = Vec::new();
        while bits != 0 {
            out.push(square_name(bits.trailing_zeros() as u8));
            bits &= bits - 1;
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cuarenta::tables::parse_square;

    #[test]
    fn home_squares_are_the_setup_squares() {
        assert_eq!(parse_square("e2"), Some(KING_HOME[0]));
        assert_eq!(parse_square("h1"), Some(CAMEL_HOME[0]));
        assert_eq!(parse_square("e8"), Some(KING_HOME[1]));
        assert_eq!(parse_square("b9"), Some(CAMEL_HOME[1]));
    }

    #[test]
    fn moves_pack_and_unpack() {
        let m = Move::promoting(30, 39, Piece::Frog);
        assert_eq!((m.origin(), m.target()), (30, 39));
        assert_eq!(m.promotion(), Some(Piece::Frog));
        assert!(!m.is_castling());
        let c = Move::castle(6, 3);
        assert!(c.is_castling());
        assert_eq!(c.promotion(), None);
    }
}
