//! The rules one Dealer's Chess game is played by: the kinds of man its
//! deal (or its position string) brings, each with its XBetza compiled for
//! the board and both sides, what D9 adds to the special pawns, and the
//! options a game is started with.
//!
//! Squares are numbered `rank * size + file` (rank 1 and file a first), as
//! in [`super::fen::Setup`]. Black's moves are White's turned through 180
//! degrees (the owner's left and right: only the End Pawns tell the
//! difference).

use super::catalogue::{CardKind, Catalogue, PieceCard};
use super::shared::{kind_moves, KindMoves};
use crate::fairy::eval::values;
use deckmate_betza::{compile, parse, Facing, MoveTable, RayKind};
use deckmate_board::{Geometry, RankStyle, Square};
use deckmate_rules::Seat;
use std::fmt;
use std::sync::Arc;

/// The most kinds of man one game holds (a cell keeps `kind + 1` in seven
/// bits).
pub const MAX_KINDS: usize = 126;

/// The catalogue code of the Zombie Pawn, which a Zombie's captor becomes
/// (D9).
pub const ZOMBIE: &str = "ZO";

/// What D9 (and the page) add to a pawn's XBetza.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum Special {
    /// Nothing.
    None,
    /// Chicken: when attacked, it may slide backward instead.
    Chicken,
    /// Linebacker: never captures; moving onto an enemy man pushes it.
    Linebacker,
    /// Zombie: its captor becomes a Zombie Pawn.
    Zombie,
    /// Zabel: a two-square step straight forward onto the promotion rank.
    Zabel,
    /// Horse and Lance Pawns: never taken en passant, never take so.
    NoEnPassant,
}

/// Whether a royal that captures a Zombie stays the royal (D9, the
/// default) or becomes a Zombie Pawn as the page's letter has it.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash, Default)]
pub enum ZombieRoyal {
    /// The page's letter, "the piece that captures it becomes a Zombie
    /// Pawn", a royal too (its side is then left without one and can never
    /// be mated): option `zombie_royal=converts`. Records and stored games
    /// from before D9 said otherwise carry no `ZombieRoyal` and were
    /// played so: they read as this.
    Converts,
    /// D9: a royal that captures a Zombie stays the royal (otherwise its
    /// side could never be mated; the reference's R8 too). The default.
    #[default]
    Stays,
}

impl ZombieRoyal {
    /// The option's value, the record's tag: `converts` or `stays`.
    pub fn name(self) -> &'static str {
        match self {
            ZombieRoyal::Converts => "converts",
            ZombieRoyal::Stays => "stays",
        }
    }

    /// The option's value read back.
    pub fn from_name(text: &str) -> Result<ZombieRoyal, String> {
        match text.trim() {
            "converts" => Ok(ZombieRoyal::Converts),
            "stays" => Ok(ZombieRoyal::Stays),
            other => Err(format!("zombie_royal '{other}': converts or stays")),
        }
    }
}

/// Where a promoted pawn's piece comes from, and where a captured
/// piece goes.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash, Default)]
pub enum PromotionRule {
    /// D4: a captured piece's double joins the captor's hand; a pawn
    /// promotes to a piece of its owner's hand or a shared extra.
    #[default]
    Hand,
    /// The `simplified` alternate (D6): no hands; a pawn promotes to any
    /// of its side's four stand-ins (Queen, Rook, Bishop, Knight), as in
    /// chess.
    Standard,
    /// The `big-deck` alternate (D6): no hands; a captured piece's card
    /// goes to the Discard Pile; a promoting pawn draws three cards from
    /// the Draw Stack (chance) and becomes one of them, the other two
    /// discarded; the Discard Pile is shuffled into the stack when it
    /// holds fewer than three.
    DrawStack,
}

/// The options play depends on.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default, Hash)]
pub struct PlayOptions {
    /// A royal capturing a Zombie.
    pub zombie_royal: ZombieRoyal,
    /// The promotion rule (the alternates of D6).
    pub promotion: PromotionRule,
}

