//! A Dealer's Chess position in play: the men on the board, whose pawns
//! still have their opening move, the hands and the shared extras, side to
//! move, castling corners, en passant, the counters and the history for
//! repetition; read from and written to D14's position string.

use super::catalogue::Catalogue;
use super::fen::{self, EnPassant, Man, Setup};
use super::rules::{PlayOptions, Rules, Squares, MAX_KINDS};
use deckmate_rules::{PositionError, Seat};
use std::sync::Arc;

/// An empty cell.
pub(crate) const EMPTY: u8 = 0;
/// The bit of a Black man in a cell.
pub(crate) const BLACK: u8 = 0x80;

/// A cell holding `kind` of `seat`.
#[inline]
pub(crate) const fn cell(kind: u8, seat: Seat) -> u8 {
    (kind + 1)
        | match seat {
            Seat::First => 0,
            Seat::Second => BLACK,
        }
}

/// The side and kind in a non-empty cell.
#[inline]
pub(crate) const fn man_of(c: u8) -> (Seat, u8) {
    let seat = if c & BLACK != 0 {
        Seat::Second
    } else {
        Seat::First
    };
    (seat, (c & 0x7F) - 1)
}

/// Per side, the squares of its men and of its royals.
#[derive(Copy, Clone, Default, PartialEq, Eq, Debug)]
pub(crate) struct Men {
    /// Every man's square, per side.
    pub all: [Squares; 2],
    /// The royals' squares, per side.
    pub royals: [Squares; 2],
}

/// The hands: per kind, how many White holds, Black holds, and the shared
/// extras (which are both players' until one promotes to one, D4); then,
/// in the `big-deck` alternate, the Draw Stack and the Discard Pile.
pub(crate) type Hands = [[u8; MAX_KINDS]; 5];

/// The list of the shared extras in [`Hands`].
pub(crate) const SHARED: usize = 2;
/// The Draw Stack (`big-deck`).
pub(crate) const STACK: usize = 3;
/// The Discard Pile (`big-deck`).
pub(crate) const DISCARD: usize = 4;

/// A promotion under way in the `big-deck` alternate: the pawn's square,
/// and the cards drawn for it once chance has drawn them.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub(crate) struct Pending {
    pub square: u8,
    pub drawn: Option<[u8; 3]>,
}

/// No card in a slot of [`Pending::drawn`].
pub(crate) const NO_CARD: u8 = 0xFF;

/// How a game in play ended (before the registry's words).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum EndReason {
    /// The side to move has no legal move and a royal attacked.
    Checkmate,
    /// The side to move has no legal move, no royal attacked: a draw.
    Stalemate,
    /// 100 plies without a capture or a pawn's move (D1).
    FiftyMoves,
    /// The same position a third time (D1).
    Repetition,
    /// Agreed (recorded, not played).
    Agreement,
    /// Resigned (recorded, not played).
    Resignation,
    /// The loser's clock ran out (recorded, not played).
    TimeForfeit,
}

/// A finished game: the winner (none for a draw) and the reason.
pub type End = crate::end::End<EndReason>;

impl crate::end::Reason for EndReason {
    const RESIGNATION: EndReason = EndReason::Resignation;
    const AGREEMENT: EndReason = EndReason::Agreement;
    const TIME_FORFEIT: EndReason = EndReason::TimeForfeit;

    fn seat_name(seat: Seat) -> &'static str {
        crate::fairy::seat_name(seat)
    }

    fn words(self, w: &str, l: &str) -> String {
        match self {
            EndReason::Checkmate => format!("{w} checkmated {l}"),
            EndReason::Stalemate => "stalemate: the side to move has no legal move".to_string(),
            EndReason::FiftyMoves => {
                "fifty moves each without a capture or a pawn's move".to_string()
            }
            EndReason::Repetition => "the same position occurred a third time".to_string(),
            EndReason::Agreement => "the players agreed a draw".to_string(),
            EndReason::Resignation => format!("{l} resigned"),
            EndReason::TimeForfeit => format!("{l} lost on time"),
        }
    }
}

