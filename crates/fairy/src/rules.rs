//! A chess-like game as data: the unchecked [`Variant`] a game or a file
//! describes, and the [`RuleSet`] it becomes once every part is checked and
//! every piece's XBetza is compiled for the board and both sides.
//!
//! What XBetza cannot say is asked of the rule set's [`Hooks`]; a game
//! that needs none (chess) uses [`NoHooks`].

use super::set::Set256;
use super::tables::Tables;
use deckmate_betza::{compile, parse, Betza, BetzaError, Facing, MoveTable};
use deckmate_board::{Geometry, RankStyle, Square};
use deckmate_rules::{PositionError, Seat};
use std::fmt;
use std::sync::Arc;

/// The most kinds of piece a rule set may have (both sides together: a
/// kind is one letter, played by either side).
pub const MAX_KINDS: usize = 32;

/// The most castlings a rule set may have (both sides together).
pub const MAX_CASTLINGS: usize = 8;

/// What a piece is to the rules.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum PieceKind {
    /// The piece the game is won by mating or taking (the King).
    Royal,
    /// An ordinary piece.
    Piece,
    /// A pawn: it promotes, may capture en passant and be captured so, and
    /// its moves can reset the quiet-move count.
    Pawn,
}

/// One kind of piece, as a game describes it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PieceSpec {
    /// Its name ("Knight").
    pub name: String,
    /// Its letter, in the position string (upper case for the first side,
    /// lower case for the second) and in move notation (upper case).
    pub letter: char,
    /// How it moves, in XBetza (compiled by `deckmate-betza`).
    pub betza: String,
    /// Royal, piece or pawn.
    pub kind: PieceKind,
    /// A hint of its worth in centipawns, for evaluations (`None`: to be
    /// estimated).
    pub value: Option<i32>,
}

impl PieceSpec {
    /// A piece with no value hint.
    pub fn new(name: &str, letter: char, betza: &str, kind: PieceKind) -> PieceSpec {
        PieceSpec {
            name: name.to_string(),
            letter,
            betza: betza.to_string(),
            kind,
            value: None,
        }
    }

    /// The same piece with a value hint.
    pub fn valued(mut self, value: i32) -> PieceSpec {
        self.value = Some(value);
        self
    }
}

/// How the game is won.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum WinCondition {
    /// Checkmate of the royal piece: a move may never leave one's own royal
    /// attacked, and a side with no legal move while attacked loses. Each
    /// side has exactly one royal piece.
    Checkmate,
    /// Capture of the royal: moves ignore the royal's safety, and a side
    /// whose last royal piece is taken loses.
    CaptureRoyal,
}

/// Where pawns promote and to what.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PromotionZone {
    /// The zone is the last `ranks` ranks, seen from each side (1: the last
    /// rank only).
    pub ranks: u8,
    /// The letters of the pieces a pawn may become there. A square in
    /// several zones offers the choices of all of them.
    pub choices: Vec<char>,
}

/// Promotion of pawns.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Promotion {
    /// The zones (none: pawns never promote).
    pub zones: Vec<PromotionZone>,
    /// Whether a pawn that ends its move in a zone must promote (chess);
    /// otherwise it may also stay a pawn (Cuarenta).
    pub compulsory: bool,
}

/// When castling is safe.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum CastlingSafety {
    /// The royal may not castle out of, through or into an attacked square
    /// (FIDE).
    Path,
    /// Only the royal's destination must be safe: castling is allowed in
    /// check and across attacked squares (Cuarenta, Q8).
    Destination,
}

/// One castling: the royal and a partner move together.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct CastlingSpec {
    /// The side that castles.
    pub seat: Seat,
    /// Its letter in the position string's castling field (`K`, `q`: the
    /// case is the side's).
    pub letter: char,
    /// How the move is written (`O-O`, `O-O-O`).
    pub notation: String,
    /// Where the royal stands.
    pub king_from: Square,
    /// Where the royal lands.
    pub king_to: Square,
    /// Where the partner stands.
    pub partner_from: Square,
    /// Where the partner lands.
    pub partner_to: Square,
    /// The letters of the pieces that may be the partner; empty: whatever
    /// non-royal piece of the side stands there (Dealer's Chess, D5).
    pub partners: Vec<char>,
    /// When it is safe.
    pub safety: CastlingSafety,
}