/// One kind of man with its moves compiled.
#[derive(Clone, Debug)]
pub struct Kind {
    /// Its card.
    pub card: PieceCard,
    /// What D9 adds.
    pub special: Special,
    /// A Mecklenbeck pawn: promotes on the opponent's pawn row.
    pub mecklenbeck: bool,
    /// Its worth in centipawns, estimated from its movement on the empty
    /// board (the fairy core's estimate, [`crate::fairy::eval::values`]);
    /// a pawn's without its promotion.
    pub value: i32,
    /// Its moves from each square, for White and for Black: shared by
    /// every game whose kind has the same XBetza on the same board
    /// ([`super::shared`]).
    pub moves: Arc<KindMoves>,
}

impl Kind {
    /// Royal, piece or pawn.
    pub fn deck(&self) -> CardKind {
        self.card.kind
    }

    /// Whether it is a pawn (of any kind).
    pub fn is_pawn(&self) -> bool {
        self.card.kind == CardKind::Pawn
    }

    /// Whether it is royal.
    pub fn is_royal(&self) -> bool {
        self.card.kind == CardKind::Royal
    }
}

/// A leap: one destination, the squares that must be empty on the way.
#[derive(Clone, Debug)]
pub struct Leap {
    /// The destination (`rank * size + file`).
    pub to: u8,
    /// Whether it may move there (to an empty square).
    pub can_move: bool,
    /// Whether it may capture there.
    pub can_capture: bool,
    /// The squares that must be empty on the way (a lame or bent leap).
    pub via: Vec<u8>,
    /// Only as the man's first move.
    pub initial: bool,
}

/// A line travelled square by square (a slide, or a hop over a screen).
#[derive(Clone, Debug)]
pub struct Line {
    /// The squares that must be empty before the line starts (a bent
    /// rider's first step).
    pub via: Vec<u8>,
    /// The line's squares, nearest first.
    pub squares: Vec<u8>,
    /// Whether it may move to an empty square of the line.
    pub can_move: bool,
    /// Whether it may capture on the line.
    pub can_capture: bool,
    /// A hop: it goes beyond the first man on the line (the screen).
    pub hop: bool,
    /// Only as the man's first move.
    pub initial: bool,
}

/// Everything a kind does from one square, and the squares it may ever
/// capture on from there (to skip it quickly in attack tests).
#[derive(Clone, Debug, Default)]
pub struct SquareMoves {
    /// Its leaps.
    pub leaps: Vec<Leap>,
    /// Its lines.
    pub lines: Vec<Line>,
    /// Every square it may capture on from here, whatever stands between.
    pub reach: Squares,
}

/// A set of up to 192 squares.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Squares(pub [u64; 3]);

impl Squares {
    /// Whether `sq` is in the set.
    #[inline]
    pub fn has(&self, sq: u8) -> bool {
        self.0[usize::from(sq >> 6)] >> (sq & 63) & 1 != 0
    }

    /// Adds `sq`.
    #[inline]
    pub fn add(&mut self, sq: u8) {
        self.0[usize::from(sq >> 6)] |= 1 << (sq & 63);
    }

    /// Removes `sq`.
    #[inline]
    pub fn remove(&mut self, sq: u8) {
        self.0[usize::from(sq >> 6)] &= !(1 << (sq & 63));
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.0 == [0; 3]
    }

    /// The squares, lowest first.
    #[inline]
    pub fn iter(&self) -> SquaresIter {
        SquaresIter {
            word: self.0[0],
            next: [self.0[1], self.0[2]],
            base: 0,
        }
    }

    /// How many squares the set holds.
    #[inline]
    pub fn len(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// The squares in one set and not the other.
    #[inline]
    pub fn xor(&self, other: &Squares) -> Squares {
        Squares([
            self.0[0] ^ other.0[0],
            self.0[1] ^ other.0[1],
            self.0[2] ^ other.0[2],
        ])
    }

    /// The squares in either set.
    #[inline]
    pub fn or(&self, other: &Squares) -> Squares {
        Squares([
            self.0[0] | other.0[0],
            self.0[1] | other.0[1],
            self.0[2] | other.0[2],
        ])
    }

    /// The squares in both sets.
    #[inline]
    pub fn and(&self, other: &Squares) -> Squares {
        Squares([
            self.0[0] & other.0[0],
            self.0[1] & other.0[1],
            self.0[2] & other.0[2],
        ])
    }
}

/// The squares of a [`Squares`], lowest first: the word being read kept
/// apart from the words still to come, so that a set of one word (every
/// 8x8 board) costs one test a square.
#[derive(Clone, Debug)]
pub struct SquaresIter {
    /// What is left of the word being read.
    word: u64,
    /// The words still to come.
    next: [u64; 2],
    /// The first square of the word being read.
    base: u8,
}

impl Iterator for SquaresIter {
    type Item = u8;

