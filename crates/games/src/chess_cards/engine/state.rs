//! The solver's compact Chess Cards position: both hands as 20-bit masks,
//! the last played cards, sacrifice counts, the leader and the move
//! number. It is `Copy` (16 bytes) and makes the rules of RULINGS M3-M10
//! into a few mask operations; the tests check it against the rules'
//! own [`ChessCards`] move for move.

use crate::chess_cards::{ChessCards, SacrificeCount};

/// No card (an empty `last`).
pub(crate) const NONE: u8 = 31;

const fn piece_mask(p: u32) -> u32 {
    1 << p | 1 << (p + 5) | 1 << (p + 10) | 1 << (p + 15)
}

/// The cards of each suit (white, yellow, red, black).
pub(crate) const SUITS: [u32; 4] = [0x1f, 0x1f << 5, 0x1f << 10, 0x1f << 15];
/// The cards of each piece (Pawn, Knight, Bishop, Rook, Queen).
pub(crate) const PIECES: [u32; 5] = [
    piece_mask(0),
    piece_mask(1),
    piece_mask(2),
    piece_mask(3),
    piece_mask(4),
];
/// The four Queens.
pub(crate) const QUEENS: u32 = PIECES[4];
/// Scoring values by piece (M9): P 7, N 3, B 4, R 10, Q 11.
pub(crate) const VALUE: [i32; 5] = [7, 3, 4, 10, 11];

/// The suit of card `c` (0 white .. 3 black).
#[inline]
pub fn suit(c: u8) -> u8 {
    c / 5
}

/// The piece of card `c` (0 Pawn .. 4 Queen).
#[inline]
pub fn piece(c: u8) -> u8 {
    c % 5
}

/// Whether `c` is a Queen.
#[inline]
pub(crate) fn is_queen(c: u8) -> bool {
    piece(c) == 4
}

/// The legal replies among `cards` to `lead` (M3), or with the privilege
/// (M5): a Queen if any, else the led suit.
#[inline]
pub(crate) fn replies(cards: u32, lead: u8, privilege: bool) -> u32 {
    let same_suit = cards & SUITS[suit(lead) as usize];
    if privilege {
        let queens = cards & QUEENS;
        if queens != 0 {
            queens
        } else {
            same_suit
        }
    } else if same_suit != 0 {
        same_suit
    } else {
        cards & PIECES[piece(lead) as usize]
    }
}

/// Whether the leader's card beats the reply (M4): same suit, higher
/// piece; otherwise (same piece) higher suit.
#[inline]
pub fn lead_wins(lead: u8, reply: u8) -> bool {
    if suit(lead) == suit(reply) {
        piece(lead) > piece(reply)
    } else {
        suit(lead) > suit(reply)
    }
}

/// The score of a mate with `card` at `multiplier` (M9, M10).
#[inline]
pub(crate) fn mate_score(card: u8, multiplier: i32) -> i32 {
    let base = VALUE[piece(card) as usize] * multiplier;
    if multiplier > 10 {
        base * (multiplier - 9)
    } else {
        base
    }
}

/// The cards of a mask, lowest first.
#[inline]
pub(crate) fn bits(mut m: u32) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if m == 0 {
            None
        } else {
            let c = m.trailing_zeros() as u8;
            m &= m - 1;
            Some(c)
        }
    })
}

/// The cards of a mask, highest first.
#[inline]
pub(crate) fn bits_high(mut m: u32) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if m == 0 {
            None
        } else {
            let c = 31 - m.leading_zeros() as u8;
            m &= !(1 << c);
            Some(c)
        }
    })
}

/// A position at the start of a move (no lead on the table), or the
/// position a reply is made in (the lead is then kept apart).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct State {
    /// Each seat's hand (seat 0 is the dealer).
    pub hands: [u32; 2],
    /// Each seat's last played card, [`NONE`] before its first play.
    pub last: [u8; 2],
    /// Cards each seat has sacrificed.
    pub sacs: [u8; 2],
    /// The seat leading this move.
    pub leader: u8,
    /// The move number, 1..=10.
    pub move_no: u8,
}

