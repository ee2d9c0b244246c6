//! Variant files: the shipped examples read and check into the fairy
//! core's variants, which build; files written as a new user would, broken
//! in the usual ways, are refused with the reason and the place; random
//! text never panics the reader.
#![allow(clippy::unwrap_used)]

use deckmate_betza::{compile_str, Facing};
use deckmate_board::{RankStyle, Square};
use deckmate_games::fairy::{
    AnyPosition, CastlingSafety, CastlingSpec, PieceKind, Promotion, PromotionZone, RuleSet,
    StalemateRule, Variant, WinCondition,
};
use deckmate_games::variant_file::{read, rule_set, Location, Problem, VariantError};
use deckmate_rules::{Game, Seat};
use proptest::prelude::*;
use std::path::PathBuf;

fn variants_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../variants")
}

fn example(name: &str) -> String {
    std::fs::read_to_string(variants_dir().join(name)).unwrap()
}

fn ok(text: &str) -> Variant {
    match read(text) {
        Ok(v) => v,
        Err(e) => panic!("refused: {e}"),
    }
}

fn refused(text: &str) -> VariantError {
    match read(text) {
        Ok(v) => panic!("read although it should not: {}", v.name),
        Err(e) => e,
    }
}

/// Replaces exactly one occurrence of `from` (so a test cannot silently
/// change nothing).
fn edit(text: &str, from: &str, to: &str) -> String {
    assert_eq!(text.matches(from).count(), 1, "'{from}' once in the text");
    text.replacen(from, to, 1)
}

fn sq(name: &str) -> Square {
    Square::parse(name, RankStyle::FromOne).unwrap()
}

/// The index of the piece named `name`.
fn piece_named(v: &Variant, name: &str) -> Option<usize> {
    v.pieces.iter().position(|p| p.name == name)
}

/// The start position of the file's rule set.
fn start_of(text: &str) -> AnyPosition {
    AnyPosition::new_game(&rule_set(text).unwrap())
}

/// How many pieces stand on the board of `position`.
fn placed(position: &AnyPosition) -> usize {
    let geometry = &position.rules().geometry;
    geometry
        .squares()
        .iter()
        .filter(|&s| position.at(s).is_some())
        .count()
}

/// One castling of chess with FIDE's path rule.
fn castle(
    seat: Seat,
    letter: char,
    notation: &str,
    king: [&str; 2],
    partner: [&str; 2],
    partners: &[char],
) -> CastlingSpec {
    let safety = CastlingSafety::Path;
    crate::fairy_properties::castle(seat, letter, notation, king, partner, partners, safety)
}

/// The place of the `k`th byte of `needle`'s first occurrence in `text`.
fn place(text: &str, needle: &str, k: usize) -> Location {
    let at = text.find(needle).unwrap() + k;
    Location::of(text, at)
}

/// The smallest file: a King each on a 3x3 board.
const MINI: &str = r#"name = "Mini"
setup = "k2/3/2K w"

[board]
files = 3
ranks = 3

[[piece]]
name = "King"
letter = "K"
betza = "K"
kind = "royal"
"#;

#[test]
fn every_file_in_variants_reads_checks_and_builds() {
    let mut names = Vec::new();
    for entry in std::fs::read_dir(variants_dir()).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) != Some("toml") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let spec = match read(&text) {
            Ok(s) => s,
            Err(e) => panic!("{}: {e}", path.display()),
        };
        // What checking promises the core: every piece compiles for the
        // board, facing either way ...
        for p in &spec.pieces {
            for facing in [Facing::Up, Facing::Down] {
                compile_str(&p.betza, &spec.geometry, facing).unwrap();
            }
        }
        // ... and the variant builds, into the rule set `rule_set` gives.
        let built = match RuleSet::new(spec.clone()) {
            Ok(r) => r,
            Err(e) => panic!("{}: {e}", path.display()),
        };
        let rules = rule_set(&text).unwrap();
        assert_eq!((&rules.name, &rules.start), (&built.name, &built.start));
        assert_eq!(
            AnyPosition::new_game(&rules).position_text(),
            AnyPosition::new_game(&built).position_text()
        );
        names.push(spec.name);
    }
    names.sort();
    assert_eq!(names, ["Chess", "Fairy Court"]);
}

