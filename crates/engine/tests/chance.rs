//! The search over games with chance nodes and a seat moving several times
//! in a row: turn-limited Pig ([`Pig`]) searched to its end, against a
//! plain expectimax written here; Star1 and Star2 against plain
//! expectimax; merged outcomes; chance at the root; repetitions a single
//! move apart.

use crate::expectimax::{expectimax, Memo, Reference};
use deckmate_engine::toys::{exact_params, Pig, PigEval, PigMove, PigRules};
use deckmate_engine::{level, ChancePruning, EnginePlayer, Evaluator, Limits, Player, Searcher};
use deckmate_rules::{Game, MoveError, Outcome, Seat, ToAct};

impl Reference for Pig {
    fn payoff(&self) -> i64 {
        i64::from(self.margin(Seat::First))
    }

    /// The seat whose roll it is (it acted into the chance node).
    fn rounding_seat(&self, _root: bool) -> Seat {
        self.turn()
    }
}

/// The reference value of `g` for the seat whose turn it is (the seat to
/// act, or the one whose roll is in the air), and whether every mean on
/// the way was a whole number.
fn reference(g: &Pig) -> (i64, bool) {
    let mut memo = Memo::new();
    let v = expectimax(g, false, &mut memo);
    (if g.turn() == Seat::First { v } else { -v }, memo.exact)
}

/// A search of `g` to the end of the game with `eval`: the value (for the
/// seat whose turn it is), the nodes and the best move.
fn search_with(g: &Pig, eval: PigEval, pruning: ChancePruning) -> (i64, u64, Option<PigMove>) {
    let mut s = Searcher::new(eval, 4);
    s.params = exact_params(pruning);
    let r = s.search(
        g,
        &Limits {
            depth: Some(g.rules().max_choices()),
            ..Limits::default()
        },
        &mut |_| {},
    );
    // A chance root is valued for the first seat (the callers search
    // only the first seat's rolls).
    let v = i64::from(r.score);
    if g.to_act() == ToAct::Chance {
        assert_eq!(g.turn(), Seat::First);
    }
    (v, r.nodes, r.best)
}

fn search(g: &Pig, pruning: ChancePruning) -> (i64, u64, Option<PigMove>) {
    search_with(g, PigEval::new(g.rules()), pruning)
}

const MODES: [ChancePruning; 3] = [
    ChancePruning::None,
    ChancePruning::Star1,
    ChancePruning::Star2,
];

/// Plays `moves` (in the game's notation) from the start of `rules`.
fn after(rules: PigRules, moves: &str) -> Pig {
    let mut g = Pig::new(rules);
    for text in moves.split_whitespace() {
        let m = g.parse_move(text).expect("a legal move");
        g.play(m).expect("a legal move");
    }
    g
}