/// What a stalemated side (no legal move, royal not attacked) gets.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum StalemateRule {
    /// A draw (chess).
    Draw,
    /// The stalemated side loses.
    Loss,
    /// The stalemated side wins.
    Win,
}

/// When the en passant squares make a position differ from the same
/// placement without them, for repetition.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum EnPassantIdentity {
    /// Only when the side to move has a legal en passant capture: FIDE's
    /// rule, positions are the same when the same moves are possible
    /// (chess, variant files, Dealer's Chess D1).
    WhenCapturable,
    /// After every move that crossed squares, whether or not a capture
    /// there is possible (52Chess F8).
    Always,
}

/// Material with which neither side can ever win: a position with it is
/// drawn at once (FIDE's dead positions K v K, K+B v K, K+N v K, and
/// bishops all on squares of one colour). Empty: no such draw.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct DeadMaterial {
    /// Pairs of material, each side's pieces as their letters, the royal
    /// included, in any order (`["KN", "K"]`); a pair matches when one
    /// side has exactly the one and the other exactly the other, either
    /// way round, with nothing in either hand.
    pub pairs: Vec<[String; 2]>,
    /// The letters of colour-bound pieces (the Bishop) that cannot win
    /// when they are all that stands on the board beside the royal pieces
    /// (any number of them, either side's) and all stand on squares of one
    /// colour, with nothing in either hand.
    pub one_colour: Vec<char>,
}

impl DeadMaterial {
    /// Whether it declares nothing.
    pub fn is_empty(&self) -> bool {
        self.pairs.is_empty() && self.one_colour.is_empty()
    }
}

/// [`DeadMaterial`] checked against the pieces: counts per kind.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub(crate) struct DeadCheck {
    /// Each pair: per side of the pair, how many of each kind.
    pub pairs: Vec<[Vec<u8>; 2]>,
    /// The kinds of [`DeadMaterial::one_colour`], as bits.
    pub one_colour: u32,
}

impl DeadCheck {
    /// Whether nothing is declared.
    pub fn is_empty(&self) -> bool {
        self.pairs.is_empty() && self.one_colour == 0
    }
}

/// The rules that end a game in a draw (or by stalemate).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct DrawRules {
    /// Plies in a row without a capture (or a pawn move, see
    /// `pawn_moves_reset`) that draw at once (chess: 100, the fifty-move
    /// rule); `None`: no such rule.
    pub quiet_limit: Option<u32>,
    /// Whether a pawn's move resets that count, as a capture always does.
    pub pawn_moves_reset: bool,
    /// Whether a promotion resets it (chess, Cuarenta; not 52Chess, F8).
    pub promotions_reset: bool,
    /// How many times the same position (placement, side to move, castling
    /// rights, en passant squares as `en_passant_identity` says, unmoved
    /// pieces) must occur to draw at once; `None`: never.
    pub repetition: Option<u32>,
    /// When en passant squares count in a position's identity.
    pub en_passant_identity: EnPassantIdentity,
    /// What stalemate gives.
    pub stalemate: StalemateRule,
    /// Whether a position in which both sides have nothing but royal pieces
    /// is a draw at once.
    pub bare_royals: bool,
    /// Material that cannot win: a draw at once (checkmate and stalemate
    /// come first).
    pub dead_material: DeadMaterial,
}

