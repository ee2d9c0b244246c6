//! 52Chess as a rule set of the fairy core. The board, the setup and the
//! cards' squares are reconstructions (RULINGS F1-F3: the page's diagram
//! is lost); they are data here and in [`super::card`], in one place, to be
//! replaced when the diagram turns up.
//!
//! The chess pieces move as in chess on 4 files by 13 ranks; the King is
//! taken, not mated (F7); pawns double-step from their 2nd and 4th ranks
//! however they got there and may be taken en passant after either (F6);
//! no castling; 100 plies without a capture draw, whatever else happens
//! (F8). The teleport and the pass (F4, F7) are the game's moves around the
//! core's ([`super::Chess52`]).

use crate::fairy::{
    self, DeadMaterial, DrawRules, EnPassantIdentity, Hooks, PieceKind, PieceSpec, Promotion,
    PromotionZone, RuleSet, StalemateRule, Variant, WinCondition,
};
use deckmate_board::{Geometry, RankStyle, Square};
use deckmate_rules::Seat;
use std::sync::{Arc, OnceLock};

/// F1: files a-d.
pub const FILES: u8 = 4;
/// F1: ranks 1-13.
pub const RANKS: u8 = 13;

/// F2 in F11's form: White's R Q K R, pawns, N B B N, pawns on ranks 1-4,
/// Black the same on ranks 13-10.
pub const START: &str = "rqkr/pppp/nbbn/pppp/4/4/4/4/4/PPPP/NBBN/PPPP/RQKR w - 0 1";

/// F8: plies in a row without a capture that draw.
pub const QUIET_LIMIT: u32 = 100;

/// The ranks (0-based, from the owner's side) a pawn double-steps from
/// (F6: its 2nd and 4th).
pub const DOUBLE_STEP_RANKS: [u8; 2] = [1, 3];

/// The board of F1.
pub fn geometry() -> Geometry {
    // 4x13 is within 1..=16: this cannot fail.
    Geometry::new(FILES, RANKS, RankStyle::FromOne).expect("4x13 is a valid board")
}

/// The rank (0-based) of `square` seen from `seat`'s side.
pub fn own_rank(seat: Seat, square: Square) -> u8 {
    match seat {
        Seat::First => square.rank(),
        Seat::Second => RANKS - 1 - square.rank(),
    }
}

/// What XBetza cannot say of 52Chess's board moves.
#[derive(Copy, Clone, Debug, Default)]
pub struct Chess52Hooks;

impl Hooks for Chess52Hooks {
    /// F6: a pawn double-steps from its 2nd and 4th ranks, however it got
    /// there (moved, teleported or never moved).
    fn initial_from(&self, seat: Seat, piece: &fairy::Piece, square: Square) -> bool {
        piece.kind == PieceKind::Pawn && DOUBLE_STEP_RANKS.contains(&own_rank(seat, square))
    }
}

/// 52Chess as a [`Variant`] (its hooks aside).
pub fn variant() -> Variant {
    // The core's position string has a castling field; F11's has none.
    let mut fields: Vec<&str> = START.split(' ').collect();
    fields.insert(2, "-");
    Variant {
        name: "52Chess".to_string(),
        description: None,
        geometry: geometry(),
        pieces: vec![
            // F6: a step forward, a diagonal capture, a double step over an
            // empty square from the 2nd and 4th ranks (the hooks').
            PieceSpec::new("Pawn", 'P', "fmWfcFifmnD", PieceKind::Pawn).valued(100),
            PieceSpec::new("Knight", 'N', "N", PieceKind::Piece).valued(200),
            PieceSpec::new("Bishop", 'B', "B", PieceKind::Piece).valued(200),
            PieceSpec::new("Rook", 'R', "R", PieceKind::Piece).valued(500),
            PieceSpec::new("Queen", 'Q', "Q", PieceKind::Piece).valued(800),
            PieceSpec::new("King", 'K', "K", PieceKind::Royal),
        ],
        start: fields.join(" "),
        // F7: the King is taken; no check rule, no mate.
        win: WinCondition::CaptureRoyal,
        promotion: Promotion {
            zones: vec![PromotionZone {
                ranks: 1,
                choices: vec!['Q', 'R', 'B', 'N'],
            }],
            compulsory: true,
        },
        castling: Vec::new(),
        en_passant: true,
        draws: DrawRules {
            quiet_limit: Some(QUIET_LIMIT),
            pawn_moves_reset: false,
            promotions_reset: false,
            repetition: Some(3),
            // F8: the e.p. square counts after every double step.
            en_passant_identity: EnPassantIdentity::Always,
            // F7: no stalemate; a side without a move passes (the game's).
            stalemate: StalemateRule::Draw,
            bare_royals: false,
            dead_material: DeadMaterial::default(),
        },
        san_pawn_letter: false,
        en_passant_field: true,
        move_examples: None,
        hands: None,
    }
}

/// 52Chess's rule set, built once and shared.
pub fn rules() -> Arc<RuleSet> {
    static RULES: OnceLock<Arc<RuleSet>> = OnceLock::new();
    RULES
        .get_or_init(
            || match RuleSet::with_hooks(variant(), Arc::new(Chess52Hooks)) {
                Ok(rules) => rules,
                // A constant description that the tests build: this cannot
                // happen in a tested build.
                Err(e) => panic!("52Chess does not build: {e}"),
            },
        )
        .clone()
}