    #[inline]
    fn next(&mut self) -> Option<u8> {
        loop {
            if self.word != 0 {
                let bit = self.word.trailing_zeros() as u8;
                self.word &= self.word - 1;
                return Some(self.base + bit);
            }
            if self.next == [0, 0] {
                return None;
            }
            self.word = self.next[0];
            self.next = [self.next[1], 0];
            self.base += 64;
        }
    }
}

/// Why a set of codes cannot be played.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RulesError(pub String);

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for RulesError {}

/// The rules of one game: the board, the kinds, the options.
#[derive(Debug)]
pub struct Rules {
    /// Files and ranks (8, 10 or 12).
    pub size: u8,
    /// The kinds, in the order given (a man's kind is its index here).
    pub kinds: Vec<Kind>,
    /// The Zombie Pawn's kind, if the catalogue has it.
    pub zombie: Option<u8>,
    /// The options.
    pub options: PlayOptions,
    /// Per kind, what move generation, the attack test and the evaluation
    /// read of it, packed small (a [`Kind`] spans cache lines).
    facts: Vec<Facts>,
    /// The number of squares, `size * size` (the tables' stride).
    square_count: usize,
    /// Per kind, seat and square (in that order), [`SquareMoves::reach`]:
    /// the attack tests' first question, from one small table.
    reach: Vec<Squares>,
    /// Per seat and square, the squares from which some kind of the game
    /// reaches it ([`Rules::reached_from`]).
    reached_from: [Vec<Squares>; 2],
    /// Per seat and square, [`Rules::reached_from`] of every square of
    /// the square's zone ([`Rules::zone_reached_from`]).
    zone_reached_from: [Vec<Squares>; 2],
    /// Per square, it and the squares around it.
    zones: Vec<Squares>,
    /// Per square, its steps from the board's edge towards the centre
    /// ([`Rules::centre_steps`]).
    centre: Vec<i32>,
    /// Per seat and square, the square of a pawn's progress
    /// ([`Rules::progress2`]).
    progress: [Vec<i32>; 2],
}

/// What the hot paths read of a kind: its worth and what it is.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Facts {
    /// [`Kind::value`].
    pub value: i32,
    /// [`Kind::is_royal`].
    pub royal: bool,
    /// [`Kind::is_pawn`].
    pub pawn: bool,
    /// A Piece card (its double goes to a hand when taken, D4).
    pub piece: bool,
    /// [`Kind::mecklenbeck`].
    pub mecklenbeck: bool,
    /// [`Kind::special`].
    pub special: Special,
}

impl Facts {
    fn of(k: &Kind) -> Facts {
        Facts {
            value: k.value,
            royal: k.is_royal(),
            pawn: k.is_pawn(),
            piece: k.deck() == CardKind::Piece,
            mecklenbeck: k.mecklenbeck,
            special: k.special,
        }
    }
}

