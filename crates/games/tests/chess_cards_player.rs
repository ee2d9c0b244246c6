//! The Chess Cards player's levels: level 8 plays perfectly, so it never
//! loses a match (M11: in the second game it holds the hand its opponent
//! held in the first, and perfect play gets at least the game's value from
//! either side); every level takes a mate in one; a match is replayable.

#![allow(clippy::unwrap_used)]

use deckmate_games::chess_cards::engine::deals;
use deckmate_games::chess_cards::{ChessCardsPlayer, Match, SacrificeCount, Solver};
use deckmate_rules::Seat;

/// Plays a match: player 0 at level `a`, player 1 at level `b`.
fn play_match(seed: u64, a: u8, b: u8) -> Match {
    let mut m = Match::deal(seed, SacrificeCount::Net);
    let mut players = [
        ChessCardsPlayer::new(a, seed),
        ChessCardsPlayer::new(b, seed + 1),
    ];
    while let Some(p) = m.to_act() {
        let t = players[p].choose(m.current()).unwrap();
        assert!(m.current().turns().contains(&t));
        m.play(t);
    }
    m
}

#[test]
fn level_8_never_loses_a_match_and_gets_at_least_the_value() {
    let mut solver = Solver::new();
    for seed in [3, 4] {
        let m = play_match(seed, 8, 1);
        let [a, b] = m.totals();
        assert!(a >= b, "deal {seed}: level 8 {a}, level 1 {b}");
        // Game 1: level 8 is the dealer and gets at least the value.
        let v = solver.value(&Match::deal(seed, SacrificeCount::Net).games[0]);
        let g1 = m.games[0].value();
        assert!(g1 >= v, "deal {seed}: game 1 {g1} below the value {v}");
    }
}

#[test]
fn every_level_takes_a_mate_in_one() {
    // After the sample game's eighth move A mates with bQ (242).
    let mut m = Match::new(
        deckmate_games::chess_cards::Hand::parse("bQ rQ yQ wQ rR yR wR yB wN bP").unwrap(),
        deckmate_games::chess_cards::Hand::parse("bR bB rB wB bN rN yN rP yP wP").unwrap(),
        SacrificeCount::Net,
    )
    .unwrap();
    for p in [
        "yR", "(yP)yN", "wQ", "wB", "rQ", "rP", "(wR)yB", "rB", "rN", "(yQ)rR", "(wN)bP", "bB",
        "bR", "bQ", "bQ", "bN",
    ] {
        let t = deckmate_games::chess_cards::notation::parse_turn(p).unwrap();
        m.play(t);
    }
    for level in 1..=8 {
        let t = ChessCardsPlayer::new(level, 1).choose(m.current()).unwrap();
        let mut g = m.current().clone();
        g.play(t);
        assert_eq!(g.value(), 242, "level {level} played {t:?}");
    }
}

#[test]
fn chess_cards_m11_every_match_is_drawn_under_perfect_play() {
    let mut solver = Solver::new();
    for seed in 10..13 {
        let (a, b) = deckmate_games::chess_cards::ChessCards::deal(seed);
        let (game1, match_value) =
            deals::solve_match(&mut solver, a, b, SacrificeCount::Net).unwrap();
        assert_eq!(match_value, 0, "deal {seed} (game 1 worth {game1})");
    }
    assert_eq!(Match::player(2, Seat::First), 1);
}
