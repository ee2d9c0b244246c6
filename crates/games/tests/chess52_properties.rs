//! 52Chess properties over random games: every move generated reads back
//! from its text to the same move and is counted by the bulk count; the
//! position string round-trips; the hash is the one computed afresh; any
//! text given to the readers gives a value or an error, never a panic;
//! every card offers the idle card's moves and its own teleports.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use deckmate_games::chess52::{fen, Card, Chess52, Move};
use deckmate_rules::{Game, SeededRng, ToAct};
use proptest::prelude::*;

/// A game of `plies` turns from the start, draws from `seed`, moves picked
/// at random, with every property checked on the way.
fn playout(seed: u64, turns: usize) -> Chess52 {
    let mut p = Chess52::start();
    let mut draws = SeededRng::new(seed);
    let mut picks = SeededRng::new(seed ^ 0x5EED);
    for _ in 0..turns {
        if p.to_act() != ToAct::Chance {
            break;
        }
        let draw = p.sample_chance(&mut draws).unwrap();
        assert_eq!(p.parse_move(&p.move_text(draw)), Ok(draw));
        p.play(draw).unwrap();
        let mut moves = Vec::new();
        p.legal_moves(&mut moves);
        assert_eq!(moves.len() as u64, p.count_moves());
        assert!(!moves.is_empty(), "a pass at least");
        let mut unique = moves.clone();
        unique.sort_by_key(|m| format!("{m:?}"));
        unique.dedup();
        assert_eq!(unique.len(), moves.len(), "duplicate moves");
        for &m in &moves {
            let text = p.move_text(m);
            assert_eq!(
                p.parse_move(&text),
                Ok(m),
                "{text} in {}",
                p.position_text()
            );
        }
        let m = moves[picks.below(moves.len() as u64) as usize];
        p.play(m).unwrap();
        assert_eq!(p.core().zobrist(), p.core().compute_hash());
        let text = p.position_text();
        let again = fen::parse(&text).unwrap();
        assert_eq!(again.position_text(), text);
        if p.outcome().is_none() {
            assert_eq!(again.repetition_key(), p.repetition_key());
        }
    }
    p
}

#[test]
fn random_games_keep_every_property() {
    let mut ended = 0;
    for seed in 0..40 {
        if playout(seed, 150).outcome().is_some() {
            ended += 1;
        }
    }
    assert!(ended > 0, "some random games end");
}

#[test]
fn the_bulk_count_is_the_sum_over_the_cards() {
    for seed in 0..10 {
        let p = playout(seed, 12);
        if p.outcome().is_some() {
            continue;
        }
        let by_card: u64 = Card::all().map(|c| p.count_with(c)).sum();
        assert_eq!(p.perft(1), by_card);
        let mut drawn = p.clone();
        drawn.play(Move::Draw(Card::parse("7H").unwrap())).unwrap();
        assert_eq!(drawn.perft(1), p.count_with(Card::parse("7H").unwrap()));
    }
}

/// The game after `steer` picks of its legal moves (and draws from a seed
/// of the first pick).
fn steered(steer: &[u8]) -> Chess52 {
    let mut p = Chess52::start();
    let mut draws = SeededRng::new(u64::from(steer.first().copied().unwrap_or(0)));
    for &b in steer {
        if p.to_act() == ToAct::Chance {
            let d = p.sample_chance(&mut draws).unwrap();
            p.play(d).unwrap();
        }
        let mut moves = Vec::new();
        p.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        p.play(moves[usize::from(b) % moves.len()]).unwrap();
    }
    p
}

/// The texts the game writes in `p`: its moves' (its legal moves', or the
/// draws chance may make) and its position string.
fn written_texts(p: &Chess52) -> (Vec<String>, Vec<String>) {
    let mut moves = Vec::new();
    p.legal_moves(&mut moves);
    let mut draws = Vec::new();
    p.chance_outcomes(&mut draws);
    moves.extend(draws.into_iter().map(|(m, _)| m));
    let position = vec![p.position_text()];
    let moves: Vec<String> = moves.iter().map(|&m| p.move_text(m)).collect();
    (
        if moves.is_empty() {
            position.clone()
        } else {
            moves
        },
        position,
    )
}

