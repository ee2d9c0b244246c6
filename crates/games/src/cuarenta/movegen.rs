//! Legal move generation (fully legal: the King is never left in check),
//! bulk counting for perft, and attack detection.
//!
//! Leaps come from the compiled tables as 64-bit sets; the Bishop's slides
//! and the Vao's moves and hops walk the compiled rays; the Frog's line jump
//! is the hook in [`super::frog`]; a pawn never takes a pawn (Q7).
//!
//! Legality: a King move (or castling) is tested by asking whether its new
//! square is attacked with the board as it will be. Any other move is tested
//! the same way on the King's square, except that when the King is not in
//! check, a move that neither leaves nor enters a line between the King and
//! an enemy Bishop or Vao cannot expose it: leaps (Camel, Guard, King,
//! pawn, the Frog's plain move) do not depend on what stands between, and a
//! Frog's line of friends can only be broken by the other side's moves,
//! never made (its squares must hold the Frog's own pieces).

use super::frog;
use super::piece::Piece;
use super::position::{Move, Position, CAMEL_HOME, KING_HOME};
use super::tables::{bit, Tables};
use deckmate_rules::Seat;

/// What every piece's legality check needs, worked out once per position.
struct Ctx<'a> {
    t: &'a Tables,
    me: Seat,
    opp: Seat,
    us: u64,
    them: u64,
    occ: u64,
    king: u8,
    /// Squares on lines between the King and enemy Bishops and Vaos (and
    /// those pieces' squares); everything when in check.
    danger: u64,
}

impl Position {
    /// Whether dense square `target` is attacked by `by`'s pieces `them`
    /// with the squares `occ` occupied (the board after a move being
    /// tested). A pawn attacks all four of its squares (Q10).
    #[inline]
    pub(crate) fn attacked_by(
        &self,
        t: &Tables,
        target: u8,
        by: Seat,
        occ: u64,
        them: u64,
    ) -> bool {
        let s = by.index();
        let tg = target as usize;
        for p in Piece::ALL {
            if t.leap_attackers[s][p.index()][tg] & them & self.by_piece[p.index()] != 0 {
                return true;
            }
        }
        let mut kinds = t.ray_kinds[s];
        while kinds != 0 {
            let p = kinds.trailing_zeros() as usize;
            kinds &= kinds - 1;
            let mine = them & self.by_piece[p];
            let mut slides = t.slide_attackers[s][p][tg] & mine;
            while slides != 0 {
                let a = slides.trailing_zeros() as usize;
                slides &= slides - 1;
                if t.between[a][tg] & occ == 0 {
                    return true;
                }
            }
            let mut hops = t.hop_attackers[s][p][tg] & mine;
            while hops != 0 {
                let a = hops.trailing_zeros() as usize;
                hops &= hops - 1;
                if (t.between[a][tg] & occ).count_ones() == 1 {
                    return true;
                }
            }
        }
        let frogs = them & self.by_piece[Piece::Frog.index()];
        frogs != 0 && frog::line_attacks(t, target, them, frogs)
    }

    /// Whether the side to move is in check.
    pub fn in_check(&self) -> bool {
        let t = Tables::get();
        let me = self.side;
        let occ = self.by_seat[0] | self.by_seat[1];
        self.attacked_by(
            t,
            self.king[me.index()],
            me.other(),
            occ,
            self.by_seat[me.other().index()],
        )
    }

    /// Whether `seat`'s King is attacked, whoever is to move.
    pub fn king_attacked(&self, seat: Seat) -> bool {
        let t = Tables::get();
        let occ = self.by_seat[0] | self.by_seat[1];
        self.attacked_by(
            t,
            self.king[seat.index()],
            seat.other(),
            occ,
            self.by_seat[seat.other().index()],
        )
    }

    /// Every plain move (no promotion, no castling) the pieces' movement
    /// allows the side to move, the King's safety ignored: with
    /// [`Position::king_attacked`], a slow independent check of
    /// [`Position::generate`]'s legality test.
    pub fn pseudo_legal(&self) -> Vec<Move> {
        self.pseudo_moves()
            .into_iter()
            .map(|(f, t)| Move::new(f, t))
            .collect()
    }

