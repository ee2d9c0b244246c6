//! 52Chess's evaluation ([`Chess52Eval`]): material at the page's values,
//! the danger to a King that is taken rather than mated, pawn advance with
//! the teleport limits, and mobility with the teleports averaged over the
//! draws.
//!
//! - Material: P 1, N 2, B 2, R 5, Q 8 (the page's values, in hundreds).
//! - King danger: a King the side to move attacks is as good as taken
//!   (the side to move takes it whatever the card): the position scores
//!   [`KING_EN_PRISE`] for the side to move. A King of the side to move
//!   that is attacked is threatened (the search's "check"): a penalty, and
//!   quiescence answers it with every move. Every empty square from which
//!   an enemy piece (of a kind the enemy has) would attack the King is a
//!   card that lets the enemy teleport an attacker next to it or onto its
//!   lines: a penalty per such square, more where the King's side does not
//!   guard it; enemy attacks on the King's neighbours add a little.
//! - Pawn advance: by the rank from the pawn's side; a pawn beyond the
//!   enemy King's rank, where no pawn may teleport (F5), gains more.
//! - Mobility: per square a Knight, Bishop, Rook or Queen reaches, plus the
//!   teleports one draw gives on average (each empty square is a card in
//!   52; a pawn only where F5 lets it go).
//! - Tempo for the side to move.
//!
//! The same evaluation serves before the draw (chance to act) and after
//! it: the card drawn changes nothing but which teleports are open now,
//! and the mean over the cards is what the mobility counts.

use super::rules::{FILES, RANKS};
use super::{Chess52, Move};
use crate::fairy;
use deckmate_engine::{Eval, Evaluator};
use deckmate_rules::{Seat, ToAct};

/// What a finished game is worth to the winner (less a point per ply
/// from the root: sooner is better), and the bound of every value the
/// search sees ([`Evaluator::value_bounds`]). A taken King is worth about
/// an army (P 8, N 2, B 2, R 2, Q 1: 3,400), and not the search's mate
/// scores: with bounds this tight, Star1 and Star2 cut the draws' chance
/// nodes far more often.
pub const GAME_VALUE: i32 = 5_000;

/// What the side to move scores when it may take the enemy King: below
/// [`GAME_VALUE`], above any material.
pub const KING_EN_PRISE: i32 = 4_500;

/// Every evaluation is kept within this (below [`KING_EN_PRISE`]).
const EVAL_LIMIT: i32 = 4_000;

/// What a King capture gains (for the search's ordering and delta
/// pruning: it decides the game).
pub const KING_VALUE: i32 = GAME_VALUE;

/// The weights of [`Chess52Eval`] (centipawns: a Pawn is 100).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chess52Weights {
    /// Pawn, Knight, Bishop, Rook, Queen.
    pub values: [i32; 5],
    /// A pawn's bonus by rank from its own side (0 is the first rank; 12,
    /// the last, is never reached: it promotes).
    pub pawn_rank: [i32; 13],
    /// Extra for a pawn beyond the enemy King's rank (F5: no pawn may
    /// teleport there).
    pub pawn_beyond_king: i32,
    /// Per square a Knight, Bishop, Rook or Queen reaches.
    pub mobility: i32,
    /// Per teleport one draw gives on average, in hundredths.
    pub teleport: i32,
    /// For the side to move whose King is attacked.
    pub attacked: i32,
    /// Per enemy piece attacking the King of the side to move.
    pub attacker: i32,
    /// Per empty square, guarded by the King's side, from which a
    /// teleported enemy piece would attack the King.
    pub drop_guarded: i32,
    /// Per such square not guarded.
    pub drop_open: i32,
    /// Per square next to the King that the enemy attacks.
    pub zone: i32,
    /// The share, in percent, of the best capture the side to move has
    /// (by a static exchange) that the score counts.
    pub hanging: i32,
    /// For the side to move.
    pub tempo: i32,
}

impl Default for Chess52Weights {
    fn default() -> Chess52Weights {
        Chess52Weights {
            values: [100, 200, 200, 500, 800],
            pawn_rank: [0, 0, 0, 4, 8, 12, 18, 26, 36, 50, 70, 100, 0],
            pawn_beyond_king: 25,
            mobility: 4,
            teleport: 4,
            attacked: 60,
            attacker: 40,
            drop_guarded: 3,
            drop_open: 8,
            zone: 5,
            hanging: 75,
            tempo: 10,
        }
    }
}

