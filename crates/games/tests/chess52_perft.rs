//! 52Chess perft (RULINGS F10) against the figures of a second
//! implementation written apart (`tools/chess52_ref/`): all 52 cards a
//! turn, and the cards of each turn given.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use deckmate_games::chess52::{fen, Card, Chess52};

fn table() -> Vec<(String, u32, u64)> {
    let text = include_str!("data/chess52-perft.txt");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('|').map(str::trim).collect();
            (
                f[0].to_string(),
                f[1].parse().unwrap(),
                f[2].parse().unwrap(),
            )
        })
        .collect()
}

fn check(max_leaves: u64, min_leaves: u64) {
    let mut checked = 0;
    for (text, depth, want) in table() {
        if want > max_leaves || want < min_leaves {
            continue;
        }
        let p = fen::parse(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(p.perft(depth), want, "{text} depth {depth}");
        checked += 1;
    }
    assert!(checked > 0);
}

#[test]
fn f10_perft_matches_the_second_implementation() {
    check(1_000_000, 0);
}

#[test]
#[ignore = "deep perft: run with --ignored in release"]
fn f10_deep_perft_matches_the_second_implementation() {
    check(u64::MAX, 1_000_001);
}

#[test]
fn f10_fixed_draws_match_the_second_implementation() {
    let cards = |s: &str| -> Vec<Card> { s.split(' ').map(|c| Card::parse(c).unwrap()).collect() };
    let start = Chess52::start();
    for (cs, want) in [
        ("7H", 25),
        ("AC", 10),
        ("7H QS", 250),
        ("7H QS 5C", 7023),
        ("AC AC AC", 1100),
    ] {
        assert_eq!(start.perft_cards(&cards(cs)), want, "{cs}");
    }
    let tele = fen::parse("3k/4/4/4/4/4/2P1/4/4/4/4/4/K3 w - 0 1").unwrap();
    assert_eq!(tele.perft_cards(&cards("4C 10D 6C")), 105);
    let promo = fen::parse("r1nk/1P2/4/4/4/4/4/4/4/4/4/4/K3 w - 0 1").unwrap();
    assert_eq!(promo.perft_cards(&cards("AC KD")), 227);
    let blocked = "KRRR/PPPP/4/4/4/4/4/4/4/4/4/pppp/krrr w - 0 1";
    let b = fen::parse(blocked).unwrap();
    assert_eq!(b.perft_cards(&cards("AC AC AC AC")), 1);
    // F8: the start position a third time after four passes: drawn.
    assert_eq!(b.perft_cards(&cards("AC AC AC AC AC")), 0);
    let late = fen::parse(&blocked.replace(" 0 1", " 98 1")).unwrap();
    assert_eq!(late.perft_cards(&cards("AC AC AC")), 0);
}
