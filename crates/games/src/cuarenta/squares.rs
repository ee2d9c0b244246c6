//! The 40 squares of Cuarenta's board (Q1) numbered densely as the fairy
//! core numbers them (b1 = 0 .. h9 = 39, rank by rank), and the core's
//! tables of Cuarenta's rule set, compiled once.

use super::rules::rules;
use crate::fairy::Tables;
use deckmate_board::Square;
use std::sync::{Arc, OnceLock};

/// The number of squares (Q1).
pub const SQUARES: usize = 40;

/// The core's tables of Cuarenta, compiled once and shared.
pub(crate) fn tables() -> &'static Arc<Tables<u64>> {
    static TABLES: OnceLock<Arc<Tables<u64>>> = OnceLock::new();
    TABLES.get_or_init(|| match Tables::new(rules()) {
        Ok(t) => Arc::new(t),
        // 40 squares fit in 64 bits: this cannot happen.
        Err(e) => panic!("Cuarenta's board does not fit 64 squares: {e}"),
    })
}

/// The set of one dense square.
#[inline]
pub(crate) const fn bit(i: u8) -> u64 {
    1u64 << i
}

/// The board square of a dense index.
#[inline]
pub(crate) fn square(i: u8) -> Square {
    tables().square(i)
}

/// The dense index of a board square, if it is one of the 40.
#[inline]
pub(crate) fn dense(sq: Square) -> Option<u8> {
    tables().dense(sq)
}

/// A dense square's file, 0 (a) to 8 (i).
#[inline]
pub(crate) fn file(i: u8) -> u8 {
    square(i).file()
}

/// A dense square's rank, 0 (rank 1) to 8 (rank 9).
#[inline]
pub(crate) fn rank(i: u8) -> u8 {
    square(i).rank()
}
