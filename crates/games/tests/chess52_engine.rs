//! 52Chess's engine: it takes a King, keeps its own out of reach, values a
//! draw as the mean over the cards, and plays the same with the same seed;
//! the evaluation of the start; the openings, matches and bench of its
//! tools.

use deckmate_engine::matches::PlayerSpec;
use deckmate_engine::search::{ChancePruning, Limits};
use deckmate_engine::{Evaluator, Player};
use deckmate_games::chess52::engine::searcher;
use deckmate_games::chess52::eval::GAME_VALUE;
use deckmate_games::chess52::tools::{bench, opening, run_match, Chess52Match, Chess52Tools};
use deckmate_games::chess52::{fen, Card, Chess52, Chess52Eval, Move};
use deckmate_games::registry::EngineHook;
use deckmate_rules::{Game, Seat, ToAct};
use std::time::Duration;

fn pos(text: &str) -> Chess52 {
    fen::parse(text).expect("a position")
}

fn drawn(p: &Chess52, card: Card) -> Chess52 {
    let mut q = p.clone();
    q.play_move(Move::Draw(card));
    q
}

fn depth(d: u32) -> Limits {
    Limits {
        depth: Some(d),
        ..Limits::default()
    }
}

/// White's Rook on a4 takes the Black King on a10 whatever the card.
const KING_HANGS: &str = "4/4/4/k3/4/4/4/4/4/R3/4/4/K3 w - 0 1";

#[test]
fn takes_the_king_when_it_can() {
    let p = pos(KING_HANGS);
    for card in Card::all() {
        let q = drawn(&p, card);
        let r = searcher(4).search(&q, &depth(2), &mut |_| {});
        let best = r.best.expect("a move");
        let mut after = q.clone();
        after.play_move(best);
        assert_eq!(
            after.outcome().and_then(|o| o.winner),
            Some(Seat::First),
            "{card}: {}",
            q.move_text(best)
        );
        assert!(r.score > GAME_VALUE - 10, "{card}: {}", r.score);
    }
    // And every level does (at 0.2 s a move).
    for level in 1..=8 {
        let mut player = Chess52Tools.level_player(level, 7, Some(Duration::from_millis(200)));
        let q = drawn(&p, Card::parse("7H").expect("a card"));
        let m = player.choose(&q).expect("a move");
        let mut after = q.clone();
        after.play_move(m);
        assert!(after.outcome().is_some(), "level {level}");
    }
}

/// Black's Rook on b10 attacks the White King on b2 along the b-file; the
/// King can step aside. Most cards leave a safe move.
const KING_ATTACKED: &str = "k3/4/4/1r2/4/4/4/4/4/4/4/1K2/4 w - 0 1";

#[test]
fn does_not_leave_its_king_capturable_when_it_need_not() {
    let p = pos(KING_ATTACKED);
    let mut safe = 0;
    let mut cards = 0;
    for card in Card::all() {
        let q = drawn(&p, card);
        let r = searcher(4).search(&q, &depth(2), &mut |_| {});
        let best = r.best.expect("a move");
        let mut after = q.clone();
        after.play_move(best);
        cards += 1;
        // After the move, Black (to draw) must not be able to take the
        // King with any card.
        if !after.core().royal_attacked(Seat::First) {
            safe += 1;
        }
    }
    assert_eq!(safe, cards, "the King stepped aside with every card");
}

#[test]
fn from_the_start_no_level_leaves_its_king_capturable() {
    let p = Chess52::start();
    for card in Card::all().step_by(5) {
        let q = drawn(&p, card);
        let m = Chess52Tools
            .fixed_player(2, None)
            .choose(&q)
            .expect("a move");
        let mut after = q.clone();
        after.play_move(m);
        assert!(!after.core().royal_attacked(Seat::First), "{card}");
    }
}

/// A searcher whose values do not depend on its windows: no reductions,
/// no futility pruning.
fn exact_searcher(pruning: ChancePruning) -> deckmate_engine::Searcher<Chess52, Chess52Eval> {
    let mut s = searcher(4);
    s.params.chance_pruning = pruning;
    s.params.lmr = false;
    s.params.rfp_margin = 0;
    s.params.futility_margin = 0;
    s.min_depth = 1;
    s
}

