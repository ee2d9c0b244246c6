//! The deal and the arrangement of Dealer's Chess (RULINGS D2, D3, D6,
//! D11, D12), and the start they make as a position string (D14).
//!
//! **The deal, from the seed** (one [`SeededRng`] of the seed, in this
//! order, so a seed gives the same deal everywhere): the Royal deck is
//! shuffled and White takes the first card, Black the second (without
//! replacement, D11: the royals differ when the deck has two or more
//! cards); the Piece deck is shuffled and White takes the first
//! [`BoardSize::dealt`] cards, Black the next as many, and the two after
//! them are the shared extras; the Pawn deck is shuffled and White takes
//! the first [`BoardSize::files`] cards, Black the next as many. The deal
//! is open: both players see every card (D11).
//!
//! **The arrangement** (D2, D11): each player keeps [`BoardSize::back`] of
//! his Piece cards for the back row (or rows), in the order they stand,
//! the others going to his hand, and orders his pawns; in secret and at
//! the same time. [`Arrangement::random`] is the quick start: a seeded
//! shuffle of the player's Piece cards, the first ones kept in that
//! order, the pawns shuffled too.

use super::catalogue::{CardKind, Catalogue};
use deckmate_rules::{Seat, SeededRng};
use std::fmt;

/// The board of the game and the alternate it belongs to (D6).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub enum BoardSize {
    /// 8x8: 11 Piece cards, 7 on the back row (the page's game).
    #[default]
    Eight,
    /// 10x10: 14 Piece cards, 9 on the back row, 10 pawns (D6).
    Ten,
    /// 12x12: 28 Piece cards, 23 on two back rows, 12 pawns (D6).
    Twelve,
}

impl BoardSize {
    /// Files and ranks.
    pub fn files(self) -> u8 {
        match self {
            BoardSize::Eight => 8,
            BoardSize::Ten => 10,
            BoardSize::Twelve => 12,
        }
    }

    /// Piece cards dealt to each player.
    pub fn dealt(self) -> usize {
        match self {
            BoardSize::Eight => 11,
            BoardSize::Ten => 14,
            BoardSize::Twelve => 28,
        }
    }

    /// Piece cards each player keeps on the board (the rest go to his
    /// hand).
    pub fn back(self) -> usize {
        match self {
            BoardSize::Eight => 7,
            BoardSize::Ten => 9,
            BoardSize::Twelve => 23,
        }
    }

    /// Ranks of pieces behind the pawns (two on 12x12).
    pub fn back_ranks(self) -> u8 {
        match self {
            BoardSize::Twelve => 2,
            _ => 1,
        }
    }

    /// The royal's file (0 = a), D3: e on 8x8 and 10x10, g on 12x12.
    pub fn royal_file(self) -> u8 {
        match self {
            BoardSize::Twelve => 6,
            _ => 4,
        }
    }
}

/// The decks a deal is made from (D12): the Royal deck, the Piece deck
/// (the page's 40 by default, or any 16 or more of the catalogue's Piece
/// cards the players agree on) and the Pawn deck.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Decks {
    /// Royal codes.
    pub royals: Vec<String>,
    /// Piece codes.
    pub pieces: Vec<String>,
    /// Pawn codes.
    pub pawns: Vec<String>,
}

/// The alternates of D6 besides the board's size.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub enum Alternate {
    /// The page's game: hands and promotion from the hand (D4).
    #[default]
    Standard,
    /// `simplified`: four stand-ins for the chess pieces, one Pawn card for
    /// all pawns, chess's promotion.
    Simplified,
    /// `big-deck`: promotion draws three cards from the Draw Stack.
    BigDeck,
}

impl Alternate {
    /// Its name in options and records.
    pub fn name(self) -> &'static str {
        match self {
            Alternate::Standard => "standard",
            Alternate::Simplified => "simplified",
            Alternate::BigDeck => "big-deck",
        }
    }

    /// The alternate of a name.
    pub fn from_name(name: &str) -> Result<Alternate, String> {
        match name.trim() {
            "standard" => Ok(Alternate::Standard),
            "simplified" => Ok(Alternate::Simplified),
            "big-deck" => Ok(Alternate::BigDeck),
            other => Err(format!(
                "alternate '{other}': standard, simplified or big-deck (D6)"
            )),
        }
    }
}

/// The fewest Piece cards a deck may have (the page: "a minimum of 16").
pub const MIN_PIECE_DECK: usize = 16;

