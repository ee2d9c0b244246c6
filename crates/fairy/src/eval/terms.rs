//! The positional terms, counted in one pass over the pieces: mobility
//! (targets of each piece that is neither royal nor pawn), the enemy
//! pieces bearing on each royal's zone, and pawns' advance.

use super::FairyEval;
use crate::position::Position;
use crate::set::SquareSet;
use crate::tables::Tables;
use deckmate_rules::Seat;

/// The parts of an evaluation, each from the first seat's point of view
/// (positive: good for the first seat), in centipawns.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Parts {
    /// Material, on the board and in hand (royals count nothing), and the
    /// pairs of colour-bound pieces.
    pub material: i32,
    /// Mobility.
    pub mobility: i32,
    /// Pawns' advance towards promotion.
    pub pawns: i32,
    /// The danger to each royal from the enemies bearing on its zone (the
    /// first seat's danger counted negative).
    pub king: i32,
    /// The pawn structure: passed pawns, less doubled and isolated ones.
    pub structure: i32,
    /// Placement: the men's rings (steps from the edge), and the royal's
    /// shelter, rank and centralisation by the game's phase.
    pub placement: i32,
}

impl Parts {
    /// Their sum.
    pub fn total(&self) -> i32 {
        self.material + self.mobility + self.pawns + self.king + self.structure + self.placement
    }
}

/// The widest board (in files) whose pawn structure is counted.
pub(super) const MAX_FILES: usize = 32;

/// Where one side's pawns stand, by file: how many, the lowest and the
/// highest rank, and the (dense) squares of the pawns there.
#[derive(Copy, Clone)]
struct PawnFiles {
    count: [u8; MAX_FILES],
    low: [u8; MAX_FILES],
    high: [u8; MAX_FILES],
    low_sq: [u8; MAX_FILES],
    high_sq: [u8; MAX_FILES],
}

impl PawnFiles {
    const NONE: PawnFiles = PawnFiles {
        count: [0; MAX_FILES],
        low: [u8::MAX; MAX_FILES],
        high: [0; MAX_FILES],
        low_sq: [0; MAX_FILES],
        high_sq: [0; MAX_FILES],
    };

    fn add(&mut self, file: u8, rank: u8, sq: u8) {
        let f = usize::from(file);
        self.count[f] = self.count[f].saturating_add(1);
        if rank <= self.low[f] {
            self.low[f] = rank;
            self.low_sq[f] = sq;
        }
        if rank >= self.high[f] {
            self.high[f] = rank;
            self.high_sq[f] = sq;
        }
    }

    /// Files `f - 1 ..= f + 1` that exist, of `files`.
    fn around(f: usize, files: usize) -> std::ops::RangeInclusive<usize> {
        f.saturating_sub(1)..=(f + 1).min(files - 1)
    }
}

/// How much of the attackers' weight a royal suffers by how many attack
/// its zone, in percent.
const ATTACKERS_SCALE: [i32; 8] = [0, 25, 60, 80, 90, 95, 98, 100];

/// The squares a piece of `seat` of kind `kind` on `from` reaches with
/// `occ` occupied: empty squares it may move to and `enemies` it may
/// capture (first-move-only moves left out).
#[inline]
pub(super) fn reach<S: SquareSet>(
    t: &Tables<S>,
    seat: Seat,
    kind: usize,
    from: u8,
    occ: S,
    enemies: S,
) -> S {
    let at = t.at(seat, kind, from);
    let mut m = (t.leap_capture(at) & enemies) | (t.leap_move(at) & !occ);
    for line in t.lines(at) {
        if line.initial || line.via.meets(occ) {
            continue;
        }
        let Some((run, hit)) = line.resolve(occ) else {
            continue;
        };
        if line.moves() {
            m |= run;
        }
        if let Some(b) = hit {
            if line.captures() && enemies.contains(b) {
                m |= S::bit(b);
            }
        }
    }
    m
}

