//! A [`RuleSet`] compiled for one width of square set: the board numbered
//! densely, each piece's [`MoveTable`](deckmate_betza::MoveTable)s flattened
//! into sets and lines, the reverse tables attack detection reads, the
//! promotion classes, en passant crossings, castlings and zobrist keys.
//!
//! Every entry of a compiled move table becomes one of two things:
//! - a free leap (no squares to be empty, not first-move-only): a bit in
//!   the from-square's `leap_move` and/or `leap_capture` set;
//! - a [`Line`]: a ray (slide or hop) or a conditional leap (lame, bent or
//!   first-move-only), which is a one-square line. A line's squares are a
//!   set whose indices grow or shrink away from the start (dense numbering
//!   is rank-major, so straight lines are monotonic), which gives the first
//!   piece on it in one bit scan.

use super::rules::{CastlingSafety, PieceKind, RuleSet, MAX_KINDS};
use super::set::SquareSet;
use deckmate_betza::{Mode, RayKind};
use deckmate_board::{Square, TooManySquares};
use deckmate_rules::{Seat, Zobrist};
use std::sync::Arc;

/// No promotion class (a square outside every promotion zone).
pub(crate) const NO_CLASS: u8 = 0xFF;

/// A ray or a conditional leap from one square. Public for the tests only
/// (`tests/fairy_core.rs`), as the other compiled parts of [`Tables`]
/// marked hidden.
#[doc(hidden)]
#[derive(Copy, Clone, Debug)]
pub struct Line<S> {
    /// Its squares (one for a leap).
    pub mask: S,
    /// Squares that must be empty first (a lame or bent path).
    pub via: S,
    /// Whether the indices grow away from the start.
    pub up: bool,
    /// A hopper's ray (the first piece is the screen).
    pub hop: bool,
    /// Only while the piece has not moved.
    pub initial: bool,
    /// [`Mode`] bits.
    pub mode: u8,
}

impl<S: SquareSet> Line<S> {
    /// The squares of the line strictly before `sq` (which is on it).
    #[inline]
    pub fn before(&self, sq: u8) -> S {
        self.mask & if self.up { S::below(sq) } else { S::above(sq) }
    }

    /// The squares of the line strictly after `sq`.
    #[inline]
    pub fn after(&self, sq: u8) -> S {
        self.mask & if self.up { S::above(sq) } else { S::below(sq) }
    }

    /// The first square of `set` along the line (`set` not empty).
    #[inline]
    pub fn first(&self, set: S) -> u8 {
        if self.up {
            set.lowest()
        } else {
            set.highest()
        }
    }

    /// What the line reaches with `occ` occupied: the empty squares it
    /// runs over (a hop's: beyond its screen) and the first piece it meets
    /// there, if any; `None` for a hop without a screen.
    #[inline]
    pub fn resolve(&self, occ: S) -> Option<(S, Option<u8>)> {
        let blockers = self.mask & occ;
        let (open, blockers) = if self.hop {
            if blockers.is_empty() {
                return None;
            }
            let rest = self.after(self.first(blockers));
            (rest, rest & occ)
        } else {
            (self.mask, blockers)
        };
        Some(if blockers.is_empty() {
            (open, None)
        } else {
            let b = self.first(blockers);
            (open & self.before(b), Some(b))
        })
    }

    /// Whether the line may capture.
    #[inline]
    pub fn captures(&self) -> bool {
        self.mode & Mode::CAPTURE != 0
    }

    /// Whether the line may move to empty squares.
    #[inline]
    pub fn moves(&self) -> bool {
        self.mode & Mode::MOVE != 0
    }
}

/// Targets sharing one promotion offer.
#[doc(hidden)]
#[derive(Clone, Debug)]
pub struct PromoClass<S> {
    /// The squares.
    pub mask: S,
    /// The kinds a pawn may become there.
    pub choices: Vec<u8>,
    /// Whether it may also stay a pawn.
    pub stay: bool,
}