/// A position of a game in play (a value: cheap enough to clone for the
/// search; the rules are shared).
#[derive(Clone)]
pub struct Position {
    pub(crate) rules: Arc<Rules>,
    /// Per square: [`EMPTY`] or a [`cell`].
    pub(crate) board: [u8; 144],
    /// Per side, the squares of its men and of its royals (what
    /// [`Position::board`] holds, as sets: the men are visited without
    /// scanning the board).
    pub(crate) men: Men,
    /// Pawns that still have their opening move.
    pub(crate) fresh: Squares,
    pub(crate) hands: Hands,
    pub(crate) side: Seat,
    /// Castling corners still usable: bit 0 White's a-side, 1 White's
    /// far side, 2 and 3 Black's.
    pub(crate) castling: u8,
    /// The squares the last pawn move crossed, empty after it.
    pub(crate) ep: Squares,
    /// The pawn that crossed them.
    pub(crate) ep_pawn: u8,
    pub(crate) half_moves: u32,
    pub(crate) move_number: u32,
    pub(crate) hash: u64,
    /// Repetition keys ([`Position::repetition_key`]) since the last
    /// capture or pawn move, this one last.
    pub(crate) history: Vec<u64>,
    /// Whether the en passant squares count for repetition: only when an
    /// en passant capture is legal (D1, as FIDE counts positions).
    pub(crate) ep_counts: bool,
    pub(crate) end: Option<End>,
    /// Per side, the kinds a pawn promotes to under the `simplified`
    /// alternate (bit `k` for kind `k`).
    pub(crate) promote_to: [u128; 2],
    /// A `big-deck` promotion under way.
    pub(crate) pending: Option<Pending>,
}

impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Position({})", self.text())
    }
}

/// A position error in words.
fn impossible(why: impl Into<String>) -> PositionError {
    PositionError::Impossible { why: why.into() }
}

/// No en passant pawn.
pub(crate) const NO_SQUARE: u8 = 0xFF;

impl Position {
    /// The position of a D14 string, with the rules of the men it holds.
    pub fn from_text(
        text: &str,
        catalogue: &Catalogue,
        options: PlayOptions,
    ) -> Result<Position, PositionError> {
        let setup = fen::parse(text, catalogue)?;
        let mut codes: Vec<String> = Vec::new();
        for m in setup.board.iter().flatten() {
            codes.push(m.code.clone());
        }
        for h in &setup.hands {
            codes.extend(h.iter().cloned());
        }
        let rules = Rules::new(catalogue, setup.size, &codes, options)
            .map_err(|e| impossible(e.to_string()))?;
        Position::from_setup(&setup, &rules)
    }

    /// The position of a setup under `rules` (which must hold its men).
    pub fn from_setup(setup: &Setup, rules: &Arc<Rules>) -> Result<Position, PositionError> {
        if setup.size != rules.size {
            return Err(impossible(format!(
                "a {0}x{0} position for a {1}x{1} game",
                setup.size, rules.size
            )));
        }
        let kind = |code: &str| {
            rules
                .kind_of(code)
                .ok_or_else(|| impossible(format!("{code} is not a man of this game")))
        };
        let mut p = Position {
            rules: rules.clone(),
            board: [EMPTY; 144],
            men: Men::default(),
            fresh: Squares::default(),
            hands: [[0; MAX_KINDS]; 5],
            side: setup.side,
            castling: 0,
            ep: Squares::default(),
            ep_pawn: NO_SQUARE,
            half_moves: setup.half_moves,
            move_number: setup.move_number.max(1),
            hash: 0,
            history: Vec::new(),
            ep_counts: true,
            end: None,
            promote_to: [0; 2],
            pending: None,
        };
        for (sq, m) in setup.board.iter().enumerate() {
            if let Some(m) = m {
                let k = kind(&m.code)?;
                p.board[sq] = cell(k, m.seat);
                p.men.all[m.seat.index()].add(sq as u8);
                if rules.kinds[usize::from(k)].is_royal() {
                    p.men.royals[m.seat.index()].add(sq as u8);
                }
                if m.fresh && rules.kinds[usize::from(k)].is_pawn() {
                    p.fresh.add(sq as u8);
                }
            }
        }
        for (i, hand) in setup.hands.iter().enumerate() {
            for code in hand {
                let k = kind(code)?;
                let n = &mut p.hands[i][usize::from(k)];
                *n = n
                    .checked_add(1)
                    .filter(|&c| c <= 64)
                    .ok_or_else(|| impossible(format!("more than 64 {code} in one hand")))?;
            }
        }
        let last = rules.size - 1;
        for &(seat, file) in &setup.castling {
            let bit = if file == 0 {
                0
            } else if file == last {
                1
            } else {
                return Err(impossible(format!(
                    "castling with the {} file: only the corners castle (D5)",
                    (b'a' + file) as char
                )));
            };
            p.castling |= 1 << (bit + 2 * seat.index() as u8);
        }
        if let Some(ep) = &setup.en_passant {
            for &s in &ep.crossed {
                p.ep.add(s as u8);
            }
            p.ep_pawn = ep.pawn as u8;
        }
        p.hash = p.compute_hash();
        p.ep_counts = p.en_passant_capturable();
        p.history = vec![p.repetition_key()];
        Ok(p)
    }

