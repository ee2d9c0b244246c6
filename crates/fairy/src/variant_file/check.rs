//! From the file's TOML to a checked [`VariantSpec`]: every name, letter,
//! square, XBetza text and number is checked, and the first problem is
//! returned with its place in the file.

use super::error::{Location, Problem, VariantError};
use super::raw::{
    RawBoard, RawCastling, RawDraws, RawFile, RawHoles, RawKind, RawPiece, RawPromotion, RawReset,
    RawStalemate, RawWin,
};
use super::setup;
use super::spec::{
    mirror, Castling, CastlingMove, Draws, Partners, PieceKind, PieceSpec, Promotion, Resets,
    Stalemate, VariantSpec, Win, Wing,
};
use deckmate_betza::{compile, parse, BetzaError, Facing};
use deckmate_board::{Geometry, Parity, RankStyle, Square};
use std::ops::Range;
use toml::Spanned;

/// The file's text, to turn byte spans into lines and columns.
#[derive(Copy, Clone)]
pub(super) struct Source<'a> {
    text: &'a str,
}

impl Source<'_> {
    /// The place where `span` starts.
    pub(super) fn at(&self, span: Range<usize>) -> Option<Location> {
        Some(Location::of(self.text, span.start))
    }

    /// The place of byte `offset` of the string value written at `span`:
    /// exact for a one-line string without escapes, else the value's
    /// start.
    pub(super) fn inside(&self, span: Range<usize>, offset: usize) -> Option<Location> {
        let raw = self.text.get(span.clone()).unwrap_or("");
        let plain = (raw.starts_with('"') && !raw.starts_with("\"\"\"") && !raw.contains('\\'))
            || (raw.starts_with('\'') && !raw.starts_with("'''"));
        if plain {
            let inner = raw.len().saturating_sub(2);
            Some(Location::of(self.text, span.start + 1 + offset.min(inner)))
        } else {
            self.at(span)
        }
    }

    /// An error at the start of `span`.
    pub(super) fn error(&self, span: Range<usize>, problem: Problem) -> VariantError {
        VariantError {
            at: self.at(span),
            problem,
        }
    }
}

/// Reads and checks a variant file's text.
pub(super) fn read(text: &str) -> Result<VariantSpec, VariantError> {
    let src = Source { text };
    let raw: RawFile = toml::from_str(text).map_err(|e| VariantError {
        at: e.span().map(|s| Location::of(text, s.start)),
        problem: Problem::Toml(toml_message(e.message())),
    })?;
    let name = name(src, &raw.name, "the variant")?;
    let description = raw
        .description
        .as_ref()
        .map(|d| d.get_ref().trim().to_string())
        .filter(|d| !d.is_empty());
    let geometry = board(src, &raw.board)?;
    let pieces = pieces(src, &raw.pieces, &geometry)?;
    let win = match raw.win.as_ref().map(|w| *w.get_ref()) {
        None | Some(RawWin::Checkmate) => Win::Checkmate,
        Some(RawWin::Capture) => Win::RoyalCapture,
        Some(RawWin::Extinction) => Win::Extinction,
    };
    let promotion = match &raw.promotion {
        Some(p) => Some(promotion(src, p, &pieces, &geometry, win)?),
        None => None,
    };
    let castling = match &raw.castling {
        Some(c) => Some(castling(src, c, &pieces, &geometry)?),
        None => None,
    };
    let draws = draws(src, raw.draws.as_ref(), &pieces, &geometry, win)?;
    let en_passant = raw.en_passant.unwrap_or(false);
    let setup = setup::read(
        src,
        &raw.setup,
        &setup::Rules {
            geometry: &geometry,
            pieces: &pieces,
            win,
            castling: castling.as_ref(),
            en_passant,
        },
    )?;
    Ok(VariantSpec {
        name,
        description,
        geometry,
        pieces,
        setup,
        win,
        promotion,
        castling,
        en_passant,
        draws,
    })
}

/// The keys that belong at the top of the file, before any `[table]`.
const TOP_KEYS: [&str; 5] = ["name", "description", "setup", "win", "en_passant"];

/// The TOML reader's message, with a hint when a top-level key was
/// written after a table header (so TOML put it in that table).
fn toml_message(message: &str) -> String {
    let message = message.trim();
    let key = message
        .strip_prefix("unknown field `")
        .and_then(|rest| rest.split_once('`'))
        .map(|(key, _)| key);
    match key {
        Some(key) if TOP_KEYS.contains(&key) => format!(
            "{message} (`{key}` belongs at the top of the file, before the first [table]: TOML puts a key after a [table] line into that table)"
        ),
        _ => message.to_string(),
    }
}

