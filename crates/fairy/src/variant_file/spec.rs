//! The checked content of a variant file: plain data, every name resolved
//! to an index, every square to a [`Square`], every XBetza text to a tree
//! that compiles for the board and both facings.

use deckmate_betza::Betza;
use deckmate_board::{Geometry, Square};
use deckmate_rules::Seat;

/// What a piece is to the rules: the core's kinds (`kind = "royal"`,
/// `"piece"`, `"pawn"`). Royal is what [`Win`] is about.
pub use crate::rules::PieceKind;
/// What a stalemated side gets: the core's rule (`stalemate = "draw"`,
/// `"loss"`, `"win"`).
pub use crate::rules::StalemateRule as Stalemate;

/// A variant read from a file and checked: what the fairy-chess core is
/// built from. White is [`Seat::First`] and faces up (its forward is towards
/// the higher ranks); Black is [`Seat::Second`] and faces down.
#[derive(Clone, PartialEq, Debug)]
pub struct VariantSpec {
    /// The variant's name, as the file gives it (trimmed).
    pub name: String,
    /// A line or two about the variant, if the file gives one.
    pub description: Option<String>,
    /// The board: its size and holes (ranks named from 1).
    pub geometry: Geometry,
    /// The pieces, in the file's order; [`Placed::piece`],
    /// [`Promotion::choices`] and [`Castling`] index into this list.
    pub pieces: Vec<PieceSpec>,
    /// The position the game starts from.
    pub setup: Setup,
    /// What wins.
    pub win: Win,
    /// How pawns promote; `None`: they do not.
    pub promotion: Option<Promotion>,
    /// Castling; `None`: there is none.
    pub castling: Option<Castling>,
    /// Whether a pawn that made a move of more than one square may be taken
    /// en passant on any square it crossed, by the enemy's next move.
    pub en_passant: bool,
    /// The draw rules (and the stalemate rule).
    pub draws: Draws,
}

impl VariantSpec {
    /// The piece of a letter as it stands in the setup (upper case White,
    /// by default lower case Black): its index and side.
    pub fn piece_of_letter(&self, letter: char) -> Option<(usize, Seat)> {
        self.pieces.iter().enumerate().find_map(|(i, p)| {
            if p.letters[0] == letter {
                Some((i, Seat::First))
            } else if p.letters[1] == letter {
                Some((i, Seat::Second))
            } else {
                None
            }
        })
    }

    /// The index of the piece with this name.
    pub fn piece_named(&self, name: &str) -> Option<usize> {
        self.pieces.iter().position(|p| p.name == name)
    }
}

/// One kind of piece.
#[derive(Clone, PartialEq, Debug)]
pub struct PieceSpec {
    /// Its name ("Knight", "Gryffon").
    pub name: String,
    /// Its letters in position strings: White's (upper case) and Black's
    /// (the lower case of White's unless the file says otherwise).
    pub letters: [char; 2],
    /// Its movement as the file writes it.
    pub betza_text: String,
    /// Its movement, parsed; it compiles for the board facing either way.
    pub betza: Betza,
    /// Royal, plain piece or pawn.
    pub kind: PieceKind,
    /// What the file says it is worth, in pawns, if it says.
    pub value: Option<f64>,
}

impl PieceSpec {
    /// The letter the piece has on `seat`'s side.
    pub fn letter(&self, seat: Seat) -> char {
        match seat {
            Seat::First => self.letters[0],
            Seat::Second => self.letters[1],
        }
    }
}

/// The position the game starts from, read from the setup string.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Setup {
    /// The setup string as the file writes it (trimmed).
    pub text: String,
    /// The pieces on the board, by square (lowest square first).
    pub placed: Vec<Placed>,
    /// Who moves first.
    pub to_move: Seat,
    /// The castling rights the position starts with.
    pub castling: Vec<(Seat, Wing)>,
    /// The square a pawn just crossed, which may be taken en passant.
    pub en_passant: Option<Square>,
    /// Plies since the last move that resets the n-move rule.
    pub quiet_plies: u32,
    /// The move number, from 1.
    pub move_number: u32,
}

/// A piece standing on a square.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub struct Placed {
    /// Where it stands.
    pub square: Square,
    /// Whose it is.
    pub seat: Seat,
    /// Its kind: an index into [`VariantSpec::pieces`].
    pub piece: usize,
}

/// What wins the game.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum Win {
    /// Checkmate the enemy's royal piece (each side has exactly one); no
    /// move may leave one's own royal piece attacked. File: `"checkmate"`.
    Checkmate,
    /// Capture an enemy royal piece, any one; royal pieces may be left
    /// attacked. File: `"capture"`.
    RoyalCapture,
    /// Capture the enemy's last royal piece; royal pieces may be left
    /// attacked. File: `"extinction"`.
    Extinction,
}

/// How pawns promote.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Promotion {
    /// How many of the farthest ranks (seen from each side) make the zone.
    pub zone: u8,
    /// What a pawn may become: indices into [`VariantSpec::pieces`].
    pub choices: Vec<usize>,
    /// `true`: a pawn that ends a move in the zone must promote. `false`: it
    /// may promote or stay a pawn, except on the last rank, where it must.
    pub compulsory: bool,
}