#[test]
fn any_text_reads_or_is_refused() {
    // Any text, or one near a text the game wrote in the position.
    let strategy = proptest::collection::vec(any::<u8>(), 0..8).prop_flat_map(|steer| {
        let (moves, position) = written_texts(&steered(&steer));
        (
            Just(steer),
            prop_oneof![
                ".{0,40}",
                crate::counted::near_one_of(moves),
                crate::counted::near_one_of(position),
            ],
        )
    });
    // 49 of the 256 read (none before the written texts).
    crate::counted::run(
        "chess52_properties::any_text_reads_or_is_refused",
        256,
        25,
        strategy,
        |(steer, text)| {
            let p = steered(&steer);
            let mut checked = false;
            if let Ok(m) = p.parse_move(&text) {
                let written = p.move_text(m);
                prop_assert_eq!(p.parse_move(&written), Ok(m));
                checked = true;
            }
            if let Ok(q) = fen::parse(&text) {
                let written = q.position_text();
                prop_assert_eq!(fen::parse(&written).unwrap().position_text(), written);
                checked = true;
            }
            let _ = Card::parse(&text);
            Ok(checked)
        },
    );
}

/// The chance base (the engine's `Game::chance_base`): an idle card
/// whose moves every card offers, each card adding exactly its
/// teleports (`Game::outcome_extra`), and no base when the side to move
/// would pass (F7: a card with a teleport offers no pass).
#[test]
fn every_card_offers_the_base_cards_moves_and_its_teleports() {
    let mut based = 0;
    for seed in 0..30 {
        for turns in [0, 5, 20, 60] {
            let p = playout(seed, turns);
            if p.to_act() != ToAct::Chance {
                continue;
            }
            let Some(base) = p.chance_base() else {
                continue;
            };
            based += 1;
            let mut at_base = p.clone();
            at_base.play(base).unwrap();
            let mut normal = Vec::new();
            at_base.legal_moves(&mut normal);
            assert!(normal.iter().all(|&m| !at_base.outcome_extra(m)));
            assert!(!normal
                .iter()
                .any(|m| matches!(m, Move::Play(f) if f.is_pass())));
            for card in Card::all() {
                let mut q = p.clone();
                q.play(Move::Draw(card)).unwrap();
                let mut moves = Vec::new();
                q.legal_moves(&mut moves);
                let (extra, rest): (Vec<Move>, Vec<Move>) =
                    moves.iter().partition(|&&m| q.outcome_extra(m));
                assert_eq!(rest, normal, "card {card} in {}", p.position_text());
                let to = Chess52::card_square(card);
                assert_eq!(extra.len() as u32, p.teleporters(to).count_ones());
            }
        }
    }
    assert!(based > 50, "{based} positions with a base");
}

/// F4 and F5: the squares whose card offers a teleport, as the chance
/// node reads them in one set (`Chess52::teleport_targets`), are the
/// squares where `teleporters` names a piece: along random games, and with pawns alone
/// beside the King (F5's ranks square by square), for each side.
#[test]
fn f4_f5_the_teleport_targets_are_the_squares_with_teleporters() {
    let check = |p: &Chess52| {
        let targets = p.teleport_targets();
        for to in 0..52u8 {
            assert_eq!(
                targets >> to & 1 != 0,
                p.teleporters(to) != 0,
                "square {to} in {}",
                p.position_text()
            );
        }
    };
    for seed in 0..20 {
        for turns in [0, 5, 20, 60] {
            check(&playout(seed, turns));
        }
    }
    let mut pawns_alone = 0;
    for text in [
        "3k/4/4/4/4/4/4/4/1P2/4/4/4/K3 w - 0 1",
        "3k/4/1p2/4/4/4/4/4/1P2/4/4/4/K3 b - 0 1",
        "3k/p3/4/4/4/4/4/4/4/4/4/P3/K3 w - 0 1",
        "3k/4/4/4/4/1p2/4/4/P3/4/4/4/K3 b - 0 1",
        "3k/4/4/4/4/4/4/4/4/4/4/4/K3 w - 0 1",
    ] {
        let p = fen::parse(text).expect("a position");
        let targets = p.teleport_targets();
        // Some squares are refused to the pawns (the first and last ranks
        // at least), unless the side has no pawn either.
        if targets != 0 && targets.count_ones() < 52 - 3 - 2 {
            pawns_alone += 1;
        }
        check(&p);
    }
    assert_eq!(pawns_alone, 4);
}