/// A castling compiled to dense squares.
#[doc(hidden)]
#[derive(Clone, Debug)]
pub struct CastlingTable<S> {
    /// The side that castles.
    pub seat: Seat,
    /// The royal's square.
    pub king_from: u8,
    /// The royal's destination.
    pub king_to: u8,
    /// The partner's square.
    pub partner_from: u8,
    /// The partner's destination.
    pub partner_to: u8,
    /// Squares that must be empty (the paths of both, their destinations,
    /// not their own squares).
    pub empty: S,
    /// The squares the royal crosses, its destination excluded and its
    /// square included: all must be safe for [`CastlingSafety::Path`].
    pub path: S,
    /// Kinds that may be the partner (bit per kind); all non-royal kinds
    /// when none was named.
    pub partners: u32,
    /// What must be safe for the royal.
    pub safety: CastlingSafety,
}

/// Kind flags.
pub(crate) const ROYAL: u8 = 1;
pub(crate) const PAWN: u8 = 2;
/// The kind has lines (rays or conditional leaps) for some side.
pub(crate) const LINES: u8 = 4;
/// The kind has first-move-only moves.
pub(crate) const INITIAL: u8 = 8;
/// The kind has line jumps ([`Hooks::line_jumps`](super::rules::Hooks::line_jumps)).
pub(crate) const JUMPS: u8 = 16;
/// Which of the kind's pieces have not moved is kept: it has first-move-only
/// moves, and not every square it starts on allows them whoever has moved
/// ([`Hooks::initial_from`](super::rules::Hooks::initial_from); 52Chess's
/// pawns need no such record, so positions do not differ by it).
pub(crate) const UNMOVED: u8 = 32;

/// A rule set compiled for square sets `S`.
#[derive(Debug)]
pub struct Tables<S> {
    pub(crate) rules: Arc<RuleSet>,
    /// The number of squares.
    pub(crate) n: usize,
    /// Dense index -> board square.
    pub(crate) squares: Vec<Square>,
    /// Board square -> dense index (`None`: a hole or off the board). Not a
    /// `u8` sentinel: a 16x16 board without holes uses every index 0..=255.
    pub(crate) index: [Option<u8>; 256],
    /// Every square of the board.
    pub(crate) all: S,
    pub(crate) kinds: usize,
    /// Per kind: [`ROYAL`], [`PAWN`], [`LINES`], [`INITIAL`].
    pub(crate) flags: Vec<u8>,
    /// Per (seat, kind, square): free leaps to empty squares.
    leap_move: Vec<S>,
    /// Per (seat, kind, square): free leaps that capture.
    leap_capture: Vec<S>,
    /// Per (seat, kind, square): the squares from which such a piece
    /// captures on the square by a free leap.
    leap_attackers: Vec<S>,
    /// Per (seat, kind, square): the squares from which a capturing line of
    /// such a piece reaches the square (whatever stands between).
    line_attackers: Vec<S>,
    /// Per (seat, kind, square): its lines, a range of `lines`.
    line_range: Vec<(u32, u32)>,
    lines: Vec<Line<S>>,
    /// Per seat: the kinds with capturing free leaps.
    pub(crate) leapers: [Vec<u8>; 2],
    /// Per seat: the kinds with capturing lines.
    pub(crate) liners: [Vec<u8>; 2],
    /// Per (seat, kind, square): its line jumps ([`Hooks::line_jumps`]),
    /// a range of `jumps`: each a line leaving the square, nearest square
    /// first by `up`.
    ///
    /// [`Hooks::line_jumps`]: super::rules::Hooks::line_jumps
    jump_range: Vec<(u32, u32)>,
    /// Per (seat, kind, square): the lines leaving the square the other
    /// way, along which such a piece lands on the square by its jump.
    jump_back_range: Vec<(u32, u32)>,
    jumps: Vec<Line<S>>,
    /// Per (seat, kind, square): every square from which such a piece may
    /// land on the square by a line jump (a filter for attacks).
    jump_attackers: Vec<S>,
    /// Per seat: the kinds with line jumps.
    pub(crate) jumpers: [Vec<u8>; 2],
    /// Per (seat, kind): the squares from which its first-move-only moves
    /// are always allowed ([`Hooks::initial_from`]).
    ///
    /// [`Hooks::initial_from`]: super::rules::Hooks::initial_from
    initial_from: Vec<S>,
    /// Per kind: the kinds it may not capture (a bit per kind).
    pub(crate) forbidden: Vec<u32>,
    /// Per seat and square: its promotion class, or [`NO_CLASS`].
    promo_class: Vec<u8>,
    /// Per seat: the promotion classes.
    #[doc(hidden)]
    pub promo_classes: [Vec<PromoClass<S>>; 2],
    /// Per seat: every square of its promotion zones.
    #[doc(hidden)]
    pub promo_zone: [S; 2],
    /// Per (seat, kind, square): the multi-step moves of a pawn, a range of
    /// `crossings`.
    crossing_range: Vec<(u32, u32)>,
    /// (destination, squares crossed).
    crossings: Vec<(u8, S)>,
    /// The castlings.
    #[doc(hidden)]
    pub castlings: Vec<CastlingTable<S>>,
    /// Per square: the castling rights that survive a move from or to it.
    #[doc(hidden)]
    pub rights_keep: Vec<u8>,
    /// Per (seat, kind): where it may be dropped.
    drop_mask: Vec<S>,
    /// The kind a promoted piece goes back to in a hand.
    pub(crate) demote_kind: Option<u8>,
    /// The start placement: per square, `kind | seat << 5` or [`EMPTY`].
    #[doc(hidden)]
    pub start_board: Vec<u8>,
    keys: Vec<u64>,
}

