//! 52Chess's notation (RULINGS, "Record"): the card drawn in brackets,
//! `[7H]`, before every move; a normal move in SAN (`e4`, `Nxc5`,
//! `b13=Q`, `+` when the King may be taken next); a teleport as the piece
//! letter, where it stands, `@` and the card's square, `Nd3@c7` (a pawn's
//! letter written too: `Pa2@b7`); a pass, when a player can neither
//! teleport nor move (F7), `--`.
//!
//! The reader also takes what the fairy core's does (from-to coordinates
//! `d2d4`, `d2-d4`, `c4xd5`, `b12b13q`; piece letters in lower case, `nf3`,
//! `nd3@c7`); a from-to between the squares of a teleport is the teleport,
//! or ambiguous when a plain move joins the same squares.

use super::card::Card;
use super::game::{Chess52, Move};
use crate::fairy::{self, seat_name, SquareSet};
use deckmate_rules::MoveError;

/// How moves look, for a text that is not one.
const EXAMPLES: &str = "[7H], d4, Nxc5, b13=Q, Nd3@c7, d2d4, --";

fn syntax(text: &str, why: &str) -> MoveError {
    MoveError::NotAMove {
        text: text.to_string(),
        game: "52Chess".to_string(),
        why: why.to_string(),
        examples: EXAMPLES.to_string(),
    }
}

/// Writes a draw or a move as played from `pos`.
pub fn write(pos: &Chess52, mv: Move) -> String {
    match mv {
        Move::Draw(c) => format!("[{c}]"),
        Move::Play(m) => fairy::notation::write(&pos.core, m),
    }
}

/// Reads a draw (`[7H]`, when a card is to be drawn) or a move (once it
/// is), saying why it is not legal when it is not.
pub fn parse(pos: &Chess52, text: &str) -> Result<Move, MoveError> {
    let t = text.trim();
    if let Some(end) = pos.core.end() {
        return Err(MoveError::GameOver {
            end: Some(end.describe()),
        });
    }
    if let Some(inner) = t.strip_prefix('[') {
        let Some(name) = inner.strip_suffix(']') else {
            return Err(syntax(text, "a card is written in brackets, as [7H]"));
        };
        let card = Card::parse(name).ok_or_else(|| {
            syntax(
                text,
                "a card is its rank (A, 2-10, J, Q, K) and suit (C, D, H, S), as [7H] or [10S]",
            )
        })?;
        return match pos.drawn {
            None => Ok(Move::Draw(card)),
            Some(c) => Err(MoveError::Forbidden {
                rule: format!("{c} is drawn already: now a move (F4)"),
            }),
        };
    }
    let Some(card) = pos.drawn else {
        return Err(MoveError::Forbidden {
            rule: "a card is drawn before every move (F4): the draw comes first".to_string(),
        });
    };
    let me = pos.side_to_move();
    let mut legal = Vec::new();
    pos.moves_with(card, &mut legal);
    let body = t.trim_end_matches(['!', '?', '+', '#']);
    if body == "--" {
        return match legal.as_slice() {
            [Move::Play(m)] if m.is_pass() => Ok(legal[0]),
            _ => Err(MoveError::Forbidden {
                rule: format!(
                    "{} has a legal move with {card}: a player passes only when he has none (F7)",
                    seat_name(me)
                ),
            }),
        };
    }
    if let Some((from_part, to_part)) = body.split_once('@') {
        return teleport(pos, card, text, from_part, to_part);
    }
    // From-to coordinates (`d3c7`, `d3-c7`) where a teleport goes: the
    // teleport alone, or ambiguous beside a plain move between the same
    // squares. Others are the core's to read.
    if let Some((from, to, None)) = fairy::notation::coordinates(&pos.core, body) {
        let between: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| {
                matches!(m, Move::Play(p) if !p.is_pass() && p.from_index() == from && p.to_index() == to)
            })
            .collect();
        if between
            .iter()
            .any(|m| matches!(m, Move::Play(p) if p.is_teleport()))
        {
            return match between.as_slice() {
                [one] => Ok(*one),
                many => {
                    let core = &pos.core;
                    Err(MoveError::Ambiguous {
                        text: text.to_string(),
                        side: seat_name(me).to_string(),
                        piece: core
                            .at_index(from)
                            .and_then(|(_, k)| core.rules().pieces.get(k))
                            .map_or_else(|| "piece".to_string(), |p| p.name.clone()),
                        to: core.tables().name(to),
                        candidates: many.iter().map(|&m| write(pos, m)).collect(),
                    })
                }
            };
        }
    }
    // The core's reasons, with 52Chess's own examples (no e-file, no
    // castling here).
    let m = fairy::notation::parse(&pos.core, t).map_err(|e| match e {
        MoveError::NotAMove {
            text, game, why, ..
        } => MoveError::NotAMove {
            text,
            game,
            why,
            examples: EXAMPLES.to_string(),
        },
        other => other,
    })?;
    Ok(Move::Play(m))
}

/// Reads and checks a teleport `Nd3@c7` (F4, F5).
fn teleport(
    pos: &Chess52,
    card: Card,
    text: &str,
    from_part: &str,
    to_part: &str,
) -> Result<Move, MoveError> {
    let core = &pos.core;
    let t = core.tables();
    let rules = core.rules();
    let me = pos.side_to_move();
    let side = seat_name(me).to_string();
    let mut chars = from_part.chars();
    let letter = chars
        .next()
        .filter(char::is_ascii_alphabetic)
        .map(|c| c.to_ascii_uppercase())
        .ok_or_else(|| {
            syntax(
                text,
                "a teleport is a piece letter, its square, '@' and the card's square, as Nd3@c7",
            )
        })?;
    let kind = rules
        .kind_of(letter)
        .ok_or_else(|| syntax(text, &format!("no piece has the letter {letter}")))?;
    let square = |name: &str| {
        rules
            .geometry
            .parse_square(name)
            .and_then(|s| t.dense(s))
            .ok_or_else(|| syntax(text, &format!("'{name}' is not a square a1-d13")))
    };
    let from = square(chars.as_str())?;
    let to = square(to_part)?;
    let piece = rules.pieces[kind].name.clone();
    let target = Chess52::card_square(card);
    if to != target {
        return Err(MoveError::Forbidden {
            rule: format!(
                "the card is {card}: a piece teleports only to {} (F4)",
                t.name(target)
            ),
        });
    }
    if core.at_index(from) != Some((me, kind)) {
        return Err(MoveError::NoPieceThere {
            side,
            piece,
            squares: (core.pieces_of(me) & core.pieces_of_kind(kind))
                .iter()
                .map(|s| t.name(s))
                .collect(),
        });
    }
    if rules.pieces[kind].kind == fairy::PieceKind::Royal {
        return Err(MoveError::Forbidden {
            rule: "the King never teleports (F4)".to_string(),
        });
    }
    if core.at_index(to).is_some() {
        return Err(MoveError::Forbidden {
            rule: format!(
                "{} is occupied: a teleport goes to an empty square, never captures (F4)",
                t.name(to)
            ),
        });
    }
    if pos.teleporters(to) & (1 << from) == 0 {
        return Err(MoveError::Forbidden {
            rule: "a pawn teleports neither to the first or last rank nor beyond the enemy King's rank (F5)".to_string(),
        });
    }
    Ok(Move::Play(fairy::Move::teleport(from, to)))
}
