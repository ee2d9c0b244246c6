//! Any text as input to the fairy core's readers, over chess: the first
//! bytes steer a few moves from the start, the rest is read as a position
//! string and as a move. An error or a value, never a panic; what reads
//! writes back to a text that reads to the same.
#![no_main]

use deckmate_games::fairy::{chess, AnyPosition};
use deckmate_rules::Game;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (steer, text) = data.split_at(data.len().min(4));
    let mut pos = AnyPosition::new_game(&chess());
    for &b in steer {
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        pos.play_unchecked(moves[b as usize % moves.len()]);
    }
    let Ok(text) = std::str::from_utf8(text) else {
        return;
    };
    if let Ok(p) = pos.with_text(text) {
        let written = p.position_text();
        let again = pos.with_text(&written).expect("a written position reads");
        assert_eq!(again.position_text(), written);
    }
    if let Ok(mv) = pos.parse_move(text) {
        let written = pos.move_text(mv);
        assert_eq!(pos.parse_move(&written), Ok(mv));
    }
});