/// An empty square in a mailbox.
#[doc(hidden)]
pub const EMPTY: u8 = 0xFF;

/// Hand counts with their own zobrist key.
pub(crate) const HAND_KEYS: usize = 64;

impl<S: SquareSet> Tables<S> {
    /// Compiles a rule set; fails if the board has more squares than `S`
    /// holds.
    pub fn new(rules: Arc<RuleSet>) -> Result<Tables<S>, TooManySquares> {
        let n = rules.geometry.squares().count();
        if n as usize > S::CAPACITY {
            return Err(TooManySquares(n));
        }
        Ok(Tables::build(rules))
    }

    /// The rule set.
    pub fn rules(&self) -> &Arc<RuleSet> {
        &self.rules
    }

    /// The number of squares of the board.
    pub fn len(&self) -> usize {
        self.n
    }

    /// Whether the board has no squares (never: a geometry has at least
    /// one).
    pub fn is_empty(&self) -> bool {
        self.n == 0
    }

    /// The dense index of a board square, if it exists.
    #[inline]
    pub fn dense(&self, sq: Square) -> Option<u8> {
        self.index[sq.index()]
    }

    /// The board square of a dense index.
    #[inline]
    pub fn square(&self, i: u8) -> Square {
        self.squares
            .get(usize::from(i))
            .copied()
            .unwrap_or(Square(0))
    }

    /// A dense square's name.
    pub fn name(&self, i: u8) -> String {
        self.rules.square_name(self.square(i))
    }

