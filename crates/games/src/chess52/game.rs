//! The 52Chess game: the core's position of [`super::rules`], the card
//! drawn for the move to come, and the turn of F4: chance draws a card,
//! then the side to move teleports a piece to the card's square, moves as
//! in chess, or passes when it can do neither (F7).

use super::card::Card;
use super::rules::{own_rank, rules, RANKS};
use crate::fairy::{self, Tables};
use deckmate_rules::{Outcome, Seat, SeededRng, ToAct, Zobrist};
use std::sync::{Arc, OnceLock};

/// The core's tables of 52Chess, compiled once and shared.
pub(crate) fn tables() -> &'static Arc<Tables<u64>> {
    static TABLES: OnceLock<Arc<Tables<u64>>> = OnceLock::new();
    TABLES.get_or_init(|| match Tables::new(rules()) {
        Ok(t) => Arc::new(t),
        // 52 squares fit in 64 bits: this cannot happen.
        Err(e) => panic!("52Chess's board does not fit 64 squares: {e}"),
    })
}

/// The keys that tell a position with a card drawn from one without.
fn card_key(card: Card) -> u64 {
    static KEYS: OnceLock<Zobrist> = OnceLock::new();
    KEYS.get_or_init(|| Zobrist::new(0x052C_4E55, 52))
        .key(card.index())
}

/// A move of 52Chess: chance's draw, or the side to move's teleport,
/// normal move or pass (the core's [`fairy::Move`]).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Move {
    /// The card drawn before a move (F4, F9).
    Draw(Card),
    /// A teleport, a normal move or a pass.
    Play(fairy::Move),
}

impl From<fairy::Move> for Move {
    #[inline]
    fn from(m: fairy::Move) -> Move {
        Move::Play(m)
    }
}

/// A 52Chess position: the board and, once drawn, the card for the move to
/// come.
#[derive(Clone, Debug)]
pub struct Chess52 {
    pub(crate) core: fairy::Position<u64>,
    pub(crate) drawn: Option<Card>,
}

impl Chess52 {
    /// The start of F2, White to draw.
    pub fn start() -> Chess52 {
        Chess52 {
            core: fairy::Position::start(tables()),
            drawn: None,
        }
    }

    /// The board as the core holds it.
    pub fn core(&self) -> &fairy::Position<u64> {
        &self.core
    }

    /// The card drawn for the move to come (`None` before the draw).
    pub fn drawn(&self) -> Option<Card> {
        self.drawn
    }

    /// The side whose turn it is (to draw, then to move).
    pub fn side_to_move(&self) -> Seat {
        self.core.side_to_move()
    }

    /// The dense square a card names.
    pub fn card_square(card: Card) -> u8 {
        // The board has every square of 4x13, rank by rank.
        card.rank() * super::rules::FILES + card.file()
    }

    /// The card naming a dense square.
    pub fn square_card(sq: u8) -> Option<Card> {
        Card::for_square(sq % super::rules::FILES, sq / super::rules::FILES)
    }

    /// The side to move's pieces that may teleport to dense square `to`
    /// (F4, F5): none if it is occupied; never the King; a pawn neither to
    /// the first or last rank nor beyond the enemy King's rank seen from
    /// its side.
    pub fn teleporters(&self, to: u8) -> u64 {
        let p = &self.core;
        let me = p.side_to_move();
        let occ = p.pieces_of(Seat::First) | p.pieces_of(Seat::Second);
        if occ & (1 << to) != 0 {
            return 0;
        }
        let t = p.tables();
        let mine = p.pieces_of(me);
        let royal = kind(&self.core, 'K');
        let pawn = kind(&self.core, 'P');
        let mut out = mine & !p.pieces_of_kind(royal);
        let pawns = mine & p.pieces_of_kind(pawn);
        if pawns != 0 {
            let rank = own_rank(me, t.square(to));
            let enemy_king = p.pieces_of(me.other()) & p.pieces_of_kind(royal);
            let king_rank = if enemy_king == 0 {
                RANKS - 1
            } else {
                own_rank(me, t.square(enemy_king.trailing_zeros() as u8))
            };
            if rank == 0 || rank == RANKS - 1 || rank > king_rank {
                out &= !pawns;
            }
        }
        out
    }

