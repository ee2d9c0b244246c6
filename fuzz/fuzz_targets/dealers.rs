//! Any text as input to Dealer's Chess's readers: a D14 position string
//! (checked against the shipped catalogue), a deck file (line form or
//! TOML), a move in a middlegame and an arrangement of a deal. An error or
//! a value, never a panic; a position that reads writes back to a text that
//! reads to the same; a move read is legal and writes back to itself.
#![no_main]

use deckmate_games::dealers::record::GameSpec;
use deckmate_games::dealers::{fen, Catalogue, PlayOptions, Position};
use deckmate_rules::Game;
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
    let mid = "1[AR][ZE][gn]3[li]/[cc]3[kp]*[lp]*[rx][re]*/1[fp]2[le]2[ki]/[ep][gp]1[jp]4/3[LB]4/[BP]3[GR][un][NR]1/[AP]*1[CP]*1[MG]*1[ZO]*[HP]*/1[CA]1[CH][PG]3 w - d6:d5 [AL][DA][FE][GI][VA][BI]/[px][sq][st][th][cn][ma]/[WA][TU] 0 21";
    let pos = Position::from_text(mid, cat, PlayOptions::default()).expect("the middlegame reads");
    if let Ok(m) = pos.parse_move(text) {
        let mut legal = Vec::new();
        Game::legal_moves(&pos, &mut legal);
        assert!(legal.contains(&m));
        assert_eq!(pos.parse_move(&pos.move_text(m)).ok(), Some(m));
    }
    if let Ok(g) = GameSpec::default().start_game() {
        if let Ok(m) = g.parse_move(text) {
            assert_eq!(g.parse_move(&g.move_text(m)).ok(), Some(m));
        }
    }
    if let Ok(deck) = Catalogue::parse_deck(text) {
        for card in deck.cards() {
            assert!(deck.get(&card.code).is_some());
        }
    }
});