#[test]
fn chess_reads_as_chess() {
    let text = example("chess.toml");
    let chess = ok(&text);
    assert_eq!(chess.name, "Chess");
    assert_eq!((chess.geometry.files(), chess.geometry.ranks()), (8, 8));
    assert_eq!(chess.geometry.squares().count(), 64);
    let names: Vec<&str> = chess.pieces.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["King", "Queen", "Rook", "Bishop", "Knight", "Pawn"]);
    let king = &chess.pieces[0];
    assert_eq!(king.kind, PieceKind::Royal);
    // White's letter; Black's is its lower case (the core's rule).
    assert_eq!(king.letter, 'K');
    assert_eq!(chess.pieces[5].kind, PieceKind::Pawn);
    assert_eq!(chess.pieces[1].value, Some(900));
    let rules = rule_set(&text).unwrap();
    assert_eq!(rules.kind_of('n'), Some(4));
    assert_eq!(piece_named(&chess, "Rook"), Some(2));

    // The setup, its left-out fields filled (none here).
    assert_eq!(
        chess.start,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    let start = AnyPosition::new_game(&rules);
    assert_eq!(placed(&start), 32);
    assert_eq!(start.at(sq("e1")), Some((Seat::First, 0)));
    assert_eq!(start.at(sq("d8")), Some((Seat::Second, 1)));
    assert_eq!(start.at(sq("e4")), None);
    assert_eq!(start.side_to_move(), Seat::First);
    assert_eq!(start.position_text(), chess.start);

    assert_eq!(chess.win, WinCondition::Checkmate);
    assert!(chess.en_passant);
    // The last rank, seen from each side.
    assert_eq!(
        chess.promotion,
        Promotion {
            zones: vec![PromotionZone {
                ranks: 1,
                choices: vec!['Q', 'R', 'B', 'N']
            }],
            compulsory: true
        }
    );

    // The King castles with the Rook, both ways; Black's mirrored.
    assert_eq!(
        chess.castling,
        [
            castle(Seat::First, 'K', "O-O", ["e1", "g1"], ["h1", "f1"], &['R']),
            castle(
                Seat::First,
                'Q',
                "O-O-O",
                ["e1", "c1"],
                ["a1", "d1"],
                &['R']
            ),
            castle(Seat::Second, 'k', "O-O", ["e8", "g8"], ["h8", "f8"], &['R']),
            castle(
                Seat::Second,
                'q',
                "O-O-O",
                ["e8", "c8"],
                ["a8", "d8"],
                &['R']
            ),
        ]
    );

    // The fifty-move rule, reset by a capture (always, in the core) and a
    // pawn's move (so a promotion too).
    assert_eq!(chess.draws.quiet_limit, Some(100));
    assert!(chess.draws.pawn_moves_reset);
    assert!(chess.draws.promotions_reset);
    assert_eq!(chess.draws.repetition, Some(3));
    assert_eq!(chess.draws.stalemate, StalemateRule::Draw);
}

#[test]
fn fairy_court_reads_with_its_hoppers_and_bent_riders() {
    let text = example("fairy-court.toml");
    let court = ok(&text);
    assert_eq!((court.geometry.files(), court.geometry.ranks()), (12, 12));
    assert_eq!(court.pieces.len(), 15);
    assert_eq!(placed(&start_of(&text)), 72);
    let gryffon = piece_named(&court, "Gryffon").unwrap();
    assert_eq!(court.pieces[gryffon].betza, "FyafsF");
    // The pawn's three-square first step is a lame first-move leap.
    let pawn = piece_named(&court, "Pawn").unwrap();
    let table = compile_str(&court.pieces[pawn].betza, &court.geometry, Facing::Up).unwrap();
    let from_c3 = table.from(sq("c3"));
    let triple = from_c3.leaps.iter().find(|l| l.to == sq("c6")).unwrap();
    assert!(triple.initial);
    assert_eq!(triple.via, [sq("c4"), sq("c5")]);
    assert_eq!(court.castling[0].king_to, sq("k1"));
    assert_eq!(court.promotion.zones[0].choices.len(), 13);
}

