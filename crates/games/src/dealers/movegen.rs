//! Moves of Dealer's Chess: generated from the compiled XBetza of each man
//! plus what the rulings add (D4 promotion from the hand and the shared
//! extras, D5 castling with any corner piece, D9's en passant on every
//! square a two- or three-square pawn move crossed, the Chicken's retreat,
//! the Linebacker's push, the Zombie's conversion, the Zabel's double
//! step), each tried on a copy of the board for the royal's safety (D1);
//! and played.
//!
//! Readings where the rulings leave room (the same as the reference in
//! `tools/dealers_ref`, whose README gives them as R-numbers):
//! - "attacked" = an enemy man has a capturing move to the square, legal or
//!   not; a Linebacker attacks nothing; en passant is no attack (R7);
//! - promotion is compulsory when the mover's hand or the shared extras
//!   hold a piece, one move per kind in the hand and one per kind among
//!   the extras (R5); a move that starts in the zone promotes too;
//! - the Zombie's captor is judged as a Zombie Pawn once converted: on its
//!   promotion rank it promotes at once, if a hand allows (D9, R9);
//! - a push is not a capture: nothing goes to a hand, a pushed pawn keeps
//!   its opening move, the push may move the enemy royal into attack (R10);
//! - castling needs the royal on its D3 square and a man of its side in
//!   the corner; a right is lost when a move leaves from, lands on or
//!   pushes onto the royal's square or the corner (R6).

use super::position::{
    castling_key, cell, cell_key, ep_key, fresh_key, hand_key, man_of, side_key, End, EndReason,
    Men, Pending, Position, DISCARD, EMPTY, NO_CARD, NO_SQUARE, SHARED, STACK,
};
use super::rules::{PromotionRule, Rules, Special, SquareMoves, Squares, ZombieRoyal};
use deckmate_rules::Seat;
use std::fmt;

/// A move of play. A castling is written as the royal's move from its
/// square to its destination.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Move(u32);

const PROMO_SHIFT: u32 = 16;
const SHARED_BIT: u32 = 1 << 23;
const CASTLE_BIT: u32 = 1 << 24;
const EP_BIT: u32 = 1 << 25;
const RETREAT_BIT: u32 = 1 << 26;
const PUSH_BIT: u32 = 1 << 27;
const DRAW_BIT: u32 = 1 << 28;
const CHOOSE_BIT: u32 = 1 << 29;

impl Move {
    const fn new(from: u8, to: u8) -> Move {
        Move(from as u32 | (to as u32) << 8)
    }

    const fn with(self, bit: u32) -> Move {
        Move(self.0 | bit)
    }

    const fn promoting(self, kind: u8, shared: bool) -> Move {
        Move(self.0 | (kind as u32 + 1) << PROMO_SHIFT | if shared { SHARED_BIT } else { 0 })
    }

    /// Chance's draw of up to three cards for a `big-deck` promotion
    /// (kinds, ascending).
    pub fn draw(kinds: &[u8]) -> Move {
        let mut v = DRAW_BIT;
        for (i, &k) in kinds.iter().take(3).enumerate() {
            v |= (u32::from(k) + 1) << (7 * i);
        }
        Move(v)
    }

    /// The cards of a draw, if the move is one.
    pub fn drawn(self) -> Option<Vec<u8>> {
        (self.0 & DRAW_BIT != 0).then(|| {
            (0..3)
                .map(|i| (self.0 >> (7 * i) & 0x7F) as u8)
                .filter(|&k| k != 0)
                .map(|k| k - 1)
                .collect()
        })
    }

    /// The promoting player's choice among the cards drawn (`big-deck`).
    pub const fn choose(square: u8, kind: u8) -> Move {
        Move(square as u32 | (square as u32) << 8 | (kind as u32 + 1) << PROMO_SHIFT | CHOOSE_BIT)
    }

    /// Whether the move is a choice among the cards drawn.
    pub const fn is_choice(self) -> bool {
        self.0 & CHOOSE_BIT != 0
    }

    /// The square the man leaves.
    pub const fn from(self) -> u8 {
        (self.0 & 0xFF) as u8
    }

    /// The square it goes to.
    pub const fn to(self) -> u8 {
        (self.0 >> 8 & 0xFF) as u8
    }

    /// The kind a pawn becomes, if it promotes.
    pub const fn promotion(self) -> Option<u8> {
        match self.0 >> PROMO_SHIFT & 0x7F {
            0 => None,
            k => Some(k as u8 - 1),
        }
    }

    /// Whether the promotion takes one of the shared extras (D4).
    pub const fn from_shared(self) -> bool {
        self.0 & SHARED_BIT != 0
    }

    /// Whether the move castles.
    pub const fn is_castling(self) -> bool {
        self.0 & CASTLE_BIT != 0
    }

    /// Whether it takes a pawn en passant.
    pub const fn is_en_passant(self) -> bool {
        self.0 & EP_BIT != 0
    }

    /// Whether it is a Chicken's retreat.
    pub const fn is_retreat(self) -> bool {
        self.0 & RETREAT_BIT != 0
    }

    /// Whether it is a Linebacker's push.
    pub const fn is_push(self) -> bool {
        self.0 & PUSH_BIT != 0
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(d) = self.drawn() {
            return write!(f, "Draw({d:?})");
        }
        if self.is_choice() {
            return write!(f, "Choose({:?})", self.promotion());
        }
        write!(f, "Move({}->{}", self.from(), self.to())?;
        if let Some(k) = self.promotion() {
            write!(f, "={k}{}", if self.from_shared() { "s" } else { "" })?;
        }
        for (bit, word) in [
            (CASTLE_BIT, " castling"),
            (EP_BIT, " ep"),
            (RETREAT_BIT, " retreat"),
            (PUSH_BIT, " push"),
        ] {
            if self.0 & bit != 0 {
                f.write_str(word)?;
            }
        }
        f.write_str(")")
    }
}

