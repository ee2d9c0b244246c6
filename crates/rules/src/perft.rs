//! Perft: counting the leaves of the game tree, the standard check of move
//! generation.

use crate::{Game, ToAct};

/// The number of leaf nodes `depth` plies below `game`. Chance nodes count
/// as plies whose branches are their outcomes. A finished game has no moves.
pub fn perft<G: Game>(game: &G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    match game.to_act() {
        ToAct::Nobody => 0,
        ToAct::Chance => {
            let mut outs = Vec::new();
            game.chance_outcomes(&mut outs);
            outs.iter()
                .map(|&(m, _)| {
                    let mut next = game.clone();
                    next.play_unchecked(m);
                    perft(&next, depth - 1)
                })
                .sum()
        }
        ToAct::Seat(_) | ToAct::Both => {
            if depth == 1 {
                return game.count_moves();
            }
            let mut moves = Vec::with_capacity(128);
            game.legal_moves(&mut moves);
            moves
                .iter()
                .map(|&m| {
                    let mut next = game.clone();
                    next.play_unchecked(m);
                    perft(&next, depth - 1)
                })
                .sum()
        }
    }
}

/// Perft split by first move: each legal move (or chance outcome) with the
/// leaf count below it, in generation order.
pub fn perft_divide<G: Game>(game: &G, depth: u32) -> Vec<(G::Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let mut moves = Vec::new();
    match game.to_act() {
        ToAct::Nobody => {}
        ToAct::Chance => {
            let mut outs = Vec::new();
            game.chance_outcomes(&mut outs);
            moves.extend(outs.into_iter().map(|(m, _)| m));
        }
        ToAct::Seat(_) | ToAct::Both => game.legal_moves(&mut moves),
    }
    moves
        .into_iter()
        .map(|m| {
            let mut next = game.clone();
            next.play_unchecked(m);
            (m, perft(&next, depth - 1))
        })
        .collect()
}
