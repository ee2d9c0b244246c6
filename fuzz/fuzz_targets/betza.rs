//! Any text as XBetza: an error with a position inside the text, or a tree
//! whose canonical text parses back to it and compiles on a board.
#![no_main]

use deckmate_betza::{compile, parse, Facing};
use deckmate_board::{Geometry, RankStyle};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(s) = std::str::from_utf8(data) {
        match parse(s) {
            Err(e) => assert!(e.at <= s.len()),
            Ok(b) => {
                let canon = b.to_string();
                assert_eq!(parse(&canon).as_ref(), Ok(&b), "{s} -> {canon}");
                if let Ok(g) = Geometry::new(12, 12, RankStyle::FromOne) {
                    let _ = compile(&b, &g, Facing::Down);
                }
            }
        }
    }
});
