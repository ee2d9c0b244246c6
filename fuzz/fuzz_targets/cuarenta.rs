//! Any text as Cuarenta input, the first byte choosing the parser:
//! a move (in the start position after a few moves chosen by the next
//! bytes), a position string, or a record. An error or a value, never a
//! panic; what parses writes back to a text that parses to the same.
#![no_main]

use deckmate_games::cuarenta::{self, fen, notation, record};
use deckmate_rules::{Game, Record};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&which, rest)) = data.split_first() else {
        return;
    };
    match which % 3 {
        0 => {
            let (steer, text) = rest.split_at(rest.len().min(4));
            let mut pos = cuarenta::start_position();
            for &b in steer {
                let mut moves = Vec::new();
                pos.legal_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                pos.play_unchecked(moves[b as usize % moves.len()]);
            }
            if let Ok(s) = std::str::from_utf8(text) {
                if let Ok(mv) = notation::parse(&pos, s) {
                    let written = notation::write(&pos, mv);
                    assert_eq!(notation::parse(&pos, &written), Ok(mv));
                }
            }
        }
        1 => {
            if let Ok(s) = std::str::from_utf8(rest) {
                if let Ok(p) = fen::parse(s) {
                    let text = fen::write(&p);
                    let q = fen::parse(&text).expect("a written position reads back");
                    assert_eq!(fen::write(&q), text);
                    let _ = p.count_moves();
                }
            }
        }
        _ => {
            if let Ok(s) = std::str::from_utf8(rest) {
                if let Ok(r) = Record::parse(s) {
                    let _ = record::replay(&r);
                }
            }
        }
    }
});
