//! The base outcome of a chance node ([`Game::chance_base`]): where every
//! other outcome offers the base's moves and more, the search values the
//! others over the base's value and their own moves alone. Grab
//! ([`Grab`]) searched to its end with and without a base against a plain
//! expectimax, in every pruning mode; and the base saves work.

use crate::expectimax::{expectimax, Memo, Reference};
use deckmate_engine::toys::{exact_params, Grab, GrabEval, GrabMove, GrabRules};
use deckmate_engine::{ChancePruning, Limits, Searcher};
use deckmate_rules::{Game, Seat, ToAct};

impl Reference for Grab {
    fn payoff(&self) -> i64 {
        i64::from(self.margin(Seat::First))
    }

    /// The seat that just took (the other than the one to draw), or the
    /// first seat at the root.
    fn rounding_seat(&self, root: bool) -> Seat {
        if root {
            Seat::First
        } else {
            self.turn().other()
        }
    }
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
                let want = expectimax(&g, true, &mut Memo::new());
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
        let want = expectimax(&g, true, &mut Memo::new());
        let (got, _) = search(&g, ChancePruning::Star2);
        let got = match g.to_act() {
            ToAct::Seat(Seat::Second) => -got,
            _ => got,
        };
        assert_eq!(got, want, "after {moves}");
    }
}
