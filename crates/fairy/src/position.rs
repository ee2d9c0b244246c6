//! A position over a rule set: the mailbox and the square sets, side to
//! move, castling rights, en passant squares, unmoved pieces, counters,
//! zobrist hash and the history for repetition; playing a move and the
//! ends a move brings at once.

use super::rules::{EnPassantIdentity, StalemateRule, WinCondition, MAX_KINDS};
use super::set::SquareSet;
use super::tables::{Tables, EMPTY, UNMOVED};
use deckmate_board::Square;
use deckmate_host::end;
use deckmate_rules::Seat;
use std::fmt;
use std::sync::Arc;

/// A move: from and to (dense squares), the kind a pawn becomes, and
/// whether it is a castling (by number) or an en passant capture. A
/// castling is written as the royal's move from its square to its
/// destination; a drop holds the kind dropped where a move holds its
/// from-square.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Move(u32);

const PROMO_SHIFT: u32 = 16;
const CASTLE_SHIFT: u32 = 22;
const EP_BIT: u32 = 1 << 26;
const DROP_BIT: u32 = 1 << 27;
const TELEPORT_BIT: u32 = 1 << 28;
const PASS_BIT: u32 = 1 << 29;

impl Move {
    /// A plain move or capture from dense square `from` to `to` (not
    /// checked: a position's legal moves are the ones it plays).
    #[inline]
    pub const fn new(from: u8, to: u8) -> Move {
        Move(from as u32 | (to as u32) << 8)
    }

    /// A pawn's move that promotes to `kind`.
    #[inline]
    pub const fn promoting(from: u8, to: u8, kind: u8) -> Move {
        Move(from as u32 | (to as u32) << 8 | (kind as u32 + 1) << PROMO_SHIFT)
    }

    /// Castling number `index` (of the rule set's castlings), the royal
    /// going from `from` to `to`.
    #[inline]
    pub const fn castle(from: u8, to: u8, index: usize) -> Move {
        Move(from as u32 | (to as u32) << 8 | (index as u32 + 1) << CASTLE_SHIFT)
    }

    /// A piece of kind `kind` dropped from the hand on `to`.
    #[inline]
    pub(crate) const fn drop(kind: u8, to: u8) -> Move {
        Move(kind as u32 | (to as u32) << 8 | DROP_BIT)
    }

    /// A piece moved from `from` to the empty square `to` whatever its
    /// movement (52Chess's teleport, F4): never a capture, a promotion or a
    /// double step.
    #[inline]
    pub const fn teleport(from: u8, to: u8) -> Move {
        Move(from as u32 | (to as u32) << 8 | TELEPORT_BIT)
    }

    /// The side to move passes (52Chess F7: a player with no legal move).
    #[inline]
    pub const fn pass() -> Move {
        Move(PASS_BIT)
    }

    /// Whether the move is a teleport.
    #[inline]
    pub const fn is_teleport(self) -> bool {
        self.0 & TELEPORT_BIT != 0
    }

    /// Whether the move is a pass.
    #[inline]
    pub const fn is_pass(self) -> bool {
        self.0 & PASS_BIT != 0
    }

    /// The kind dropped, if the move is a drop.
    #[inline]
    pub const fn dropped(self) -> Option<usize> {
        if self.0 & DROP_BIT != 0 {
            Some((self.0 & 0xFF) as usize)
        } else {
            None
        }
    }

    /// The same move, marked as an en passant capture.
    #[inline]
    pub const fn en_passant(self) -> Move {
        Move(self.0 | EP_BIT)
    }

    /// The dense square the piece leaves (the kind, for a drop).
    #[inline]
    pub const fn from_index(self) -> u8 {
        (self.0 & 0xFF) as u8
    }

    /// The dense square it goes to.
    #[inline]
    pub const fn to_index(self) -> u8 {
        ((self.0 >> 8) & 0xFF) as u8
    }

    /// The kind a pawn becomes, if the move promotes.
    #[inline]
    pub const fn promotion(self) -> Option<usize> {
        match (self.0 >> PROMO_SHIFT) & 0x3F {
            0 => None,
            k => Some(k as usize - 1),
        }
    }