/// A board's cells.
type Board = [u8; 144];

#[inline]
fn is_enemy(c: u8, me: Seat) -> bool {
    c != EMPTY && man_of(c).0 != me
}

/// One step from `from` towards `to` along a straight or diagonal line,
/// and the square one step beyond `to` that way (for a push), if on the
/// board.
fn beyond(size: u8, from: u8, to: u8) -> Option<u8> {
    let (ff, fr) = (i32::from(from % size), i32::from(from / size));
    let (tf, tr) = (i32::from(to % size), i32::from(to / size));
    let (df, dr) = ((tf - ff).signum(), (tr - fr).signum());
    let (nf, nr) = (tf + df, tr + dr);
    let n = i32::from(size);
    ((0..n).contains(&nf) && (0..n).contains(&nr)).then(|| (nr * n + nf) as u8)
}

/// The squares strictly between `from` and `to` if they are two or more
/// steps apart on one straight or diagonal line.
fn crossed(size: u8, from: u8, to: u8) -> Option<Vec<u8>> {
    let (ff, fr) = (i32::from(from % size), i32::from(from / size));
    let (tf, tr) = (i32::from(to % size), i32::from(to / size));
    let (df, dr) = (tf - ff, tr - fr);
    let steps = df.abs().max(dr.abs());
    let line = df == 0 || dr == 0 || df.abs() == dr.abs();
    if !line || steps < 2 {
        return None;
    }
    let (sf, sr) = (df.signum(), dr.signum());
    let n = i32::from(size);
    Some(
        (1..steps)
            .map(|i| ((fr + sr * i) * n + ff + sf * i) as u8)
            .collect(),
    )
}

/// What [`Position::candidate_moves`] gave.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Candidates {
    /// Only legal moves.
    Legal,
    /// Every move, each safe if it passes the guard's test with these
    /// squares ([`Position::guard`]), else to be tried.
    Guarded(Squares),
}

/// How the side to move's royal stands before its move
/// ([`Position::guard`]).
enum Guard {
    /// One royal, not attacked: the squares a move must leave alone to be
    /// safe without trying it.
    Safe(Squares),
    /// One royal, attacked: every move is tried.
    Checked,
    /// Not exactly one royal: every move is tried.
    Unknown,
}

impl Rules {
    /// The royal's file (D3).
    pub(crate) fn royal_file(&self) -> u8 {
        if self.size == 12 {
            6
        } else {
            4
        }
    }

    /// The kinds of `by`'s men (their squares: `men`) that attack `sq` on
    /// `board` (R7): that have a capturing move there (the square itself
    /// may be empty), one a man, lazily.
    pub(crate) fn attackers<'a>(
        &'a self,
        board: &'a Board,
        men: &'a Men,
        fresh: &'a Squares,
        sq: u8,
        by: Seat,
    ) -> impl Iterator<Item = u8> + 'a {
        let near = men.all[by.index()].and(self.reached_from(by, sq));
        near.iter().filter_map(move |from| {
            let kind = man_of(board[usize::from(from)]).1;
            (self.reach(kind, by, from).has(sq)
                && self.attacks_from(board, fresh, self.moves(kind, by, from), from, kind, sq))
            .then_some(kind)
        })
    }

    /// Whether `by` attacks `sq` on `board` (R7): some man of `by` (its
    /// squares: `men`) has a capturing move there (the square itself may
    /// be empty).
    pub(crate) fn attacked(
        &self,
        board: &Board,
        men: &Men,
        fresh: &Squares,
        sq: u8,
        by: Seat,
    ) -> bool {
        self.attackers(board, men, fresh, sq, by).next().is_some()
    }

    /// Whether the man of `kind` on `from`, whose moves from there are `m`
    /// and may reach `sq`, has a capturing move to `sq` on `board` (R7).
    #[inline]
    fn attacks_from(
        &self,
        board: &Board,
        fresh: &Squares,
        m: &SquareMoves,
        from: u8,
        kind: u8,
        sq: u8,
    ) -> bool {
        self.attacks_from_on(
            |s: u8| board[usize::from(s)] == EMPTY,
            fresh,
            m,
            from,
            kind,
            sq,
        )
    }

    /// [`Rules::attacks_from`] on the board whose empty squares `is_empty`
    /// tells.
    #[inline]
    fn attacks_from_on(
        &self,
        is_empty: impl Fn(u8) -> bool,
        fresh: &Squares,
        m: &SquareMoves,
        from: u8,
        kind: u8,
        sq: u8,
    ) -> bool {
        let empty = |s: &u8| is_empty(*s);
        let is_fresh = fresh.has(from);
        if self.facts(kind).special == Special::Linebacker {
            return false;
        }
        for l in &m.leaps {
            if l.to == sq && l.can_capture && (!l.initial || is_fresh) && l.via.iter().all(empty) {
                return true;
            }
        }
        for l in &m.lines {
            if !l.can_capture || (l.initial && !is_fresh) || !l.via.iter().all(empty) {
                continue;
            }
            let Some(at) = l.squares.iter().position(|&s| s == sq) else {
                continue;
            };
            let before = l.squares[..at].iter().filter(|s| !empty(s)).count();
            if (l.hop && before == 1) || (!l.hop && before == 0) {
                return true;
            }
        }
        false
    }

    /// Whether any royal of `seat` is attacked (none: never).
    pub(crate) fn in_check(&self, board: &Board, men: &Men, fresh: &Squares, seat: Seat) -> bool {
        men.royals[seat.index()]
            .iter()
            .any(|r| self.attacked(board, men, fresh, r, seat.other()))
    }

    /// Whether the man of kind `mover` of `seat` becomes a Zombie Pawn by
    /// taking `victim` (D9).
    fn converts(&self, mover: u8, victim: Option<u8>) -> bool {
        let Some(v) = victim else {
            return false;
        };
        if self.zombie != Some(v) || self.zombie == Some(mover) {
            return false;
        }
        !(self.kinds[usize::from(mover)].is_royal()
            && self.options.zombie_royal == ZombieRoyal::Stays)
    }
}

