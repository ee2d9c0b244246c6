//! Any text as a variant file: an error whose place is inside the text, or
//! a variant whose pieces all compile for its board and whose setup stands
//! on squares of the board.
#![no_main]

use deckmate_betza::{compile_str, Facing};
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
        Ok(spec) => {
            for p in &spec.pieces {
                for facing in [Facing::Up, Facing::Down] {
                    assert!(compile_str(&p.betza_text, &spec.geometry, facing).is_ok());
                }
            }
            for placed in &spec.setup.placed {
                assert!(spec.geometry.contains(placed.square));
                assert!(placed.piece < spec.pieces.len());
            }
        }
    }
});