#[test]
fn a_minimal_file_takes_the_defaults() {
    let mini = ok(MINI);
    assert_eq!(mini.description, None);
    assert_eq!(mini.win, WinCondition::Checkmate);
    assert!(!mini.en_passant);
    assert_eq!(mini.promotion, Promotion::default());
    assert_eq!(mini.castling, []);
    assert_eq!(mini.draws.quiet_limit, Some(100));
    assert!(mini.draws.pawn_moves_reset);
    assert_eq!(mini.draws.repetition, Some(3));
    assert_eq!(mini.draws.stalemate, StalemateRule::Draw);
    // No castling rights, move 1.
    assert_eq!(mini.start, "k2/3/2K w - - 0 1");
}

#[test]
fn lame_leaps_hoppers_and_bent_riders_read_fine() {
    let chess = example("chess.toml");
    for betza in [
        "nN",          // the Xiangqi horse
        "nA",          // the Xiangqi elephant
        "mRcpR",       // the Cannon
        "mBcpB",       // the Vao
        "FyafsF",      // the Gryffon
        "WyafsW",      // the Rhinoceros
        "vWvyafsW",    // the Snake
        "afsW",        // the Mao
        "NN",          // the Nightrider
        "(4,1)",       // the Giraffe
        "Q4DA",        // the Turtle
        "mfWimfnDcfF", // the pawn again
    ] {
        let text = edit(&chess, "betza = \"N\"", &format!("betza = \"{betza}\""));
        let spec = ok(&text);
        let knight = piece_named(&spec, "Knight").unwrap();
        assert_eq!(spec.pieces[knight].betza, betza);
    }
}

#[test]
fn holes_by_pattern_and_by_list() {
    // Cuarenta's board: 40 light squares; a1 is dark.
    let light = edit(MINI, "ranks = 3", "ranks = 3\nholes = \"dark\"");
    let light = edit(&light, "k2/3/2K w", "*k*/1*1/*K* w");
    let spec = ok(&light);
    assert_eq!(spec.geometry.squares().count(), 4);
    assert!(!spec.geometry.contains(sq("a1")));
    assert_eq!(placed(&start_of(&light)), 2);

    let listed = edit(MINI, "ranks = 3", "ranks = 3\nholes = [\"b2\"]");
    let listed = edit(&listed, "k2/3/2K w", "k2/1*1/2K w");
    let spec = ok(&listed);
    assert_eq!(spec.geometry.squares().count(), 8);

    // A number never runs over a hole.
    let over = edit(&listed, "1*1/", "3/");
    let err = refused(&over);
    assert!(matches!(err.problem, Problem::SetupRun { .. }), "{err}");
    assert!(err.to_string().contains("'3' covers b2"), "{err}");
    // A '*' only where the board has a hole.
    let star = edit(MINI, "k2/3/", "k2/*2/");
    let err = refused(&star);
    assert_eq!(err.problem, Problem::SetupNotAHole("a2".to_string()));
}

#[test]
fn a_misspelt_key_is_refused_where_it_is() {
    let chess = example("chess.toml");
    let text = edit(&chess, "files = 8", "fles = 8");
    let err = refused(&text);
    assert!(matches!(err.problem, Problem::Toml(_)));
    assert_eq!(err.at, Some(place(&text, "fles", 0)));
    assert!(
        err.to_string()
            .ends_with("unknown field `fles`, expected one of `files`, `ranks`, `holes`"),
        "{err}"
    );

    let text = edit(&chess, "betza = \"Q\"", "bezta = \"Q\"");
    let err = refused(&text);
    assert_eq!(err.at, Some(place(&text, "bezta", 0)));
    assert!(err.to_string().contains("unknown field `bezta`"), "{err}");

    let text = edit(&chess, "kind = \"royal\"", "kind = \"king\"");
    let err = refused(&text);
    assert!(
        err.to_string()
            .contains("unknown variant `king`, expected one of `royal`, `piece`, `pawn`"),
        "{err}"
    );
}

#[test]
fn a_top_level_key_after_a_table_gets_a_hint() {
    let text = format!("{MINI}en_passant = true\n");
    let err = refused(&text);
    assert!(
        err.to_string()
            .contains("`en_passant` belongs at the top of the file"),
        "{err}"
    );
}

