//! Chess on the fairy core against the published perft figures:
//! `data/chess-perft.txt`, one position a line, `position string; depth;
//! leaf nodes` (the chessprogramming wiki's "Perft Results" page and
//! Martin Sedlak's special cases). Lines of at most `CI_LIMIT` leaves run
//! in the normal test run; the deep ones (perft 6 from the start, Kiwipete
//! and positions 4-6 to depth 5, position 3 to 7) only with `--ignored`:
//! `cargo test --release -p deckmate-games --test games fairy_perft -- --ignored`.
//! Each line is counted twice: by the position's own bulk-counting perft
//! and, for the shallow ones, by the kernel's generic `perft` over `Game`.
//!
//! Other games against Fairy-Stockfish's figures from their starts:
//! `data/fairy-perft.txt` (crazyhouse: hands and drops; makruk, shatranj,
//! Los Alamos on 6x6, amazon).
//!
//! Published perft counts moves and ignores draws, so the rule set here is
//! chess without its automatic draws (bare Kings would end some lines of
//! Sedlak's positions); checkmate and stalemate stay.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use deckmate_board::{Geometry, RankStyle};
use deckmate_games::fairy::{
    chess_variant, Hands, PieceKind, PieceSpec, Position, Promotion, PromotionZone, RuleSet,
    Set256, SquareSet, StalemateRule, Tables, Variant,
};
use deckmate_rules::perft;
use std::sync::Arc;

const CI_LIMIT: u64 = 5_000_000;

/// Chess as perft counts it: no draw ends a line.
fn chess_without_draws() -> Variant {
    let mut v = chess_variant().unwrap();
    v.draws.quiet_limit = None;
    v.draws.repetition = None;
    v.draws.bare_royals = false;
    v
}

fn chess() -> Arc<RuleSet> {
    RuleSet::new(chess_without_draws()).unwrap()
}

/// Chess's pieces with other movements, a promotion, no castling, no
/// double step.
fn chess_like(pieces: &[(&str, char, &str)], promote_to: &str, zone: u8) -> Variant {
    let mut v = chess_without_draws();
    v.pieces = pieces
        .iter()
        .map(|&(name, letter, betza)| {
            let kind = match letter {
                'K' => PieceKind::Royal,
                'P' => PieceKind::Pawn,
                _ => PieceKind::Piece,
            };
            PieceSpec::new(name, letter, betza, kind)
        })
        .collect();
    v.promotion = Promotion {
        zones: vec![PromotionZone {
            ranks: zone,
            choices: promote_to.chars().collect(),
        }],
        compulsory: true,
    };
    v.castling.clear();
    v.en_passant = false;
    v
}

/// The games of `data/fairy-perft.txt`.
fn fairy(name: &str, start: &str) -> Arc<RuleSet> {
    let mut v = match name {
        "crazyhouse" => {
            let mut v = chess_without_draws();
            v.hands = Some(Hands {
                captures_to_hand: true,
                demote: true,
                pawn_first_ranks: 1,
                pawn_last_ranks: 1,
            });
            v
        }
        "makruk" => chess_like(
            &[
                ("Pawn", 'P', "mfWcfF"),
                ("Knight", 'N', "N"),
                ("Khon", 'S', "FfW"),
                ("Met", 'M', "F"),
                ("Rook", 'R', "R"),
                ("King", 'K', "K"),
            ],
            "M",
            3,
        ),
        "shatranj" => {
            let mut v = chess_like(
                &[
                    ("Pawn", 'P', "mfWcfF"),
                    ("Knight", 'N', "N"),
                    ("Alfil", 'B', "A"),
                    ("Ferz", 'Q', "F"),
                    ("Rook", 'R', "R"),
                    ("King", 'K', "K"),
                ],
                "Q",
                1,
            );
            v.draws.stalemate = StalemateRule::Loss;
            v
        }
        "losalamos" => {
            let mut v = chess_like(
                &[
                    ("Pawn", 'P', "mfWcfF"),
                    ("Knight", 'N', "N"),
                    ("Rook", 'R', "R"),
                    ("Queen", 'Q', "Q"),
                    ("King", 'K', "K"),
                ],
                "QRN",
                1,
            );
            v.geometry = Geometry::new(6, 6, RankStyle::FromOne).unwrap();
            v
        }
        "amazon" => {
            let mut v = chess_without_draws();
            v.pieces[4] = PieceSpec::new("Amazon", 'A', "QN", PieceKind::Piece);
            v.promotion.zones[0].choices = vec!['A', 'R', 'B', 'N'];
            v
        }
        other => panic!("unknown game {other}"),
    };
    v.name = name.to_string();
    v.start = start.to_string();
    RuleSet::new(v).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn fairy_lines() -> Vec<(String, String, u32, u64)> {
    include_str!("data/fairy-perft.txt")
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let parts: Vec<&str> = l.split(';').map(str::trim).collect();
            assert_eq!(parts.len(), 4, "{l}");
            (
                parts[0].to_string(),
                parts[1].to_string(),
                parts[2].parse().unwrap(),
                parts[3].parse().unwrap(),
            )
        })
        .collect()
}

