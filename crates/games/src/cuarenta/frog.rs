//! The Frog's line jump (RULINGS Q6, Q10), the one move XBetza cannot say:
//! in any of the 8 directions (orthogonal lines step two squares on the
//! 9x9 board, from light square to light square; diagonal lines one), over
//! an unbroken line of one or more friendly pieces (its own King included),
//! to the next square beyond, empty or enemy (a capture). An enemy piece
//! ends the line. The Frog's plain move (the nearest light square
//! orthogonally) is XBetza's `D` and comes from the tables.

use super::tables::{bit, Tables, SQUARES};
use deckmate_board::{DenseSquares, Geometry, Square};

/// The 8 directions of a Frog's line on the 9x9 board: orthogonal steps
/// of two squares (the square between is dark), diagonal steps of one.
pub const DIRECTIONS: [(i32, i32); 8] = [
    (2, 0),
    (-2, 0),
    (0, 2),
    (0, -2),
    (1, 1),
    (-1, 1),
    (1, -1),
    (-1, -1),
];

/// Each square's 8 lines, nearest square first, cut at the edge.
pub(crate) struct Lines {
    index: [[(u16, u8); 8]; SQUARES],
    squares: Vec<u8>,
    /// All squares on any of a square's lines.
    pub reach: [u64; SQUARES],
}

impl Lines {
    pub(crate) fn build(g: &Geometry, dense: &DenseSquares) -> Lines {
        let mut lines = Lines {
            index: [[(0, 0); 8]; SQUARES],
            squares: Vec::new(),
            reach: [0; SQUARES],
        };
        for (i, &from) in dense.squares().iter().enumerate().take(SQUARES) {
            for (d, &(dx, dy)) in DIRECTIONS.iter().enumerate() {
                let start = lines.squares.len() as u16;
                let mut at: Square = from;
                while let Some(next) = g.offset(at, dx, dy) {
                    if let Some(n) = dense.index(next) {
                        lines.squares.push(n);
                        lines.reach[i] |= bit(n);
                    }
                    at = next;
                }
                lines.index[i][d] = (start, (lines.squares.len() - start as usize) as u8);
            }
        }
        lines
    }

    /// The line from dense square `from` in direction `d` (index into
    /// [`DIRECTIONS`]).
    #[inline]
    pub(crate) fn line(&self, from: u8, d: usize) -> &[u8] {
        let (s, n) = self.index[from as usize][d];
        &self.squares[s as usize..s as usize + n as usize]
    }
}

/// The squares a Frog on `from` reaches by its line jump, given the Frog's
/// own pieces `friends` (the Frog itself excluded or not: it is never on
/// its own line).
#[inline]
pub(crate) fn jumps(t: &Tables, from: u8, friends: u64) -> u64 {
    let mut out = 0;
    for d in 0..8 {
        let line = t.frog.line(from, d);
        let mut j = 0;
        while j < line.len() && friends & bit(line[j]) != 0 {
            j += 1;
        }
        if j > 0 && j < line.len() {
            out |= bit(line[j]);
        }
    }
    out
}

/// Whether a Frog among `frogs` (pieces of the side `pieces`) lands on
/// `target` by its line jump: walking from `target` along each line, an
/// unbroken run of `pieces` whose second or later square holds a Frog (the
/// squares before it are the Frog's line of friends).
#[inline]
pub(crate) fn line_attacks(t: &Tables, target: u8, pieces: u64, frogs: u64) -> bool {
    if t.frog.reach[target as usize] & frogs == 0 {
        return false;
    }
    for d in 0..8 {
        let line = t.frog.line(target, d);
        let mut j = 0;
        while j < line.len() && pieces & bit(line[j]) != 0 {
            if j > 0 && frogs & bit(line[j]) != 0 {
                return true;
            }
            j += 1;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cuarenta::tables::{parse_square, square_name};

    fn names(line: &[u8]) -> Vec<String> {
        line.iter().map(|&s| square_name(s)).collect()
    }

    #[test]
    fn lines_step_two_orthogonally_and_one_diagonally() {
        let t = Tables::get();
        let e4 = parse_square("e4").unwrap();
        assert_eq!(names(t.frog.line(e4, 0)), ["g4", "i4"]);
        assert_eq!(names(t.frog.line(e4, 3)), ["e2"]);
        assert_eq!(names(t.frog.line(e4, 4)), ["f5", "g6", "h7", "i8"]);
        assert_eq!(names(t.frog.line(e4, 7)), ["d3", "c2", "b1"]);
    }

    #[test]
    fn jumps_need_at_least_one_friend_and_a_square_beyond() {
        let t = Tables::get();
        let sq = |n: &str| parse_square(n).unwrap();
        let c4 = sq("c4");
        // Friends e4 g4: lands on i4. Friend d5 alone: lands on e6.
        let friends = bit(sq("e4")) | bit(sq("g4")) | bit(sq("d5"));
        assert_eq!(jumps(t, c4, friends), bit(sq("i4")) | bit(sq("e6")));
        // A line running to the edge has no square beyond.
        let friends = bit(sq("e4")) | bit(sq("g4")) | bit(sq("i4"));
        assert_eq!(jumps(t, c4, friends), 0);
        // The reverse walk finds the Frog at the far end of its friends.
        let pieces = bit(sq("e4")) | bit(sq("c4"));
        assert!(line_attacks(t, sq("g4"), pieces, bit(c4)));
        assert!(!line_attacks(t, sq("e4"), pieces, bit(c4)));
    }
}
