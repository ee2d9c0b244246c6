//! A checked [`VariantSpec`] made into the fairy core's [`RuleSet`]: a
//! user's variant file becomes a playable game.
//!
//! Every key of `docs/variant-files.md` maps onto the core's
//! [`Variant`](fairy::Variant); where the core cannot say what the file
//! says, the build refuses with a [`BuildError::Unsupported`] naming the
//! key, never drops it. What maps to what:
//!
//! - `name`, `[board]` (size and holes): as read.
//! - `[[piece]]`: name, White's `letter` (the core's letter), `betza`,
//!   `kind`, `value` (pawns, to centipawns). The core writes Black's pieces
//!   in lower case: a `black_letter` other than the lower case of `letter`
//!   is refused.
//! - `setup`: its fields, the left-out ones filled with their defaults
//!   (`- - 0 1`). The file's en passant field names one crossed square,
//!   the core's every one: a setup whose pawn crossed several is refused.
//! - `win`: `"checkmate"` is the core's checkmate. The core's capture rule
//!   ends the game when a side's last royal piece is gone, which is
//!   `"extinction"`; `"capture"` (any royal piece) is the same only while
//!   each side has at most one, so it is refused when the setup gives a side
//!   several.
//! - `[promotion]`: one zone of `zone` ranks offering `choices`.
//!   `compulsory = false` means "optional, but compulsory on the last
//!   rank", which the core expresses only for a zone of one rank (where it
//!   is compulsory promotion); a deeper optional zone is refused. The core
//!   never promotes to a royal piece: refused.
//! - `[castling]`: each move for both sides (Black's mirrored), the right
//!   `K`/`Q` by its wing, written `O-O` (higher file) and `O-O-O`; partners
//!   by kind, `["any"]` as every kind that is neither royal nor a pawn; the
//!   safety is FIDE's path rule. The core castles only a royal piece, any
//!   royal kind, and always wants the landing square safe: a non-royal
//!   castling piece, several royal kinds, or castling under a win other than
//!   checkmate are refused.
//! - `en_passant`: as read (every crossed square, as the docs say).
//! - `[draws]`: `move_rule` n -> a limit of 2n quiet plies (0: none);
//!   `repetition` (0: none); `stalemate`. The core always resets the count
//!   on a capture and a promotion, and on pawn moves when asked: resets
//!   without `"capture"` (or without `"promotion"` and `"pawn"` in a game
//!   with promotion) are refused. The files have no bare-royals rule, so
//!   that draw is off (`insufficient = [["K", "K"]]` says it). En passant
//!   squares count for repetition only when a capture there is legal
//!   (FIDE). `insufficient` and `insufficient_one_colour`: the core's dead
//!   material, by White's letters.

use super::spec::{Partners, PieceKind, VariantSpec, Win, Wing};
use crate as fairy;
use crate::{
    CastlingSafety, CastlingSpec, DeadMaterial, DrawRules, EnPassantIdentity, PieceSpec, Promotion,
    PromotionZone, RuleError, RuleSet, WinCondition,
};
use deckmate_rules::{PositionError, Seat};
use std::fmt;
use std::sync::Arc;

/// Why a checked variant file does not become a rule set.
#[non_exhaustive]
#[derive(Clone, PartialEq, Debug)]
pub enum BuildError {
    /// The file says something the fairy core cannot play.
    Unsupported {
        /// The key that says it (`"black_letter"`, `"win"`,
        /// `"promotion.compulsory"`, ...).
        key: &'static str,
        /// What the file says and why it cannot be played.
        why: String,
    },
    /// The core refused the variant (a check the file's reader does not
    /// make).
    Rules(RuleError),
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BuildError::Unsupported { key, why } => {
                write!(f, "`{key}`: not supported by the fairy core: {why}")
            }
            BuildError::Rules(e) => write!(f, "the rules do not build: {e}"),
        }
    }
}

impl std::error::Error for BuildError {}

impl From<RuleError> for BuildError {
    fn from(e: RuleError) -> BuildError {
        BuildError::Rules(e)
    }
}

fn unsupported(key: &'static str, why: String) -> BuildError {
    BuildError::Unsupported { key, why }
}