    /// The castling's number, if the move castles.
    #[inline]
    pub const fn castling(self) -> Option<usize> {
        match (self.0 >> CASTLE_SHIFT) & 0xF {
            0 => None,
            c => Some(c as usize - 1),
        }
    }

    /// Whether the move takes a pawn en passant.
    #[inline]
    pub const fn is_en_passant(self) -> bool {
        self.0 & EP_BIT != 0
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(k) = self.dropped() {
            return write!(f, "Move({k}@{})", self.to_index());
        }
        write!(f, "Move({}->{}", self.from_index(), self.to_index())?;
        if let Some(k) = self.promotion() {
            write!(f, "={k}")?;
        }
        if let Some(c) = self.castling() {
            write!(f, " castling {c}")?;
        }
        if self.is_en_passant() {
            f.write_str(" ep")?;
        }
        f.write_str(")")
    }
}

/// Why a game ended.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum EndReason {
    /// The side to move has no legal move and its royal is attacked.
    Checkmate,
    /// The side to move has no legal move, its royal not attacked: a draw.
    Stalemate,
    /// Stalemate, which the stalemated side loses.
    StalemateLoss,
    /// Stalemate, which the stalemated side wins.
    StalemateWin,
    /// The loser's last royal piece was taken.
    RoyalCaptured,
    /// So many plies in a row without a capture, (if `promotions`) a
    /// promotion or (if `pawn_moves`) a pawn's move.
    QuietLimit {
        /// The limit.
        plies: u32,
        /// Whether a pawn's move resets the count.
        pawn_moves: bool,
        /// Whether a promotion resets the count.
        promotions: bool,
    },
    /// The same position so many times.
    Repetition(u32),
    /// Both sides have nothing but royal pieces.
    BareRoyals,
    /// What is left on the board cannot win for either side: the rule
    /// set's dead material (FIDE's K v K, K+B v K, K+N v K, bishops all on
    /// squares of one colour).
    InsufficientMaterial,
    /// The players agreed a draw (recorded, not played).
    Agreement,
    /// A player resigned (recorded, not played).
    Resignation,
    /// The loser's clock ran out (recorded, not played).
    TimeForfeit,
}

/// A finished game: the winner (none for a draw) and the reason.
pub type End = end::End<EndReason>;

/// "White" or "Black".
pub fn seat_name(seat: Seat) -> &'static str {
    match seat {
        Seat::First => "White",
        Seat::Second => "Black",
    }
}

impl end::Reason for EndReason {
    const RESIGNATION: EndReason = EndReason::Resignation;
    const AGREEMENT: EndReason = EndReason::Agreement;
    const TIME_FORFEIT: EndReason = EndReason::TimeForfeit;

    fn seat_name(seat: Seat) -> &'static str {
        seat_name(seat)
    }

    fn words(self, w: &str, l: &str) -> String {
        match self {
            EndReason::Checkmate => format!("{w} checkmated {l}"),
            EndReason::Stalemate => "stalemate: the side to move has no legal move".to_string(),
            EndReason::StalemateLoss => {
                format!("{l} has no legal move (stalemate) and loses")
            }
            EndReason::StalemateWin => format!("{w} has no legal move (stalemate) and wins"),
            EndReason::RoyalCaptured => format!("{w} captured {l}'s King"),
            EndReason::QuietLimit {
                plies,
                pawn_moves,
                promotions,
            } => {
                let what = if pawn_moves {
                    "a capture or a pawn move"
                } else if promotions {
                    "a capture or a promotion"
                } else {
                    "a capture"
                };
                format!("{plies} plies in a row without {what}")
            }
            EndReason::Repetition(n) => {
                let times = match n {
                    2 => "a second time".to_string(),
                    3 => "a third time".to_string(),
                    4 => "a fourth time".to_string(),
                    5 => "a fifth time".to_string(),
                    n => format!("{n} times"),
                };
                format!("the same position occurred {times}")
            }
            EndReason::BareRoyals => "neither side has anything but its King".to_string(),
            EndReason::InsufficientMaterial => {
                "neither side has material enough to win (a dead position)".to_string()
            }
            EndReason::Agreement => "the players agreed a draw".to_string(),
            EndReason::Resignation => format!("{l} resigned"),
            EndReason::TimeForfeit => format!("{l} lost on time"),
        }
    }
}

