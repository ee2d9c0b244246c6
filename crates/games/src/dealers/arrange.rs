//! Dealer's Chess's own AI: the arrangement chooser.
//!
//! **The arrangement chooser** sees the deal (open) and never the other
//! player's arrangement (D11). It keeps the most valuable Piece cards for
//! the back row (the hand only serves promotion), then tries orders of
//! the back row and the pawns: each candidate is played against the same
//! few `random` arrangements of the opponent's cards (what the opponent
//! could do, not what he did), and scored by a short search of each start
//! from its own side; the best mean wins. More candidates and a deeper
//! search at higher levels.

use super::engine::searcher;
use super::game::Table;
use super::Arrangement;
use deckmate_engine::search::Limits;
use deckmate_rules::{Seat, SeededRng};

/// How hard the chooser works at a level: candidate orders and the
/// search's node budget per start looked at.
fn effort(level: u8) -> (usize, u64) {
    match level {
        0..=2 => (4, 200),
        3..=4 => (8, 800),
        5..=6 => (16, 2_000),
        _ => (24, 4_000),
    }
}

/// The opponent arrangements each candidate is tried against.
const TRIALS: usize = 3;

/// `seat`'s arrangement chosen at `level` from the deal alone.
pub fn choose_arrangement(table: &Table, seat: Seat, level: u8, seed: u64) -> Option<Arrangement> {
    let deal = table.deal.as_ref()?;
    let rules = &table.rules;
    let worth = |c: &String| {
        rules
            .kind_of(c)
            .map_or(0, |k| rules.kinds[usize::from(k)].value)
    };
    let mut pieces = deal.pieces[seat.index()].clone();
    pieces.sort_by_key(|c| std::cmp::Reverse(worth(c)));
    // What the deal's board and alternate keep on the board: the back
    // row (or rows), or `simplified`'s four stand-ins and one Pawn card.
    let hand = pieces.split_off(deal.kept().min(pieces.len()));
    let pawn_cards = deal.pawn_cards_kept(seat);
    let (count, nodes) = effort(level);
    let mut rng = SeededRng::new(seed ^ 0xA77A_46E5);
    let mut candidates = Vec::with_capacity(count);
    for _ in 0..count {
        let mut back = pieces.clone();
        rng.shuffle(&mut back);
        let mut pawns = deal.pawns[seat.index()].clone();
        rng.shuffle(&mut pawns);
        pawns.truncate(pawn_cards);
        let a = Arrangement {
            back,
            hand: hand.clone(),
            pawns,
        };
        if a.check(deal, seat).is_ok() {
            candidates.push(a);
        }
    }
    // The opponent's possible arrangements: random ones of his cards, the
    // same for every candidate.
    let mut orng = SeededRng::new(seed ^ 0x0DD0_5EED);
    let them = seat.other();
    let others: Vec<Arrangement> = (0..TRIALS)
        .map(|_| Arrangement::random(deal, them, &mut orng))
        .collect();
    let mut best: Option<(i64, Arrangement)> = None;
    let mut s = searcher(1);
    for c in candidates {
        let mut total: i64 = 0;
        for o in &others {
            let start = match seat {
                Seat::First => table.start(&c, o),
                Seat::Second => table.start(o, &c),
            };
            let Ok(pos) = start else {
                continue;
            };
            let limits = Limits {
                depth: Some(8),
                nodes: Some(nodes),
                time: None,
                soft: None,
                whole_time: false,
            };
            let r = s.search(&pos, &limits, &mut |_| {});
            // The score is White's side to move's: turn it to `seat`'s.
            let score = if seat == Seat::First {
                r.score
            } else {
                -r.score
            };
            total += i64::from(score);
        }
        if best.as_ref().is_none_or(|(b, _)| total > *b) {
            best = Some((total, c));
        }
    }
    best.map(|(_, a)| a)
}
