//! The seven kinds of piece (RULINGS Q3-Q7) and their letters.

use std::fmt;

/// A kind of piece. The discriminant is the index used in tables and in
/// [`super::Move`]'s promotion field (Bishop 1 .. Frog 5).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Piece {
    /// Q3: royal; one diagonal step, or (move only) two ranks straight.
    King = 0,
    /// Q4: diagonal slider.
    Bishop = 1,
    /// Q4: (1,3) leaper.
    Camel = 2,
    /// Q4: one or two squares diagonally, jumping the first.
    Guard = 3,
    /// Q5: moves as a Bishop, captures over exactly one screen.
    Vao = 4,
    /// Q6: two squares orthogonally, or a jump over a line of friends.
    Frog = 5,
    /// Q7: diagonally forward or two files sideways; never takes a pawn.
    Pawn = 6,
}

impl Piece {
    /// All kinds, in index order.
    pub const ALL: [Piece; 7] = [
        Piece::King,
        Piece::Bishop,
        Piece::Camel,
        Piece::Guard,
        Piece::Vao,
        Piece::Frog,
        Piece::Pawn,
    ];

    /// Q7: what a pawn may become on the last rank, in the order moves are
    /// listed (in the last three ranks only the Camel).
    pub const PROMOTIONS: [Piece; 5] = [
        Piece::Camel,
        Piece::Frog,
        Piece::Guard,
        Piece::Vao,
        Piece::Bishop,
    ];

    /// The index `0..7`.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The kind with index `i`, if `i < 7`.
    pub const fn from_index(i: usize) -> Option<Piece> {
        match i {
            0 => Some(Piece::King),
            1 => Some(Piece::Bishop),
            2 => Some(Piece::Camel),
            3 => Some(Piece::Guard),
            4 => Some(Piece::Vao),
            5 => Some(Piece::Frog),
            6 => Some(Piece::Pawn),
            _ => None,
        }
    }

    /// The letter of the RULINGS: K B C V G F P (upper case).
    pub const fn letter(self) -> char {
        match self {
            Piece::King => 'K',
            Piece::Bishop => 'B',
            Piece::Camel => 'C',
            Piece::Guard => 'G',
            Piece::Vao => 'V',
            Piece::Frog => 'F',
            Piece::Pawn => 'P',
        }
    }

    /// The kind written with `c` (upper case only; lower case letters are
    /// files in the notation and Black's pieces in the position string).
    pub const fn from_letter(c: char) -> Option<Piece> {
        match c {
            'K' => Some(Piece::King),
            'B' => Some(Piece::Bishop),
            'C' => Some(Piece::Camel),
            'G' => Some(Piece::Guard),
            'V' => Some(Piece::Vao),
            'F' => Some(Piece::Frog),
            'P' => Some(Piece::Pawn),
            _ => None,
        }
    }

    /// The name: "King", "Bishop", ...
    pub const fn name(self) -> &'static str {
        match self {
            Piece::King => "King",
            Piece::Bishop => "Bishop",
            Piece::Camel => "Camel",
            Piece::Guard => "Guard",
            Piece::Vao => "Vao",
            Piece::Frog => "Frog",
            Piece::Pawn => "Pawn",
        }
    }

    /// The movement XBetza describes (forward = towards the opponent). The
    /// Frog's line jump (Q6) and "a pawn never takes a pawn" (Q7) are not
    /// XBetza: they are hooks of the rule set ([`super::rules::CuarentaHooks`]).
    pub const fn betza(self) -> &'static str {
        match self {
            // Q3: ferz; move only, two ranks straight (the dark square between
            // is a hole, so this is the adjacent light square).
            Piece::King => "FmvD",
            Piece::Bishop => "B",
            Piece::Camel => "C",
            // Q4: ferz + alfil (the alfil jumps).
            Piece::Guard => "FA",
            // Q5: bishop moves without capturing; captures over one screen.
            Piece::Vao => "mBcpB",
            // Q6: the nearest light square orthogonally (a dabbaba here).
            Piece::Frog => "D",
            // Q7: diagonally forward; the light square two files aside.
            Piece::Pawn => "fFsD",
        }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