/// The 52Chess evaluator.
#[derive(Clone, Debug)]
pub struct Chess52Eval {
    /// Its weights.
    pub weights: Chess52Weights,
    /// The kinds' indices in the rule set: P, N, B, R, Q, K.
    kinds: [usize; 6],
    /// Each kind's value by kind index (the King's is 0).
    value_of: Vec<i32>,
}

impl Default for Chess52Eval {
    fn default() -> Chess52Eval {
        Chess52Eval::new(Chess52Weights::default())
    }
}

/// The facts of one side that the score weighs.
#[derive(Clone, Copy, Debug, Default)]
struct Side {
    material: i32,
    pawns: i32,
    mobility: i32,
    /// Pieces that may teleport anywhere empty (not pawns, not the King).
    jumpers: i32,
    /// Pawns, and the empty squares they may teleport to.
    pawn_count: i32,
    pawn_squares: i32,
    /// Every square the side attacks.
    attacks: u64,
    /// The squares each kind attacks (P, N, B, R, Q, K).
    by_kind: [u64; 6],
    /// The King's square.
    king: Option<u8>,
}

impl Chess52Eval {
    /// An evaluator with the given weights.
    pub fn new(weights: Chess52Weights) -> Chess52Eval {
        let rules = super::rules::rules();
        let k = |c: char| rules.kind_of(c).unwrap_or(0);
        let kinds = [k('P'), k('N'), k('B'), k('R'), k('Q'), k('K')];
        let mut value_of = vec![0; rules.pieces.len().max(6)];
        for (i, &kind) in kinds[..5].iter().enumerate() {
            if let Some(v) = value_of.get_mut(kind) {
                *v = weights.values[i];
            }
        }
        Chess52Eval {
            weights,
            kinds,
            value_of,
        }
    }

    fn value(&self, kind: usize) -> i32 {
        self.value_of.get(kind).copied().unwrap_or(0)
    }

    /// Whether `seat`'s King stands attacked by the other side.
    pub fn king_attacked(&self, pos: &Chess52, seat: Seat) -> bool {
        pos.core().royal_attacked(seat)
    }

    /// One side's facts.
    fn side(&self, p: &fairy::Position<u64>, seat: Seat, occ: u64) -> Side {
        let [pawn, _, _, _, _, king] = self.kinds;
        let own = p.pieces_of(seat);
        let mut s = Side::default();
        let enemy_king = p.pieces_of(seat.other()) & p.pieces_of_kind(king);
        let king_rank = if enemy_king == 0 {
            RANKS - 1
        } else {
            own_rank(seat, enemy_king.trailing_zeros() as u8)
        };
        for (i, &kind) in self.kinds.iter().enumerate() {
            let mut bb = own & p.pieces_of_kind(kind);
            while bb != 0 {
                let sq = bb.trailing_zeros() as u8;
                bb &= bb - 1;
                let (moves, hits) = p.reach(seat, kind, sq, occ, own);
                s.attacks |= hits;
                s.by_kind[i] |= hits;
                if kind == king {
                    s.king = Some(sq);
                    continue;
                }
                s.material += self.weights.values[i];
                if kind == pawn {
                    let r = own_rank(seat, sq);
                    s.pawns += self.weights.pawn_rank[usize::from(r)];
                    if r > king_rank {
                        s.pawns += self.weights.pawn_beyond_king;
                    }
                    s.pawn_count += 1;
                } else {
                    s.jumpers += 1;
                    let enemies = hits & p.pieces_of(seat.other());
                    s.mobility += (moves | enemies).count_ones() as i32;
                }
            }
        }
        // F5: a pawn teleports neither to the first or last rank nor
        // beyond the enemy King's rank.
        let empty = !occ & board_mask();
        let mut ok = empty;
        for r in 0..RANKS {
            if r == 0 || r == RANKS - 1 || r > king_rank {
                ok &= !rank_mask(seat, r);
            }
        }
        s.pawn_squares = ok.count_ones() as i32;
        s
    }

    /// The danger to `seat`'s King at `king` from `enemy`'s pieces: the
    /// empty squares from which a teleported enemy piece would attack it,
    /// and its attacked neighbours.
    fn danger(
        &self,
        p: &fairy::Position<u64>,
        seat: Seat,
        king: u8,
        occ: u64,
        mine: &Side,
        theirs: &Side,
    ) -> i32 {
        let w = &self.weights;
        let enemy = p.pieces_of(seat.other());
        let mut from = 0u64;
        for &kind in &self.kinds[1..5] {
            if enemy & p.pieces_of_kind(kind) != 0 {
                // N, B, R and Q move alike both ways.
                from |= p.reach(seat, kind, king, occ, 0).0;
            }
        }
        let guarded = (from & mine.attacks).count_ones() as i32;
        let open = (from & !mine.attacks).count_ones() as i32;
        let near = p.reach(seat, self.kinds[5], king, 0, 0).0;
        let zone = (near & theirs.attacks).count_ones() as i32;
        w.drop_guarded * guarded + w.drop_open * open + w.zone * zone
    }