impl Position {
    /// The board, its men and the opening-move pawns after `m` (no hands,
    /// counters).
    fn board_after(&self, m: Move) -> (Board, Men, Squares) {
        let r = &*self.rules;
        let mut b = self.board;
        let mut men = self.men;
        let mut fresh = self.fresh;
        // Sets a square's cell, and the men's sets with it.
        let mut set = |b: &mut Board, sq: u8, c: u8| {
            let old = b[usize::from(sq)];
            if old != EMPTY {
                let s = man_of(old).0.index();
                men.all[s].remove(sq);
                men.royals[s].remove(sq);
            }
            if c != EMPTY {
                let (s, k) = man_of(c);
                men.all[s.index()].add(sq);
                if r.facts(k).royal {
                    men.royals[s.index()].add(sq);
                }
            }
            b[usize::from(sq)] = c;
        };
        let (from, to) = (m.from(), m.to());
        let c = b[usize::from(from)];
        let (me, kind) = man_of(c);
        set(&mut b, from, EMPTY);
        fresh.remove(from);
        if m.is_castling() {
            let (corner, partner_to) = castle_squares(r, from, to);
            let partner = b[usize::from(corner)];
            set(&mut b, corner, EMPTY);
            set(&mut b, partner_to, partner);
            set(&mut b, to, c);
            return (b, men, fresh);
        }
        let mut victim = None;
        if m.is_en_passant() {
            let v = b[usize::from(self.ep_pawn)];
            if v != EMPTY {
                victim = Some(man_of(v).1);
            }
            set(&mut b, self.ep_pawn, EMPTY);
            fresh.remove(self.ep_pawn);
        } else if m.is_push() {
            let pushed = b[usize::from(to)];
            if let Some(next) = beyond(r.size, from, to) {
                set(&mut b, next, pushed);
                if fresh.has(to) {
                    fresh.add(next);
                }
            }
            fresh.remove(to);
        } else if b[usize::from(to)] != EMPTY {
            victim = Some(man_of(b[usize::from(to)]).1);
            fresh.remove(to);
        }
        let now = match m.promotion() {
            Some(k) => k,
            None if r.converts(kind, victim) => r.zombie.unwrap_or(kind),
            None => kind,
        };
        set(&mut b, to, cell(now, me));
        (b, men, fresh)
    }

    /// Whether the side to move has a legal move (a promotion under way
    /// always has its choice, or chance's draw).
    pub fn has_legal_move(&self) -> bool {
        self.pending.is_some() || self.any_legal_with(&self.guard())
    }

    /// Whether the side to move is in check, and whether it has a legal
    /// move ([`Position::has_legal_move`]): what the evaluation asks at
    /// every node, from one look at the enemy men.
    pub fn check_and_any_move(&self) -> (bool, bool) {
        let guard = self.guard();
        let check = match guard {
            Guard::Safe(_) => false,
            Guard::Checked => true,
            Guard::Unknown => self.in_check(self.side),
        };
        (check, self.pending.is_some() || self.any_legal_with(&guard))
    }

    /// Whether some move of the side to move is legal, man by man,
    /// stopping at the first legal move (usually among the first man's):
    /// cheap enough for the evaluation to ask.
    fn any_legal_with(&self, guard: &Guard) -> bool {
        let mut v = Vec::with_capacity(32);
        for from in self.men.all[self.side.index()].iter() {
            v.clear();
            self.man_moves::<false>(from, &mut v);
            if v.iter().any(|&m| self.is_legal_with(m, guard)) {
                return true;
            }
        }
        v.clear();
        self.castlings(&mut v);
        v.iter().any(|&m| self.is_legal_with(m, guard))
    }

    /// The legal moves (while a `big-deck` promotion is under way, the
    /// choices among the cards drawn; nothing while chance is to draw).
    pub fn legal_moves(&self, out: &mut Vec<Move>) {
        if let Some(p) = self.pending {
            if let Some(d) = p.drawn {
                let mut kinds: Vec<u8> = d.into_iter().filter(|&k| k != NO_CARD).collect();
                kinds.sort_unstable();
                kinds.dedup();
                out.extend(kinds.into_iter().map(|k| Move::choose(p.square, k)));
            }
            return;
        }
        // Generated in place, the illegal ones then dropped in order.
        let start = out.len();
        self.pseudo_moves(out);
        self.keep_legal(out, start, &self.guard());
    }

    /// The legal moves the slow way, each made on a copy of the board
    /// and kept when it leaves no royal of the mover attacked: what
    /// [`Position::legal_moves`] (with its guard and its test of a plain
    /// move without a copy) must equal, for tests.
    pub fn legal_moves_by_definition(&self, out: &mut Vec<Move>) {
        if self.pending.is_some() {
            self.legal_moves(out);
            return;
        }
        let start = out.len();
        self.pseudo_moves(out);
        let mut kept = start;
        for i in start..out.len() {
            let m = out[i];
            if self.is_safe_by_board_after(m) {
                out[kept] = m;
                kept += 1;
            }
        }
        out.truncate(kept);
    }