#[test]
fn bad_xbetza_gives_the_byte_and_its_column() {
    let chess = example("chess.toml");
    let text = edit(&chess, "betza = \"mfWimfnDcfF\"", "betza = \"mfWimfnDcfY\"");
    let err = refused(&text);
    let Problem::Betza {
        piece,
        text: betza,
        error,
    } = &err.problem
    else {
        panic!("{err}");
    };
    assert_eq!(
        (piece.as_str(), betza.as_str(), error.at),
        ("Pawn", "mfWimfnDcfY", 10)
    );
    // The column is that of the 'Y' itself.
    assert_eq!(err.at, Some(place(&text, "mfWimfnDcfY", 10)));
    assert!(
        err.to_string()
            .ends_with("piece 'Pawn': XBetza \"mfWimfnDcfY\", byte 10 ('Y'): unknown atom 'Y'"),
        "{err}"
    );
}

#[test]
fn unsupported_xbetza_is_refused_with_the_reason() {
    let chess = example("chess.toml");
    for (betza, at, reason) in [
        ("gQ", 0, "not supported: modifier 'g' (grasshopper)"),
        ("WnC", 1, "not supported: 'n' needs a leap with one path"),
        ("FafsafsF", 4, "not supported: more than two legs"),
        ("fK", 0, "not supported: direction letters on K or Q"),
        ("[W]", 0, "not supported: bracket notation"),
        ("mRcpN", 3, "not supported"),
    ] {
        let text = edit(&chess, "betza = \"N\"", &format!("betza = '{betza}'"));
        let err = refused(&text);
        let Problem::Betza { piece, error, .. } = &err.problem else {
            panic!("{betza}: {err}");
        };
        assert_eq!((piece.as_str(), error.at), ("Knight", at), "{betza}: {err}");
        assert!(err.to_string().contains(reason), "{betza}: {err}");
        assert_eq!(err.at, Some(place(&text, betza, at)), "{betza}");
    }
}

#[test]
fn a_piece_that_cannot_move_on_the_board_is_refused() {
    let text = format!(
        "{MINI}\n[[piece]]\nname = \"Giant\"\nletter = \"G\"\nbetza = \"(15,15)\"\nkind = \"piece\"\n"
    );
    let err = refused(&text);
    assert!(matches!(err.problem, Problem::NoMoves { .. }), "{err}");
    assert!(err.to_string().contains("'Giant'"), "{err}");
}

#[test]
fn setup_mistakes_are_refused_with_the_rank() {
    let chess = example("chess.toml");
    let text = edit(&chess, "pppppppp/8", "ppppppppp/8");
    let err = refused(&text);
    assert_eq!(
        err.problem,
        Problem::SetupRankLength {
            rank: 7,
            expected: 8,
            found: 9
        }
    );
    assert_eq!(err.at, Some(place(&text, "ppppppppp/", 0)));
    assert!(
        err.to_string()
            .contains("rank 7 of the setup has 9 squares; the board has 8 files"),
        "{err}"
    );

    let text = edit(&chess, "/8/8/8/8/", "/8/8/8/");
    assert_eq!(
        refused(&text).problem,
        Problem::SetupRanks {
            expected: 8,
            found: 7
        }
    );

    let text = edit(&chess, "rnbqkbnr/", "rnbqxbnr/");
    let err = refused(&text);
    assert_eq!(
        err.problem,
        Problem::SetupLetter {
            letter: 'x',
            square: "e8".to_string()
        }
    );
    assert_eq!(err.at, Some(place(&text, "xbnr/", 0)));

    let text = edit(&chess, "8/8/PPPP", "8/4?3/PPPP");
    assert_eq!(
        refused(&text).problem,
        Problem::SetupCharacter { ch: '?', rank: 3 }
    );

    let text = edit(&chess, " w KQkq", " x KQkq");
    assert_eq!(refused(&text).problem, Problem::SetupSide("x".to_string()));

    let text = edit(&chess, "KQkq - 0 1\"", "KQkq - 0 1 9\"");
    assert_eq!(refused(&text).problem, Problem::SetupFields(7));

    let text = edit(&chess, "KQkq - 0 1\"", "KQkq - 0 0\"");
    assert!(matches!(
        refused(&text).problem,
        Problem::SetupCounter {
            field: "move number",
            ..
        }
    ));
}

