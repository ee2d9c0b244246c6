//! The generic evaluation of a fairy game: [`FairyEval`], built from the
//! rule set alone, so the engine plays any variant file sensibly without
//! tuning; a game may still add its own terms ([`EvalTerm`]).
//!
//! - Material: each kind's value hint where the rule set gives one, else
//!   its value estimated from the movement ([`values`]: mobility on the
//!   empty board, riders' far squares worth less than leapers' near ones,
//!   reduced for a piece bound to part of the board, one that cannot
//!   retreat or cannot capture; a pawn adds a share of what it promotes
//!   to; brought to the scale of the other kinds' hints when only some
//!   have one). Royals count nothing.
//! - Mobility: per piece that is neither royal nor pawn, the squares it
//!   reaches (empty squares it may move to, enemies it may capture), each
//!   worth more for a piece with few of them on the empty board, counted
//!   from half that number.
//! - Pawn advance: a pawn gains as it nears its promotion zone (the
//!   square of the progress, up to [`EvalWeights::pawn_advance`]).
//! - King zone: the royal's square and its neighbours; each enemy piece
//!   reaching into it adds a danger weighted by its kind (a share of its
//!   value), and each zone square it reaches a little more, scaled up by
//!   the number of attackers.
//! - Pieces in hand count their value (where the rule set has hands).
//! - Pawn structure, for any pawn-like kind: a passed pawn (no enemy
//!   pawn ahead on its file or the next ones, "ahead" being towards its
//!   promotion) gains, the more the nearer it is; doubled and isolated
//!   pawns lose. Its weights are 0 by default: the first guess measured
//!   no gain (docs/strength.md); a game or a tuner sets them.
//! - Placement: a step from the board's edge is worth
//!   [`EvalWeights::centre`] to a piece or a pawn; the royal is paid for
//!   its shelter (its pawns around it) and its back rank in the middle
//!   game, for the centre in the endgame, the phase being the enemy's
//!   pieces left against the start's. Its weights are 0 by default.
//! - The pair: a side whose pieces of one colour-bound kind (every move
//!   keeps to its square's colour: a bishop) stand on both colours gains
//!   [`EvalWeights::pair`], in the material part.
//! - File riders (a piece whose slides all run along files and ranks, one
//!   along the file: a rook, not a queen) gain on a file with no pawn
//!   ([`EvalWeights::open_file`]) or with enemy pawns only
//!   ([`EvalWeights::half_open_file`]), in the placement part.
//! - Tempo for the side to move.
//!
//! For the search: [`Evaluator::to_act`] answers the side to move without
//! looking for a legal move (a finished position generates none, and the
//! search scores it by its outcome); [`Evaluator::evaluate_full`] tells a
//! royal under attack (the search's "threatened"); captures are ordered
//! most valuable victim first, then least valuable attacker; the history
//! table is indexed by the moving kind and its destination.

mod hook;
mod terms;
pub mod values;
mod weights;

pub use hook::{EvalTerm, PositionRef};
pub use terms::Parts;
pub use weights::MAX_WEIGHT;

use super::any::AnyPosition;
use super::position::{Move, Position};
use super::rules::{colour_bound, PieceKind, RuleSet};
use super::set::SquareSet;
use deckmate_engine::{CandidateNote, Eval, Evaluator};
use deckmate_rules::{Seat, ToAct};
use hook::Terms;
use std::sync::Arc;