/// What stands where, with the sets and the hash kept in step.
#[derive(Clone)]
pub(crate) struct Placement<S: SquareSet> {
    /// Per dense square: [`EMPTY`] or `kind | seat << 5`.
    pub board: S::Mailbox,
    /// The squares of each side's pieces.
    pub by_side: [S; 2],
    /// The squares of each kind of piece, both sides.
    pub by_kind: [S; MAX_KINDS],
    /// Each side's royal square (the last placed), if any.
    pub royal: [Option<u8>; 2],
    /// The zobrist hash of everything in the position.
    pub hash: u64,
}

impl<S: SquareSet> Placement<S> {
    fn empty() -> Placement<S> {
        Placement {
            board: S::mailbox(EMPTY),
            by_side: [S::EMPTY; 2],
            by_kind: [S::EMPTY; MAX_KINDS],
            royal: [None; 2],
            hash: 0,
        }
    }

    /// The side and kind on a dense square.
    #[inline]
    pub fn at(&self, sq: u8) -> Option<(Seat, usize)> {
        let v = *self.board.as_ref().get(usize::from(sq))?;
        if v == EMPTY {
            return None;
        }
        let seat = if v >> 5 == 0 {
            Seat::First
        } else {
            Seat::Second
        };
        Some((seat, usize::from(v & 31)))
    }

    /// The kind on a square known to hold a piece.
    #[inline]
    pub fn kind_at(&self, sq: u8) -> usize {
        usize::from(
            self.board
                .as_ref()
                .get(usize::from(sq))
                .copied()
                .unwrap_or(0)
                & 31,
        )
    }

    #[inline]
    pub fn lift(&mut self, t: &Tables<S>, seat: Seat, kind: usize, sq: u8) {
        if let Some(cell) = self.board.as_mut().get_mut(usize::from(sq)) {
            *cell = EMPTY;
        }
        let b = !S::bit(sq);
        self.by_side[seat.index()] &= b;
        if let Some(set) = self.by_kind.get_mut(kind) {
            *set &= b;
        }
        self.hash ^= t.piece_key(seat, kind, sq);
    }

    #[inline]
    pub fn put(&mut self, t: &Tables<S>, seat: Seat, kind: usize, sq: u8) {
        if let Some(cell) = self.board.as_mut().get_mut(usize::from(sq)) {
            *cell = kind as u8 | (seat as u8) << 5;
        }
        let b = S::bit(sq);
        self.by_side[seat.index()] |= b;
        if let Some(set) = self.by_kind.get_mut(kind) {
            *set |= b;
        }
        self.hash ^= t.piece_key(seat, kind, sq);
        if t.is_royal(kind) {
            self.royal[seat.index()] = Some(sq);
        }
    }
}

/// A position of a chess-like game over square sets `S` (see
/// [`super::set`]): a value, cheap to clone (the rules are shared).
#[derive(Clone)]
pub struct Position<S: SquareSet> {
    pub(crate) t: Arc<Tables<S>>,
    pub(crate) place: Placement<S>,
    pub(crate) side: Seat,
    /// Bit `i`: castling number `i` is still allowed some day.
    pub(crate) rights: u8,
    /// The squares a pawn crossed on the last move (en passant targets).
    pub(crate) ep: S,
    /// The square of that pawn, if any.
    pub(crate) ep_victim: Option<u8>,
    /// Pieces with first-move-only moves that have not moved yet.
    pub(crate) unmoved: S,
    /// Plies since the last capture, promotion (or pawn move).
    pub(crate) quiet: u32,
    /// The move number, from 1, incremented after the second side moves.
    pub(crate) fullmove: u32,
    /// Per side and kind: the pieces in hand.
    pub(crate) hands: [[u8; MAX_KINDS]; 2],
    /// Pieces that were promoted (kept when they go back to a hand as
    /// pawns).
    pub(crate) promoted: S,
    pub(crate) end: Option<End>,
    /// Repetition keys ([`Position::repetition_key`]) since the last
    /// irreversible move, the current one last.
    pub(crate) history: Vec<u64>,
    /// Whether the en passant squares count in the position's identity
    /// for repetition: the rule set's [`EnPassantIdentity`], and under
    /// `WhenCapturable` whether the side to move has a legal en passant
    /// capture.
    pub(crate) ep_counts: bool,
}