/// Hands: pieces held off the board, dropped onto it as a move.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Hands {
    /// Whether a captured piece goes to the capturer's hand, to be dropped
    /// for the capturer (crazyhouse, shogi). Otherwise the hands hold only
    /// what the position string gives them.
    pub captures_to_hand: bool,
    /// Whether a promoted piece, once captured, goes to the hand as a pawn
    /// (the rule set's first pawn kind).
    pub demote: bool,
    /// A pawn may not be dropped on its side's first `pawn_first_ranks`
    /// ranks (crazyhouse: 1) ...
    pub pawn_first_ranks: u8,
    /// ... nor on its last `pawn_last_ranks` (crazyhouse: 1). Further
    /// restrictions: [`Hooks::may_drop`].
    pub pawn_last_ranks: u8,
}

/// A chess-like game described as data, before it is checked: see
/// [`RuleSet::new`].
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Variant {
    /// Its name ("Chess").
    pub name: String,
    /// A line or two about it, for the lobby and the rules text: a variant
    /// file's `description`; `None` for the games built in code.
    pub description: Option<String>,
    /// The board (up to 16x16, with holes).
    pub geometry: Geometry,
    /// The kinds of piece.
    pub pieces: Vec<PieceSpec>,
    /// The start, as a position string (see [`super::fen`]).
    pub start: String,
    /// How it is won.
    pub win: WinCondition,
    /// Pawns' promotion.
    pub promotion: Promotion,
    /// The castlings of both sides.
    pub castling: Vec<CastlingSpec>,
    /// Whether a pawn that crosses squares in a move (a double step) may
    /// be taken en passant on any of them, on the next move only, by an
    /// enemy pawn that could capture there.
    pub en_passant: bool,
    /// The draws.
    pub draws: DrawRules,
    /// Whether move notation writes a pawn's letter (`Pe4`, Cuarenta) or
    /// not (`e4`, chess).
    pub san_pawn_letter: bool,
    /// Whether the position string has an en passant field (chess: six
    /// fields); without it the string has five (Cuarenta, a game without
    /// en passant).
    pub en_passant_field: bool,
    /// Examples of moves, for a text that is not one (`None`: chess's,
    /// `e4, Nf3, exd5, O-O, e8=Q, e2e4`).
    pub move_examples: Option<String>,
    /// Hands and drops, if the game has them (the start's hands are in its
    /// position string, `[...]` after the placement).
    pub hands: Option<Hands>,
}

/// What XBetza cannot say, asked by the core where a rule needs it. Every
/// method has a default that changes nothing.
pub trait Hooks: Send + Sync + fmt::Debug {
    /// The directions of a kind's line jump, a move XBetza cannot say
    /// (Cuarenta Q6, the Frog): in each direction, given as `(files,
    /// ranks)` steps seen from the first side (the second side's are
    /// mirrored), over an unbroken line of one or more of the piece's own
    /// pieces, to the next square beyond, empty or enemy (a capture, unless
    /// [`Hooks::may_capture`] forbids it). An enemy piece, a hole or the
    /// edge ends the line. Asked once per kind when the rule set is
    /// compiled; the jumps are moves and attacks like any other (none by
    /// default).
    fn line_jumps(&self, piece: &Piece) -> Vec<(i8, i8)> {
        let _ = piece;
        Vec::new()
    }

    /// Whether a piece of kind `mover` may capture one of kind `victim`
    /// (Cuarenta Q7: a pawn never takes a pawn). Asked once per pair of
    /// kinds when the rule set is compiled: a capture forbidden here is
    /// neither a move nor an attack.
    fn may_capture(&self, mover: &Piece, victim: &Piece) -> bool {
        let _ = (mover, victim);
        true
    }

    /// Whether `seat` may use castling number `castling` now that the
    /// board allows it, given the castling rights (bit `i` for castling
    /// `i`) (Cuarenta Q8: White waits until Black has castled or lost the
    /// right).
    fn may_castle(&self, seat: Seat, castling: usize, rights: u8) -> bool {
        let _ = (seat, castling, rights);
        true
    }

    /// The words for a rule the core refuses a move by (`None`: the core's
    /// own, general words).
    fn explain(&self, refusal: &Refusal<'_>) -> Option<String> {
        let _ = refusal;
        None
    }