/// The weights of the generic evaluation, in centipawns. A variant file
/// may set any of them in its `[weights]` table; the rest keep these
/// defaults. By name: [`EvalWeights::NAMES`], [`EvalWeights::get`],
/// [`EvalWeights::set`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvalWeights {
    /// Mobility, in percent of each kind's weight per target (a kind's
    /// weight is its value over twelve times its average number of targets
    /// on the empty board: a knight ~5.1, a queen ~3.3 per square in chess).
    pub mobility: i32,
    /// A pawn's bonus on the rank before its promotion zone (less the
    /// further back: by the square of its progress from its second rank).
    pub pawn_advance: i32,
    /// The danger weight of a piece reaching into the enemy royal's zone,
    /// in percent of the piece's value.
    pub king_attacker: i32,
    /// Per square of the enemy royal's zone a piece reaches.
    pub king_zone_square: i32,
    /// For the side to move.
    pub tempo: i32,
    /// A passed pawn (no enemy pawn ahead of it on its file or the next
    /// ones): this much, plus [`EvalWeights::passed_advance`] percent of
    /// its advance bonus.
    pub passed: i32,
    /// A passed pawn's share of its advance bonus, in percent, added.
    pub passed_advance: i32,
    /// Per pawn more than one on a file (doubled pawns), subtracted.
    pub doubled: i32,
    /// Per pawn with no pawn of its side on the next files (isolated),
    /// subtracted.
    pub isolated: i32,
    /// Placement: per step of a piece or pawn away from the board's edge
    /// (its ring: 0 on the edge, 1 a step in, ...), the same for every
    /// kind that is not royal. Mobility already pays a piece for the
    /// squares it reaches; this pays the square itself (a pawn on the
    /// centre files, a piece that controls the middle).
    pub centre: i32,
    /// Per pawn of the royal's side in its zone (the squares around it),
    /// scaled by the middle-game phase (the enemy's pieces left).
    pub shelter: i32,
    /// Per rank the royal stands away from its side's first rank,
    /// subtracted, scaled by the middle-game phase.
    pub royal_rank: i32,
    /// Per step of the royal away from the edge, scaled by the endgame
    /// phase (the enemy's pieces gone).
    pub royal_centre: i32,
    /// The pair: a side with pieces of one colour-bound kind (every move
    /// keeps to its square's colour: a bishop) on squares of both colours.
    pub pair: i32,
    /// A file rider (a piece whose only slides are along files and ranks,
    /// a rook) on a file with no pawn of either side.
    pub open_file: i32,
    /// A file rider on a file with enemy pawns but none of its own.
    pub half_open_file: i32,
}

impl Default for EvalWeights {
    fn default() -> EvalWeights {
        EvalWeights {
            mobility: 100,
            pawn_advance: 60,
            king_attacker: 8,
            king_zone_square: 5,
            tempo: 10,
            // Off: at 10 / 150 / 12 / 10 the structure measured +4 ± 31
            // Elo in 400 games of chess (docs/strength.md), no gain; kept
            // for tuning.
            passed: 0,
            passed_advance: 0,
            doubled: 0,
            isolated: 0,
            // Off by default: a variant file or the tuner sets them.
            // Chess's fit won in self-play and lost against
            // Fairy-Stockfish (docs/strength.md), so variants/chess.toml
            // leaves them at 0.
            centre: 0,
            shelter: 0,
            royal_rank: 0,
            royal_centre: 0,
            pair: 0,
            open_file: 0,
            half_open_file: 0,
        }
    }
}

/// Whether a kind's slides (from the board's middle) run along files and
/// ranks only, one of them along the file: a rook, not a queen.
fn rides_files(rules: &RuleSet, table: &deckmate_betza::MoveTable) -> bool {
    let g = &rules.geometry;
    let Some(mid) = g
        .squares()
        .iter()
        .find(|sq| sq.file() == g.files() / 2 && sq.rank() == g.ranks() / 2)
    else {
        return false;
    };
    let mut along_file = false;
    for ray in &table.from(mid).rays {
        if ray.kind != deckmate_betza::RayKind::Slide || !ray.via.is_empty() {
            continue;
        }
        let Some(first) = ray.squares.first() else {
            continue;
        };
        let (df, dr) = (
            i32::from(first.file()) - i32::from(mid.file()),
            i32::from(first.rank()) - i32::from(mid.rank()),
        );
        if df != 0 && dr != 0 {
            return false;
        }
        along_file |= df == 0 && ray.squares.len() >= 2;
    }
    along_file
}

/// What the evaluation knows of one kind.
#[derive(Clone, Debug)]
struct KindInfo {
    /// Its material value (0 for a royal).
    value: i32,
    /// Its value as an attacker, for move ordering (a royal's estimate).
    attacker: i32,
    /// Counted for mobility and king attacks (neither royal nor pawn, and
    /// those weighed).
    mobile: bool,
    /// A pawn (advance counted).
    pawn: bool,
    /// A royal.
    royal: bool,
    /// Mobility per target, in sixteenths of a centipawn.
    mobility16: i32,
    /// Subtracted per piece, in sixteenths: the weight of half its average
    /// targets on the empty board.
    centre16: i32,
    /// Its danger weight for the enemy royal.
    attack: i32,
    /// Colour-bound (every move keeps to its square's colour: a bishop):
    /// two of them on both colours make a pair ([`EvalWeights::pair`]).
    pair: bool,
    /// A file rider: its slides run along files and ranks only, one of
    /// them along the file ([`EvalWeights::open_file`]).
    file_rider: bool,
}