#[test]
fn rights_in_the_setup_must_fit_the_position() {
    let chess = example("chess.toml");
    // Black's King has moved: no 'k'.
    let text = edit(&chess, "rnbqkbnr/", "rnbq1bnr/");
    let text = edit(&text, "8/8/8/8/PPPP", "8/8/4k3/8/PPPP");
    let err = refused(&text);
    assert!(
        err.to_string()
            .contains("the setup's castling field 'KQkq': 'k' needs Black's King on e8"),
        "{err}"
    );
    let text = edit(&text, "KQkq", "KQ");
    ok(&text);

    let text = edit(&chess, "KQkq - 0 1", "KQkq e3 0 1");
    let err = refused(&text);
    assert!(
        err.to_string().contains("no Black pawn stands beyond e3"),
        "{err}"
    );
    // After 1. e4 it is right.
    let after = edit(
        &chess,
        "8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
    );
    let spec = ok(&after);
    assert_eq!(
        spec.start,
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
    );
    let start = start_of(&after);
    assert_eq!(start.position_text(), spec.start);
    assert_eq!(start.side_to_move(), Seat::Second);
    let off = edit(&after, "en_passant = true", "en_passant = false");
    assert!(matches!(
        refused(&off).problem,
        Problem::SetupEnPassant { .. }
    ));

    let no_castling = edit(MINI, "2K w", "2K w K");
    assert!(refused(&no_castling)
        .to_string()
        .contains("the variant has no [castling]"));
}

#[test]
fn royal_pieces_are_required() {
    let chess = example("chess.toml");
    let text = edit(&chess, "kind = \"royal\"", "kind = \"piece\"");
    let err = refused(&text);
    assert_eq!(err.problem, Problem::NoRoyal);
    assert_eq!(err.at, None);
    assert!(err.to_string().starts_with("no piece is royal"), "{err}");

    let text = edit(MINI, "k2/3/2K", "3/3/2K");
    let err = refused(&text);
    assert!(
        err.to_string()
            .contains("Black has no royal piece in the setup (royal: King)"),
        "{err}"
    );

    let text = edit(MINI, "k2/3/2K", "k2/3/1KK");
    assert_eq!(
        refused(&text).problem,
        Problem::RoyalCount {
            side: "White",
            count: 2
        }
    );
    // Two Kings are fine when the goal is to take them all.
    let text = edit(&text, "setup =", "win = \"extinction\"\nsetup =");
    assert_eq!(ok(&text).win, WinCondition::CaptureRoyal);
}

#[test]
fn names_and_letters_are_checked() {
    let chess = example("chess.toml");
    let text = edit(&chess, "letter = \"N\"", "letter = \"B\"");
    let err = refused(&text);
    assert_eq!(
        err.problem,
        Problem::DuplicateLetter {
            letter: 'B',
            first: "Bishop".to_string(),
            second: "Knight".to_string()
        }
    );
    assert_eq!(
        err.at,
        Some(place(&text, "letter = \"B\"\nbetza = \"N\"", 9))
    );
    assert!(
        err.to_string()
            .contains("letter 'B' is used by both 'Bishop' and 'Knight'"),
        "{err}"
    );

    let text = edit(&chess, "letter = \"N\"", "letter = \"n\"");
    assert!(matches!(refused(&text).problem, Problem::BadLetter { .. }));
    let text = edit(&chess, "letter = \"N\"", "letter = \"Kn\"");
    assert!(matches!(refused(&text).problem, Problem::BadLetter { .. }));
    // Black's letter may be set apart in the file, but the core writes
    // Black's pieces in lower case: refused where it is written. It must
    // not clash either.
    let text = edit(
        &chess,
        "letter = \"N\"",
        "letter = \"N\"\nblack_letter = \"s\"",
    );
    let text = text.replace("rnbqkbnr/", "rsbqkbsr/");
    let err = refused(&text);
    assert!(
        matches!(
            &err.problem,
            Problem::Unsupported { key: "black_letter", why } if why.contains("Knight")
        ),
        "{err}"
    );
    assert_eq!(err.at, Some(place(&text, "\"s\"", 0)));
    let text = edit(
        &chess,
        "letter = \"N\"",
        "letter = \"N\"\nblack_letter = \"q\"",
    );
    assert!(matches!(
        refused(&text).problem,
        Problem::DuplicateLetter { letter: 'q', .. }
    ));

    let text = edit(&chess, "name = \"Knight\"", "name = \"rook\"");
    assert_eq!(
        refused(&text).problem,
        Problem::DuplicateName("rook".to_string())
    );
    let text = edit(&chess, "name = \"Knight\"", "name = \"  \"");
    assert!(matches!(refused(&text).problem, Problem::BadName { .. }));
}