    /// The position as D14's string.
    pub fn text(&self) -> String {
        fen::write(&self.setup())
    }

    /// The position's content, as D14's string holds it.
    pub fn setup(&self) -> Setup {
        let r = &self.rules;
        let code = |k: u8| r.kinds[usize::from(k)].card.code.clone();
        let board = (0..r.squares())
            .map(|sq| {
                let c = self.board[usize::from(sq)];
                (c != EMPTY).then(|| {
                    let (seat, k) = man_of(c);
                    Man {
                        code: code(k),
                        seat,
                        fresh: self.fresh.has(sq),
                    }
                })
            })
            .collect();
        let mut castling = Vec::new();
        for seat in Seat::BOTH {
            for (bit, file) in [(0u8, 0u8), (1, r.size - 1)] {
                if self.castling & 1 << (bit + 2 * seat.index() as u8) != 0 {
                    castling.push((seat, file));
                }
            }
        }
        let en_passant = (self.ep_pawn != NO_SQUARE).then(|| EnPassant {
            crossed: self.ep.iter().map(u16::from).collect(),
            pawn: u16::from(self.ep_pawn),
        });
        let hands = [0, 1, SHARED].map(|i| {
            let mut v = Vec::new();
            for (k, &n) in self.hands[i].iter().enumerate().take(r.kinds.len()) {
                for _ in 0..n {
                    v.push(code(k as u8));
                }
            }
            v
        });
        Setup {
            size: r.size,
            board,
            side: self.side,
            castling,
            en_passant,
            hands,
            half_moves: self.half_moves,
            move_number: self.move_number,
        }
    }