/// An evaluation of any rule set.
#[derive(Clone, Debug)]
pub struct FairyEval {
    /// Each kind's value in centipawns (a royal's is 0).
    values: Vec<i32>,
    /// Each kind's value estimated from its movement alone.
    estimates: Vec<i32>,
    weights: EvalWeights,
    kinds: Vec<KindInfo>,
    /// Per dense square: the dense squares of a royal's zone there.
    zones: Vec<Vec<u8>>,
    /// Per seat and dense square: a pawn's advance bonus.
    advance: [Vec<i32>; 2],
    /// Per seat and dense square: what a pawn there scores, its advance
    /// bonus and its ring's placement ([`EvalWeights::centre`]).
    pawn_square: [Vec<i32>; 2],
    /// Per dense square: its file and rank (for the pawn structure).
    file_rank: Vec<(u8, u8)>,
    /// Per dense square: its ring, the steps from the board's edge.
    rings: Vec<i32>,
    /// Per seat and dense square: the ranks from that seat's first rank.
    home_ranks: [Vec<i32>; 2],
    /// The pieces' value (neither royal nor pawn) a side starts with on
    /// the board (the larger side's), the full middle game; at least 1.
    phase_material: i32,
    /// Files on the board, where the pawn structure is counted (at most
    /// [`terms::MAX_FILES`]; none on wider boards).
    files: usize,
    /// The number of kinds' history rows (each 256 destinations).
    history_kinds: usize,
    /// Pieces in hand count as material.
    hands: bool,
    /// A capture puts the victim in the capturer's hand: it counts twice.
    captures_to_hand: bool,
    /// The kinds from the cheapest, royals last (who takes back first in
    /// an exchange).
    cheapest_first: Vec<usize>,
    terms: Terms,
}

impl FairyEval {
    /// The evaluation of `rules`, with the default weights.
    pub fn new(rules: &Arc<RuleSet>) -> FairyEval {
        FairyEval::with_weights(rules, EvalWeights::default())
    }

