//! Cards of one hand that the rest of the game cannot tell apart, so that
//! the solver need not try both.
//!
//! Every comparison of M4 is between a lead and a reply, one card from
//! each hand; the reply rules (M3, M5) ask what suits and pieces the
//! replier holds. So two cards `x` and `y` of one seat behave alike for
//! the rest of the game when the opponent's cards (all it can still play:
//! its hand, or its last card once the hand is empty) never tell them
//! apart:
//!
//! - **Same piece, two suits**: the opponent holds no card of either suit
//!   and no card of that piece in a suit between them. Then the opponent
//!   never leads either suit, answers either card by the piece alone and
//!   beats or loses to both alike: `x` and `y` are interchangeable, plays
//!   and mates alike (the same piece scores the same).
//! - **Same suit, two pieces**: the opponent holds no card of either
//!   piece and no card of that suit between them. Then they differ only
//!   in what a mate with them scores, so keeping the one that scores more
//!   is at least as good for their holder. One of them may be a Queen:
//!   the opponent holds none then, so nobody can oblige its holder to
//!   answer a Queen led with the privilege (M5), and his own privilege
//!   asks for the led suit alone, as a plain lead of it does.
//!
//! In both cases putting out of play the card worth less at a mate (or,
//! between equals, the one of the higher suit) is at least as good as
//! putting out the other: every line of the game after the other
//! sacrifice is matched, card for card with the two exchanged, by a line
//! after this one that ends the same or with a larger mate for the
//! holder. The solver therefore skips such sacrifices
//! ([`sacrifice_dominated`]), and of two interchangeable plays tries one
//! ([`play_equivalent`]). Playing a card puts it out of play as well, so
//! in the second case playing the card worth less is at least as good,
//! unless the play mates at once ([`play_dominated`]).

use super::state::{piece, suit, PIECES, SUITS, VALUE};

/// The cards of suit `s` whose pieces lie strictly between pieces `a` and
/// `b` (`a < b`).
#[inline]
fn pieces_between(s: u8, a: u8, b: u8) -> u32 {
    if b <= a + 1 {
        0
    } else {
        ((1u32 << b) - (1u32 << (a + 1))) << (5 * s)
    }
}

/// The cards of piece `p` whose suits lie strictly between suits `a` and
/// `b` (`a < b`).
#[inline]
fn suits_between(p: u8, a: u8, b: u8) -> u32 {
    let mut m = 0;
    let mut t = a + 1;
    while t < b {
        m |= 1 << (5 * t + p);
        t += 1;
    }
    m
}

/// Whether `x` and `y` (of one hand, same piece, different suits) are
/// interchangeable against an opponent who can still play `opp`.
#[inline]
fn same_piece_alike(x: u8, y: u8, opp: u32) -> bool {
    let (sx, sy) = (suit(x), suit(y));
    let (lo, hi) = if sx < sy { (sx, sy) } else { (sy, sx) };
    opp & (SUITS[sx as usize] | SUITS[sy as usize]) == 0
        && opp & suits_between(piece(x), lo, hi) == 0
}

/// Whether sacrificing `y` from `hand` can be skipped: another card of
/// `hand` is as good or better to put out of play, against an opponent
/// who can still play `opp` (see the module doc).
#[inline(always)]
pub fn sacrifice_dominated(y: u8, hand: u32, opp: u32) -> bool {
    // Without a card of the same piece in a lower suit, nor a cheaper card
    // of its suit, nothing can dominate `y`: answered here, without a call.
    let lower_same_piece = hand & PIECES[piece(y) as usize] & ((1u32 << y) - 1);
    let cheaper = hand & SUITS[suit(y) as usize] & CHEAPER[piece(y) as usize];
    (lower_same_piece != 0 || cheaper != 0) && dominated(y, hand, opp)
}

/// [`sacrifice_dominated`] in full.
fn dominated(y: u8, hand: u32, opp: u32) -> bool {
    let (sy, py) = (suit(y), piece(y));
    // Same piece, a lower suit: interchangeable, the lower one is tried.
    let mut same_piece = hand & PIECES[py as usize] & ((1u32 << y) - 1);
    while same_piece != 0 {
        let x = same_piece.trailing_zeros() as u8;
        same_piece &= same_piece - 1;
        if same_piece_alike(x, y, opp) {
            return true;
        }
    }
    // Same suit, a card worth less at a mate: keeping `y` is better.
    let cheaper = hand & SUITS[sy as usize] & CHEAPER[py as usize];
    cheaper != 0 && cheaper_alike(y, cheaper, opp)
}

/// Whether playing `y` (one of `plays`, the legal plays of a hand) can be
/// skipped because a card of a lower suit among `plays` is
/// interchangeable with it against `opp` (see the module doc).
#[inline(always)]
pub fn play_equivalent(y: u8, plays: u32, opp: u32) -> bool {
    // Most plays have no card of their piece in a lower suit: answered
    // here, without a call (the solver asks at every play it tries).
    let same_piece = plays & PIECES[piece(y) as usize] & ((1u32 << y) - 1);
    same_piece != 0 && lower_equivalent(y, same_piece, opp)
}

/// Whether one of `same_piece` (cards of `y`'s piece in lower suits) is
/// interchangeable with `y` against `opp`.
fn lower_equivalent(y: u8, mut same_piece: u32, opp: u32) -> bool {
    while same_piece != 0 {
        let x = same_piece.trailing_zeros() as u8;
        same_piece &= same_piece - 1;
        if same_piece_alike(x, y, opp) {
            return true;
        }
    }
    false
}

/// Whether playing `y` (one of `plays`, the legal plays of a hand) can be
/// skipped because playing a card of its suit worth less at a mate, which
/// `opp` cannot tell from it, is at least as good: the second case of the
/// module doc, for plays. The play itself cannot tell them apart (the
/// opponent answers and compares both alike), and afterwards the holder
/// keeps the card worth more. A lead that mates is scored apart, so this
/// is asked of the other plays only.
#[inline(always)]
pub fn play_dominated(y: u8, plays: u32, opp: u32) -> bool {
    let cheaper = plays & SUITS[suit(y) as usize] & CHEAPER[piece(y) as usize];
    cheaper != 0 && cheaper_alike(y, cheaper, opp)
}

/// Per piece, the cards of every suit whose piece is worth less at a mate
/// (never a Queen).
const CHEAPER: [u32; 5] = {
    let mut t = [0u32; 5];
    let mut p = 0;
    while p < 5 {
        let mut q = 0;
        while q < 4 {
            if VALUE[q] < VALUE[p] {
                t[p] |= PIECES[q];
            }
            q += 1;
        }
        p += 1;
    }
    t
};

/// Whether one of `cheaper` (cards of `y`'s suit worth less) is one that
/// `opp` cannot tell from `y`: it holds neither piece and no card of the
/// suit between them.
fn cheaper_alike(y: u8, mut cheaper: u32, opp: u32) -> bool {
    let (sy, py) = (suit(y), piece(y));
    while cheaper != 0 {
        let x = cheaper.trailing_zeros() as u8;
        cheaper &= cheaper - 1;
        let px = piece(x);
        let (lo, hi) = if px < py { (px, py) } else { (py, px) };
        if opp & (PIECES[px as usize] | PIECES[py as usize]) == 0
            && opp & pieces_between(sy, lo, hi) == 0
        {
            return true;
        }
    }
    false
}
