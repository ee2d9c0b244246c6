//! Legal move generation, bulk counting and attack detection.
//!
//! A piece's targets come from its compiled tables: free leaps as two sets
//! (to empty squares, onto enemies), lines (rays, hops, lame, bent and
//! first-move-only moves) one by one, each resolved by one bit scan for the
//! first piece on it.
//!
//! Legality, when the game is won by checkmate: the side's royal may never
//! be left attacked. Once per position we find, for every enemy piece that
//! could capture the royal if what stands between were gone (the reverse
//! tables):
//! - the checks: a free leap, or a line whose path (the squares before the
//!   royal and the squares that must be empty) is clear;
//! - the pins: a line whose path holds exactly one piece, ours: that piece
//!   may only move within the path or onto the attacker;
//! - the squares where anything may happen (a hopper's line, which a move
//!   may open by entering as well as by leaving; an attacker with two
//!   paths): a move from or to them is tested by playing it on the sets.
//!
//! Then a move of a piece other than the royal is legal without a test
//! when not in check, or when in a single check (not a hopper's) it takes
//! the checker or lands on its path; pinned pieces keep to their pins. A
//! move of the royal, an en passant capture, a move in a double check or
//! in a hopper's check, and a move touching the uncertain squares are
//! tested: is the royal attacked on the board as the move leaves it? A free
//! leap cannot be uncovered, and a line can only be opened by emptying its
//! path, so nothing else can expose the royal.

use super::position::{Move, Position};
use super::rules::{CastlingSafety, WinCondition};
use super::set::SquareSet;
use super::tables::{INITIAL, JUMPS, LINES};
use deckmate_rules::Seat;

/// The most pins kept one by one; beyond, a pinned piece's moves are
/// tested.
const MAX_PINS: usize = 16;

/// What legality needs, worked out once per position.
pub(crate) struct Ctx<S> {
    pub me: Seat,
    pub opp: Seat,
    pub us: S,
    pub them: S,
    pub occ: S,
    /// The royal's square when its safety is a rule.
    pub royal: Option<u8>,
    /// The royal's kind.
    pub royal_kind: usize,
    /// How many ways the royal is attacked.
    pub checks: u32,
    /// Where a non-royal move must land (everything when not in check).
    pub check_mask: S,
    /// Every non-royal move must be tested.
    pub evade_slow: bool,
    pub pinned: S,
    pins: [(u8, S); MAX_PINS],
    npins: usize,
    /// A move from or to these squares must be tested.
    pub slow: S,
}

impl<S: SquareSet> Position<S> {
    /// Whether square `target` is attacked by `by`'s pieces `them`, with
    /// `occ` occupied, the victim being of kind `victim` (kinds that may not
    /// capture it do not attack).
    #[inline]
    pub(crate) fn attacked_by(&self, target: u8, by: Seat, occ: S, them: S, victim: usize) -> bool {
        let t = &*self.t;
        let s = by.index();
        let vbit = 1u32 << victim;
        for &k in &t.leapers[s] {
            let k = usize::from(k);
            if t.forbidden[k] & vbit != 0 {
                continue;
            }
            if t.leap_attackers(t.at(by, k, target))
                .meets(them & self.place.by_kind[k])
            {
                return true;
            }
        }
        for &k in &t.liners[s] {
            let k = usize::from(k);
            if t.forbidden[k] & vbit != 0 {
                continue;
            }
            let mut cands = t.line_attackers(t.at(by, k, target)) & them & self.place.by_kind[k];
            while let Some(a) = cands.pop() {
                for line in t.lines(t.at(by, k, a)) {
                    if !line.captures() || !line.mask.contains(target) {
                        continue;
                    }
                    if line.via.meets(occ) || (line.initial && !self.may_start(by, k, a)) {
                        continue;
                    }
                    let between = line.before(target) & occ;
                    let open = if line.hop {
                        !between.is_empty() && !between.has_several()
                    } else {
                        between.is_empty()
                    };
                    if open {
                        return true;
                    }
                }
            }
        }
        for &k in &t.jumpers[s] {
            let k = usize::from(k);
            if t.forbidden[k] & vbit == 0 && self.jumped_on(target, by, k, them) {
                return true;
            }
        }
        false
    }