    /// Drops the illegal moves of `out[start..]`, keeping the order.
    fn keep_legal(&self, out: &mut Vec<Move>, start: usize, guard: &Guard) {
        let mut kept = start;
        for i in start..out.len() {
            let m = out[i];
            if self.is_legal_with(m, guard) {
                out[kept] = m;
                kept += 1;
            }
        }
        out.truncate(kept);
    }

    /// The moves the search tries (see `Evaluator::candidate_moves`):
    /// every move, its safety untried, once `min_legal` of them are seen
    /// to be safe by the guard's test ([`Candidates::Guarded`]); else
    /// only the legal moves (in check, with other than one royal, with
    /// few moves, or while a promotion is under way).
    pub(crate) fn candidate_moves(&self, min_legal: usize, out: &mut Vec<Move>) -> Candidates {
        self.candidates::<false>(min_legal, out)
    }

    /// [`Position::candidate_moves`], of the tactical moves alone with
    /// `TACTICAL` ([`Position::tactical_pseudo_moves`]).
    fn candidates<const TACTICAL: bool>(
        &self,
        min_legal: usize,
        out: &mut Vec<Move>,
    ) -> Candidates {
        if self.pending.is_some() {
            self.legal_moves(out);
            return Candidates::Legal;
        }
        let start = out.len();
        if TACTICAL {
            self.tactical_pseudo_moves(out);
        } else {
            self.pseudo_moves(out);
        }
        let guard = self.guard();
        if let Guard::Safe(danger) = guard {
            let safe = out[start..]
                .iter()
                .filter(|&&m| Self::passes(&danger, m))
                .take(min_legal)
                .count();
            if safe >= min_legal {
                return Candidates::Guarded(danger);
            }
        }
        self.keep_legal(out, start, &guard);
        Candidates::Legal
    }

    /// Whether a move of [`Position::candidate_moves`], which said
    /// `candidates`, is legal.
    pub(crate) fn is_legal_candidate(&self, candidates: &Candidates, m: Move) -> bool {
        match candidates {
            Candidates::Legal => true,
            Candidates::Guarded(danger) => Self::passes(danger, m) || self.is_safe(m),
        }
    }

    /// What a move must leave alone to be safe without trying it: the
    /// squares whose occupancy could change an attack on the side to
    /// move's royal (every enemy man that could ever capture there, the
    /// squares its path to the royal must pass, and its own square).
    fn guard(&self) -> Guard {
        let r = &*self.rules;
        let me = self.side;
        let mut royals = self.men.royals[me.index()].iter();
        let (Some(king), None) = (royals.next(), royals.next()) else {
            return Guard::Unknown;
        };
        let them = me.other();
        let mut danger = Squares::default();
        let near = self.men.all[them.index()].and(r.reached_from(them, king));
        for from in near.iter() {
            let kind = man_of(self.board[usize::from(from)]).1;
            if !r.reach(kind, them, from).has(king) {
                continue;
            }
            let m = r.moves(kind, them, from);
            if r.attacks_from(&self.board, &self.fresh, m, from, kind, king) {
                return Guard::Checked;
            }
            danger.add(from);
            for l in m.leaps.iter().filter(|l| l.to == king && l.can_capture) {
                for &v in &l.via {
                    danger.add(v);
                }
            }
            for l in m.lines.iter().filter(|l| l.can_capture) {
                if let Some(at) = l.squares.iter().position(|&s| s == king) {
                    for &v in l.via.iter().chain(&l.squares[..at]) {
                        danger.add(v);
                    }
                }
            }
        }
        danger.add(king);
        Guard::Safe(danger)
    }

    /// Whether `m` is legal, tried only when it touches the guarded
    /// squares (or is a royal's move, a castling, an en passant capture or
    /// a push, which move more than one man).
    fn is_legal_with(&self, m: Move, guard: &Guard) -> bool {
        match guard {
            Guard::Safe(danger) if Self::passes(danger, m) => true,
            _ => self.is_safe(m),
        }
    }

    /// Whether `m` is safe by the guard's test alone: a move of one man
    /// (not a castling, an en passant capture or a push) that neither
    /// leaves nor lands on a guarded square.
    fn passes(danger: &Squares, m: Move) -> bool {
        !m.is_castling()
            && !m.is_en_passant()
            && !m.is_push()
            && !danger.has(m.from())
            && !danger.has(m.to())
    }

    /// Whether a side's royal is attacked now.
    pub fn in_check(&self, seat: Seat) -> bool {
        self.rules
            .in_check(&self.board, &self.men, &self.fresh, seat)
    }

    /// The square of a side's royal that is attacked now, if any (the
    /// first one found where the side has several).
    pub fn checked_royal(&self, seat: Seat) -> Option<u8> {
        self.men.royals[seat.index()].iter().find(|&r| {
            self.rules
                .attacked(&self.board, &self.men, &self.fresh, r, seat.other())
        })
    }

    /// Whether `m` leaves the mover's royals unattacked (D1).
    fn is_safe(&self, m: Move) -> bool {
        if let Some(safe) = self.plain_move_safety(m) {
            return safe;
        }
        self.is_safe_by_board_after(m)
    }

    /// [`Position::is_safe`] by making the board after `m`: the
    /// definition, for every kind of move.
    fn is_safe_by_board_after(&self, m: Move) -> bool {
        let (b, men, f) = self.board_after(m);
        !self.rules.in_check(&b, &men, &f, self.side)
    }