    /// The evaluation of `rules` with the given weights.
    pub fn with_weights(rules: &Arc<RuleSet>, weights: EvalWeights) -> FairyEval {
        let estimates = values::estimate(rules);
        let hinted = values::values(rules, true);
        let mut kinds = Vec::with_capacity(rules.pieces.len());
        for (k, p) in rules.pieces.iter().enumerate() {
            let royal = p.kind == PieceKind::Royal;
            let value = if royal { 0 } else { hinted[k] };
            let m = values::movement(rules, &p.tables[0]);
            let targets = m.targets.max(1.0);
            let mobility16 =
                (16.0 * f64::from(value) * f64::from(weights.mobility) / 100.0 / (12.0 * targets))
                    .round() as i32;
            kinds.push(KindInfo {
                value,
                attacker: if royal { estimates[k] } else { value },
                // (Not worth the reach when every weight that reads it is
                // 0.)
                mobile: p.kind == PieceKind::Piece
                    && (mobility16 != 0
                        || value * weights.king_attacker != 0
                        || weights.king_zone_square != 0
                        || weights.centre != 0),
                pawn: p.kind == PieceKind::Pawn,
                royal,
                mobility16,
                centre16: (f64::from(mobility16) * targets / 2.0).round() as i32,
                attack: value * weights.king_attacker / 100,
                pair: weights.pair != 0
                    && p.kind == PieceKind::Piece
                    && colour_bound(p, &rules.geometry),
                file_rider: (weights.open_file != 0 || weights.half_open_file != 0)
                    && p.kind == PieceKind::Piece
                    && rides_files(rules, &p.tables[0]),
            });
        }
        let squares: Vec<_> = rules.geometry.squares().iter().collect();
        let dense = |sq| squares.iter().position(|&s| s == sq);
        let zones = squares
            .iter()
            .map(|&sq| {
                let mut z = Vec::with_capacity(9);
                for df in -1..=1 {
                    for dr in -1..=1 {
                        if let Some(i) = rules.geometry.offset(sq, df, dr).and_then(dense) {
                            z.push(i as u8);
                        }
                    }
                }
                z
            })
            .collect();
        let advance: [Vec<i32>; 2] = Seat::BOTH.map(|seat| {
            let ranks = i32::from(rules.geometry.ranks());
            let zone = rules.zones.iter().map(|z| i32::from(z.ranks)).max();
            squares
                .iter()
                .map(|sq| {
                    let Some(zone) = zone else {
                        return 0;
                    };
                    let rank = match seat {
                        Seat::First => i32::from(sq.rank()),
                        Seat::Second => ranks - 1 - i32::from(sq.rank()),
                    };
                    // From the second rank (0) to the rank before the
                    // zone (`way`).
                    let way = ranks - zone - 2;
                    let done = (rank - 1).clamp(0, way.max(0));
                    if way <= 0 {
                        0
                    } else {
                        weights.pawn_advance * done * done / (way * way)
                    }
                })
                .collect()
        });
        let files = usize::from(rules.geometry.files());
        let (nfiles, nranks) = (
            i32::from(rules.geometry.files()),
            i32::from(rules.geometry.ranks()),
        );
        let rings: Vec<i32> = squares
            .iter()
            .map(|sq| {
                let (f, r) = (i32::from(sq.file()), i32::from(sq.rank()));
                f.min(nfiles - 1 - f).min(r).min(nranks - 1 - r)
            })
            .collect();
        let home_ranks = [
            squares.iter().map(|sq| i32::from(sq.rank())).collect(),
            squares
                .iter()
                .map(|sq| nranks - 1 - i32::from(sq.rank()))
                .collect(),
        ];
        let phase_material = start_material(rules, &kinds);
        let pawn_square = Seat::BOTH.map(|seat| {
            advance[seat.index()]
                .iter()
                .zip(&rings)
                .map(|(a, r)| a + weights.centre * r)
                .collect()
        });
        let mut cheapest_first: Vec<usize> = (0..kinds.len()).collect();
        cheapest_first.sort_by_key(|&k| (kinds[k].royal, kinds[k].value));
        FairyEval {
            cheapest_first,
            file_rank: squares.iter().map(|sq| (sq.file(), sq.rank())).collect(),
            rings,
            home_ranks,
            phase_material,
            files: if files <= terms::MAX_FILES { files } else { 0 },
            values: kinds.iter().map(|k| k.value).collect(),
            estimates,
            weights,
            kinds,
            zones,
            advance,
            pawn_square,
            history_kinds: rules.pieces.len().max(1),
            hands: rules.hands.is_some(),
            captures_to_hand: rules.hands.as_ref().is_some_and(|h| h.captures_to_hand),
            terms: Terms::default(),
        }
    }

    /// The same evaluation with a term of the game's own added (see
    /// [`EvalTerm`]; terms add up, in the order given).
    ///
    /// ```
    /// use deckmate_engine::Evaluator;
    /// use deckmate_fairy::eval::PositionRef;
    /// use deckmate_fairy::{chess, AnyPosition, FairyEval};
    /// use std::sync::Arc;
    ///
    /// // 15 for the side to move while the other side has no queen.
    /// let rules = chess();
    /// let queen = rules.kind_of('Q').unwrap();
    /// let eval = FairyEval::new(&rules).with_term(Arc::new(move |p: PositionRef<'_>| {
    ///     let theirs = p.squares_of(p.side_to_move().other(), queen);
    ///     if theirs.is_empty() { 15 } else { 0 }
    /// }));
    /// let start = AnyPosition::new_game(&rules);
    /// assert_eq!(eval.evaluate(&start), eval.weights().tempo);
    /// ```
    pub fn with_term(mut self, term: Arc<dyn EvalTerm>) -> FairyEval {
        self.terms.0.push(term);
        self
    }

    /// Each kind's value in centipawns, by kind index.
    pub fn values(&self) -> &[i32] {
        &self.values
    }

    /// Each kind's value estimated from its movement alone, by kind index,
    /// whatever the hints (royals too): see [`values`].
    pub fn estimates(&self) -> &[i32] {
        &self.estimates
    }

    /// The weights.
    pub fn weights(&self) -> &EvalWeights {
        &self.weights
    }