    /// The dense squares whose card offers a teleport
    /// ([`Chess52::teleporters`] not empty), as a set: every empty square
    /// while a piece other than a pawn or the King may teleport, else
    /// square by square.
    pub fn teleport_targets(&self) -> u64 {
        let p = &self.core;
        let me = p.side_to_move();
        let occ = p.pieces_of(Seat::First) | p.pieces_of(Seat::Second);
        let royal = kind(&self.core, 'K');
        let pawn = kind(&self.core, 'P');
        let others = p.pieces_of(me) & !p.pieces_of_kind(royal) & !p.pieces_of_kind(pawn);
        let squares = super::rules::FILES * RANKS;
        if others != 0 {
            return ((1u64 << squares) - 1) & !occ;
        }
        (0..squares)
            .filter(|&to| self.teleporters(to) != 0)
            .fold(0, |set, to| set | 1 << to)
    }

    /// The moves with `card` drawn: the teleports to its square, the
    /// normal moves, or a pass when there is neither (F7); nothing once
    /// the game is over.
    pub fn moves_with(&self, card: Card, moves: &mut Vec<Move>) {
        if self.core.end().is_some() {
            return;
        }
        let before = moves.len();
        let to = Chess52::card_square(card);
        let mut from = self.teleporters(to);
        while from != 0 {
            let sq = from.trailing_zeros() as u8;
            from &= from - 1;
            moves.push(Move::Play(fairy::Move::teleport(sq, to)));
        }
        self.core.generate(moves);
        if moves.len() == before {
            moves.push(Move::Play(fairy::Move::pass()));
        }
    }

    /// How many moves [`Chess52::moves_with`] gives, without making them.
    pub fn count_with(&self, card: Card) -> u64 {
        if self.core.end().is_some() {
            return 0;
        }
        let n = u64::from(self.teleporters(Chess52::card_square(card)).count_ones())
            + self.core.count();
        n.max(1)
    }

    /// F10's perft: from a position before a draw, the sequences (card,
    /// move, ...) `depth` turns deep, over all 52 cards; from a position
    /// with a card drawn, its moves first. The last turn is counted in
    /// bulk: the normal moves once, the teleports square by square.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if let Some(card) = self.drawn {
            let mut moves = Vec::new();
            self.moves_with(card, &mut moves);
            return moves
                .into_iter()
                .map(|m| {
                    let mut next = self.clone();
                    next.play_move(m);
                    next.perft(depth - 1)
                })
                .sum();
        }
        if self.core.end().is_some() {
            return 0;
        }
        if depth == 1 {
            let normal = self.core.count();
            return Card::all()
                .map(|c| {
                    let tele = self.teleporters(Chess52::card_square(c)).count_ones();
                    (normal + u64::from(tele)).max(1)
                })
                .sum();
        }
        Card::all()
            .map(|c| {
                let mut next = self.clone();
                next.drawn = Some(c);
                next.perft(depth)
            })
            .sum()
    }

    /// Fixed-draw perft (F10): the cards of each turn given, one per turn.
    pub fn perft_cards(&self, cards: &[Card]) -> u64 {
        let Some((&first, rest)) = cards.split_first() else {
            return 1;
        };
        if self.core.end().is_some() {
            return 0;
        }
        if rest.is_empty() {
            return self.count_with(first);
        }
        let mut moves = Vec::new();
        self.moves_with(first, &mut moves);
        moves
            .into_iter()
            .map(|m| {
                let mut next = self.clone();
                next.play_move(m);
                next.perft_cards(rest)
            })
            .sum()
    }

    /// Plays a draw or a move (legal: not checked).
    pub fn play_move(&mut self, mv: Move) {
        match mv {
            Move::Draw(c) => self.drawn = Some(c),
            Move::Play(m) => {
                self.core.play_move(m);
                self.drawn = None;
            }
        }
    }

    /// The game's end: the King taken (F7) or a draw of F8, as the moves
    /// brought it, or an end set from outside.
    pub fn end(&self) -> Option<fairy::End> {
        self.core.end()
    }

    /// Ends the game by resignation or agreement.
    pub fn set_end(&mut self, end: fairy::End) {
        self.core.set_end(end);
    }
}