    /// [`Position::is_safe`] without making the board, for a move of one
    /// man that keeps its kind (not a castling, an en passant capture, a
    /// push, a promotion or a Zombie's conversion; `None` for those): the
    /// board after it differs only in its two squares.
    fn plain_move_safety(&self, m: Move) -> Option<bool> {
        if m.is_castling() || m.is_en_passant() || m.is_push() || m.promotion().is_some() {
            return None;
        }
        let r = &*self.rules;
        let b = &self.board;
        let (from, to) = (m.from(), m.to());
        let kind = man_of(b[usize::from(from)]).1;
        let target = b[usize::from(to)];
        let victim = (target != EMPTY).then(|| man_of(target).1);
        if r.converts(kind, victim) {
            return None;
        }
        let them = self.side.other();
        let mut enemies = self.men.all[them.index()];
        enemies.remove(to);
        let is_empty = |s: u8| s == from || (s != to && b[usize::from(s)] == EMPTY);
        for royal in self.men.royals[self.side.index()].iter() {
            let at = if royal == from { to } else { royal };
            for e in enemies.and(r.reached_from(them, at)).iter() {
                let k = man_of(b[usize::from(e)]).1;
                if r.reach(k, them, e).has(at)
                    && r.attacks_from_on(is_empty, &self.fresh, r.moves(k, them, e), e, k, at)
                {
                    return Some(false);
                }
            }
        }
        Some(true)
    }

    /// Every move of the side to move, its royal's safety not yet looked
    /// at (castling's is).
    pub(crate) fn pseudo_moves(&self, out: &mut Vec<Move>) {
        for from in self.men.all[self.side.index()].iter() {
            self.man_moves::<false>(from, out);
        }
        self.castlings(out);
    }

    /// The moves of [`Position::pseudo_moves`] that may be tactical
    /// (captures, en passant, promotions), in the same order: every
    /// tactical one, and the others a promotion choice comes with (a
    /// pawn's plain move into its zone when no hand can promote it).
    fn tactical_pseudo_moves(&self, out: &mut Vec<Move>) {
        for from in self.men.all[self.side.index()].iter() {
            self.man_moves::<true>(from, out);
        }
    }

    /// The candidates of a quiescence node that may stand pat
    /// (`Evaluator::tactical_candidates`): the tactical moves, as
    /// [`Position::candidate_moves`] would give them (its note: guarded
    /// squares, or legal moves only).
    pub(crate) fn tactical_candidates(&self, out: &mut Vec<Move>) -> Candidates {
        self.candidates::<true>(0, out)
    }

    /// The moves of the side to move's man on `from` (no castling), its
    /// royal's safety not yet looked at; with `TACTICAL`, only those that
    /// take or may promote (a move to an empty square only into the
    /// man's zone; no Chicken's retreat).
    #[inline]
    fn man_moves<const TACTICAL: bool>(&self, from: u8, out: &mut Vec<Move>) {
        let r = &*self.rules;
        let me = self.side;
        let b = &self.board;
        let empty = |s: &u8| b[usize::from(*s)] == EMPTY;
        let kind = man_of(b[usize::from(from)]).1;
        let k = r.facts(kind);
        let fresh = self.fresh.has(from);
        let lb = k.special == Special::Linebacker;
        let m = r.moves(kind, me, from);
        for l in &m.leaps {
            if (l.initial && !fresh) || !l.via.iter().all(empty) {
                continue;
            }
            let t = b[usize::from(l.to)];
            if t == EMPTY {
                if l.can_move && (!TACTICAL || r.in_zone(kind, me, l.to)) {
                    self.emit(out, kind, Move::new(from, l.to), None);
                }
            } else if is_enemy(t, me) {
                if lb {
                    if l.can_move && (!TACTICAL || r.in_zone(kind, me, l.to)) {
                        self.push(out, kind, from, l.to);
                    }
                } else if l.can_capture {
                    self.emit(out, kind, Move::new(from, l.to), Some(man_of(t).1));
                }
            }
        }
        for l in &m.lines {
            if (l.initial && !fresh) || !l.via.iter().all(empty) {
                continue;
            }
            let mut screened = !l.hop;
            for &s in &l.squares {
                let t = b[usize::from(s)];
                if t == EMPTY {
                    if screened && l.can_move && (!TACTICAL || r.in_zone(kind, me, s)) {
                        self.emit(out, kind, Move::new(from, s), None);
                    }
                    continue;
                }
                if !screened {
                    screened = true;
                    continue;
                }
                if is_enemy(t, me) {
                    if lb {
                        if l.can_move && (!TACTICAL || r.in_zone(kind, me, s)) {
                            self.push(out, kind, from, s);
                        }
                    } else if l.can_capture {
                        self.emit(out, kind, Move::new(from, s), Some(man_of(t).1));
                    }
                }
                break;
            }
        }
        if k.pawn {
            self.special_pawn_moves::<TACTICAL>(out, kind, from, fresh);
        }
    }

