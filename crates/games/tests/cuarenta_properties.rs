//! Property tests over random playouts from the start: generated moves are
//! legal (checked against a slow independent test), unique and counted
//! right; notation and position strings round-trip; the incremental hash
//! equals the recomputed one; records replay to the same game; no input
//! string makes a parser panic.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use deckmate_games::cuarenta::{self, fen, notation, record, Move, Position};
use deckmate_rules::{Game, Record, SeededRng};
use proptest::prelude::*;
use std::collections::HashSet;

/// The legal plain moves by brute force: every pseudo-legal move that does
/// not leave the mover's King attacked.
fn slow_legal(pos: &Position) -> HashSet<(u8, u8)> {
    let me = pos.side_to_move();
    pos.pseudo_legal()
        .into_iter()
        .filter(|&m| {
            let mut after = pos.clone();
            after.play_move(m);
            !after.king_attacked(me)
        })
        .map(|m| (m.from().0, m.to().0))
        .collect()
}

fn playout(seed: u64, plies: usize) -> (Position, Vec<Move>) {
    let mut pos = cuarenta::start_position();
    let mut rng = SeededRng::new(seed);
    let mut played = Vec::new();
    for _ in 0..plies {
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        assert_eq!(moves.len() as u64, pos.count_moves());
        assert_eq!(!moves.is_empty(), pos.has_legal_move());
        if moves.is_empty() {
            assert!(pos.outcome().is_some());
            break;
        }
        let unique: HashSet<_> = moves.iter().collect();
        assert_eq!(unique.len(), moves.len(), "duplicate moves");
        let plain: HashSet<(u8, u8)> = moves
            .iter()
            .filter(|m| !m.is_castling())
            .map(|m| (m.from().0, m.to().0))
            .collect();
        assert_eq!(plain, slow_legal(&pos), "{}", fen::write(&pos));
        for &m in &moves {
            let text = notation::write(&pos, m);
            assert_eq!(notation::parse(&pos, &text), Ok(m), "{text}");
            let mut after = pos.clone();
            after.play_move(m);
            assert!(!after.king_attacked(pos.side_to_move()), "{text}");
        }
        let m = moves[rng.below(moves.len() as u64) as usize];
        pos.play(m).unwrap();
        played.push(m);
        let text = fen::write(&pos);
        let again = fen::parse(&text).unwrap();
        assert_eq!(fen::write(&again), text);
        assert_eq!(
            pos.zobrist(),
            pos.compute_hash(),
            "incremental hash differs"
        );
        assert_eq!(again.zobrist(), pos.zobrist());
    }
    (pos, played)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn random_playouts_keep_every_invariant(seed in any::<u64>()) {
        let (end, moves) = playout(seed, 200);
        let spec = record::GameSpec::default();
        let rec = record::write(&spec, &moves, None).unwrap();
        let back = record::replay(&Record::parse(&rec.to_string()).unwrap()).unwrap();
        prop_assert_eq!(back.moves, moves);
        prop_assert_eq!(fen::write(&back.position), fen::write(&end));
        prop_assert_eq!(back.result.as_str(), end.outcome().map_or("*", |o| o.result_text()));
    }

    #[test]
    fn notation_parser_never_panics(s in "\\PC{0,12}") {
        let p = cuarenta::start_position();
        let _ = notation::parse(&p, &s);
    }

    #[test]
    fn notation_parser_never_panics_on_near_moves(
        s in "[KBCVGFPa-k]?[a-j]?[0-9]?x?[a-j][0-9]{1,2}(=[A-Za-z])?[+#]?|[O0o]-[O0o][+#]?",
    ) {
        let p = cuarenta::start_position();
        let _ = notation::parse(&p, &s);
    }

    #[test]
    fn position_parser_never_panics(s in "\\PC{0,90}") {
        let _ = fen::parse(&s);
    }

    #[test]
    fn position_parser_never_panics_on_near_positions(
        rows in proptest::collection::vec("[*1-9KBCVGFPkbcvgfpx]{0,11}", 0..11),
        side in "[wbx]",
        castling in "[Cc-]{1,3}",
        q in "[0-9]{1,6}",
    ) {
        if let Ok(p) = fen::parse(&format!("{} {side} {castling} {q} 1", rows.join("/"))) {
            let _ = p.count_moves();
            prop_assert_eq!(fen::write(&fen::parse(&fen::write(&p)).unwrap()), fen::write(&p));
        }
    }

    #[test]
    fn record_reader_never_panics(s in "\\PC{0,200}") {
        if let Ok(r) = Record::parse(&s) {
            let _ = record::replay(&r);
        }
    }
}
