//! Issue 34: the coordinate notation of the protocols (`deckmate uci`,
//! `deckmate xboard`), written once in the host
//! (`registry::coordinates`): in every board game, along random games,
//! every move that may be sent has one coordinate of its own, without
//! spaces, that reads back as that move; the game's own text is read too;
//! a line of the game's texts turns into coordinates; each game's forms.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use deckmate_games::list::{self, load_variant};
use deckmate_games::registry::{
    coordinate_line, coordinate_moves, coordinates_of, game_text, play_token, BoxedGame, GameEntry,
    Options,
};
use deckmate_rules::SeededRng;
use serde_json::json;

fn game(key: &str) -> BoxedGame {
    let g = list::find(key).expect(key);
    g.new_game(&Options::defaults(g.options), 1).unwrap()
}

fn chess_entry() -> &'static GameEntry {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../variants/chess.toml"
    ))
    .unwrap();
    load_variant("chess.toml", &text).unwrap()
}

/// A game without a seed: chance's cards are typed (`card:7H`).
fn unseeded(g: &BoxedGame) -> BoxedGame {
    let mut spec = g.spec();
    spec["seed"] = serde_json::Value::Null;
    g.entry().game_from_spec(&spec).unwrap()
}

/// Plays `plies` random plies through coordinates, checking every move
/// that may be sent at each.
fn walk(mut g: BoxedGame, plies: usize, seed: u64) -> Vec<String> {
    let mut rng = SeededRng::new(seed);
    let mut seen = Vec::new();
    for _ in 0..plies {
        let moves = coordinate_moves(g.as_ref());
        if moves.is_empty() {
            break;
        }
        for m in &moves {
            assert!(!m.coordinate.is_empty());
            assert!(!m.coordinate.contains(char::is_whitespace), "{m:?}");
            let same = moves
                .iter()
                .filter(|o| o.coordinate.eq_ignore_ascii_case(&m.coordinate))
                .count();
            assert_eq!(same, 1, "{m:?} not unique in {moves:?}");
            assert_eq!(game_text(g.as_ref(), &m.coordinate).unwrap(), m.text);
            assert_eq!(
                game_text(g.as_ref(), &m.coordinate.to_uppercase()).unwrap(),
                m.text
            );
        }
        let pick = &moves[rng.below(moves.len() as u64) as usize];
        seen.push(pick.coordinate.clone());
        let before = g.history().len();
        let text = play_token(g.as_mut(), &pick.coordinate).unwrap();
        assert_eq!(text, pick.text);
        assert!(g.history().len() > before);
    }
    seen
}

#[test]
fn every_board_game_has_a_coordinate_for_every_move() {
    for key in ["cardmate", "cuarenta", "52chess", "dealers"] {
        for seed in 0..3 {
            let g = game(key);
            let g = if key == "52chess" { unseeded(&g) } else { g };
            walk(g, 60, seed);
        }
    }
    for seed in 0..3 {
        let g = chess_entry()
            .new_game(&Options::defaults(chess_entry().options), 1)
            .unwrap();
        walk(g, 80, seed);
    }
}

#[test]
fn chess_reads_uci_moves_and_san() {
    let e = chess_entry();
    let mut g = e.new_game(&Options::defaults(e.options), 1).unwrap();
    let coords: Vec<String> = coordinate_moves(g.as_ref())
        .into_iter()
        .map(|m| m.coordinate)
        .collect();
    assert_eq!(coords.len(), 20);
    assert!(coords.contains(&"e2e4".to_string()));
    assert!(coords.contains(&"g1f3".to_string()));
    assert_eq!(play_token(g.as_mut(), "e2e4").unwrap(), "e4");
    assert_eq!(play_token(g.as_mut(), "e5").unwrap(), "e5");
    assert_eq!(play_token(g.as_mut(), "Nf3").unwrap(), "Nf3");
    assert!(play_token(g.as_mut(), "e2e4").is_err());
    assert!(play_token(g.as_mut(), "zz").is_err());
    assert!(play_token(g.as_mut(), "card:7H").is_err());
    // A promotion: the piece's letter.
    let mut spec = g.spec();
    spec["fen"] = json!("7k/4P3/8/8/8/8/8/K7 w - - 0 1");
    let p = e.game_from_spec(&spec).unwrap();
    let coords: Vec<String> = coordinate_moves(p.as_ref())
        .into_iter()
        .map(|m| m.coordinate)
        .collect();
    for c in ["e7e8q", "e7e8r", "e7e8b", "e7e8n"] {
        assert!(coords.contains(&c.to_string()), "{c} in {coords:?}");
    }
    let line = coordinate_line(p.as_ref(), &["e8=Q+".to_string(), "Kh7".to_string()]);
    assert_eq!(line, ["e7e8q", "h8h7"]);
}

