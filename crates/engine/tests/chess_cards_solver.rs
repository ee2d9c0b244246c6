//! The Chess Cards solver against plain minimax on late positions of the
//! page's sample game, and the sample game's forced finish (242).

#![allow(clippy::unwrap_used)]

use deckmate_engine::chess_cards_solver::Solver;
use deckmate_games::chess_cards::{Card, ChessCards, Hand, SacrificeCount, Turn};
use deckmate_rules::Seat;

fn after(plies: usize) -> ChessCards {
    let mut g = ChessCards::new(
        Hand::parse("bQ rQ yQ wQ rR yR wR yB wN bP").unwrap(),
        Hand::parse("bR bB rB wB bN rN yN rP yP wP").unwrap(),
        SacrificeCount::Net,
    )
    .unwrap();
    let moves = [
        "yR", "(yP)yN", "wQ", "wB", "rQ", "rP", "(wR)yB", "rB", "rN", "(yQ)rR", "(wN)bP", "bB",
        "bR", "bQ", "bQ", "bN",
    ];
    for m in &moves[..plies] {
        let (sac, card) = match m.strip_prefix('(') {
            Some(r) => {
                let (s, c) = r.split_once(')').unwrap();
                (Card::parse(s), Card::parse(c).unwrap())
            }
            None => (None, Card::parse(m).unwrap()),
        };
        g.play(Turn {
            sacrifice: sac,
            card,
            privilege: false,
        });
    }
    g
}

/// Plain minimax, no table, no pruning: the reference.
fn minimax(g: &ChessCards) -> i32 {
    let Some(me) = g.to_act() else {
        return g.value();
    };
    let vals = g.turns().into_iter().map(|t| {
        let mut c = g.clone();
        c.play(t);
        minimax(&c)
    });
    if me == Seat::First {
        vals.max().unwrap_or(g.value())
    } else {
        vals.min().unwrap_or(g.value())
    }
}

#[test]
fn the_sample_games_finish_is_forced_242() {
    let g = after(16);
    let (v, line) = Solver::new().solve(&g);
    assert_eq!(v, 242);
    assert_eq!(line.len(), 1);
}

#[test]
fn solver_agrees_with_plain_minimax_on_late_positions() {
    for plies in [8, 10, 12, 14] {
        let g = after(plies);
        let mut s = Solver::new();
        assert_eq!(s.value(&g), minimax(&g), "after {plies} plies");
        // The principal line plays out to the value.
        let (v, line) = s.solve(&g);
        let mut end = g.clone();
        for (_, t) in line {
            end.play(t);
        }
        assert_eq!(end.value(), v);
    }
}