    /// Whether a piece of `by`'s kind `kind` among `them` (all of `by`'s
    /// pieces) lands on `target` by its line jump: along a line back from
    /// `target`, an unbroken run of `them` whose second or later square
    /// holds such a piece (the squares before it are the line it jumps).
    #[inline]
    fn jumped_on(&self, target: u8, by: Seat, kind: usize, them: S) -> bool {
        let t = &*self.t;
        let at = t.at(by, kind, target);
        let jumpers = them & self.place.by_kind[kind];
        if !t.jump_attackers(at).meets(jumpers) {
            return false;
        }
        t.jumps_back(at).iter().any(|line| {
            let first = line.first(line.mask);
            if !them.contains(first) {
                return false;
            }
            let gaps = line.mask & !them;
            let run = if gaps.is_empty() {
                line.mask
            } else {
                line.before(line.first(gaps))
            };
            (run & !S::bit(first)).meets(jumpers)
        })
    }

    /// Whether `seat`'s piece of kind `kind` on `sq` may make its
    /// first-move-only moves: it has not moved, or the rules allow them
    /// from there ([`Hooks::initial_from`](super::rules::Hooks::initial_from)).
    #[inline]
    fn may_start(&self, seat: Seat, kind: usize, sq: u8) -> bool {
        self.unmoved.contains(sq) || self.t.initial_from(seat, kind).contains(sq)
    }

    /// Whether `seat`'s royal is attacked (false without one).
    pub fn royal_attacked(&self, seat: Seat) -> bool {
        let Some(sq) = self.place.royal[seat.index()] else {
            return false;
        };
        if self.place.at(sq).is_none_or(|(s, _)| s != seat) {
            return false;
        }
        let occ = self.place.by_side[0] | self.place.by_side[1];
        let them = self.place.by_side[seat.other().index()];
        self.attacked_by(sq, seat.other(), occ, them, self.place.kind_at(sq))
    }

    /// The exchange `mv` (a move of the side to move, not a drop nor a
    /// castling) starts, two captures deep, on the board as the move
    /// leaves it (pins and royals' safety not looked at: for the search's
    /// exchange test, not for legality): the first kind of `order` (kinds, the cheapest
    /// first) among the other side's pieces that could take the mover on
    /// its arrival square, and whether a piece of the mover's side (not
    /// the mover) could take that one back there. `None`: nothing takes
    /// the mover.
    pub fn recapture(&self, mv: Move, order: &[usize]) -> Option<(usize, bool)> {
        if mv.dropped().is_some() || mv.castling().is_some() || mv.is_pass() {
            return None;
        }
        let me = self.side;
        let opp = me.other();
        let (from, to) = (mv.from_index(), mv.to_index());
        let (_, mover) = self.place.at(from)?;
        let kind = mv.promotion().unwrap_or(mover);
        let mut occ = (self.place.by_side[0] | self.place.by_side[1]) & !S::bit(from);
        occ |= S::bit(to);
        let mut them = self.place.by_side[opp.index()] & !S::bit(to);
        if mv.is_en_passant() {
            if let Some(v) = self.en_passant_victim() {
                occ &= !S::bit(v);
                them &= !S::bit(v);
            }
        }
        if !self.attacked_by(to, opp, occ, them, kind) {
            return None;
        }
        let taker = order.iter().copied().find(|&k| {
            let of_kind = them & self.place.by_kind[k];
            !of_kind.is_empty() && self.attacked_by(to, opp, occ, of_kind, kind)
        })?;
        let ours = self.place.by_side[me.index()] & !S::bit(from) & !S::bit(to);
        Some((taker, self.attacked_by(to, me, occ, ours, taker)))
    }

