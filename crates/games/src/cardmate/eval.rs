//! Cardmate knowledge for the search.
//!
//! One pass over each side's reach (every square its cards could move to or
//! capture on) collects what the evaluation needs:
//! - material by rank ([`Weights::values`]);
//! - Kings: losing the last King loses the game, so a side down to one King
//!   pays [`Weights::last_king`]; each enemy card able to take a King costs
//!   [`Weights::king_attacker`], four times as much for the last King;
//! - lures (the page's "Strategy and Tactics"): an enemy card of one of our
//!   cards' suit and lower rank within that card's reach will drag it away
//!   by a compulsory capture (C3). Every such lure costs a little
//!   ([`Weights::lure`]); for the side that must move next, the cheapest
//!   compulsory capture it has is counted at what it loses when the enemy
//!   can take the lured card back ([`Weights::forced_loss`]); a King lured
//!   onto a square where an enemy card can take him is a danger of its own
//!   ([`Weights::king_lure`]);
//! - palaces (V2, both squares occupied wins): own cards on the enemy
//!   palace ([`Weights::palace_card`]), more when the other palace square is
//!   within reach ([`Weights::palace_threat`]);
//! - mobility ([`Weights::mobility`]) and the move ([`Weights::tempo`]);
//! - threats: whether the side to move would lose at once if it did
//!   nothing (its last King can be taken, or its palace completed, by a move
//!   the opponent is allowed to make under C3: a compulsory capture
//!   elsewhere takes the threat away). Quiescence searches every move of a
//!   threatened side instead of standing pat.
//!
//! The weights were set by hand, then fitted to self-play results by
//! Texel's method ([`CardmateEval::columns`], `cardmate_texel`; see
//! crates/games/TUNING.md).

use crate::cardmate::{palace, Card, Move, PalaceRule, Position, Rank};
use deckmate_engine::{Eval, Evaluator};
use deckmate_rules::{Seat, ToAct};

/// The evaluation weights.
#[derive(Clone, Debug, PartialEq)]
pub struct Weights {
    /// Value of a card by rank, One to Ace (the King's own value counts as
    /// material and orders captures; the King terms below add to it).
    pub values: [i32; 14],
    /// Penalty for being down to one King.
    pub last_king: i32,
    /// Penalty per enemy card able to take a King (times 4 for the last
    /// King).
    pub king_attacker: i32,
    /// Penalty per lure: a lower enemy card of one's own card's suit within
    /// that card's reach, scaled by the lured card's value / 1000.
    pub lure: i32,
    /// Percent of the material the side to move next loses by its least bad
    /// compulsory capture (the lured card taken back) that is counted.
    pub forced_loss: i32,
    /// Penalty for a King that can be lured onto a square an enemy card can
    /// take him on (times 3 for the last King).
    pub king_lure: i32,
    /// Bonus per own card standing on the enemy palace.
    pub palace_card: i32,
    /// Bonus for a card on the enemy palace with the other palace square
    /// within reach of another card.
    pub palace_threat: i32,
    /// Bonus per available move.
    pub mobility: i32,
    /// Bonus for having the move.
    pub tempo: i32,
}

impl Default for Weights {
    /// Texel's fit of every weight to about 1,650 self-play games (2026-11-30,
    /// crates/games/TUNING.md), scaled so that the One to the Queen add up
    /// to what the hand-set values did; the lure and forced-loss weights
    /// are not scaled (their columns scale with the card values).
    fn default() -> Weights {
        Weights {
            values: [
                326, 127, 171, 152, 227, 189, 247, 348, 415, 475, 563, 621, 174, 1294,
            ],
            last_king: 466,
            king_attacker: 76,
            lure: 650,
            forced_loss: 102,
            king_lure: 197,
            palace_card: 283,
            palace_threat: 6,
            mobility: 3,
            tempo: 14,
        }
    }
}

impl Weights {
    /// The tunable scalar weights by name (material excluded).
    pub const NAMES: [&'static str; 9] = [
        "last_king",
        "king_attacker",
        "lure",
        "forced_loss",
        "king_lure",
        "palace_card",
        "palace_threat",
        "mobility",
        "tempo",
    ];

