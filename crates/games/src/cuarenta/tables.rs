//! Cuarenta's move tables: each piece's XBetza ([`Piece::betza`]) compiled
//! once by `deckmate-betza` for the board of 40 light squares and both
//! sides, then flattened into 64-bit sets over the dense square numbering
//! (b1 = 0 .. h9 = 39), with the reverse tables that attack detection needs.

use super::frog;
use super::piece::Piece;
use deckmate_betza::{compile_str, Facing, RayKind};
use deckmate_board::{DenseSquares, Geometry, Parity, RankStyle, Square};
use deckmate_rules::Seat;
use std::sync::OnceLock;

/// The number of squares (Q1).
pub const SQUARES: usize = 40;

/// The board: 9x9, files a-i, ranks 1-9, only the light squares (file
/// number a=1 plus rank odd) exist (Q1).
pub fn geometry() -> Geometry {
    // 9x9 is within 1..=16: this cannot fail.
    Geometry::checkered(9, 9, RankStyle::FromOne, Parity::Odd).expect("9x9 is a valid board")
}

/// A ray of a slider or hopper: `len` dense squares from `start` in
/// [`Tables::ray_squares`], nearest first.
#[derive(Copy, Clone, Debug)]
pub(crate) struct RayRef {
    pub start: u16,
    pub len: u8,
    /// [`deckmate_betza::Mode`] bits.
    pub mode: u8,
    /// A hopper (cannon-like) rather than a slider.
    pub hop: bool,
}

/// Everything move generation and attack detection read.
pub(crate) struct Tables {
    pub dense: DenseSquares,
    /// `[seat][piece][from]`: leap destinations allowed when empty.
    pub leap_move: [[[u64; SQUARES]; 7]; 2],
    /// `[seat][piece][from]`: leap destinations allowed as captures.
    pub leap_capture: [[[u64; SQUARES]; 7]; 2],
    /// `[seat][piece][to]`: the squares from which such a piece captures on
    /// `to` by a leap (the reverse of `leap_capture`).
    pub leap_attackers: [[[u64; SQUARES]; 7]; 2],
    /// `[seat][piece][to]`: the squares from which a capturing slide of
    /// such a piece passes over `to` (if the squares between are empty).
    pub slide_attackers: [[[u64; SQUARES]; 7]; 2],
    /// `[seat][piece][to]`: the same for capturing hops (one screen between).
    pub hop_attackers: [[[u64; SQUARES]; 7]; 2],
    /// `[a][b]`: the squares strictly between `a` and `b` on a ray, if one
    /// leads from `a` to `b`.
    pub between: [[u64; SQUARES]; SQUARES],
    /// `[seat][piece][from]`: a range of `rays`.
    ray_index: [[[(u16, u8); SQUARES]; 7]; 2],
    rays: Vec<RayRef>,
    ray_squares: Vec<u8>,
    /// Kinds that have rays at all, for each seat (a bit per kind).
    pub ray_kinds: [u8; 2],
    /// The Frog's eight lines from each square (Q6), see [`frog`].
    pub frog: frog::Lines,
    /// Q7: for each seat, the squares of its last three ranks (where a
    /// pawn may become a Camel) ...
    pub promotion_zone: [u64; 2],
    /// ... and of its last rank (where it may also become a Frog, Guard,
    /// Vao or Bishop).
    pub last_rank: [u64; 2],
    /// Rank (0-8) of each dense square.
    pub rank: [u8; SQUARES],
    /// File of each dense square.
    pub file: [u8; SQUARES],
}

#[inline]
pub(crate) const fn bit(sq: u8) -> u64 {
    1u64 << sq
}

