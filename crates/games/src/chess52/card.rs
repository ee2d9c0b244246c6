//! The 52 cards and the squares they name (RULINGS F3, F9).
//!
//! A card's rank A, 2..10, J, Q, K is the board's rank 1..13 and its suit
//! C, D, H, S the file a..d: `7H` is c7, `QS` d12. Cards are numbered
//! suit-major, as F9 draws them: C A..K = 0..12, D = 13..25, H, S.

use std::fmt;

/// The suits in file order (F3).
pub const SUITS: [char; 4] = ['C', 'D', 'H', 'S'];

/// The ranks' names in board-rank order (F3).
pub const RANKS: [&str; 13] = [
    "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
];

/// One of the 52 cards.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Card(u8);

impl Card {
    /// Every card in F9's order.
    pub fn all() -> impl Iterator<Item = Card> {
        (0..52).map(Card)
    }

    /// The card numbered `i` (0..52) in F9's order.
    pub const fn from_index(i: usize) -> Option<Card> {
        if i < 52 {
            Some(Card(i as u8))
        } else {
            None
        }
    }

    /// Its number in F9's order.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file it names, 0 (a) to 3 (d): its suit.
    pub const fn file(self) -> u8 {
        self.0 / 13
    }

    /// The rank it names, 0 (rank 1) to 12 (rank 13): its rank.
    pub const fn rank(self) -> u8 {
        self.0 % 13
    }

    /// The card that names a square (file 0..4, rank 0..13).
    pub const fn for_square(file: u8, rank: u8) -> Option<Card> {
        if file < 4 && rank < 13 {
            Some(Card(file * 13 + rank))
        } else {
            None
        }
    }

    /// Reads a card: its rank (`A 2 .. 10 J Q K`, `T` or `1` for ten too,
    /// in either case) then its suit (`C D H S`, either case).
    pub fn parse(text: &str) -> Option<Card> {
        let t = text.trim();
        let mut chars = t.chars();
        let suit = chars.next_back()?.to_ascii_uppercase();
        let file = SUITS.iter().position(|&s| s == suit)?;
        let rank = match chars.as_str().to_ascii_uppercase().as_str() {
            "T" | "1" => 9,
            r => RANKS.iter().position(|&n| n == r)?,
        };
        Card::for_square(file as u8, rank as u8)
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            RANKS[usize::from(self.rank())],
            SUITS[usize::from(self.file())]
        )
    }
}