    /// Whether the side to move's royal is attacked.
    pub fn in_check(&self) -> bool {
        self.royal_attacked(self.side)
    }

    /// The checks and pins of the side to move.
    pub(crate) fn ctx(&self) -> Ctx<S> {
        let t = &*self.t;
        let me = self.side;
        let opp = me.other();
        let us = self.place.by_side[me.index()];
        let them = self.place.by_side[opp.index()];
        let occ = us | them;
        let mut c = Ctx {
            me,
            opp,
            us,
            them,
            occ,
            royal: None,
            royal_kind: 0,
            checks: 0,
            check_mask: !S::EMPTY,
            evade_slow: false,
            pinned: S::EMPTY,
            pins: [(0, S::EMPTY); MAX_PINS],
            npins: 0,
            slow: S::EMPTY,
        };
        let Some(k_sq) = self.place.royal[me.index()] else {
            return c;
        };
        if t.rules.win != WinCondition::Checkmate || !us.contains(k_sq) {
            return c;
        }
        c.royal = Some(k_sq);
        c.royal_kind = self.place.kind_at(k_sq);
        let vbit = 1u32 << c.royal_kind;
        let mut mask = S::EMPTY;
        for &k in &t.leapers[opp.index()] {
            let k = usize::from(k);
            if t.forbidden[k] & vbit != 0 {
                continue;
            }
            let hits = t.leap_attackers(t.at(opp, k, k_sq)) & them & self.place.by_kind[k];
            if !hits.is_empty() {
                c.checks += hits.count();
                mask |= hits;
            }
        }
        for &k in &t.liners[opp.index()] {
            let k = usize::from(k);
            if t.forbidden[k] & vbit != 0 {
                continue;
            }
            let mut cands = t.line_attackers(t.at(opp, k, k_sq)) & them & self.place.by_kind[k];
            while let Some(a) = cands.pop() {
                let lines = t.lines(t.at(opp, k, a));
                let reaching = |l: &&super::tables::Line<S>| {
                    l.captures()
                        && l.mask.contains(k_sq)
                        && (!l.initial || self.may_start(opp, k, a))
                };
                let several = lines.iter().filter(reaching).nth(1).is_some();
                for line in lines.iter().filter(reaching) {
                    let path = line.before(k_sq) | line.via;
                    let open = if line.hop {
                        let between = line.before(k_sq) & occ;
                        !line.via.meets(occ) && !between.is_empty() && !between.has_several()
                    } else {
                        !path.meets(occ)
                    };
                    if line.hop || several {
                        c.slow |= path;
                        if open {
                            c.checks += 1;
                            c.evade_slow = true;
                        }
                        continue;
                    }
                    let blockers = path & occ;
                    if blockers.is_empty() {
                        c.checks += 1;
                        mask |= path | S::bit(a);
                    } else if !blockers.has_several() && blockers.meets(us) {
                        let sq = blockers.lowest();
                        if c.npins < MAX_PINS {
                            c.pins[c.npins] = (sq, path | S::bit(a));
                            c.npins += 1;
                            c.pinned |= blockers;
                        } else {
                            c.slow |= path;
                        }
                    }
                }
            }
        }
        for &k in &t.jumpers[opp.index()] {
            let k = usize::from(k);
            // A jump's check is answered only by the royal's move or by
            // taking the jumper or a piece of its line: every move is
            // tested. (A move never makes such a check: the line is of the
            // jumper's pieces, and a square we leave is only a landing.)
            if t.forbidden[k] & vbit == 0 && self.jumped_on(k_sq, opp, k, them) {
                c.checks += 1;
                c.evade_slow = true;
            }
        }
        if c.checks > 1 {
            c.evade_slow = true;
        } else if c.checks == 1 {
            c.check_mask = mask;
        }
        c
    }

