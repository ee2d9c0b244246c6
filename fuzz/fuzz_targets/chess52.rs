//! Any text as input to 52Chess's readers: the first bytes steer a few
//! turns from the start (draws included), the rest is read as a position
//! string, a move and a card. An error or a value, never a panic; what
//! reads writes back to a text that reads to the same.
#![no_main]

use deckmate_games::chess52::{fen, Card, Chess52};
use deckmate_rules::{Game, SeededRng, ToAct};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (steer, text) = data.split_at(data.len().min(6));
    let mut pos = Chess52::start();
    let mut draws = SeededRng::new(u64::from(steer.first().copied().unwrap_or(0)));
    for &b in steer {
        if pos.to_act() == ToAct::Chance {
            if let Some(d) = pos.sample_chance(&mut draws) {
                pos.play_unchecked(d);
            }
        }
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
    if let Ok(p) = fen::parse(text) {
        let written = p.position_text();
        let again = fen::parse(&written).expect("a written position reads");
        assert_eq!(again.position_text(), written);
    }
    if let Ok(mv) = pos.parse_move(text) {
        let written = pos.move_text(mv);
        assert_eq!(pos.parse_move(&written), Ok(mv));
    }
    if let Some(c) = Card::parse(text) {
        assert_eq!(Card::parse(&c.to_string()), Some(c));
    }
});
