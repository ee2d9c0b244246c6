//! From the file's TOML to the fairy core's [`Variant`]: every name,
//! letter, square, XBetza text and number is checked, and the first problem
//! is returned with its place in the file. What the core cannot play is
//! refused here too, never dropped, as a [`Problem::Unsupported`] naming
//! the key, at the place of the value that says it; and the variant read is
//! built into a [`RuleSet`] before it is handed over, so a file that reads
//! plays.
//!
//! What maps to what:
//!
//! - `name`, `description`, `[board]` (size and holes): as read.
//! - `[[piece]]`: name, White's `letter` (the core's letter), `betza`,
//!   `kind`, `value` (pawns, to centipawns: `(pawns * 100).round()`). The
//!   core writes Black's pieces in lower case: a `black_letter` other than
//!   the lower case of `letter` is refused (`black_letter`).
//! - `setup`: its fields, the left-out ones filled with their defaults
//!   (`- - 0 1`). The file's en passant field names one crossed square,
//!   the core's every one: a setup whose pawn crossed several is refused
//!   (`setup`).
//! - `win`: `"checkmate"` is the core's checkmate. The core's capture rule
//!   ends the game when a side's last royal piece is gone, which is
//!   `"extinction"`; `"capture"` (any royal piece) is the same only while
//!   each side has at most one, so it is refused when the setup gives a side
//!   several (`win`).
//! - `[promotion]`: one zone of `zone` ranks offering `choices`.
//!   `compulsory = false` means "optional, but compulsory on the last
//!   rank", which the core expresses only for a zone of one rank (where it
//!   is compulsory promotion); a deeper optional zone is refused
//!   (`promotion.compulsory`). The core never promotes to a royal piece
//!   (`promotion.choices`).
//! - `[castling]`: each move for both sides (Black's mirrored), the right
//!   `K`/`Q` by its wing, written `O-O` (higher file) and `O-O-O`; partners
//!   by kind, `["any"]` as every kind that is neither royal nor a pawn; the
//!   safety is FIDE's path rule. The core castles only a royal piece, any
//!   royal kind, and always wants the landing square safe: castling under a
//!   win other than checkmate (`castling`), a non-royal castling piece or
//!   several royal kinds (`castling.piece`), and partners of which none can
//!   be one (`castling.with`) are refused.
//! - `en_passant`: as read (every crossed square, as the docs say).
//! - `[draws]`: `move_rule` n -> a limit of 2n quiet plies (0: none);
//!   `repetition` (0: none); `stalemate`. The core always resets the count
//!   on a capture: resets without `"capture"` are refused
//!   (`draws.resets`); a pawn move resets it when `"pawn"` is listed, a
//!   promotion when `"promotion"` or `"pawn"` is (a promotion is a pawn's
//!   move). The files have no bare-royals rule, so that draw is off
//!   (`insufficient = [["K", "K"]]` says it). En passant squares count for
//!   repetition only when a capture there is legal (FIDE). `insufficient`
//!   and `insufficient_one_colour`: the core's dead material, by White's
//!   letters.
//! - `[weights]`: the evaluation's weights ([`EvalWeights`]), each
//!   within [`MAX_WEIGHT`] either way (`Problem::Weight`), the ones left
//!   out at their defaults. Not the rules: they go beside the variant.
//! - The rest of the core's description: no pawn letters in move notation,
//!   an en passant field in the position string, chess's move examples, no
//!   hands.

use super::error::{Location, Problem, VariantError};
use super::raw::{
    RawBoard, RawCastling, RawDraws, RawFile, RawHoles, RawKind, RawPiece, RawPromotion, RawReset,
    RawStalemate, RawWeights, RawWin,
};
use super::setup;
use super::Contents;
use crate::eval::{EvalWeights, MAX_WEIGHT};
use crate::rules::{
    CastlingSafety, CastlingSpec, DeadMaterial, DrawRules, EnPassantIdentity, PieceKind, PieceSpec,
    Promotion, PromotionZone, RuleError, RuleSet, StalemateRule, Variant, WinCondition,
};
use deckmate_betza::{compile, parse, Betza, BetzaError, Facing};
use deckmate_board::{Geometry, Parity, RankStyle, Square};
use deckmate_rules::{PositionError, Seat};
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

    /// A refusal of what the core cannot play, at the start of `span`.
    fn unsupported(&self, span: Range<usize>, key: &'static str, why: String) -> VariantError {
        self.error(span, Problem::Unsupported { key, why })
    }
}

