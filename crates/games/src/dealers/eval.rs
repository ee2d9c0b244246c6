//! Dealer's Chess's evaluation: the men's worth estimated from their
//! movement (the fairy core's estimate, [`super::rules::Kind::value`]),
//! what the hand is worth to the pawns that may promote into it (D4), the
//! hand's own small worth, the royal's safety against the dealt army's
//! attackers, and a little centralisation. Scores are for the side to
//! move.

use super::movegen::{Candidates, Move};
use super::position::{cell, man_of, Position, EMPTY, SHARED};
use super::rules::{PromotionRule, Rules, Squares};
use deckmate_engine::{CandidateNote, Eval, Evaluator};
use deckmate_rules::{Seat, ToAct};

/// The share of a hand piece's worth counted while it waits in the hand.
const HAND_SHARE: i32 = 15;
/// The most a pawn on the square before its zone gains from the best
/// piece it may become, in percent of that piece.
const PROMOTION_SHARE: i32 = 45;
/// The cost of each square around the royal that an enemy piece reaches.
const ZONE_ATTACK: i32 = 9;
/// Centralisation of a piece, per step nearer the centre.
const CENTRE: i32 = 4;
/// The side to move's edge.
const TEMPO: i32 = 10;

/// The evaluation.
#[derive(Copy, Clone, Debug, Default)]
pub struct DealersEval;

/// What a pawn of `seat` may become, at best: the best piece of its hand
/// or the shared extras (D4); of its stand-ins (`simplified`); the mean
/// card of the Draw Stack, a little more for the best of three
/// (`big-deck`).
fn best_promotion(pos: &Position, seat: Seat) -> i32 {
    let r = pos.rules();
    let value = |k: usize| r.facts(k as u8).value;
    match r.options.promotion {
        PromotionRule::Hand => (0..r.kinds.len())
            .filter(|&k| pos.hands[seat.index()][k] > 0 || pos.hands[SHARED][k] > 0)
            .map(value)
            .max()
            .unwrap_or(0),
        PromotionRule::Standard => pos
            .promotes_to(seat)
            .into_iter()
            .map(|k| value(usize::from(k)))
            .max()
            .unwrap_or(0),
        PromotionRule::DrawStack => {
            let pool = pos.draw_pool();
            if pool.is_empty() {
                return 0;
            }
            let total: i32 = pool.iter().map(|&k| value(usize::from(k))).sum();
            total / pool.len() as i32 * 6 / 5
        }
    }
}

/// Per side, [`best_promotion`] and the hand's own worth (each card's
/// [`HAND_SHARE`]), in one pass over the kinds under the `Hand` rule.
fn hand_values(pos: &Position) -> ([i32; 2], [i32; 2]) {
    let r = pos.rules();
    if r.options.promotion != PromotionRule::Hand {
        let mut worth = [0; 2];
        for (i, w) in worth.iter_mut().enumerate() {
            for (k, &count) in pos.hands[i].iter().enumerate().take(r.kinds.len()) {
                if count > 0 {
                    *w += i32::from(count) * r.facts(k as u8).value * HAND_SHARE / 100;
                }
            }
        }
        return (
            [
                best_promotion(pos, Seat::First),
                best_promotion(pos, Seat::Second),
            ],
            worth,
        );
    }
    let mut best: [Option<i32>; 2] = [None; 2];
    let mut worth = [0; 2];
    let n = r.kinds.len();
    let (white, black, shared) = (
        &pos.hands[0][..n],
        &pos.hands[1][..n],
        &pos.hands[SHARED][..n],
    );
    for k in 0..n {
        let (w, b, s) = (white[k], black[k], shared[k]);
        if w | b | s == 0 {
            continue;
        }
        let value = r.facts(k as u8).value;
        for (i, count) in [(0, w), (1, b)] {
            if count > 0 || s > 0 {
                best[i] = Some(best[i].map_or(value, |v| v.max(value)));
            }
            if count > 0 {
                worth[i] += i32::from(count) * value * HAND_SHARE / 100;
            }
        }
    }
    (best.map(|b| b.unwrap_or(0)), worth)
}