    /// A scalar weight by its index in [`Weights::NAMES`].
    pub fn get(&self, k: usize) -> i32 {
        match k {
            0 => self.last_king,
            1 => self.king_attacker,
            2 => self.lure,
            3 => self.forced_loss,
            4 => self.king_lure,
            5 => self.palace_card,
            6 => self.palace_threat,
            7 => self.mobility,
            _ => self.tempo,
        }
    }

    /// Sets a scalar weight by its index in [`Weights::NAMES`].
    pub fn set(&mut self, k: usize, v: i32) {
        match k {
            0 => self.last_king = v,
            1 => self.king_attacker = v,
            2 => self.lure = v,
            3 => self.forced_loss = v,
            4 => self.king_lure = v,
            5 => self.palace_card = v,
            6 => self.palace_threat = v,
            7 => self.mobility = v,
            _ => self.tempo = v,
        }
    }
}

/// The number of evaluation columns ([`CardmateEval::columns`]): the 14
/// card values, then the scalar weights of [`Weights::NAMES`].
pub const COLUMNS: usize = 23;

impl Weights {
    /// The weights in column order ([`CardmateEval::columns`]): the card
    /// values One to Ace, then [`Weights::NAMES`]' weights.
    pub fn to_columns(&self) -> [f64; COLUMNS] {
        let mut w = [0.0; COLUMNS];
        for (wi, &v) in w.iter_mut().zip(&self.values) {
            *wi = f64::from(v);
        }
        for k in 0..Self::NAMES.len() {
            w[14 + k] = f64::from(self.get(k));
        }
        w
    }

    /// Weights from columns in [`Weights::to_columns`]' order, each
    /// rounded to a whole centipawn.
    pub fn from_columns(w: &[f64; COLUMNS]) -> Weights {
        let mut out = Weights::default();
        for (v, &x) in out.values.iter_mut().zip(w) {
            *v = x.round() as i32;
        }
        for k in 0..Self::NAMES.len() {
            out.set(k, w[14 + k].round() as i32);
        }
        out
    }
}

/// Cardmate's evaluator.
#[derive(Clone, Debug, Default)]
pub struct CardmateEval {
    /// The weights in use.
    pub weights: Weights,
}

/// Squares are `rank * 16 + file`; ranks 0-9.
const SQUARES: usize = 256;
const MAX_LURES: usize = 12;

/// A compulsory capture one side has: its card would be drawn onto `sq`.
#[derive(Copy, Clone, Default)]
struct Lure {
    /// The capturing card's suit bit.
    suit_bit: u8,
    /// Whether it is a King.
    king: bool,
    /// Its value.
    value: i16,
    /// The square of the lure.
    sq: u8,
    /// The lure's value.
    victim: i16,
}

/// The two sides' scans from the side to move's seat: its own (`a`), the
/// opponent's (`b`), and whether each is down to its last King.
struct Scans {
    a: SideScan,
    b: SideScan,
    my_last: bool,
    opp_last: bool,
}

/// What one pass over a side's reach found.
struct SideScan {
    material: i32,
    mobility: i32,
    /// Suits of this side's cards able to capture on each square held by
    /// this side (bit per suit): who would take back a card captured there.
    attack_suits: [u8; SQUARES],
    /// Enemy King attacks (cards able to take an enemy King).
    king_attacks: i32,
    /// Lure exposure (scaled by the lured card's value).
    lure_exposure: i32,
    /// The lured cards' values summed (a King counting 1000): the lure
    /// column's numerator, before [`Weights::lure`] and rounding.
    lure_values: i32,
    /// Own cards by rank.
    ranks: [i32; 14],
    /// Compulsory captures available.
    lures: [Lure; MAX_LURES],
    n_lures: usize,
    /// A legal move that wins at once exists among the compulsory captures.
    win_forced: bool,
    /// A move that wins at once exists among the other moves.
    win_free: bool,
    /// Own cards on the enemy palace.
    palace_cards: i32,
    /// Some card can reach the enemy palace square not yet held.
    palace_reach: bool,
}

