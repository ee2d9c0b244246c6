//! Dealer's Chess position strings (RULINGS D14), read and written, so
//! positions travel between programs:
//! `<board> <side> <castling> <en passant> <hands> <half-moves> <move number>`.
//!
//! - Board: ranks from the top (Black's back rank) down, separated by `/`,
//!   files from `a`; a run of empty squares is its length in decimal (`10`,
//!   `12`); a man is its catalogue code, a one-letter code bare (`K`), a
//!   longer one in brackets (`[GR]`); its colour is the case of the code's
//!   first letter (White `[GR]`, Black `[gr]`; the case of the rest does
//!   not matter); a `*` right after a pawn marks it as still having its
//!   opening move. The board is square: 8x8, 10x10 or 12x12 (D6).
//! - Side `w` or `b`.
//! - Castling: the files of the corners whose partner and royal have both
//!   not moved, upper case for White, lower case for Black (`AHah`), or `-`.
//! - En passant: `-`, or the squares the last pawn move crossed,
//!   comma-separated, then `:` and that pawn's square (`d6:d5`,
//!   `d5,d6:d4`).
//! - Hands: `white/black/shared`, each a list of codes in the board's
//!   syntax or `-`; the shared extras in White's case.
//! - The half-move clock and the move number, as in chess.
//!
//! [`Setup`] is the string's content, checked against a [`Catalogue`]
//! (every code a card of it; a royal, pawns and pieces where they may be);
//! [`write`] gives the canonical text back: codes upper case for White and
//! lower case for Black, `-` for an empty list.

use super::catalogue::{CardKind, Catalogue};
use super::deal::man_text;
use deckmate_rules::{PositionError, Seat};

/// A man on the board or in a hand.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Man {
    /// Its catalogue code, upper case.
    pub code: String,
    /// Its side.
    pub seat: Seat,
    /// A pawn that still has its opening move (`*`).
    pub fresh: bool,
}

/// En passant (D9): the squares the last pawn move crossed, and the pawn's
/// square.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct EnPassant {
    /// The squares crossed (index `rank * files + file`).
    pub crossed: Vec<u16>,
    /// The pawn that crossed them.
    pub pawn: u16,
}

/// The content of a position string.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Setup {
    /// Files and ranks (8, 10 or 12).
    pub size: u8,
    /// Every square, rank 1 first, file a first within a rank.
    pub board: Vec<Option<Man>>,
    /// The side to move.
    pub side: Seat,
    /// The castling corners still usable: each side's corner files.
    pub castling: Vec<(Seat, u8)>,
    /// En passant, if the last move allows it.
    pub en_passant: Option<EnPassant>,
    /// White's hand, Black's hand and the shared extras (codes, upper
    /// case).
    pub hands: [Vec<String>; 3],
    /// Half-moves since the last capture or pawn move.
    pub half_moves: u32,
    /// The move number.
    pub move_number: u32,
}

const FIELDS: [&str; 7] = [
    "board",
    "side",
    "castling",
    "en passant",
    "hands",
    "half-moves",
    "move number",
];

fn bad(field: &str, text: &str, expected: impl Into<String>) -> PositionError {
    PositionError::BadField {
        field: field.to_string(),
        text: text.to_string(),
        expected: expected.into(),
    }
}

/// A square's name (`d5`, `l12`).
pub fn square_name(size: u8, sq: u16) -> String {
    let (f, r) = (sq % u16::from(size), sq / u16::from(size));
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}

/// A square of a board of `size` from its name.
fn square_of(size: u8, text: &str) -> Option<u16> {
    let mut chars = text.chars();
    let f = chars.next()?;
    if !f.is_ascii_lowercase() {
        return None;
    }
    let f = f as u8 - b'a';
    let digits = chars.as_str();
    if digits.is_empty() || digits.len() > 2 || !digits.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let r: u8 = digits.parse().ok()?;
    (f < size && (1..=size).contains(&r)).then(|| u16::from(r - 1) * u16::from(size) + u16::from(f))
}