    /// Compiles a rule set whose board fits `S` (checked by the callers).
    pub(crate) fn build(rules: Arc<RuleSet>) -> Tables<S> {
        let g = &rules.geometry;
        let squares: Vec<Square> = g.squares().iter().take(S::CAPACITY).collect();
        let n = squares.len();
        let mut index = [None; 256];
        for (i, s) in squares.iter().enumerate() {
            index[s.index()] = Some(i as u8);
        }
        let dense = |s: Square| index[s.index()];
        let kinds = rules.pieces.len();
        let per = 2 * kinds * n;
        let mut t = Tables {
            rules: rules.clone(),
            n,
            squares: squares.clone(),
            index,
            all: (0..n).fold(S::EMPTY, |a, i| a | S::bit(i as u8)),
            kinds,
            flags: vec![0; kinds],
            leap_move: vec![S::EMPTY; per],
            leap_capture: vec![S::EMPTY; per],
            leap_attackers: vec![S::EMPTY; per],
            line_attackers: vec![S::EMPTY; per],
            line_range: vec![(0, 0); per],
            lines: Vec::new(),
            leapers: [Vec::new(), Vec::new()],
            liners: [Vec::new(), Vec::new()],
            jump_range: vec![(0, 0); per],
            jump_back_range: vec![(0, 0); per],
            jumps: Vec::new(),
            jump_attackers: vec![S::EMPTY; per],
            jumpers: [Vec::new(), Vec::new()],
            initial_from: vec![S::EMPTY; 2 * kinds],
            forbidden: vec![0; kinds],
            promo_class: vec![NO_CLASS; 2 * n],
            promo_classes: [Vec::new(), Vec::new()],
            promo_zone: [S::EMPTY; 2],
            crossing_range: vec![(0, 0); per],
            crossings: Vec::new(),
            castlings: Vec::new(),
            rights_keep: vec![u8::MAX; n],
            drop_mask: vec![S::EMPTY; 2 * kinds],
            demote_kind: None,
            start_board: vec![EMPTY; n],
            keys: Vec::new(),
        };
        for (k, p) in rules.pieces.iter().enumerate() {
            t.flags[k] |= match p.kind {
                PieceKind::Royal => ROYAL,
                PieceKind::Pawn => PAWN,
                PieceKind::Piece => 0,
            };
            for (v, q) in rules.pieces.iter().enumerate() {
                if !rules.hooks.may_capture(p, q) {
                    t.forbidden[k] |= 1 << v;
                }
            }
        }
        for seat in Seat::BOTH {
            let s = seat.index();
            for (k, p) in rules.pieces.iter().enumerate() {
                let table = &p.tables[s];
                let mut leaps_capture = false;
                let mut lines_capture = false;
                for (from, &from_sq) in squares.iter().enumerate() {
                    let at = t.at(seat, k, from as u8);
                    let moves = table.from(from_sq);
                    let first_line = t.lines.len() as u32;
                    let first_crossing = t.crossings.len() as u32;
                    for l in &moves.leaps {
                        let Some(to) = dense(l.to) else {
                            continue;
                        };
                        if l.via.is_empty() && !l.initial {
                            if l.mode.can_move() {
                                t.leap_move[at] |= S::bit(to);
                            }
                            if l.mode.can_capture() {
                                t.leap_capture[at] |= S::bit(to);
                                let back = t.at(seat, k, to);
                                t.leap_attackers[back] |= S::bit(from as u8);
                                leaps_capture = true;
                            }
                            continue;
                        }
                        // A path square that is no square (never, as compiled
                        // for this board) leaves the move impossible.
                        let Some(via) = l
                            .via
                            .iter()
                            .try_fold(S::EMPTY, |a, &v| dense(v).map(|d| a | S::bit(d)))
                        else {
                            continue;
                        };
                        t.lines.push(Line {
                            mask: S::bit(to),
                            via,
                            up: to > from as u8,
                            hop: false,
                            initial: l.initial,
                            mode: l.mode.0,
                        });
                        if l.initial {
                            t.flags[k] |= INITIAL;
                        }
                        if l.mode.can_capture() {
                            let back = t.at(seat, k, to);
                            t.line_attackers[back] |= S::bit(from as u8);
                            lines_capture = true;
                        }
                        if l.mode.can_move() && p.kind == PieceKind::Pawn {
                            t.crossings.push((to, via));
                        }
                    }
                    for r in &moves.rays {
                        let Some(ds) = r
                            .squares
                            .iter()
                            .map(|&s| dense(s))
                            .collect::<Option<Vec<u8>>>()
                        else {
                            continue;
                        };
                        if ds.is_empty() {
                            continue;
                        }
                        let mask = ds.iter().fold(S::EMPTY, |a, &d| a | S::bit(d));
                        let Some(via) = r
                            .via
                            .iter()
                            .try_fold(S::EMPTY, |a, &v| dense(v).map(|d| a | S::bit(d)))
                        else {
                            continue;
                        };
                        // Straight lines are monotonic in dense order.
                        let start = match r.via.last() {
                            Some(&v) => dense(v).unwrap_or(from as u8),
                            None => from as u8,
                        };
                        let up = ds[0] > start;
                        t.lines.push(Line {
                            mask,
                            via,
                            up,
                            hop: r.kind == RayKind::Hop,
                            initial: r.initial,
                            mode: r.mode.0,
                        });
                        if r.initial {
                            t.flags[k] |= INITIAL;
                        }
                        if r.mode.can_capture() {
                            for &d in &ds {
                                let back = t.at(seat, k, d);
                                t.line_attackers[back] |= S::bit(from as u8);
                            }
                            lines_capture = true;
                        }
                        if r.mode.can_move()
                            && r.kind == RayKind::Slide
                            && p.kind == PieceKind::Pawn
                        {
                            let mut crossed = via;
                            for &d in &ds {
                                if !crossed.is_empty() {
                                    t.crossings.push((d, crossed));
                                }
                                crossed |= S::bit(d);
                            }
                        }
                    }
                    t.line_range[at] = (first_line, t.lines.len() as u32);
                    t.crossing_range[at] = (first_crossing, t.crossings.len() as u32);
                    if t.line_range[at].1 > first_line {
                        t.flags[k] |= LINES;
                    }
                }
                if leaps_capture {
                    t.leapers[s].push(k as u8);
                }
                if lines_capture {
                    t.liners[s].push(k as u8);
                }
            }
        }
        t.build_jumps();
        for seat in Seat::BOTH {
            for (k, p) in rules.pieces.iter().enumerate() {
                let mask = (0..n as u8)
                    .filter(|&i| rules.hooks.initial_from(seat, p, squares[usize::from(i)]))
                    .fold(S::EMPTY, |a, i| a | S::bit(i));
                t.initial_from[seat.index() * kinds + k] = mask;
            }
        }
        t.build_promotion();
        t.build_castling();
        t.build_drops();
        t.start_board = match super::fen::parse_placement(&rules, &t, first_field(&rules.start)) {
            Ok(cells) => {
                let mut b = vec![EMPTY; n];
                for (sq, seat, kind, _) in cells {
                    b[usize::from(sq)] = kind as u8 | (seat as u8) << 5;
                }
                b
            }
            Err(_) => vec![EMPTY; n],
        };
        for k in 0..kinds {
            if t.flags[k] & INITIAL == 0 {
                continue;
            }
            let covered = t.start_board.iter().enumerate().all(|(sq, &cell)| {
                if cell == EMPTY || usize::from(cell & 0x1F) != k {
                    return true;
                }
                let seat = if cell >> 5 == 0 {
                    Seat::First
                } else {
                    Seat::Second
                };
                t.initial_from(seat, k).contains(sq as u8)
            });
            if !covered {
                t.flags[k] |= UNMOVED;
            }
        }
        let count = per + 1 + super::rules::MAX_CASTLINGS + 3 * n + 2 * kinds * HAND_KEYS;
        let z = Zobrist::new(0xFA1B_C0DE, count);
        t.keys = (0..count).map(|i| z.key(i)).collect();
        t
    }

