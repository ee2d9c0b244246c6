//! The Cardmate position: cards on squares, whose turn, counters; playing
//! moves and detecting the end of the game.

use super::card::{Card, Rank};
use super::options::{Options, PalaceRule};
use super::tables::BOARD_LEN;
use crate::end;
use deckmate_board::Square;
use deckmate_rules::{Seat, Zobrist};
use std::sync::OnceLock;

/// An empty square on the board array.
pub(crate) const EMPTY: u8 = 0xFF;
/// A card that is not on the board.
pub(crate) const NOWHERE: u8 = 0xFF;

/// A move: which card goes where, and whether a One promotes to its Ace.
/// Every card is unique, so the card and the destination name the move.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    /// The card that moves (as it stands before the move).
    pub card: Card,
    /// Where it stands.
    pub from: Square,
    /// Where it goes.
    pub to: Square,
    /// Whether a One becomes the Ace of its suit.
    pub promote: bool,
}

/// Why the game ended.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum EndReason {
    /// V1: the winner captured the loser's second King.
    SecondKing,
    /// V2: the winner's cards stand on both squares of the loser's palace.
    PalaceConquest,
    /// V2 option `king`: one of the winner's Kings entered the loser's palace.
    KingInPalace,
    /// V3: the loser had no legal move on his turn.
    NoMoves,
    /// V4: the same position with the same side to move a third time.
    Repetition,
    /// V4: the quiet-move limit (plies without capture or promotion).
    QuietLimit,
    /// A player resigned (recorded, not played).
    Resignation,
    /// The loser's clock ran out (recorded, not played).
    TimeForfeit,
    /// The players agreed a draw.
    Agreement,
}

/// A finished game: the winner (none for a draw) and the reason.
pub type End = end::End<EndReason>;

/// The name the page gives a seat.
pub fn seat_name(seat: Seat) -> &'static str {
    match seat {
        Seat::First => "Forehand",
        Seat::Second => "Rearhand",
    }
}

impl end::Reason for EndReason {
    const RESIGNATION: EndReason = EndReason::Resignation;
    const AGREEMENT: EndReason = EndReason::Agreement;
    const TIME_FORFEIT: EndReason = EndReason::TimeForfeit;

    fn seat_name(seat: Seat) -> &'static str {
        seat_name(seat)
    }

    fn words(self, w: &str, l: &str) -> String {
        match self {
            EndReason::SecondKing => format!("{w} captured {l}'s second King"),
            EndReason::PalaceConquest => format!("{w} conquered {l}'s palace"),
            EndReason::KingInPalace => format!("{w}'s King entered {l}'s palace"),
            EndReason::NoMoves => format!("{l} has no legal move"),
            EndReason::Repetition => "the same position occurred a third time".to_string(),
            EndReason::QuietLimit => "the quiet-move limit was reached".to_string(),
            EndReason::Resignation => format!("{l} resigned"),
            EndReason::TimeForfeit => format!("{l} lost on time"),
            EndReason::Agreement => "the players agreed a draw".to_string(),
        }
    }
}

/// A Cardmate position with everything needed to continue the game: the
/// cards, the side to move, counters, the rules options and the history of
/// positions since the last capture or promotion (for repetition).
#[derive(Clone, Debug)]
pub struct Position {
    /// `EMPTY` or `card | owner << 6`, indexed by square.
    pub(crate) board: [u8; BOARD_LEN],
    /// Square of each card, or `NOWHERE`.
    pub(crate) loc: [u8; 56],
    /// Bit `card` set for each card of each seat on the board.
    pub(crate) cards: [u64; 2],
    pub(crate) side: Seat,
    /// Plies since the last capture or promotion.
    pub(crate) quiet: u32,
    /// Move number, starting at 1, incremented after Rearhand moves.
    pub(crate) fullmove: u32,
    pub(crate) hash: u64,
    pub(crate) end: Option<End>,
    /// Hashes since the last capture or promotion, current one last.
    pub(crate) history: Vec<u64>,
    pub(crate) options: Options,
}

pub(crate) fn zobrist() -> &'static Zobrist {
    static Z: OnceLock<Zobrist> = OnceLock::new();
    Z.get_or_init(|| Zobrist::new(0xCA4D_3A7E, 2 * 56 * BOARD_LEN + 1))
}