impl Promotion {
    /// Whether `square` is in `seat`'s promotion zone on a board of
    /// `ranks` ranks.
    pub fn in_zone(&self, seat: Seat, square: Square, ranks: u8) -> bool {
        match seat {
            Seat::First => square.rank() + self.zone >= ranks,
            Seat::Second => square.rank() < self.zone,
        }
    }
}

/// Castling: a royal piece and a partner move at once, both on one rank.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Castling {
    /// The piece that castles (an index into [`VariantSpec::pieces`]).
    pub piece: usize,
    /// What it may castle with.
    pub partners: Partners,
    /// White's castling moves, at most one per [`Wing`]; Black's are
    /// [`CastlingMove::for_seat`].
    pub moves: Vec<CastlingMove>,
}

/// The pieces one may castle with.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Partners {
    /// Whatever piece (not royal, not a pawn) stands on the partner's
    /// square (Dealer's Chess, RULINGS D5). File: `with = ["any"]`.
    Any,
    /// These kinds (indices into [`VariantSpec::pieces`]).
    Pieces(Vec<usize>),
}

/// Which way a castling move goes: where the partner stands, seen from the
/// castling piece. The position string writes the rights `K`/`Q` (White)
/// and `k`/`q` (Black), as in FEN.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
pub enum Wing {
    /// The partner stands on a higher file (chess's king side): `K`, `k`.
    High,
    /// The partner stands on a lower file (chess's queen side): `Q`, `q`.
    Low,
}

impl Wing {
    /// The letter of this right for `seat` in the position string.
    pub fn letter(self, seat: Seat) -> char {
        match (self, seat) {
            (Wing::High, Seat::First) => 'K',
            (Wing::Low, Seat::First) => 'Q',
            (Wing::High, Seat::Second) => 'k',
            (Wing::Low, Seat::Second) => 'q',
        }
    }
}

/// One castling move, as squares. The castling piece goes `from` -> `to`
/// and the partner `partner_from` -> `partner_to`, all four on one rank.
/// It needs both pieces unmoved (the right in the position), every square
/// between each piece and its destination empty but for the two pieces,
/// and (under [`Win::Checkmate`]) the royal piece not in check and not
/// crossing or landing on an attacked square.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub struct CastlingMove {
    /// Which right it uses.
    pub wing: Wing,
    /// Where the castling piece starts.
    pub from: Square,
    /// Where it lands.
    pub to: Square,
    /// Where the partner starts.
    pub partner_from: Square,
    /// Where the partner lands.
    pub partner_to: Square,
}

impl CastlingMove {
    /// The move for `seat`: White's as written, Black's mirrored to the
    /// other side of the board (same files, rank `r` to `ranks - 1 - r`).
    pub fn for_seat(&self, seat: Seat, ranks: u8) -> CastlingMove {
        match seat {
            Seat::First => *self,
            Seat::Second => CastlingMove {
                wing: self.wing,
                from: mirror(self.from, ranks),
                to: mirror(self.to, ranks),
                partner_from: mirror(self.partner_from, ranks),
                partner_to: mirror(self.partner_to, ranks),
            },
        }
    }
}

/// The square on the same file, the same distance from the other edge.
pub(super) fn mirror(sq: Square, ranks: u8) -> Square {
    Square((ranks.saturating_sub(1).saturating_sub(sq.rank())) * 16 + sq.file())
}

/// How games are drawn, and what stalemate means.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Draws {
    /// The n-move rule: a draw once each side has made this many moves (2n
    /// plies) with nothing that resets the count; 0: no such rule.
    pub move_rule: u32,
    /// What resets the n-move count.
    pub resets: Resets,
    /// A draw when the same position (same pieces on the same squares, same
    /// side to move, same castling rights, an en passant square only when
    /// a capture there is legal: FIDE's) has stood this many times; 0:
    /// never.
    pub repetition: u32,
    /// What a side with no legal move, not in check, gets.
    pub stalemate: Stalemate,
    /// Material with which neither side can win (a draw at once): pairs
    /// of the two sides' pieces, indices into [`VariantSpec::pieces`]
    /// sorted, the royal included; a pair matches either way round.
    /// File: `insufficient = [["K", "K"], ["KN", "K"]]`.
    pub insufficient: Vec<[Vec<usize>; 2]>,
    /// Pieces bound to squares of one colour (indices into
    /// [`VariantSpec::pieces`]) that cannot win when nothing else stands
    /// beside the royal pieces and all of them stand on squares of one
    /// colour (FIDE's bishops). File: `insufficient_one_colour = ["B"]`.
    pub insufficient_one_colour: Vec<usize>,
}

/// What resets the n-move count.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash, Default)]
pub struct Resets {
    /// Any capture.
    pub capture: bool,
    /// Any pawn move.
    pub pawn: bool,
    /// A promotion.
    pub promotion: bool,
}