    /// The line from dense square `from` stepping `(df, dr)` until the
    /// edge or a hole, as a [`Line`] (`None` if it has no square).
    fn jump_line(&self, from: u8, df: i32, dr: i32) -> Option<Line<S>> {
        let mut mask = S::EMPTY;
        let mut first = None;
        let mut at = self.square(from);
        while let Some(next) = self.rules.geometry.offset(at, df, dr) {
            let Some(i) = self.index[next.index()] else {
                break;
            };
            first.get_or_insert(i);
            mask |= S::bit(i);
            at = next;
        }
        let first = first?;
        Some(Line {
            mask,
            via: S::EMPTY,
            up: first > from,
            hop: false,
            initial: false,
            mode: deckmate_betza::Mode::MOVE | deckmate_betza::Mode::CAPTURE,
        })
    }

    /// The line jumps of every kind the hooks give them to, and the lines
    /// back along which they attack.
    fn build_jumps(&mut self) {
        let rules = self.rules.clone();
        for seat in Seat::BOTH {
            let s = seat.index();
            for (k, p) in rules.pieces.iter().enumerate() {
                let steps = rules.hooks.line_jumps(p);
                if steps.is_empty() {
                    continue;
                }
                self.flags[k] |= JUMPS;
                self.jumpers[s].push(k as u8);
                let flip = if seat == Seat::First { 1 } else { -1 };
                for from in 0..self.n as u8 {
                    let at = self.at(seat, k, from);
                    let start = self.jumps.len() as u32;
                    for &(df, dr) in &steps {
                        let (df, dr) = (i32::from(df), i32::from(dr) * flip);
                        if let Some(line) = self.jump_line(from, df, dr) {
                            self.jumps.push(line);
                        }
                    }
                    self.jump_range[at] = (start, self.jumps.len() as u32);
                    let start = self.jumps.len() as u32;
                    for &(df, dr) in &steps {
                        let (df, dr) = (-i32::from(df), -i32::from(dr) * flip);
                        if let Some(line) = self.jump_line(from, df, dr) {
                            // The jumper stands beyond at least one piece.
                            let beyond = line.after(line.first(line.mask));
                            self.jump_attackers[at] |= beyond;
                            self.jumps.push(line);
                        }
                    }
                    self.jump_back_range[at] = (start, self.jumps.len() as u32);
                }
            }
        }
    }

