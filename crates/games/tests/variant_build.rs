//! Variant files made into the fairy core's rule sets
//! (`variant_file::rule_set`): the shipped examples play as their
//! hand-written rule sets do, every piece's moves come out of the built
//! rules, and what the core cannot express is refused when the file is
//! read, by key and with its line.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use deckmate_board::{Geometry, RankStyle, Square};
use deckmate_games::fairy::{
    chess, chess_variant, AnyPosition, CastlingSafety, CastlingSpec, PieceKind, PieceSpec,
    Promotion, PromotionZone, RuleSet, WinCondition,
};
use deckmate_games::variant_file::{self, Problem, VariantError};
use deckmate_rules::{perft, Game, Seat};
use std::path::PathBuf;
use std::sync::Arc;

fn example(name: &str) -> String {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../variants");
    std::fs::read_to_string(dir.join(name)).unwrap()
}

fn build(text: &str) -> Result<Arc<RuleSet>, VariantError> {
    variant_file::rule_set(text)
}

/// The key, the reason and the line of the reader's refusal of what the
/// core cannot play (the rule set is refused alike).
fn refused_key(text: &str) -> (&'static str, String, usize) {
    let built = build(text).map(|r| r.name.clone());
    match variant_file::read(text) {
        Err(VariantError {
            at: Some(at),
            problem: Problem::Unsupported { key, why },
        }) => {
            assert_eq!(
                built.err().map(|e| e.problem),
                Some(Problem::Unsupported {
                    key,
                    why: why.clone()
                })
            );
            (key, why, at.line)
        }
        other => panic!("expected a refusal with its place, got {other:?}"),
    }
}

/// The line (from 1) of the first occurrence of `needle` in `text`.
fn line_of(text: &str, needle: &str) -> usize {
    let at = text.find(needle).unwrap();
    text[..at].matches('\n').count() + 1
}

#[test]
fn chess_file_plays_as_chess() {
    let rules = build(&example("chess.toml")).unwrap();
    let file = AnyPosition::new_game(&rules);
    let fide = AnyPosition::new_game(&chess());
    assert_eq!(file.position_text(), fide.position_text());
    for (depth, nodes) in [(1, 20), (2, 400), (3, 8_902), (4, 197_281)] {
        assert_eq!(file.perft(depth), nodes, "depth {depth}");
        assert_eq!(fide.perft(depth), nodes, "depth {depth}");
    }
    assert_eq!(perft(&file, 3), 8_902);
    assert_eq!(rules.win, WinCondition::Checkmate);
    assert_eq!(rules.castling.len(), 4);
    assert!(rules.en_passant);
    assert_eq!(rules.draws.quiet_limit, Some(100));
    assert_eq!(rules.draws.repetition, Some(3));
    assert!(rules.draws.pawn_moves_reset);
    assert_eq!(rules.pieces[rules.kind_of('Q').unwrap()].value, Some(900));
    // Kiwipete on the file's rules, as on chess's (castling both ways,
    // en passant, promotion).
    let kiwi = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let a = AnyPosition::from_rules_text(&rules, kiwi).unwrap();
    let b = AnyPosition::from_rules_text(&chess(), kiwi).unwrap();
    assert_eq!(a.perft(2), 2_039);
    assert_eq!(a.perft(3), b.perft(3));
}