impl VariantSpec {
    /// The fairy core's description of this variant (see the module's
    /// notes for what maps to what and what is refused).
    pub fn fairy_variant(&self) -> Result<fairy::Variant, BuildError> {
        let mut pieces = Vec::with_capacity(self.pieces.len());
        for p in &self.pieces {
            let [white, black] = p.letters;
            if black != white.to_ascii_lowercase() {
                return Err(unsupported(
                    "black_letter",
                    format!(
                        "piece '{}': Black's letter '{black}' is not the lower case of '{white}'; \
                         the core writes Black's pieces in lower case",
                        p.name
                    ),
                ));
            }
            let mut spec = PieceSpec::new(&p.name, white, &p.betza_text, p.kind);
            if let Some(v) = p.value {
                spec = spec.valued((v * 100.0).round() as i32);
            }
            pieces.push(spec);
        }
        let letter = |i: usize| self.pieces[i].letters[0];
        let royal_kinds: Vec<usize> = (0..self.pieces.len())
            .filter(|&i| self.pieces[i].kind == PieceKind::Royal)
            .collect();

        let win = match self.win {
            Win::Checkmate => WinCondition::Checkmate,
            Win::Extinction => WinCondition::CaptureRoyal,
            Win::RoyalCapture => {
                for seat in Seat::BOTH {
                    let royals = self
                        .setup
                        .placed
                        .iter()
                        .filter(|p| p.seat == seat && royal_kinds.contains(&p.piece))
                        .count();
                    if royals > 1 {
                        return Err(unsupported(
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
        };

        let mut promotion = Promotion::default();
        if let Some(pr) = &self.promotion {
            if let Some(&r) = pr
                .choices
                .iter()
                .find(|&&c| self.pieces[c].kind != PieceKind::Piece)
            {
                return Err(unsupported(
                    "promotion.choices",
                    format!(
                        "a pawn may become '{}', a royal piece; the core promotes only to plain pieces",
                        self.pieces[r].name
                    ),
                ));
            }
            if !pr.compulsory && pr.zone > 1 {
                return Err(unsupported(
                    "promotion.compulsory",
                    format!(
                        "false with a zone of {} ranks: optional promotion that is compulsory on \
                         the last rank only; the core's optional promotion is optional everywhere \
                         in the zone",
                        pr.zone
                    ),
                ));
            }
            promotion = Promotion {
                zones: vec![PromotionZone {
                    ranks: pr.zone,
                    choices: pr.choices.iter().map(|&c| letter(c)).collect(),
                }],
                // A zone of one rank is the last rank, where promotion is
                // compulsory either way.
                compulsory: true,
            };
        }

        let mut castling = Vec::new();
        if let Some(c) = &self.castling {
            if self.win != Win::Checkmate {
                return Err(unsupported(
                    "castling",
                    "castling with a win other than \"checkmate\": the core always wants the \
                     castling piece's landing square safe"
                        .to_string(),
                ));
            }
            let name = &self.pieces[c.piece].name;
            if self.pieces[c.piece].kind != PieceKind::Royal {
                return Err(unsupported(
                    "castling.piece",
                    format!("'{name}' is not royal; the core castles only a royal piece"),
                ));
            }
            if royal_kinds.len() > 1 {
                return Err(unsupported(
                    "castling.piece",
                    format!(
                        "'{name}' with {} royal kinds: the core lets any royal piece castle",
                        royal_kinds.len()
                    ),
                ));
            }
            let partners: Vec<char> = match &c.partners {
                Partners::Pieces(kinds) => kinds.iter().map(|&k| letter(k)).collect(),
                Partners::Any => (0..self.pieces.len())
                    .filter(|&i| self.pieces[i].kind == PieceKind::Piece)
                    .map(letter)
                    .collect(),
            };
            if partners.is_empty() {
                return Err(unsupported(
                    "castling.with",
                    "no piece is neither royal nor a pawn, so none can be the partner".to_string(),
                ));
            }
            for seat in Seat::BOTH {
                for m in &c.moves {
                    let m = m.for_seat(seat, self.geometry.ranks());
                    castling.push(CastlingSpec {
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
        }

        let d = &self.draws;
        if d.move_rule != 0 && !d.resets.capture {
            return Err(unsupported(
                "draws.resets",
                "without \"capture\": the core's n-move count always restarts on a capture"
                    .to_string(),
            ));
        }
        let draws = DrawRules {
            quiet_limit: (d.move_rule != 0).then(|| d.move_rule * 2),
            pawn_moves_reset: d.resets.pawn,
            promotions_reset: d.resets.promotion || d.resets.pawn,
            repetition: (d.repetition != 0).then_some(d.repetition),
            en_passant_identity: EnPassantIdentity::WhenCapturable,
            stalemate: d.stalemate,
            bare_royals: false,
            dead_material: DeadMaterial {
                pairs: d
                    .insufficient
                    .iter()
                    .map(|pair| {
                        pair.clone()
                            .map(|side| side.into_iter().map(letter).collect())
                    })
                    .collect(),
                one_colour: d
                    .insufficient_one_colour
                    .iter()
                    .map(|&i| letter(i))
                    .collect(),
            },
        };

        let mut fields: Vec<&str> = self.setup.text.split_whitespace().collect();
        for (i, default) in ["-", "-", "0", "1"].into_iter().enumerate() {
            if fields.len() < i + 3 {
                fields.push(default);
            }
        }

        Ok(fairy::Variant {
            name: self.name.clone(),
            geometry: self.geometry.clone(),
            pieces,
            start: fields.join(" "),
            win,
            promotion,
            castling,
            en_passant: self.en_passant,
            draws,
            san_pawn_letter: false,
            en_passant_field: true,
            move_examples: None,
            hands: None,
        })
    }

    /// The playable rule set of this variant.
    pub fn rule_set(&self) -> Result<Arc<RuleSet>, BuildError> {
        RuleSet::new(self.fairy_variant()?).map_err(|e| match e {
            // The file names one crossed square; the core wants every
            // square the pawn crossed (the same for a double step).
            RuleError::Start(PositionError::BadField { field, text, .. })
                if field == "en passant" =>
            {
                unsupported(
                    "setup",
                    format!(
                        "en passant square '{text}' of a pawn that crossed several squares: \
                         the core's position string names all of them"
                    ),
                )
            }
            e => BuildError::Rules(e),
        })
    }
}
