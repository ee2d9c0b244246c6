//! Issue 29 item 14: the low levels keep their budget on a large board and
//! play the same move for the same seed and moves. Levels 1-3 count nodes
//! under a hard ceiling (quiescence included), never the clock: the tests
//! assert the nodes searched, never the time taken.
#![allow(clippy::unwrap_used)]

use deckmate_engine::{level, random_player, EnginePlayer, Player};
use deckmate_games::fairy::{AnyPosition, FairyEval, RuleSet};
use deckmate_games::list;
use deckmate_games::registry::{self, Options};
use deckmate_rules::Game;
use std::path::PathBuf;
use std::sync::Arc;

fn fairy_court_text() -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../variants/fairy-court.toml");
    std::fs::read_to_string(path).unwrap()
}

fn fairy_court() -> Arc<RuleSet> {
    deckmate_games::variant_file::rule_set(&fairy_court_text()).unwrap()
}

/// Positions of fairy-court reached by random play from the start: the
/// middle games where the two-ply minimum and quiescence grew without
/// bound.
fn positions(rules: &Arc<RuleSet>) -> Vec<AnyPosition> {
    let mut out = Vec::new();
    for seed in 0..4u64 {
        let mut pos = AnyPosition::new_game(rules);
        let mut random = random_player::<AnyPosition>(seed);
        for ply in 0..24 {
            if pos.outcome().is_some() {
                break;
            }
            if ply % 6 == 5 {
                out.push(pos.clone());
            }
            let Some(m) = random.choose(&pos) else { break };
            pos.play_unchecked(m);
        }
    }
    out
}

#[test]
fn item_14_levels_1_to_3_stay_within_their_node_ceiling_on_fairy_court() {
    let rules = fairy_court();
    let positions = positions(&rules);
    assert!(positions.len() >= 8, "{} positions", positions.len());
    for n in 1..=3u8 {
        let lv = level::level(n);
        let ceiling = lv.max_nodes.expect("levels 1-3 have a node ceiling");
        let mut most = 0;
        let mut slowest = 0.0f64;
        for (i, pos) in positions.iter().enumerate() {
            let mut p = EnginePlayer::with_evaluator(FairyEval::new(&rules), lv, i as u64, None);
            let t = std::time::Instant::now();
            let m = p.choose(pos).expect("a move");
            // Printed for the record, never asserted.
            slowest = slowest.max(t.elapsed().as_secs_f64());
            let mut legal = Vec::new();
            pos.legal_moves(&mut legal);
            assert!(legal.contains(&m), "level {n} played an illegal move");
            assert!(
                p.last_nodes() <= ceiling,
                "level {n} searched {} nodes, over its ceiling {ceiling}",
                p.last_nodes()
            );
            most = most.max(p.last_nodes());
        }
        println!(
            "level {n}: at most {most} nodes a move (ceiling {ceiling}), {slowest:.3} s at most"
        );
        if std::env::var("ITEM14_BEFORE").is_ok() {
            let mut old = lv;
            old.max_nodes = None;
            old.nodes = None;
            let mut worst = (0, 0.0);
            for (i, pos) in positions.iter().enumerate() {
                let mut p =
                    EnginePlayer::with_evaluator(FairyEval::new(&rules), old, i as u64, None);
                let t = std::time::Instant::now();
                p.choose(pos);
                let secs = t.elapsed().as_secs_f64();
                worst = (worst.0.max(p.last_nodes()), f64::max(worst.1, secs));
            }
            println!(
                "level {n} as before: at most {} nodes, {:.2} s",
                worst.0, worst.1
            );
        }
    }
}

/// The engine's reply after `moves` from a game of `entry` made from
/// `seed`, at `level`, asked twice of two games built apart.
fn replies_twice(entry: &'static registry::GameEntry, seed: u64, plies: usize, level: u8) {
    let build = || {
        let mut g = entry.new_game(&Options::default(), seed).unwrap();
        let mut random = 7u64;
        for _ in 0..plies {
            let Some(seat) = g.to_move() else { break };
            let legal = g.legal_moves_of(seat);
            if legal.is_empty() {
                break;
            }
            random = random
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let pick = legal[(random >> 33) as usize % legal.len()]["text"]
                .as_str()
                .unwrap()
                .to_string();
            g.play(&pick).unwrap();
        }
        g
    };
    let (a, b) = (build(), build());
    if a.to_move().is_none() {
        return;
    }
    let ply = a.history().len() as u64;
    let first = a.engine_job(level, seed.wrapping_add(ply))();
    let second = b.engine_job(level, seed.wrapping_add(ply))();
    assert!(first.is_some(), "{}: no reply", entry.key);
    assert_eq!(
        first, second,
        "{} seed {seed} level {level}: two replies to the same moves",
        entry.key
    );
}

#[test]
fn item_14_the_same_seed_and_moves_give_the_same_reply() {
    let fairy =
        deckmate_games::variant_game::load("fairy-court.toml", &fairy_court_text()).unwrap();
    for level in 1..=3u8 {
        for seed in 0..3u64 {
            replies_twice(fairy, seed, 10 + 2 * seed as usize, level);
        }
    }
    for entry in list::GAMES {
        if entry.tools.is_none() {
            continue;
        }
        for level in 1..=3u8 {
            replies_twice(entry, 5, 8, level);
        }
    }
}