/// A kind of the rule set by its letter (the rule set has them all).
fn kind(p: &fairy::Position<u64>, letter: char) -> usize {
    p.rules().kind_of(letter).unwrap_or(0)
}

impl deckmate_rules::Game for Chess52 {
    type Move = Move;

    type Observation = Chess52;

    /// The seed decides the cards still to come: secret until the end (F9).
    fn secrets_pending(&self) -> bool {
        self.end().is_none()
    }

    /// Nothing on the board is hidden; the seed that decides the draws is
    /// not part of the position at all (F9).
    fn observation(&self, _seat: Option<Seat>) -> Chess52 {
        self.clone()
    }

    fn to_act(&self) -> ToAct {
        if self.core.end().is_some() {
            ToAct::Nobody
        } else if self.drawn.is_none() {
            ToAct::Chance
        } else {
            ToAct::Seat(self.side_to_move())
        }
    }

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        if let Some(card) = self.drawn {
            self.moves_with(card, moves);
        }
    }

    fn count_moves(&self) -> u64 {
        self.drawn.map_or(0, |c| self.count_with(c))
    }

    /// The 52 cards, 1 each; the cards that let nothing teleport (their
    /// square occupied, or no piece may go there) all give the same
    /// moves, so they are one outcome, weighted by their number.
    fn chance_outcomes(&self, outcomes: &mut Vec<(Move, u32)>) {
        if self.core.end().is_some() || self.drawn.is_some() {
            return;
        }
        let targets = self.teleport_targets();
        let mut idle: Option<(Card, u32)> = None;
        for c in Card::all() {
            if targets >> Chess52::card_square(c) & 1 == 0 {
                let e = idle.get_or_insert((c, 0));
                e.1 += 1;
            } else {
                outcomes.push((Move::Draw(c), 1));
            }
        }
        if let Some((c, n)) = idle {
            outcomes.push((Move::Draw(c), n));
        }
    }

    /// A card that teleports nothing, when a normal move exists: every
    /// other card offers the same normal moves and its teleports besides
    /// (F4). Without a normal move it would pass (F7), which a card with
    /// a teleport does not offer, so there is no base then.
    fn chance_base(&self) -> Option<Move> {
        if self.core.end().is_some() || self.drawn.is_some() {
            return None;
        }
        let targets = self.teleport_targets();
        let idle = Card::all().find(|&c| targets >> Chess52::card_square(c) & 1 == 0)?;
        (self.core.count() > 0).then_some(Move::Draw(idle))
    }

    /// The teleports: the moves a drawn card adds (F4).
    fn outcome_extra(&self, mv: Move) -> bool {
        matches!(mv, Move::Play(m) if m.is_teleport())
    }

    /// Every card, before a move.
    fn is_chance_outcome(&self, mv: Move) -> bool {
        matches!(mv, Move::Draw(_)) && self.to_act() == ToAct::Chance
    }

    /// F9: one `below(52)` of the seeded stream, the card of that number.
    fn sample_chance(&self, rng: &mut SeededRng) -> Option<Move> {
        if self.to_act() != ToAct::Chance {
            return None;
        }
        Card::from_index(rng.below(52) as usize).map(Move::Draw)
    }

    fn play_unchecked(&mut self, mv: Move) {
        self.play_move(mv);
    }

    fn outcome(&self) -> Option<Outcome> {
        self.core.end().map(|e| e.outcome())
    }

    fn hash(&self) -> u64 {
        self.core.zobrist() ^ self.drawn.map_or(0, card_key)
    }

    /// F8: the same placement, side to move and en passant square,
    /// whatever cards were drawn.
    fn repetition_key(&self) -> u64 {
        self.core.zobrist()
    }

    /// A turn (a draw and a move) starts before each draw; White's turns
    /// are numbered.
    fn move_number(&self) -> Option<u32> {
        (self.drawn.is_none() && self.side_to_move() == Seat::First).then(|| self.core.fullmove())
    }

    fn move_text(&self, mv: Move) -> String {
        super::notation::write(self, mv)
    }

    fn parse_move(&self, text: &str) -> Result<Move, deckmate_rules::MoveError> {
        super::notation::parse(self, text)
    }

    fn position_text(&self) -> String {
        super::fen::write(self)
    }
}