#[test]
fn every_small_game_has_the_reference_value_in_every_mode() {
    let mut failures = Vec::new();
    let mut games = 0;
    for turns in 1..=4u8 {
        for max_rolls in 1..=3u8 {
            for (bust, bonus, cap, weights) in [
                (1, 0, 0, [1; 6]),
                (2, 7, 0, [1; 6]),
                (1, 0, 1, [1; 6]),
                (2, 0, 3, [3, 1, 1, 1, 1, 2]),
                (1, 8, 0, [0, 2, 1, 1, 0, 3]),
            ] {
                let rules = PigRules {
                    bust,
                    bonus,
                    cap,
                    weights,
                    scale: if cap == 1 { 36 } else { 1 },
                    ..PigRules::fair(turns, max_rolls)
                };
                let g = Pig::new(rules);
                let (want, _) = reference(&g);
                games += 1;
                for mode in MODES {
                    // The tight bounds and the one bound for all.
                    for eval in [PigEval::new(&rules), PigEval::loose(&rules)] {
                        let (got, nodes, _) = search_with(&g, eval, mode);
                        if got != want {
                            failures.push(format!(
                                "{rules:?} {mode:?}: {got}, not {want} ({nodes} nodes)"
                            ));
                        }
                    }
                }
            }
        }
    }
    assert_eq!(games, 60);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn star2_searches_fewer_nodes_than_star1_and_star1_than_plain_expectimax() {
    // A win, a draw or a loss: bounds tight enough that there is much to
    // prune. Every mode finds the reference value and the same first move.
    let rules = PigRules {
        cap: 1,
        scale: 36,
        ..PigRules::fair(6, 2)
    };
    let g = Pig::new(rules);
    let (want, _) = reference(&g);
    let results: Vec<_> = MODES.iter().map(|&m| search(&g, m)).collect();
    for (mode, &(v, _, best)) in MODES.iter().zip(&results) {
        assert_eq!(v, want, "{mode:?}");
        assert_eq!(best, results[0].2, "{mode:?}");
    }
    let [plain, star1, star2] = [results[0].1, results[1].1, results[2].1];
    assert!(star1 <= plain, "Star1 {star1} nodes, plain {plain}");
    assert!(star2 < star1, "Star2 {star2} nodes, Star1 {star1}");
    assert!(star2 < plain * 9 / 10, "Star2 {star2} nodes, plain {plain}");

    // The same holds from a position in the middle of a game where the
    // second seat is to roll again.
    let g = after(rules, "roll 4 hold roll 5");
    assert_eq!(g.to_act(), ToAct::Seat(Seat::Second));
    let (want, _) = reference(&g);
    let results: Vec<_> = MODES.iter().map(|&m| search(&g, m)).collect();
    assert!(results.iter().all(|r| r.0 == want), "{results:?} {want}");
    assert!(
        results[2].1 < results[1].1 && results[1].1 <= results[0].1,
        "{results:?}"
    );
}

#[test]
fn a_seat_that_moves_again_is_not_negated() {
    // 1 and 2 bust; banking 7 or more gives another turn at once: the
    // same seat chooses twice in a row with no chance between, as well as
    // after its own roll.
    let rules = PigRules {
        bust: 2,
        bonus: 7,
        ..PigRules::fair(4, 3)
    };
    let mut g = after(rules, "roll 4 roll 3");
    assert_eq!(g.to_act(), ToAct::Seat(Seat::First));
    g.play(PigMove::Hold).expect("legal");
    assert_eq!(g.to_act(), ToAct::Seat(Seat::First), "the bonus turn");
    for pos in [Pig::new(rules), after(rules, "roll 4 roll 3"), g] {
        let (want, exact) = reference(&pos);
        for mode in MODES {
            assert_eq!(
                search(&pos, mode).0,
                want,
                "{} {mode:?}",
                pos.position_text()
            );
        }
        let _ = exact;
    }
    // Where the bonus turn decides it: First has 7 in hand and one roll
    // left in a game of two turns. Holding banks 7 and plays Second's turn
    // itself (rolling twice more for up to 12 points); a roll risks it.
    let rules = PigRules {
        bonus: 7,
        ..PigRules::fair(2, 2)
    };
    let pos = after(rules, "roll 3 roll 4");
    let (want, _) = reference(&pos);
    assert!(
        want > 7,
        "the bonus turn is worth more than the points: {want}"
    );
    for mode in MODES {
        let (v, _, best) = search(&pos, mode);
        assert_eq!((v, best), (want, Some(PigMove::Hold)), "{mode:?}");
    }
}

#[test]
fn outcomes_that_reach_one_position_are_one_branch_with_their_weights_added() {
    // One turn of one roll, a die weighted 2 1 1 1 1 2 where 1 and 2 bust:
    // the busts (weight 3) reach one finished position; 3, 4, 5, 6 each a
    // position where First must hold. The roll is worth
    // 7 * (3 + 4 + 5 + 2 * 6) / 8 = 21 exactly (with the busts' weights
    // not added up it would be 24).
    let rules = PigRules {
        weights: [2, 1, 1, 1, 1, 2],
        bust: 2,
        scale: 7,
        ..PigRules::fair(1, 1)
    };
    let start = Pig::new(rules);
    assert_eq!(reference(&start), (21, true));
    let rolled = after(rules, "roll");
    assert_eq!(rolled.to_act(), ToAct::Chance);
    for mode in MODES {
        assert_eq!(search(&start, mode).0, 21, "{mode:?}");
        assert_eq!(search(&rolled, mode).0, 21, "{mode:?}");
    }
    // Plain expectimax at the rolled position, one iteration: the chance
    // node, one node for the merged busts, and two for each of 3-6 (the
    // hold, then the finished game): 1 + 1 + 4 * 2 = 10; unmerged it would
    // be 11.
    let mut s = Searcher::new(PigEval::new(&rules), 1);
    s.params = exact_params(ChancePruning::None);
    let r = s.search(
        &rolled,
        &Limits {
            depth: Some(1),
            ..Limits::default()
        },
        &mut |_| {},
    );
    assert_eq!((r.score, r.nodes), (21, 10));
    // A fair die where 1, 2 and 3 bust, over longer games: the values are
    // still the unmerged reference's.
    let rules = PigRules {
        bust: 3,
        ..PigRules::fair(3, 3)
    };
    for pos in [Pig::new(rules), after(rules, "roll")] {
        let (want, _) = reference(&pos);
        for mode in MODES {
            assert_eq!(search(&pos, mode).0, want, "{mode:?}");
        }
    }
}

#[test]
fn a_chance_root_gives_a_value_and_no_move() {
    let rules = PigRules::fair(2, 2);
    let rolled = after(rules, "roll");
    let mut s = Searcher::new(PigEval::new(&rules), 1);
    s.params = exact_params(ChancePruning::Star2);
    let mut reports = 0;
    let r = s.search(
        &rolled,
        &Limits {
            depth: Some(rules.max_choices()),
            ..Limits::default()
        },
        &mut |rep| {
            reports += 1;
            assert!(rep.pv.is_empty());
        },
    );
    assert_eq!(r.best, None);
    assert!(r.pv.is_empty() && r.root_scores.is_empty());
    assert_eq!(reports, rules.max_choices());
    assert_eq!(i64::from(r.score), reference(&rolled).0);
    // The second seat's roll: the value is still the first seat's.
    let theirs = after(rules, "hold roll");
    assert_eq!(theirs.turn(), Seat::Second);
    let r = s.search(
        &theirs,
        &Limits {
            depth: Some(rules.max_choices()),
            ..Limits::default()
        },
        &mut |_| {},
    );
    // Its mean is rounded down for the first seat (the seat that acted
    // into the root is not known), not for the second whose roll it is.
    let mut outs = Vec::new();
    theirs.chance_outcomes(&mut outs);
    let (mut sum, mut total) = (0, 0);
    for (m, w) in outs {
        let mut c = theirs;
        c.play_unchecked(m);
        sum += i64::from(w) * expectimax(&c, false, &mut Memo::new());
        total += i64::from(w);
    }
    assert_eq!(i64::from(r.score), sum.div_euclid(total));
    // A player is never asked to choose for chance.
    let mut player = EnginePlayer::with_evaluator(PigEval::new(&rules), level::level(3), 1, None);
    assert_eq!(player.choose(&rolled), None);
    assert!(player.choose(&Pig::new(rules)).is_some());
}

/// Stall: a counter from 0 to 2. The seat to act steps it (the other
/// seat acts next) or stalls (nothing changes, and it acts again: the
/// position repeats one move later). Whoever moves the counter to 2 wins
/// 5.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
struct Stall {
    n: u8,
    seat: Seat,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
enum StallMove {
    Step,
    Stall,
}

impl Game for Stall {
    type Move = StallMove;
    type Observation = Stall;

    fn to_act(&self) -> ToAct {
        if self.n >= 2 {
            ToAct::Nobody
        } else {
            ToAct::Seat(self.seat)
        }
    }

    fn legal_moves(&self, moves: &mut Vec<StallMove>) {
        if self.n < 2 {
            moves.extend([StallMove::Stall, StallMove::Step]);
        }
    }

    fn observation(&self, _seat: Option<Seat>) -> Stall {
        *self
    }

    fn play_unchecked(&mut self, mv: StallMove) {
        if mv == StallMove::Step {
            self.n += 1;
            if self.n < 2 {
                self.seat = self.seat.other();
            }
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.n >= 2).then(|| Outcome {
            winner: Some(self.seat),
            reason: "stepped to 2".into(),
            points: None,
        })
    }

    fn hash(&self) -> u64 {
        u64::from(self.n) * 2 + self.seat.index() as u64 + 1
    }

    fn move_text(&self, mv: StallMove) -> String {
        format!("{mv:?}")
    }

    fn parse_move(&self, text: &str) -> Result<StallMove, MoveError> {
        Err(MoveError::NotLegal { text: text.into() })
    }

    fn position_text(&self) -> String {
        format!("{self:?}")
    }
}

struct StallEval;

impl Evaluator<Stall> for StallEval {
    /// Having the move looks good: a repetition missed at the horizon
    /// would score 1, not 0.
    fn evaluate(&self, _g: &Stall) -> i32 {
        1
    }

    fn is_tactical(&self, _g: &Stall, _mv: StallMove) -> bool {
        false
    }

    fn capture_gain(&self, _g: &Stall, _mv: StallMove) -> i32 {
        0
    }

    fn terminal_score(&self, g: &Stall, seat: Seat, _ply: usize) -> i32 {
        if g.seat == seat {
            5
        } else {
            -5
        }
    }

    fn value_bounds(&self, _g: &Stall, _seat: Seat) -> (i32, i32) {
        (-5, 5)
    }
}

#[test]
fn a_position_repeated_by_the_same_seat_one_move_later_is_a_draw() {
    // At 0 the first seat loses by stepping (the second steps to 2); by
    // stalling it repeats the position, a draw, one move later: the search
    // must see it there, not only two moves later.
    let mut s = Searcher::new(StallEval, 1);
    s.params = exact_params(ChancePruning::Star2);
    let start = Stall {
        n: 0,
        seat: Seat::First,
    };
    // Two moves deep: the stall repeats the root one move later (where
    // the search looks for repetitions: not at the horizon).
    let r = s.search(
        &start,
        &Limits {
            depth: Some(2),
            ..Limits::default()
        },
        &mut |_| {},
    );
    assert_eq!((r.score, r.best), (0, Some(StallMove::Stall)));
    let r = s.search(
        &start,
        &Limits {
            depth: Some(6),
            ..Limits::default()
        },
        &mut |_| {},
    );
    assert_eq!((r.score, r.best), (0, Some(StallMove::Stall)));
    // At 1 the seat to act wins by stepping.
    let one = Stall {
        n: 1,
        seat: Seat::Second,
    };
    let r = s.search(
        &one,
        &Limits {
            depth: Some(6),
            ..Limits::default()
        },
        &mut |_| {},
    );
    assert_eq!((r.score, r.best), (5, Some(StallMove::Step)));
}