    /// Whether a piece of kind `piece` of `seat` standing on `square` may
    /// make its first-move-only moves (XBetza `i`) there whether or not it
    /// has moved (52Chess F6: a pawn double-steps from its 2nd and 4th
    /// ranks however it got there). Asked once per side, kind and square
    /// when the rule set is compiled; `false` keeps the rule of unmoved
    /// pieces.
    fn initial_from(&self, seat: Seat, piece: &Piece, square: Square) -> bool {
        let _ = (seat, piece, square);
        false
    }

    /// Whether `seat` may drop a piece of kind `piece` on `square` (beyond
    /// the pawn ranks of [`Hands`]). Asked once per side, kind and square
    /// when the rule set is compiled: rules that depend on the position
    /// (shogi's two pawns on a file, mate by a pawn drop) are still to come.
    fn may_drop(&self, seat: Seat, piece: &Piece, square: Square) -> bool {
        let _ = (seat, piece, square);
        true
    }
}

/// A rule the core explains when it refuses a move. A game may word it
/// its own way, with its ruling's tag, by [`Hooks::explain`].
#[non_exhaustive]
#[derive(Copy, Clone, Debug)]
pub enum Refusal<'a> {
    /// `side` ("White") has lost the right to castle.
    CastlingRight {
        /// The side's name.
        side: &'a str,
    },
    /// [`Hooks::may_castle`] refused `side`'s castling number `castling`.
    CastlingNotYet {
        /// The side's name.
        side: &'a str,
        /// The castling's index in [`RuleSet::castling`].
        castling: usize,
    },
    /// `side`'s royal would cross or land on an attacked square.
    CastlingUnsafe {
        /// The side's name.
        side: &'a str,
        /// How the castling is written.
        notation: &'a str,
    },
    /// [`Hooks::may_capture`] forbids `mover` to take `victim`.
    Capture {
        /// The capturing kind.
        mover: &'a Piece,
        /// The kind it may not take.
        victim: &'a Piece,
    },
    /// What a pawn may become, and where.
    Promotion,
}

/// The hooks of a game XBetza describes completely.
#[derive(Copy, Clone, Debug, Default)]
pub struct NoHooks;

impl Hooks for NoHooks {}

/// A kind of piece of a checked rule set, with its movement compiled.
#[non_exhaustive]
#[derive(Clone, Debug)]
pub struct Piece {
    /// Its name.
    pub name: String,
    /// Its letter, upper case.
    pub letter: char,
    /// Its movement as read.
    pub betza: Betza,
    /// Royal, piece or pawn.
    pub kind: PieceKind,
    /// Its value hint.
    pub value: Option<i32>,
    /// Its moves for the first side (facing up) and the second (facing
    /// down).
    pub tables: [MoveTable; 2],
}

/// A checked castling.
#[non_exhaustive]
#[derive(Clone, Debug)]
pub struct Castling {
    /// The side.
    pub seat: Seat,
    /// Its letter in the position string, in the side's case.
    pub letter: char,
    /// How it is written.
    pub notation: String,
    /// The royal's square.
    pub king_from: Square,
    /// The royal's destination.
    pub king_to: Square,
    /// The partner's square.
    pub partner_from: Square,
    /// The partner's destination.
    pub partner_to: Square,
    /// The kinds (indices into [`RuleSet::pieces`]) that may be the
    /// partner; empty: any non-royal piece.
    pub partners: Vec<usize>,
    /// When it is safe.
    pub safety: CastlingSafety,
}

/// A checked promotion zone, with its choices as kinds.
#[non_exhaustive]
#[derive(Clone, Debug)]
pub struct Zone {
    /// The last `ranks` ranks of each side.
    pub ranks: u8,
    /// The kinds a pawn may become.
    pub choices: Vec<usize>,
}