impl<S: SquareSet> fmt::Debug for Position<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", super::fen::write(self))
    }
}

impl<S: SquareSet> Position<S> {
    /// An empty board, the first side to move (the position string reader
    /// fills it).
    pub fn empty(t: Arc<Tables<S>>) -> Position<S> {
        Position {
            t,
            place: Placement::empty(),
            side: Seat::First,
            rights: 0,
            ep: S::EMPTY,
            ep_victim: None,
            unmoved: S::EMPTY,
            quiet: 0,
            fullmove: 1,
            hands: [[0; MAX_KINDS]; 2],
            promoted: S::EMPTY,
            end: None,
            history: Vec::new(),
            ep_counts: true,
        }
    }

    /// Puts a piece on an empty square (setup only).
    pub fn put(&mut self, seat: Seat, kind: usize, sq: u8) {
        let t = &*self.t;
        self.place.put(t, seat, kind, sq);
    }

    /// The compiled tables.
    pub fn tables(&self) -> &Arc<Tables<S>> {
        &self.t
    }

    /// The rule set.
    pub fn rules(&self) -> &Arc<super::rules::RuleSet> {
        &self.t.rules
    }

    /// The hash from scratch (setup; tests compare it with the incremental
    /// one).
    pub fn compute_hash(&self) -> u64 {
        let t = &*self.t;
        let mut h = 0;
        for sq in 0..t.n as u8 {
            if let Some((seat, kind)) = self.place.at(sq) {
                h ^= t.piece_key(seat, kind, sq);
            }
        }
        if self.side == Seat::Second {
            h ^= t.side_key();
        }
        h ^= t.rights_key(self.rights) ^ t.ep_key(self.ep);
        for sq in self.unmoved.iter() {
            h ^= t.unmoved_key(sq);
        }
        for sq in self.promoted.iter() {
            h ^= t.promoted_key(sq);
        }
        for seat in Seat::BOTH {
            for (k, &n) in self.hands[seat.index()].iter().enumerate().take(t.kinds) {
                h ^= t.hand_key(seat, k, n);
            }
        }
        h
    }

    /// Sets the side to move, the castling rights (a bit per seat, as
    /// [`Tables`] numbers them) and the counters of a position being set
    /// up (a game's own position string reader); then
    /// [`Position::finish_setup`].
    pub fn set_state(&mut self, side: Seat, rights: u8, quiet: u32, fullmove: u32) {
        self.side = side;
        self.rights = rights;
        self.quiet = quiet;
        self.fullmove = fullmove;
    }

    /// Call once everything is placed: the hash, the history, and the ends
    /// a position can already be in.
    pub fn finish_setup(&mut self) {
        self.place.hash = self.compute_hash();
        self.ep_counts = self.en_passant_counts();
        self.history = vec![self.repetition_key()];
        self.end = None;
        self.detect_ends(false);
    }

    /// The piece on a board square and its owner.
    pub fn at(&self, sq: Square) -> Option<(Seat, usize)> {
        self.t.dense(sq).and_then(|i| self.place.at(i))
    }