#[test]
fn each_games_forms() {
    // Cuarenta: 9x9 squares named from 1.
    let g = game("cuarenta");
    let first = coordinate_moves(g.as_ref());
    assert!(first.iter().all(|m| m.coordinate.len() >= 4), "{first:?}");
    // Cardmate: squares a0..j9.
    let g = game("cardmate");
    let first = coordinate_moves(g.as_ref());
    assert!(!first.is_empty());
    assert!(
        first.iter().all(|m| m
            .coordinate
            .chars()
            .nth(1)
            .is_some_and(|c| c.is_ascii_digit())),
        "{first:?}"
    );
    // 52Chess without a seed: chance's card first, as `card:`.
    let g = unseeded(&game("52chess"));
    let cards = coordinate_moves(g.as_ref());
    assert!(
        cards.iter().all(|m| m.coordinate.starts_with("card:")),
        "{cards:?}"
    );
    assert!(cards.len() > 10, "{cards:?}");
    // Cards merged into another's outcome are read too.
    for c in ["card:2H", "card:10D", "card:KS", "card:ah"] {
        assert!(game_text(g.as_ref(), c).is_ok(), "{c}");
    }
    assert!(game_text(g.as_ref(), "card:1X").is_err());
    // Dealer's Chess: an arrangement has no squares: its text, unspaced.
    let g = game("dealers");
    let first = coordinate_moves(g.as_ref());
    assert!(!first.is_empty());
}

#[test]
fn the_generic_forms() {
    let moves = vec![
        json!({"text": "e4", "from": "e2", "to": "e4"}),
        json!({"text": "e8=Q", "from": "e7", "to": "e8", "promotion": "Q"}),
        json!({"text": "e8=N", "from": "e7", "to": "e8", "promotion": "N"}),
        json!({"text": "pass", "pass": true}),
        json!({"text": "Bh7", "from": "b2", "to": "h7", "teleport": false}),
        json!({"text": "B~h7", "from": "b2", "to": "h7", "teleport": true}),
        json!({"text": "1Ca1=A", "from": "a8", "to": "a9", "promote": true}),
        json!({"text": "P@e4", "from": null, "to": "e4"}),
        json!({"text": "random"}),
    ];
    assert_eq!(
        coordinates_of(&moves),
        ["e2e4", "e7e8q", "e7e8n", "0000", "b2h7", "b2h7*", "a8a9+", "P@e4", "random"]
    );
    let alike = vec![
        json!({"text": "Qd4", "from": "d1", "to": "d4"}),
        json!({"text": "Qd4 (shared)", "from": "d1", "to": "d4"}),
    ];
    assert_eq!(coordinates_of(&alike), ["d1d4~Qd4", "d1d4~Qd4(shared)"]);
}

#[test]
#[ignore]
fn show_forms() {
    for key in ["cardmate", "cuarenta", "52chess", "dealers"] {
        let g = game(key);
        let g = if key == "52chess" { unseeded(&g) } else { g };
        println!("{key} spec {}", g.spec());
        let seen = walk(g, 12, 5);
        println!("{key}: {seen:?}");
    }
}
