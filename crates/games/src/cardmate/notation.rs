//! The page's move notation: `4Ci3`, `9H:c5`, `1Sd4=A`, `QS:f0+`,
//! `QS:e0×`, `KD:e8+#`.
//!
//! Card, `:` when it captures, the target square; then `=A` when a One
//! promotes, `+` when the move captures the opponent's first King, `×` (or
//! `x`) when it captures the second, `#` when it conquers the palace. A
//! reader requires `:` and `=A` exactly when they apply; it accepts a move
//! without its `+`, `×` or `#`, but refuses one whose sign is wrong. Card
//! letters may be in either case (`8d:j7`, `qs:f0`).
//!
//! It also takes from-to coordinates, the card on the first square moving
//! to the second: `e1e3`, `e1-e3`, `d4:e5` or `d4xe5` (the capture mark
//! is not required here), `d3d5=A`; a One that may promote or not is
//! ambiguous from-to unless `=A` is written.

use super::card::{Card, Rank};
use super::position::{seat_name, EndReason, Move, Position};
use deckmate_board::{RankStyle, Square};
use deckmate_rules::{MoveError, Mover};

/// A move as written, before it is matched against the position.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct MoveText {
    /// The card named.
    pub card: Card,
    /// Whether `:` was written.
    pub capture: bool,
    /// The target square.
    pub to: Square,
    /// Whether `=A` was written.
    pub promote: bool,
    /// `+` (first King) or `×` (second King), if written.
    pub king_sign: Option<char>,
    /// Whether `#` was written.
    pub palace_sign: bool,
}

/// The game a text that is not a move is refused for.
const GAME: &str = "Cardmate";
/// How moves look, for a text that is not one.
const EXAMPLES: &str = "4Ci3, 9H:c5, 1Sd5=A, e1e3";

fn syntax(text: &str, why: &str) -> MoveError {
    MoveError::NotAMove {
        text: text.to_string(),
        game: GAME.to_string(),
        why: why.to_string(),
        examples: EXAMPLES.to_string(),
    }
}

/// Reads the notation without looking at a position. Letters may be in
/// either case; trailing `!` and `?` are ignored.
pub fn parse_text(text: &str) -> Result<MoveText, MoveError> {
    let t = text.trim().trim_end_matches(['!', '?']);
    let chars: Vec<char> = t.chars().collect();
    if chars.len() < 4 {
        return Err(syntax(text, "too short"));
    }
    let rank = Rank::from_symbol(chars[0])
        .ok_or_else(|| syntax(text, "it must start with a rank 1-9, X, J, Q, K or A"))?;
    let suit = super::card::Suit::from_letter(chars[1])
        .ok_or_else(|| syntax(text, "the second character must be a suit C, D, H or S"))?;
    let card = Card::new(rank, suit);
    let mut i = 2;
    let capture = chars[i] == ':';
    if capture {
        i += 1;
    } else if chars[i].eq_ignore_ascii_case(&'x') && chars.len() > i + 2 {
        return Err(syntax(text, "a capture is written with ':' (4C:i3)"));
    }
    let file = chars.get(i).map(|c| c.to_ascii_lowercase());
    let rankc = chars.get(i + 1);
    let to = match (file, rankc) {
        (Some(f @ 'a'..='j'), Some(r @ '0'..='9')) => {
            Square::parse(&format!("{f}{r}"), RankStyle::FromZero)
                .map_err(|_| syntax(text, "bad square"))?
        }
        _ => return Err(syntax(text, "the target must be a square a0-j9")),
    };
    i += 2;
    let mut promote = false;
    if chars.get(i) == Some(&'=') {
        if chars.get(i + 1).map(|c| c.to_ascii_uppercase()) == Some('A') {
            promote = true;
            i += 2;
        } else {
            return Err(syntax(text, "a One promotes only to the Ace: =A"));
        }
    }
    let (king_sign, palace_sign) =
        written_signs(&chars, i).ok_or_else(|| syntax(text, "unexpected characters at the end"))?;
    Ok(MoveText {
        card,
        capture,
        to,
        promote,
        king_sign,
        palace_sign,
    })
}

/// A move written as from-to coordinates, before it is matched against
/// the position: `e1e3`, `e1-e3`, `d4:e5`, `d4xe5`, `d3d5=A` (or `d3d5a`),
/// with the signs of the card notation after it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct FromTo {
    /// The square the card stands on.
    pub from: Square,
    /// The target square.
    pub to: Square,
    /// Whether `=A` was written (`None`: not written, so either).
    pub promote: Option<bool>,
    /// `+` (first King) or `×` (second King), if written.
    pub king_sign: Option<char>,
    /// Whether `#` was written.
    pub palace_sign: bool,
}

/// A square `a0`-`j9` at `chars[i..]`, the file in either case.
fn square_at(chars: &[char], i: usize) -> Option<Square> {
    let f = chars.get(i)?.to_ascii_lowercase();
    let r = *chars.get(i + 1)?;
    if !('a'..='j').contains(&f) || !r.is_ascii_digit() {
        return None;
    }
    Square::parse(&format!("{f}{r}"), RankStyle::FromZero).ok()
}