#[inline]
pub(crate) fn card_key(card: Card, owner: Seat, sq: u8) -> u64 {
    zobrist().key((owner.index() * 56 + card.index()) * BOARD_LEN + sq as usize)
}

#[inline]
pub(crate) fn side_key() -> u64 {
    zobrist().key(2 * 56 * BOARD_LEN)
}

/// The two palace squares of a seat: e0 f0 (Forehand), e9 f9 (Rearhand).
pub fn palace(seat: Seat) -> [Square; 2] {
    match seat {
        Seat::First => [Square(4), Square(5)],
        Seat::Second => [Square(9 * 16 + 4), Square(9 * 16 + 5)],
    }
}

/// Whether `sq` is on `seat`'s own half (ranks 0-4 for Forehand).
#[inline]
pub fn in_own_half(seat: Seat, sq: u8) -> bool {
    let rank = sq >> 4;
    match seat {
        Seat::First => rank <= 4,
        Seat::Second => rank >= 5,
    }
}

impl Position {
    /// An empty board, Forehand to move (used by setups and the FEN reader).
    pub(crate) fn empty(options: Options) -> Position {
        Position {
            board: [EMPTY; BOARD_LEN],
            loc: [NOWHERE; 56],
            cards: [0; 2],
            side: Seat::First,
            quiet: 0,
            fullmove: 1,
            hash: 0,
            end: None,
            history: Vec::new(),
            options,
        }
    }

    /// Puts a card on an empty square (setup only; no end detection).
    pub(crate) fn put(&mut self, card: Card, owner: Seat, sq: Square) {
        self.board[sq.index()] = card.0 | ((owner as u8) << 6);
        self.loc[card.index()] = sq.0;
        self.cards[owner.index()] |= 1 << card.0;
        self.hash ^= card_key(card, owner, sq.0);
    }

    /// Call once all cards are placed and the side is set.
    pub(crate) fn finish_setup(&mut self) {
        self.hash = 0;
        for sq in 0..BOARD_LEN {
            if let Some((c, o)) = self.at_raw(sq as u8) {
                self.hash ^= card_key(c, o, sq as u8);
            }
        }
        if self.side == Seat::Second {
            self.hash ^= side_key();
        }
        self.history = vec![self.hash];
    }

    #[inline]
    pub(crate) fn at_raw(&self, sq: u8) -> Option<(Card, Seat)> {
        let v = self.board[sq as usize];
        if v == EMPTY {
            None
        } else {
            let owner = if v & 64 == 0 {
                Seat::First
            } else {
                Seat::Second
            };
            Some((Card(v & 63), owner))
        }
    }

    /// The card on `sq` and its owner.
    pub fn at(&self, sq: Square) -> Option<(Card, Seat)> {
        if sq.index() >= BOARD_LEN || sq.file() >= 10 {
            return None;
        }
        self.at_raw(sq.0)
    }

    /// Where `card` stands, if it is on the board.
    pub fn square_of(&self, card: Card) -> Option<Square> {
        let s = self.loc[card.index()];
        (s != NOWHERE).then_some(Square(s))
    }

    /// The owner of `card`, if it is on the board.
    pub fn owner_of(&self, card: Card) -> Option<Seat> {
        Seat::BOTH
            .into_iter()
            .find(|s| self.cards[s.index()] >> card.0 & 1 != 0)
    }

