//! Move tables: what a piece can reach from each square of one board, for
//! one side. Move generation reads only these tables, never Betza text.

use deckmate_board::{Geometry, Square};

/// Which way "forward" points for the side a table is compiled for.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum Facing {
    /// Forward is towards higher ranks (the first player).
    Up,
    /// Forward is towards lower ranks (the second player).
    Down,
}

/// What a destination square allows: bit [`Mode::MOVE`] to go there when it
/// is empty, bit [`Mode::CAPTURE`] to go there taking an enemy piece.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub struct Mode(pub u8);

impl Mode {
    /// Move to an empty square.
    pub const MOVE: u8 = 1;
    /// Capture an enemy piece.
    pub const CAPTURE: u8 = 2;
    /// Move only.
    pub const MOVE_ONLY: Mode = Mode(1);
    /// Capture only.
    pub const CAPTURE_ONLY: Mode = Mode(2);
    /// Move and capture.
    pub const BOTH: Mode = Mode(3);

    /// Whether the piece may move there when the square is empty.
    #[inline]
    pub const fn can_move(self) -> bool {
        self.0 & Mode::MOVE != 0
    }

    /// Whether the piece may capture an enemy piece standing there.
    #[inline]
    pub const fn can_capture(self) -> bool {
        self.0 & Mode::CAPTURE != 0
    }
}

/// A single jump to one square.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Leap {
    /// The destination.
    pub to: Square,
    /// What the destination allows.
    pub mode: Mode,
    /// Squares that must be empty for the leap (lame leapers, the first leg
    /// of a two-leg step, or the squares before it when it is one square of
    /// a slide that merging cut off); empty for a free leaper.
    pub via: Vec<Square>,
    /// Allowed only as the piece's first move.
    pub initial: bool,
}

/// How a ray is travelled.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum RayKind {
    /// A slider or rider: each square in turn, stopping at the first piece
    /// (which it may capture if the mode allows).
    Slide,
    /// A hopper (cannon-like): the first piece on the ray is the screen; the
    /// piece may land on the empty squares beyond it (if the mode allows
    /// moving) up to and including the next piece (if the mode allows
    /// capturing and that piece is an enemy).
    Hop,
}

/// A line of squares travelled in order.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Ray {
    /// Squares that must be empty before the ray starts (the first step of a
    /// bent rider such as the Gryffon, or the squares before it when merging
    /// cut a slide). These are not destinations of this ray.
    pub via: Vec<Square>,
    /// The squares of the ray in order, nearest first, already cut at the
    /// edge of the board, at holes and at the piece's range.
    pub squares: Vec<Square>,
    /// What each square of the ray allows.
    pub mode: Mode,
    /// Slide or hop.
    pub kind: RayKind,
    /// Allowed only as the piece's first move.
    pub initial: bool,
}

/// Everything a piece can do from one square.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct SquareMoves {
    /// Single jumps, each to its own square.
    pub leaps: Vec<Leap>,
    /// Lines travelled square by square.
    pub rays: Vec<Ray>,
}

/// A piece's moves from every square of a board, for one side.
///
/// What [`compile`](crate::compile) guarantees:
/// - every destination, ray square and `via` square exists on the board;
///   rays are cut at the edge, at the first hole and at the range, and never
///   jump a hole;
/// - a ray's squares lie on one line from the start square (or, for the
///   second leg of a bent rider, from its `via` square), nearest first;
/// - no two entries from one square share a destination with the same
///   conditions (squares that must be empty, first move only): those are
///   merged into one entry whose mode is the union. (One exception: two
///   hopper rays along one line with different ranges and disjoint modes,
///   such as `mpRcpR2`, stay two rays; no move comes from both.);
/// - where the conditions of one entry imply those of another (fewer
///   squares to be empty, not first-move-only unless the other is), the
///   stricter entry does not repeat the modes of the weaker one; a ray that
///   would is cut, its later squares becoming a ray or leap whose `via` holds
///   the squares before them (an exact rewrite: a slider only gets there over
///   empty squares). So `mfWimfR2` compiles like `mfWimfnD`, and the Turtle
///   `Q4DA` has no square twice;
/// - [`MoveTable::overlapping`] is set only if two entries with conditions
///   that can hold together still share a destination and a mode (two
///   different paths, e.g. `nN` and `afsF`); no piece of the shipped games
///   has that.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct MoveTable {
    /// Indexed by [`Square::index`]; squares that do not exist have no moves.
    pub squares: Vec<SquareMoves>,
    /// Whether, from some square, two entries can give the same move (same
    /// destination, both moving or both capturing) at once, by different
    /// paths; a move generator must then drop repeated moves.
    pub overlapping: bool,
}

impl MoveTable {
    /// An empty table (no moves anywhere) for a board.
    pub fn empty(_geometry: &Geometry) -> MoveTable {
        MoveTable {
            squares: vec![SquareMoves::default(); 256],
            overlapping: false,
        }
    }

    /// The moves from `sq`.
    #[inline]
    pub fn from(&self, sq: Square) -> &SquareMoves {
        &self.squares[sq.index()]
    }
}