    /// The evaluation for the side to move, without the terms a game
    /// added.
    #[inline]
    fn own_score<S: SquareSet>(&self, p: &Position<S>) -> i32 {
        let first = self.parts(p).total();
        let s = match p.side_to_move() {
            Seat::First => first,
            Seat::Second => -first,
        };
        s + self.weights.tempo
    }

    /// The terms a game added, for the side to move.
    fn added<S: SquareSet>(&self, p: &Position<S>) -> i32 {
        match PositionRef::of(p) {
            Some(r) => self.terms.0.iter().map(|t| t.score(r)).sum(),
            None => 0,
        }
    }

    fn kind_value(&self, k: usize) -> i32 {
        self.kinds.get(k).map_or(0, |i| i.value)
    }

    fn victim<S: SquareSet>(&self, p: &Position<S>, mv: Move) -> i32 {
        if mv.dropped().is_some() || mv.castling().is_some() {
            return 0;
        }
        if mv.is_en_passant() {
            return p
                .en_passant_victim()
                .and_then(|sq| p.at_index(sq))
                .map_or(0, |(_, k)| self.kind_value(k));
        }
        match p.at_index(mv.to_index()) {
            Some((s, k)) if s != p.side_to_move() => self.kind_value(k),
            _ => 0,
        }
    }

    /// What a move wins at once: the victim (twice where it goes to the
    /// capturer's hand), and what a promotion adds to the pawn.
    fn gain<S: SquareSet>(&self, p: &Position<S>, mv: Move) -> i32 {
        let promoted = mv.promotion().map_or(0, |k| {
            let pawn = p
                .at_index(mv.from_index())
                .map_or(0, |(_, q)| self.kind_value(q));
            (self.kind_value(k) - pawn).max(0)
        });
        let victim = self.victim(p, mv);
        if self.captures_to_hand {
            2 * victim + promoted
        } else {
            victim + promoted
        }
    }

    /// Whether `mv` loses material by the exchange it starts, counted
    /// two captures deep ([`Position::recapture`]): the mover (as
    /// promoted) is worth more than the move wins, the other side can
    /// take it on arrival, and either nothing of the mover's side takes
    /// back there or taking back the cheapest taker still leaves less
    /// than the mover. (A royal never takes on a square its enemy holds.)
    fn loses_exchange<S: SquareSet>(&self, p: &Position<S>, mv: Move) -> bool {
        if mv.dropped().is_some() {
            return false;
        }
        let mover = mv.promotion().unwrap_or_else(|| self.mover(p, mv));
        let twice = if self.captures_to_hand { 2 } else { 1 };
        let risked = self.kind_value(mover) * twice;
        let gain = self.gain(p, mv);
        if risked <= gain {
            return false;
        }
        match p.recapture(mv, &self.cheapest_first) {
            None => false,
            Some((_, false)) => true,
            Some((taker, true)) => {
                !self.kinds.get(taker).is_some_and(|k| k.royal)
                    && gain - risked + self.kind_value(taker) * twice < 0
            }
        }
    }

    /// The kind that moves (or is dropped).
    fn mover<S: SquareSet>(&self, p: &Position<S>, mv: Move) -> usize {
        match mv.dropped() {
            Some(k) => k,
            None => p.at_index(mv.from_index()).map_or(0, |(_, k)| k),
        }
    }
}

impl<S: SquareSet> Evaluator<Position<S>> for FairyEval {
    fn evaluate(&self, game: &Position<S>) -> i32 {
        let s = self.own_score(game);
        if self.terms.0.is_empty() {
            s
        } else {
            s + self.added(game)
        }
    }

    /// The score, check, and whether the game is over: ended, or no legal
    /// move (found by looking for one, which stops at the first), so that
    /// the search may stand pat or prune before generating the moves.
    fn evaluate_full(&self, game: &Position<S>) -> Eval {
        let (check, moves) = game.check_and_move();
        Eval {
            score: self.evaluate(game),
            threatened: game.end().is_none() && check,
            forced: Some(false),
            terminal: Some(!moves),
        }
    }

    /// The legal captures and promotions alone
    /// ([`Position::generate_tactical`]): the only moves with a gain.
    fn tactical_candidates(&self, game: &Position<S>, moves: &mut Vec<Move>) -> CandidateNote {
        game.generate_tactical(moves);
        CandidateNote::default()
    }

    fn is_tactical(&self, game: &Position<S>, mv: Move) -> bool {
        self.gain(game, mv) > 0
    }