#[test]
fn boards_are_at_most_16_by_16_with_holes_on_them() {
    let err = refused(&edit(MINI, "files = 3", "files = 17"));
    assert_eq!(
        err.problem,
        Problem::BoardSize {
            files: 17,
            ranks: 3
        }
    );
    assert!(err.to_string().contains("a board of 17x3 is not supported"));
    assert!(matches!(
        refused(&edit(MINI, "ranks = 3", "ranks = 0")).problem,
        Problem::BoardSize { .. }
    ));
    let off = edit(MINI, "ranks = 3", "ranks = 3\nholes = [\"d4\"]");
    let err = refused(&off);
    assert!(
        err.to_string().contains("hole d4 is not on the 3x3 board"),
        "{err}"
    );
    let bad = edit(MINI, "ranks = 3", "ranks = 3\nholes = [\"b\"]");
    assert!(matches!(refused(&bad).problem, Problem::BadSquare { .. }));
    let twice = edit(MINI, "ranks = 3", "ranks = 3\nholes = [\"b2\", \"b2\"]");
    assert_eq!(
        refused(&twice).problem,
        Problem::DuplicateHole("b2".to_string())
    );
    let word = edit(MINI, "ranks = 3", "ranks = 3\nholes = \"grey\"");
    assert_eq!(
        refused(&word).problem,
        Problem::HolePattern("grey".to_string())
    );
}

#[test]
fn promotion_castling_and_draws_are_checked() {
    let chess = example("chess.toml");
    let cases: [(&str, &str, &str); 12] = [
        (
            "\"Knight\"]",
            "\"Knigt\"]",
            "promotion choice 'Knigt' is not a piece of this variant",
        ),
        (
            "\"Knight\"]",
            "\"Pawn\"]",
            "'Pawn': a promotion choice cannot be a pawn",
        ),
        (
            "\"Knight\"]",
            "\"King\"]",
            "cannot be royal when the goal is checkmate",
        ),
        (
            "zone = 1",
            "zone = 9",
            "promotion zone 9 must be from 1 to the board's 8 ranks",
        ),
        (
            "[\"Queen\", \"Rook\", \"Bishop\", \"Knight\"]",
            "[]",
            "promotion choices are empty",
        ),
        (
            "[\"Queen\", \"Rook\", \"Bishop\", \"Knight\"]",
            "[\"Queen\", \"Queen\"]",
            "promotion choice 'Queen' is listed twice",
        ),
        (
            "with = [\"Rook\"]",
            "with = [\"Rok\"]",
            "castling partner 'Rok' is not a piece",
        ),
        (
            "with = [\"Rook\"]",
            "with = [\"Pawn\"]",
            "a castling partner cannot be a pawn",
        ),
        (
            "partner = \"h1\"",
            "partner = \"h2\"",
            "castling: from, to, partner and partner_to must be on one rank",
        ),
        (
            "partner = \"a1\"",
            "partner = \"h1\"",
            "two castling moves have the partner on the higher files (K)",
        ),
        ("move_rule = 50", "move_rule = -1", "move_rule = -1"),
        ("repetition = 3", "repetition = 1", "repetition = 1"),
    ];
    for (from, to, message) in cases {
        let err = refused(&edit(&chess, from, to));
        assert!(err.to_string().contains(message), "{to}: {err}");
        assert!(err.at.is_some(), "{to}: {err}");
    }
    let err = refused(&edit(
        &chess,
        "resets = [\"capture\", \"pawn\"]",
        "resets = []",
    ));
    assert_eq!(err.problem, Problem::NoResets);
    // No rule, nothing to reset: fine.
    let none = edit(&chess, "move_rule = 50", "move_rule = 0");
    let none = edit(&none, "resets = [\"capture\", \"pawn\"]", "resets = []");
    assert_eq!(ok(&none).draws.quiet_limit, None);
    let loss = edit(&chess, "stalemate = \"draw\"", "stalemate = \"loss\"");
    assert_eq!(ok(&loss).draws.stalemate, StalemateRule::Loss);
    // Promotion without pawns.
    let text = format!("{MINI}\n[promotion]\nchoices = [\"King\"]\n");
    assert_eq!(refused(&text).problem, Problem::NoPawns);
    // "any" partner (Dealer's Chess, D5).
    let any = edit(&chess, "with = [\"Rook\"]", "with = [\"any\"]");
    // Every kind neither royal nor a pawn, for each castling.
    let any = ok(&any);
    assert_eq!(any.castling.len(), 4);
    for c in &any.castling {
        assert_eq!(c.partners, ['Q', 'R', 'B', 'N']);
    }
}