fn run_fairy(deep: bool) -> usize {
    let mut checked = 0;
    for (game, fen, depth, nodes) in fairy_lines() {
        if (nodes > CI_LIMIT) != deep {
            continue;
        }
        let rules = fairy(&game, &fen);
        let tables = Arc::new(Tables::<u64>::new(rules).unwrap());
        let pos = Position::from_text(&tables, &fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(pos.perft(depth), nodes, "{game}: {fen} depth {depth}");
        checked += 1;
    }
    checked
}

#[test]
fn fairy_perft_matches_the_published_figures() {
    assert!(run_fairy(false) >= 5);
}

#[test]
#[ignore = "deep perft: run with --ignored in release"]
fn fairy_deep_perft_matches_the_published_figures() {
    assert!(run_fairy(true) >= 2);
}

fn lines() -> Vec<(String, u32, u64)> {
    include_str!("data/chess-perft.txt")
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let parts: Vec<&str> = l.split(';').map(str::trim).collect();
            assert_eq!(parts.len(), 3, "{l}");
            (
                parts[0].to_string(),
                parts[1].parse().unwrap(),
                parts[2].parse().unwrap(),
            )
        })
        .collect()
}

fn run<S: SquareSet>(deep: bool, generic: bool) -> usize {
    let tables = Arc::new(Tables::<S>::new(chess()).unwrap());
    let mut checked = 0;
    for (fen, depth, nodes) in lines() {
        if (nodes > CI_LIMIT) != deep {
            continue;
        }
        let pos = Position::from_text(&tables, &fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(pos.perft(depth), nodes, "{fen} depth {depth}");
        if generic {
            assert_eq!(perft(&pos, depth), nodes, "{fen} depth {depth} (generic)");
        }
        checked += 1;
    }
    checked
}

#[test]
fn chess_perft_matches_the_published_figures() {
    assert!(run::<u64>(false, true) >= 30);
}

#[test]
fn chess_perft_is_the_same_on_wide_square_sets() {
    // The sets of 128 and 256 squares play chess exactly as u64 does.
    let tables = Arc::new(Tables::<Set256>::new(chess()).unwrap());
    for (fen, depth, nodes) in lines() {
        if nodes <= 100_000 {
            let pos = Position::from_text(&tables, &fen).unwrap();
            assert_eq!(pos.perft(depth), nodes, "{fen} depth {depth}");
        }
    }
    let tables = Arc::new(Tables::<u128>::new(chess()).unwrap());
    for (fen, depth, nodes) in lines() {
        if nodes <= 100_000 {
            let pos = Position::from_text(&tables, &fen).unwrap();
            assert_eq!(pos.perft(depth), nodes, "{fen} depth {depth}");
        }
    }
}

#[test]
#[ignore = "deep perft: run with --ignored in release"]
fn chess_deep_perft_matches_the_published_figures() {
    assert!(run::<u64>(true, false) >= 8);
}
