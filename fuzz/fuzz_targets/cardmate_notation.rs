//! Any text as a Cardmate move, in the start position and after a few
//! moves chosen by the input's first bytes: an error or a legal move, never
//! a panic; a legal move writes back to a text that parses to itself.
#![no_main]

use deckmate_games::cardmate::{notation, start_position, Options, SetupKind};
use deckmate_rules::Game;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (steer, text) = data.split_at(data.len().min(4));
    let mut pos = start_position(SetupKind::Predefined, 0, Options::default());
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
});
