//! Dealer's Chess's evaluation: the men's worth estimated from their
//! movement (the fairy core's estimate, [`super::rules::Kind::value`]),
//! what the hand is worth to the pawns that may promote into it (D4), the
//! hand's own small worth, the royal's safety against the dealt army's
//! attackers, and a little centralisation. Scores are for the side to
//! move.
//!
//! The evaluation is a dot product: [`terms`] counts each term's feature
//! (White's less Black's) and [`WEIGHTS`] scales them, so that Texel's
//! fit (`dealers_texel` in `deckmate-measure`) sees the very terms the
//! engine plays with ([`columns`]). The armies are dealt at random, so no
//! kind has a weight of its own: each weight scales a term over every
//! kind (the material's, the hand's...).

use super::movegen::{Candidates, Move};
use super::position::{cell, man_of, Position, EMPTY, SHARED};
use super::rules::{PromotionRule, Rules, Squares};
use deckmate_engine::{CandidateNote, Eval, Evaluator};
use deckmate_rules::{Seat, ToAct};

/// The evaluation's weights, each a scale of one term (see [`NAMES`] for
/// their units).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct DealersWeights {
    /// The pieces' worth on the board (not pawns, not royals), in percent
    /// of [`super::rules::Kind::value`].
    pub material: i32,
    /// The pawns' worth on the board, in percent of their value.
    pub pawns: i32,
    /// The share of a hand card's worth counted while it waits in the
    /// hand, in percent.
    pub hand: i32,
    /// The most a pawn on the square before its zone gains from the best
    /// piece it may become, in percent of that piece (the gain grows with
    /// the square of its progress).
    pub promotion: i32,
    /// A pawn's advance, in centipawns for the whole way from its row to
    /// the last rank (linear in its progress).
    pub advance: i32,
    /// Centralisation of a piece, in centipawns per two steps nearer the
    /// centre.
    pub centre: i32,
    /// A piece's squares on the empty board not held by its own side, in
    /// tenths of a centipawn each.
    pub mobility: i32,
    /// The cost of each square around the royal that an enemy piece
    /// reaches (at most 24 counted).
    pub zone: i32,
    /// The cost of each enemy piece that reaches a square around the
    /// royal.
    pub attackers: i32,
    /// Each piece on the board (not pawns, not royals), whatever its worth.
    pub pieces: i32,
    /// Each piece's worth squared, in tenths of a centipawn per
    /// (worth / 100)²: more
    /// or less than its worth for the strongest pieces.
    pub square: i32,
    /// Each of the side's men (not royals) on a square around its royal.
    pub shelter: i32,
    /// The side to move's edge.
    pub tempo: i32,
}

/// The number of terms (and weights).
pub const TERMS: usize = 13;

/// The terms' names, in [`terms`]' order, with their weights' units.
pub const NAMES: [&str; TERMS] = [
    "material %",
    "pawns %",
    "hand %",
    "promotion %",
    "advance cp",
    "centre cp/2",
    "mobility cp/10",
    "zone cp",
    "attackers cp",
    "pieces cp",
    "square cp/10",
    "shelter cp",
    "tempo cp",
];

/// The weights played with: the 13-term Texel fit, rounded
/// (`crates/games/TUNING.md`; material as set by hand, the terms at 0
/// tried by the fits and not kept). With null-move pruning
/// ([`DealersEval::null_move`]) they passed an SPRT against the weights
/// before them (hand 0, centre 25, zone 30, tempo 25) over many deals.
pub const WEIGHTS: DealersWeights = DealersWeights {
    material: 100,
    pawns: 92,
    hand: 0,
    promotion: 41,
    advance: 0,
    centre: 42,
    mobility: 0,
    zone: 29,
    attackers: 0,
    pieces: -120,
    square: 12,
    shelter: 16,
    tempo: 24,
};

impl Default for DealersWeights {
    fn default() -> DealersWeights {
        WEIGHTS
    }
}

/// A term's feature times its multiplier is millionths of a centipawn
/// per unit of its weight ([`NAMES`]).
const MULTIPLIERS: [i64; TERMS] = [
    10_000, 10_000, 10_000, 1, 10_000, 500_000, 100_000, 1_000_000, 1_000_000, 1_000_000, 10,
    1_000_000, 1_000_000,
];

/// The evaluation's unit over a centipawn (see [`MULTIPLIERS`]).
const DENOMINATOR: i64 = 1_000_000;

impl DealersWeights {
    /// The weights in [`NAMES`]' order.
    pub fn to_array(&self) -> [i32; TERMS] {
        [
            self.material,
            self.pawns,
            self.hand,
            self.promotion,
            self.advance,
            self.centre,
            self.mobility,
            self.zone,
            self.attackers,
            self.pieces,
            self.square,
            self.shelter,
            self.tempo,
        ]
    }

    /// The weights in [`NAMES`]' order, as the fit takes them.
    pub fn to_vec(&self) -> Vec<f64> {
        self.to_array().iter().map(|&w| f64::from(w)).collect()
    }

    /// The score for White of features `t` ([`terms`]), in centipawns
    /// (rounded towards zero once, at the end).
    pub fn score(&self, t: &[i64; TERMS]) -> i32 {
        let w = self.to_array();
        let mut sum = 0i64;
        for j in 0..TERMS {
            sum += i64::from(w[j]) * MULTIPLIERS[j] * t[j];
        }
        (sum / DENOMINATOR) as i32
    }
}

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