impl Decks {
    /// The decks shuffled from `seed`, in the deal's order: the Royal deck
    /// (White's royal first, Black's second: without replacement, D11;
    /// the one royal twice if the deck holds one), the Piece deck, the
    /// Pawn deck. The Royal deck is not empty.
    fn shuffled(&self, seed: u64) -> ([String; 2], Vec<String>, Vec<String>) {
        let mut rng = SeededRng::new(seed);
        let mut royals = self.royals.clone();
        rng.shuffle(&mut royals);
        let white = royals.first().cloned().unwrap_or_default();
        let black = royals.get(1).cloned().unwrap_or_else(|| white.clone());
        let mut pieces = self.pieces.clone();
        rng.shuffle(&mut pieces);
        let mut pawns = self.pawns.clone();
        rng.shuffle(&mut pawns);
        ([white, black], pieces, pawns)
    }

    /// Every card of the catalogue, by deck.
    pub fn all(catalogue: &Catalogue) -> Decks {
        Decks {
            royals: catalogue.codes(CardKind::Royal),
            pieces: catalogue.codes(CardKind::Piece),
            pawns: catalogue.codes(CardKind::Pawn),
        }
    }

    /// The catalogue's decks with the Piece deck limited to `codes` (D12):
    /// 16 or more different Piece cards of the catalogue.
    pub fn with_pieces(catalogue: &Catalogue, codes: &[&str]) -> Result<Decks, DealError> {
        let mut pieces: Vec<String> = Vec::new();
        for &code in codes {
            let card = catalogue
                .get(code)
                .ok_or_else(|| DealError(format!("no card '{code}' in the catalogue")))?;
            if card.kind != CardKind::Piece {
                return Err(DealError(format!(
                    "{} ({}) is a {} card, not a Piece card",
                    card.name,
                    card.code,
                    card.kind.word()
                )));
            }
            if pieces.contains(&card.code) {
                return Err(DealError(format!("{} is named twice", card.code)));
            }
            pieces.push(card.code.clone());
        }
        if pieces.len() < MIN_PIECE_DECK {
            return Err(DealError(format!(
                "a Piece deck has at least {MIN_PIECE_DECK} cards; {} given",
                pieces.len()
            )));
        }
        Ok(Decks {
            pieces,
            ..Decks::all(catalogue)
        })
    }
}

/// Why a deal or an arrangement is refused.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct DealError(pub String);

impl fmt::Display for DealError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for DealError {}

/// The cards dealt from a seed (D2, D11): open to both players.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Deal {
    /// The board.
    pub size: BoardSize,
    /// Each seat's Royal card (White's first).
    pub royals: [String; 2],
    /// Each seat's Piece cards, in the order dealt.
    pub pieces: [Vec<String>; 2],
    /// The two shared extras, in both hands (none in `simplified`).
    pub shared: Vec<String>,
    /// Each seat's Pawn cards, in the order dealt.
    pub pawns: [Vec<String>; 2],
    /// The `simplified` alternate (D6): 7 Piece cards and 3 Pawn cards
    /// each; a player keeps a Queen, a Rook, a Bishop and a Knight and one
    /// Pawn card for all his pawns.
    pub simplified: bool,
}

/// The stand-ins of the `simplified` alternate, in an arrangement's
/// order.
pub const STAND_INS: [&str; 4] = ["Queen", "Rook", "Bishop", "Knight"];

/// Piece and Pawn cards dealt to each player in `simplified`.
pub const SIMPLIFIED_DEAL: (usize, usize) = (7, 3);

impl Deal {
    /// Deals from `decks` for a game on `size` with `seed` (see the
    /// module's documentation for the order). Fails when a deck is too
    /// small for the board: the page's 40 Piece cards do not make a
    /// 12x12 deal (58 cards), which needs an expansion deck file.
    pub fn new(decks: &Decks, size: BoardSize, seed: u64) -> Result<Deal, DealError> {
        if decks.royals.is_empty() {
            return Err(DealError("the Royal deck is empty".into()));
        }
        let (n, files) = (size.dealt(), usize::from(size.files()));
        let need = 2 * n + 2;
        if decks.pieces.len() < need {
            return Err(DealError(format!(
                "a {f}x{f} deal takes {need} Piece cards ({n} each and 2 shared); the deck has {}",
                decks.pieces.len(),
                f = files
            )));
        }
        if decks.pawns.len() < 2 * files {
            return Err(DealError(format!(
                "a {files}x{files} deal takes {} Pawn cards; the deck has {}",
                2 * files,
                decks.pawns.len()
            )));
        }
        let (royals, pieces, pawns) = decks.shuffled(seed);
        Ok(Deal {
            size,
            royals,
            pieces: [pieces[..n].to_vec(), pieces[n..2 * n].to_vec()],
            shared: vec![pieces[2 * n].clone(), pieces[2 * n + 1].clone()],
            pawns: [pawns[..files].to_vec(), pawns[files..2 * files].to_vec()],
            simplified: false,
        })
    }