    /// D9's additions for a pawn on `from`: en passant, the Chicken's
    /// retreat, the Zabel's double step.
    fn special_pawn_moves<const TACTICAL: bool>(
        &self,
        out: &mut Vec<Move>,
        kind: u8,
        from: u8,
        fresh: bool,
    ) {
        let r = &*self.rules;
        let me = self.side;
        let b = &self.board;
        let empty = |s: &u8| b[usize::from(*s)] == EMPTY;
        let special = r.facts(kind).special;
        // En passant: any capture of the pawn's that lands on a crossed
        // square (R4; Horse and Lance Pawns never, R3; a Linebacker never
        // captures).
        if !self.ep.is_empty()
            && self.ep_pawn != NO_SQUARE
            && !matches!(special, Special::NoEnPassant | Special::Linebacker)
        {
            let victim = b[usize::from(self.ep_pawn)];
            if is_enemy(victim, me) {
                let m = r.moves(kind, me, from);
                let vk = Some(man_of(victim).1);
                for l in &m.leaps {
                    if l.can_capture
                        && self.ep.has(l.to)
                        && (!l.initial || fresh)
                        && l.via.iter().all(empty)
                    {
                        self.emit(out, kind, Move::new(from, l.to).with(EP_BIT), vk);
                    }
                }
                for l in &m.lines {
                    if l.hop || !l.can_capture || (l.initial && !fresh) || !l.via.iter().all(empty)
                    {
                        continue;
                    }
                    for &s in &l.squares {
                        if !empty(&s) {
                            break;
                        }
                        if self.ep.has(s) {
                            self.emit(out, kind, Move::new(from, s).with(EP_BIT), vk);
                        }
                    }
                }
            }
        }
        let n = i32::from(r.size);
        let (ff, fr) = (i32::from(from) % n, i32::from(from) / n);
        let fwd = if me == Seat::First { 1 } else { -1 };
        let at = |f: i32, rk: i32| {
            ((0..n).contains(&f) && (0..n).contains(&rk)).then(|| (rk * n + f) as u8)
        };
        match special {
            Special::Chicken
                if !TACTICAL
                    && r.attacked(&self.board, &self.men, &self.fresh, from, me.other()) =>
            {
                for df in [-1, 0, 1] {
                    let mut i = 1;
                    while let Some(s) = at(ff + df * i, fr - fwd * i) {
                        if !empty(&s) {
                            break;
                        }
                        out.push(Move::new(from, s).with(RETREAT_BIT));
                        i += 1;
                    }
                }
            }
            Special::Zabel => {
                if let (Some(mid), Some(to)) = (at(ff, fr + fwd), at(ff, fr + 2 * fwd)) {
                    if empty(&mid) && empty(&to) && r.rank_from(me, to) == r.size - 1 {
                        self.emit(out, kind, Move::new(from, to), None);
                    }
                }
            }
            _ => {}
        }
    }

    /// A Linebacker's move onto the enemy man on `to`, pushing it one
    /// square further (D9) if that square is on the board and empty.
    fn push(&self, out: &mut Vec<Move>, kind: u8, from: u8, to: u8) {
        if let Some(next) = beyond(self.rules.size, from, to) {
            if self.board[usize::from(next)] == EMPTY {
                self.emit(out, kind, Move::new(from, to).with(PUSH_BIT), None);
            }
        }
    }

    /// Adds `m` by a man of `kind`, taking `victim`: once per promotion
    /// choice when the man (after a Zombie's conversion) ends in its zone
    /// and a hand holds a piece (D4, R5, R9), as it is otherwise.
    #[inline(always)]
    fn emit(&self, out: &mut Vec<Move>, kind: u8, m: Move, victim: Option<u8>) {
        let r = &*self.rules;
        // A man that takes no Zombie and does not end in its zone (a
        // piece never does) never promotes.
        if (victim.is_none() || victim != r.zombie) && !r.in_zone(kind, self.side, m.to()) {
            out.push(m);
        } else {
            self.emit_promoting(out, kind, m, victim);
        }
    }

    /// [`Position::emit`] for a pawn, or a man that takes a Zombie.
    fn emit_promoting(&self, out: &mut Vec<Move>, kind: u8, m: Move, victim: Option<u8>) {
        let r = &*self.rules;
        let me = self.side;
        let judged = if r.converts(kind, victim) {
            r.zombie.unwrap_or(kind)
        } else {
            kind
        };
        if r.in_zone(judged, me, m.to()) {
            match r.options.promotion {
                PromotionRule::Hand => {
                    let mut any = false;
                    for (i, hand) in [(me.index(), false), (SHARED, true)] {
                        for k in 0..r.kinds.len() {
                            if self.hands[i][k] > 0 {
                                out.push(m.promoting(k as u8, hand));
                                any = true;
                            }
                        }
                    }
                    if any {
                        return;
                    }
                }
                PromotionRule::Standard => {
                    let to = self.promote_to[me.index()];
                    if to != 0 {
                        for k in 0..r.kinds.len() as u8 {
                            if to >> k & 1 != 0 {
                                out.push(m.promoting(k, false));
                            }
                        }
                        return;
                    }
                }
                // The draw comes after the move (play sets it up).
                PromotionRule::DrawStack => {}
            }
        }
        out.push(m);
    }

    /// The castlings open to the side to move (D5, R6).
    fn castlings(&self, out: &mut Vec<Move>) {
        let r = &*self.rules;
        let me = self.side;
        let bits = self.castling >> (2 * me.index()) & 3;
        if bits == 0 {
            return;
        }
        let back = if me == Seat::First { 0 } else { r.size - 1 };
        let home = back * r.size + r.royal_file();
        let c = self.board[usize::from(home)];
        if c == EMPTY || man_of(c).0 != me || !r.facts(man_of(c).1).royal {
            return;
        }
        let them = me.other();
        if r.attacked(&self.board, &self.men, &self.fresh, home, them) {
            return;
        }
        for (bit, file) in [(1u8, 0u8), (2, r.size - 1)] {
            if bits & bit == 0 {
                continue;
            }
            let corner = back * r.size + file;
            let p = self.board[usize::from(corner)];
            if p == EMPTY || man_of(p).0 != me || r.facts(man_of(p).1).royal {
                continue;
            }
            let (lo, hi) = (home.min(corner), home.max(corner));
            if (lo + 1..hi).any(|s| self.board[usize::from(s)] != EMPTY) {
                continue;
            }
            let step: i32 = if corner > home { 1 } else { -1 };
            let cross = (i32::from(home) + step) as u8;
            let to = (i32::from(home) + 2 * step) as u8;
            if [cross, to]
                .iter()
                .any(|&s| r.attacked(&self.board, &self.men, &self.fresh, s, them))
            {
                continue;
            }
            out.push(Move::new(home, to).with(CASTLE_BIT));
        }
    }