/// The Fairy Court written by hand on the core (as the fairy_perft
/// example does), to compare the file's rule set with.
fn court_by_hand() -> Arc<RuleSet> {
    let mut v = chess_variant().unwrap();
    let p = |name: &str, l: char, b: &str| PieceSpec::new(name, l, b, PieceKind::Piece);
    v.geometry = Geometry::new(12, 12, RankStyle::FromOne).unwrap();
    v.pieces = vec![
        PieceSpec::new("King", 'K', "K", PieceKind::Royal),
        p("Queen", 'Q', "Q"),
        p("Chancellor", 'C', "RN"),
        p("Archbishop", 'A', "BN"),
        p("Rook", 'R', "R"),
        p("Bishop", 'B', "B"),
        p("Knight", 'N', "N"),
        p("Cannon", 'O', "mRcpR"),
        p("Vao", 'V', "mBcpB"),
        p("Gryffon", 'G', "FyafsF"),
        p("Rhinoceros", 'H', "WyafsW"),
        p("Unicorn", 'U', "BNN"),
        p("Turtle", 'T', "Q4DA"),
        p("Lion", 'L', "KDAN"),
        PieceSpec::new("Pawn", 'P', "mfWimfnDimfnHcfF", PieceKind::Pawn),
    ];
    v.start = "ronbaqkcbnor/vhgutlltughv/pppppppppppp/12/12/12/12/12/12/PPPPPPPPPPPP/VHGUTLLTUGHV/RONBAQKCBNOR w KQkq - 0 1".to_string();
    v.promotion = Promotion {
        zones: vec![PromotionZone {
            ranks: 1,
            choices: "QCARBNOVGHUTL".chars().collect(),
        }],
        compulsory: true,
    };
    let sq = |n: &str| Square::parse(n, RankStyle::FromOne).unwrap();
    let castle = |seat, letter, notation: &str, k: [&str; 2], r: [&str; 2]| CastlingSpec {
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
    v.castling = vec![
        castle(Seat::First, 'K', "O-O", ["g1", "k1"], ["l1", "j1"]),
        castle(Seat::First, 'Q', "O-O-O", ["g1", "c1"], ["a1", "d1"]),
        castle(Seat::Second, 'k', "O-O", ["g12", "k12"], ["l12", "j12"]),
        castle(Seat::Second, 'q', "O-O-O", ["g12", "c12"], ["a12", "d12"]),
    ];
    RuleSet::new(v).unwrap()
}

#[test]
fn fairy_court_file_builds_and_plays() {
    let rules = build(&example("fairy-court.toml")).unwrap();
    let game = AnyPosition::new_game(&rules);
    let hand = AnyPosition::new_game(&court_by_hand());
    assert_eq!(game.position_text(), hand.position_text());
    let p1 = game.perft(1);
    let p2 = game.perft(2);
    assert!(p1 > 36, "at least the twelve pawns' three steps each: {p1}");
    // Counted by hand: the twelve pawns step one, two or three (36); each
    // Unicorn (d2, i2) rides as a Nightrider to three empty squares one way
    // and four the other, the last a capture on rank 10 (14); each Turtle
    // leaps D forward and A to two squares (6); each Lion leaps D forward,
    // two A and two N (10); each Vao hops over its pawn along the long
    // diagonal to take a pawn on rank 10 (a2-i10, l2-d10: 2). Nothing else
    // moves.
    assert_eq!(p1, 36 + 14 + 6 + 10 + 2);
    assert_eq!(p1, hand.perft(1));
    assert_eq!(p2, hand.perft(2));
    assert_eq!(perft(&game, 2), p2);
    // Every move plays, and every position reached reads back to itself.
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    assert_eq!(moves.len() as u64, p1);
    for &mv in &moves {
        let mut next = game.clone();
        next.play_move(mv);
        let text = next.position_text();
        let again = AnyPosition::from_rules_text(&rules, &text).unwrap();
        assert_eq!(again.position_text(), text, "after {}", game.move_text(mv));
        assert_eq!(again.count_moves(), next.count_moves());
    }
}

/// A file of an 8x8 board with Kings, a Knight and a Cannon, and the
/// given setup.
fn small(setup: &str) -> String {
    format!(
        r#"name = "Small"
setup = "{setup}"

[board]
files = 8
ranks = 8

[[piece]]
name = "King"
letter = "K"
betza = "K"
kind = "royal"

[[piece]]
name = "Knight"
letter = "N"
betza = "N"
kind = "piece"

[[piece]]
name = "Cannon"
letter = "C"
betza = "mRcpR"
kind = "piece"
"#
    )
}

fn moves_of(setup: &str) -> u64 {
    let rules = build(&small(setup)).unwrap();
    AnyPosition::new_game(&rules).count_moves()
}

#[test]
fn each_piece_moves_by_its_betza() {
    // The White King alone in the corner h1: g1, g2, h2.
    assert_eq!(moves_of("k7/8/8/8/8/8/8/7K w"), 3);
    // A Knight on d4: eight leaps, plus the King's three.
    assert_eq!(moves_of("k7/8/8/8/3N4/8/8/7K w"), 8 + 3);
    // A Knight in the corner a1... with the King on h8's side: two leaps.
    assert_eq!(moves_of("7k/8/8/8/8/8/8/N6K w"), 2 + 3);
    // A Cannon on d4 on an empty board: the Rook's fourteen quiet moves,
    // no capture without a screen.
    assert_eq!(moves_of("k7/8/8/8/3C4/8/8/7K w"), 14 + 3);
    // Screens on d6 (a Black Knight) and a victim on d8: d5 quietly, the
    // hop capture on d8 (d7 is empty), d3-d1, a4-c4, e4-h4.
    assert_eq!(moves_of("k2n4/8/3n4/8/3C4/8/8/7K w"), 1 + 1 + 3 + 3 + 4 + 3);
    // Black's pieces move too: Black's Cannon on e5 facing down.
    assert_eq!(moves_of("k7/8/8/4c3/8/8/8/7K b"), 14 + 3);
}

#[test]
fn holes_and_defaults_are_kept() {
    let text =
        small("k7/8/8/8/3*4/8/8/7K w").replace("ranks = 8\n", "ranks = 8\nholes = [\"d4\"]\n");
    let rules = build(&text).unwrap();
    assert!(!rules
        .geometry
        .contains(Square::parse("d4", RankStyle::FromOne).unwrap()));
    let game = AnyPosition::new_game(&rules);
    assert_eq!(game.position_text(), "k7/8/8/8/3*4/8/8/7K w - - 0 1");
    assert_eq!(rules.draws.quiet_limit, Some(100));
    assert!(!rules.draws.bare_royals);
    assert_eq!(rules.castling.len(), 0);
    assert!(!rules.en_passant);
}

#[test]
fn what_the_core_cannot_express_is_refused_by_key() {
    let chess_text = example("chess.toml");

    let odd_letter = chess_text
        .replace("letter = \"N\"\n", "letter = \"N\"\nblack_letter = \"h\"\n")
        .replace("rnbqkbnr/pppp", "rhbqkbhr/pppp");
    let (key, why, line) = refused_key(&odd_letter);
    assert_eq!(key, "black_letter");
    assert!(why.contains("Knight"), "{why}");
    assert_eq!(line, line_of(&odd_letter, "black_letter = \"h\""));

    let optional = chess_text
        .replace("zone = 1", "zone = 2")
        .replace("compulsory = true", "compulsory = false");
    let (key, _, line) = refused_key(&optional);
    assert_eq!(key, "promotion.compulsory");
    assert_eq!(line, line_of(&optional, "compulsory = false"));
    // Optional on a one-rank zone is compulsory there: it builds.
    let one_rank = chess_text.replace("compulsory = true", "compulsory = false");
    assert!(build(&one_rank).is_ok());

    let no_capture_reset =
        chess_text.replace("resets = [\"capture\", \"pawn\"]", "resets = [\"pawn\"]");
    let (key, _, line) = refused_key(&no_capture_reset);
    assert_eq!(key, "draws.resets");
    assert_eq!(line, line_of(&no_capture_reset, "resets = [\"pawn\"]"));

    let capture_with_castling = chess_text.replace("win = \"checkmate\"", "win = \"extinction\"");
    let (key, _, line) = refused_key(&capture_with_castling);
    assert_eq!(key, "castling");
    assert_eq!(line, line_of(&capture_with_castling, "[castling]"));

    // A Fairy Court pawn's triple step a3-a6 crossed a4 and a5: the file
    // names one of them, the core's position string both.
    let court = example("fairy-court.toml").replace(
        "/12/12/12/12/12/12/PPPPPPPPPPPP/VHGUTLLTUGHV/RONBAQKCBNOR w KQkq - 0 1",
        "/12/12/12/P11/12/12/1PPPPPPPPPPP/VHGUTLLTUGHV/RONBAQKCBNOR b KQkq a4 0 1",
    );
    let (key, _, line) = refused_key(&court);
    assert_eq!(key, "setup");
    assert_eq!(line, line_of(&court, "setup = "));
    let double = example("fairy-court.toml").replace(
        "/12/12/12/12/12/12/PPPPPPPPPPPP/VHGUTLLTUGHV/RONBAQKCBNOR w KQkq - 0 1",
        "/12/12/12/12/P11/12/1PPPPPPPPPPP/VHGUTLLTUGHV/RONBAQKCBNOR b KQkq a4 0 1",
    );
    assert!(build(&double).is_ok());

    let err = build(&odd_letter).unwrap_err();
    assert!(err.to_string().contains("`black_letter`"), "{err}");
}

#[test]
fn capture_and_extinction_map_to_the_core_capture_rule() {
    let text = small("k7/8/8/8/3N4/8/8/7K w")
        .replace("name = \"Small\"", "name = \"Small\"\nwin = \"extinction\"");
    assert_eq!(build(&text).unwrap().win, WinCondition::CaptureRoyal);
    let capture = text.replace("extinction", "capture");
    assert_eq!(build(&capture).unwrap().win, WinCondition::CaptureRoyal);
    // Two royal Kings a side under "capture": any one taken would win, the
    // core waits for the last.
    let two = small("kk6/8/8/8/3N4/8/8/6KK w")
        .replace("name = \"Small\"", "name = \"Small\"\nwin = \"capture\"");
    let (key, _, line) = refused_key(&two);
    assert_eq!(key, "win");
    assert_eq!(line, line_of(&two, "win = \"capture\""));
    let two_extinct = two.replace("\"capture\"", "\"extinction\"");
    assert!(build(&two_extinct).is_ok());
}
