//! The four setups of RULINGS (option `setup`), each from a seed.

use super::card::{Card, Rank, Suit};
use super::options::{Options, SetupKind};
use super::position::Position;
use deckmate_board::Square;
use deckmate_rules::{Seat, SeededRng};

/// The page's predefined setup, rank 9 first, files a-j; `--` empty.
const PREDEFINED: [&str; 10] = [
    "XD 8C 9S QC KS KD QS 9D 8S XH",
    "7H -- 6C JH 5C 5S JC 6H -- 7D",
    "4D 2C 3H 1S -- -- 4S 3D 2H 1C",
    "-- -- -- -- -- -- -- -- -- --",
    "-- -- -- -- -- -- -- -- -- --",
    "-- -- -- -- -- -- -- -- -- --",
    "-- -- -- -- -- -- -- -- -- --",
    "1D 2S 3C 4H -- -- 1H 3S 2D 4C",
    "7C -- 6S JD 5H 5D JS 6D -- 7S",
    "XS 8H 9C QH KC KH QD 9H 8D XC",
];

/// The predefined setup as (square, card, owner), scanning ranks 0..9 and
/// files a..j. Forehand owns ranks 0-2, Rearhand ranks 7-9.
pub fn predefined_layout() -> Vec<(Square, Card)> {
    let mut out = Vec::new();
    for rank in 0..10u8 {
        let row = PREDEFINED[9 - rank as usize];
        for (file, tok) in row.split(' ').enumerate() {
            if let Some(card) = Card::parse(tok) {
                out.push((Square(rank * 16 + file as u8), card));
            }
        }
    }
    out
}

fn owner_of_square(sq: Square) -> Seat {
    if sq.rank() < 5 {
        Seat::First
    } else {
        Seat::Second
    }
}

/// The cards for each starting square for a setup kind and seed, in scan
/// order. The seed is ignored by `predefined`.
pub fn layout(kind: SetupKind, seed: u64) -> Vec<(Square, Card)> {
    let base = predefined_layout();
    let mut rng = SeededRng::new(seed);
    match kind {
        SetupKind::Predefined => base,
        SetupKind::Suits => {
            // For each rank, its four cards over that rank's four squares.
            let mut out = base.clone();
            for rank in Rank::all() {
                let idx: Vec<usize> = (0..out.len())
                    .filter(|&i| base[i].1.rank() == rank)
                    .collect();
                if idx.is_empty() {
                    continue;
                }
                let mut cards: Vec<Card> = idx.iter().map(|&i| base[i].1).collect();
                rng.shuffle(&mut cards);
                for (k, &i) in idx.iter().enumerate() {
                    out[i].1 = cards[k];
                }
            }
            out
        }
        SetupKind::Ranks => {
            // Two suits of each rank per side, then each side's 26 cards
            // over its 26 starting squares.
            let mut hands: [Vec<Card>; 2] = [Vec::new(), Vec::new()];
            for rank in Rank::all().filter(|&r| r != Rank::ACE) {
                let mut suits = Suit::ALL;
                rng.shuffle(&mut suits);
                for (k, s) in suits.iter().enumerate() {
                    hands[k / 2].push(Card::new(rank, *s));
                }
            }
            deal_onto(&base, Some(&mut rng), hands, |_| true)
        }
        SetupKind::Deal => {
            // Kings stay in the palaces; 48 cards dealt 24 and 24.
            let mut rest: Vec<Card> = (0..56)
                .filter_map(Card::from_index)
                .filter(|c| c.rank() != Rank::KING && c.rank() != Rank::ACE)
                .collect();
            rng.shuffle(&mut rest);
            let second = rest.split_off(24);
            deal_onto(&base, None, [rest, second], |c| c.rank() != Rank::KING)
        }
    }
}

/// Puts each side's cards, in the order given (shuffled first when an `rng`
/// is given), onto that side's starting squares whose predefined card passes
/// `free`; other squares keep their predefined card.
fn deal_onto(
    base: &[(Square, Card)],
    rng: Option<&mut SeededRng>,
    mut hands: [Vec<Card>; 2],
    free: impl Fn(Card) -> bool,
) -> Vec<(Square, Card)> {
    if let Some(rng) = rng {
        for h in hands.iter_mut() {
            rng.shuffle(h);
        }
    }
    let mut next = [0usize; 2];
    base.iter()
        .map(|&(sq, card)| {
            if !free(card) {
                return (sq, card);
            }
            let s = owner_of_square(sq).index();
            let c = hands[s].get(next[s]).copied().unwrap_or(card);
            next[s] += 1;
            (sq, c)
        })
        .collect()
}

/// The starting position of a setup kind and seed, with these options.
pub fn start_position(kind: SetupKind, seed: u64, options: Options) -> Position {
    let mut pos = Position::empty(options);
    for (sq, card) in layout(kind, seed) {
        pos.put(card, owner_of_square(sq), sq);
    }
    pos.finish_setup();
    pos
}
