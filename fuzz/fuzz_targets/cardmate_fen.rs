//! Any text as a Cardmate position string: an error, or a position whose
//! string reads back to itself.
#![no_main]

use deckmate_games::cardmate::{fen, Options};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(s) = std::str::from_utf8(data) {
        if let Ok(p) = fen::parse(s, Options::default()) {
            let text = fen::write(&p);
            let q = fen::parse(&text, Options::default()).expect("written position reads back");
            assert_eq!(fen::write(&q), text);
            let _ = p.count();
        }
    }
});
