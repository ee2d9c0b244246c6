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
}

/// Position strings the game wrote along a few random games.
fn written_positions() -> Vec<String> {
    let mut out = vec![cuarenta::START.to_string()];
    for seed in 1..4 {
        let mut pos = cuarenta::start_position();
        let mut rng = SeededRng::new(seed);
        for _ in 0..40 {
            let mut moves = Vec::new();
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            pos.play(moves[rng.below(moves.len() as u64) as usize])
                .unwrap();
            out.push(fen::write(&pos));
        }
    }
    out
}

#[test]
fn position_parser_never_panics_on_near_positions() {
    let strategy = prop_oneof![
        1 => (
            proptest::collection::vec("[*1-9KBCVGFPkbcvgfpx]{0,11}", 0..11),
            "[wbx]",
            "[Cc-]{1,3}",
            "[0-9]{1,6}",
        )
            .prop_map(|(rows, side, castling, q)| format!(
                "{} {side} {castling} {q} 1",
                rows.join("/")
            )),
        3 => crate::counted::near_one_of(written_positions()),
    ];
    // 4 of the 32 read (3 to 14 with other seeds; none before the
    // written positions).
    crate::counted::run(
        "cuarenta_properties::position_parser_never_panics_on_near_positions",
        32,
        2,
        strategy,
        |text: String| {
            let Ok(p) = fen::parse(&text) else {
                return Ok(false);
            };
            let _ = p.count_moves();
            prop_assert_eq!(
                fen::write(&fen::parse(&fen::write(&p)).unwrap()),
                fen::write(&p)
            );
            Ok(true)
        },
    );
}

/// Records the game wrote: short random games from the start and from a
/// position string.
fn written_records() -> Vec<String> {
    let (mid, _) = playout(5, 12);
    [(None, 1), (None, 2), (Some(fen::write(&mid)), 3)]
        .into_iter()
        .map(|(fen, seed)| {
            let spec = record::GameSpec { fen };
            let mut pos = spec.start().unwrap();
            let mut rng = SeededRng::new(seed);
            let mut moves = Vec::new();
            for _ in 0..30 {
                let mut legal = Vec::new();
                pos.legal_moves(&mut legal);
                if legal.is_empty() {
                    break;
                }
                let m = legal[rng.below(legal.len() as u64) as usize];
                pos.play(m).unwrap();
                moves.push(m);
            }
            record::write(&spec, &moves, None).unwrap().to_string()
        })
        .collect()
}

#[test]
fn record_reader_never_panics() {
    // 24 of the 32 read (9 before the written records, none replayed).
    crate::record_reader::never_panics(
        "cuarenta_properties::record_reader_never_panics",
        32,
        8,
        written_records(),
        |r| {
            let _ = record::replay(r);
        },
    );
}
