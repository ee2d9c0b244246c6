//! Any text as a game record: an error naming the line or the move, or a
//! replayed game; never a panic.
#![no_main]

use deckmate_games::cardmate::record;
use deckmate_rules::Record;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(s) = std::str::from_utf8(data) {
        if let Ok(r) = Record::parse(s) {
            let _ = record::replay(&r);
            let _ = Record::parse(&r.to_string());
        }
    }
});