    /// The side to move's score, without the tempo; `None` when it may take
    /// the enemy King.
    fn score(&self, pos: &Chess52) -> Option<i32> {
        let p = pos.core();
        let me = p.side_to_move();
        let occ = p.pieces_of(Seat::First) | p.pieces_of(Seat::Second);
        let sides = [self.side(p, me, occ), self.side(p, me.other(), occ)];
        let w = &self.weights;
        if let Some(k) = sides[1].king {
            if sides[0].attacks & (1 << k) != 0 {
                return None;
            }
        }
        let mut total = w.hanging * self.best_take(p, &sides[0], &sides[1], me) / 100;
        for (i, s) in sides.iter().enumerate() {
            let o = &sides[1 - i];
            let mut v = s.material + s.pawns + w.mobility * s.mobility;
            let empty = (!occ & board_mask()).count_ones() as i32;
            v += w.teleport * (s.jumpers * empty + s.pawn_count * s.pawn_squares) / 52;
            if let Some(k) = s.king {
                let seat = if i == 0 { me } else { me.other() };
                v -= self.danger(p, seat, k, occ, s, o);
                if i == 0 && o.attacks & (1 << k) != 0 {
                    v -= w.attacked;
                    let attackers = self.attackers(p, seat, k, occ);
                    v -= w.attacker * attackers;
                }
            }
            total += if i == 0 { v } else { -v };
        }
        Some(total)
    }

    /// What the side to move (`us`, `me`) wins at best by one capture by
    /// a static exchange: an undefended enemy piece's value, or a defended
    /// one's less the cheapest attacker's (nothing for the King: it is
    /// scored apart).
    fn best_take(&self, p: &fairy::Position<u64>, us: &Side, them: &Side, me: Seat) -> i32 {
        let v = &self.weights.values;
        let enemy = p.pieces_of(me.other());
        let mut targets = us.attacks & enemy & !p.pieces_of_kind(self.kinds[5]);
        let mut best = 0;
        while targets != 0 {
            let sq = targets.trailing_zeros() as u8;
            targets &= targets - 1;
            let victim = p.at_index(sq).map_or(0, |(_, k)| self.value(k));
            let bit = 1u64 << sq;
            let gain = if them.attacks & bit == 0 {
                victim
            } else {
                // The cheapest attacker (the King may not take a defended
                // piece).
                let cheapest = (0..5).find(|&i| us.by_kind[i] & bit != 0);
                cheapest.map_or(0, |i| victim - v[i])
            };
            best = best.max(gain);
        }
        best
    }

    /// Whether a capture takes a piece worth more than the capturer.
    fn upward(&self, pos: &Chess52, m: fairy::Move, victim: i32) -> bool {
        pos.core()
            .at_index(m.from_index())
            .is_some_and(|(_, k)| k != self.kinds[5] && victim > self.value(k))
    }

    /// The number of enemy pieces attacking `seat`'s King at `king`.
    fn attackers(&self, p: &fairy::Position<u64>, seat: Seat, king: u8, occ: u64) -> i32 {
        let enemy = p.pieces_of(seat.other());
        let mut n = 0;
        for &kind in &self.kinds {
            let mut bb = enemy & p.pieces_of_kind(kind);
            while bb != 0 {
                let sq = bb.trailing_zeros() as u8;
                bb &= bb - 1;
                if p.reach(seat.other(), kind, sq, occ, enemy).1 & (1 << king) != 0 {
                    n += 1;
                }
            }
        }
        n
    }

    /// What a move takes (the King counts [`KING_VALUE`]).
    fn victim(&self, pos: &Chess52, m: fairy::Move) -> i32 {
        if m.is_pass() || m.is_teleport() {
            return 0;
        }
        let p = pos.core();
        if m.is_en_passant() {
            return self.weights.values[0];
        }
        match p.at_index(m.to_index()) {
            Some((s, k)) if s != p.side_to_move() => {
                if k == self.kinds[5] {
                    KING_VALUE
                } else {
                    self.value(k)
                }
            }
            _ => 0,
        }
    }