    /// Plays a legal move: the board, the hands, castling, en passant, the
    /// counters, the hash, and the draws it brings at once (D1).
    pub fn play(&mut self, m: Move) {
        if let Some(d) = m.drawn() {
            self.play_draw(&d);
            return;
        }
        if m.is_choice() {
            self.play_choice(m);
            return;
        }
        let r = self.rules.clone();
        let me = self.side;
        let (from, to) = (m.from(), m.to());
        let (_, kind) = man_of(self.board[usize::from(from)]);
        let mover = &r.kinds[usize::from(kind)];
        // The hash is brought up to date as things change (what
        // `compute_hash` would give, checked in debug builds).
        let mut hash = self.hash;
        // The capture, for the hand (D4: a piece's double, not a pawn's or
        // a royal's).
        let victim = if m.is_en_passant() {
            Some(self.ep_pawn)
        } else if !m.is_push() && !m.is_castling() && self.board[usize::from(to)] != EMPTY {
            Some(to)
        } else {
            None
        };
        if let Some(v) = victim {
            let (_, vk) = man_of(self.board[usize::from(v)]);
            if r.facts(vk).piece {
                let row = match r.options.promotion {
                    PromotionRule::Hand => Some(me.index()),
                    PromotionRule::Standard => None,
                    PromotionRule::DrawStack => Some(DISCARD),
                };
                if let Some(row) = row {
                    let n = self.hands[row][usize::from(vk)];
                    self.hands[row][usize::from(vk)] = n + 1;
                    hash ^= hand_key(row, vk, n) ^ hand_key(row, vk, n + 1);
                }
            }
        }
        if let (Some(k), PromotionRule::Hand) = (m.promotion(), r.options.promotion) {
            let i = if m.from_shared() { SHARED } else { me.index() };
            let n = self.hands[i][usize::from(k)];
            self.hands[i][usize::from(k)] = n.saturating_sub(1);
            hash ^= hand_key(i, k, n) ^ hand_key(i, k, n.saturating_sub(1));
        }
        let (board, men, fresh) = self.board_after(m);
        // The squares whose men may have changed.
        let mut changed = Squares::default();
        changed.add(from);
        changed.add(to);
        if m.is_castling() {
            let (corner, partner_to) = castle_squares(&r, from, to);
            changed.add(corner);
            changed.add(partner_to);
        } else if m.is_en_passant() {
            changed.add(self.ep_pawn);
        }
        // Castling rights: lost by any move from, onto or pushing onto a
        // royal's square or a corner (R6).
        let pushed_to = if m.is_push() {
            beyond(r.size, from, to)
        } else {
            None
        };
        if let Some(next) = pushed_to {
            changed.add(next);
        }
        for sq in changed.iter() {
            let (was, now) = (self.board[usize::from(sq)], board[usize::from(sq)]);
            if was != now {
                hash ^= cell_key(was, sq) ^ cell_key(now, sq);
            }
        }
        for sq in self.fresh.xor(&fresh).iter() {
            hash ^= fresh_key(sq);
        }
        let castling = self.castling;
        let touched = [Some(from), Some(to), pushed_to];
        for seat in Seat::BOTH {
            let back = if seat == Seat::First { 0 } else { r.size - 1 };
            let home = back * r.size + r.royal_file();
            let shift = 2 * seat.index() as u8;
            for t in touched.into_iter().flatten() {
                if t == home {
                    self.castling &= !(3 << shift);
                }
                if t == back * r.size {
                    self.castling &= !(1 << shift);
                }
                if t == back * r.size + r.size - 1 {
                    self.castling &= !(2 << shift);
                }
            }
        }
        hash ^= castling_key(castling) ^ castling_key(self.castling);
        // En passant (D9, R4): a pawn's line move of two or three squares,
        // not a Horse's or Lance's, not a retreat, the man still a pawn.
        let ep = self.ep;
        self.ep = Squares::default();
        self.ep_pawn = NO_SQUARE;
        let still_pawn = r.kinds[usize::from(man_of(board[usize::from(to)]).1)].is_pawn();
        if mover.is_pawn() && mover.special != Special::NoEnPassant && !m.is_retreat() && still_pawn
        {
            if let Some(sqs) = crossed(r.size, from, to) {
                for s in sqs {
                    if board[usize::from(s)] == EMPTY {
                        self.ep.add(s);
                    }
                }
                if !self.ep.is_empty() {
                    self.ep_pawn = to;
                }
            }
        }
        for sq in ep.xor(&self.ep).iter() {
            hash ^= ep_key(sq);
        }
        let irreversible = victim.is_some() || mover.is_pawn();
        self.half_moves = if irreversible { 0 } else { self.half_moves + 1 };
        self.board = board;
        self.men = men;
        self.fresh = fresh;
        self.hash = hash;
        // big-deck: a pawn that ends in its zone waits for chance's draw
        // and its choice before the turn ends.
        let (_, now) = man_of(self.board[usize::from(to)]);
        if r.options.promotion == PromotionRule::DrawStack
            && r.in_zone(now, me, to)
            && !self.draw_pool().is_empty()
        {
            self.ep = Squares::default();
            self.ep_pawn = NO_SQUARE;
            self.pending = Some(Pending {
                square: to,
                drawn: None,
            });
            self.history.clear();
            self.hash = self.compute_hash();
            return;
        }
        self.finish_turn(irreversible);
    }