    /// The rules.
    pub fn rules(&self) -> &Arc<Rules> {
        &self.rules
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Seat {
        self.side
    }

    /// The man on a square: its side and kind.
    #[inline]
    pub fn at(&self, sq: u8) -> Option<(Seat, u8)> {
        let c = *self.board.get(usize::from(sq))?;
        (c != EMPTY).then(|| man_of(c))
    }

    /// The cards of the Draw Stack (`big-deck`), by kind.
    pub fn draw_stack(&self) -> Vec<u8> {
        self.cards_of(STACK)
    }

    /// The cards of the Discard Pile (`big-deck`), by kind.
    pub fn discard_pile(&self) -> Vec<u8> {
        self.cards_of(DISCARD)
    }

    fn cards_of(&self, row: usize) -> Vec<u8> {
        (0..self.rules.kinds.len())
            .filter(|&k| self.hands[row][k] > 0)
            .map(|k| k as u8)
            .collect()
    }

    /// Empties the hands and the shared extras (`big-deck`'s start).
    pub fn clear_hands(&mut self) {
        for row in [0, 1, SHARED] {
            self.hands[row] = [0; MAX_KINDS];
        }
        self.refresh_hash();
    }

    /// Puts the cards of `kinds` into the Draw Stack (`big-deck`'s start).
    pub fn set_draw_stack(&mut self, kinds: &[u8]) {
        self.hands[STACK] = [0; MAX_KINDS];
        for &k in kinds {
            if let Some(n) = self.hands[STACK].get_mut(usize::from(k)) {
                *n += 1;
            }
        }
        self.refresh_hash();
    }

    /// Sets what `seat`'s pawns promote to (`simplified`'s four
    /// stand-ins).
    pub fn set_promote_to(&mut self, seat: Seat, kinds: &[u8]) {
        self.promote_to[seat.index()] = kinds.iter().fold(0, |m, &k| m | 1u128 << k);
        self.refresh_hash();
    }

    /// The kinds `seat`'s pawns promote to under `simplified`.
    pub fn promotes_to(&self, seat: Seat) -> Vec<u8> {
        (0..self.rules.kinds.len() as u8)
            .filter(|&k| self.promote_to[seat.index()] >> k & 1 != 0)
            .collect()
    }

    /// The cards drawn for a `big-deck` promotion, waiting for the choice.
    pub fn drawn_cards(&self) -> Option<Vec<u8>> {
        self.pending
            .and_then(|p| p.drawn)
            .map(|d| d.into_iter().filter(|&k| k != NO_CARD).collect())
    }

    /// Whether a `big-deck` promotion waits for its draw.
    pub fn awaits_draw(&self) -> bool {
        self.pending.is_some_and(|p| p.drawn.is_none())
    }

    /// The hash and the history after a change made outside play.
    fn refresh_hash(&mut self) {
        self.hash = self.compute_hash();
        self.history = vec![self.repetition_key()];
    }

    /// How many of `kind` a side holds in hand (`None`: the shared
    /// extras).
    pub fn in_hand(&self, seat: Option<Seat>, kind: u8) -> u8 {
        let i = seat.map_or(SHARED, Seat::index);
        self.hands[i][usize::from(kind)]
    }

    /// Whether the pawn on `sq` still has its opening move.
    pub fn is_fresh(&self, sq: u8) -> bool {
        self.fresh.has(sq)
    }

    /// Plies since the last capture or pawn move.
    pub fn half_moves(&self) -> u32 {
        self.half_moves
    }

    /// The move number.
    pub fn move_number(&self) -> u32 {
        self.move_number
    }

    /// The zobrist hash.
    pub fn zobrist(&self) -> u64 {
        self.hash
    }

    /// What repetition is judged by (D1, as FIDE counts positions: the
    /// same when the same moves are possible): the zobrist hash, without
    /// the en passant squares when no en passant capture on any of them
    /// is legal.
    pub fn repetition_key(&self) -> u64 {
        if self.ep_counts {
            self.hash
        } else {
            self.ep.iter().fold(self.hash, |h, sq| h ^ ep_key(sq))
        }
    }

    /// An end set by a move, or from outside (resignation, agreement).
    pub fn end(&self) -> Option<End> {
        self.end
    }

    /// Ends the game from outside the board.
    pub fn set_end(&mut self, end: End) {
        self.end = Some(end);
    }

    /// The hash of everything that makes the position: men, opening
    /// moves, hands, side, castling, en passant.
    pub(crate) fn compute_hash(&self) -> u64 {
        let mut h = 0u64;
        for sq in 0..self.rules.squares() {
            h ^= cell_key(self.board[usize::from(sq)], sq);
        }
        for sq in self.fresh.iter() {
            h ^= fresh_key(sq);
        }
        for (i, hand) in self.hands.iter().enumerate() {
            for (k, &n) in hand.iter().enumerate() {
                h ^= hand_key(i, k as u8, n);
            }
        }
        if self.side == Seat::Second {
            h ^= side_key();
        }
        h ^= castling_key(self.castling);
        for sq in self.ep.iter() {
            // The same key as in `repetition_key`.
            h ^= ep_key(sq);
        }
        if let Some(p) = self.pending {
            let d = p.drawn.unwrap_or([NO_CARD; 3]);
            h ^= key(
                7,
                u64::from(p.square)
                    | u64::from(d[0]) << 8
                    | u64::from(d[1]) << 16
                    | u64::from(d[2]) << 24,
            );
        }
        h
    }
}

/// The hash's share of a square's cell (nothing when empty).
#[inline]
pub(crate) fn cell_key(c: u8, sq: u8) -> u64 {
    if c == EMPTY {
        0
    } else {
        key(1, u64::from(c) << 8 | u64::from(sq))
    }
}

/// The hash's share of a pawn's opening move on `sq`.
#[inline]
pub(crate) fn fresh_key(sq: u8) -> u64 {
    key(2, u64::from(sq))
}

/// The hash's share of `n` cards of kind `k` in row `row` of the
/// [`Hands`] (nothing when none).
#[inline]
pub(crate) fn hand_key(row: usize, k: u8, n: u8) -> u64 {
    if n == 0 {
        0
    } else {
        key(3, (row as u64) << 16 | u64::from(k) << 8 | u64::from(n))
    }
}

/// The hash's share of Black to move.
#[inline]
pub(crate) fn side_key() -> u64 {
    key(4, 0)
}

/// The hash's share of the castling corners.
#[inline]
pub(crate) fn castling_key(castling: u8) -> u64 {
    key(5, u64::from(castling))
}

/// The hash's share of an en passant square.
#[inline]
pub(crate) fn ep_key(sq: u8) -> u64 {
    key(6, u64::from(sq))
}

/// A zobrist key from a tag and a value (splitmix64: no table to build).
#[inline]
fn key(tag: u64, v: u64) -> u64 {
    let mut z = (tag << 56 ^ v).wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