    fn build_promotion(&mut self) {
        let rules = self.rules.clone();
        let ranks = rules.geometry.ranks();
        for seat in Seat::BOTH {
            let s = seat.index();
            for i in 0..self.n {
                let sq = self.squares[i];
                let depth = match seat {
                    Seat::First => ranks - sq.rank(),
                    Seat::Second => sq.rank() + 1,
                };
                let mut choices: Vec<u8> = Vec::new();
                for z in &rules.zones {
                    if depth <= z.ranks {
                        for &c in &z.choices {
                            if !choices.contains(&(c as u8)) {
                                choices.push(c as u8);
                            }
                        }
                    }
                }
                if choices.is_empty() {
                    continue;
                }
                let stay = !rules.promotion_compulsory;
                let class = match self.promo_classes[s]
                    .iter()
                    .position(|c| c.choices == choices && c.stay == stay)
                {
                    Some(c) => c,
                    None => {
                        self.promo_classes[s].push(PromoClass {
                            mask: S::EMPTY,
                            choices,
                            stay,
                        });
                        self.promo_classes[s].len() - 1
                    }
                };
                self.promo_classes[s][class].mask |= S::bit(i as u8);
                self.promo_zone[s] |= S::bit(i as u8);
                self.promo_class[s * self.n + i] = class as u8;
            }
        }
    }

    fn build_drops(&mut self) {
        let rules = self.rules.clone();
        let Some(h) = &rules.hands else {
            return;
        };
        let ranks = rules.geometry.ranks();
        if h.demote {
            self.demote_kind = (0..self.kinds).find(|&k| self.is_pawn(k)).map(|k| k as u8);
        }
        for seat in Seat::BOTH {
            for (k, piece) in rules.pieces.iter().enumerate() {
                let mut mask = S::EMPTY;
                for (i, &sq) in self.squares.iter().enumerate() {
                    let from_own = match seat {
                        Seat::First => sq.rank(),
                        Seat::Second => ranks - 1 - sq.rank(),
                    };
                    let pawn_banned = piece.kind == PieceKind::Pawn
                        && (from_own < h.pawn_first_ranks || ranks - from_own <= h.pawn_last_ranks);
                    if !pawn_banned && rules.hooks.may_drop(seat, piece, sq) {
                        mask |= S::bit(i as u8);
                    }
                }
                self.drop_mask[seat.index() * self.kinds + k] = mask;
            }
        }
    }

