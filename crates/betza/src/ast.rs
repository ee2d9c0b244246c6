//! The syntax tree of an XBetza text.
//!
//! The tree is *normalised*: compounds are split into their atoms (`K` is a
//! `W` clause and an `F` clause), synonyms are resolved (`L` is `C`, `(2,1)`
//! is `N`, `WW` and `W0` are the same ride) and direction letters are kept as
//! the set of leap vectors they select. So two texts that spell the same moves
//! the same way give equal trees, and the canonical printer
//! ([`crate::print`]) can print any tree back to a text that parses to it.

/// A leap `(long, short)` with `long >= short`, `long >= 1`, both at most
/// 15, applied in its (up to) eight symmetric directions.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
pub struct Atom {
    long: u8,
    short: u8,
}

/// The named atoms, by letter. `L` and `J` are XBetza's synonyms for the
/// Camel `C` and the Zebra `Z`.
const NAMED: [(char, u8, u8); 9] = [
    ('W', 1, 0),
    ('F', 1, 1),
    ('D', 2, 0),
    ('N', 2, 1),
    ('A', 2, 2),
    ('H', 3, 0),
    ('C', 3, 1),
    ('Z', 3, 2),
    ('G', 3, 3),
];

impl Atom {
    /// Wazir (1,0).
    pub const W: Atom = Atom { long: 1, short: 0 };
    /// Ferz (1,1).
    pub const F: Atom = Atom { long: 1, short: 1 };
    /// Dabbaba (2,0).
    pub const D: Atom = Atom { long: 2, short: 0 };
    /// Knight (2,1).
    pub const N: Atom = Atom { long: 2, short: 1 };
    /// Alfil (2,2).
    pub const A: Atom = Atom { long: 2, short: 2 };
    /// Threeleaper (3,0).
    pub const H: Atom = Atom { long: 3, short: 0 };
    /// Camel (3,1).
    pub const C: Atom = Atom { long: 3, short: 1 };
    /// Zebra (3,2).
    pub const Z: Atom = Atom { long: 3, short: 2 };
    /// Tripper (3,3).
    pub const G: Atom = Atom { long: 3, short: 3 };

    /// The leap `(x, y)` in either order; `None` unless both are at most 15
    /// and not both 0.
    pub const fn new(x: u8, y: u8) -> Option<Atom> {
        if x > 15 || y > 15 || (x == 0 && y == 0) {
            return None;
        }
        if x >= y {
            Some(Atom { long: x, short: y })
        } else {
            Some(Atom { long: y, short: x })
        }
    }

    /// The atom a capital letter names (`W F D N A H C Z G`, and the
    /// synonyms `L` = `C`, `J` = `Z`).
    pub fn from_letter(c: char) -> Option<Atom> {
        let c = match c {
            'L' => 'C',
            'J' => 'Z',
            c => c,
        };
        NAMED
            .iter()
            .find(|(n, _, _)| *n == c)
            .map(|&(_, long, short)| Atom { long, short })
    }

    /// The letter that names this atom, if it has one.
    pub fn letter(self) -> Option<char> {
        NAMED
            .iter()
            .find(|(_, l, s)| (*l, *s) == (self.long, self.short))
            .map(|(c, _, _)| *c)
    }

    /// The leap `(long, short)`, `long >= short`.
    pub const fn leap(self) -> (u8, u8) {
        (self.long, self.short)
    }

    /// The kind of geometry, which decides what direction letters mean.
    pub const fn kind(self) -> AtomKind {
        if self.short == 0 {
            AtomKind::Orthogonal
        } else if self.long == self.short {
            AtomKind::Diagonal
        } else {
            AtomKind::Oblique
        }
    }
}

/// Orthogonal (`W`-like), diagonal (`F`-like) or oblique (`N`-like) atoms.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum AtomKind {
    /// Leaps along ranks and files: four directions.
    Orthogonal,
    /// Leaps along diagonals: four directions.
    Diagonal,
    /// Leaps like the Knight: eight directions.
    Oblique,
}

/// How far a clause goes.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum Range {
    /// A single leap (`N`, or `N1`).
    Leap,
    /// Repeated leaps in one line (`NN`, `N0`, `R`; `R4`, `N3`), up to
    /// `Some(n)` leaps (2..=15) or to the edge of the board.
    Ride(Option<u8>),
}

/// The second leg of a two-leg move (XBetza's `a`): after the first step,
/// turn and go on.
#[derive(Clone, PartialEq, Eq, Debug, Hash)]
pub struct Continuation {
    /// Turns relative to the first step, in eighths of a circle,
    /// counter-clockwise positive, sorted, each in `-3..=3`: `f` 0, `fl` +1,
    /// `fr` -1, `l` +2, `r` -2, `bl` +3, `br` -3. An odd turn changes an
    /// orthogonal atom into the diagonal one of the same length and back
    /// (`W`/`F`, `D`/`A`, `H`/`G`), as in XBetza.
    pub turns: Vec<i8>,
    /// XBetza's `y` on the first leg: the second leg slides on (the atom's
    /// rider) instead of making one step.
    pub slide: bool,
}

/// One move clause: modifiers, an atom, a range, maybe a second leg.
///
/// For a two-leg clause the first leg must stop on an empty square (XBetza's
/// default `m` for a leg that is not the last); `moves` and `captures` are
/// then those of the last leg.
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
    /// The (first step's) directions allowed, as leap vectors for the side
    /// moving up the board, sorted; empty means all of the atom's
    /// directions.
    pub dirs: Vec<(i8, i8)>,
    /// The atom.
    pub atom: Atom,
    /// Leap or ride.
    pub range: Range,
    /// The second leg, if any.
    pub then: Option<Continuation>,
}

impl Clause {
    /// A plain clause: the atom in all directions, moving and capturing.
    pub fn plain(atom: Atom, range: Range) -> Clause {
        Clause {
            moves: true,
            captures: true,
            initial: false,
            lame: false,
            hop: false,
            dirs: Vec::new(),
            atom,
            range,
            then: None,
        }
    }
}

/// A whole piece: its clauses in the order written.
#[derive(Clone, PartialEq, Eq, Debug, Hash)]
pub struct Betza {
    /// The clauses.
    pub clauses: Vec<Clause>,
}
