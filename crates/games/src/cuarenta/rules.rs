//! Cuarenta as a rule set of the fairy core: the board of Q1, the pieces'
//! XBetza ([`Piece::betza`]), the start of Q2, castling (Q8), promotion
//! (Q7) and the draws (Q9) as data, and [`CuarentaHooks`] for what XBetza
//! cannot say: the Frog's line jump (Q6, Q10), a pawn never takes a pawn
//! (Q7), and White's castling waits for Black's (Q8).

use super::piece::Piece;
use crate::fairy::{
    self, CastlingSafety, CastlingSpec, DeadMaterial, DrawRules, EnPassantIdentity, Hooks,
    PieceKind, PieceSpec, Promotion, PromotionZone, Refusal, RuleSet, StalemateRule, Variant,
    WinCondition,
};
use deckmate_board::{Geometry, Parity, RankStyle, Square};
use deckmate_rules::Seat;
use std::sync::{Arc, OnceLock};

/// Q9: plies in a row without a capture or a promotion that draw.
pub const QUIET_LIMIT: u32 = 80;

/// Q6: the Frog's line jump in the 8 directions of the 9x9 board:
/// orthogonally two squares at a time (the square between is a hole),
/// diagonally one.
pub const FROG_LINES: [(i8, i8); 8] = [
    (2, 0),
    (-2, 0),
    (0, 2),
    (0, -2),
    (1, 1),
    (-1, 1),
    (1, -1),
    (-1, -1),
];

/// The board: 9x9, files a-i, ranks 1-9, only the light squares (file
/// number a=1 plus rank odd) exist (Q1).
pub fn geometry() -> Geometry {
    // 9x9 is within 1..=16: this cannot fail.
    Geometry::checkered(9, 9, RankStyle::FromOne, Parity::Odd).expect("9x9 is a valid board")
}

/// What XBetza cannot say of Cuarenta.
#[derive(Copy, Clone, Debug, Default)]
pub struct CuarentaHooks;

impl Hooks for CuarentaHooks {
    /// Q6: the Frog jumps over a line of its own pieces.
    fn line_jumps(&self, piece: &fairy::Piece) -> Vec<(i8, i8)> {
        if piece.letter == Piece::Frog.letter() {
            FROG_LINES.to_vec()
        } else {
            Vec::new()
        }
    }

    /// Q7: a pawn never takes a pawn.
    fn may_capture(&self, mover: &fairy::Piece, victim: &fairy::Piece) -> bool {
        !(mover.kind == PieceKind::Pawn && victim.kind == PieceKind::Pawn)
    }

    /// Q8: White (castling 0) may castle only once Black (castling 1) has
    /// castled or lost the right.
    fn may_castle(&self, seat: Seat, _castling: usize, rights: u8) -> bool {
        seat == Seat::Second || rights & 2 == 0
    }

    /// The rules in the words of RULINGS, with their tags.
    fn explain(&self, refusal: &Refusal<'_>) -> Option<String> {
        Some(match *refusal {
            Refusal::CastlingRight { side } => format!(
                "{side} can no longer castle: its King or its original Camel has moved or the Camel was taken (Q8)"
            ),
            Refusal::CastlingNotYet { .. } => {
                "White may castle only after Black has castled or lost the right to (Q8)"
                    .to_string()
            }
            Refusal::CastlingUnsafe { side, .. } => {
                format!("{side}'s King would end in check on the Camel's square (Q8)")
            }
            Refusal::Capture { .. } => "a pawn never captures a pawn (Q7)".to_string(),
            Refusal::Promotion => "it may become a Camel in its last three ranks and a Camel, Frog, Guard, Vao or Bishop on its last rank (Q7)".to_string(),
            // A refusal the core adds later: its own words.
            _ => return None,
        })
    }
}

/// Cuarenta as a [`Variant`] (its hooks aside).
pub fn variant() -> Variant {
    let g = geometry();
    let sq = |name: &str| g.parse_square(name).unwrap_or(Square(0));
    let castle = |seat: Seat, letter: char, king: &str, camel: &str| CastlingSpec {
        seat,
        letter,
        notation: "O-O".to_string(),
        king_from: sq(king),
        king_to: sq(camel),
        partner_from: sq(camel),
        partner_to: sq(king),
        partners: vec![Piece::Camel.letter()],
        // Q8: allowed in check; only where the King lands must be safe.
        safety: CastlingSafety::Destination,
    };
    let kind = |p: Piece| match p {
        Piece::King => PieceKind::Royal,
        Piece::Pawn => PieceKind::Pawn,
        _ => PieceKind::Piece,
    };
    let letters = |ps: &[Piece]| ps.iter().map(|p| p.letter()).collect();
    Variant {
        name: "Cuarenta".to_string(),
        description: None,
        geometry: g.clone(),
        pieces: Piece::ALL
            .iter()
            .map(|&p| PieceSpec::new(p.name(), p.letter(), p.betza(), kind(p)))
            .collect(),
        start: super::fen::START.to_string(),
        win: WinCondition::Checkmate,
        promotion: Promotion {
            zones: vec![
                // Q7: in the last three ranks a pawn may become a Camel ...
                PromotionZone {
                    ranks: 3,
                    choices: letters(&[Piece::Camel]),
                },
                // ... and on the last, any of these.
                PromotionZone {
                    ranks: 1,
                    choices: letters(&Piece::PROMOTIONS),
                },
            ],
            compulsory: false,
        },
        castling: vec![
            castle(Seat::First, 'C', "e2", "h1"),
            castle(Seat::Second, 'c', "e8", "b9"),
        ],
        en_passant: false,
        draws: DrawRules {
            quiet_limit: Some(QUIET_LIMIT),
            pawn_moves_reset: false,
            promotions_reset: true,
            repetition: Some(3),
            en_passant_identity: EnPassantIdentity::WhenCapturable,
            stalemate: StalemateRule::Draw,
            bare_royals: true,
            dead_material: DeadMaterial::default(),
        },
        san_pawn_letter: true,
        // Five fields: Cuarenta has no en passant.
        en_passant_field: false,
        move_examples: Some(super::notation::EXAMPLES.to_string()),
        hands: None,
    }
}

/// Cuarenta's rule set, built once and shared.
pub fn rules() -> Arc<RuleSet> {
    static RULES: OnceLock<Arc<RuleSet>> = OnceLock::new();
    RULES
        .get_or_init(
            || match RuleSet::with_hooks(variant(), Arc::new(CuarentaHooks)) {
                Ok(rules) => rules,
                // A constant description that the tests build: this cannot
                // happen in a tested build.
                Err(e) => panic!("Cuarenta does not build: {e}"),
            },
        )
        .clone()
}