    /// The cards chance draws from for a `big-deck` promotion: the Draw
    /// Stack, with the Discard Pile shuffled in when the stack holds fewer
    /// than three.
    pub fn draw_pool(&self) -> Vec<u8> {
        let stack = self.draw_stack();
        if stack.len() >= 3 {
            return stack;
        }
        let mut all = stack;
        all.extend(self.discard_pile());
        all.sort_unstable();
        all
    }

    /// Chance's draw: up to three cards from the pool.
    fn play_draw(&mut self, drawn: &[u8]) {
        if self.draw_stack().len() < 3 {
            for k in 0..self.rules.kinds.len() {
                self.hands[STACK][k] += self.hands[DISCARD][k];
                self.hands[DISCARD][k] = 0;
            }
        }
        let mut cards = [NO_CARD; 3];
        for (slot, &k) in cards.iter_mut().zip(drawn) {
            if let Some(n) = self.hands[STACK].get_mut(usize::from(k)) {
                *n = n.saturating_sub(1);
            }
            *slot = k;
        }
        if let Some(p) = self.pending.as_mut() {
            p.drawn = Some(cards);
        }
        self.hash = self.compute_hash();
    }

    /// The promoting player's choice: the pawn becomes it, the other
    /// cards go to the Discard Pile, and the turn ends.
    fn play_choice(&mut self, m: Move) {
        let (Some(p), Some(k)) = (self.pending, m.promotion()) else {
            return;
        };
        let me = self.side;
        self.board[usize::from(p.square)] = cell(k, me);
        self.fresh.remove(p.square);
        let mut kept = false;
        for c in p.drawn.unwrap_or([NO_CARD; 3]) {
            if c == NO_CARD {
                continue;
            }
            if c == k && !kept {
                kept = true;
            } else if let Some(n) = self.hands[DISCARD].get_mut(usize::from(c)) {
                *n += 1;
            }
        }
        self.pending = None;
        self.hash = self.compute_hash();
        self.finish_turn(true);
    }

    /// The position after the side to move passes (for the search's
    /// null-move pruning; no rule allows a pass): the en passant squares
    /// gone, the other side to move, no earlier position to repeat. `None`
    /// while a promotion is under way, the game is over, or the side to
    /// move is in check.
    pub fn passed(&self) -> Option<Position> {
        if self.pending.is_some() || self.end.is_some() || self.in_check(self.side) {
            return None;
        }
        let mut p = self.clone();
        for sq in p.ep.iter() {
            p.hash ^= ep_key(sq);
        }
        p.ep = Squares::default();
        p.ep_pawn = NO_SQUARE;
        p.half_moves += 1;
        p.finish_turn(true);
        Some(p)
    }

    /// Ends the mover's turn: the side, the move number, the hash, the
    /// history and the draws it brings at once (D1).
    fn finish_turn(&mut self, irreversible: bool) {
        let me = self.side;
        if me == Seat::Second {
            self.move_number += 1;
        }
        self.side = me.other();
        self.hash ^= side_key();
        debug_assert_eq!(self.hash, self.compute_hash(), "the hash kept up to date");
        self.ep_counts = self.en_passant_capturable();
        let key = self.repetition_key();
        if irreversible {
            self.history.clear();
        }
        self.history.push(key);
        if self.half_moves >= 100 {
            self.end = Some(End {
                winner: None,
                reason: EndReason::FiftyMoves,
            });
        } else if self.history.iter().filter(|&&h| h == key).count() >= 3 {
            self.end = Some(End {
                winner: None,
                reason: EndReason::Repetition,
            });
        }
    }

    /// How the game stands ended, if it has: an end set by a move or from
    /// outside, else checkmate or stalemate (D1).
    pub fn end_state(&self) -> Option<End> {
        if let Some(e) = self.end {
            return Some(e);
        }
        if self.has_legal_move() {
            return None;
        }
        Some(if self.in_check(self.side) {
            End {
                winner: Some(self.side.other()),
                reason: EndReason::Checkmate,
            }
        } else {
            End {
                winner: None,
                reason: EndReason::Stalemate,
            }
        })
    }

    /// Whether the side to move has a legal en passant capture on any of
    /// the squares the last pawn move crossed (D9): only then do those
    /// squares count for repetition (D1). The pawns' en passant moves are
    /// looked for first; the royal's safety only for those found.
    pub(crate) fn en_passant_capturable(&self) -> bool {
        if self.ep.is_empty() || self.ep_pawn == NO_SQUARE || self.pending.is_some() {
            return false;
        }
        let r = &*self.rules;
        let mut v = Vec::new();
        for from in self.men.all[self.side.index()].iter() {
            let kind = man_of(self.board[usize::from(from)]).1;
            if r.kinds[usize::from(kind)].is_pawn() {
                self.special_pawn_moves::<false>(&mut v, kind, from, self.fresh.has(from));
            }
        }
        v.retain(|m| m.is_en_passant());
        if v.is_empty() {
            return false;
        }
        let guard = self.guard();
        v.into_iter().any(|m| self.is_legal_with(m, &guard))
    }
}

/// For castling from `home` to `to`: the corner and where its man lands.
fn castle_squares(r: &Rules, home: u8, to: u8) -> (u8, u8) {
    let back = home - home % r.size;
    if to > home {
        (back + r.size - 1, to - 1)
    } else {
        (back, to + 1)
    }
}