/// Reads from-to coordinates (see [`FromTo`]); `None` when the text does
/// not start with a square (a card's second character is a suit, never a
/// digit, so the two forms cannot be confused).
pub fn parse_from_to(text: &str) -> Option<Result<FromTo, MoveError>> {
    let t = text.trim().trim_end_matches(['!', '?']);
    let chars: Vec<char> = t.chars().collect();
    let from = square_at(&chars, 0)?;
    let mut i = 2;
    if matches!(chars.get(i), Some('-' | ':' | 'x' | 'X')) {
        i += 1;
    }
    let Some(to) = square_at(&chars, i) else {
        return Some(Err(syntax(
            text,
            "a from-to move is two squares a0-j9, as e1e3 or e1-e3",
        )));
    };
    i += 2;
    let mut promote = None;
    if chars.get(i) == Some(&'=') {
        if chars.get(i + 1).map(|c| c.to_ascii_uppercase()) != Some('A') {
            return Some(Err(syntax(text, "a One promotes only to the Ace: =A")));
        }
        promote = Some(true);
        i += 2;
    } else if matches!(chars.get(i), Some('a' | 'A')) {
        promote = Some(true);
        i += 1;
    }
    let Some((king_sign, palace_sign)) = written_signs(&chars, i) else {
        return Some(Err(syntax(text, "unexpected characters at the end")));
    };
    Some(Ok(FromTo {
        from,
        to,
        promote,
        king_sign,
        palace_sign,
    }))
}

/// A from-to read as the card notation would be: the card on the first
/// square, the capture mark as the target needs it, the promotion of the
/// one legal move between the squares (a One that may promote or not is
/// ambiguous unless `=A` is written).
fn from_to_move(pos: &Position, text: &str, ft: FromTo) -> Result<MoveText, MoveError> {
    let Some((card, _)) = pos.at(ft.from) else {
        return Err(MoveError::NoSuchPiece {
            piece: format!("card on {}", ft.from.name(RankStyle::FromZero)),
            side: None,
        });
    };
    let mut legal = Vec::new();
    pos.generate(&mut legal);
    let between: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| m.from == ft.from && m.to == ft.to && ft.promote.is_none_or(|p| m.promote == p))
        .collect();
    let promote = match between.as_slice() {
        [one] => one.promote,
        [] => ft.promote.unwrap_or(false),
        many => {
            return Err(MoveError::Ambiguous {
                text: text.to_string(),
                side: seat_name(pos.side_to_move()).to_string(),
                piece: card.rank().name().to_string(),
                to: ft.to.name(RankStyle::FromZero).to_string(),
                candidates: many.iter().map(|&m| write(pos, m)).collect(),
            })
        }
    };
    Ok(MoveText {
        card,
        capture: pos.at(ft.to).is_some(),
        to: ft.to,
        promote,
        king_sign: ft.king_sign,
        palace_sign: ft.palace_sign,
    })
}

/// The signs a move earns: `+`/`×` and `#`.
fn signs(pos: &Position, mv: Move) -> (Option<char>, bool) {
    let opp = pos.side_to_move().other();
    let king = match pos.at(mv.to) {
        Some((c, _)) if c.rank() == Rank::KING => {
            Some(if pos.kings(opp) >= 2 { '+' } else { '×' })
        }
        _ => None,
    };
    (king, pos.palace_win_after(mv).is_some())
}

impl Position {
    /// Whether the move completes the palace condition (the `#` sign).
    fn palace_win_after(&self, mv: Move) -> Option<EndReason> {
        let mut p = self.clone();
        let card = if mv.promote {
            Card::new(Rank::ACE, mv.card.suit())
        } else {
            mv.card
        };
        let me = p.side;
        p.board[mv.from.index()] = super::position::EMPTY;
        p.board[mv.to.index()] = card.0 | ((me as u8) << 6);
        p.palace_win(me, card, mv.to.0)
    }
}

/// Writes a move, with its signs, as played from `pos`.
pub fn write(pos: &Position, mv: Move) -> String {
    let mut s = mv.card.to_string();
    if pos.at(mv.to).is_some() {
        s.push(':');
    }
    s.push_str(&mv.to.name(RankStyle::FromZero).to_string());
    if mv.promote {
        s.push_str("=A");
    }
    let (king, palace) = signs(pos, mv);
    if let Some(k) = king {
        s.push(k);
    }
    if palace {
        s.push('#');
    }
    s
}