    fn gain(&self, pos: &Chess52, mv: Move) -> i32 {
        let Move::Play(m) = mv else {
            return 0;
        };
        let promoted = m
            .promotion()
            .map_or(0, |k| self.value(k) - self.weights.values[0]);
        self.victim(pos, m) + promoted
    }
}

/// Every square of the board.
const fn board_mask() -> u64 {
    (1u64 << (FILES as u32 * RANKS as u32)) - 1
}

/// The squares of rank `r` seen from `seat`'s side.
fn rank_mask(seat: Seat, r: u8) -> u64 {
    let abs = match seat {
        Seat::First => r,
        Seat::Second => RANKS - 1 - r,
    };
    0b1111u64 << (u32::from(abs) * u32::from(FILES))
}

/// The rank of dense square `sq` from `seat`'s side (0-based).
fn own_rank(seat: Seat, sq: u8) -> u8 {
    let r = sq / FILES;
    match seat {
        Seat::First => r,
        Seat::Second => RANKS - 1 - r,
    }
}

impl Evaluator<Chess52> for Chess52Eval {
    fn evaluate(&self, pos: &Chess52) -> i32 {
        match self.score(pos) {
            Some(s) => (s + self.weights.tempo).clamp(-EVAL_LIMIT, EVAL_LIMIT),
            None => KING_EN_PRISE,
        }
    }

    fn evaluate_full(&self, pos: &Chess52) -> Eval {
        let over = pos.end().is_some();
        let me = pos.side_to_move();
        let threatened =
            !over && self.king_attacked(pos, me) && !self.king_attacked(pos, me.other());
        Eval {
            score: self.evaluate(pos),
            threatened,
            forced: Some(false),
            // A side with no move passes: only a finished game has none.
            terminal: Some(over),
        }
    }

    /// A King capture, a promotion, or a capture of a piece worth more
    /// than the capturer: every quiescence move is followed by a draw of
    /// up to 52 cards, so the other captures are left to the evaluation's
    /// static exchange (its `hanging` term).
    fn is_tactical(&self, pos: &Chess52, mv: Move) -> bool {
        let Move::Play(m) = mv else {
            return false;
        };
        if m.promotion().is_some() {
            return true;
        }
        let victim = if m.is_pass() || m.is_teleport() {
            0
        } else {
            self.victim(pos, m)
        };
        victim >= KING_VALUE || (victim > 0 && self.upward(pos, m, victim))
    }

    fn capture_gain(&self, pos: &Chess52, mv: Move) -> i32 {
        self.gain(pos, mv)
    }

    fn order_score(&self, pos: &Chess52, mv: Move) -> i32 {
        let attacker = match mv {
            Move::Play(m) if !m.is_pass() => {
                pos.core().at_index(m.from_index()).map_or(0, |(_, k)| {
                    if k == self.kinds[5] {
                        900
                    } else {
                        self.value(k)
                    }
                })
            }
            _ => 0,
        };
        self.gain(pos, mv) * 16 - attacker / 16
    }

    fn history_index(&self, pos: &Chess52, mv: Move) -> usize {
        match mv {
            Move::Play(m) if !m.is_pass() => {
                let kind = pos.core().at_index(m.from_index()).map_or(0, |(_, k)| k) % 8;
                let tele = usize::from(m.is_teleport());
                (kind * 2 + tele) * 64 + usize::from(m.to_index() % 64)
            }
            _ => 0,
        }
    }

    fn history_size(&self) -> usize {
        16 * 64
    }

    /// A win is [`GAME_VALUE`] less the plies from the root, a loss its
    /// negation, a draw 0.
    fn terminal_score(&self, pos: &Chess52, seat: Seat, ply: usize) -> i32 {
        let ply = (ply as i32).min(500);
        match deckmate_rules::Game::outcome(pos).and_then(|o| o.winner) {
            Some(w) if w == seat => GAME_VALUE - ply,
            Some(_) => ply - GAME_VALUE,
            None => 0,
        }
    }

    /// `-GAME_VALUE..=GAME_VALUE`: every evaluation and every finished
    /// game is within.
    fn value_bounds(&self, _pos: &Chess52, _seat: Seat) -> (i32, i32) {
        (-GAME_VALUE, GAME_VALUE)
    }

    /// Nobody once the game is over, chance before the draw, else the
    /// side to move: as [`deckmate_rules::Game::to_act`], which is cheap.
    #[inline]
    fn to_act(&self, pos: &Chess52) -> ToAct {
        deckmate_rules::Game::to_act(pos)
    }
}