impl Rules {
    /// The rules for a board of `size` with the men of `codes` (each
    /// once; the Zombie Pawn is added when the catalogue has it, for D9's
    /// conversion).
    pub fn new(
        catalogue: &Catalogue,
        size: u8,
        codes: &[String],
        options: PlayOptions,
    ) -> Result<Arc<Rules>, RulesError> {
        if !matches!(size, 8 | 10 | 12) {
            return Err(RulesError(format!(
                "the board is 8x8, 10x10 or 12x12, not {size}x{size}"
            )));
        }
        let geometry = Geometry::new(size, size, RankStyle::FromOne)
            .map_err(|e| RulesError(format!("the board: {e:?}")))?;
        let mut wanted: Vec<String> = Vec::new();
        for c in codes {
            let c = c.to_ascii_uppercase();
            if !wanted.contains(&c) {
                wanted.push(c);
            }
        }
        if catalogue.get(ZOMBIE).is_some() && !wanted.iter().any(|c| c == ZOMBIE) {
            wanted.push(ZOMBIE.to_string());
        }
        if wanted.len() > MAX_KINDS {
            return Err(RulesError(format!(
                "{} kinds of man in one game; at most {MAX_KINDS} are played",
                wanted.len()
            )));
        }
        let mut kinds = Vec::with_capacity(wanted.len());
        for code in &wanted {
            let card = catalogue
                .get(code)
                .ok_or_else(|| RulesError(format!("no card has the code {code}")))?;
            kinds.push(compile_kind(card, &geometry, size)?);
        }
        let zombie = wanted.iter().position(|c| c == ZOMBIE).map(|i| i as u8);
        let facts = kinds.iter().map(Facts::of).collect();
        let squares = usize::from(size) * usize::from(size);
        let reach: Vec<Squares> = kinds
            .iter()
            .flat_map(|k: &Kind| k.moves.moves.iter().flat_map(|m| m.iter().map(|m| m.reach)))
            .collect();
        // Every kind's moves cover every square for both seats, as
        // `Rules::reach` indexes them.
        debug_assert_eq!(reach.len(), kinds.len() * 2 * squares);
        let mut reached_from = [
            vec![Squares::default(); squares],
            vec![Squares::default(); squares],
        ];
        for (i, set) in reach.iter().enumerate() {
            let (seat, from) = ((i / squares) % 2, (i % squares) as u8);
            for sq in set.iter() {
                reached_from[seat][usize::from(sq)].add(from);
            }
        }
        let zones: Vec<Squares> = (0..squares as u8).map(|sq| zone(size, sq)).collect();
        let zone_reached_from = reached_from.clone().map(|by_square| {
            zones
                .iter()
                .map(|z| {
                    z.iter().fold(Squares::default(), |acc, sq| {
                        acc.or(&by_square[usize::from(sq)])
                    })
                })
                .collect()
        });
        let centre = (0..squares as u8)
            .map(|sq| centre_steps(size, sq))
            .collect();
        let progress = Seat::BOTH.map(|seat| {
            (0..squares as u8)
                .map(|sq| progress2(size, seat, sq))
                .collect()
        });
        Ok(Arc::new(Rules {
            size,
            kinds,
            zombie,
            options,
            facts,
            square_count: squares,
            reach,
            reached_from,
            zone_reached_from,
            zones,
            centre,
            progress,
        }))
    }

    /// The kind with this code (any case).
    pub fn kind_of(&self, code: &str) -> Option<u8> {
        self.kinds
            .iter()
            .position(|k| k.card.code.eq_ignore_ascii_case(code))
            .map(|i| i as u8)
    }

    /// The number of squares.
    pub fn squares(&self) -> u8 {
        self.size * self.size
    }

    /// A square's name (`e4`, `l12`).
    pub fn square_name(&self, sq: u8) -> String {
        super::fen::square_name(self.size, u16::from(sq))
    }

    /// A square from its name.
    pub fn square_of(&self, name: &str) -> Option<u8> {
        let sq = Square::parse(name, RankStyle::FromOne).ok()?;
        (sq.file() < self.size && sq.rank() < self.size).then(|| sq.rank() * self.size + sq.file())
    }

    /// The rank of a square, counted from `seat`'s side (0: its back
    /// rank).
    #[inline]
    pub fn rank_from(&self, seat: Seat, sq: u8) -> u8 {
        rank_from(self.size, seat, sq)
    }

    /// The pawn row, counted from each side's back rank (1 on 8x8 and
    /// 10x10, 2 on 12x12 with its two back rows).
    pub fn pawn_row(&self) -> u8 {
        pawn_row(self.size)
    }