/// A piece as checked: the core's description and its movement parsed.
/// Black's letter is the lower case of White's (the core's rule).
pub(super) struct Piece {
    /// The core's description.
    pub spec: PieceSpec,
    /// Its movement, parsed; it compiles for the board facing either way.
    pub betza: Betza,
}

impl Piece {
    /// Its letter on `seat`'s side.
    pub fn letter(&self, seat: Seat) -> char {
        match seat {
            Seat::First => self.spec.letter,
            Seat::Second => self.spec.letter.to_ascii_lowercase(),
        }
    }

    /// Royal, plain piece or pawn.
    pub fn kind(&self) -> PieceKind {
        self.spec.kind
    }
}

/// Which way a castling move goes: where the partner stands, seen from the
/// castling piece. The position string writes the rights `K`/`Q` (White)
/// and `k`/`q` (Black), as in FEN.
#[derive(Copy, Clone, PartialEq, Eq, Debug, PartialOrd, Ord)]
pub(super) enum Wing {
    /// The partner stands on a higher file (chess's king side): `K`, `k`.
    High,
    /// The partner stands on a lower file (chess's queen side): `Q`, `q`.
    Low,
}

impl Wing {
    /// The letter of this right for `seat` in the position string.
    fn letter(self, seat: Seat) -> char {
        match (self, seat) {
            (Wing::High, Seat::First) => 'K',
            (Wing::Low, Seat::First) => 'Q',
            (Wing::High, Seat::Second) => 'k',
            (Wing::Low, Seat::Second) => 'q',
        }
    }
}

/// The pieces one may castle with.
pub(super) enum Partners {
    /// Whatever piece (not royal, not a pawn) stands on the partner's
    /// square (Dealer's Chess, RULINGS D5). File: `with = ["any"]`.
    Any,
    /// These kinds (indices into the pieces).
    Pieces(Vec<usize>),
}

/// One castling move, White's, as squares: the castling piece goes
/// `from` -> `to` and the partner `partner_from` -> `partner_to`, all four
/// on one rank.
#[derive(Copy, Clone)]
pub(super) struct CastlingMove {
    /// Which right it uses.
    pub wing: Wing,
    /// Where the castling piece starts.
    pub from: Square,
    /// Where it lands.
    pub to: Square,
    /// Where the partner starts.
    pub partner_from: Square,
    /// Where the partner lands.
    pub partner_to: Square,
}

impl CastlingMove {
    /// The move for `seat`: White's as written, Black's mirrored to the
    /// other side of the board (same files, rank `r` to `ranks - 1 - r`).
    pub fn for_seat(&self, seat: Seat, ranks: u8) -> CastlingMove {
        match seat {
            Seat::First => *self,
            Seat::Second => CastlingMove {
                wing: self.wing,
                from: mirror(self.from, ranks),
                to: mirror(self.to, ranks),
                partner_from: mirror(self.partner_from, ranks),
                partner_to: mirror(self.partner_to, ranks),
            },
        }
    }
}

/// The square on the same file, the same distance from the other edge.
fn mirror(sq: Square, ranks: u8) -> Square {
    Square((ranks.saturating_sub(1).saturating_sub(sq.rank())) * 16 + sq.file())
}

/// Castling as checked: a royal piece and a partner move at once.
pub(super) struct Castling {
    /// The piece that castles (an index into the pieces).
    pub piece: usize,
    /// What it may castle with.
    pub partners: Partners,
    /// White's castling moves, at most one per [`Wing`], sorted by wing.
    pub moves: Vec<CastlingMove>,
}

impl Castling {
    /// The core's castlings: each move for both sides.
    fn specs(&self, pieces: &[Piece], ranks: u8) -> Vec<CastlingSpec> {
        let partners = self.partner_letters(pieces);
        let mut out = Vec::new();
        for seat in Seat::BOTH {
            for m in &self.moves {
                let m = m.for_seat(seat, ranks);
                out.push(CastlingSpec {
                    seat,
                    letter: m.wing.letter(seat),
                    notation: match m.wing {
                        Wing::High => "O-O",
                        Wing::Low => "O-O-O",
                    }
                    .to_string(),
                    king_from: m.from,
                    king_to: m.to,
                    partner_from: m.partner_from,
                    partner_to: m.partner_to,
                    partners: partners.clone(),
                    safety: CastlingSafety::Path,
                });
            }
        }
        out
    }

