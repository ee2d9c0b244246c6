//! Every board game's piece guide (issue 31, items 7 and 15): each kind
//! once, each card's move compiling to a diagram and drawn as SVG, and the
//! cards' moves those the games play.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use deckmate_games::cardmate::tables::RANK_BETZA;
use deckmate_games::cuarenta::piece::Piece;
use deckmate_games::list::GAMES;
use deckmate_games::piece_card::diagram::Diagram;
use deckmate_games::piece_card::svg::card_svg;
use std::collections::HashSet;

#[test]
fn every_game_with_a_board_has_a_guide_and_chess_cards_has_none() {
    for g in GAMES.iter() {
        let has = g.capabilities.pieces.is_some();
        assert_eq!(has, g.key != "chess-cards", "{}", g.key);
    }
}

#[test]
fn every_card_is_one_kind_with_a_diagram_and_an_svg() {
    for g in GAMES.iter() {
        let Some(guide) = g.capabilities.pieces else {
            continue;
        };
        let cards = guide.pieces();
        let codes: HashSet<String> = cards.iter().map(|c| c.code.to_uppercase()).collect();
        assert_eq!(codes.len(), cards.len(), "{}: codes repeat", g.key);
        for c in cards {
            let d = Diagram::of(&c.betza).unwrap_or_else(|e| panic!("{} {}: {e}", g.key, c.name));
            assert!(!d.targets.is_empty(), "{} {}", g.key, c.name);
            let svg = card_svg(c).unwrap();
            assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
            assert!(!c.words.is_empty(), "{} {}: no words", g.key, c.name);
            assert_eq!(
                guide.piece(&c.code.to_lowercase()).map(|x| &x.name),
                Some(&c.name)
            );
        }
    }
}

#[test]
fn the_cards_moves_are_the_games() {
    let find = |key: &str| GAMES.iter().find(|g| g.key == key).unwrap();
    // Cardmate: one card per rank, One to Ace, with the move tables' XBetza.
    let cardmate = find("cardmate").capabilities.pieces.unwrap().pieces();
    let codes: String = cardmate.iter().map(|c| c.code.as_str()).collect();
    assert_eq!(codes, "123456789XJQKA");
    let betzas: Vec<&str> = cardmate.iter().map(|c| c.betza.as_str()).collect();
    assert_eq!(betzas, RANK_BETZA);
    // Cuarenta: the seven kinds (Q3-Q7), with the rule set's XBetza.
    let cuarenta = find("cuarenta").capabilities.pieces.unwrap().pieces();
    assert_eq!(cuarenta.len(), Piece::ALL.len());
    for p in Piece::ALL {
        let c = cuarenta.iter().find(|c| c.name == p.name()).unwrap();
        assert_eq!(c.betza, p.betza());
        assert_eq!(c.code, p.letter().to_string());
    }
    // 52Chess: the rule set's six chess pieces (F6's pawn).
    let chess52 = find("52chess").capabilities.pieces.unwrap().pieces();
    let pawn = chess52.iter().find(|c| c.code == "P").unwrap();
    assert_eq!(pawn.betza, "fmWfcFifmnD");
    assert_eq!(pawn.group, "pawn");
    assert_eq!(chess52.len(), 6);
}