    /// The squares a piece of the side to move of kind `kind` on `from`
    /// reaches by its movement: moving to empty squares (when `moves`) and
    /// capturing on `capt`, with `occ` occupied.
    #[inline]
    pub(crate) fn targets(&self, kind: usize, from: u8, occ: S, capt: S, moves: bool) -> S {
        let t = &*self.t;
        let at = t.at(self.side, kind, from);
        let mut m = t.leap_capture(at) & capt;
        if moves {
            m |= t.leap_move(at) & !occ;
        }
        if t.flags[kind] & JUMPS != 0 {
            m |= self.jump_targets(at, occ, capt, moves);
        }
        if t.flags[kind] & LINES == 0 {
            return m;
        }
        let virgin = t.flags[kind] & INITIAL == 0 || self.may_start(self.side, kind, from);
        for line in t.lines(at) {
            if line.via.meets(occ) || (line.initial && !virgin) {
                continue;
            }
            let Some((reach, hit)) = line.resolve(occ) else {
                continue;
            };
            if moves && line.moves() {
                m |= reach;
            }
            if let Some(b) = hit {
                if line.captures() && capt.contains(b) {
                    m |= S::bit(b);
                }
            }
        }
        m
    }

    /// The squares the side to move's piece reaches by its line jumps
    /// from the tables' entry `at`: over its own pieces to the next square,
    /// empty (when `moves`) or on `capt`.
    #[inline]
    fn jump_targets(&self, at: usize, occ: S, capt: S, moves: bool) -> S {
        let own = self.place.by_side[self.side.index()];
        let mut m = S::EMPTY;
        for line in self.t.jumps(at) {
            if !own.contains(line.first(line.mask)) {
                continue;
            }
            let rest = line.mask & !own;
            if rest.is_empty() {
                continue;
            }
            let b = line.first(rest);
            if if occ.contains(b) {
                capt.contains(b)
            } else {
                moves
            } {
                m |= S::bit(b);
            }
        }
        m
    }

    /// What a piece of `seat`'s kind `kind` on `from` reaches with `occ`
    /// occupied and `own` its side's pieces, whatever its side may do now
    /// (for evaluations): the empty squares it may move to, and the squares
    /// it attacks (free leaps' captures whoever stands there, the first
    /// piece on each capturing line or beyond a hop's screen, and where its
    /// line jumps land).
    pub fn reach(&self, seat: Seat, kind: usize, from: u8, occ: S, own: S) -> (S, S) {
        let t = &*self.t;
        let at = t.at(seat, kind, from);
        let mut moves = t.leap_move(at) & !occ;
        let mut hits = t.leap_capture(at);
        if t.flags[kind] & JUMPS != 0 {
            for line in t.jumps(at) {
                if own.contains(line.first(line.mask)) {
                    let rest = line.mask & !own;
                    if !rest.is_empty() {
                        hits |= S::bit(line.first(rest));
                    }
                }
            }
        }
        if t.flags[kind] & LINES == 0 {
            return (moves, hits);
        }
        let virgin = t.flags[kind] & INITIAL == 0 || self.may_start(seat, kind, from);
        for line in t.lines(at) {
            if line.via.meets(occ) || (line.initial && !virgin) {
                continue;
            }
            let Some((reach, hit)) = line.resolve(occ) else {
                continue;
            };
            if let Some(b) = hit.filter(|_| line.captures()) {
                hits |= S::bit(b);
            }
            if line.moves() {
                moves |= reach;
            }
        }
        (moves, hits)
    }

    /// The enemies a kind may capture.
    #[inline]
    fn capturable(&self, c: &Ctx<S>, kind: usize) -> S {
        let f = self.t.forbidden[kind];
        if f == 0 {
            return c.them;
        }
        let mut out = c.them;
        let mut bits = f;
        while bits != 0 {
            let v = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            out &= !self.place.by_kind[v];
        }
        out
    }

    /// Whether the move from `from` to `to` (capturing on `gone` too, for en
    /// passant) leaves the royal safe: the full test.
    #[inline]
    fn safe_after(&self, c: &Ctx<S>, from: u8, to: u8, gone: S) -> bool {
        let moved = S::bit(from);
        let occ = ((c.occ & !moved) | S::bit(to)) & !gone;
        let them = c.them & !S::bit(to) & !gone;
        let Some(royal) = c.royal else {
            return true;
        };
        let k = if from == royal { to } else { royal };
        !self.attacked_by(k, c.opp, occ, them, c.royal_kind)
    }