/// A name: trimmed, not empty, no control characters, at most 64
/// characters.
fn name(src: Source<'_>, raw: &Spanned<String>, what: &str) -> Result<String, VariantError> {
    let name = raw.get_ref().trim();
    if name.is_empty() || name.chars().count() > 64 || name.chars().any(char::is_control) {
        return Err(src.error(
            raw.span(),
            Problem::BadName {
                what: what.to_string(),
            },
        ));
    }
    Ok(name.to_string())
}

/// Reads a square of a board of `files` x `ranks` (holes not considered).
fn square(
    src: Source<'_>,
    raw: &Spanned<String>,
    what: &str,
    files: u8,
    ranks: u8,
) -> Result<Square, VariantError> {
    let text = raw.get_ref();
    let sq = Square::parse(text, RankStyle::FromOne).map_err(|_| {
        src.error(
            raw.span(),
            Problem::BadSquare {
                what: what.to_string(),
                text: text.clone(),
            },
        )
    })?;
    if sq.file() >= files || sq.rank() >= ranks {
        return Err(src.error(
            raw.span(),
            Problem::OffBoard {
                what: what.to_string(),
                square: text.clone(),
                why: format!("is not on the {files}x{ranks} board"),
            },
        ));
    }
    Ok(sq)
}

fn board(src: Source<'_>, raw: &Spanned<RawBoard>) -> Result<Geometry, VariantError> {
    let b = raw.get_ref();
    let (files, ranks) = (*b.files.get_ref(), *b.ranks.get_ref());
    let size = |v: i64| u8::try_from(v).ok().filter(|v| (1..=16).contains(v));
    let (Some(f), Some(r)) = (size(files), size(ranks)) else {
        let span = if size(files).is_none() {
            b.files.span()
        } else {
            b.ranks.span()
        };
        return Err(src.error(span, Problem::BoardSize { files, ranks }));
    };
    let built = match &b.holes {
        None => Geometry::new(f, r, RankStyle::FromOne),
        Some(holes) => match holes.get_ref() {
            RawHoles::Pattern(word) => match word.as_str() {
                // Dark squares are those of a1's colour: file + rank even.
                "dark" => Geometry::checkered(f, r, RankStyle::FromOne, Parity::Odd),
                "light" => Geometry::checkered(f, r, RankStyle::FromOne, Parity::Even),
                _ => {
                    return Err(src.error(holes.span(), Problem::HolePattern(word.clone())));
                }
            },
            RawHoles::List(list) => {
                let mut squares: Vec<Square> = Vec::new();
                for h in list {
                    let sq = square(src, h, "hole", f, r)?;
                    if squares.contains(&sq) {
                        return Err(
                            src.error(h.span(), Problem::DuplicateHole(h.get_ref().clone()))
                        );
                    }
                    squares.push(sq);
                }
                Geometry::with_holes(f, r, RankStyle::FromOne, &squares)
            }
        },
    };
    built.map_err(|_| src.error(raw.span(), Problem::BoardSize { files, ranks }))
}

/// One letter: upper case for `letter`, any case for `black_letter`.
fn letter(
    src: Source<'_>,
    raw: &Spanned<String>,
    piece: &str,
    key: &'static str,
) -> Result<char, VariantError> {
    let mut chars = raw.get_ref().chars();
    match (chars.next(), chars.next()) {
        (Some(c), None)
            if c.is_ascii_uppercase() || (key != "letter" && c.is_ascii_lowercase()) =>
        {
            Ok(c)
        }
        _ => Err(src.error(
            raw.span(),
            Problem::BadLetter {
                piece: piece.to_string(),
                key,
                text: raw.get_ref().clone(),
            },
        )),
    }
}

