//! FIDE chess as a rule set: the proof of the fairy core (perft from the
//! standard positions, exact).
//!
//! The draws a game ends in at once are those online play applies: the
//! fifty-move rule (100 plies), threefold repetition, stalemate and bare
//! Kings. (FIDE makes the first two a claim and ends the game at once only
//! at 75 moves and fivefold.)

use super::rules::{
    CastlingSafety, CastlingSpec, DeadMaterial, DrawRules, EnPassantIdentity, PieceKind, PieceSpec,
    Promotion, PromotionZone, RuleSet, StalemateRule, Variant, WinCondition,
};
use deckmate_board::{Geometry, GeometryError, RankStyle, Square};
use deckmate_rules::Seat;
use std::sync::{Arc, OnceLock};

/// The start position.
pub const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Chess as a [`Variant`]: 8x8, the six pieces in XBetza (the pawn is
/// `fmWfcFifmnD`: a step forward, a diagonal capture, a first-move double
/// step over an empty square), castling both ways, en passant, promotion
/// to Q R B N on the last rank.
pub fn variant() -> Result<Variant, GeometryError> {
    let geometry = Geometry::new(8, 8, RankStyle::FromOne)?;
    let sq = |name: &str| Square::parse(name, RankStyle::FromOne).unwrap_or(Square(0));
    let castle =
        |seat: Seat, letter: char, notation: &str, k: [&str; 2], r: [&str; 2]| CastlingSpec {
            seat,
            letter,
            notation: notation.to_string(),
            king_from: sq(k[0]),
            king_to: sq(k[1]),
            partner_from: sq(r[0]),
            partner_to: sq(r[1]),
            partners: vec!['R'],
            safety: CastlingSafety::Path,
        };
    Ok(Variant {
        name: "Chess".to_string(),
        description: None,
        geometry,
        pieces: vec![
            PieceSpec::new("Pawn", 'P', "fmWfcFifmnD", PieceKind::Pawn).valued(100),
            PieceSpec::new("Knight", 'N', "N", PieceKind::Piece).valued(320),
            PieceSpec::new("Bishop", 'B', "B", PieceKind::Piece).valued(330),
            PieceSpec::new("Rook", 'R', "R", PieceKind::Piece).valued(500),
            PieceSpec::new("Queen", 'Q', "Q", PieceKind::Piece).valued(900),
            PieceSpec::new("King", 'K', "K", PieceKind::Royal),
        ],
        start: START.to_string(),
        win: WinCondition::Checkmate,
        promotion: Promotion {
            zones: vec![PromotionZone {
                ranks: 1,
                choices: vec!['Q', 'R', 'B', 'N'],
            }],
            compulsory: true,
        },
        castling: vec![
            castle(Seat::First, 'K', "O-O", ["e1", "g1"], ["h1", "f1"]),
            castle(Seat::First, 'Q', "O-O-O", ["e1", "c1"], ["a1", "d1"]),
            castle(Seat::Second, 'k', "O-O", ["e8", "g8"], ["h8", "f8"]),
            castle(Seat::Second, 'q', "O-O-O", ["e8", "c8"], ["a8", "d8"]),
        ],
        en_passant: true,
        draws: DrawRules {
            quiet_limit: Some(100),
            pawn_moves_reset: true,
            promotions_reset: true,
            repetition: Some(3),
            en_passant_identity: EnPassantIdentity::WhenCapturable,
            stalemate: StalemateRule::Draw,
            bare_royals: true,
            dead_material: DeadMaterial::default(),
        },
        san_pawn_letter: false,
        en_passant_field: true,
        move_examples: None,
        hands: None,
    })
}

/// The chess rule set, built once and shared.
pub fn chess() -> Arc<RuleSet> {
    static RULES: OnceLock<Arc<RuleSet>> = OnceLock::new();
    RULES
        .get_or_init(|| {
            match variant().map(RuleSet::new) {
                Ok(Ok(rules)) => rules,
                // A constant description that the tests build: this
                // cannot happen in a tested build.
                Ok(Err(e)) => panic!("chess does not build: {e}"),
                Err(e) => panic!("chess does not build: {e}"),
            }
        })
        .clone()
}