    /// Keeps the targets whose move passes the full test.
    #[inline]
    fn tested(&self, c: &Ctx<S>, from: u8, mut targets: S) -> S {
        let mut out = S::EMPTY;
        while let Some(to) = targets.pop() {
            if self.safe_after(c, from, to, S::EMPTY) {
                out |= S::bit(to);
            }
        }
        out
    }

    /// The legal targets of the piece on `from` (no en passant, no
    /// castling).
    #[inline]
    pub(crate) fn legal_targets(&self, c: &Ctx<S>, kind: usize, from: u8) -> S {
        let capt = self.capturable(c, kind);
        let targets = self.targets(kind, from, c.occ, capt, true);
        self.legal_of(c, from, targets)
    }

    /// The targets of the piece on `from` that capture or (a pawn's, in
    /// its promotion zone) may promote, legal ones only (no en passant,
    /// no castling): [`Position::legal_targets`] cut to those squares,
    /// the others never tested.
    #[inline]
    fn tactical_targets(&self, c: &Ctx<S>, kind: usize, from: u8) -> S {
        let capt = self.capturable(c, kind);
        let zone = if self.t.is_pawn(kind) {
            self.t.promo_zone[self.side.index()]
        } else {
            S::EMPTY
        };
        let targets = self.targets(kind, from, c.occ, capt, !zone.is_empty()) & (capt | zone);
        self.legal_of(c, from, targets)
    }

    /// The targets of `targets` (the piece on `from`'s) whose move leaves
    /// the royal safe.
    #[inline]
    fn legal_of(&self, c: &Ctx<S>, from: u8, targets: S) -> S {
        let Some(royal) = c.royal else {
            return targets;
        };
        if targets.is_empty() {
            return targets;
        }
        if from == royal || c.evade_slow {
            return self.tested(c, from, targets);
        }
        let mut legal = targets & c.check_mask;
        if c.pinned.contains(from) {
            for &(sq, allowed) in &c.pins[..c.npins] {
                if sq == from {
                    legal &= allowed;
                }
            }
        }
        if c.slow.is_empty() {
            return legal;
        }
        if c.slow.contains(from) {
            return self.tested(c, from, legal);
        }
        let risky = legal & c.slow;
        if risky.is_empty() {
            legal
        } else {
            (legal & !c.slow) | self.tested(c, from, risky)
        }
    }

    /// The legal en passant captures of the pawn on `from`.
    #[inline]
    fn ep_targets(&self, c: &Ctx<S>, kind: usize, from: u8) -> S {
        let t = &*self.t;
        let Some((victim, (owner, vk))) = self
            .ep_victim
            .and_then(|v| self.place.at(v).map(|p| (v, p)))
        else {
            return S::EMPTY;
        };
        if owner != c.opp || t.forbidden[kind] & (1 << vk) != 0 {
            return S::EMPTY;
        }
        let mut reach = self.targets(kind, from, c.occ | self.ep, self.ep, false) & self.ep;
        if c.royal.is_none() {
            return reach;
        }
        let mut legal = S::EMPTY;
        while let Some(to) = reach.pop() {
            if self.safe_after(c, from, to, S::bit(victim)) {
                legal |= S::bit(to);
            }
        }
        legal
    }

