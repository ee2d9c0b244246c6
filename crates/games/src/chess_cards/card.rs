//! The 20 Chess Cards: five piece types in four suits.

use std::fmt;

/// One of the 20 cards: `suit * 5 + piece`. Suits rank black > red >
/// yellow > white, pieces Queen > Rook > Bishop > Knight > Pawn; both are
/// stored low to high, so a larger index ranks higher.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Card(pub(crate) u8);

/// Piece letters, low to high.
const PIECES: [char; 5] = ['P', 'N', 'B', 'R', 'Q'];
/// Suit letters, low to high.
const SUITS: [char; 4] = ['w', 'y', 'r', 'b'];
/// Scoring values by piece, low to high: P 7, N 3, B 4, R 10, Q 11.
const VALUES: [u32; 5] = [7, 3, 4, 10, 11];

impl Card {
    /// All 20 cards.
    pub fn all() -> impl Iterator<Item = Card> {
        (0..20).map(Card)
    }

    /// The card from its index `0..20`.
    pub fn from_index(i: u8) -> Option<Card> {
        (i < 20).then_some(Card(i))
    }

    /// The index `0..20`.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The suit, 0 (white) .. 3 (black).
    pub fn suit(self) -> u8 {
        self.0 / 5
    }

    /// The piece, 0 (Pawn) .. 4 (Queen).
    pub fn piece(self) -> u8 {
        self.0 % 5
    }

    /// Whether this is a Queen.
    pub fn is_queen(self) -> bool {
        self.piece() == 4
    }

    /// The scoring value (M9): Q 11, R 10, B 4, N 3, P 7.
    pub fn value(self) -> u32 {
        VALUES[self.piece() as usize]
    }

    /// Reads `bQ`, `rR`, `yB`, `wN`, `wP` (suit lower-case, piece upper-case).
    pub fn parse(text: &str) -> Option<Card> {
        let mut ch = text.chars();
        let (sc, pc) = (ch.next()?, ch.next()?);
        let s = SUITS.iter().position(|&c| c == sc)?;
        let p = PIECES.iter().position(|&c| c == pc)?;
        if ch.next().is_some() {
            return None;
        }
        Some(Card((s * 5 + p) as u8))
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            SUITS[self.suit() as usize],
            PIECES[self.piece() as usize]
        )
    }
}

/// A set of cards as a bit mask.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Hand(pub u32);

impl Hand {
    /// Whether the hand holds `c`.
    pub fn has(self, c: Card) -> bool {
        self.0 >> c.0 & 1 != 0
    }

    /// The hand without `c`.
    pub fn without(self, c: Card) -> Hand {
        Hand(self.0 & !(1 << c.0))
    }

    /// The hand with `c`.
    pub fn with(self, c: Card) -> Hand {
        Hand(self.0 | 1 << c.0)
    }

    /// Number of cards.
    pub fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the hand is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The cards, low to high.
    pub fn cards(self) -> impl Iterator<Item = Card> {
        Card::all().filter(move |&c| self.has(c))
    }

    /// Reads a hand: cards separated by spaces, e.g. `bQ rQ yQ`.
    pub fn parse(text: &str) -> Result<Hand, String> {
        let mut h = Hand::default();
        for t in text.split_whitespace() {
            let c = Card::parse(t)
                .ok_or_else(|| format!("'{t}' is not a card (bQ, rR, yB, wN, wP ...)"))?;
            if h.has(c) {
                return Err(format!("{c} appears twice"));
            }
            h = h.with(c);
        }
        Ok(h)
    }
}

impl fmt::Display for Hand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // High to low, as a player holds them.
        let cards: Vec<String> = (0..20u8)
            .rev()
            .map(Card)
            .filter(|&c| self.has(c))
            .map(|c| c.to_string())
            .collect();
        f.write_str(&cards.join(" "))
    }
}