    /// The cards of `seat` on the board.
    pub fn cards_of(&self, seat: Seat) -> impl Iterator<Item = Card> {
        let mut bits = self.cards[seat.index()];
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let c = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            Some(Card(c))
        })
    }

    /// How many Kings `seat` has left.
    pub fn kings(&self, seat: Seat) -> u32 {
        (self.cards[seat.index()] & KING_MASK).count_ones()
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Seat {
        self.side
    }

    /// Plies since the last capture or promotion.
    pub fn quiet_plies(&self) -> u32 {
        self.quiet
    }

    /// The move number (1 for the first move of each side).
    pub fn fullmove(&self) -> u32 {
        self.fullmove
    }

    /// The rules options this game is played with.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The zobrist hash of placement and side to move.
    pub fn zobrist(&self) -> u64 {
        self.hash
    }

    /// The end of the game if a move ended it (V1, V2, V4). V3 (no legal
    /// move) is found by `Game::outcome` (its `Game` implementation).
    pub fn end(&self) -> Option<End> {
        self.end
    }

    /// Ends the game by resignation or agreement (from outside the board).
    pub fn set_end(&mut self, end: End) {
        self.end = Some(end);
    }

    /// Plays a legal move: moves the card, captures, promotes, updates the
    /// counters and detects the end of the game.
    pub fn play_move(&mut self, mv: Move) {
        let me = self.side;
        let opp = me.other();
        let from = mv.from.0;
        let to = mv.to.0;
        let captured = self.at_raw(to);
        // Lift the moving card.
        self.board[from as usize] = EMPTY;
        self.hash ^= card_key(mv.card, me, from);
        let mut card = mv.card;
        if mv.promote {
            self.cards[me.index()] &= !(1u64 << card.0);
            self.loc[card.index()] = NOWHERE;
            card = Card::new(Rank::ACE, card.suit());
            self.cards[me.index()] |= 1u64 << card.0;
        }
        let mut second_king = false;
        if let Some((victim, owner)) = captured {
            self.hash ^= card_key(victim, owner, to);
            self.cards[owner.index()] &= !(1u64 << victim.0);
            self.loc[victim.index()] = NOWHERE;
            if victim.rank() == Rank::KING && self.kings(opp) == 0 {
                second_king = true;
            }
        }
        self.board[to as usize] = card.0 | ((me as u8) << 6);
        self.loc[card.index()] = to;
        self.hash ^= card_key(card, me, to);
        self.hash ^= side_key();
        self.side = opp;
        if me == Seat::Second {
            self.fullmove += 1;
        }
        let irreversible = captured.is_some() || mv.promote;
        if irreversible {
            self.quiet = 0;
            self.history.clear();
        } else {
            self.quiet += 1;
        }
        self.history.push(self.hash);

        if second_king {
            self.end = Some(End {
                winner: Some(me),
                reason: EndReason::SecondKing,
            });
            return;
        }
        if let Some(reason) = self.palace_win(me, card, to) {
            self.end = Some(End {
                winner: Some(me),
                reason,
            });
            return;
        }
        if let Some(limit) = self.options.quiet_limit {
            if self.quiet >= limit {
                self.end = Some(End {
                    winner: None,
                    reason: EndReason::QuietLimit,
                });
                return;
            }
        }
        if self.options.repetition && !irreversible {
            let h = self.hash;
            if self.history.iter().filter(|&&x| x == h).count() >= 3 {
                self.end = Some(End {
                    winner: None,
                    reason: EndReason::Repetition,
                });
            }
        }
    }

    /// Sets the end of a position read from a string that is already over:
    /// a side without Kings has lost (V1), and the side that just moved may
    /// stand in the enemy palace (V2).
    pub(crate) fn detect_static_end(&mut self) {
        let mover = self.side.other();
        if self.kings(self.side) == 0 {
            self.end = Some(End {
                winner: Some(mover),
                reason: EndReason::SecondKing,
            });
            return;
        }
        let enemy = palace(self.side);
        for sq in enemy {
            if let Some((card, owner)) = self.at_raw(sq.0) {
                if owner == mover {
                    if let Some(reason) = self.palace_win(mover, card, sq.0) {
                        self.end = Some(End {
                            winner: Some(mover),
                            reason,
                        });
                        return;
                    }
                }
            }
        }
    }

    /// V2: does `me`'s move (card now on `to`) conquer the enemy palace?
    pub(crate) fn palace_win(&self, me: Seat, card: Card, to: u8) -> Option<EndReason> {
        let enemy = palace(me.other());
        match self.options.palace {
            PalaceRule::Off => None,
            PalaceRule::Both => {
                let mine = |sq: Square| matches!(self.at_raw(sq.0), Some((_, o)) if o == me);
                (mine(enemy[0]) && mine(enemy[1])).then_some(EndReason::PalaceConquest)
            }
            PalaceRule::King => (card.rank() == Rank::KING && enemy.iter().any(|s| s.0 == to))
                .then_some(EndReason::KingInPalace),
        }
    }
}

/// Bits of the four Kings.
pub(crate) const KING_MASK: u64 = 0xF << (12 * 4);