/// A chess-like game's rules, checked: build it with [`RuleSet::new`] and
/// share it (`Arc`) between positions.
#[non_exhaustive]
#[derive(Clone, Debug)]
pub struct RuleSet {
    /// Its name.
    pub name: String,
    /// The board.
    pub geometry: Geometry,
    /// The kinds of piece, in the order given (a kind's index is its
    /// number everywhere).
    pub pieces: Vec<Piece>,
    /// The start position string.
    pub start: String,
    /// How it is won.
    pub win: WinCondition,
    /// The promotion zones.
    pub zones: Vec<Zone>,
    /// Whether promotion is compulsory in the zones.
    pub promotion_compulsory: bool,
    /// The castlings.
    pub castling: Vec<Castling>,
    /// Whether en passant is played.
    pub en_passant: bool,
    /// The draws.
    pub draws: DrawRules,
    /// Whether notation writes pawns' letters.
    pub san_pawn_letter: bool,
    /// Whether the position string has an en passant field.
    pub en_passant_field: bool,
    /// Examples of moves, for a text that is not one.
    pub move_examples: Option<String>,
    /// Hands and drops.
    pub hands: Option<Hands>,
    /// The hooks.
    pub hooks: Arc<dyn Hooks>,
    /// `draws.dead_material` as kinds.
    pub(crate) dead: DeadCheck,
}

/// Why a [`Variant`] is not a valid rule set.
#[non_exhaustive]
#[derive(Clone, PartialEq, Debug)]
pub enum RuleError {
    /// No kinds of piece.
    NoPieces,
    /// More kinds of piece than [`MAX_KINDS`].
    TooManyPieces {
        /// How many were given.
        count: usize,
    },
    /// A piece's letter is not an ASCII letter.
    Letter {
        /// The piece.
        piece: String,
        /// Its letter.
        letter: char,
    },
    /// Two pieces share a letter (case does not tell pieces apart).
    DuplicateLetter {
        /// The letter.
        letter: char,
        /// The first piece with it.
        first: String,
        /// The second.
        second: String,
    },
    /// A piece's XBetza does not read or cannot be played exactly.
    Betza {
        /// The piece.
        piece: String,
        /// Its XBetza.
        text: String,
        /// Why, with the byte position.
        error: BetzaError,
    },
    /// A piece has two different paths to one square (the move generator
    /// would count the move twice).
    Overlapping {
        /// The piece.
        piece: String,
        /// Its XBetza.
        text: String,
    },
    /// The game is won on a royal piece, but there is no royal kind.
    NoRoyal,
    /// The promotion rules are wrong.
    Promotion {
        /// Why.
        why: String,
    },
    /// A castling is wrong.
    Castling {
        /// Its letter.
        letter: char,
        /// Why.
        why: String,
    },
    /// The hands are wrong.
    Hands {
        /// Why.
        why: String,
    },
    /// The draw rules are wrong.
    Draws {
        /// Why.
        why: String,
    },
    /// How the game is written does not fit its rules.
    Notation {
        /// Why.
        why: String,
    },
    /// The start position does not read or is not valid.
    Start(PositionError),
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RuleError::NoPieces => f.write_str("the game has no pieces"),
            RuleError::TooManyPieces { count } => write!(
                f,
                "the game has {count} kinds of piece; at most {MAX_KINDS} are played"
            ),
            RuleError::Letter { piece, letter } => {
                write!(f, "the {piece}'s letter '{letter}' is not a letter A-Z")
            }
            RuleError::DuplicateLetter {
                letter,
                first,
                second,
            } => write!(f, "the {first} and the {second} share the letter {letter}"),
            RuleError::Betza { piece, text, error } => {
                write!(f, "the {piece}'s movement '{text}': {error}")
            }
            RuleError::Overlapping { piece, text } => write!(
                f,
                "the {piece}'s movement '{text}' reaches one square by two different paths"
            ),
            RuleError::NoRoyal => {
                f.write_str("the game is won on a royal piece, but none is royal")
            }
            RuleError::Promotion { why } => write!(f, "promotion: {why}"),
            RuleError::Castling { letter, why } => write!(f, "castling {letter}: {why}"),
            RuleError::Hands { why } => write!(f, "hands: {why}"),
            RuleError::Draws { why } => write!(f, "draw rules: {why}"),
            RuleError::Notation { why } => write!(f, "notation: {why}"),
            RuleError::Start(e) => write!(f, "the start position: {e}"),
        }
    }
}