impl State {
    /// The compact form of a game, with the lead on the table if any.
    /// `None` when the game is over.
    pub fn from_game(g: &ChessCards) -> Option<(State, Option<(u8, bool)>)> {
        if g.finish.is_some() {
            return None;
        }
        let last = |i: usize| g.last[i].map_or(NONE, |c| c.index() as u8);
        let s = State {
            hands: [g.hands[0].0, g.hands[1].0],
            last: [last(0), last(1)],
            sacs: [g.sacrificed[0].len() as u8, g.sacrificed[1].len() as u8],
            leader: g.leader.index() as u8,
            move_no: g.move_no as u8,
        };
        Some((s, g.lead.map(|(c, p)| (c.index() as u8, p))))
    }

    /// What seat `x` plays from: its hand, or its last card once the hand
    /// is empty (M7).
    #[inline]
    pub fn playable(&self, x: usize) -> u32 {
        let h = self.hands[x];
        if h != 0 {
            h
        } else if self.last[x] != NONE {
            1 << self.last[x]
        } else {
            0
        }
    }

    /// Puts `sac` (if any) out of play and plays `card` for seat `x`.
    #[inline]
    pub fn apply(&mut self, x: usize, sac: Option<u8>, card: u8) {
        if let Some(s) = sac {
            self.hands[x] &= !(1 << s);
            self.sacs[x] += 1;
        }
        self.hands[x] &= !(1 << card);
        self.last[x] = card;
    }

    /// The multiplier of a mate by seat `x` now, with `extra_sac` more
    /// sacrifices of its own (M9: net or gross).
    #[inline]
    pub fn multiplier(&self, x: usize, extra_sac: u8, gross: bool) -> i32 {
        let mine = i32::from(self.sacs[x] + extra_sac);
        let theirs = i32::from(self.sacs[1 - x]);
        let extra = if gross { mine } else { (mine - theirs).max(0) };
        i32::from(self.move_no) + extra
    }

    /// The transposition key of a position at the start of a move:
    /// everything the value depends on. The last card matters only once
    /// a hand is empty.
    ///
    /// Keys name the seats by role, the leader's first, not by seat: the
    /// value (the leader's) is the same with the seats' places exchanged.
    /// So the deal where the other hand leads first meets this deal's
    /// positions again in the table ([`super::deals`] solves such mirror
    /// deals one after the other).
    #[inline]
    pub fn key(&self) -> u64 {
        let l = self.leader as usize;
        self.key_with(self.last_if_empty(l), self.last_if_empty(1 - l))
    }

    /// The key of the position where the leader (whose play is applied)
    /// has led `lead` and the other seat replies: the lead takes the
    /// leader's last-card field, bit 61 the privilege, bit 62 marks it.
    #[inline]
    pub fn reply_key(&self, lead: u8, privilege: bool) -> u64 {
        let r = 1 - self.leader as usize;
        self.key_with(u64::from(lead), self.last_if_empty(r)) | u64::from(privilege) << 61 | 1 << 62
    }

    /// Seat `x`'s last card once its hand is empty, else [`NONE`].
    #[inline]
    fn last_if_empty(&self, x: usize) -> u64 {
        if self.hands[x] == 0 {
            u64::from(self.last[x])
        } else {
            u64::from(NONE)
        }
    }

    /// The key from the leader's and the other seat's last-card fields.
    #[inline]
    fn key_with(&self, last_leader: u64, last_other: u64) -> u64 {
        let l = self.leader as usize;
        let r = 1 - l;
        u64::from(self.hands[l])
            | u64::from(self.hands[r]) << 20
            | u64::from(self.move_no) << 41
            | u64::from(self.sacs[l]) << 45
            | u64::from(self.sacs[r]) << 48
            | last_leader << 51
            | last_other << 56
    }
}

/// Whether a game counts gross sacrifices.
pub(crate) fn is_gross(g: &ChessCards) -> bool {
    g.count == SacrificeCount::Gross
}
