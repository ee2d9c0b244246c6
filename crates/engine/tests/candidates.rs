//! Candidate moves (`Evaluator::candidate_moves`): an evaluator that hands
//! the search moves still to be tested for legality, and tests each only
//! when the search comes to it, gets the values of one that hands it the
//! legal moves; no illegal move is ever chosen, and a position whose
//! moves are all illegal is lost as one without moves.

use deckmate_engine::toys::exact_params;
use deckmate_engine::{CandidateNote, ChancePruning, Evaluator, Limits, SearchParams, Searcher};
use deckmate_rules::{Game, MoveError, Outcome, Seat, ToAct};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

/// A take-away game: the side to move takes 1 to 4 from the pile, but may
/// not leave a pile of 3, 4 or 5 (mod 7); a side with no legal move
/// loses (so a pile of 6 or of 0 is lost for the side to move).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
struct Steps {
    pile: u8,
    side: Seat,
}

/// Whether leaving `pile` is forbidden.
fn forbidden(pile: u8) -> bool {
    matches!(pile % 7, 3..=5)
}

impl Steps {
    /// Every take, legal or not.
    fn takes(&self, moves: &mut Vec<u8>) {
        moves.extend((1..=4).filter(|&t| t <= self.pile));
    }
}

impl Game for Steps {
    type Move = u8;
    type Observation = Steps;

    fn to_act(&self) -> ToAct {
        // A side without a legal move is still to act: the search finds
        // it has none.
        ToAct::Seat(self.side)
    }

    fn legal_moves(&self, moves: &mut Vec<u8>) {
        let start = moves.len();
        self.takes(moves);
        let mut kept = start;
        for i in start..moves.len() {
            if !forbidden(self.pile - moves[i]) {
                moves[kept] = moves[i];
                kept += 1;
            }
        }
        moves.truncate(kept);
    }

    fn observation(&self, _: Option<Seat>) -> Steps {
        *self
    }

    fn play_unchecked(&mut self, mv: u8) {
        self.pile -= mv;
        self.side = self.side.other();
    }

    fn outcome(&self) -> Option<Outcome> {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves.is_empty().then(|| Outcome {
            winner: Some(self.side.other()),
            reason: "no move".into(),
            points: None,
        })
    }

    fn hash(&self) -> u64 {
        u64::from(self.pile) * 2 + self.side.index() as u64 + 1
    }

    fn move_text(&self, mv: u8) -> String {
        mv.to_string()
    }

    fn parse_move(&self, text: &str) -> Result<u8, MoveError> {
        text.parse().map_err(|_| MoveError::NotAMove {
            text: text.to_string(),
            game: "Steps".into(),
            why: "a move is a number".into(),
            examples: "1, 2".into(),
        })
    }

    fn position_text(&self) -> String {
        format!("{self:?}")
    }
}

/// A small evaluation (the pile's remainder), so that moves order
/// differently at different depths.
fn score(g: &Steps) -> i32 {
    i32::from(g.pile % 7) * 3 - 7
}

/// The legal moves, as the search gets them by default.
struct LegalEval;

impl Evaluator<Steps> for LegalEval {
    fn evaluate(&self, g: &Steps) -> i32 {
        score(g)
    }

    fn is_tactical(&self, _: &Steps, _: u8) -> bool {
        false
    }

    fn capture_gain(&self, _: &Steps, _: u8) -> i32 {
        0
    }
}

/// Every take as a candidate once `min_legal` of them are legal; counts
/// the candidates it finds illegal.
struct CandidateEval {
    refused: Arc<AtomicUsize>,
}

impl Evaluator<Steps> for CandidateEval {
    fn evaluate(&self, g: &Steps) -> i32 {
        score(g)
    }

    fn is_tactical(&self, _: &Steps, _: u8) -> bool {
        false
    }

    fn capture_gain(&self, _: &Steps, _: u8) -> i32 {
        0
    }

    fn candidate_moves(&self, g: &Steps, min_legal: usize, moves: &mut Vec<u8>) -> CandidateNote {
        let start = moves.len();
        g.takes(moves);
        let legal = moves[start..]
            .iter()
            .filter(|&&t| !forbidden(g.pile - t))
            .count();
        if legal >= min_legal {
            // The note says the list holds moves to test.
            return CandidateNote([1, 0, 0, 0]);
        }
        moves.truncate(start);
        g.legal_moves(moves);
        CandidateNote::default()
    }

    fn is_legal_candidate(&self, g: &Steps, note: &CandidateNote, mv: u8) -> bool {
        if note.0[0] == 0 {
            return true;
        }
        let ok = !forbidden(g.pile - mv);
        if !ok {
            self.refused.fetch_add(1, Ordering::Relaxed);
        }
        ok
    }
}

/// The value and best move of `g` to `depth` with `params`.
fn search<E: Evaluator<Steps>>(
    eval: E,
    params: &SearchParams,
    g: &Steps,
    depth: u32,
) -> (i32, Option<u8>) {
    let mut s = Searcher::new(eval, 1);
    s.params = params.clone();
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let r = s.search(g, &limits, &mut |_| {});
    (r.score, r.best)
}

#[test]
fn candidates_tested_when_searched_give_the_legal_moves_values() {
    let exact = exact_params(ChancePruning::Star2);
    // The extension of positions with few replies counts legal moves: the
    // candidates must leave it as it was.
    let extended = SearchParams {
        forced_moves: 2,
        ..exact.clone()
    };
    let refused = Arc::new(AtomicUsize::new(0));
    let mut lost = 0;
    for params in [&exact, &extended] {
        for pile in 0..=30u8 {
            for depth in 1..=8 {
                let g = Steps {
                    pile,
                    side: Seat::First,
                };
                let (want, _) = search(LegalEval, params, &g, depth);
                let eval = CandidateEval {
                    refused: Arc::clone(&refused),
                };
                let (got, best) = search(eval, params, &g, depth);
                assert_eq!(got, want, "pile {pile}, depth {depth}");
                let mut legal = Vec::new();
                g.legal_moves(&mut legal);
                match best {
                    Some(m) => assert!(legal.contains(&m), "pile {pile}: {m} is illegal"),
                    None => assert!(legal.is_empty(), "pile {pile}: no move chosen"),
                }
                if legal.is_empty() {
                    lost += 1;
                }
            }
        }
    }
    // The positions lost for want of a legal move were there, and the
    // search met candidates that proved illegal.
    assert!(lost > 0);
    let refused = refused.load(Ordering::Relaxed);
    assert!(refused > 100, "{refused} candidates refused");
}
