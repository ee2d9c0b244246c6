//! The base outcome of a chance node ([`Game::chance_base`]): where every
//! other outcome offers the base's moves and more, the search values the
//! others over the base's value and their own moves alone. Grab
//! ([`Grab`]) searched to its end with and without a base against a plain
//! expectimax, in every pruning mode; and the base saves work.

use deckmate_engine::toys::{exact_params, Grab, GrabEval, GrabMove, GrabRules};
use deckmate_engine::{ChancePruning, Limits, Searcher};
use deckmate_rules::{Game, Seat, ToAct};
use std::collections::HashMap;

/// The value of `g` for the first seat by plain expectimax, every card
/// apart. A chance node's mean is rounded down from the point of view of
/// the seat that acted into it (the search's convention): the seat that
/// just took, or the first seat at the root (`root`).
fn expectimax(g: &Grab, root: bool, memo: &mut HashMap<(Grab, bool), i64>) -> i64 {
    if let Some(&v) = memo.get(&(*g, root)) {
        return v;
    }
    let v = match g.to_act() {
        ToAct::Nobody => i64::from(g.margin(Seat::First)),
        ToAct::Seat(s) => {
            let mut moves = Vec::new();
            g.legal_moves(&mut moves);
            let values = moves.iter().map(|&m| {
                let mut c = *g;
                c.play_unchecked(m);
                expectimax(&c, false, memo)
            });
            let best = if s == Seat::First {
                values.max()
            } else {
                values.min()
            };
            best.expect("a seat to act has a move")
        }
        ToAct::Chance => {
            let mut outs = Vec::new();
            g.chance_outcomes(&mut outs);
            let (mut sum, mut total) = (0i64, 0i64);
            for (m, w) in outs {
                let mut c = *g;
                c.play_unchecked(m);
                sum += i64::from(w) * expectimax(&c, false, memo);
                total += i64::from(w);
            }
            let persp = if root { Seat::First } else { g.turn().other() };
            match persp {
                Seat::First => sum.div_euclid(total),
                Seat::Second => -(-sum).div_euclid(total),
            }
        }
        ToAct::Both => unreachable!("Grab has no simultaneous phase"),
    };
    memo.insert((*g, root), v);
    v
}

/// The search's value of `g` (a chance root: for the first seat) to the
/// end of the game, and its nodes.
fn search(g: &Grab, pruning: ChancePruning) -> (i64, u64) {
    let mut s = Searcher::new(GrabEval, 4);
    s.params = exact_params(pruning);
    let r = s.search(
        g,
        &Limits {
            depth: Some(u32::from(g.rules().pile) + 1),
            ..Limits::default()
        },
        &mut |_| {},
    );
    (i64::from(r.score), r.nodes)
}

const MODES: [ChancePruning; 3] = [
    ChancePruning::None,
    ChancePruning::Star1,
    ChancePruning::Star2,
];

const WEIGHTS: [[u32; 4]; 4] = [[1, 1, 1, 1], [5, 1, 2, 0], [2, 0, 0, 3], [1, 4, 1, 2]];

#[test]
fn with_a_base_every_small_game_has_the_reference_value() {
    let mut saved = (0u64, 0u64);
    for pile in 1..=11u8 {
        for weights in WEIGHTS {
            for base in [false, true] {
                let g = Grab::new(GrabRules {
                    pile,
                    weights,
                    base,
                });
                let want = expectimax(&g, true, &mut HashMap::new());
                for mode in MODES {
                    let (got, nodes) = search(&g, mode);
                    assert_eq!(
                        got, want,
                        "pile {pile}, weights {weights:?}, base {base}, {mode:?}"
                    );
                    if mode == ChancePruning::Star2 {
                        if base {
                            saved.1 += nodes;
                        } else {
                            saved.0 += nodes;
                        }
                    }
                }
            }
        }
    }
    // The base bounds the other cards at once and leaves them their own
    // move alone: fewer nodes than Star2 without it.
    assert!(
        saved.1 < saved.0,
        "nodes with a base {} against {} without",
        saved.1,
        saved.0
    );
}

#[test]
fn a_card_position_searched_over_the_base_is_left_in_the_table() {
    // Later positions: the value from a position with a card drawn and
    // from one after a take, with the base, equal the reference.
    let rules = GrabRules {
        pile: 9,
        weights: [2, 1, 1, 1],
        base: true,
    };
    for moves in ["c0", "c3 5", "c1 3 c2", "c2 1 c0 2"] {
        let mut g = Grab::new(rules);
        for text in moves.split_whitespace() {
            let m: GrabMove = g.parse_move(text).expect("a legal move");
            g.play(m).expect("a legal move");
        }
        let want = expectimax(&g, true, &mut HashMap::new());
        let (got, _) = search(&g, ChancePruning::Star2);
        let got = match g.to_act() {
            ToAct::Seat(Seat::Second) => -got,
            _ => got,
        };
        assert_eq!(got, want, "after {moves}");
    }
}