    fn build_castling(&mut self) {
        let rules = self.rules.clone();
        let non_royal: u32 = (0..self.kinds)
            .filter(|&k| self.flags[k] & ROYAL == 0)
            .fold(0, |a, k| a | 1 << k);
        for (ci, c) in rules.castling.iter().enumerate() {
            // `RuleSet` checked that every castling square is on the board.
            let d = |s: Square| self.index[s.index()].unwrap_or(0);
            let (kf, kt, pf, pt) = (
                d(c.king_from),
                d(c.king_to),
                d(c.partner_from),
                d(c.partner_to),
            );
            let line = |a: Square, b: Square| -> S {
                // The squares from a to b along their rank (or file), both
                // included, that exist on the board.
                let (df, dr) = (
                    i32::from(b.file()) - i32::from(a.file()),
                    i32::from(b.rank()) - i32::from(a.rank()),
                );
                let steps = df.abs().max(dr.abs());
                let mut set = S::EMPTY;
                if steps == 0 || (df != 0 && dr != 0 && df.abs() != dr.abs()) {
                    set |= S::bit(d(a)) | S::bit(d(b));
                    return set;
                }
                for k in 0..=steps {
                    if let Some(i) = a
                        .offset(df / steps * k, dr / steps * k)
                        .and_then(|sq| self.index[sq.index()])
                    {
                        set |= S::bit(i);
                    }
                }
                set
            };
            let king_line = line(c.king_from, c.king_to);
            let partner_line = line(c.partner_from, c.partner_to);
            let empty = (king_line | partner_line) & !(S::bit(kf) | S::bit(pf));
            let path = king_line & !S::bit(kt);
            let partners = if c.partners.is_empty() {
                non_royal
            } else {
                c.partners.iter().fold(0, |a, &k| a | 1 << k)
            };
            self.castlings.push(CastlingTable {
                seat: c.seat,
                king_from: kf,
                king_to: kt,
                partner_from: pf,
                partner_to: pt,
                empty,
                path,
                partners,
                safety: c.safety,
            });
            for sq in [kf, pf] {
                self.rights_keep[usize::from(sq)] &= !(1u8 << ci);
            }
        }
    }

    /// The flat index of (seat, kind, square).
    #[doc(hidden)]
    #[inline]
    pub fn at(&self, seat: Seat, kind: usize, sq: u8) -> usize {
        (seat.index() * self.kinds + kind) * self.n + usize::from(sq)
    }

    /// The free leaps to empty squares from [`Tables::at`]'s index.
    #[doc(hidden)]
    #[inline]
    pub fn leap_move(&self, at: usize) -> S {
        self.leap_move.get(at).copied().unwrap_or(S::EMPTY)
    }

    #[inline]
    pub(crate) fn leap_capture(&self, at: usize) -> S {
        self.leap_capture.get(at).copied().unwrap_or(S::EMPTY)
    }

    #[inline]
    pub(crate) fn leap_attackers(&self, at: usize) -> S {
        self.leap_attackers.get(at).copied().unwrap_or(S::EMPTY)
    }

    #[inline]
    pub(crate) fn line_attackers(&self, at: usize) -> S {
        self.line_attackers.get(at).copied().unwrap_or(S::EMPTY)
    }

    /// The lines from [`Tables::at`]'s index.
    #[doc(hidden)]
    #[inline]
    pub fn lines(&self, at: usize) -> &[Line<S>] {
        let (a, b) = self.line_range.get(at).copied().unwrap_or((0, 0));
        self.lines.get(a as usize..b as usize).unwrap_or(&[])
    }

    /// Where a side's kind may always make its first-move-only moves.
    #[inline]
    pub(crate) fn initial_from(&self, seat: Seat, kind: usize) -> S {
        self.initial_from
            .get(seat.index() * self.kinds + kind)
            .copied()
            .unwrap_or(S::EMPTY)
    }

    /// The line jumps from a square.
    #[inline]
    pub(crate) fn jumps(&self, at: usize) -> &[Line<S>] {
        let (a, b) = self.jump_range.get(at).copied().unwrap_or((0, 0));
        self.jumps.get(a as usize..b as usize).unwrap_or(&[])
    }

    /// The lines back from a square along which a jumper lands on it.
    #[inline]
    pub(crate) fn jumps_back(&self, at: usize) -> &[Line<S>] {
        let (a, b) = self.jump_back_range.get(at).copied().unwrap_or((0, 0));
        self.jumps.get(a as usize..b as usize).unwrap_or(&[])
    }

    /// The squares from which a jumper may land on a square.
    #[inline]
    pub(crate) fn jump_attackers(&self, at: usize) -> S {
        self.jump_attackers.get(at).copied().unwrap_or(S::EMPTY)
    }

    /// The squares a pawn crosses moving `from` -> `to` (empty for a single
    /// step or a move the piece does not have).
    #[doc(hidden)]
    #[inline]
    pub fn crossed(&self, at: usize, to: u8) -> S {
        let (a, b) = self.crossing_range.get(at).copied().unwrap_or((0, 0));
        self.crossings
            .get(a as usize..b as usize)
            .unwrap_or(&[])
            .iter()
            .find(|c| c.0 == to)
            .map_or(S::EMPTY, |c| c.1)
    }

