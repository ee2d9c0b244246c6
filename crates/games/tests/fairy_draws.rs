//! FIDE's draws on the fairy core (issue 29): a threefold repetition is
//! judged by the moves possible, so an en passant square counts only when
//! a capture there is legal (item 22: variant files and Dealer's Chess,
//! RULINGS D1; 52Chess keeps F8, its e.p. square always counts), and a
//! variant file declares the material that cannot win (item 23), which
//! ends the game in a draw at once and which the search scores 0.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use deckmate_engine::search::{Limits, Searcher};
use deckmate_games::chess52::{fen as fen52, rules as rules52, Chess52};
use deckmate_games::fairy::{
    chess, AnyPosition, EnPassantIdentity, EndReason, FairyEval, RuleError, RuleSet,
};
use deckmate_games::variant_file;
use deckmate_games::variant_game::{self, LoadError};
use deckmate_rules::Game;
use std::sync::Arc;

fn chess_file() -> String {
    std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../variants/chess.toml"
    ))
    .unwrap()
}

fn rules_of(text: &str) -> Arc<RuleSet> {
    variant_file::rule_set(text).unwrap()
}

fn file_rules() -> Arc<RuleSet> {
    rules_of(&chess_file())
}

fn at(rules: &Arc<RuleSet>, fen: &str) -> AnyPosition {
    AnyPosition::from_rules_text(rules, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn play(g: &mut AnyPosition, moves: &str) {
    for m in moves.split_whitespace() {
        let mv = g
            .parse_move(m)
            .unwrap_or_else(|e| panic!("{m} in {}: {e}", g.position_text()));
        g.play(mv).unwrap();
    }
}

/// The search's score for the side to move at `depth`.
fn score(rules: &Arc<RuleSet>, p: &AnyPosition, depth: u32) -> i32 {
    let mut s = Searcher::new(FairyEval::new(rules), 16);
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    s.search(p, &limits, &mut |_| {}).score
}

// Item 22: repetition.

#[test]
fn item_22_d1_knights_out_and_back_after_double_steps_repeat_threefold() {
    // The game of the issue: both double steps leave e.p. squares no pawn
    // can use, so the position after 1. e4 e5 is the one after 3. Ng1 Ng8
    // and 5. Ng1 Ng8.
    for rules in [file_rules(), chess()] {
        let mut g = AnyPosition::new_game(&rules);
        play(&mut g, "e4 e5 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
        assert!(g.outcome().is_none(), "{}", rules.name);
        play(&mut g, "Ng8");
        let end = g.end_state().unwrap();
        assert_eq!(end.reason, EndReason::Repetition(3), "{}", rules.name);
        assert_eq!(end.winner, None);
        assert_eq!(g.to_act(), deckmate_rules::ToAct::Nobody);
    }
}

#[test]
fn item_22_d1_an_en_passant_right_that_can_be_used_keeps_positions_apart() {
    let rules = file_rules();
    let start = "rnbqkbnr/pppppppp/8/4P3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2";
    let mut g = at(&rules, start);
    play(&mut g, "d5");
    assert!(g.parse_move("exd6").is_ok(), "en passant is legal here");
    let with_right = g.repetition_key();
    play(&mut g, "Nf3 Nf6 Ng1 Ng8");
    // The same placement, without the right: another position.
    assert_ne!(g.repetition_key(), with_right);
    play(&mut g, "Nf3 Nf6 Ng1 Ng8");
    assert!(
        g.outcome().is_none(),
        "the third placement is the second position"
    );
    // The position after Nf3 (Black to move, no right) for the third time.
    play(&mut g, "Nf3");
    assert_eq!(g.end_state().unwrap().reason, EndReason::Repetition(3));
}

#[test]
fn item_22_d1_an_en_passant_capture_a_pin_forbids_does_not_count() {
    let rules = file_rules();
    // White's King on a5 and pawn on b5, Black's rook on h5: after c7-c5,
    // bxc6 would leave the King to the rook.
    let mut pinned = at(&rules, "4k3/2p5/8/KP5r/8/8/8/8 b - - 0 1");
    play(&mut pinned, "c5");
    assert!(
        pinned.position_text().contains(" c6 "),
        "the square is written"
    );
    assert!(pinned.parse_move("bxc6").is_err());
    let without = at(&rules, &pinned.position_text().replace(" c6 ", " - "));
    assert_ne!(pinned.hash(), without.hash(), "the table's hash keeps it");
    assert_eq!(pinned.repetition_key(), without.repetition_key());
    // The King on a4: the capture is legal and the square counts.
    let mut free = at(&rules, "4k3/2p5/8/1P5r/K7/8/8/8 b - - 0 1");
    play(&mut free, "c5");
    assert!(free.parse_move("bxc6").is_ok());
    let without = at(&rules, &free.position_text().replace(" c6 ", " - "));
    assert_ne!(free.repetition_key(), without.repetition_key());
}

#[test]
fn item_22_f8_52chess_counts_its_en_passant_square_after_every_double_step() {
    assert_eq!(
        rules52::rules().draws.en_passant_identity,
        EnPassantIdentity::Always
    );
    // White's a-pawn has stepped a4-a6 over a5; no Black pawn can take
    // there, and the square still counts (F8, F11).
    let with = fen52::parse("rqkr/pppp/nbbn/pppp/4/4/4/P3/4/1PPP/NBBN/PPPP/RQKR b a5 0 1").unwrap();
    let without =
        fen52::parse("rqkr/pppp/nbbn/pppp/4/4/4/P3/4/1PPP/NBBN/PPPP/RQKR b - 0 1").unwrap();
    assert_ne!(with.repetition_key(), without.repetition_key());
    // Played: the knights out and back twice after the double step make
    // the placement's third time but the position's second.
    let mut p = Chess52::start();
    let turn = |p: &mut Chess52, card: &str, mv: &str| {
        let d = p.parse_move(&format!("[{card}]")).unwrap();
        p.play(d).unwrap();
        let m = p.parse_move(mv).unwrap();
        p.play(m).unwrap();
    };
    turn(&mut p, "AC", "a6");
    assert!(p.position_text().contains(" a5 "), "{}", p.position_text());
    for (card, mv) in [
        ("2D", "Nc9"),
        ("3H", "Nc5"),
        ("4S", "Nd11"),
        ("5C", "Nd3"),
        ("6D", "Nc9"),
        ("7H", "Nc5"),
        ("8S", "Nd11"),
        ("9C", "Nd3"),
    ] {
        turn(&mut p, card, mv);
    }
    assert!(p.outcome().is_none(), "{}", p.position_text());
}

// Item 23: dead material.

#[test]
fn item_23_d1_kn_v_k_is_drawn_at_once_and_scored_0() {
    let rules = file_rules();
    for fen in [
        "8/8/8/4k3/8/8/8/KN6 w - - 0 1",
        "8/8/8/4k3/8/8/8/K7 b - - 0 1",
        "8/8/3b4/4k3/8/8/8/K7 w - - 0 1",
    ] {
        let p = at(&rules, fen);
        let end = p.end_state().unwrap_or_else(|| panic!("{fen} plays on"));
        assert_eq!(end.reason, EndReason::InsufficientMaterial, "{fen}");
        assert_eq!(end.winner, None);
        assert_eq!(p.outcome().unwrap().winner, None);
    }
    // Black must take the Bishop, which leaves K+N v K: the search, which
    // sees K+B+N v K before the move, scores the position 0.
    let mut p = at(&rules, "k7/1B6/2NK4/8/8/8/8/8 b - - 0 1");
    assert_eq!(score(&rules, &p, 4), 0);
    play(&mut p, "Kxb7");
    assert_eq!(
        p.end_state().unwrap().reason,
        EndReason::InsufficientMaterial
    );
    // A promotion to a Knight is a way there too.
    let mut p = at(&rules, "8/P7/8/4k3/8/8/8/K7 w - - 0 1");
    play(&mut p, "a8=N");
    assert_eq!(
        p.end_state().unwrap().reason,
        EndReason::InsufficientMaterial
    );
    // FIDE's chess as the core's built-in rule set declares none.
    assert!(at(&chess(), "8/8/8/4k3/8/8/8/KN6 w - - 0 1")
        .end_state()
        .is_none());
}

#[test]
fn item_23_d1_kr_v_k_and_two_knights_are_not_dead() {
    let rules = file_rules();
    for fen in [
        "8/8/8/4k3/8/8/8/KR6 w - - 0 1",
        "8/8/8/4k3/8/8/8/KNN5 w - - 0 1",
        "8/8/8/4k3/8/8/8/KBN5 w - - 0 1",
        "8/8/8/4k3/8/8/P7/K7 w - - 0 1",
        "8/8/8/4k3/8/8/8/KN4n1 w - - 0 1",
    ] {
        assert!(at(&rules, fen).end_state().is_none(), "{fen}");
    }
    let p = at(&rules, "8/8/8/4k3/8/8/8/KR6 w - - 0 1");
    assert!(score(&rules, &p, 3) > 300);
}

#[test]
fn item_23_d1_bishops_all_on_one_colour_are_dead() {
    let rules = file_rules();
    // a1 is dark: b2, c1, d2 and h8 are dark squares too.
    for fen in [
        "7b/4k3/8/8/8/8/1B1B4/K1B5 w - - 0 1",
        "8/4k3/8/8/8/8/1B6/K7 w - - 0 1",
        "7b/4k3/8/8/8/8/1B6/K7 w - - 0 1",
    ] {
        assert_eq!(
            at(&rules, fen).end_state().map(|e| e.reason),
            Some(EndReason::InsufficientMaterial),
            "{fen}"
        );
    }
    // One Bishop on each colour: a mate can still happen (in the corner).
    for fen in [
        "6b1/4k3/8/8/8/8/1B6/K7 w - - 0 1",
        "8/4k3/8/8/8/8/1BB5/K7 w - - 0 1",
        "7b/4k3/8/8/8/8/1B6/KN6 w - - 0 1",
    ] {
        assert!(at(&rules, fen).end_state().is_none(), "{fen}");
    }
}

#[test]
fn item_23_a_bad_insufficient_key_is_refused_with_its_line() {
    let text = chess_file();
    let line_of = |text: &str, needle: &str| {
        text.lines()
            .position(|l| l.contains(needle))
            .map(|i| i + 1)
            .unwrap()
    };
    for (old, new, says) in [
        (
            r#"["KN", "K"]"#,
            r#"["KX", "K"]"#,
            "insufficient material \"KX\": 'X' is not a piece's letter",
        ),
        (
            r#"["KN", "K"]"#,
            r#"["N", "K"]"#,
            "insufficient material \"N\": it has no royal piece",
        ),
        (
            r#"["KN", "K"]"#,
            r#"["KN", "K", "K"]"#,
            "each entry is a pair of the two sides' material",
        ),
        (
            r#"insufficient_one_colour = ["B"]"#,
            r#"insufficient_one_colour = ["N"]"#,
            "insufficient_one_colour \"N\": 'Knight' moves to squares of the other colour",
        ),
        (
            r#"insufficient_one_colour = ["B"]"#,
            r#"insufficient_one_colour = ["K"]"#,
            "'King' is royal",
        ),
        (
            r#"insufficient_one_colour = ["B"]"#,
            r#"insufficient_one_colour = "B""#,
            "invalid type",
        ),
    ] {
        assert!(text.contains(old));
        let bad = text.replacen(old, new, 1);
        let line = line_of(&bad, new);
        let err = variant_game::load("chess.toml", &bad).err().unwrap();
        let message = err.at_path("variants/chess.toml");
        assert!(
            message.starts_with(&format!("variants/chess.toml:{line}:")),
            "{message}"
        );
        assert!(message.contains(says), "{message}");
        assert!(matches!(err, LoadError::Read(_)), "{message}");
    }
}

#[test]
fn item_23_the_core_refuses_dead_material_it_cannot_read() {
    let mut v = variant_file::read(&chess_file()).unwrap();
    v.draws.dead_material.one_colour = vec!['N'];
    let err = RuleSet::new(v.clone()).err().unwrap();
    assert!(matches!(err, RuleError::Draws { .. }), "{err}");
    assert!(err.to_string().contains("Knight"), "{err}");
    v.draws.dead_material.one_colour.clear();
    v.draws.dead_material.pairs = vec![["KZ".to_string(), "K".to_string()]];
    let err = RuleSet::new(v).err().unwrap();
    assert!(
        err.to_string().contains("no piece has the letter Z"),
        "{err}"
    );
    // A file without the keys declares nothing: K+N v K plays on.
    let plain = chess_file()
        .lines()
        .filter(|l| !l.starts_with("insufficient"))
        .collect::<Vec<_>>()
        .join("\n");
    let rules = rules_of(&plain);
    assert!(at(&rules, "8/8/8/4k3/8/8/8/KN6 w - - 0 1")
        .end_state()
        .is_none());
}