    fn ctx(&self) -> Ctx<'static> {
        let t = Tables::get();
        let me = self.side;
        let opp = me.other();
        let us = self.by_seat[me.index()];
        let them = self.by_seat[opp.index()];
        let occ = us | them;
        let king = self.king[me.index()];
        let in_check = self.attacked_by(t, king, opp, occ, them);
        let danger = if in_check {
            u64::MAX
        } else {
            let mut d = 0;
            let s = opp.index();
            let k = king as usize;
            let mut kinds = t.ray_kinds[s];
            while kinds != 0 {
                let p = kinds.trailing_zeros() as usize;
                kinds &= kinds - 1;
                let mut lines = (t.slide_attackers[s][p][k] | t.hop_attackers[s][p][k])
                    & them
                    & self.by_piece[p];
                while lines != 0 {
                    let a = lines.trailing_zeros() as u8;
                    lines &= lines - 1;
                    d |= t.between[a as usize][k] | bit(a);
                }
            }
            d
        };
        Ctx {
            t,
            me,
            opp,
            us,
            them,
            occ,
            king,
            danger,
        }
    }

    /// The squares a `piece` of the side to move on `from` reaches by its
    /// movement, before the King's safety is considered.
    #[inline]
    fn pseudo_targets(&self, c: &Ctx, piece: Piece, from: u8) -> u64 {
        let t = c.t;
        let s = c.me.index();
        let p = piece.index();
        let f = from as usize;
        let mut m = (t.leap_move[s][p][f] & !c.occ) | (t.leap_capture[s][p][f] & c.them);
        if t.ray_kinds[s] & (1 << p) != 0 {
            for &r in t.rays(c.me, piece, from) {
                let can_move = r.mode & 1 != 0;
                let can_capture = r.mode & 2 != 0;
                let mut screen = !r.hop;
                for &sq in t.ray_squares(r) {
                    let b = bit(sq);
                    if c.occ & b == 0 {
                        if screen && can_move {
                            m |= b;
                        }
                    } else if screen {
                        if can_capture && c.them & b != 0 {
                            m |= b;
                        }
                        break;
                    } else {
                        screen = true;
                    }
                }
            }
        }
        match piece {
            // Q7: a pawn never takes a pawn.
            Piece::Pawn => m &= !(c.them & self.by_piece[Piece::Pawn.index()]),
            // Q6: the line jump.
            Piece::Frog => m |= frog::jumps(t, from, c.us),
            _ => {}
        }
        m
    }

    /// Whether moving `from` -> `to` leaves the mover's King safe.
    #[inline]
    fn safe_after(&self, c: &Ctx, from: u8, to: u8, king_moves: bool) -> bool {
        let occ = (c.occ & !bit(from)) | bit(to);
        let them = c.them & !bit(to);
        let k = if king_moves { to } else { c.king };
        !self.attacked_by(c.t, k, c.opp, occ, them)
    }

    /// The legal destinations of the piece on `from`.
    #[inline]
    fn legal_targets(&self, c: &Ctx, piece: Piece, from: u8) -> u64 {
        let targets = self.pseudo_targets(c, piece, from);
        let (mut legal, mut risky) = if piece == Piece::King || bit(from) & c.danger != 0 {
            (0, targets)
        } else {
            (targets & !c.danger, targets & c.danger)
        };
        let king_moves = piece == Piece::King;
        while risky != 0 {
            let to = risky.trailing_zeros() as u8;
            risky &= risky - 1;
            if self.safe_after(c, from, to, king_moves) {
                legal |= bit(to);
            }
        }
        legal
    }

    /// Q8: whether the side to move may castle now.
    fn can_castle(&self, c: &Ctx) -> bool {
        let s = c.me.index();
        let mine = self.castling & (1 << s) != 0;
        // White waits until Black has castled or lost the right.
        let allowed = mine && (c.me == Seat::Second || self.castling & 2 == 0);
        if !allowed {
            return false;
        }
        let (k, cm) = (KING_HOME[s], CAMEL_HOME[s]);
        if self.at_index(k) != Some((c.me, Piece::King))
            || self.at_index(cm) != Some((c.me, Piece::Camel))
        {
            return false;
        }
        // Allowed in check; the King may not end in check. Nothing else
        // changes on the board but the King's square.
        !self.attacked_by(c.t, cm, c.opp, c.occ, c.them)
    }

    #[inline]
    fn piece_on(&self, sq: u8) -> Piece {
        // Only called for squares of the side to move's set: never empty.
        Piece::from_index((self.board[sq as usize] & 7) as usize).unwrap_or(Piece::Pawn)
    }

    /// Appends the legal moves (nothing once the game is over).
    pub fn generate(&self, moves: &mut Vec<Move>) {
        if self.end.is_some() {
            return;
        }
        let c = self.ctx();
        let s = c.me.index();
        let mut pieces = c.us;
        while pieces != 0 {
            let from = pieces.trailing_zeros() as u8;
            pieces &= pieces - 1;
            let piece = self.piece_on(from);
            let mut legal = self.legal_targets(&c, piece, from);
            while legal != 0 {
                let to = legal.trailing_zeros() as u8;
                legal &= legal - 1;
                moves.push(Move::new(from, to));
                if piece == Piece::Pawn && c.t.promotion_zone[s] & bit(to) != 0 {
                    if c.t.last_rank[s] & bit(to) != 0 {
                        for p in Piece::PROMOTIONS {
                            moves.push(Move::promoting(from, to, p));
                        }
                    } else {
                        moves.push(Move::promoting(from, to, Piece::Camel));
                    }
                }
            }
        }
        if self.can_castle(&c) {
            moves.push(Move::castle(KING_HOME[s], CAMEL_HOME[s]));
        }
    }

    /// The number of legal moves, without building them (perft's bulk
    /// count).
    pub fn count(&self) -> u64 {
        if self.end.is_some() {
            return 0;
        }
        let c = self.ctx();
        let s = c.me.index();
        let mut n = 0u64;
        let mut pieces = c.us;
        while pieces != 0 {
            let from = pieces.trailing_zeros() as u8;
            pieces &= pieces - 1;
            let piece = self.piece_on(from);
            let legal = self.legal_targets(&c, piece, from);
            n += u64::from(legal.count_ones());
            if piece == Piece::Pawn {
                // Q7/Q10: the plain move, a Camel in the last three ranks,
                // four more on the last rank.
                n += u64::from((legal & c.t.promotion_zone[s]).count_ones());
                n += 4 * u64::from((legal & c.t.last_rank[s]).count_ones());
            }
        }
        n + u64::from(self.can_castle(&c))
    }

    /// Whether the side to move has a legal move (stops at the first).
    pub fn has_legal_move(&self) -> bool {
        if self.end.is_some() {
            return false;
        }
        let c = self.ctx();
        let mut pieces = c.us;
        while pieces != 0 {
            let from = pieces.trailing_zeros() as u8;
            pieces &= pieces - 1;
            if self.legal_targets(&c, self.piece_on(from), from) != 0 {
                return true;
            }
        }
        self.can_castle(&c)
    }

    /// The moves the pieces' movement allows, ignoring the King's safety
    /// and whose right it is to castle (for explaining a refusal).
    pub(crate) fn pseudo_moves(&self) -> Vec<(u8, u8)> {
        let c = self.ctx();
        let mut out = Vec::new();
        let mut pieces = c.us;
        while pieces != 0 {
            let from = pieces.trailing_zeros() as u8;
            pieces &= pieces - 1;
            let mut m = self.pseudo_targets(&c, self.piece_on(from), from);
            while m != 0 {
                out.push((from, m.trailing_zeros() as u8));
                m &= m - 1;
            }
        }
        out
    }

    /// Whether the piece on `from` could capture on `to` by its movement if
    /// the piece there were not a pawn (explains Q7's refusal).
    pub(crate) fn pawn_would_take(&self, from: u8, to: u8) -> bool {
        let t = Tables::get();
        t.leap_capture[self.side.index()][Piece::Pawn.index()][from as usize] & bit(to) != 0
    }
}
