//! Property tests over random playouts from every setup: generated moves
//! are legal and unique, notation and position strings round-trip, the
//! incremental hash equals the recomputed one, records replay to the same
//! game, and no input string makes a parser panic.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use deckmate_games::cardmate::{fen, notation, record, Options, Position, SetupKind};
use deckmate_rules::{Game, Record, SeededRng};
use proptest::prelude::*;
use std::collections::HashSet;

fn setup_kind(i: u8) -> SetupKind {
    [
        SetupKind::Predefined,
        SetupKind::Suits,
        SetupKind::Ranks,
        SetupKind::Deal,
    ][i as usize % 4]
}

/// Plays up to `plies` random legal moves, checking invariants at each step.
fn playout(
    kind: SetupKind,
    seed: u64,
    plies: usize,
) -> (Position, Vec<deckmate_games::cardmate::Move>) {
    let start = deckmate_games::cardmate::start_position(kind, seed, Options::default());
    let mut pos = start.clone();
    let mut rng = SeededRng::new(seed ^ 0x5EED);
    let mut played = Vec::new();
    for _ in 0..plies {
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        assert_eq!(moves.len() as u64, pos.count_moves());
        if moves.is_empty() {
            assert!(pos.outcome().is_some());
            break;
        }
        let unique: HashSet<_> = moves.iter().collect();
        assert_eq!(unique.len(), moves.len(), "duplicate moves");
        for &m in &moves {
            // Every move writes and reads back as itself.
            let text = notation::write(&pos, m);
            assert_eq!(notation::parse(&pos, &text), Ok(m), "{text}");
            // It is a move of the side to move's own card.
            assert_eq!(pos.owner_of(m.card), Some(pos.side_to_move()));
        }
        let m = moves[rng.below(moves.len() as u64) as usize];
        pos.play(m).unwrap();
        played.push(m);
        // Position string round-trip and hash consistency.
        let text = fen::write(&pos);
        let again = fen::parse(&text, Options::default()).unwrap();
        assert_eq!(fen::write(&again), text);
        assert_eq!(again.zobrist(), pos.zobrist(), "incremental hash differs");
    }
    (pos, played)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn random_playouts_keep_every_invariant(kind in 0u8..4, seed in any::<u64>()) {
        let kind = setup_kind(kind);
        let (end, moves) = playout(kind, seed, 160);
        // The record of the game replays to the same position and result.
        let spec = record::GameSpec { setup: kind, seed, ..Default::default() };
        let rec = record::write(&spec, &moves, None).unwrap();
        let text = rec.to_string();
        let back = record::replay(&Record::parse(&text).unwrap()).unwrap();
        prop_assert_eq!(back.moves, moves);
        prop_assert_eq!(fen::write(&back.position), fen::write(&end));
        prop_assert_eq!(back.result.as_str(), end.outcome().map_or("*", |o| o.result_text()));
    }

    #[test]
    fn notation_parser_never_panics(s in "\\PC{0,12}") {
        let p = deckmate_games::cardmate::start_position(SetupKind::Predefined, 0, Options::default());
        let _ = notation::parse(&p, &s);
    }

    #[test]
    fn notation_parser_never_panics_on_near_moves(s in "[0-9XJQKA][CDHS][:x]?[a-k][0-9]{1,2}(=A)?[+x×#]{0,2}") {
        let p = deckmate_games::cardmate::start_position(SetupKind::Predefined, 0, Options::default());
        let _ = notation::parse(&p, &s);
    }

    #[test]
    fn position_parser_never_panics(s in "\\PC{0,80}") {
        let _ = fen::parse(&s, Options::default());
    }

    #[test]
    fn position_parser_never_panics_on_near_positions(
        rows in proptest::collection::vec("([1-9XJQKA][CDHScdhs]|[1-9]|10){0,8}", 0..12),
        side in "[FRx]",
        q in "[0-9]{1,6}",
    ) {
        let _ = fen::parse(&format!("{} {side} {q} 1", rows.join("/")), Options::default());
    }
}

/// Records the game wrote: a short random game from each setup.
fn written_records() -> Vec<String> {
    (0u8..4)
        .map(|k| {
            let kind = setup_kind(k);
            let seed = 11 + u64::from(k);
            let (_, moves) = playout(kind, seed, 24);
            let spec = record::GameSpec {
                setup: kind,
                seed,
                ..Default::default()
            };
            record::write(&spec, &moves, None).unwrap().to_string()
        })
        .collect()
}

#[test]
fn record_reader_never_panics() {
    // 17 of the 24 read (7 before the written records, none replayed).
    crate::record_reader::never_panics(
        "cardmate_properties::record_reader_never_panics",
        24,
        6,
        written_records(),
        |r| {
            let _ = record::replay(r);
        },
    );
}