impl CardmateEval {
    #[inline]
    fn value(&self, c: Card) -> i32 {
        self.weights.values[c.rank().index() as usize]
    }

    /// Both sides scanned for the side to move's evaluation.
    fn scans(&self, pos: &Position) -> Scans {
        let me = pos.side_to_move();
        let opp = me.other();
        Scans {
            a: self.scan(pos, me),
            b: self.scan(pos, opp),
            my_last: pos.kings(me) == 1,
            opp_last: pos.kings(opp) == 1,
        }
    }

    fn scan(&self, pos: &Position, seat: Seat) -> SideScan {
        let w = &self.weights;
        let enemy = seat.other();
        let mut s = SideScan {
            material: 0,
            mobility: 0,
            attack_suits: [0; SQUARES],
            king_attacks: 0,
            lure_exposure: 0,
            lure_values: 0,
            ranks: [0; 14],
            lures: [Lure::default(); MAX_LURES],
            n_lures: 0,
            win_forced: false,
            win_free: false,
            palace_cards: 0,
            palace_reach: false,
        };
        for c in pos.cards_of(seat) {
            s.material += self.value(c);
            s.ranks[c.rank().index() as usize] += 1;
        }
        let enemy_last = pos.kings(enemy) == 1;
        // The enemy palace: which of its squares we hold; a move onto the
        // other one completes it.
        let rule = pos.options().palace;
        let ep = palace(enemy);
        let held = ep.map(|sq| matches!(pos.at(sq), Some((_, o)) if o == seat));
        s.palace_cards = i32::from(held[0]) + i32::from(held[1]);
        // The square whose taking completes the palace (none: 0xFF), and
        // the squares a King wins by entering (rule `king`).
        let complete_sq = match rule {
            PalaceRule::Both if held[1] && !held[0] => ep[0].0,
            PalaceRule::Both if held[0] && !held[1] => ep[1].0,
            _ => 0xFF,
        };
        let king_rule = rule == PalaceRule::King;
        let king_enters = |card: Card, to: u8| -> bool {
            king_rule && card.rank() == Rank::KING && (to == ep[0].0 || to == ep[1].0)
        };
        pos.for_each_reach(seat, |card, to, can_move, can_capture, occ| {
            let t = to.0;
            match occ {
                None => {
                    if can_move {
                        s.mobility += 1;
                        if t == complete_sq {
                            s.palace_reach = true;
                            s.win_free = true;
                        }
                        if king_rule && king_enters(card, t) {
                            s.win_free = true;
                        }
                    }
                }
                Some((_, owner)) if owner == seat => {
                    if can_capture {
                        s.attack_suits[t as usize & (SQUARES - 1)] |= 1 << (card.index() & 3);
                    }
                }
                Some((target, _)) => {
                    if !can_capture {
                        return;
                    }
                    let same = target.index() & 3 == card.index() & 3;
                    if same && card.rank() <= target.rank() {
                        return;
                    }
                    s.mobility += 1;
                    let completes = t == complete_sq;
                    let wins = (target.rank() == Rank::KING && enemy_last)
                        || completes
                        || king_enters(card, t);
                    if completes {
                        s.palace_reach = true;
                    }
                    if target.rank() == Rank::KING {
                        s.king_attacks += if enemy_last { 4 } else { 1 };
                    }
                    if same {
                        // A compulsory capture waiting: the lower card lures ours.
                        let v = if card.rank() == Rank::KING {
                            1000
                        } else {
                            self.value(card)
                        };
                        s.lure_exposure += w.lure * v / 1000;
                        s.lure_values += v;
                        if s.n_lures < MAX_LURES {
                            s.lures[s.n_lures] = Lure {
                                suit_bit: 1 << (card.index() & 3),
                                king: card.rank() == Rank::KING,
                                value: self.value(card) as i16,
                                sq: t,
                                victim: self.value(target) as i16,
                            };
                            s.n_lures += 1;
                        }
                        s.win_forced |= wins;
                    } else {
                        s.win_free |= wins;
                    }
                }
            }
        });
        s
    }