fn pieces(
    src: Source<'_>,
    raw: &[Spanned<RawPiece>],
    geometry: &Geometry,
) -> Result<Vec<PieceSpec>, VariantError> {
    if raw.is_empty() {
        return Err(VariantError {
            at: None,
            problem: Problem::NoPieces,
        });
    }
    let mut out: Vec<PieceSpec> = Vec::new();
    // Each letter with the piece that has it.
    let mut letters: Vec<(char, String)> = Vec::new();
    for (k, spanned) in raw.iter().enumerate() {
        let p = spanned.get_ref();
        let name = name(src, &p.name, &format!("piece {}", k + 1))?;
        if out.iter().any(|q| q.name.eq_ignore_ascii_case(&name)) {
            return Err(src.error(p.name.span(), Problem::DuplicateName(name)));
        }
        let white = letter(src, &p.letter, &name, "letter")?;
        let black = match &p.black_letter {
            Some(b) => letter(src, b, &name, "black_letter")?,
            None => white.to_ascii_lowercase(),
        };
        for (c, span) in [
            (white, p.letter.span()),
            (
                black,
                p.black_letter
                    .as_ref()
                    .map_or(p.letter.span(), |b| b.span()),
            ),
        ] {
            if let Some((_, first)) = letters.iter().find(|(l, _)| *l == c) {
                return Err(src.error(
                    span,
                    Problem::DuplicateLetter {
                        letter: c,
                        first: first.clone(),
                        second: name.clone(),
                    },
                ));
            }
            letters.push((c, name.clone()));
        }
        let text = p.betza.get_ref();
        let betza_error = |error: BetzaError| VariantError {
            at: src.inside(p.betza.span(), error.at),
            problem: Problem::Betza {
                piece: name.clone(),
                text: text.clone(),
                error,
            },
        };
        let betza = parse(text).map_err(betza_error)?;
        for (facing, side) in [(Facing::Up, "White"), (Facing::Down, "Black")] {
            let table = compile(&betza, geometry, facing).map_err(betza_error)?;
            let moves = table
                .squares
                .iter()
                .any(|m| !m.leaps.is_empty() || !m.rays.is_empty());
            if !moves {
                return Err(src.error(
                    p.betza.span(),
                    Problem::NoMoves {
                        piece: name.clone(),
                        text: text.clone(),
                        side,
                    },
                ));
            }
        }
        let value = match &p.value {
            None => None,
            Some(v) => {
                let x = *v.get_ref();
                if !(x.is_finite() && (0.0..=1000.0).contains(&x)) {
                    return Err(src.error(
                        v.span(),
                        Problem::BadValue {
                            piece: name.clone(),
                            value: x,
                        },
                    ));
                }
                Some(x)
            }
        };
        out.push(PieceSpec {
            name,
            letters: [white, black],
            betza_text: text.clone(),
            betza,
            kind: match p.kind {
                RawKind::Royal => PieceKind::Royal,
                RawKind::Piece => PieceKind::Piece,
                RawKind::Pawn => PieceKind::Pawn,
            },
            value,
        });
    }
    if !out.iter().any(|p| p.kind == PieceKind::Royal) {
        return Err(VariantError {
            at: None,
            problem: Problem::NoRoyal,
        });
    }
    Ok(out)
}

/// The index of the piece named `raw`, or an error listing the pieces.
fn lookup(
    src: Source<'_>,
    raw: &Spanned<String>,
    pieces: &[PieceSpec],
    used_as: &'static str,
) -> Result<usize, VariantError> {
    pieces
        .iter()
        .position(|p| p.name == *raw.get_ref())
        .ok_or_else(|| {
            src.error(
                raw.span(),
                Problem::UnknownPiece {
                    name: raw.get_ref().clone(),
                    used_as,
                    pieces: pieces.iter().map(|p| p.name.clone()).collect(),
                },
            )
        })
}

fn promotion(
    src: Source<'_>,
    raw: &Spanned<RawPromotion>,
    pieces: &[PieceSpec],
    geometry: &Geometry,
    win: Win,
) -> Result<Promotion, VariantError> {
    if !pieces.iter().any(|p| p.kind == PieceKind::Pawn) {
        return Err(src.error(raw.span(), Problem::NoPawns));
    }
    let p = raw.get_ref();
    let ranks = geometry.ranks();
    let zone = match &p.zone {
        None => 1,
        Some(z) => match u8::try_from(*z.get_ref()) {
            Ok(v) if (1..=ranks).contains(&v) => v,
            _ => {
                return Err(src.error(
                    z.span(),
                    Problem::PromotionZone {
                        zone: *z.get_ref(),
                        ranks,
                    },
                ))
            }
        },
    };
    if p.choices.get_ref().is_empty() {
        return Err(src.error(p.choices.span(), Problem::NoChoices));
    }
    let mut choices = Vec::new();
    for c in p.choices.get_ref() {
        let i = lookup(src, c, pieces, "promotion choice")?;
        let why = match pieces.get(i).map(|p| p.kind) {
            Some(PieceKind::Pawn) => Some("a promotion choice cannot be a pawn"),
            Some(PieceKind::Royal) if win == Win::Checkmate => Some(
                "a promotion choice cannot be royal when the goal is checkmate (one royal piece per side)",
            ),
            _ => None,
        };
        if let Some(why) = why {
            return Err(src.error(
                c.span(),
                Problem::WrongKind {
                    piece: c.get_ref().clone(),
                    why: why.to_string(),
                },
            ));
        }
        if choices.contains(&i) {
            return Err(src.error(
                c.span(),
                Problem::Repeated {
                    what: "promotion choice",
                    name: c.get_ref().clone(),
                },
            ));
        }
        choices.push(i);
    }
    Ok(Promotion {
        zone,
        choices,
        compulsory: p.compulsory.unwrap_or(true),
    })
}