    /// The empty squares a piece dropped from the hand may land on with the
    /// royal safe (where each kind may go is the caller's business). A drop
    /// only adds a piece: it can expose the royal only by giving a hopper
    /// its screen, so it is tested on the uncertain squares alone, unless
    /// in a check it must block.
    #[inline]
    fn drop_squares(&self, c: &Ctx<S>) -> S {
        let empty = self.t.all & !c.occ;
        let Some(royal) = c.royal else {
            return empty;
        };
        let safe = |mut set: S| {
            let mut out = S::EMPTY;
            while let Some(to) = set.pop() {
                let occ = c.occ | S::bit(to);
                if !self.attacked_by(royal, c.opp, occ, c.them, c.royal_kind) {
                    out |= S::bit(to);
                }
            }
            out
        };
        if c.evade_slow {
            return safe(empty);
        }
        let legal = empty & c.check_mask;
        let risky = legal & c.slow;
        if risky.is_empty() {
            legal
        } else {
            (legal & !c.slow) | safe(risky)
        }
    }

    /// Whether the side to move holds anything in hand.
    #[inline]
    fn holds(&self) -> bool {
        self.t.rules.hands.is_some()
            && self.hands[self.side.index()]
                .iter()
                .take(self.t.kinds)
                .any(|&n| n > 0)
    }

    /// Appends the legal drops (or counts them).
    fn drops<M: From<Move>>(&self, c: &Ctx<S>, mut moves: Option<&mut Vec<M>>) -> u64 {
        let t = &*self.t;
        let squares = self.drop_squares(c);
        let mut n = 0;
        for k in 0..t.kinds {
            if self.hands[c.me.index()][k] == 0 {
                continue;
            }
            let mut to = squares & t.drop_mask(c.me, k);
            n += u64::from(to.count());
            if let Some(m) = moves.as_deref_mut() {
                while let Some(sq) = to.pop() {
                    m.push(Move::drop(k as u8, sq).into());
                }
            }
        }
        n
    }

    /// The castlings the side to move may play now.
    pub(crate) fn castlings(&self, c: &Ctx<S>) -> u8 {
        let t = &*self.t;
        let mut out = 0u8;
        let mut rights = self.rights;
        while rights != 0 {
            let ci = rights.trailing_zeros() as usize;
            rights &= rights - 1;
            let Some(ct) = t.castlings.get(ci) else {
                continue;
            };
            if ct.seat != c.me || ct.empty.meets(c.occ) {
                continue;
            }
            let (Some((ks, kk)), Some((ps, pk))) =
                (self.place.at(ct.king_from), self.place.at(ct.partner_from))
            else {
                continue;
            };
            if ks != c.me || ps != c.me || !t.is_royal(kk) || ct.partners & (1 << pk) == 0 {
                continue;
            }
            if !t.rules.hooks.may_castle(c.me, ci, self.rights) {
                continue;
            }
            if ct.safety == CastlingSafety::Path {
                let occ = c.occ & !S::bit(ct.king_from);
                if ct
                    .path
                    .iter()
                    .any(|sq| self.attacked_by(sq, c.opp, occ, c.them, kk))
                {
                    continue;
                }
            }
            let occ = (c.occ & !S::bit(ct.king_from) & !S::bit(ct.partner_from))
                | S::bit(ct.king_to)
                | S::bit(ct.partner_to);
            if self.attacked_by(ct.king_to, c.opp, occ, c.them, kk) {
                continue;
            }
            out |= 1 << ci;
        }
        out
    }

    /// Appends the moves to `targets` of a piece of kind `kind` from
    /// `from`, with their promotions.
    #[inline]
    fn push_moves<M: From<Move>>(
        &self,
        moves: &mut Vec<M>,
        kind: usize,
        from: u8,
        mut targets: S,
        ep: bool,
    ) {
        let t = &*self.t;
        let zone = t.promo_zone[self.side.index()];
        let promotes = t.is_pawn(kind) && targets.meets(zone);
        while let Some(to) = targets.pop() {
            let plain = if ep {
                Move::new(from, to).en_passant()
            } else {
                Move::new(from, to)
            };
            if promotes {
                if let Some(class) = t.promo_class(self.side, to) {
                    for &p in &class.choices {
                        let m = Move::promoting(from, to, p);
                        moves.push(if ep { m.en_passant() } else { m }.into());
                    }
                    if class.stay {
                        moves.push(plain.into());
                    }
                    continue;
                }
            }
            moves.push(plain.into());
        }
    }

