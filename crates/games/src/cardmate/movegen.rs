//! Legal move generation: C1-C6 and the One's promotion.
//!
//! There is no check rule (C5), so every move the tables allow is legal,
//! except that a same-suit capture, when one exists, is compulsory (C3).
//! One pass does both: it collects everything until the first same-suit
//! capture, then drops what it had and keeps only same-suit captures.

use super::card::{Card, Rank};
use super::position::{in_own_half, Move, Position, EMPTY};
use super::tables::{Tables, Target};
use deckmate_board::Square;
use deckmate_rules::Seat;

/// What a destination holds for a card, by C1-C2.
enum Kind {
    Quiet,
    /// Capture of another suit (C1).
    Capture,
    /// Capture of the same suit by a higher card (C2, compulsory by C3).
    SameSuit,
    /// Not a move: own card, same suit not lower, or mode does not allow.
    None,
}

#[inline]
fn classify(pos: &Position, me: Seat, card: Card, t: Target) -> (Kind, bool) {
    let v = pos.board[t.to as usize];
    if v == EMPTY {
        let k = if t.mode & 1 != 0 {
            Kind::Quiet
        } else {
            Kind::None
        };
        return (k, true);
    }
    let owner = (v >> 6) & 1;
    if owner == me as u8 || t.mode & 2 == 0 {
        return (Kind::None, false);
    }
    let victim = v & 63;
    if victim & 3 == card.0 & 3 {
        // C2 and C6: same suit only by a higher rank, judged before the move.
        if card.0 >> 2 > victim >> 2 {
            (Kind::SameSuit, false)
        } else {
            (Kind::None, false)
        }
    } else {
        (Kind::Capture, false)
    }
}

/// Calls `f(card, from, target, kind)` for every table destination of the
/// side to move that is reachable (rays stop at the first card).
#[inline]
fn for_each_target(pos: &Position, f: impl FnMut(Card, u8, Target, Kind)) {
    for_each_target_of(pos, pos.side, f)
}

#[inline]
fn for_each_target_of(pos: &Position, me: Seat, mut f: impl FnMut(Card, u8, Target, Kind)) {
    let t = Tables::get();
    let mut bits = pos.cards[me.index()];
    while bits != 0 {
        let card = Card(bits.trailing_zeros() as u8);
        bits &= bits - 1;
        let from = pos.loc[card.index()];
        let rank = card.rank();
        for &tg in t.leaps(me, rank, from) {
            let (k, _) = classify(pos, me, card, tg);
            f(card, from, tg, k);
        }
        for &r in t.rays(me, rank, from) {
            for &tg in t.ray(r) {
                let (k, empty) = classify(pos, me, card, tg);
                f(card, from, tg, k);
                if !empty {
                    break;
                }
            }
        }
    }
}

/// Whether a One of `me` moving `from` -> `to` may promote (own half into
/// the opponent's half).
#[inline]
fn may_promote(me: Seat, card: Card, from: u8, to: u8) -> bool {
    card.rank() == Rank::ONE && in_own_half(me, from) && !in_own_half(me, to)
}

impl Position {
    /// Appends the legal moves. Nothing when the game has ended by a move;
    /// V3 (no legal move) shows as an empty list.
    pub fn generate(&self, moves: &mut Vec<Move>) {
        self.generate_impl(moves, true);
    }

    /// Appends every move the cards' movement and C1-C2 allow, ignoring C3
    /// (for explaining why a move is illegal).
    pub fn generate_all(&self, moves: &mut Vec<Move>) {
        self.generate_impl(moves, false);
    }

    /// Whether `card` (of the side to move) could capture on `to` by its
    /// movement alone, whatever the suits.
    pub fn attacks(&self, card: Card, to: Square) -> bool {
        let mut hit = false;
        for_each_target(self, |c, _, tg, _| {
            if c == card && tg.to == to.0 && tg.mode & 2 != 0 {
                hit = true;
            }
        });
        hit
    }

    fn generate_impl(&self, moves: &mut Vec<Move>, respect_c3: bool) {
        if self.end.is_some() {
            return;
        }
        let start = moves.len();
        let mut forced = false;
        let me = self.side;
        for_each_target(self, |card, from, tg, kind| {
            let mv = |promote| Move {
                card,
                from: Square(from),
                to: Square(tg.to),
                promote,
            };
            match kind {
                Kind::None => {}
                Kind::SameSuit => {
                    if !forced && respect_c3 {
                        forced = true;
                        moves.truncate(start);
                    }
                    moves.push(mv(false));
                }
                Kind::Quiet | Kind::Capture => {
                    if !forced {
                        moves.push(mv(false));
                        if may_promote(me, card, from, tg.to) {
                            moves.push(mv(true));
                        }
                    }
                }
            }
        });
    }

    /// The number of legal moves, without building them.
    pub fn count(&self) -> u64 {
        if self.end.is_some() {
            return 0;
        }
        let me = self.side;
        let mut all = 0u64;
        let mut same = 0u64;
        for_each_target(self, |card, from, tg, kind| match kind {
            Kind::None => {}
            Kind::SameSuit => same += 1,
            Kind::Quiet | Kind::Capture => {
                all += 1 + u64::from(may_promote(me, card, from, tg.to));
            }
        });
        if same > 0 {
            same
        } else {
            all
        }
    }

    /// Whether the side to move has a same-suit capture (C3 in force).
    pub fn capture_is_compulsory(&self) -> bool {
        let mut found = false;
        for_each_target(self, |_, _, _, kind| {
            if matches!(kind, Kind::SameSuit) {
                found = true;
            }
        });
        found
    }

    /// Calls `f(card, to, can_move, can_capture, occupant)` for every square
    /// the cards of `seat` reach by their movement (rays stop at the first
    /// card), whoever stands there: one pass for an evaluation's mobility,
    /// threats and lures.
    pub fn for_each_reach(
        &self,
        seat: Seat,
        mut f: impl FnMut(Card, Square, bool, bool, Option<(Card, Seat)>),
    ) {
        for_each_target_of(self, seat, |card, _, tg, _| {
            f(
                card,
                Square(tg.to),
                tg.mode & 1 != 0,
                tg.mode & 2 != 0,
                self.at_raw(tg.to),
            );
        });
    }

    /// The number of moves `seat`'s cards have by their movement and C1-C2
    /// (ignoring C3 and whose turn it is): a mobility measure.
    pub fn mobility(&self, seat: Seat) -> u32 {
        let mut n = 0;
        for_each_target_of(self, seat, |_, _, _, kind| {
            if !matches!(kind, Kind::None) {
                n += 1;
            }
        });
        n
    }

    /// Whether the side to move has any legal move (V3).
    pub fn has_moves(&self) -> bool {
        self.end.is_none() && self.count() > 0
    }
}