fn castling(
    src: Source<'_>,
    raw: &Spanned<RawCastling>,
    pieces: &[PieceSpec],
    geometry: &Geometry,
) -> Result<Castling, VariantError> {
    let c = raw.get_ref();
    let fail = |span: Range<usize>, why: String| src.error(span, Problem::Castling(why));
    let piece = match &c.piece {
        Some(p) => {
            let i = lookup(src, p, pieces, "castling piece")?;
            if pieces.get(i).map(|q| q.kind) == Some(PieceKind::Pawn) {
                return Err(src.error(
                    p.span(),
                    Problem::WrongKind {
                        piece: p.get_ref().clone(),
                        why: "a pawn cannot be the castling piece".to_string(),
                    },
                ));
            }
            i
        }
        None => {
            let royals: Vec<usize> = (0..pieces.len())
                .filter(|&i| pieces.get(i).map(|p| p.kind) == Some(PieceKind::Royal))
                .collect();
            match royals.as_slice() {
                [one] => *one,
                _ => {
                    let names: Vec<&str> = royals
                        .iter()
                        .filter_map(|&i| pieces.get(i).map(|p| p.name.as_str()))
                        .collect();
                    return Err(fail(
                        raw.span(),
                        format!(
                            "several pieces are royal ({}): say which one castles with piece = \"...\"",
                            names.join(", ")
                        ),
                    ));
                }
            }
        }
    };
    let with = c.with.get_ref();
    let partners = if with.is_empty() {
        return Err(fail(
            c.with.span(),
            "'with' is empty: name the pieces that castle, or write [\"any\"]".to_string(),
        ));
    } else if with.iter().any(|w| w.get_ref() == "any") {
        if with.len() > 1 {
            return Err(fail(
                c.with.span(),
                "\"any\" stands alone in 'with': it means whatever piece stands there".to_string(),
            ));
        }
        Partners::Any
    } else {
        let mut list = Vec::new();
        for w in with {
            let i = lookup(src, w, pieces, "castling partner")?;
            let why = match pieces.get(i).map(|p| p.kind) {
                _ if i == piece => Some("a piece cannot castle with itself"),
                Some(PieceKind::Pawn) => Some("a castling partner cannot be a pawn"),
                Some(PieceKind::Royal) => Some("a castling partner cannot be royal"),
                _ => None,
            };
            if let Some(why) = why {
                return Err(src.error(
                    w.span(),
                    Problem::WrongKind {
                        piece: w.get_ref().clone(),
                        why: why.to_string(),
                    },
                ));
            }
            if list.contains(&i) {
                return Err(src.error(
                    w.span(),
                    Problem::Repeated {
                        what: "castling partner",
                        name: w.get_ref().clone(),
                    },
                ));
            }
            list.push(i);
        }
        Partners::Pieces(list)
    };
    if c.moves.get_ref().is_empty() {
        return Err(fail(
            c.moves.span(),
            "'moves' is empty: give one move per wing, or leave [castling] out".to_string(),
        ));
    }
    let mut moves: Vec<CastlingMove> = Vec::new();
    for m in c.moves.get_ref() {
        let mv = castling_move(src, m, geometry)?;
        if moves.iter().any(|o| o.wing == mv.wing) {
            let which = match mv.wing {
                Wing::High => "higher files (K)",
                Wing::Low => "lower files (Q)",
            };
            return Err(fail(
                m.span(),
                format!("two castling moves have the partner on the {which}: one per wing"),
            ));
        }
        moves.push(mv);
    }
    moves.sort_by_key(|m| m.wing);
    Ok(Castling {
        piece,
        partners,
        moves,
    })
}