impl DealersEval {
    /// The score for White, in one pass over each side's men.
    pub fn white_score(&self, pos: &Position) -> i32 {
        let r = pos.rules();
        let mut score = [0i32; 2];
        let (best, hand_worth) = hand_values(pos);
        for seat in Seat::BOTH {
            let i = seat.index();
            let best = best[i];
            let s = &mut score[i];
            *s += hand_worth[i];
            for sq in pos.men.all[i].iter() {
                let (_, k) = man_of(pos.board[usize::from(sq)]);
                let kind = r.facts(k);
                if kind.royal {
                    continue;
                }
                *s += kind.value;
                if kind.pawn {
                    // Nearer the zone, more of the best piece in hand.
                    *s += best * PROMOTION_SHARE * r.progress2(seat, sq) / 1_000_000;
                } else {
                    *s += CENTRE * r.centre_steps(sq) / 2;
                }
            }
        }
        // The royal's safety: squares around it that enemy pieces reach
        // (their moves on the empty board: the dealt army's attackers),
        // each royal's zone counted apart.
        for seat in Seat::BOTH {
            let i = seat.index();
            let them = seat.other();
            let mut hits = 0u32;
            for royal in pos.men.royals[i].iter() {
                let around = r.zone(royal);
                for sq in pos.men.all[them.index()].iter() {
                    let (_, k) = man_of(pos.board[usize::from(sq)]);
                    if !r.facts(k).pawn {
                        // Most men reach no square of the zone: no count.
                        let hit = r.reach(k, them, sq).and(around);
                        if !hit.is_empty() {
                            hits += hit.len();
                        }
                    }
                }
            }
            score[i] -= ZONE_ATTACK * (hits as i32).min(24);
        }
        score[0] - score[1]
    }

    /// The search's note of what a candidate list is: word 3 says
    /// whether the guarded squares are in words 0-2.
    fn note(candidates: Candidates) -> CandidateNote {
        match candidates {
            Candidates::Legal => CandidateNote::default(),
            Candidates::Guarded(danger) => {
                let [a, b, c] = danger.0;
                CandidateNote([a, b, c, 1])
            }
        }
    }

    /// The worth of the man of kind `k` (a royal: nothing).
    fn worth(r: &Rules, k: u8) -> i32 {
        let kind = r.facts(k);
        if kind.royal {
            0
        } else {
            kind.value
        }
    }
}

impl Evaluator<Position> for DealersEval {
    fn evaluate(&self, pos: &Position) -> i32 {
        let w = self.white_score(pos);
        TEMPO
            + match pos.side_to_move() {
                Seat::First => w,
                Seat::Second => -w,
            }
    }

    fn evaluate_full(&self, pos: &Position) -> Eval {
        // Whether the game goes on is known here, so quiescence may stand
        // pat before generating the moves (and their legality).
        let (check, any_move) = pos.check_and_any_move();
        let terminal = pos.end().is_some() || !any_move;
        Eval {
            threatened: check,
            terminal: Some(terminal),
            forced: Some(false),
            ..Eval::score(self.evaluate(pos))
        }
    }

    /// Every move, its safety tried only when the search comes to it
    /// (a node cut off by its first moves tries no others): the guarded
    /// squares go in the note, word 3 saying whether they are there.
    fn candidate_moves(
        &self,
        pos: &Position,
        min_legal: usize,
        moves: &mut Vec<Move>,
    ) -> CandidateNote {
        Self::note(pos.candidate_moves(min_legal, moves))
    }

    /// The captures and promotions alone, generated without the quiet
    /// moves, with the guarded squares in the note.
    fn tactical_candidates(&self, pos: &Position, moves: &mut Vec<Move>) -> CandidateNote {
        Self::note(pos.tactical_candidates(moves))
    }

    fn is_legal_candidate(&self, pos: &Position, note: &CandidateNote, mv: Move) -> bool {
        let [a, b, c, guarded] = note.0;
        let candidates = if guarded == 0 {
            Candidates::Legal
        } else {
            Candidates::Guarded(Squares([a, b, c]))
        };
        pos.is_legal_candidate(&candidates, mv)
    }