    /// The `simplified` deal (D6) on 8x8: the royals as in [`Deal::new`],
    /// then 7 Piece cards to White and 7 to Black, then 3 Pawn cards
    /// each; no shared extras.
    pub fn simplified(decks: &Decks, seed: u64) -> Result<Deal, DealError> {
        let (n, p) = SIMPLIFIED_DEAL;
        if decks.royals.is_empty() {
            return Err(DealError("the Royal deck is empty".into()));
        }
        if decks.pieces.len() < 2 * n || decks.pawns.len() < 2 * p {
            return Err(DealError(format!(
                "a simplified deal takes {} Piece cards and {} Pawn cards",
                2 * n,
                2 * p
            )));
        }
        let (royals, pieces, pawns) = decks.shuffled(seed);
        Ok(Deal {
            size: BoardSize::Eight,
            royals,
            pieces: [pieces[..n].to_vec(), pieces[n..2 * n].to_vec()],
            shared: Vec::new(),
            pawns: [pawns[..p].to_vec(), pawns[p..2 * p].to_vec()],
            simplified: true,
        })
    }

    /// Piece cards an arrangement puts on the board: the back row (or
    /// rows), or `simplified`'s four stand-ins.
    pub fn kept(&self) -> usize {
        if self.simplified {
            STAND_INS.len()
        } else {
            self.size.back()
        }
    }

    /// Pawn cards an arrangement puts on the board: all, or
    /// `simplified`'s one.
    pub fn pawn_cards_kept(&self, seat: Seat) -> usize {
        if self.simplified {
            1
        } else {
            self.pawns[seat.index()].len()
        }
    }
}

/// One player's arrangement (D2, D11): the Piece cards on the back row
/// (or rows) in the order they stand, the others for his hand, and the
/// pawns in the order they stand.
///
/// The order is the board's as White sees it, for both seats: the back
/// row from file a to the last file, the royal's square left out; on
/// 12x12 the first rank (11 pieces) then the second (12); the pawns from
/// file a.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Arrangement {
    /// The back row's pieces, in order.
    pub back: Vec<String>,
    /// The pieces kept in hand.
    pub hand: Vec<String>,
    /// The pawns, in order.
    pub pawns: Vec<String>,
}

impl Arrangement {
    /// `random` (D11): a shuffle of `seat`'s Piece cards from `rng`, the
    /// first [`BoardSize::back`] kept in that order, the rest in hand;
    /// the pawns shuffled after them.
    pub fn random(deal: &Deal, seat: Seat, rng: &mut SeededRng) -> Arrangement {
        let mut pieces = deal.pieces[seat.index()].clone();
        rng.shuffle(&mut pieces);
        let hand = pieces.split_off(deal.kept().min(pieces.len()));
        let mut pawns = deal.pawns[seat.index()].clone();
        rng.shuffle(&mut pawns);
        pawns.truncate(deal.pawn_cards_kept(seat));
        Arrangement {
            back: pieces,
            hand,
            pawns,
        }
    }

    /// Checks the arrangement against `seat`'s cards in `deal`: exactly
    /// [`BoardSize::back`] on the board and the rest in hand, together
    /// his Piece cards; his Pawn cards, each once.
    pub fn check(&self, deal: &Deal, seat: Seat) -> Result<(), DealError> {
        if deal.simplified {
            return self.check_simplified(deal, seat);
        }
        let size = deal.size;
        if self.back.len() != size.back() {
            return Err(DealError(format!(
                "the back row takes {} pieces; {} given",
                size.back(),
                self.back.len()
            )));
        }
        let dealt = &deal.pieces[seat.index()];
        if !same_cards(self.back.iter().chain(&self.hand), dealt) {
            return Err(DealError(format!(
                "the back row and the hand must be the Piece cards dealt ({})",
                dealt.join(" ")
            )));
        }
        let dealt = &deal.pawns[seat.index()];
        if !same_cards(self.pawns.iter(), dealt) {
            return Err(DealError(format!(
                "the pawns must be the Pawn cards dealt ({})",
                dealt.join(" ")
            )));
        }
        Ok(())
    }
}