    /// How many moves the targets of a pawn make, promotions counted.
    #[inline]
    fn count_targets(&self, kind: usize, targets: S) -> u64 {
        let t = &*self.t;
        let s = self.side.index();
        if !t.is_pawn(kind) || !targets.meets(t.promo_zone[s]) {
            return u64::from(targets.count());
        }
        let mut n = u64::from((targets & !t.promo_zone[s]).count());
        for class in &t.promo_classes[s] {
            let per = class.choices.len() as u64 + u64::from(class.stay);
            n += per * u64::from((targets & class.mask).count());
        }
        n
    }

    /// Appends the legal moves (nothing once the game is over), as `M`: a
    /// [`Move`] or a game's own type around one.
    pub fn generate<M: From<Move>>(&self, moves: &mut Vec<M>) {
        if self.end.is_some() {
            return;
        }
        let c = self.ctx();
        self.push_piece_moves(&c, moves, false);
        if self.holds() {
            self.drops(&c, Some(moves));
        }
        let mut castles = self.castlings(&c);
        while castles != 0 {
            let ci = castles.trailing_zeros() as usize;
            castles &= castles - 1;
            if let Some(ct) = self.t.castlings.get(ci) {
                moves.push(Move::castle(ct.king_from, ct.king_to, ci).into());
            }
        }
    }

    /// Appends the legal moves that capture (en passant included) or that
    /// may promote, in the order [`Position::generate`] gives them, and no
    /// other: quiescence's moves, without building the quiet ones.
    pub fn generate_tactical<M: From<Move>>(&self, moves: &mut Vec<M>) {
        if self.end.is_some() {
            return;
        }
        self.push_piece_moves(&self.ctx(), moves, true);
    }

    /// Appends the legal moves of the pieces on the board (en passant
    /// included; no drop, no castling), piece by piece: every one, or
    /// (`tactical`) those that capture or may promote alone.
    #[inline]
    fn push_piece_moves<M: From<Move>>(&self, c: &Ctx<S>, moves: &mut Vec<M>, tactical: bool) {
        let ep = !self.ep.is_empty();
        let mut pieces = c.us;
        while let Some(from) = pieces.pop() {
            let kind = self.place.kind_at(from);
            let legal = if tactical {
                self.tactical_targets(c, kind, from)
            } else {
                self.legal_targets(c, kind, from)
            };
            self.push_moves(moves, kind, from, legal, false);
            if ep && self.t.is_pawn(kind) {
                let e = self.ep_targets(c, kind, from);
                self.push_moves(moves, kind, from, e, true);
            }
        }
    }

    /// The number of legal moves, without building them (perft's bulk
    /// count).
    pub fn count(&self) -> u64 {
        if self.end.is_some() {
            return 0;
        }
        let c = self.ctx();
        let ep = !self.ep.is_empty();
        let mut n = 0;
        let mut pieces = c.us;
        while let Some(from) = pieces.pop() {
            let kind = self.place.kind_at(from);
            let legal = self.legal_targets(&c, kind, from);
            n += self.count_targets(kind, legal);
            if ep && self.t.is_pawn(kind) {
                let e = self.ep_targets(&c, kind, from);
                n += self.count_targets(kind, e);
            }
        }
        if self.holds() {
            n += self.drops::<Move>(&c, None);
        }
        n + u64::from(self.castlings(&c).count_ones())
    }

    /// Whether the side to move has a legal move (stops at the first).
    pub fn has_legal_move(&self) -> bool {
        if self.end.is_some() {
            return false;
        }
        self.has_legal_move_in(&self.ctx())
    }

    /// Whether the side to move is in check ([`Position::in_check`]) and
    /// whether it has a legal move ([`Position::has_legal_move`]), the
    /// checks worked out once for both: the evaluation's question at every
    /// node.
    pub fn check_and_move(&self) -> (bool, bool) {
        let c = self.ctx();
        // The checks were counted where the royal's safety is a rule and
        // the royal stands on the board; else ask the attack test.
        let check = if c.royal.is_some() {
            c.checks > 0
        } else {
            self.in_check()
        };
        (check, self.end.is_none() && self.has_legal_move_in(&c))
    }