/// Reads a move and checks it against the position, saying why it is not
/// legal when it is not.
///
/// Besides the card notation it takes from-to coordinates (`e1e3`,
/// `d4:e5`, `d3d5=A`: see [`FromTo`]), which read as the card on the first
/// square moving to the second.
pub fn parse(pos: &Position, text: &str) -> Result<Move, MoveError> {
    let from_to = parse_from_to(text).transpose()?;
    if from_to.is_some() && (pos.end().is_some() || !pos.has_moves()) {
        return Err(MoveError::GameOver { end: None });
    }
    let mt = match from_to {
        Some(ft) => from_to_move(pos, text, ft)?,
        None => parse_text(text)?,
    };
    if pos.end().is_some() || !pos.has_moves() {
        return Err(MoveError::GameOver { end: None });
    }
    let me = pos.side_to_move();
    let no_such_card = || MoveError::NoSuchPiece {
        piece: mt.card.to_string(),
        side: None,
    };
    let from = pos.square_of(mt.card).ok_or_else(no_such_card)?;
    let owner = pos.owner_of(mt.card).ok_or_else(no_such_card)?;
    if owner != me {
        return Err(MoveError::NotYours {
            piece: mt.card.to_string(),
            noun: "card".to_string(),
            owner: seat_name(owner).to_string(),
        });
    }
    let to_name = mt.to.name(RankStyle::FromZero);
    let from_name = from.name(RankStyle::FromZero);
    let mut legal = Vec::new();
    pos.generate(&mut legal);
    let found = legal
        .iter()
        .copied()
        .find(|m| m.card == mt.card && m.to == mt.to && m.promote == mt.promote);
    let Some(mv) = found else {
        return Err(explain(pos, &mt, from, &legal));
    };
    let occupied = pos.at(mv.to).is_some();
    if occupied != mt.capture {
        return Err(MoveError::CaptureMark {
            text: None,
            piece: Some(mt.card.to_string()),
            square: to_name.to_string(),
            captures: occupied,
            correct: write(pos, mv),
        });
    }
    let (king, palace) = signs(pos, mv);
    if mt.king_sign.is_some() && mt.king_sign != king {
        let does = match king {
            Some('+') => "it captures the first King, sign '+'",
            Some(_) => "it captures the second King, sign '×'",
            None => "it captures no King",
        };
        return Err(MoveError::WrongSign {
            text: text.to_string(),
            does: does.to_string(),
            correct: write(pos, mv),
            from: Some(from_name.to_string()),
        });
    }
    if mt.palace_sign && !palace {
        return Err(MoveError::UnearnedSign {
            text: text.to_string(),
            sign: '#',
            marks: "a palace conquest".to_string(),
            lacks: "conquers no palace".to_string(),
        });
    }
    Ok(mv)
}

fn explain(pos: &Position, mt: &MoveText, from: Square, legal: &[Move]) -> MoveError {
    let to_name = mt.to.name(RankStyle::FromZero);
    let from_name = from.name(RankStyle::FromZero);
    let mut unforced = Vec::new();
    pos.generate_all(&mut unforced);
    let reachable = unforced
        .iter()
        .any(|m| m.card == mt.card && m.to == mt.to && m.promote == mt.promote);
    if reachable && pos.capture_is_compulsory() {
        return MoveError::CaptureCompulsory {
            tried: format!("{}{}{to_name}", mt.card, if mt.capture { ":" } else { "" }),
            captures: legal.iter().map(|&m| write(pos, m)).collect(),
            rule: "a same-suit capture is compulsory (C3)".to_string(),
        };
    }
    let same_target = unforced.iter().any(|m| m.card == mt.card && m.to == mt.to);
    if same_target && mt.promote {
        return MoveError::CannotPromote {
            piece: mt.card.to_string(),
            into: None,
            on: None,
            rule: "a One promotes only when it enters the opponent's half".to_string(),
        };
    }
    if same_target && !mt.promote {
        return MoveError::PromotionMissing {
            piece: mt.card.to_string(),
            to: to_name.to_string(),
            mark: Some("=A".to_string()),
        };
    }
    if let Some((victim, owner)) = pos.at(mt.to) {
        if owner == pos.side_to_move() {
            return MoveError::OwnPieceThere {
                square: to_name.to_string(),
                side: None,
                piece: Some(victim.to_string()),
            };
        }
        if victim.suit() == mt.card.suit()
            && victim.rank() >= mt.card.rank()
            && pos.attacks(mt.card, mt.to)
        {
            return MoveError::CannotCapture {
                piece: mt.card.to_string(),
                victim: victim.to_string(),
                rule: "a card captures its own suit only if it ranks higher (C2)".to_string(),
            };
        }
    }
    MoveError::CannotReach {
        mover: Mover::Named(format!(
            "the {} of {}",
            mt.card.rank().name(),
            suit_name(mt.card)
        )),
        from: Some(from_name.to_string()),
        to: to_name.to_string(),
        capture: pos.at(mt.to).is_some(),
    }
}

fn suit_name(c: Card) -> &'static str {
    ["Clubs", "Diamonds", "Hearts", "Spades"][c.suit() as usize]
}

/// The signs after a move from `chars[i]` on: the second-King sign (`+`,
/// or `x`/`×` for a King taken) and the palace's `#`; `None` when anything
/// else follows.
fn written_signs(chars: &[char], mut i: usize) -> Option<(Option<char>, bool)> {
    let king_sign = match chars.get(i) {
        Some('+') => Some('+'),
        Some('x' | 'X' | '×') => Some('×'),
        _ => None,
    };
    if king_sign.is_some() {
        i += 1;
    }
    let palace_sign = chars.get(i) == Some(&'#');
    if palace_sign {
        i += 1;
    }
    (i == chars.len()).then_some((king_sign, palace_sign))
}