impl Arrangement {
    /// `simplified` (D6): four different Piece cards of the seat's for
    /// the Queen, the Rook, the Bishop and the Knight, the rest set
    /// aside; one of its three Pawn cards for all its pawns.
    fn check_simplified(&self, deal: &Deal, seat: Seat) -> Result<(), DealError> {
        let dealt = &deal.pieces[seat.index()];
        if self.back.len() != STAND_INS.len() {
            return Err(DealError(format!(
                "simplified: name four Piece cards, for the {}; {} given",
                STAND_INS.join(", "),
                self.back.len()
            )));
        }
        if !same_cards(self.back.iter().chain(&self.hand), dealt) {
            return Err(DealError(format!(
                "simplified: the four must be different Piece cards of those dealt ({})",
                dealt.join(" ")
            )));
        }
        let pawns = &deal.pawns[seat.index()];
        match self.pawns.as_slice() {
            [p] if pawns.contains(p) => Ok(()),
            _ => Err(DealError(format!(
                "simplified: name one of the Pawn cards dealt ({}) for all the pawns",
                pawns.join(" ")
            ))),
        }
    }
}

/// Whether `cards` are `dealt`, each as many times, in any order.
fn same_cards<'a>(cards: impl Iterator<Item = &'a String>, dealt: &[String]) -> bool {
    let mut a: Vec<&String> = cards.collect();
    let mut b: Vec<&String> = dealt.iter().collect();
    a.sort();
    b.sort();
    a == b
}

/// A man in D14's form: a one-letter code bare, a longer one in brackets,
/// upper case for White and lower case for Black.
pub fn man_text(code: &str, seat: Seat) -> String {
    let c = match seat {
        Seat::First => code.to_ascii_uppercase(),
        Seat::Second => code.to_ascii_lowercase(),
    };
    if c.len() == 1 {
        c
    } else {
        format!("[{c}]")
    }
}

/// The start of a deal with both arrangements, as D14's position string:
/// the royals on their D3 squares, the back rows and pawns as arranged
/// (every pawn marked `*`: its opening move is still to come), White to
/// move, castling with both corners of each back row, no en passant, the
/// hands (each player's kept cards, then the shared extras in White's
/// case), the counters at 0 and 1.
pub fn start_position(deal: &Deal, arrangements: [&Arrangement; 2]) -> Result<String, DealError> {
    for seat in Seat::BOTH {
        arrangements[seat.index()]
            .check(deal, seat)
            .map_err(|e| DealError(format!("{}: {e}", seat_word(seat))))?;
    }
    // simplified: chess's array of the four stand-ins, R N B Q K B N R,
    // and eight pawns of the one Pawn card; nothing in hand.
    let expanded: Vec<Arrangement> = arrangements
        .iter()
        .map(
            |a| match (deal.simplified, a.back.as_slice(), a.pawns.as_slice()) {
                (true, [q, r, b, n], [p]) => Arrangement {
                    back: [r, n, b, q, b, n, r].map(String::clone).to_vec(),
                    hand: Vec::new(),
                    pawns: vec![p.clone(); 8],
                },
                _ => (*a).clone(),
            },
        )
        .collect();
    let arrangements = [&expanded[0], &expanded[1]];
    let size = deal.size;
    let files = usize::from(size.files());
    // Each seat's ranks from its own back rank forward: pieces then pawns.
    let ranks_of = |seat: Seat| -> Vec<Vec<String>> {
        let a = arrangements[seat.index()];
        let mut back = a.back.iter();
        let mut rows = Vec::new();
        for r in 0..size.back_ranks() {
            let row: Vec<String> = (0..files)
                .map(|f| {
                    if r == 0 && f == usize::from(size.royal_file()) {
                        man_text(&deal.royals[seat.index()], seat)
                    } else {
                        back.next().map(|c| man_text(c, seat)).unwrap_or_default()
                    }
                })
                .collect();
            rows.push(row);
        }
        rows.push(a.pawns.iter().map(|p| man_text(p, seat) + "*").collect());
        rows
    };
    let white = ranks_of(Seat::First);
    let black = ranks_of(Seat::Second);
    let empty = files - white.len() - black.len();
    let mut rows: Vec<String> = black.iter().map(|r| r.concat()).collect();
    rows.extend((0..empty).map(|_| files.to_string()));
    rows.extend(white.iter().rev().map(|r| r.concat()));
    let last = (b'a' + size.files() - 1) as char;
    let castling = format!("A{}a{last}", last.to_ascii_uppercase());
    let hand = |seat: Seat| -> String {
        let h = &arrangements[seat.index()].hand;
        if h.is_empty() {
            "-".into()
        } else {
            h.iter().map(|c| man_text(c, seat)).collect()
        }
    };
    let shared: String = if deal.shared.is_empty() {
        "-".to_string()
    } else {
        deal.shared
            .iter()
            .map(|c| man_text(c, Seat::First))
            .collect()
    };
    Ok(format!(
        "{} w {castling} - {}/{}/{shared} 0 1",
        rows.join("/"),
        hand(Seat::First),
        hand(Seat::Second)
    ))
}

fn seat_word(seat: Seat) -> &'static str {
    match seat {
        Seat::First => "White",
        Seat::Second => "Black",
    }
}