    /// The least material `seat` loses by the compulsory capture it must
    /// make next (it takes the lure, the enemy takes the lured card back
    /// with a card of another suit), or 0.
    fn forced_loss(&self, scan: &SideScan, enemy: &SideScan) -> i32 {
        let mut least = i32::MAX;
        for l in &scan.lures[..scan.n_lures] {
            let retaken = enemy.attack_suits[l.sq as usize] & !l.suit_bit != 0;
            let loss = if retaken {
                i32::from(l.value) - i32::from(l.victim)
            } else {
                -i32::from(l.victim)
            };
            least = least.min(loss);
        }
        if least == i32::MAX {
            0
        } else {
            least.max(0)
        }
    }

    /// Kings of `scan`'s side that a lure would put where an enemy card can
    /// take them, times 3 for the last King.
    fn king_lure_count(scan: &SideScan, enemy: &SideScan, last: bool) -> i32 {
        let mut n = 0;
        for l in &scan.lures[..scan.n_lures] {
            if l.king && enemy.attack_suits[l.sq as usize] & !l.suit_bit != 0 {
                n += 1;
            }
        }
        n * if last { 3 } else { 1 }
    }

    /// [`Self::king_lure_count`] at [`Weights::king_lure`].
    fn king_lures(&self, scan: &SideScan, enemy: &SideScan, last: bool) -> i32 {
        Self::king_lure_count(scan, enemy, last) * self.weights.king_lure
    }

    /// The evaluation's terms for the side to move as columns, one per
    /// weight in [`Weights::to_columns`]' order: the static evaluation is
    /// their dot product with the weights, up to two parts that are not
    /// linear in them (Texel's method, `cardmate_texel`):
    /// - the lure column is the lured cards' values / 1000 at *these*
    ///   weights' card values (a product of two weights), and the
    ///   evaluation rounds each lure's cost down to a whole centipawn;
    /// - the forced-loss column is the material lost at these weights'
    ///   card values / 100, rounded down in the evaluation.
    ///
    /// So the dot product differs from [`Evaluator::evaluate`] by less than
    /// one centipawn per lure plus one. A finished position has every
    /// column 0 (its evaluation is 0).
    pub fn columns(&self, pos: &Position) -> [f64; COLUMNS] {
        let mut x = [0.0; COLUMNS];
        if pos.end().is_some() {
            return x;
        }
        let Scans {
            a,
            b,
            my_last,
            opp_last,
        } = self.scans(pos);
        for (xr, (ar, br)) in x.iter_mut().zip(a.ranks.iter().zip(&b.ranks)) {
            *xr = f64::from(ar - br);
        }
        x[14] = f64::from(i32::from(opp_last) - i32::from(my_last));
        x[15] = f64::from(a.king_attacks - b.king_attacks);
        x[16] = f64::from(b.lure_values - a.lure_values) / 1000.0;
        x[17] = f64::from(self.forced_loss(&b, &a)) / 100.0;
        x[18] = f64::from(
            Self::king_lure_count(&b, &a, opp_last) - Self::king_lure_count(&a, &b, my_last),
        );
        x[19] = f64::from(a.palace_cards - b.palace_cards);
        x[20] = f64::from(
            i32::from(a.palace_cards > 0 && a.palace_reach)
                - i32::from(b.palace_cards > 0 && b.palace_reach),
        );
        x[21] = f64::from(a.mobility - b.mobility);
        x[22] = 1.0;
        x
    }

    /// The number of compulsory captures both sides have (each may round
    /// the evaluation's lure cost by up to a centipawn; see
    /// [`Self::columns`]).
    pub fn lure_count(&self, pos: &Position) -> usize {
        let me = pos.side_to_move();
        self.scan(pos, me).n_lures + self.scan(pos, me.other()).n_lures
    }

