//! Any text as a variant file: an error whose place is inside the text, or
//! a variant whose pieces all compile for its board, which builds into a
//! rule set, and whose start stands on squares of the board.
#![no_main]

use deckmate_betza::{compile_str, Facing};
use deckmate_games::fairy::{AnyPosition, RuleSet};
use deckmate_games::variant_file::read;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match read(text) {
        Err(e) => {
            assert!(!e.to_string().is_empty());
            if let Some(at) = e.at {
                assert!(at.line >= 1 && at.line <= text.lines().count() + 1);
            }
        }
        Ok(variant) => {
            for p in &variant.pieces {
                for facing in [Facing::Up, Facing::Down] {
                    assert!(compile_str(&p.betza, &variant.geometry, facing).is_ok());
                }
            }
            let rules = RuleSet::new(variant.clone()).expect("what reads builds");
            let start = AnyPosition::new_game(&rules);
            for rank in 0..16u8 {
                for file in 0..16u8 {
                    let sq = deckmate_board::Square(rank * 16 + file);
                    if let Some((_, piece)) = start.at(sq) {
                        assert!(variant.geometry.contains(sq));
                        assert!(piece < variant.pieces.len());
                    }
                }
            }
        }
    }
});