impl std::error::Error for RuleError {}

fn facing(seat: Seat) -> Facing {
    match seat {
        Seat::First => Facing::Up,
        Seat::Second => Facing::Down,
    }
}

/// Whether every move of a piece (White's, on this board) keeps to the
/// colour of its square: a piece [`DeadMaterial::one_colour`] may name.
pub(crate) fn colour_bound(piece: &Piece, geometry: &Geometry) -> bool {
    let colour = |sq: Square| (sq.file() + sq.rank()) % 2;
    geometry.squares().iter().all(|sq| {
        let m = piece.tables[0].from(sq);
        m.leaps.iter().all(|l| colour(l.to) == colour(sq))
            && m.rays
                .iter()
                .all(|r| r.squares.iter().all(|&t| colour(t) == colour(sq)))
    })
}

/// Checks dead material against the pieces.
fn dead_check(
    dead: &DeadMaterial,
    pieces: &[Piece],
    geometry: &Geometry,
) -> Result<DeadCheck, RuleError> {
    let bad = |why: String| RuleError::Draws { why };
    let kind_of = |c: char| {
        pieces
            .iter()
            .position(|p| p.letter == c.to_ascii_uppercase())
    };
    let mut out = DeadCheck::default();
    for pair in &dead.pairs {
        let mut sides: [Vec<u8>; 2] = [vec![0; pieces.len()], vec![0; pieces.len()]];
        for (text, counts) in pair.iter().zip(sides.iter_mut()) {
            if text.is_empty() {
                return Err(bad("dead material: a side's material is empty".to_string()));
            }
            for c in text.chars() {
                let k = kind_of(c).ok_or_else(|| {
                    bad(format!(
                        "dead material \"{text}\": no piece has the letter {c}"
                    ))
                })?;
                counts[k] = counts[k].saturating_add(1);
            }
            if !counts
                .iter()
                .zip(pieces)
                .any(|(&n, p)| n > 0 && p.kind == PieceKind::Royal)
            {
                return Err(bad(format!("dead material \"{text}\" has no royal piece")));
            }
        }
        out.pairs.push(sides);
    }
    for &c in &dead.one_colour {
        let k = kind_of(c).ok_or_else(|| {
            bad(format!(
                "dead material on one colour: no piece has the letter {c}"
            ))
        })?;
        let p = &pieces[k];
        if p.kind != PieceKind::Piece {
            return Err(bad(format!(
                "dead material on one colour: the {} is not a plain piece",
                p.name
            )));
        }
        if !colour_bound(p, geometry) {
            return Err(bad(format!(
                "dead material on one colour: the {} changes the colour of its square",
                p.name
            )));
        }
        out.one_colour |= 1 << k;
    }
    Ok(out)
}

impl RuleSet {
    /// Checks a variant and compiles its pieces; no hooks.
    pub fn new(variant: Variant) -> Result<Arc<RuleSet>, RuleError> {
        RuleSet::with_hooks(variant, Arc::new(NoHooks))
    }