    fn capture_gain(&self, game: &Position<S>, mv: Move) -> i32 {
        self.gain(game, mv)
    }

    fn order_score(&self, game: &Position<S>, mv: Move) -> i32 {
        let attacker = self
            .kinds
            .get(self.mover(game, mv))
            .map_or(0, |k| k.attacker);
        self.gain(game, mv) * 16 - attacker / 16
    }

    fn losing_capture(&self, game: &Position<S>, mv: Move) -> bool {
        self.loses_exchange(game, mv)
    }

    fn history_index(&self, game: &Position<S>, mv: Move) -> usize {
        let k = self.mover(game, mv).min(self.history_kinds - 1);
        k * 256 + usize::from(mv.to_index())
    }

    fn history_size(&self) -> usize {
        self.history_kinds * 256
    }

    /// A pass ([`Position::passed`]) while the side to move has a piece
    /// beside royals and pawns (with only those, zugzwang is common) and
    /// the game still runs.
    fn null_move(&self, game: &Position<S>) -> Option<Position<S>> {
        (game.end().is_none() && game.has_pieces(game.side_to_move())).then(|| game.passed())
    }

    /// The side to move, unless the game was ended by a move or from
    /// outside: mate and stalemate are found by the search when it
    /// generates no move.
    #[inline]
    fn to_act(&self, game: &Position<S>) -> ToAct {
        if game.end().is_some() {
            ToAct::Nobody
        } else {
            ToAct::Seat(game.side_to_move())
        }
    }
}

/// The value of the pieces (neither royal nor pawn) each side sets up on
/// the board in `rules`' start (read by the game's own setup), the larger
/// of the two; 1 at least (a game that starts with an empty board is
/// always in its middle game).
fn start_material(rules: &Arc<RuleSet>, kinds: &[KindInfo]) -> i32 {
    let start = AnyPosition::new_game(rules);
    let mut sides = [0; 2];
    for sq in rules.geometry.squares().iter() {
        let Some((seat, k)) = start.at(sq) else {
            continue;
        };
        if let Some(info) = kinds.get(k).filter(|i| !i.pawn && !i.royal) {
            sides[seat.index()] += info.value;
        }
    }
    sides[0].max(sides[1]).max(1)
}

macro_rules! each {
    ($game:expr, $p:ident => $e:expr) => {
        match $game {
            AnyPosition::Small($p) => $e,
            AnyPosition::Medium($p) => $e,
            AnyPosition::Large($p) => $e,
        }
    };
}

impl Evaluator<AnyPosition> for FairyEval {
    fn evaluate(&self, game: &AnyPosition) -> i32 {
        each!(game, p => self.evaluate(p))
    }

    fn evaluate_full(&self, game: &AnyPosition) -> Eval {
        each!(game, p => self.evaluate_full(p))
    }

    fn tactical_candidates(&self, game: &AnyPosition, moves: &mut Vec<Move>) -> CandidateNote {
        each!(game, p => self.tactical_candidates(p, moves))
    }

    fn is_tactical(&self, game: &AnyPosition, mv: Move) -> bool {
        each!(game, p => self.is_tactical(p, mv))
    }

    fn capture_gain(&self, game: &AnyPosition, mv: Move) -> i32 {
        each!(game, p => self.capture_gain(p, mv))
    }

    fn order_score(&self, game: &AnyPosition, mv: Move) -> i32 {
        each!(game, p => self.order_score(p, mv))
    }

    fn losing_capture(&self, game: &AnyPosition, mv: Move) -> bool {
        each!(game, p => self.loses_exchange(p, mv))
    }

    fn history_index(&self, game: &AnyPosition, mv: Move) -> usize {
        each!(game, p => self.history_index(p, mv))
    }

    fn history_size(&self) -> usize {
        self.history_kinds * 256
    }

    fn null_move(&self, game: &AnyPosition) -> Option<AnyPosition> {
        match game {
            AnyPosition::Small(p) => self.null_move(p).map(AnyPosition::Small),
            AnyPosition::Medium(p) => self.null_move(p).map(AnyPosition::Medium),
            AnyPosition::Large(p) => self.null_move(p).map(AnyPosition::Large),
        }
    }

    #[inline]
    fn to_act(&self, game: &AnyPosition) -> ToAct {
        each!(game, p => self.to_act(p))
    }
}