    /// The letters of the kinds that may be the partner (`"any"`: every
    /// kind neither royal nor a pawn).
    fn partner_letters(&self, pieces: &[Piece]) -> Vec<char> {
        match &self.partners {
            Partners::Pieces(kinds) => kinds
                .iter()
                .filter_map(|&k| pieces.get(k).map(|p| p.spec.letter))
                .collect(),
            Partners::Any => pieces
                .iter()
                .filter(|p| p.kind() == PieceKind::Piece)
                .map(|p| p.spec.letter)
                .collect(),
        }
    }
}

/// Reads and checks a variant file's text: the core's variant, the rule
/// set it builds and the evaluation's weights.
pub(super) fn read(text: &str) -> Result<Contents, VariantError> {
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
    let win = raw.win.as_ref().map_or(RawWin::Checkmate, |w| *w.get_ref());
    let promotion = match &raw.promotion {
        Some(p) => promotion(src, p, &pieces, &geometry, win)?,
        None => Promotion::default(),
    };
    let castling = match &raw.castling {
        Some(c) => Some(castling(src, c, &pieces, &geometry, win)?),
        None => None,
    };
    let draws = draws(src, raw.draws.as_ref(), &pieces, &geometry, win)?;
    let en_passant = raw.en_passant.unwrap_or(false);
    let weights = match &raw.weights {
        Some(w) => weights(src, w)?,
        None => EvalWeights::default(),
    };
    let setup = setup::read(
        src,
        &raw.setup,
        &setup::Rules {
            geometry: &geometry,
            pieces: &pieces,
            checkmate: win == RawWin::Checkmate,
            castling: castling.as_ref(),
            en_passant,
        },
    )?;
    let win = match (win, &raw.win) {
        (RawWin::Checkmate, _) => WinCondition::Checkmate,
        (RawWin::Capture, Some(at)) => {
            for seat in Seat::BOTH {
                let royals = setup
                    .placed
                    .iter()
                    .filter(|p| {
                        p.seat == seat
                            && pieces.get(p.piece).map(Piece::kind) == Some(PieceKind::Royal)
                    })
                    .count();
                if royals > 1 {
                    return Err(src.unsupported(
                        at.span(),
                        "win",
                        format!(
                            "\"capture\" (any royal piece) with {royals} royal pieces on one \
                             side: the core ends the game only when the last is taken \
                             (write \"extinction\" for that)"
                        ),
                    ));
                }
            }
            WinCondition::CaptureRoyal
        }
        (RawWin::Capture | RawWin::Extinction, _) => WinCondition::CaptureRoyal,
    };
    let ranks = geometry.ranks();
    let variant = Variant {
        name,
        description,
        geometry,
        castling: castling.map_or_else(Vec::new, |c| c.specs(&pieces, ranks)),
        pieces: pieces.into_iter().map(|p| p.spec).collect(),
        start: setup.start,
        win,
        promotion,
        en_passant,
        draws,
        san_pawn_letter: false,
        en_passant_field: true,
        move_examples: None,
        hands: None,
    };
    let rules = RuleSet::new(variant.clone()).map_err(|e| {
        let setup_at = |offset: usize| src.inside(raw.setup.span(), offset);
        match e {
            // The file names one crossed square; the core wants every
            // square the pawn crossed (the same for a double step).
            RuleError::Start(PositionError::BadField { field, text, .. })
                if field == "en passant" =>
            {
                VariantError {
                    at: setup_at(setup.en_passant_at.unwrap_or(0)),
                    problem: Problem::Unsupported {
                        key: "setup",
                        why: format!(
                            "en passant square '{text}' of a pawn that crossed several \
                             squares: the core's position string names all of them"
                        ),
                    },
                }
            }
            e @ RuleError::Start(_) => VariantError {
                at: setup_at(0),
                problem: Problem::Rules(e),
            },
            e => VariantError {
                at: None,
                problem: Problem::Rules(e),
            },
        }
    })?;
    Ok(Contents {
        variant,
        rules,
        weights,
    })
}

