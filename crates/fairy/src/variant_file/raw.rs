//! The file as TOML gives it, before checking: every key the format has,
//! unknown keys refused, values kept with their place in the text.

use serde::de::{self, Deserializer, SeqAccess, Visitor};
use serde::Deserialize;
use std::fmt;
use toml::Spanned;

/// The whole file.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawFile {
    pub name: Spanned<String>,
    #[serde(default)]
    pub description: Option<Spanned<String>>,
    pub setup: Spanned<String>,
    #[serde(default)]
    pub win: Option<Spanned<RawWin>>,
    #[serde(default)]
    pub en_passant: Option<bool>,
    pub board: Spanned<RawBoard>,
    #[serde(default, rename = "piece")]
    pub pieces: Vec<Spanned<RawPiece>>,
    #[serde(default)]
    pub promotion: Option<Spanned<RawPromotion>>,
    #[serde(default)]
    pub castling: Option<Spanned<RawCastling>>,
    #[serde(default)]
    pub draws: Option<RawDraws>,
    #[serde(default)]
    pub weights: Option<RawWeights>,
}

/// `[weights]`: the evaluation's weights that the file sets (the others
/// keep their defaults).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawWeights {
    #[serde(default)]
    pub mobility: Option<Spanned<i64>>,
    #[serde(default)]
    pub pawn_advance: Option<Spanned<i64>>,
    #[serde(default)]
    pub king_attacker: Option<Spanned<i64>>,
    #[serde(default)]
    pub king_zone_square: Option<Spanned<i64>>,
    #[serde(default)]
    pub tempo: Option<Spanned<i64>>,
    #[serde(default)]
    pub passed: Option<Spanned<i64>>,
    #[serde(default)]
    pub passed_advance: Option<Spanned<i64>>,
    #[serde(default)]
    pub doubled: Option<Spanned<i64>>,
    #[serde(default)]
    pub isolated: Option<Spanned<i64>>,
    #[serde(default)]
    pub centre: Option<Spanned<i64>>,
    #[serde(default)]
    pub shelter: Option<Spanned<i64>>,
    #[serde(default)]
    pub royal_rank: Option<Spanned<i64>>,
    #[serde(default)]
    pub royal_centre: Option<Spanned<i64>>,
    #[serde(default)]
    pub pair: Option<Spanned<i64>>,
    #[serde(default)]
    pub open_file: Option<Spanned<i64>>,
    #[serde(default)]
    pub half_open_file: Option<Spanned<i64>>,
}

impl RawWeights {
    /// Each weight written, by name, in [`crate::eval::EvalWeights::NAMES`]'
    /// order.
    pub fn given(&self) -> [(&'static str, Option<&Spanned<i64>>); 16] {
        [
            ("mobility", self.mobility.as_ref()),
            ("pawn_advance", self.pawn_advance.as_ref()),
            ("king_attacker", self.king_attacker.as_ref()),
            ("king_zone_square", self.king_zone_square.as_ref()),
            ("tempo", self.tempo.as_ref()),
            ("passed", self.passed.as_ref()),
            ("passed_advance", self.passed_advance.as_ref()),
            ("doubled", self.doubled.as_ref()),
            ("isolated", self.isolated.as_ref()),
            ("centre", self.centre.as_ref()),
            ("shelter", self.shelter.as_ref()),
            ("royal_rank", self.royal_rank.as_ref()),
            ("royal_centre", self.royal_centre.as_ref()),
            ("pair", self.pair.as_ref()),
            ("open_file", self.open_file.as_ref()),
            ("half_open_file", self.half_open_file.as_ref()),
        ]
    }
}

/// `[board]`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawBoard {
    pub files: Spanned<i64>,
    pub ranks: Spanned<i64>,
    #[serde(default)]
    pub holes: Option<Spanned<RawHoles>>,
}

/// `holes`: a word or a list of squares.
pub(super) enum RawHoles {
    Pattern(String),
    List(Vec<Spanned<String>>),
}

impl<'de> Deserialize<'de> for RawHoles {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<RawHoles, D::Error> {
        struct Holes;
        impl<'de> Visitor<'de> for Holes {
            type Value = RawHoles;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(
                    f,
                    "\"dark\", \"light\" or a list of squares such as [\"d4\", \"e5\"]"
                )
            }

            fn visit_str<E: de::Error>(self, v: &str) -> Result<RawHoles, E> {
                Ok(RawHoles::Pattern(v.to_string()))
            }

            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<RawHoles, A::Error> {
                let mut list = Vec::new();
                while let Some(sq) = seq.next_element::<Spanned<String>>()? {
                    list.push(sq);
                }
                Ok(RawHoles::List(list))
            }
        }
        d.deserialize_any(Holes)
    }
}

/// One `[[piece]]`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawPiece {
    pub name: Spanned<String>,
    pub letter: Spanned<String>,
    #[serde(default)]
    pub black_letter: Option<Spanned<String>>,
    pub betza: Spanned<String>,
    pub kind: RawKind,
    #[serde(default)]
    pub value: Option<Spanned<f64>>,
}

/// `kind`.
#[derive(Deserialize, Copy, Clone, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub(super) enum RawKind {
    Royal,
    Piece,
    Pawn,
}

/// `win`.
#[derive(Deserialize, Copy, Clone, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub(super) enum RawWin {
    Checkmate,
    Capture,
    Extinction,
}

/// `[promotion]`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawPromotion {
    #[serde(default)]
    pub zone: Option<Spanned<i64>>,
    pub choices: Spanned<Vec<Spanned<String>>>,
    #[serde(default)]
    pub compulsory: Option<Spanned<bool>>,
}

/// `[castling]`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawCastling {
    #[serde(default)]
    pub piece: Option<Spanned<String>>,
    pub with: Spanned<Vec<Spanned<String>>>,
    pub moves: Spanned<Vec<Spanned<RawCastlingMove>>>,
}

/// One castling move, White's squares.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawCastlingMove {
    pub from: Spanned<String>,
    pub to: Spanned<String>,
    pub partner: Spanned<String>,
    pub partner_to: Spanned<String>,
}

/// `[draws]`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawDraws {
    #[serde(default)]
    pub move_rule: Option<Spanned<i64>>,
    #[serde(default)]
    pub resets: Option<Spanned<Vec<Spanned<RawReset>>>>,
    #[serde(default)]
    pub repetition: Option<Spanned<i64>>,
    #[serde(default)]
    pub stalemate: Option<RawStalemate>,
    #[serde(default)]
    pub insufficient: Option<Spanned<Vec<Spanned<RawMaterialPair>>>>,
    #[serde(default)]
    pub insufficient_one_colour: Option<Spanned<Vec<Spanned<String>>>>,
}

/// One entry of `insufficient`: the two sides' material, as written (its
/// length is checked, to say what is wrong with its place).
pub(super) type RawMaterialPair = Vec<Spanned<String>>;

/// What resets the n-move count.
#[derive(Deserialize, Copy, Clone, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub(super) enum RawReset {
    Capture,
    Pawn,
    Promotion,
}

/// `stalemate`.
#[derive(Deserialize, Copy, Clone, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub(super) enum RawStalemate {
    Draw,
    Loss,
    Win,
}