/// Reads the men of a list (a rank's men without the runs, or a hand):
/// each code with its side by the case of its first letter, and its `*`.
fn read_men(text: &str, field: &str, rank: Option<u8>) -> Result<Vec<Option<Man>>, PositionError> {
    let mut out = Vec::new();
    let bytes = text.as_bytes();
    let mut i = 0;
    let bad_char = |found: char| match rank {
        Some(rank) => PositionError::BadChar {
            rank,
            found,
            expected: vec![
                "a one-letter code".into(),
                "a code in brackets".into(),
                "a run of empty squares".into(),
                "'*' after a pawn".into(),
            ],
        },
        None => bad(
            field,
            text,
            "codes: one letter bare, longer ones in brackets",
        ),
    };
    while i < bytes.len() {
        let c = bytes[i];
        match c {
            b'[' => {
                let Some(end) = text[i + 1..].find(']') else {
                    return Err(bad(field, text, "a ']' closing the code"));
                };
                let code = &text[i + 1..i + 1 + end];
                if !(1..=3).contains(&code.len()) || !code.bytes().all(|b| b.is_ascii_alphabetic())
                {
                    return Err(bad(
                        field,
                        text,
                        "a code of one to three letters in brackets",
                    ));
                }
                out.push(Some(man(code)));
                i += end + 2;
            }
            b'*' => match out.last_mut() {
                Some(Some(m)) if !m.fresh => {
                    m.fresh = true;
                    i += 1;
                }
                _ => return Err(bad(field, text, "'*' right after a pawn")),
            },
            b'0'..=b'9' if rank.is_some() => {
                let len = bytes[i..].iter().take_while(|b| b.is_ascii_digit()).count();
                let run: usize = text[i..i + len].parse().unwrap_or(usize::MAX);
                if run == 0 || run > 12 {
                    return Err(bad(field, text, "runs of 1 to 12 empty squares"));
                }
                out.extend(std::iter::repeat_n(None, run));
                i += len;
            }
            c if c.is_ascii_alphabetic() => {
                out.push(Some(man(&text[i..i + 1])));
                i += 1;
            }
            _ => return Err(bad_char(text[i..].chars().next().unwrap_or('?'))),
        }
    }
    Ok(out)
}

/// A man from a code: its side by the case of the first letter.
fn man(code: &str) -> Man {
    let white = code.chars().next().is_some_and(|c| c.is_ascii_uppercase());
    Man {
        code: code.to_ascii_uppercase(),
        seat: if white { Seat::First } else { Seat::Second },
        fresh: false,
    }
}

/// Reads a position string of D14, every code checked against
/// `catalogue`.
pub fn parse(text: &str, catalogue: &Catalogue) -> Result<Setup, PositionError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() != FIELDS.len() {
        return Err(PositionError::FieldCount {
            game: "Dealer's Chess".into(),
            fields: FIELDS.iter().map(|f| f.to_string()).collect(),
            found: fields.len(),
        });
    }
    let ranks: Vec<&str> = fields[0].split('/').collect();
    let size = ranks.len();
    if ![8, 10, 12].contains(&size) {
        return Err(PositionError::RankCount {
            field: "board".into(),
            expected: if size < 10 {
                8
            } else if size < 12 {
                10
            } else {
                12
            },
            found: size,
        });
    }
    let size = size as u8;
    let mut board: Vec<Option<Man>> = vec![None; usize::from(size) * usize::from(size)];
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = size - i as u8;
        let men = read_men(rank_text, "board", Some(rank))?;
        if men.len() != usize::from(size) {
            return Err(PositionError::RankLength {
                rank,
                unit: "squares".into(),
                expected: usize::from(size),
                found: men.len(),
                hint: None,
            });
        }
        for (f, m) in men.into_iter().enumerate() {
            board[usize::from(rank - 1) * usize::from(size) + f] = m;
        }
    }
    for (sq, m) in board.iter().enumerate() {
        let Some(m) = m else { continue };
        let name = square_name(size, sq as u16);
        let card = catalogue.get(&m.code).ok_or_else(|| {
            bad(
                "board",
                &m.code,
                format!("a card of the catalogue (on {name})"),
            )
        })?;
        if m.fresh && card.kind != CardKind::Pawn {
            return Err(bad(
                "board",
                &format!("{}*", m.code),
                format!(
                    "'*' only after a pawn ({} on {name} is a {})",
                    card.name,
                    card.kind.word()
                ),
            ));
        }
    }
    for seat in Seat::BOTH {
        let royals = board
            .iter()
            .flatten()
            .filter(|m| {
                m.seat == seat
                    && catalogue
                        .get(&m.code)
                        .is_some_and(|c| c.kind == CardKind::Royal)
            })
            .count();
        // A side may have lost its royal to a Zombie (option
        // zombie_royal=converts, the page's letter: the royal that takes
        // one becomes a Zombie Pawn); never two.
        if royals > 1 {
            return Err(bad(
                "board",
                fields[0],
                format!(
                    "at most one royal a side ({} has {royals})",
                    seat_word(seat)
                ),
            ));
        }
    }
    let side = match fields[1] {
        "w" => Seat::First,
        "b" => Seat::Second,
        other => {
            return Err(PositionError::UnknownSide {
                text: other.into(),
                expected: vec!["w".into(), "b".into()],
            })
        }
    };
    let mut castling = Vec::new();
    if fields[2] != "-" {
        for c in fields[2].chars() {
            let seat = if c.is_ascii_uppercase() {
                Seat::First
            } else {
                Seat::Second
            };
            let f = c.to_ascii_lowercase() as u8;
            if !c.is_ascii_alphabetic() || f < b'a' || f - b'a' >= size {
                return Err(bad("castling", fields[2], "corner files (AHah) or '-'"));
            }
            let file = f - b'a';
            if castling.contains(&(seat, file)) {
                return Err(bad("castling", fields[2], "each corner once"));
            }
            castling.push((seat, file));
        }
    }
    let en_passant = if fields[3] == "-" {
        None
    } else {
        let ep_err = || {
            bad(
                "en passant",
                fields[3],
                "'-' or the squares crossed, then ':' and the pawn's square (d6:d5)",
            )
        };
        let (crossed, pawn) = fields[3].split_once(':').ok_or_else(ep_err)?;
        let pawn = square_of(size, pawn).ok_or_else(ep_err)?;
        let crossed = crossed
            .split(',')
            .map(|s| square_of(size, s).ok_or_else(ep_err))
            .collect::<Result<Vec<u16>, _>>()?;
        if board[usize::from(pawn)].is_none() {
            return Err(bad(
                "en passant",
                fields[3],
                "the square of the pawn that moved",
            ));
        }
        Some(EnPassant { crossed, pawn })
    };
    let hands_text: Vec<&str> = fields[4].split('/').collect();
    let [w, b, shared] = hands_text[..] else {
        return Err(bad(
            "hands",
            fields[4],
            "white/black/shared, each codes or '-'",
        ));
    };
    let mut hands: [Vec<String>; 3] = Default::default();
    for (i, (h, owner)) in [(w, Seat::First), (b, Seat::Second), (shared, Seat::First)]
        .into_iter()
        .enumerate()
    {
        if h == "-" {
            continue;
        }
        for m in read_men(h, "hands", None)?.into_iter().flatten() {
            let card = catalogue
                .get(&m.code)
                .ok_or_else(|| bad("hands", &m.code, "a card of the catalogue"))?;
            if card.kind != CardKind::Piece || m.fresh {
                return Err(bad(
                    "hands",
                    h,
                    format!("pieces only ({} is a {})", card.name, card.kind.word()),
                ));
            }
            if m.seat != owner {
                return Err(bad(
                    "hands",
                    h,
                    format!("codes in {}'s case", seat_word(owner)),
                ));
            }
            hands[i].push(m.code);
        }
    }
    let counter = |t: &str| {
        t.parse::<u32>()
            .map_err(|_| PositionError::Counter { text: t.into() })
    };
    let half_moves = counter(fields[5])?;
    let move_number = counter(fields[6])?;
    if move_number == 0 {
        return Err(PositionError::Counter {
            text: fields[6].into(),
        });
    }
    Ok(Setup {
        size,
        board,
        side,
        castling,
        en_passant,
        hands,
        half_moves,
        move_number,
    })
}