/// `[weights]`: the defaults with the weights written, each within
/// [`MAX_WEIGHT`] either way.
fn weights(src: Source<'_>, raw: &RawWeights) -> Result<EvalWeights, VariantError> {
    let mut w = EvalWeights::default();
    for (key, value) in raw.given() {
        let Some(v) = value else { continue };
        let n = *v.get_ref();
        match i32::try_from(n) {
            Ok(x) if x.abs() <= MAX_WEIGHT => {
                w.set(key, x);
            }
            _ => return Err(src.error(v.span(), Problem::Weight { key, value: n })),
        }
    }
    Ok(w)
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
) -> Result<Vec<Piece>, VariantError> {
    if raw.is_empty() {
        return Err(VariantError {
            at: None,
            problem: Problem::NoPieces,
        });
    }
    let mut out: Vec<Piece> = Vec::new();
    // Each letter with the piece that has it.
    let mut letters: Vec<(char, String)> = Vec::new();
    for (k, spanned) in raw.iter().enumerate() {
        let p = spanned.get_ref();
        let name = name(src, &p.name, &format!("piece {}", k + 1))?;
        if out.iter().any(|q| q.spec.name.eq_ignore_ascii_case(&name)) {
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
        if let Some(b) = &p.black_letter {
            if black != white.to_ascii_lowercase() {
                return Err(src.unsupported(
                    b.span(),
                    "black_letter",
                    format!(
                        "piece '{name}': Black's letter '{black}' is not the lower case of \
                         '{white}'; the core writes Black's pieces in lower case"
                    ),
                ));
            }
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
        let kind = match p.kind {
            RawKind::Royal => PieceKind::Royal,
            RawKind::Piece => PieceKind::Piece,
            RawKind::Pawn => PieceKind::Pawn,
        };
        let mut spec = PieceSpec::new(&name, white, text, kind);
        if let Some(v) = &p.value {
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
            // From 0 to 100 000 centipawns: it fits.
            spec = spec.valued((x * 100.0).round() as i32);
        }
        out.push(Piece { spec, betza });
    }
    if !out.iter().any(|p| p.kind() == PieceKind::Royal) {
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
    pieces: &[Piece],
    used_as: &'static str,
) -> Result<usize, VariantError> {
    pieces
        .iter()
        .position(|p| p.spec.name == *raw.get_ref())
        .ok_or_else(|| {
            src.error(
                raw.span(),
                Problem::UnknownPiece {
                    name: raw.get_ref().clone(),
                    used_as,
                    pieces: pieces.iter().map(|p| p.spec.name.clone()).collect(),
                },
            )
        })
}

/// The kind of piece `i` (`None` past the list, which lookups never give).
fn kind_of(pieces: &[Piece], i: usize) -> Option<PieceKind> {
    pieces.get(i).map(Piece::kind)
}

fn promotion(
    src: Source<'_>,
    raw: &Spanned<RawPromotion>,
    pieces: &[Piece],
    geometry: &Geometry,
    win: RawWin,
) -> Result<Promotion, VariantError> {
    if !pieces.iter().any(|p| p.kind() == PieceKind::Pawn) {
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
    let mut choices: Vec<usize> = Vec::new();
    for c in p.choices.get_ref() {
        let i = lookup(src, c, pieces, "promotion choice")?;
        let why = match kind_of(pieces, i) {
            Some(PieceKind::Pawn) => Some("a promotion choice cannot be a pawn"),
            Some(PieceKind::Royal) if win == RawWin::Checkmate => Some(
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
    for (c, &i) in p.choices.get_ref().iter().zip(&choices) {
        if kind_of(pieces, i) != Some(PieceKind::Piece) {
            return Err(src.unsupported(
                c.span(),
                "promotion.choices",
                format!(
                    "a pawn may become '{}', a royal piece; the core promotes only to plain pieces",
                    c.get_ref()
                ),
            ));
        }
    }
    if let Some(compulsory) = &p.compulsory {
        if !*compulsory.get_ref() && zone > 1 {
            return Err(src.unsupported(
                compulsory.span(),
                "promotion.compulsory",
                format!(
                    "false with a zone of {zone} ranks: optional promotion that is compulsory \
                     on the last rank only; the core's optional promotion is optional \
                     everywhere in the zone"
                ),
            ));
        }
    }
    Ok(Promotion {
        zones: vec![PromotionZone {
            ranks: zone,
            choices: choices
                .iter()
                .filter_map(|&i| pieces.get(i).map(|p| p.spec.letter))
                .collect(),
        }],
        // Optional promotion is accepted only on a zone of one rank, the
        // last, where promotion is compulsory either way.
        compulsory: true,
    })
}

fn castling(
    src: Source<'_>,
    raw: &Spanned<RawCastling>,
    pieces: &[Piece],
    geometry: &Geometry,
    win: RawWin,
) -> Result<Castling, VariantError> {
    let c = raw.get_ref();
    let fail = |span: Range<usize>, why: String| src.error(span, Problem::Castling(why));
    let royals: Vec<usize> = (0..pieces.len())
        .filter(|&i| kind_of(pieces, i) == Some(PieceKind::Royal))
        .collect();
    let piece = match &c.piece {
        Some(p) => {
            let i = lookup(src, p, pieces, "castling piece")?;
            if kind_of(pieces, i) == Some(PieceKind::Pawn) {
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
        None => match royals.as_slice() {
            [one] => *one,
            _ => {
                let names: Vec<&str> = royals
                    .iter()
                    .filter_map(|&i| pieces.get(i).map(|p| p.spec.name.as_str()))
                    .collect();
                return Err(fail(
                    raw.span(),
                    format!(
                        "several pieces are royal ({}): say which one castles with piece = \"...\"",
                        names.join(", ")
                    ),
                ));
            }
        },
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
            let why = match kind_of(pieces, i) {
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
    let castling = Castling {
        piece,
        partners,
        moves,
    };

    // What the core cannot castle.
    if win != RawWin::Checkmate {
        return Err(src.unsupported(
            raw.span(),
            "castling",
            "castling with a win other than \"checkmate\": the core always wants the \
             castling piece's landing square safe"
                .to_string(),
        ));
    }
    let piece_span = c.piece.as_ref().map_or(raw.span(), |p| p.span());
    let name = pieces.get(piece).map_or("?", |p| p.spec.name.as_str());
    if kind_of(pieces, piece) != Some(PieceKind::Royal) {
        return Err(src.unsupported(
            piece_span,
            "castling.piece",
            format!("'{name}' is not royal; the core castles only a royal piece"),
        ));
    }
    if royals.len() > 1 {
        return Err(src.unsupported(
            piece_span,
            "castling.piece",
            format!(
                "'{name}' with {} royal kinds: the core lets any royal piece castle",
                royals.len()
            ),
        ));
    }
    if castling.partner_letters(pieces).is_empty() {
        return Err(src.unsupported(
            c.with.span(),
            "castling.with",
            "no piece is neither royal nor a pawn, so none can be the partner".to_string(),
        ));
    }
    Ok(castling)
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

/// What resets the n-move count, as the file lists it.
#[derive(Copy, Clone, PartialEq, Eq, Default)]
struct Resets {
    capture: bool,
    pawn: bool,
    promotion: bool,
}

fn draws(
    src: Source<'_>,
    raw: Option<&RawDraws>,
    pieces: &[Piece],
    geometry: &Geometry,
    win: RawWin,
) -> Result<DrawRules, VariantError> {
    let move_rule = match raw.and_then(|d| d.move_rule.as_ref()) {
        None => 50,
        Some(n) => match u32::try_from(*n.get_ref()) {
            Ok(v) if v <= 1000 => v,
            _ => return Err(src.error(n.span(), Problem::MoveRule(*n.get_ref()))),
        },
    };
    let resets_list = raw.and_then(|d| d.resets.as_ref());
    let resets = match resets_list {
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
        None | Some(RawStalemate::Draw) => StalemateRule::Draw,
        Some(RawStalemate::Loss) => StalemateRule::Loss,
        Some(RawStalemate::Win) => StalemateRule::Win,
    };
    let mut pairs = Vec::new();
    if let Some(list) = raw.and_then(|d| d.insufficient.as_ref()) {
        for entry in list.get_ref() {
            let pair = entry.get_ref();
            let [a, b] = pair.as_slice() else {
                return Err(src.error(entry.span(), Problem::InsufficientPair(pair.len())));
            };
            pairs.push([
                material(src, a, pieces, win)?,
                material(src, b, pieces, win)?,
            ]);
        }
    }
    let mut one_colour_kinds: Vec<usize> = Vec::new();
    if let Some(list) = raw.and_then(|d| d.insufficient_one_colour.as_ref()) {
        for letter in list.get_ref() {
            let i = one_colour(src, letter, pieces, geometry)?;
            if one_colour_kinds.contains(&i) {
                return Err(src.error(
                    letter.span(),
                    Problem::Repeated {
                        what: "insufficient_one_colour piece",
                        name: letter.get_ref().clone(),
                    },
                ));
            }
            one_colour_kinds.push(i);
        }
    }
    if let Some(list) = resets_list {
        if move_rule != 0 && !resets.capture {
            return Err(src.unsupported(
                list.span(),
                "draws.resets",
                "without \"capture\": the core's n-move count always restarts on a capture"
                    .to_string(),
            ));
        }
    }
    Ok(DrawRules {
        quiet_limit: (move_rule != 0).then(|| move_rule * 2),
        pawn_moves_reset: resets.pawn,
        // A promotion is a pawn's move.
        promotions_reset: resets.promotion || resets.pawn,
        repetition: (repetition != 0).then_some(repetition),
        en_passant_identity: EnPassantIdentity::WhenCapturable,
        stalemate,
        bare_royals: false,
        dead_material: DeadMaterial {
            pairs,
            one_colour: one_colour_kinds
                .iter()
                .filter_map(|&i| pieces.get(i).map(|p| p.spec.letter))
                .collect(),
        },
    })
}

/// White's letters of the pieces, for messages: `K, Q, R`.
fn letters_of(pieces: &[Piece]) -> String {
    pieces
        .iter()
        .map(|p| p.spec.letter.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// One side's material in `insufficient`: White's letters of its pieces,
/// its royal included (exactly one under checkmate); the core's dead
/// material, White's letters in the pieces' order.
fn material(
    src: Source<'_>,
    raw: &Spanned<String>,
    pieces: &[Piece],
    win: RawWin,
) -> Result<String, VariantError> {
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
        let Some(i) = pieces.iter().position(|p| p.spec.letter == c) else {
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
        .filter(|&&i| kind_of(pieces, i) == Some(PieceKind::Royal))
        .count();
    let royal_names: Vec<String> = pieces
        .iter()
        .filter(|p| p.kind() == PieceKind::Royal)
        .map(|p| format!("{} {}", p.spec.name, p.spec.letter))
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
    if royals > 1 && win == RawWin::Checkmate {
        return Err(fail(
            0,
            format!(
                "it has {royals} royal pieces; under win = \"checkmate\" each side has exactly one"
            ),
        ));
    }
    Ok(kinds
        .iter()
        .filter_map(|&i| pieces.get(i).map(|p| p.spec.letter))
        .collect())
}

/// A piece of `insufficient_one_colour`: White's letter of a plain piece
/// whose every move keeps to the colour of its square.
fn one_colour(
    src: Source<'_>,
    raw: &Spanned<String>,
    pieces: &[Piece],
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
        (Some(c), None) => pieces.iter().position(|p| p.spec.letter == c),
        _ => None,
    };
    let Some((i, p)) = found.and_then(|i| pieces.get(i).map(|p| (i, p))) else {
        return Err(fail(format!(
            "is not one piece's letter (write White's letters: {})",
            letters_of(pieces)
        )));
    };
    let name = &p.spec.name;
    match p.kind() {
        PieceKind::Royal => {
            return Err(fail(format!(
                "'{name}' is royal: name the pieces beside the royal pieces"
            )))
        }
        PieceKind::Pawn => {
            return Err(fail(format!(
                "'{name}' is a pawn: it leaves its square's colour (and promotes)"
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
            "'{name}' moves to squares of the other colour: only pieces bound to one colour (such as the Bishop) may be listed"
        )));
    }
    Ok(i)
}