    /// Checks a variant and compiles its pieces, with the game's hooks.
    pub fn with_hooks(variant: Variant, hooks: Arc<dyn Hooks>) -> Result<Arc<RuleSet>, RuleError> {
        let v = variant;
        if v.pieces.is_empty() {
            return Err(RuleError::NoPieces);
        }
        if v.pieces.len() > MAX_KINDS {
            return Err(RuleError::TooManyPieces {
                count: v.pieces.len(),
            });
        }
        let mut pieces: Vec<Piece> = Vec::with_capacity(v.pieces.len());
        for p in &v.pieces {
            if !p.letter.is_ascii_alphabetic() {
                return Err(RuleError::Letter {
                    piece: p.name.clone(),
                    letter: p.letter,
                });
            }
            let letter = p.letter.to_ascii_uppercase();
            if let Some(q) = pieces.iter().find(|q| q.letter == letter) {
                return Err(RuleError::DuplicateLetter {
                    letter,
                    first: q.name.clone(),
                    second: p.name.clone(),
                });
            }
            let betza_error = |error| RuleError::Betza {
                piece: p.name.clone(),
                text: p.betza.clone(),
                error,
            };
            let betza = parse(&p.betza).map_err(betza_error)?;
            let up = compile(&betza, &v.geometry, Facing::Up).map_err(betza_error)?;
            let down = compile(&betza, &v.geometry, Facing::Down).map_err(betza_error)?;
            if up.overlapping || down.overlapping {
                return Err(RuleError::Overlapping {
                    piece: p.name.clone(),
                    text: p.betza.clone(),
                });
            }
            pieces.push(Piece {
                name: p.name.clone(),
                letter,
                betza,
                kind: p.kind,
                value: p.value,
                tables: [up, down],
            });
        }
        if !pieces.iter().any(|p| p.kind == PieceKind::Royal) {
            return Err(RuleError::NoRoyal);
        }
        let kind_of = |c: char| {
            pieces
                .iter()
                .position(|p| p.letter == c.to_ascii_uppercase())
        };
        let mut zones = Vec::new();
        for z in &v.promotion.zones {
            let promo = |why: String| RuleError::Promotion { why };
            if z.ranks == 0 || z.ranks > v.geometry.ranks() {
                return Err(promo(format!(
                    "a zone of {} ranks on a board of {}",
                    z.ranks,
                    v.geometry.ranks()
                )));
            }
            if z.choices.is_empty() {
                return Err(promo("a zone offers no piece".to_string()));
            }
            let mut choices = Vec::new();
            for &c in &z.choices {
                let k = kind_of(c).ok_or_else(|| promo(format!("no piece has the letter {c}")))?;
                if pieces[k].kind != PieceKind::Piece {
                    return Err(promo(format!(
                        "a pawn may not become a {} (royal or pawn)",
                        pieces[k].name
                    )));
                }
                if !choices.contains(&k) {
                    choices.push(k);
                }
            }
            zones.push(Zone {
                ranks: z.ranks,
                choices,
            });
        }
        if v.castling.len() > MAX_CASTLINGS {
            return Err(RuleError::Castling {
                letter: '-',
                why: format!("at most {MAX_CASTLINGS} castlings are played"),
            });
        }
        let mut castling: Vec<Castling> = Vec::new();
        for c in &v.castling {
            let bad = |why: &str| RuleError::Castling {
                letter: c.letter,
                why: why.to_string(),
            };
            let squares = [c.king_from, c.king_to, c.partner_from, c.partner_to];
            if squares.iter().any(|&s| !v.geometry.contains(s)) {
                return Err(bad("a square is not on the board"));
            }
            if c.king_from == c.partner_from {
                return Err(bad("the royal and its partner start on one square"));
            }
            if c.king_to == c.partner_to {
                return Err(bad("the royal and its partner land on one square"));
            }
            if !c.letter.is_ascii_alphabetic() {
                return Err(bad("its letter is not a letter"));
            }
            let cased = match c.seat {
                Seat::First => c.letter.to_ascii_uppercase(),
                Seat::Second => c.letter.to_ascii_lowercase(),
            };
            if castling.iter().any(|d| d.letter == cased) {
                return Err(bad("two castlings share the letter"));
            }
            if c.notation.is_empty() {
                return Err(bad("it has no notation"));
            }
            let mut partners = Vec::new();
            for &l in &c.partners {
                let k = kind_of(l).ok_or_else(|| bad(&format!("no piece has the letter {l}")))?;
                if pieces[k].kind == PieceKind::Royal {
                    return Err(bad("the partner may not be royal"));
                }
                partners.push(k);
            }
            castling.push(Castling {
                seat: c.seat,
                letter: cased,
                notation: c.notation.clone(),
                king_from: c.king_from,
                king_to: c.king_to,
                partner_from: c.partner_from,
                partner_to: c.partner_to,
                partners,
                safety: c.safety,
            });
        }
        if let Some(h) = &v.hands {
            if u32::from(h.pawn_first_ranks) + u32::from(h.pawn_last_ranks)
                >= u32::from(v.geometry.ranks())
            {
                return Err(RuleError::Hands {
                    why: "pawns could be dropped on no rank".to_string(),
                });
            }
            if h.demote && !pieces.iter().any(|p| p.kind == PieceKind::Pawn) {
                return Err(RuleError::Hands {
                    why: "promoted pieces go back as pawns, but there is no pawn".to_string(),
                });
            }
        }
        if v.draws.repetition.is_some_and(|r| r < 2) {
            return Err(RuleError::Draws {
                why: "a repetition needs the position at least twice".to_string(),
            });
        }
        if v.draws.quiet_limit == Some(0) {
            return Err(RuleError::Draws {
                why: "a quiet-move limit of 0 ends every game at once".to_string(),
            });
        }
        if v.en_passant && !v.en_passant_field {
            return Err(RuleError::Notation {
                why: "en passant is played, but the position string has no en passant field"
                    .to_string(),
            });
        }
        let dead = dead_check(&v.draws.dead_material, &pieces, &v.geometry)?;
        let rules = Arc::new(RuleSet {
            name: v.name,
            geometry: v.geometry,
            pieces,
            start: v.start,
            win: v.win,
            zones,
            promotion_compulsory: v.promotion.compulsory,
            castling,
            en_passant: v.en_passant,
            draws: v.draws,
            san_pawn_letter: v.san_pawn_letter,
            en_passant_field: v.en_passant_field,
            move_examples: v.move_examples,
            hands: v.hands,
            hooks,
            dead,
        });
        // The start must read on the board (the widest sets fit every
        // board).
        let tables = Tables::<Set256>::build(rules.clone());
        super::fen::parse(&Arc::new(tables), &rules.start).map_err(RuleError::Start)?;
        Ok(rules)
    }