    /// The full evaluation for the side to move.
    fn eval_full(&self, pos: &Position) -> Eval {
        if pos.end().is_some() {
            return Eval {
                score: 0,
                threatened: false,
                forced: Some(false),
                terminal: Some(true),
            };
        }
        let w = &self.weights;
        let Scans {
            a,
            b,
            my_last,
            opp_last,
        } = self.scans(pos);
        let mut score = a.material - b.material + w.tempo;
        if my_last {
            score -= w.last_king;
        }
        if opp_last {
            score += w.last_king;
        }
        score += w.king_attacker * (a.king_attacks - b.king_attacks);
        score += b.lure_exposure - a.lure_exposure;
        // The opponent moves after us: its compulsory capture is pending.
        score += w.forced_loss * self.forced_loss(&b, &a) / 100;
        score += self.king_lures(&b, &a, opp_last) - self.king_lures(&a, &b, my_last);
        score += w.palace_card * (a.palace_cards - b.palace_cards);
        if a.palace_cards > 0 && a.palace_reach {
            score += w.palace_threat;
        }
        if b.palace_cards > 0 && b.palace_reach {
            score -= w.palace_threat;
        }
        score += w.mobility * (a.mobility - b.mobility);
        // Were the opponent to move, could it win at once? Not if it had a
        // compulsory capture elsewhere (C3), unless that capture wins.
        let threatened = b.win_forced || (b.win_free && b.n_lures == 0);
        Eval {
            score,
            threatened,
            forced: Some(a.n_lures > 0),
            // Every legal move is counted in the mobility (a promotion only
            // doubles a move that is there anyway).
            terminal: Some(a.mobility == 0),
        }
    }
}

impl Evaluator<Position> for CardmateEval {
    fn evaluate(&self, pos: &Position) -> i32 {
        self.eval_full(pos).score
    }

    fn evaluate_full(&self, pos: &Position) -> Eval {
        self.eval_full(pos)
    }

    fn is_tactical(&self, pos: &Position, mv: Move) -> bool {
        if mv.promote || pos.at(mv.to).is_some() {
            return true;
        }
        // A move that completes the enemy palace wins at once.
        let me = pos.side_to_move();
        let ep = palace(me.other());
        match pos.options().palace {
            PalaceRule::Both => {
                let mine = |i: usize| matches!(pos.at(ep[i]), Some((_, o)) if o == me);
                (mv.to == ep[0] && mine(1)) || (mv.to == ep[1] && mine(0))
            }
            PalaceRule::King => mv.card.rank() == Rank::KING && ep.contains(&mv.to),
            PalaceRule::Off => false,
        }
    }

    fn capture_gain(&self, pos: &Position, mv: Move) -> i32 {
        let w = &self.weights;
        let victim = match pos.at(mv.to) {
            Some((c, _)) if c.rank() == Rank::KING => w.last_king + w.values[12],
            Some((c, _)) => self.value(c),
            // Not a capture: a promotion or a palace conquest.
            None if !mv.promote => 10 * w.last_king,
            None => 0,
        };
        let promo = if mv.promote {
            w.values[13] - w.values[0]
        } else {
            0
        };
        victim + promo
    }

    fn order_score(&self, pos: &Position, mv: Move) -> i32 {
        let w = &self.weights;
        let victim = match pos.at(mv.to) {
            Some((c, _)) if c.rank() == Rank::KING => 5000,
            Some((c, _)) => self.value(c),
            None if !mv.promote => 20_000,
            None => 0,
        };
        let promo = if mv.promote { 1000 } else { 0 };
        victim * 8 - w.values[mv.card.rank().index() as usize] / 8 + promo
    }

    fn must_move(&self, pos: &Position, moves: &[Move]) -> bool {
        // Under C3 either every legal move is a same-suit capture or none is.
        moves.first().is_some_and(
            |m| matches!(pos.at(m.to), Some((v, _)) if v.index() & 3 == m.card.index() & 3),
        )
    }

    fn history_index(&self, _pos: &Position, mv: Move) -> usize {
        mv.card.index() * 160 + mv.to.index().min(159)
    }

    /// The side to move, without counting the legal moves: a finished
    /// position generates none, and the search scores it by its outcome.
    #[inline]
    fn to_act(&self, pos: &Position) -> ToAct {
        ToAct::Seat(pos.side_to_move())
    }

    fn history_size(&self) -> usize {
        56 * 160
    }
}