impl FairyEval {
    /// The parts of the evaluation of `p`, from the first seat's point of
    /// view (terms a game added and the tempo not included).
    pub fn parts<S: SquareSet>(&self, p: &Position<S>) -> Parts {
        let t = &*p.t;
        let place = &p.place;
        let occ = place.by_side[0] | place.by_side[1];
        let mut parts = Parts::default();
        // Each side's royal zone (empty without a royal).
        let mut zones = [S::EMPTY; 2];
        // Each side's pieces' value (neither royal nor pawn) and pawns, for
        // the royal's phase and shelter.
        let mut pieces_value = [0; 2];
        let mut pawn_sets = [S::EMPTY; 2];
        let w = &self.weights;
        // Each side's pawns by file (a bit a file), for the file riders.
        let mut pawn_files = [0u64; 2];
        if w.open_file != 0 || w.half_open_file != 0 {
            for (k, info) in self.kinds.iter().enumerate() {
                if !info.pawn {
                    continue;
                }
                for seat in Seat::BOTH {
                    let s = seat.index();
                    for i in (place.by_kind[k] & place.by_side[s]).iter() {
                        if let Some(&(f, _)) = self.file_rank.get(usize::from(i)) {
                            pawn_files[s] |= 1u64 << (f & 63);
                        }
                    }
                }
            }
        }
        for seat in Seat::BOTH {
            let s = seat.index();
            let royal = place.royal[s];
            if let Some(sq) = royal.filter(|&sq| place.at(sq).is_some_and(|(o, _)| o == seat)) {
                if let Some(z) = self.zones.get(usize::from(sq)) {
                    zones[s] = z.iter().fold(S::EMPTY, |a, &i| a | S::bit(i));
                }
            }
        }
        for seat in Seat::BOTH {
            let s = seat.index();
            let sign = if s == 0 { 1 } else { -1 };
            let mine = place.by_side[s];
            let enemies = place.by_side[1 - s];
            let zone = zones[1 - s];
            let (mut material, mut mob16, mut pawns, mut placed) = (0, 0, 0, 0);
            let mut placed_files = 0;
            let (mut attackers, mut weight, mut hits) = (0usize, 0, 0);
            for (k, info) in self.kinds.iter().enumerate() {
                if self.hands {
                    material += info.value * i32::from(p.in_hand(seat, k));
                }
                let set = place.by_kind[k] & mine;
                if set.is_empty() {
                    continue;
                }
                material += info.value * set.count() as i32;
                if !info.pawn && !info.royal {
                    pieces_value[s] += info.value * set.count() as i32;
                }
                if info.pair && set.count() >= 2 {
                    let mut seen = [false; 2];
                    for i in set.iter() {
                        if let Some(&(f, r)) = self.file_rank.get(usize::from(i)) {
                            seen[usize::from((f + r) % 2)] = true;
                        }
                    }
                    if seen[0] && seen[1] {
                        material += w.pair;
                    }
                }
                if info.file_rider {
                    for i in set.iter() {
                        if let Some(&(f, _)) = self.file_rank.get(usize::from(i)) {
                            let bit = 1u64 << (f & 63);
                            if pawn_files[s] & bit == 0 {
                                placed_files += if pawn_files[1 - s] & bit == 0 {
                                    w.open_file
                                } else {
                                    w.half_open_file
                                };
                            }
                        }
                    }
                }
                if info.pawn {
                    pawn_sets[s] |= set;
                    let table = &self.pawn_square[s];
                    pawns += set
                        .iter()
                        .map(|i| table.get(usize::from(i)).copied().unwrap_or(0))
                        .sum::<i32>();
                }
                if !info.mobile {
                    continue;
                }
                let mut pieces = set;
                while let Some(from) = pieces.pop() {
                    let r = reach(t, seat, k, from, occ, enemies);
                    mob16 += info.mobility16 * r.count() as i32 - info.centre16;
                    placed += self.rings.get(usize::from(from)).copied().unwrap_or(0);
                    let on_zone = r & zone;
                    if !on_zone.is_empty() {
                        attackers += 1;
                        weight += info.attack;
                        hits += on_zone.count() as i32;
                    }
                }
            }
            let danger = (weight + self.weights.king_zone_square * hits)
                * ATTACKERS_SCALE[attackers.min(ATTACKERS_SCALE.len() - 1)]
                / 100;
            parts.material += sign * material;
            parts.mobility += sign * (mob16 / 16);
            parts.pawns += sign * pawns;
            parts.placement += sign * (w.centre * placed + placed_files);
            // Danger to the other side's royal is good for this side.
            parts.king += sign * danger;
        }
        parts.structure = self.structure(p);
        if w.shelter != 0 || w.royal_rank != 0 || w.royal_centre != 0 {
            for seat in Seat::BOTH {
                let s = seat.index();
                let Some(sq) = place.royal[s].filter(|_| !zones[s].is_empty()) else {
                    continue;
                };
                let i = usize::from(sq);
                // In i64: a weight (up to 10,000) times a count times a
                // side's pieces' value may pass i32 on a large board.
                let full = i64::from(self.phase_material);
                let middle = i64::from(pieces_value[1 - s]).min(full);
                let ring = i64::from(self.rings.get(i).copied().unwrap_or(0));
                let rank = i64::from(self.home_ranks[s].get(i).copied().unwrap_or(0));
                let shelter = (pawn_sets[s] & zones[s]).count() as i64;
                let (sh, rr, rc) = (
                    i64::from(w.shelter),
                    i64::from(w.royal_rank),
                    i64::from(w.royal_centre),
                );
                let score =
                    (sh * shelter - rr * rank) * middle / full + rc * ring * (full - middle) / full;
                // Within ±(10,000 x 9 + 10,000 x 15 + 10,000 x 8): an i32.
                let score = score as i32;
                parts.placement += if s == 0 { score } else { -score };
            }
        }
        parts
    }