    /// The promotion class of a target square for a side.
    #[inline]
    pub(crate) fn promo_class(&self, seat: Seat, sq: u8) -> Option<&PromoClass<S>> {
        let c = *self
            .promo_class
            .get(seat.index() * self.n + usize::from(sq))?;
        self.promo_classes[seat.index()].get(usize::from(c))
    }

    /// The zobrist key of a piece on a square.
    #[inline]
    pub(crate) fn piece_key(&self, seat: Seat, kind: usize, sq: u8) -> u64 {
        self.keys.get(self.at(seat, kind, sq)).copied().unwrap_or(0)
    }

    /// The zobrist key of the second side to move.
    #[inline]
    pub(crate) fn side_key(&self) -> u64 {
        self.keys.get(2 * self.kinds * self.n).copied().unwrap_or(0)
    }

    /// The zobrist key of a set of castling rights.
    #[inline]
    pub(crate) fn rights_key(&self, rights: u8) -> u64 {
        let base = 2 * self.kinds * self.n + 1;
        let mut k = 0;
        let mut r = rights;
        while r != 0 {
            let i = r.trailing_zeros() as usize;
            r &= r - 1;
            k ^= self.keys.get(base + i).copied().unwrap_or(0);
        }
        k
    }

    /// The zobrist key of a set of en passant squares.
    #[inline]
    pub(crate) fn ep_key(&self, set: S) -> u64 {
        let base = 2 * self.kinds * self.n + 1 + super::rules::MAX_CASTLINGS;
        set.iter().fold(0, |k, i| {
            k ^ self.keys.get(base + usize::from(i)).copied().unwrap_or(0)
        })
    }

    /// The zobrist key of an unmoved piece's square.
    #[inline]
    pub(crate) fn unmoved_key(&self, sq: u8) -> u64 {
        let base = 2 * self.kinds * self.n + 1 + super::rules::MAX_CASTLINGS + self.n;
        self.keys.get(base + usize::from(sq)).copied().unwrap_or(0)
    }

    /// The zobrist key of a promoted piece's square.
    #[inline]
    pub(crate) fn promoted_key(&self, sq: u8) -> u64 {
        let base = 2 * self.kinds * self.n + 1 + super::rules::MAX_CASTLINGS + 2 * self.n;
        self.keys.get(base + usize::from(sq)).copied().unwrap_or(0)
    }

    /// The zobrist key of a side holding `count` pieces of a kind in hand
    /// (0 for none; counts from [`HAND_KEYS`] on share the last key).
    #[inline]
    pub(crate) fn hand_key(&self, seat: Seat, kind: usize, count: u8) -> u64 {
        if count == 0 {
            return 0;
        }
        let base = 2 * self.kinds * self.n + 1 + super::rules::MAX_CASTLINGS + 3 * self.n;
        let c = usize::from(count).min(HAND_KEYS) - 1;
        let i = base + (seat.index() * self.kinds + kind) * HAND_KEYS + c;
        self.keys.get(i).copied().unwrap_or(0)
    }

    /// Where a side may drop a kind.
    #[inline]
    pub(crate) fn drop_mask(&self, seat: Seat, kind: usize) -> S {
        self.drop_mask
            .get(seat.index() * self.kinds + kind)
            .copied()
            .unwrap_or(S::EMPTY)
    }

    /// Whether a kind is royal.
    #[inline]
    pub(crate) fn is_royal(&self, kind: usize) -> bool {
        self.flags.get(kind).is_some_and(|f| f & ROYAL != 0)
    }

    /// Whether a kind is a pawn.
    #[inline]
    pub(crate) fn is_pawn(&self, kind: usize) -> bool {
        self.flags.get(kind).is_some_and(|f| f & PAWN != 0)
    }
}

/// The placement field of a position string.
fn first_field(text: &str) -> &str {
    text.split_whitespace().next().unwrap_or("")
}

const _: () = assert!(MAX_KINDS <= 32, "kinds are bits of a u32");
