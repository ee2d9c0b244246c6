//! Any text as input to Dealer's Chess's readers: a D14 position string
//! (checked against the shipped catalogue) and a deck file (line form or
//! TOML). An error or a value, never a panic; a position that reads writes
//! back to a text that reads to the same.
#![no_main]

use deckmate_games::dealers::{fen, Catalogue};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let cat = Catalogue::builtin();
    if let Ok(setup) = fen::parse(text, cat) {
        let written = fen::write(&setup);
        let again = fen::parse(&written, cat).expect("a written position reads");
        assert_eq!(again, setup);
    }
    if let Ok(deck) = Catalogue::parse_deck(text) {
        for card in deck.cards() {
            assert!(deck.get(&card.code).is_some());
        }
    }
});