    /// The table of a kind for a side.
    pub fn table(&self, kind: usize, seat: Seat) -> Option<&MoveTable> {
        self.pieces.get(kind).map(|p| &p.tables[seat.index()])
    }

    /// The facing of a side's tables.
    pub fn facing(seat: Seat) -> Facing {
        facing(seat)
    }

    /// The name of a square on this board.
    pub fn square_name(&self, sq: Square) -> String {
        sq.name(self.geometry.style()).to_string()
    }

    /// The rank style of square names.
    pub fn style(&self) -> RankStyle {
        self.geometry.style()
    }

    /// The kind with this letter (either case).
    pub fn kind_of(&self, letter: char) -> Option<usize> {
        let l = letter.to_ascii_uppercase();
        self.pieces.iter().position(|p| p.letter == l)
    }

    /// Whether the board's holes are exactly its dark squares (a1's colour):
    /// only the light squares exist, as on Cuarenta's board. Messages then
    /// speak of dark and light squares rather than of holes.
    pub fn holes_are_dark(&self) -> bool {
        let g = &self.geometry;
        let mut any_hole = false;
        for rank in 0..g.ranks() {
            for file in 0..g.files() {
                let light = (file + rank) % 2 == 1;
                let exists = g.contains(Square(rank * 16 + file));
                if light != exists {
                    return false;
                }
                any_hole |= !exists;
            }
        }
        any_hole
    }

    /// The piece letters, upper case, in the rule set's order.
    pub fn letters(&self) -> Vec<String> {
        self.pieces.iter().map(|p| p.letter.to_string()).collect()
    }
}