#[test]
fn values_and_kinds_are_checked() {
    let chess = example("chess.toml");
    let err = refused(&edit(&chess, "value = 9", "value = -9"));
    assert!(matches!(err.problem, Problem::BadValue { .. }), "{err}");
    let err = refused(&edit(&chess, "value = 9", "value = \"nine\""));
    assert!(err.to_string().contains("invalid type"), "{err}");
    assert_eq!(
        ok(&edit(&chess, "value = 9", "value = 8.5")).pieces[1].value,
        Some(850)
    );
}

#[test]
fn not_toml_is_refused_with_its_place() {
    let err = refused("name = Chess\n");
    assert!(matches!(err.problem, Problem::Toml(_)));
    assert_eq!(err.at, Some(Location { line: 1, column: 8 }));
    let err = refused("");
    assert!(err.to_string().contains("missing field `name`"), "{err}");
    let err = refused(&MINI.replace("setup = \"k2/3/2K w\"\n", ""));
    assert!(err.to_string().contains("missing field `setup`"), "{err}");
}

#[test]
fn locations_count_characters_from_one() {
    let text = "ab\nçd\n";
    assert_eq!(Location::of(text, 0), Location { line: 1, column: 1 });
    assert_eq!(Location::of(text, 3), Location { line: 2, column: 1 });
    // 'd' is byte 5 but the second character of its line.
    assert_eq!(Location::of(text, 5), Location { line: 2, column: 2 });
    // Inside a character, or past the end: clamped.
    assert_eq!(Location::of(text, 4), Location { line: 2, column: 1 });
    assert_eq!(Location::of(text, 99), Location { line: 3, column: 1 });
}

/// Text that looks like a variant file: the examples with a piece of
/// random text put in somewhere.
fn mutated() -> impl Strategy<Value = String> {
    let sources = [
        example("chess.toml"),
        example("fairy-court.toml"),
        MINI.to_string(),
    ];
    (
        0..sources.len(),
        any::<prop::sample::Index>(),
        any::<prop::sample::Index>(),
        ".{0,12}",
    )
        .prop_map(move |(which, a, b, insert)| {
            let text = &sources[which];
            let (mut x, mut y) = (a.index(text.len() + 1), b.index(text.len() + 1));
            if x > y {
                std::mem::swap(&mut x, &mut y);
            }
            y = y.min(x + 8);
            while !text.is_char_boundary(x) {
                x -= 1;
            }
            while !text.is_char_boundary(y) {
                y -= 1;
            }
            let y = y.max(x);
            format!("{}{insert}{}", &text[..x], &text[y..])
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn random_text_never_panics(text in any::<String>()) {
        let _ = read(&text);
    }

    #[test]
    fn toml_like_text_never_panics(text in "([a-z_]{1,8} = (\"[ -~]{0,12}\"|[0-9-]{1,4}|\\[\\]|true)\n|\\[\\[?[a-z]{1,9}\\]\\]?\n){0,12}") {
        let _ = read(&text);
    }

    #[test]
    fn edited_examples_never_panic_and_errors_have_messages(text in mutated()) {
        match read(&text) {
            Ok(spec) => prop_assert!(!spec.pieces.is_empty()),
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }
}

#[test]
fn a_string_with_escapes_points_at_its_start() {
    let chess = example("chess.toml");
    // "\u0067" is 'g': the reader sees "gQ", the file does not.
    let text = edit(&chess, "betza = \"N\"", "betza = \"\\u0067Q\"");
    let err = refused(&text);
    let Problem::Betza { text: betza, .. } = &err.problem else {
        panic!("{err}");
    };
    assert_eq!(betza, "gQ");
    assert_eq!(err.at, Some(place(&text, "\"\\u0067Q\"", 0)));
}