/// The value a depth-`d` search gives a chance node, brute force: each of
/// the 52 cards searched alone at depth `d` (depth 1 here: the positions
/// are sparse, so nearly every card teleports and a chance root at depth
/// 2 is millions of nodes), the mean taken and rounded
/// down as the search does.
fn brute_mean(p: &Chess52, d: u32) -> i32 {
    let mut sum = 0i64;
    for card in Card::all() {
        let q = drawn(p, card);
        let mut s = exact_searcher(ChancePruning::None);
        let r = s.search(&q, &depth(d), &mut |_| {});
        sum += i64::from(r.score);
    }
    sum.div_euclid(52) as i32
}

#[test]
fn a_chance_node_is_the_mean_of_the_cards() {
    // A small middle game: few pieces, so depth 1 and 2 are exact and
    // cheap. The chance root's score is from the first seat's view.
    for text in [
        "k3/p3/4/1r2/4/4/4/4/4/4/1N2/P3/K3 w - 0 1",
        "1k2/4/4/4/2r1/4/4/4/4/1B2/4/1P2/K3 w - 0 1",
    ] {
        let p = pos(text);
        assert_eq!(p.to_act(), ToAct::Chance);
        for d in [1] {
            let want = brute_mean(&p, d);
            for pruning in [
                ChancePruning::None,
                ChancePruning::Star1,
                ChancePruning::Star2,
            ] {
                let mut s = exact_searcher(pruning);
                let r = s.search(&p, &depth(d), &mut |_| {});
                assert_eq!(r.score, want, "{text} depth {d} {pruning:?}");
            }
        }
    }
}

#[test]
fn levels_are_deterministic_with_a_seed() {
    let p = drawn(&Chess52::start(), Card::parse("7H").expect("a card"));
    for level in [1, 2, 3, 4] {
        let a = Chess52Tools.level_player(level, 11, None).choose(&p);
        let b = Chess52Tools.level_player(level, 11, None).choose(&p);
        assert_eq!(a, b, "level {level}");
    }
    let a = Chess52Tools.fixed_player(2, Some(50_000)).choose(&p);
    let b = Chess52Tools.fixed_player(2, Some(50_000)).choose(&p);
    assert_eq!(a, b);
}

#[test]
fn the_evaluation_sees_a_king_en_prise() {
    let e = Chess52Eval::default();
    let p = pos(KING_HANGS);
    assert!(e.evaluate(&p) >= deckmate_games::chess52::eval::KING_EN_PRISE);
    let q = pos(KING_ATTACKED);
    let full = e.evaluate_full(&q);
    assert!(full.threatened);
    assert!(full.score < 0);
}

#[test]
fn the_start_is_level_but_for_the_tempo() {
    let e = Chess52Eval::default();
    let p = Chess52::start();
    assert_eq!(e.evaluate(&p), e.weights.tempo);
    let mut q = p.clone();
    q.play(q.parse_move("[7H]").unwrap()).unwrap();
    assert_eq!(e.evaluate(&q), e.weights.tempo);
}

#[test]
fn openings_differ_by_pair_and_repeat_by_seed() {
    assert_eq!(opening(1, 0, 4), opening(1, 0, 4));
    assert_ne!(opening(1, 0, 4), opening(1, 1, 4));
    assert_eq!(opening(1, 0, 4).len(), 8);
}

#[test]
fn a_short_match_plays() {
    // A node budget, no noise: a quick, full-board game.
    let mut lv = deckmate_engine::level::level(4);
    lv.nodes = Some(2_000);
    let cfg = Chess52Match {
        a: PlayerSpec::Custom(lv),
        b: PlayerSpec::Random,
        games: 2,
        time: Duration::from_millis(20),
        seed: 3,
        random_turns: 2,
        max_plies: 40,
        threads: 1,
    };
    let r = run_match(&cfg, |_, _| {}).unwrap();
    assert_eq!(r.wins + r.draws + r.losses, 2);
}

#[test]
fn the_bench_positions_search() {
    let (nodes, _) = bench(2, |_| {}).unwrap();
    assert!(nodes > 0);
}