    /// The piece on a dense square and its owner.
    pub fn at_index(&self, sq: u8) -> Option<(Seat, usize)> {
        self.place.at(sq)
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Seat {
        self.side
    }

    /// The castling rights (bit `i` for castling number `i`).
    pub fn castling_rights(&self) -> u8 {
        self.rights
    }

    /// The en passant squares (dense), empty when the last move crossed
    /// none.
    pub fn en_passant(&self) -> S {
        self.ep
    }

    /// The square of the pawn that crossed the en passant squares.
    pub fn en_passant_victim(&self) -> Option<u8> {
        self.ep_victim
    }

    /// The pieces (dense squares) whose first-move-only moves are still
    /// open to them.
    pub fn unmoved(&self) -> S {
        self.unmoved
    }

    /// How many pieces of a kind a side holds in hand.
    pub fn in_hand(&self, seat: Seat, kind: usize) -> u8 {
        self.hands[seat.index()].get(kind).copied().unwrap_or(0)
    }

    /// The pieces (dense squares) that were promoted, when the rules send
    /// them back to a hand as pawns.
    pub fn promoted(&self) -> S {
        self.promoted
    }

    /// Plies since the last capture, promotion or pawn move.
    pub fn quiet_plies(&self) -> u32 {
        self.quiet
    }

    /// The move number.
    pub fn fullmove(&self) -> u32 {
        self.fullmove
    }

    /// The zobrist hash.
    pub fn zobrist(&self) -> u64 {
        self.place.hash
    }

    /// The squares of a side's pieces (dense).
    pub fn pieces_of(&self, seat: Seat) -> S {
        self.place.by_side[seat.index()]
    }

    /// The squares of a kind's pieces, both sides (dense).
    pub fn pieces_of_kind(&self, kind: usize) -> S {
        self.place.by_kind.get(kind).copied().unwrap_or(S::EMPTY)
    }

    /// An end set by a move or from outside; checkmate and stalemate are
    /// found by [`Position::end_state`].
    pub fn end(&self) -> Option<End> {
        self.end
    }

    /// Ends the game by resignation or agreement (from outside the board).
    pub fn set_end(&mut self, end: End) {
        self.end = Some(end);
    }

    /// The game's end: a recorded end, else checkmate or stalemate when the
    /// side to move has no legal move.
    pub fn end_state(&self) -> Option<End> {
        if let Some(e) = self.end {
            return Some(e);
        }
        if self.has_legal_move() {
            return None;
        }
        let me = self.side;
        if self.t.rules.win == WinCondition::Checkmate && self.in_check() {
            return Some(End {
                winner: Some(me.other()),
                reason: EndReason::Checkmate,
            });
        }
        Some(match self.t.rules.draws.stalemate {
            StalemateRule::Draw => End {
                winner: None,
                reason: EndReason::Stalemate,
            },
            StalemateRule::Loss => End {
                winner: Some(me.other()),
                reason: EndReason::StalemateLoss,
            },
            StalemateRule::Win => End {
                winner: Some(me),
                reason: EndReason::StalemateWin,
            },
        })
    }

    /// The squares of a side's royal pieces.
    pub(crate) fn royals(&self, seat: Seat) -> S {
        let t = &*self.t;
        let mut s = S::EMPTY;
        for k in 0..t.kinds {
            if t.is_royal(k) {
                s |= self.place.by_kind[k];
            }
        }
        s & self.place.by_side[seat.index()]
    }

    /// Plays a legal move: moves, captures (en passant too), promotes,
    /// castles, updates rights, en passant squares, unmoved pieces and
    /// counters, and ends the game by the rules that apply at once.
    /// Behaviour on an illegal move is unspecified but memory safe.
    pub fn play_move(&mut self, mv: Move) {
        let t = &*self.t;
        let me = self.side;
        let opp = me.other();
        let from = mv.from_index();
        let to = mv.to_index();
        let old_rights = self.rights;
        let old_ep = self.ep;
        let mut reset = false;
        let mut captured = false;
        let mut new_ep = S::EMPTY;
        let mut touched = S::bit(from) | S::bit(to);
        // The keys of everything but the pieces on the board (which
        // `place` keeps), xored in at the end.
        let mut h = 0u64;
        let demote = t.demote_kind.is_some();
        if mv.is_pass() {
            touched = S::EMPTY;
        } else if let Some(kind) = mv.dropped() {
            let had = self.hands[me.index()].get(kind).copied().unwrap_or(0);
            if let Some(n) = self.hands[me.index()].get_mut(kind) {
                *n = had.saturating_sub(1);
            }
            h ^= t.hand_key(me, kind, had) ^ t.hand_key(me, kind, had.saturating_sub(1));
            self.place.put(t, me, kind, to);
            touched = S::EMPTY;
            // Dropped on a square where the start has it, it may make its
            // first moves (a pawn's double step), as the position string
            // would read it.
            let home = kind as u8 | (me as u8) << 5;
            if t.flags[kind] & UNMOVED != 0 && t.start_board.get(usize::from(to)) == Some(&home) {
                self.unmoved |= S::bit(to);
                h ^= t.unmoved_key(to);
            }
        } else if let Some(ci) = mv.castling() {
            let Some(c) = t.castlings.get(ci) else {
                return;
            };
            let king = self.place.kind_at(c.king_from);
            let partner = self.place.kind_at(c.partner_from);
            self.place.lift(t, me, king, c.king_from);
            self.place.lift(t, me, partner, c.partner_from);
            self.place.put(t, me, king, c.king_to);
            self.place.put(t, me, partner, c.partner_to);
            touched |= S::bit(c.partner_from);
            if demote {
                // Promoted pieces stay promoted where they land.
                let moves = [(c.king_from, c.king_to), (c.partner_from, c.partner_to)];
                let was = moves.map(|(a, _)| self.promoted.contains(a));
                for (a, _) in moves {
                    if self.promoted.contains(a) {
                        self.promoted ^= S::bit(a);
                        h ^= t.promoted_key(a);
                    }
                }
                for ((_, b), w) in moves.into_iter().zip(was) {
                    if w {
                        self.promoted |= S::bit(b);
                        h ^= t.promoted_key(b);
                    }
                }
            }
        } else {
            let Some((_, kind)) = self.place.at(from) else {
                return;
            };
            let victim_sq = if mv.is_en_passant() {
                self.ep_victim
            } else {
                Some(to)
            };
            if let Some((victim_sq, (owner, vk))) =
                victim_sq.and_then(|v| self.place.at(v).map(|p| (v, p)))
            {
                self.place.lift(t, owner, vk, victim_sq);
                touched |= S::bit(victim_sq);
                captured = true;
                let was_promoted = self.promoted.contains(victim_sq);
                if was_promoted {
                    self.promoted ^= S::bit(victim_sq);
                    h ^= t.promoted_key(victim_sq);
                }
                if t.rules.hands.as_ref().is_some_and(|hd| hd.captures_to_hand) && !t.is_royal(vk) {
                    let back = match t.demote_kind {
                        Some(p) if was_promoted => usize::from(p),
                        _ => vk,
                    };
                    if let Some(n) = self.hands[me.index()].get_mut(back) {
                        let had = *n;
                        *n = had.saturating_add(1);
                        h ^= t.hand_key(me, back, had) ^ t.hand_key(me, back, *n);
                    }
                }
            }
            self.place.lift(t, me, kind, from);
            let placed = match mv.promotion() {
                Some(p) => {
                    reset |= t.rules.draws.promotions_reset;
                    if demote {
                        self.promoted |= S::bit(to);
                        h ^= t.promoted_key(to);
                    }
                    p
                }
                None => kind,
            };
            if demote && self.promoted.contains(from) {
                self.promoted ^= S::bit(from) | S::bit(to);
                h ^= t.promoted_key(from) ^ t.promoted_key(to);
            }
            self.place.put(t, me, placed, to);
            if t.is_pawn(kind) {
                if t.rules.draws.pawn_moves_reset {
                    reset = true;
                }
                if t.rules.en_passant && !captured && !mv.is_teleport() {
                    new_ep = t.crossed(t.at(me, kind, from), to);
                }
            }
        }
        if mv.dropped().is_none() && !mv.is_pass() {
            self.rights &= t.rights_keep[usize::from(from)] & t.rights_keep[usize::from(to)];
        }
        let mut gone = self.unmoved & touched;
        self.unmoved ^= gone;
        while let Some(sq) = gone.pop() {
            h ^= t.unmoved_key(sq);
        }
        if !old_ep.is_empty() || !new_ep.is_empty() {
            h ^= t.ep_key(old_ep) ^ t.ep_key(new_ep);
        }
        self.ep = new_ep;
        self.ep_victim = (!new_ep.is_empty()).then_some(to);
        h ^= t.rights_key(old_rights) ^ t.rights_key(self.rights) ^ t.side_key();
        self.place.hash ^= h;
        let h = self.place.hash;
        self.side = opp;
        if me == Seat::Second {
            self.fullmove += 1;
        }
        if reset || captured {
            self.quiet = 0;
            self.history.clear();
        } else {
            self.quiet += 1;
        }
        self.ep_counts = self.en_passant_counts();
        let key = if self.ep_counts {
            h
        } else {
            h ^ t.ep_key(self.ep)
        };
        self.history.push(key);
        self.detect_ends(captured || mv.promotion().is_some());
    }

    /// The ends a move brings at once: the royal taken (capture-the-royal
    /// games), bare royals; and, unless the side to move has no legal move
    /// (mate and stalemate come first), dead material (after a capture or
    /// a promotion, `captured`, or at the start), the quiet-move limit and
    /// repetition.
    pub(crate) fn detect_ends(&mut self, captured: bool) {
        if self.end.is_some() {
            return;
        }
        let t = &*self.t;
        let rules = &t.rules;
        if captured || self.history.len() <= 1 {
            if rules.win == WinCondition::CaptureRoyal {
                for seat in [self.side, self.side.other()] {
                    if self.royals(seat).is_empty() {
                        self.end = Some(End {
                            winner: Some(seat.other()),
                            reason: EndReason::RoyalCaptured,
                        });
                        return;
                    }
                }
            }
            if rules.draws.bare_royals
                && Seat::BOTH
                    .iter()
                    .all(|&s| self.royals(s) == self.place.by_side[s.index()])
            {
                self.end = Some(End {
                    winner: None,
                    reason: EndReason::BareRoyals,
                });
                return;
            }
            if self.dead_material() {
                // Checkmate and stalemate come first, as below.
                if rules.win == WinCondition::CaptureRoyal || self.has_legal_move() {
                    self.end = Some(End {
                        winner: None,
                        reason: EndReason::InsufficientMaterial,
                    });
                }
                return;
            }
        }
        let reason = match (rules.draws.quiet_limit, rules.draws.repetition) {
            (Some(limit), _) if self.quiet >= limit => EndReason::QuietLimit {
                plies: limit,
                pawn_moves: rules.draws.pawn_moves_reset,
                promotions: rules.draws.promotions_reset,
            },
            (_, Some(times)) if self.repeated(times) => EndReason::Repetition(times),
            _ => return,
        };
        // Checkmate and stalemate come first; where the royal is taken
        // instead (no mate), a side without a move passes or loses later.
        if rules.win == WinCondition::CaptureRoyal || self.has_legal_move() {
            self.end = Some(End {
                winner: None,
                reason,
            });
        }
    }

    /// The position with the turn passed to the other side and nothing
    /// else changed but the en passant squares (gone): the search's null
    /// move, never a legal move. Its history starts at it (no repetition
    /// reaches back across a pass).
    pub fn passed(&self) -> Position<S> {
        let mut p = self.clone();
        let t = &*self.t;
        let mut h = t.side_key();
        if !p.ep.is_empty() {
            h ^= t.ep_key(p.ep) ^ t.ep_key(S::EMPTY);
        }
        p.place.hash ^= h;
        p.ep = S::EMPTY;
        p.ep_victim = None;
        p.side = p.side.other();
        p.quiet += 1;
        p.ep_counts = true;
        p.history.clear();
        p.history.push(p.place.hash);
        p
    }

    /// Whether `seat` has something beside royals and pawns: a piece on
    /// the board or one in hand (a side without is the one that may be in
    /// zugzwang).
    pub fn has_pieces(&self, seat: Seat) -> bool {
        let t = &*self.t;
        if self.hands[seat.index()][..t.kinds.min(MAX_KINDS)]
            .iter()
            .any(|&n| n > 0)
        {
            return true;
        }
        let mut own = self.place.by_side[seat.index()];
        while let Some(sq) = own.pop() {
            let k = self.place.kind_at(sq);
            if !t.is_royal(k) && !t.is_pawn(k) {
                return true;
            }
        }
        false
    }

    /// What repetition is judged by: the zobrist hash, without the en
    /// passant squares when they do not count (under
    /// [`EnPassantIdentity::WhenCapturable`](super::rules::EnPassantIdentity),
    /// when the side to move has no legal en passant capture: positions
    /// are the same when the same moves are possible).
    pub fn repetition_key(&self) -> u64 {
        if self.ep_counts {
            self.place.hash
        } else {
            self.place.hash ^ self.t.ep_key(self.ep)
        }
    }

    /// Whether the en passant squares count in the position's identity now
    /// (see [`Position::repetition_key`]).
    fn en_passant_counts(&self) -> bool {
        self.ep.is_empty()
            || self.t.rules.draws.en_passant_identity == EnPassantIdentity::Always
            || self.en_passant_capturable()
    }

    /// Whether the pieces on the board (and nothing in hand) are material
    /// the rule set declares dead ([`DeadMaterial`](super::rules::DeadMaterial)):
    /// a pair of sides' material either way round, or nothing beside the
    /// royal pieces but pieces of the one-colour kinds, all on squares of
    /// one colour.
    pub fn dead_material(&self) -> bool {
        let t = &*self.t;
        let dead = &t.rules.dead;
        if dead.is_empty() {
            return false;
        }
        let kinds = t.kinds.min(MAX_KINDS);
        if self.hands.iter().any(|h| h[..kinds].iter().any(|&n| n > 0)) {
            return false;
        }
        if dead.one_colour != 0 {
            let mut colours = 0u8;
            let mut only_those = true;
            let mut rest = self.place.by_side[0] | self.place.by_side[1];
            while let Some(sq) = rest.pop() {
                let k = self.place.kind_at(sq);
                if t.is_royal(k) {
                    continue;
                }
                if dead.one_colour & (1 << k) == 0 {
                    only_those = false;
                    break;
                }
                let s = t.square(sq);
                colours |= 1 << ((s.file() + s.rank()) % 2);
            }
            if only_those && colours != 3 {
                return true;
            }
        }
        if dead.pairs.is_empty() {
            return false;
        }
        let mut counts = [[0u8; MAX_KINDS]; 2];
        for seat in Seat::BOTH {
            let side = self.place.by_side[seat.index()];
            for (k, n) in counts[seat.index()][..kinds].iter_mut().enumerate() {
                *n = u8::try_from((self.place.by_kind[k] & side).count()).unwrap_or(u8::MAX);
            }
        }
        let [white, black] = [&counts[0][..kinds], &counts[1][..kinds]];
        dead.pairs.iter().any(|[a, b]| {
            (a[..] == *white && b[..] == *black) || (a[..] == *black && b[..] == *white)
        })
    }

    /// Whether the current position has occurred `times` times (earlier
    /// positions with the same side to move are every other entry).
    fn repeated(&self, times: u32) -> bool {
        let n = self.history.len();
        if n < 5 || times < 2 {
            return false;
        }
        let h = self.repetition_key();
        let mut seen = 1;
        let mut i = n - 1;
        while i >= 2 {
            i -= 2;
            if self.history[i] == h {
                seen += 1;
                if seen >= times {
                    return true;
                }
            }
        }
        false
    }

    /// The board square of a dense index.
    pub fn square(&self, i: u8) -> Square {
        self.t.square(i)
    }
}