    fn is_tactical(&self, pos: &Position, mv: Move) -> bool {
        mv.promotion().is_some()
            || mv.is_en_passant()
            || (!mv.is_push() && !mv.is_castling() && pos.at(mv.to()).is_some())
    }

    fn capture_gain(&self, pos: &Position, mv: Move) -> i32 {
        let r = pos.rules();
        let mut gain = 0;
        if mv.is_en_passant() {
            if let Some((_, k)) = pos.at(pos.ep_pawn) {
                gain += Self::worth(r, k);
            }
        } else if !mv.is_push() && !mv.is_castling() {
            if let Some((_, k)) = pos.at(mv.to()) {
                gain += Self::worth(r, k);
            }
        }
        if let (Some(p), Some((_, k))) = (mv.promotion(), pos.at(mv.from())) {
            gain += Self::worth(r, p) - Self::worth(r, k);
        }
        gain
    }

    /// The exchange counted two captures deep: the mover (as promoted)
    /// worth more than the capture wins, a man of the other side
    /// attacking its arrival square once the move is made, and nothing of
    /// the mover's side to take back there or the cheapest taker not
    /// worth the difference (a royal never takes into a guarded square).
    fn losing_capture(&self, pos: &Position, mv: Move) -> bool {
        if mv.is_push() || mv.is_castling() || mv.is_choice() {
            return false;
        }
        let r = pos.rules();
        let Some((me, k)) = pos.at(mv.from()) else {
            return false;
        };
        let risked = Self::worth(r, mv.promotion().unwrap_or(k));
        let gain = self.capture_gain(pos, mv);
        if risked <= gain {
            return false;
        }
        // The board after the move, as far as attacks go (not a whole
        // position: no hash, history or hands to copy).
        let (from, to) = (mv.from(), mv.to());
        let them = me.other();
        let (mut board, mut men, mut fresh) = (pos.board, pos.men, pos.fresh);
        if mv.is_en_passant() {
            board[usize::from(pos.ep_pawn)] = EMPTY;
            men.all[them.index()].remove(pos.ep_pawn);
        }
        men.all[them.index()].remove(to);
        men.royals[them.index()].remove(to);
        men.all[me.index()].remove(from);
        men.all[me.index()].add(to);
        board[usize::from(from)] = EMPTY;
        board[usize::from(to)] = cell(mv.promotion().unwrap_or(k), me);
        fresh.remove(from);
        let (board, men, fresh) = (&board, &men, &fresh);
        // A royal's worth here: more than any exchange.
        let worth = |k: u8| {
            if r.facts(k).royal {
                i32::MAX / 4
            } else {
                Self::worth(r, k)
            }
        };
        // Losing when a taker is worth less than the mover's loss, or when
        // any taker finds the square unguarded.
        let loss = risked - gain;
        let mut taken = false;
        for taker in r.attackers(board, men, fresh, mv.to(), them) {
            if worth(taker) < loss {
                return true;
            }
            taken = true;
        }
        taken && !r.attacked(board, men, fresh, mv.to(), me)
    }

    fn history_index(&self, _pos: &Position, mv: Move) -> usize {
        usize::from(mv.from()) * 144 + usize::from(mv.to())
    }

    fn history_size(&self) -> usize {
        144 * 144
    }

    /// The side to move while no end is set (the search finds mate and
    /// stalemate by the empty move list).
    fn to_act(&self, pos: &Position) -> ToAct {
        if pos.awaits_draw() {
            ToAct::Chance
        } else if pos.end().is_some() {
            ToAct::Nobody
        } else {
            ToAct::Seat(pos.side_to_move())
        }
    }
}

impl DealersEval {
    /// The evaluation of a whole game (0 while arranging).
    pub fn evaluate_game(&self, g: &super::DealersGame) -> i32 {
        g.position().map_or(0, |p| self.evaluate(p))
    }
}