fn castling_move(
    src: Source<'_>,
    raw: &Spanned<super::raw::RawCastlingMove>,
    geometry: &Geometry,
) -> Result<CastlingMove, VariantError> {
    let m = raw.get_ref();
    let (files, ranks) = (geometry.files(), geometry.ranks());
    let mut squares = [Square(0); 4];
    for (slot, (key, sq)) in squares.iter_mut().zip([
        ("from", &m.from),
        ("to", &m.to),
        ("partner", &m.partner),
        ("partner_to", &m.partner_to),
    ]) {
        let what = format!("castling square '{key}'");
        let s = square(src, sq, &what, files, ranks)?;
        for (seat_name, on) in [("", s), (" (Black's, mirrored)", mirror(s, ranks))] {
            if !geometry.contains(on) {
                return Err(src.error(
                    sq.span(),
                    Problem::OffBoard {
                        what: what.clone(),
                        square: format!("{}{seat_name}", on.name(RankStyle::FromOne)),
                        why: "is a hole of the board".to_string(),
                    },
                ));
            }
        }
        *slot = s;
    }
    let [from, to, partner_from, partner_to] = squares;
    let why = if squares.iter().any(|s| s.rank() != from.rank()) {
        Some("from, to, partner and partner_to must be on one rank")
    } else if partner_from == from {
        Some("the partner cannot start where the castling piece starts")
    } else if to == partner_to {
        Some("the two pieces cannot land on one square")
    } else {
        None
    };
    if let Some(why) = why {
        return Err(src.error(raw.span(), Problem::Castling(why.to_string())));
    }
    Ok(CastlingMove {
        wing: if partner_from.file() > from.file() {
            Wing::High
        } else {
            Wing::Low
        },
        from,
        to,
        partner_from,
        partner_to,
    })
}

fn draws(
    src: Source<'_>,
    raw: Option<&RawDraws>,
    pieces: &[PieceSpec],
    geometry: &Geometry,
    win: Win,
) -> Result<Draws, VariantError> {
    let move_rule = match raw.and_then(|d| d.move_rule.as_ref()) {
        None => 50,
        Some(n) => match u32::try_from(*n.get_ref()) {
            Ok(v) if v <= 1000 => v,
            _ => return Err(src.error(n.span(), Problem::MoveRule(*n.get_ref()))),
        },
    };
    let resets = match raw.and_then(|d| d.resets.as_ref()) {
        None => Resets {
            capture: true,
            pawn: true,
            promotion: false,
        },
        Some(list) => {
            let mut r = Resets::default();
            for item in list.get_ref() {
                match item.get_ref() {
                    RawReset::Capture => r.capture = true,
                    RawReset::Pawn => r.pawn = true,
                    RawReset::Promotion => r.promotion = true,
                }
            }
            if move_rule > 0 && r == Resets::default() {
                return Err(src.error(list.span(), Problem::NoResets));
            }
            r
        }
    };
    let repetition = match raw.and_then(|d| d.repetition.as_ref()) {
        None => 3,
        Some(n) => match u32::try_from(*n.get_ref()) {
            Ok(v) if v == 0 || (2..=10).contains(&v) => v,
            _ => return Err(src.error(n.span(), Problem::Repetition(*n.get_ref()))),
        },
    };
    let stalemate = match raw.and_then(|d| d.stalemate) {
        None | Some(RawStalemate::Draw) => Stalemate::Draw,
        Some(RawStalemate::Loss) => Stalemate::Loss,
        Some(RawStalemate::Win) => Stalemate::Win,
    };
    let mut insufficient = Vec::new();
    if let Some(list) = raw.and_then(|d| d.insufficient.as_ref()) {
        for entry in list.get_ref() {
            let pair = entry.get_ref();
            let [a, b] = pair.as_slice() else {
                return Err(src.error(entry.span(), Problem::InsufficientPair(pair.len())));
            };
            insufficient.push([
                material(src, a, pieces, win)?,
                material(src, b, pieces, win)?,
            ]);
        }
    }
    let mut insufficient_one_colour = Vec::new();
    if let Some(list) = raw.and_then(|d| d.insufficient_one_colour.as_ref()) {
        for letter in list.get_ref() {
            let i = one_colour(src, letter, pieces, geometry)?;
            if insufficient_one_colour.contains(&i) {
                return Err(src.error(
                    letter.span(),
                    Problem::Repeated {
                        what: "insufficient_one_colour piece",
                        name: letter.get_ref().clone(),
                    },
                ));
            }
            insufficient_one_colour.push(i);
        }
    }
    Ok(Draws {
        move_rule,
        resets,
        repetition,
        stalemate,
        insufficient,
        insufficient_one_colour,
    })
}