    /// Whether a pawn of `kind` of `seat` promotes on `sq` (D4: the last
    /// rank; a Mecklenbeck pawn the opponent's pawn row and beyond).
    #[inline]
    pub fn in_zone(&self, kind: u8, seat: Seat, sq: u8) -> bool {
        let k = self.facts(kind);
        if !k.pawn {
            return false;
        }
        let r = self.rank_from(seat, sq);
        if k.mecklenbeck {
            r >= self.size - 1 - self.pawn_row()
        } else {
            r == self.size - 1
        }
    }

    /// The packed facts of `kind`.
    #[inline]
    pub(crate) fn facts(&self, kind: u8) -> &Facts {
        &self.facts[usize::from(kind)]
    }

    /// The moves of `kind` for `seat` from `sq`.
    #[inline]
    pub fn moves(&self, kind: u8, seat: Seat, sq: u8) -> &SquareMoves {
        &self.kinds[usize::from(kind)].moves.moves[seat.index()][usize::from(sq)]
    }

    /// Every square the man of `kind` of `seat` on `sq` may capture on,
    /// whatever stands between (its moves' [`SquareMoves::reach`]).
    #[inline]
    pub(crate) fn reach(&self, kind: u8, seat: Seat, sq: u8) -> &Squares {
        let n = self.square_count;
        &self.reach[(usize::from(kind) * 2 + seat.index()) * n + usize::from(sq)]
    }

    /// The squares from which a man of some kind of the game (on the board
    /// or in a hand), of `seat`, may capture on `sq` on some board: the
    /// only squares an attack test of `sq` need look at.
    #[inline]
    pub(crate) fn reached_from(&self, seat: Seat, sq: u8) -> &Squares {
        &self.reached_from[seat.index()][usize::from(sq)]
    }

    /// The squares from which a man of some kind of the game, of `seat`,
    /// may capture on some square of `sq`'s zone ([`Rules::zone`]): the
    /// only squares a count of the men attacking that zone need look at.
    #[inline]
    pub(crate) fn zone_reached_from(&self, seat: Seat, sq: u8) -> &Squares {
        &self.zone_reached_from[seat.index()][usize::from(sq)]
    }

    /// `sq` and the squares around it.
    #[inline]
    pub(crate) fn zone(&self, sq: u8) -> &Squares {
        &self.zones[usize::from(sq)]
    }

    /// How far `sq` stands from the edge towards the centre: the board's
    /// size less one less its (half) Manhattan distance from the centre,
    /// at least 0.
    #[inline]
    pub(crate) fn centre_steps(&self, sq: u8) -> i32 {
        self.centre[usize::from(sq)]
    }

    /// A pawn of `seat` on `sq`: its progress from its row to the last
    /// rank in percent, squared (0 on its row or behind).
    #[inline]
    pub(crate) fn progress2(&self, seat: Seat, sq: u8) -> i32 {
        self.progress[seat.index()][usize::from(sq)]
    }
}

/// [`Rules::centre_steps`] on a board of `size`.
fn centre_steps(size: u8, sq: u8) -> i32 {
    let n = i32::from(size);
    let f = 2 * (i32::from(sq) % n) - (n - 1);
    let rk = 2 * (i32::from(sq) / n) - (n - 1);
    let far = (f.abs() + rk.abs()) / 2;
    (n - 1 - far).max(0)
}

/// [`Rules::rank_from`] on a board of `size`.
fn rank_from(size: u8, seat: Seat, sq: u8) -> u8 {
    let r = sq / size;
    match seat {
        Seat::First => r,
        Seat::Second => size - 1 - r,
    }
}

/// [`Rules::pawn_row`] on a board of `size`.
fn pawn_row(size: u8) -> u8 {
    if size == 12 {
        2
    } else {
        1
    }
}

/// [`Rules::progress2`] on a board of `size`.
fn progress2(size: u8, seat: Seat, sq: u8) -> i32 {
    let rank = i32::from(rank_from(size, seat, sq));
    let start = i32::from(pawn_row(size));
    let last = i32::from(size) - 1;
    if rank > start && last > start {
        let p = (rank - start) * 100 / (last - start);
        p * p
    } else {
        0
    }
}