impl Tables {
    fn build() -> Result<Tables, String> {
        let g = geometry();
        let dense = DenseSquares::new(&g).map_err(|e| e.to_string())?;
        if dense.len() != SQUARES {
            return Err(format!("the board has {} squares, not 40", dense.len()));
        }
        let mut t = Tables {
            leap_move: [[[0; SQUARES]; 7]; 2],
            leap_capture: [[[0; SQUARES]; 7]; 2],
            leap_attackers: [[[0; SQUARES]; 7]; 2],
            slide_attackers: [[[0; SQUARES]; 7]; 2],
            hop_attackers: [[[0; SQUARES]; 7]; 2],
            between: [[0; SQUARES]; SQUARES],
            ray_index: [[[(0, 0); SQUARES]; 7]; 2],
            rays: Vec::new(),
            ray_squares: Vec::new(),
            ray_kinds: [0; 2],
            promotion_zone: [0; 2],
            last_rank: [0; 2],
            frog: frog::Lines::build(&g, &dense),
            rank: [0; SQUARES],
            file: [0; SQUARES],
            dense,
        };
        for (i, sq) in t.dense.squares().iter().enumerate() {
            t.rank[i] = sq.rank();
            t.file[i] = sq.file();
            let r = sq.rank();
            if r >= 6 {
                t.promotion_zone[0] |= bit(i as u8);
            }
            if r <= 2 {
                t.promotion_zone[1] |= bit(i as u8);
            }
            if r == 8 {
                t.last_rank[0] |= bit(i as u8);
            }
            if r == 0 {
                t.last_rank[1] |= bit(i as u8);
            }
        }
        let idx = |dense: &DenseSquares, s: Square| -> Result<u8, String> {
            dense
                .index(s)
                .ok_or_else(|| format!("square {s:?} is not on the board"))
        };
        for seat in Seat::BOTH {
            let facing = match seat {
                Seat::First => Facing::Up,
                Seat::Second => Facing::Down,
            };
            let s = seat.index();
            for piece in Piece::ALL {
                let p = piece.index();
                let text = piece.betza();
                let table = compile_str(text, &g, facing).map_err(|e| format!("{text}: {e}"))?;
                if table.overlapping {
                    return Err(format!("{text}: two paths to one square"));
                }
                for (from_i, &from) in t.dense.squares().to_vec().iter().enumerate() {
                    let moves = table.from(from);
                    for l in &moves.leaps {
                        if !l.via.is_empty() || l.initial {
                            return Err(format!("{text}: Cuarenta has no lame or initial leaps"));
                        }
                        let to = idx(&t.dense, l.to)?;
                        if l.mode.can_move() {
                            t.leap_move[s][p][from_i] |= bit(to);
                        }
                        if l.mode.can_capture() {
                            t.leap_capture[s][p][from_i] |= bit(to);
                            t.leap_attackers[s][p][to as usize] |= bit(from_i as u8);
                        }
                    }
                    let first = t.rays.len() as u16;
                    for r in &moves.rays {
                        if !r.via.is_empty() || r.initial {
                            return Err(format!("{text}: Cuarenta has no bent or initial rays"));
                        }
                        let start = t.ray_squares.len() as u16;
                        let mut before = 0u64;
                        for &sq in &r.squares {
                            let to = idx(&t.dense, sq)?;
                            t.ray_squares.push(to);
                            t.between[from_i][to as usize] = before;
                            if r.mode.can_capture() {
                                match r.kind {
                                    RayKind::Slide => {
                                        t.slide_attackers[s][p][to as usize] |= bit(from_i as u8)
                                    }
                                    RayKind::Hop => {
                                        t.hop_attackers[s][p][to as usize] |= bit(from_i as u8)
                                    }
                                }
                            }
                            before |= bit(to);
                        }
                        t.rays.push(RayRef {
                            start,
                            len: r.squares.len() as u8,
                            mode: r.mode.0,
                            hop: r.kind == RayKind::Hop,
                        });
                        t.ray_kinds[s] |= 1 << p;
                    }
                    let n = t.rays.len() as u16 - first;
                    t.ray_index[s][p][from_i] = (first, n as u8);
                }
            }
        }
        Ok(t)
    }

    /// The compiled tables (built on first use).
    pub(crate) fn get() -> &'static Tables {
        static TABLES: OnceLock<Tables> = OnceLock::new();
        TABLES.get_or_init(|| match Tables::build() {
            Ok(t) => t,
            // The XBetza texts are constants; the unit test below builds
            // them, so this cannot happen in a tested build.
            Err(e) => panic!("Cuarenta move tables do not compile: {e}"),
        })
    }

    /// The rays of a `piece` of `seat` on dense square `from`.
    #[inline]
    pub(crate) fn rays(&self, seat: Seat, piece: Piece, from: u8) -> &[RayRef] {
        let (first, n) = self.ray_index[seat.index()][piece.index()][from as usize];
        &self.rays[first as usize..first as usize + n as usize]
    }

    /// The dense squares of a ray, nearest first.
    #[inline]
    pub(crate) fn ray_squares(&self, r: RayRef) -> &[u8] {
        &self.ray_squares[r.start as usize..r.start as usize + r.len as usize]
    }

    /// The board square of dense square `i`.
    #[inline]
    pub(crate) fn square(&self, i: u8) -> Square {
        // Dense squares come from this table: i < 40 always.
        self.dense.square(i).unwrap_or(Square(0))
    }

    /// The dense square of a board square, if it exists.
    #[inline]
    pub(crate) fn index(&self, sq: Square) -> Option<u8> {
        self.dense.index(sq)
    }
}

/// The dense square of a square name (`e2`), if it is a light square.
pub(crate) fn parse_square(name: &str) -> Option<u8> {
    let sq = Square::parse(name, RankStyle::FromOne).ok()?;
    Tables::get().index(sq)
}

/// The name of a dense square (`e2`).
pub(crate) fn square_name(i: u8) -> String {
    Tables::get().square(i).name(RankStyle::FromOne).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_piece_compiles_and_rays_are_symmetric() {
        let t = Tables::build().unwrap();
        // Attack detection walks the Bishop's and the Vao's lines from the
        // attacked square; this needs every ray's "between" to be the same
        // both ways.
        for a in 0..SQUARES {
            for b in 0..SQUARES {
                assert_eq!(t.between[a][b], t.between[b][a], "{a} {b}");
            }
        }
        assert_eq!(square_name(0), "b1");
        assert_eq!(parse_square("e2"), Some(6));
        assert_eq!(parse_square("e1"), None);
    }
}