/// White's letters of the pieces, for messages: `K, Q, R`.
fn letters_of(pieces: &[PieceSpec]) -> String {
    pieces
        .iter()
        .map(|p| p.letters[0].to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// One side's material in `insufficient`: White's letters of its pieces,
/// its royal included (exactly one under checkmate); the pieces' indices,
/// sorted.
fn material(
    src: Source<'_>,
    raw: &Spanned<String>,
    pieces: &[PieceSpec],
    win: Win,
) -> Result<Vec<usize>, VariantError> {
    let text = raw.get_ref();
    let fail = |offset: usize, why: String| VariantError {
        at: src.inside(raw.span(), offset),
        problem: Problem::InsufficientMaterial {
            text: text.clone(),
            why,
        },
    };
    if text.is_empty() {
        return Err(fail(
            0,
            "it is empty: write the letter of each of the side's pieces, its royal piece's too"
                .to_string(),
        ));
    }
    let mut kinds = Vec::new();
    for (at, c) in text.char_indices() {
        let Some(i) = pieces.iter().position(|p| p.letters[0] == c) else {
            return Err(fail(
                at,
                format!(
                    "'{c}' is not a piece's letter (write White's letters: {})",
                    letters_of(pieces)
                ),
            ));
        };
        kinds.push(i);
    }
    kinds.sort_unstable();
    let royals = kinds
        .iter()
        .filter(|&&i| pieces[i].kind == PieceKind::Royal)
        .count();
    let royal_names: Vec<String> = pieces
        .iter()
        .filter(|p| p.kind == PieceKind::Royal)
        .map(|p| format!("{} {}", p.name, p.letters[0]))
        .collect();
    if royals == 0 {
        return Err(fail(
            0,
            format!(
                "it has no royal piece: a side's material includes its royal ({})",
                royal_names.join(", ")
            ),
        ));
    }
    if royals > 1 && win == Win::Checkmate {
        return Err(fail(
            0,
            format!(
                "it has {royals} royal pieces; under win = \"checkmate\" each side has exactly one"
            ),
        ));
    }
    Ok(kinds)
}

/// A piece of `insufficient_one_colour`: White's letter of a plain piece
/// whose every move keeps to the colour of its square.
fn one_colour(
    src: Source<'_>,
    raw: &Spanned<String>,
    pieces: &[PieceSpec],
    geometry: &Geometry,
) -> Result<usize, VariantError> {
    let text = raw.get_ref();
    let fail = |why: String| {
        src.error(
            raw.span(),
            Problem::OneColour {
                letter: text.clone(),
                why,
            },
        )
    };
    let mut chars = text.chars();
    let found = match (chars.next(), chars.next()) {
        (Some(c), None) => pieces.iter().position(|p| p.letters[0] == c),
        _ => None,
    };
    let Some(i) = found else {
        return Err(fail(format!(
            "is not one piece's letter (write White's letters: {})",
            letters_of(pieces)
        )));
    };
    let p = &pieces[i];
    match p.kind {
        PieceKind::Royal => {
            return Err(fail(format!(
                "'{}' is royal: name the pieces beside the royal pieces",
                p.name
            )))
        }
        PieceKind::Pawn => {
            return Err(fail(format!(
                "'{}' is a pawn: it leaves its square's colour (and promotes)",
                p.name
            )))
        }
        PieceKind::Piece => {}
    }
    let colour = |sq: Square| (sq.file() + sq.rank()) % 2;
    // The file's XBetza compiled when the pieces were read: this cannot
    // fail, and a refusal here says so rather than panicking.
    let table = compile(&p.betza, geometry, Facing::Up)
        .map_err(|e| fail(format!("its XBetza does not compile: {e}")))?;
    let bound = geometry.squares().iter().all(|sq| {
        let m = table.from(sq);
        m.leaps.iter().all(|l| colour(l.to) == colour(sq))
            && m.rays
                .iter()
                .all(|r| r.squares.iter().all(|&t| colour(t) == colour(sq)))
    });
    if !bound {
        return Err(fail(format!(
            "'{}' moves to squares of the other colour: only pieces bound to one colour (such as the Bishop) may be listed",
            p.name
        )));
    }
    Ok(i)
}