/// Per side, [`best_promotion`] and the hand's worth (each card's value),
/// in one pass over the kinds under the `Hand` rule.
fn hand_values(pos: &Position) -> ([i32; 2], [i64; 2]) {
    let r = pos.rules();
    if r.options.promotion != PromotionRule::Hand {
        let mut worth = [0; 2];
        for (i, w) in worth.iter_mut().enumerate() {
            for (k, &count) in pos.hands[i].iter().enumerate().take(r.kinds.len()) {
                if count > 0 {
                    *w += i64::from(count) * i64::from(r.facts(k as u8).value);
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
                worth[i] += i64::from(count) * i64::from(value);
            }
        }
    }
    (best.map(|b| b.unwrap_or(0)), worth)
}

/// The index of each term in [`terms`].
const MATERIAL: usize = 0;
const PAWNS: usize = 1;
const HAND: usize = 2;
const PROMOTION: usize = 3;
const ADVANCE: usize = 4;
const CENTRE: usize = 5;
const MOBILITY: usize = 6;
const ZONE: usize = 7;
const ATTACKERS: usize = 8;
const PIECES: usize = 9;
const SQUARE: usize = 10;
const SHELTER: usize = 11;
const TEMPO: usize = 12;

/// The evaluation's features, White's less Black's, in [`NAMES`]' order:
/// the pieces' values, the pawns' values, the hand cards' values, each
/// pawn's best promotion times its progress squared (percent squared),
/// the pawns' progress (percent), the pieces' steps from the edge, the
/// pieces' squares on the empty board not held by their side, the squares
/// around the royal that enemy pieces reach (negated, at most 24 a side),
/// the enemy pieces that reach one (negated), the pieces, their values
/// squared, the side's men (not royals) around its royal, and 1 for White
/// to move (-1 for Black).
pub fn terms(pos: &Position) -> [i64; TERMS] {
    terms_of(pos, true)
}

/// [`terms`], the mobility left at 0 unless `mobility` (the engine counts
/// it only while its weight is not 0).
#[inline]
fn terms_of(pos: &Position, mobility: bool) -> [i64; TERMS] {
    let r = pos.rules();
    let mut t = [0i64; TERMS];
    let (best, hand_worth) = hand_values(pos);
    let last = i32::from(r.size) - 1;
    let start = i32::from(r.pawn_row());
    for seat in Seat::BOTH {
        let i = seat.index();
        let sign = if i == 0 { 1 } else { -1 };
        let best = i64::from(best[i]);
        let own = &pos.men.all[i];
        let mut side = [0i64; TERMS];
        side[HAND] = hand_worth[i];
        for sq in own.iter() {
            let (_, k) = man_of(pos.board[usize::from(sq)]);
            let kind = r.facts(k);
            if kind.royal {
                continue;
            }
            if kind.pawn {
                side[PAWNS] += i64::from(kind.value);
                let p2 = r.progress2(seat, sq);
                if p2 > 0 {
                    // Nearer the zone, more of the best piece in hand.
                    side[PROMOTION] += best * i64::from(p2);
                    let rank = i32::from(r.rank_from(seat, sq));
                    side[ADVANCE] += i64::from((rank - start) * 100 / (last - start));
                }
            } else {
                side[MATERIAL] += i64::from(kind.value);
                side[PIECES] += 1;
                side[SQUARE] += i64::from(kind.value) * i64::from(kind.value);
                side[CENTRE] += i64::from(r.centre_steps(sq));
                if mobility {
                    let reach = r.reach(k, seat, sq);
                    side[MOBILITY] += i64::from(reach.len() - reach.and(own).len());
                }
            }
        }
        // The royal's safety: squares around it that enemy pieces reach
        // (their moves on the empty board: the dealt army's attackers),
        // each royal's zone counted apart.
        let them = seat.other();
        let (mut hits, mut attackers) = (0u32, 0i64);
        let guards = own.xor(&pos.men.royals[i]);
        for royal in pos.men.royals[i].iter() {
            let around = r.zone(royal);
            side[SHELTER] += i64::from(around.and(&guards).len());
            // Only the men that may reach some square of the zone.
            let near = pos.men.all[them.index()].and(r.zone_reached_from(them, royal));
            for sq in near.iter() {
                let (_, k) = man_of(pos.board[usize::from(sq)]);
                if !r.facts(k).pawn {
                    // Most men reach no square of the zone: no count.
                    let hit = r.reach(k, them, sq).and(around);
                    if !hit.is_empty() {
                        hits += hit.len();
                        attackers += 1;
                    }
                }
            }
        }
        side[ZONE] = -i64::from(hits.min(24));
        side[ATTACKERS] = -attackers;
        for j in 0..TEMPO {
            t[j] += sign * side[j];
        }
    }
    t[TEMPO] = match pos.side_to_move() {
        Seat::First => 1,
        Seat::Second => -1,
    };
    t
}

/// The columns of Texel's fit: [`terms`] in centipawns per unit of each
/// weight, so that their dot product with the weights is the score for
/// White ([`DealersEval::white_score`], before its rounding).
pub fn columns(pos: &Position) -> Vec<f64> {
    let t = terms(pos);
    (0..TERMS)
        .map(|j| t[j] as f64 * MULTIPLIERS[j] as f64 / DENOMINATOR as f64)
        .collect()
}

impl DealersEval {
    /// The score for White, the side to move's tempo included.
    pub fn white_score(&self, pos: &Position) -> i32 {
        WEIGHTS.score(&terms_of(pos, WEIGHTS.mobility != 0))
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
        match pos.side_to_move() {
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

    /// A pass, where the side to move has men besides its royals and
    /// pawns (with only those, zugzwang is common).
    fn null_move(&self, pos: &Position) -> Option<Position> {
        let r = pos.rules();
        let me = pos.side_to_move().index();
        let has_piece = pos.men.all[me].xor(&pos.men.royals[me]).iter().any(|sq| {
            let (_, k) = man_of(pos.board[usize::from(sq)]);
            !r.facts(k).pawn
        });
        if has_piece {
            pos.passed()
        } else {
            None
        }
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
