//! Facts about a Cuarenta position that an evaluation weighs: material,
//! pawns by how far they have come, mobility, and the King's surroundings.
//!
//! The rules know the move tables; the evaluation ([`super::CuarentaEval`])
//! only weighs what this module counts, so no move
//! logic is written twice. Everything here is per seat (index 0 White, 1
//! Black) and symmetric: the position turned 180 degrees with the colours
//! swapped gives the same numbers with the seats swapped.

use super::piece::Piece;
use super::position::Position;
use super::squares::{bit, file, rank, square, tables, SQUARES};
use deckmate_rules::Seat;

/// What [`Position::features`] counts, per seat (`[0]` White, `[1]`
/// Black).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Features {
    /// Pieces of each kind ([`Piece::index`]).
    pub count: [[u8; 7]; 2],
    /// Pawns by rank counted from the seat's own side: `[s][0]` the first
    /// rank .. `[s][8]` the last. Ranks 7-9 (indices 6-8) are the promotion
    /// zone of Q7.
    pub pawn_ranks: [[u8; 9]; 2],
    /// Squares the seat's pieces other than the King and pawns can move to
    /// or capture on (empty or enemy), counted per piece: the mobility.
    pub mobility: [u32; 2],
    /// The mobility summed by kind of piece ([`Piece::index`]; the King's
    /// and the pawns' entries stay 0).
    pub mobility_by_kind: [[u32; 7]; 2],
    /// Enemy pieces that attack the seat's King zone (its square, its
    /// diagonal neighbours and the squares two ranks up and down).
    pub king_attackers: [u32; 2],
    /// Squares of the seat's King zone that the enemy attacks.
    pub king_zone_attacked: [u32; 2],
    /// Squares the seat's King could step to (not its own pieces'
    /// squares) that the enemy does not attack: its flight squares.
    pub king_flight: [u32; 2],
    /// Own pieces other than the King (and pawns) standing on a square the
    /// enemy attacks and the seat does not defend.
    pub hanging: [u32; 2],
    /// Sum over the seat's pieces other than King and pawns of their
    /// distance from the centre files and ranks (lower: more central).
    pub decentral: [u32; 2],
}

/// The rank of dense square `sq` counted from `seat`'s side (0..=8).
#[inline]
fn relative_rank(seat: Seat, sq: u8) -> u8 {
    let r = rank(sq);
    match seat {
        Seat::First => r,
        Seat::Second => 8 - r,
    }
}

impl Position {
    /// Counts the [`Features`] of the position (whoever is to move).
    pub fn features(&self) -> Features {
        let core = &self.core;
        let occ = core.pieces_of(Seat::First) | core.pieces_of(Seat::Second);
        let mut f = Features::default();
        // Attacked squares per seat, and per piece for the King zones.
        let mut att = [0u64; 2];
        let mut piece_hits: Vec<(usize, u64)> = Vec::with_capacity(SQUARES);
        for seat in [Seat::First, Seat::Second] {
            let s = seat.index();
            let us = core.pieces_of(seat);
            let mut set = us;
            while set != 0 {
                let sq = set.trailing_zeros() as u8;
                set &= set - 1;
                let piece = self.piece_at_index(sq);
                // What it moves to (empty squares) and what it hits
                // (attacks or defends).
                let (moves, hits) = core.reach(seat, piece.index(), sq, occ, us);
                let moves = moves | (hits & occ & !us);
                f.count[s][piece.index()] += 1;
                att[s] |= hits;
                piece_hits.push((s, hits));
                match piece {
                    Piece::Pawn => {
                        f.pawn_ranks[s][relative_rank(seat, sq) as usize] += 1;
                    }
                    Piece::King => {}
                    _ => {
                        let n = (moves & !us).count_ones();
                        f.mobility[s] += n;
                        f.mobility_by_kind[s][piece.index()] += n;
                        let file = i32::from(file(sq));
                        let rank = i32::from(rank(sq));
                        f.decentral[s] += ((file - 4).abs() + (rank - 4).abs()) as u32;
                    }
                }
            }
        }
        for seat in [Seat::First, Seat::Second] {
            let s = seat.index();
            let o = 1 - s;
            let king = self.king_index(seat);
            let steps = core.reach(seat, Piece::King.index(), king, 0, 0).0
                | core.reach(seat, Piece::King.index(), king, 0, 0).1;
            let zone = steps | bit(king);
            f.king_attackers[s] = piece_hits
                .iter()
                .filter(|&&(owner, hits)| owner == o && hits & zone != 0)
                .count() as u32;
            f.king_zone_attacked[s] = (zone & att[o]).count_ones();
            f.king_flight[s] = (steps & !core.pieces_of(seat) & !att[o]).count_ones();
            let pieces = core.pieces_of(seat)
                & !core.pieces_of_kind(Piece::King.index())
                & !core.pieces_of_kind(Piece::Pawn.index());
            f.hanging[s] = (pieces & att[o] & !att[s]).count_ones();
        }
        f
    }

    /// The piece on a dense square known to be occupied.
    #[inline]
    fn piece_at_index(&self, sq: u8) -> Piece {
        self.at_index(sq).map_or(Piece::Pawn, |(_, p)| p)
    }

    /// The position turned 180 degrees with the colours swapped (each
    /// side's pieces become the other's on the opposite square, castling
    /// rights swap, the other side moves): the same game seen from the
    /// other chair. Counters are kept. For tests of an evaluation's
    /// symmetry.
    pub fn colour_flipped(&self) -> Position {
        let mut p = Position::empty();
        for sq in 0..SQUARES as u8 {
            if let Some((seat, piece)) = self.at_index(sq) {
                if let Some(i) = tables().dense(square(sq).rotate(9, 9)) {
                    p.put(seat.other(), piece, i);
                }
            }
        }
        let rights = self.core.castling_rights();
        p.finish(
            self.side_to_move().other(),
            ((rights & 1) << 1) | ((rights >> 1) & 1),
            self.quiet_plies(),
            self.fullmove(),
        );
        p
    }
}