fn seat_word(seat: Seat) -> &'static str {
    match seat {
        Seat::First => "White",
        Seat::Second => "Black",
    }
}

/// The canonical position string of `setup`.
pub fn write(setup: &Setup) -> String {
    let n = usize::from(setup.size);
    let mut ranks = Vec::with_capacity(n);
    for r in (0..n).rev() {
        let mut s = String::new();
        let mut run = 0;
        for f in 0..n {
            match &setup.board[r * n + f] {
                None => run += 1,
                Some(m) => {
                    if run > 0 {
                        s.push_str(&run.to_string());
                        run = 0;
                    }
                    s.push_str(&man_text(&m.code, m.seat));
                    if m.fresh {
                        s.push('*');
                    }
                }
            }
        }
        if run > 0 {
            s.push_str(&run.to_string());
        }
        ranks.push(s);
    }
    let side = match setup.side {
        Seat::First => "w",
        Seat::Second => "b",
    };
    let castling: String = setup
        .castling
        .iter()
        .map(|&(seat, f)| {
            let c = (b'a' + f) as char;
            match seat {
                Seat::First => c.to_ascii_uppercase(),
                Seat::Second => c,
            }
        })
        .collect();
    let ep = match &setup.en_passant {
        None => "-".to_string(),
        Some(e) => format!(
            "{}:{}",
            e.crossed
                .iter()
                .map(|&s| square_name(setup.size, s))
                .collect::<Vec<_>>()
                .join(","),
            square_name(setup.size, e.pawn)
        ),
    };
    let hand = |codes: &[String], seat: Seat| -> String {
        if codes.is_empty() {
            "-".into()
        } else {
            codes.iter().map(|c| man_text(c, seat)).collect()
        }
    };
    format!(
        "{} {side} {} {ep} {}/{}/{} {} {}",
        ranks.join("/"),
        if castling.is_empty() {
            "-".into()
        } else {
            castling
        },
        hand(&setup.hands[0], Seat::First),
        hand(&setup.hands[1], Seat::Second),
        hand(&setup.hands[2], Seat::First),
        setup.half_moves,
        setup.move_number
    )
}