    /// The pawn structure, from the first seat's point of view: passed
    /// pawns, less doubled and isolated ones.
    fn structure<S: SquareSet>(&self, p: &Position<S>) -> i32 {
        let files = self.files;
        if files == 0 {
            return 0;
        }
        let place = &p.place;
        let mut by_seat = [PawnFiles::NONE; 2];
        let mut any = false;
        for seat in Seat::BOTH {
            let s = seat.index();
            for (k, info) in self.kinds.iter().enumerate() {
                if !info.pawn {
                    continue;
                }
                let mut set = place.by_kind[k] & place.by_side[s];
                while let Some(sq) = set.pop() {
                    if let Some(&(f, r)) = self.file_rank.get(usize::from(sq)) {
                        by_seat[s].add(f, r, sq);
                        any = true;
                    }
                }
            }
        }
        if !any {
            return 0;
        }
        let w = &self.weights;
        let mut total = 0;
        for seat in Seat::BOTH {
            let s = seat.index();
            let (mine, theirs) = (&by_seat[s], &by_seat[1 - s]);
            let mut score = 0;
            for f in 0..files {
                let n = i32::from(mine.count[f]);
                if n == 0 {
                    continue;
                }
                score -= w.doubled * (n - 1);
                let around = PawnFiles::around(f, files);
                if around.clone().all(|g| g == f || mine.count[g] == 0) {
                    score -= w.isolated * n;
                }
                // The pawn furthest ahead on the file: passed when no enemy
                // pawn stands ahead of it on this file or the next.
                let (lead, passed) = match seat {
                    Seat::First => {
                        let r = mine.high[f];
                        let clear = |g: usize| theirs.count[g] == 0 || theirs.high[g] <= r;
                        (mine.high_sq[f], around.clone().all(clear))
                    }
                    Seat::Second => {
                        let r = mine.low[f];
                        let clear = |g: usize| theirs.count[g] == 0 || theirs.low[g] >= r;
                        (mine.low_sq[f], around.clone().all(clear))
                    }
                };
                if passed {
                    let advance = self.advance[s].get(usize::from(lead)).copied().unwrap_or(0);
                    score += w.passed + advance * w.passed_advance / 100;
                }
            }
            total += if s == 0 { score } else { -score };
        }
        total
    }
}