    /// Whether a legal move exists, with the checks and pins `c` already
    /// worked out (the game not yet ended).
    fn has_legal_move_in(&self, c: &Ctx<S>) -> bool {
        let ep = !self.ep.is_empty();
        let mut pieces = c.us;
        while let Some(from) = pieces.pop() {
            let kind = self.place.kind_at(from);
            if !self.legal_targets(c, kind, from).is_empty() {
                return true;
            }
            if ep && self.t.is_pawn(kind) && !self.ep_targets(c, kind, from).is_empty() {
                return true;
            }
        }
        if self.holds() && self.drops::<Move>(c, None) > 0 {
            return true;
        }
        self.castlings(c) != 0
    }

    /// Every move the pieces' movement allows the side to move, the
    /// royal's safety ignored (en passant, drops and castling included,
    /// castling still by its own rules): with [`Position::royal_attacked`] after
    /// each, a slow independent check of [`Position::generate`].
    pub fn pseudo_legal(&self) -> Vec<Move> {
        let mut c = self.ctx();
        c.royal = None;
        let mut moves = Vec::new();
        let mut pieces = c.us;
        while let Some(from) = pieces.pop() {
            let kind = self.place.kind_at(from);
            let targets = self.legal_targets(&c, kind, from);
            self.push_moves(&mut moves, kind, from, targets, false);
            if !self.ep.is_empty() && self.t.is_pawn(kind) {
                let e = self.ep_targets(&c, kind, from);
                self.push_moves(&mut moves, kind, from, e, true);
            }
        }
        if self.holds() {
            self.drops(&c, Some(&mut moves));
        }
        let mut castles = self.castlings(&c);
        while castles != 0 {
            let ci = castles.trailing_zeros() as usize;
            castles &= castles - 1;
            if let Some(ct) = self.t.castlings.get(ci) {
                moves.push(Move::castle(ct.king_from, ct.king_to, ci));
            }
        }
        moves
    }

    /// The number of leaves `depth` plies below (perft) by this position's
    /// own generator: copy-make, bulk counting at the last ply, the ends
    /// the rules bring on the way respected.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if depth == 1 {
            return self.count();
        }
        let mut moves = Vec::with_capacity(64);
        self.generate(&mut moves);
        moves
            .iter()
            .map(|&m| {
                let mut next = self.clone();
                next.play_move(m);
                next.perft(depth - 1)
            })
            .sum()
    }
}

impl<S: SquareSet> Position<S> {
    /// Whether the side to move has a legal en passant capture: the en
    /// passant squares then make the position differ from the same one
    /// without them (FIDE's repetition, Dealer's Chess D1). Most double
    /// steps meet no pawn that could take, and cost no more than a look
    /// at the side's pawns; checks and pins are worked out only for a
    /// capture the pawns' movement allows.
    pub(crate) fn en_passant_capturable(&self) -> bool {
        let t = &*self.t;
        if self.ep.is_empty() {
            return false;
        }
        let us = self.place.by_side[self.side.index()];
        let occ = us | self.place.by_side[self.side.other().index()];
        let mut reaching = S::EMPTY;
        for kind in (0..t.kinds).filter(|&k| t.is_pawn(k)) {
            let mut pawns = self.place.by_kind[kind] & us;
            while let Some(from) = pawns.pop() {
                if self
                    .targets(kind, from, occ | self.ep, self.ep, false)
                    .meets(self.ep)
                {
                    reaching |= S::bit(from);
                }
            }
        }
        if reaching.is_empty() {
            return false;
        }
        let c = self.ctx();
        while let Some(from) = reaching.pop() {
            let kind = self.place.kind_at(from);
            if !self.ep_targets(&c, kind, from).is_empty() {
                return true;
            }
        }
        false
    }
}
