//! F10's perft by card: the count below each card drawn and move
//! (`divide`), and the count with the cards of the plies to come given.

use super::{Card, Chess52, Move};
use crate::registry::{GivenError, PerftCount};
use deckmate_rules::Game;

/// F10's divide: with a card to draw, at depth 1 each card and its moves'
/// count (`7H: 20`), deeper each card and move (`[7H] Nd3@c7: 412`), in
/// the cards' order (F9); with the card drawn (or `cards` given), each
/// move of that card.
pub fn divide(pos: &Chess52, depth: u32, cards: Option<&[Card]>) -> Vec<(String, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let drawn: Vec<Card> = match (pos.drawn(), cards) {
        (Some(c), _) => vec![c],
        (None, Some(cs)) => cs.first().copied().into_iter().collect(),
        (None, None) => Card::all().collect(),
    };
    let rest = cards.map_or(&[][..], |cs| cs.get(1..).unwrap_or(&[]));
    let mut out = Vec::new();
    for card in drawn {
        let mut at = pos.clone();
        let with_card = at.drawn().is_none();
        if with_card {
            at.play_move(Move::Draw(card));
        }
        if depth == 1 && with_card && cards.is_none() {
            out.push((card.to_string(), at.count_with(card)));
            continue;
        }
        let mut moves = Vec::new();
        at.legal_moves(&mut moves);
        for m in moves {
            let mut next = at.clone();
            next.play_move(m);
            let n = if cards.is_some() {
                next.perft_cards(rest)
            } else {
                next.perft(depth - 1)
            };
            let label = if with_card {
                format!("[{card}] {}", at.move_text(m))
            } else {
                at.move_text(m)
            };
            out.push((label, n));
        }
    }
    out
}

/// F10's perft with the card of each ply given by name (`7H`, `[7H]`):
/// the total, or with `by_move` the count below each first move.
pub fn given(pos: &Chess52, cards: &[&str], by_move: bool) -> Result<PerftCount, GivenError> {
    let mut given = Vec::with_capacity(cards.len());
    for w in cards {
        let name = w.trim_start_matches('[').trim_end_matches(']');
        match Card::parse(name) {
            Some(c) => given.push(c),
            None => {
                return Err(GivenError::Usage(format!(
                "--cards: '{}' is not a card (rank A, 2-10, J, Q, K and suit C, D, H, S: 7H, 10S)",
                w.escape_debug()
            )))
            }
        }
    }
    if let Some(d) = pos.drawn() {
        return Err(GivenError::Input(format!(
            "--moves ends with the card {d} drawn: --cards gives the cards of the plies to come"
        )));
    }
    Ok(if by_move {
        PerftCount::Divided(divide(pos, given.len() as u32, Some(&given)))
    } else {
        PerftCount::Total(pos.perft_cards(&given))
    })
}
