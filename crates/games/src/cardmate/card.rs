//! Cards: a rank 1..A and a suit C D H S.

use std::fmt;

/// A suit. All suits are equal (C4); the order here is only for storage.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Suit {
    /// Clubs (black).
    Clubs,
    /// Diamonds (red).
    Diamonds,
    /// Hearts (red).
    Hearts,
    /// Spades (black).
    Spades,
}

impl Suit {
    /// All four, in storage order.
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

    /// The suit's letter, `C D H S`.
    pub fn letter(self) -> char {
        ['C', 'D', 'H', 'S'][self as usize]
    }

    /// Reads a suit letter (either case).
    pub fn from_letter(c: char) -> Option<Suit> {
        match c.to_ascii_uppercase() {
            'C' => Some(Suit::Clubs),
            'D' => Some(Suit::Diamonds),
            'H' => Some(Suit::Hearts),
            'S' => Some(Suit::Spades),
            _ => None,
        }
    }

    /// Diamonds and Hearts are red.
    pub fn is_red(self) -> bool {
        matches!(self, Suit::Diamonds | Suit::Hearts)
    }

    /// The suit's name: `Clubs` .. `Spades`.
    pub fn name(self) -> &'static str {
        ["Clubs", "Diamonds", "Hearts", "Spades"][self as usize]
    }

    /// The suit's symbol as printed on a card (clubs, diamonds, hearts,
    /// spades).
    pub fn symbol(self) -> char {
        ['\u{2663}', '\u{2666}', '\u{2665}', '\u{2660}'][self as usize]
    }
}

/// A card rank, low to high: One, Two, ..., Nine, Ten, Jack, Queen, King, Ace.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Rank(u8);

impl Rank {
    /// The One, the lowest rank.
    pub const ONE: Rank = Rank(0);
    /// The Ten.
    pub const TEN: Rank = Rank(9);
    /// The King.
    pub const KING: Rank = Rank(12);
    /// The Ace, the highest rank.
    pub const ACE: Rank = Rank(13);

    /// All fourteen ranks, low to high.
    pub fn all() -> impl Iterator<Item = Rank> {
        (0..14).map(Rank)
    }

    /// The rank from its index 0 (One) .. 13 (Ace).
    pub fn from_index(i: u8) -> Option<Rank> {
        (i < 14).then_some(Rank(i))
    }

    /// 0 for the One .. 13 for the Ace.
    pub fn index(self) -> u8 {
        self.0
    }

    /// The rank's character: `1`..`9`, `X`, `J`, `Q`, `K`, `A`.
    pub fn symbol(self) -> char {
        b"123456789XJQKA"[self.0 as usize] as char
    }

    /// Reads a rank character (letters in either case; `T` is not accepted:
    /// the page writes the Ten `X`).
    pub fn from_symbol(c: char) -> Option<Rank> {
        let c = c.to_ascii_uppercase();
        b"123456789XJQKA"
            .iter()
            .position(|&b| b as char == c)
            .map(|i| Rank(i as u8))
    }

    /// The rank's name: `One` .. `Ace`.
    pub fn name(self) -> &'static str {
        [
            "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Jack",
            "Queen", "King", "Ace",
        ][self.0 as usize]
    }
}

/// One of the 56 cards: `rank * 4 + suit`. Every card of the pack is unique.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Card(pub(crate) u8);

impl Card {
    /// The card of a rank and a suit.
    pub fn new(rank: Rank, suit: Suit) -> Card {
        Card(rank.0 * 4 + suit as u8)
    }

    /// The card from its index `0..56`.
    pub fn from_index(i: u8) -> Option<Card> {
        (i < 56).then_some(Card(i))
    }

    /// `rank * 4 + suit`, in `0..56`.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The card's rank.
    #[inline]
    pub fn rank(self) -> Rank {
        Rank(self.0 >> 2)
    }

    /// The card's suit.
    #[inline]
    pub fn suit(self) -> Suit {
        Suit::ALL[(self.0 & 3) as usize]
    }

    /// Reads a card like `4C`, `XH`, `QS` (two characters, either case).
    pub fn parse(text: &str) -> Option<Card> {
        let mut chars = text.chars();
        let rank = Rank::from_symbol(chars.next()?)?;
        let suit = Suit::from_letter(chars.next()?)?;
        if chars.next().is_some() {
            return None;
        }
        Some(Card::new(rank, suit))
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank().symbol(), self.suit().letter())
    }
}
