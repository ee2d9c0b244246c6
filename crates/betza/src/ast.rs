//! The syntax tree of an XBetza text.

/// The basic step of a move: a leap `(a, b)` with `a >= b`, applied in its
/// (up to) eight symmetric directions.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum Atom {
    /// A named leaper: `W` (1,0), `F` (1,1), `D` (2,0), `N` (2,1), `A` (2,2),
    /// `H` (3,0), `C` (3,1), `Z` (3,2), `G` (3,3).
    Leaper(char),
    /// An arbitrary leaper written `(x,y)` (our extension, e.g. `(3,4)` for
    /// the Antelope and `(1,4)` for the Giraffe).
    Custom(u8, u8),
}

impl Atom {
    /// The leap `(a, b)`, `a >= b`.
    pub fn leap(self) -> (u8, u8) {
        match self {
            Atom::Leaper(c) => match c {
                'W' => (1, 0),
                'F' => (1, 1),
                'D' => (2, 0),
                'N' => (2, 1),
                'A' => (2, 2),
                'H' => (3, 0),
                'C' => (3, 1),
                'Z' => (3, 2),
                _ => (3, 3), // 'G'
            },
            Atom::Custom(x, y) => (x.max(y), x.min(y)),
        }
    }

    /// The kind of geometry, which decides what direction letters mean.
    pub fn kind(self) -> AtomKind {
        let (a, b) = self.leap();
        if b == 0 {
            AtomKind::Orthogonal
        } else if a == b {
            AtomKind::Diagonal
        } else {
            AtomKind::Oblique
        }
    }
}

/// Orthogonal (`W`-like), diagonal (`F`-like) or oblique (`N`-like) atoms.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum AtomKind {
    /// Leaps along ranks and files.
    Orthogonal,
    /// Leaps along diagonals.
    Diagonal,
    /// Leaps like the Knight: eight directions.
    Oblique,
}

/// How far a clause goes.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum Range {
    /// A single leap.
    Leap,
    /// Repeated leaps in one line (`WW`, `NN`, `R`), up to `Some(n)` or the
    /// edge of the board.
    Ride(Option<u8>),
}

/// The continuation of a two-leg move (`a`): after the first step, turn by
/// the relative directions and step once more, or slide (`y`).
#[derive(Clone, PartialEq, Eq, Debug, Hash)]
pub struct Continuation {
    /// Relative turns in eighths of a circle, counter-clockwise positive:
    /// `f` 0, `fl` +1, `fr` -1, `l` +2, `r` -2, `bl` +3, `br` -3, `b` 4.
    pub turns: Vec<i8>,
    /// `y`: the second leg slides on (and the first step is a destination
    /// of its own).
    pub slide: bool,
}

/// One move clause: modifiers, an atom, a range, maybe a second leg.
#[derive(Clone, PartialEq, Eq, Debug, Hash)]
pub struct Clause {
    /// May move to an empty square (`m`, or neither `m` nor `c`).
    pub moves: bool,
    /// May capture (`c`, or neither `m` nor `c`).
    pub captures: bool,
    /// `i`: only as the piece's first move.
    pub initial: bool,
    /// `n`: lame, the squares leapt over must be empty.
    pub lame: bool,
    /// `p`: a hopper (riders only).
    pub hop: bool,
    /// The directions allowed, as leap vectors for the side moving up the
    /// board (sorted); empty means all of the atom's directions.
    pub dirs: Vec<(i8, i8)>,
    /// The atom.
    pub atom: Atom,
    /// Leap or ride.
    pub range: Range,
    /// The second leg, if any.
    pub then: Option<Continuation>,
}

/// A whole piece: its clauses in order.
#[derive(Clone, PartialEq, Eq, Debug, Hash)]
pub struct Betza {
    /// The clauses.
    pub clauses: Vec<Clause>,
}
