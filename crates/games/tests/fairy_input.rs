//! Any text given to the fairy core's readers (a position string, a move)
//! gives a value or an error, never a panic; what reads writes back to a
//! text that reads to the same.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use deckmate_games::fairy::{chess, AnyPosition};
use deckmate_games::variant_file;
use deckmate_rules::Game;
use proptest::prelude::*;
use std::sync::{Arc, OnceLock};

/// The rule sets tried: chess (64 squares) and the 12x12 Fairy Court of
/// `variants/fairy-court.toml` (256-square sets, hoppers, bent riders).
/// Built once: every case reads texts against the same two rule sets.
fn rule_sets() -> &'static [Arc<deckmate_games::fairy::RuleSet>] {
    static SETS: OnceLock<Vec<Arc<deckmate_games::fairy::RuleSet>>> = OnceLock::new();
    SETS.get_or_init(|| {
        let court = variant_file::rule_set(include_str!("../../../variants/fairy-court.toml"))
            .expect("the example reads and builds");
        vec![chess(), court]
    })
}

/// A start position after `steer` picks of its legal moves.
fn steered(rules: &Arc<deckmate_games::fairy::RuleSet>, steer: &[u8]) -> AnyPosition {
    let mut pos = AnyPosition::new_game(rules);
    for &b in steer {
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        pos.play_unchecked(moves[b as usize % moves.len()]);
    }
    pos
}

/// Reads `text` as a position string and as a move in `pos`; what reads
/// must write back to a text that reads to the same. Whether either read
/// (and so was checked).
fn check_text(pos: &AnyPosition, text: &str) -> Result<bool, TestCaseError> {
    let mut checked = false;
    if let Ok(p) = pos.with_text(text) {
        let written = p.position_text();
        let again = pos.with_text(&written).expect("a written position reads");
        prop_assert_eq!(again.position_text(), written);
        checked = true;
    }
    if let Ok(mv) = pos.parse_move(text) {
        let written = pos.move_text(mv);
        prop_assert_eq!(pos.parse_move(&written), Ok(mv), "{}", written);
        checked = true;
    }
    Ok(checked)
}

#[test]
fn any_text_reads_or_is_refused() {
    // Any text, or one near a text written in the steered positions (of
    // either rule set: a position string, a legal move's).
    let strategy = prop::collection::vec(any::<u8>(), 0..6).prop_flat_map(|steer| {
        let (mut positions, mut moves) = (Vec::new(), Vec::new());
        for rules in rule_sets() {
            let pos = steered(rules, &steer);
            positions.push(pos.position_text());
            let mut legal = Vec::new();
            pos.legal_moves(&mut legal);
            moves.extend(legal.iter().map(|&mv| pos.move_text(mv)));
        }
        if moves.is_empty() {
            moves.clone_from(&positions);
        }
        (
            prop_oneof![
                "\\PC{0,80}",
                crate::counted::near_one_of(positions),
                crate::counted::near_one_of(moves),
            ],
            Just(steer),
        )
    });
    // 44 of the 150 read (none before the written texts).
    crate::counted::run(
        "fairy_input::any_text_reads_or_is_refused",
        150,
        20,
        strategy,
        |(text, steer)| {
            let mut checked = false;
            for rules in rule_sets() {
                checked |= check_text(&steered(rules, &steer), &text)?;
            }
            Ok(checked)
        },
    );
}

#[test]
fn edited_position_strings_read_or_are_refused() {
    let strategy = (
        0usize..120,
        "[0-9a-zA-Z/ *~@\\[\\]-]{0,4}",
        prop::collection::vec(any::<u8>(), 0..8),
    );
    // 23 of the 150 read.
    crate::counted::run(
        "fairy_input::edited_position_strings_read_or_are_refused",
        150,
        10,
        strategy,
        |(cut, insert, steer)| {
            let mut checked = false;
            for rules in rule_sets() {
                let pos = steered(rules, &steer);
                let mut text = pos.position_text();
                let at = text
                    .char_indices()
                    .map(|(i, _)| i)
                    .nth(cut % text.len().max(1))
                    .unwrap_or(0);
                text.insert_str(at, &insert);
                checked |= check_text(&pos, &text)?;
                // A move's text with a character changed.
                let mut moves = Vec::new();
                pos.legal_moves(&mut moves);
                if let Some(&mv) = moves.first() {
                    let mut m = pos.move_text(mv);
                    m.insert_str(cut % (m.len() + 1), &insert);
                    checked |= check_text(&pos, &m)?;
                }
            }
            Ok(checked)
        },
    );
}

/// Issue 31 item 9: in chess, from-to coordinates with `-` or `x` between
/// the squares, a promotion's squares alone ambiguous, and piece letters in
/// lower case where the text is no legal move as written.
#[test]
fn issue31_item9_from_to_and_lower_case_letters_in_chess() {
    use deckmate_rules::MoveError;
    let start = AnyPosition::new_game(&chess());
    let same = |p: &AnyPosition, a: &str, b: &str| {
        let m = p.parse_move(b).unwrap_or_else(|e| panic!("{b}: {e}"));
        assert_eq!(p.parse_move(a), Ok(m), "{a} / {b}");
        assert_eq!(p.move_text(m), b, "the writing is unchanged");
    };
    for (a, b) in [
        ("g1f3", "Nf3"),
        ("g1-f3", "Nf3"),
        ("nf3", "Nf3"),
        ("nc3", "Nc3"),
        ("e2-e4", "e4"),
        ("e2e4", "e4"),
    ] {
        same(&start, a, b);
    }
    assert!(matches!(
        start.parse_move("e2xe4"),
        Err(MoveError::CaptureMark {
            captures: false,
            ..
        })
    ));
    // bxc3 is the pawn's capture while it is legal; Bxc3 the Bishop's.
    let p = AnyPosition::from_rules_text(&chess(), "4k3/P7/8/8/8/2n5/1P6/4BK2 w - - 0 1").unwrap();
    same(&p, "bxc3", "bxc3");
    same(&p, "b2xc3", "bxc3");
    same(&p, "e1xc3", "Bxc3");
    let bishop = p.parse_move("Bxc3").unwrap();
    assert_ne!(p.parse_move("bxc3"), Ok(bishop));
    // With the pawn gone, the lower-case b reads as the Bishop.
    let q = AnyPosition::from_rules_text(&chess(), "4k3/P7/8/8/8/2n5/8/4BK2 w - - 0 1").unwrap();
    same(&q, "bxc3", "Bxc3");
    // A promotion's squares alone: ambiguous, naming every choice.
    let (parts, candidates) = crate::ambiguity(p.parse_move("a7a8"));
    assert_eq!(parts, ["a7a8", "White", "Pawn", "a8"]);
    assert_eq!(candidates, ["a8=Q+", "a8=R+", "a8=B", "a8=N"]);
    same(&p, "a7a8q", "a8=Q+");
    same(&p, "a7-a8=N", "a8=N");
}