/// The squares around (and on) `sq` on a board of `size`, as a set.
fn zone(size: u8, sq: u8) -> Squares {
    let n = i32::from(size);
    let (f, rk) = (i32::from(sq) % n, i32::from(sq) / n);
    let mut set = Squares::default();
    for a in (f - 1).max(0)..=(f + 1).min(n - 1) {
        for b in (rk - 1).max(0)..=(rk + 1).min(n - 1) {
            set.add((b * n + a) as u8);
        }
    }
    set
}

/// What a card's name says D9 adds.
fn special_of(card: &PieceCard) -> (Special, bool) {
    let name = card.name.to_ascii_lowercase();
    let mecklenbeck = card.kind == CardKind::Pawn && name.contains("mecklenbeck");
    let special = if card.kind != CardKind::Pawn {
        Special::None
    } else if name.contains("chicken") {
        Special::Chicken
    } else if name.contains("linebacker") {
        Special::Linebacker
    } else if name.contains("zombie") {
        Special::Zombie
    } else if name.contains("zabel") {
        Special::Zabel
    } else if name == "horse pawn" || name == "lance pawn" {
        Special::NoEnPassant
    } else {
        Special::None
    };
    (special, mecklenbeck)
}

fn compile_kind(card: &PieceCard, geometry: &Geometry, size: u8) -> Result<Kind, RulesError> {
    let bad = |e: &dyn fmt::Display| {
        RulesError(format!(
            "the {}'s movement '{}': {e}",
            card.name, card.betza
        ))
    };
    let moves = kind_moves(size, &card.betza, || {
        let betza = parse(&card.betza).map_err(|e| bad(&e))?;
        let table = compile(&betza, geometry, Facing::Up).map_err(|e| bad(&e))?;
        let white = squares_of(&table, size, false);
        let value = values::movement_value(&values::movement_on(geometry, &table)).round() as i32;
        let black = squares_of(&table, size, true);
        Ok(KindMoves {
            moves: [white, black],
            value,
        })
    })?;
    let (special, mecklenbeck) = special_of(card);
    Ok(Kind {
        card: card.clone(),
        special,
        mecklenbeck,
        value: moves.value,
        moves,
    })
}

/// The moves from every square, White's table turned through 180 degrees
/// for Black (`turned`).
fn squares_of(table: &MoveTable, size: u8, turned: bool) -> Vec<SquareMoves> {
    let n = size;
    let dense = |sq: Square| -> u8 {
        if turned {
            (n - 1 - sq.rank()) * n + (n - 1 - sq.file())
        } else {
            sq.rank() * n + sq.file()
        }
    };
    let mut out = Vec::with_capacity(usize::from(n) * usize::from(n));
    for idx in 0..u16::from(n) * u16::from(n) {
        let (f, r) = ((idx % u16::from(n)) as u8, (idx / u16::from(n)) as u8);
        // White's square this one is for Black.
        let (tf, tr) = if turned {
            (n - 1 - f, n - 1 - r)
        } else {
            (f, r)
        };
        let mut m = SquareMoves::default();
        if let Some(sq) = Square::new(tf, tr) {
            let from = table.from(sq);
            for l in &from.leaps {
                let leap = Leap {
                    to: dense(l.to),
                    can_move: l.mode.can_move(),
                    can_capture: l.mode.can_capture(),
                    via: l.via.iter().map(|&s| dense(s)).collect(),
                    initial: l.initial,
                };
                if leap.can_capture {
                    m.reach.add(leap.to);
                }
                m.leaps.push(leap);
            }
            for ray in &from.rays {
                let line = Line {
                    via: ray.via.iter().map(|&s| dense(s)).collect(),
                    squares: ray.squares.iter().map(|&s| dense(s)).collect(),
                    can_move: ray.mode.can_move(),
                    can_capture: ray.mode.can_capture(),
                    hop: ray.kind == RayKind::Hop,
                    initial: ray.initial,
                };
                if line.can_capture {
                    for &s in &line.squares {
                        m.reach.add(s);
                    }
                }
                m.lines.push(line);
            }
        }
        out.push(m);
    }
    out
}
