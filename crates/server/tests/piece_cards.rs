//! Every game's pieces as cards (issue 31, items 7 and 15): the list a
//! rules page shows, each card as SVG, and every piece on a game's start
//! answering to one of its game's cards, as the hover cards need.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use axum::http::StatusCode;
use common::{call, memory};
use serde_json::Value;

fn get(path: &str) -> axum::http::Request<axum::body::Body> {
    axum::http::Request::get(path)
        .body(axum::body::Body::empty())
        .unwrap()
}

/// The code a view's piece answers to: its rank (Cardmate), its code
/// (Dealer's Chess) or its symbol, upper case (as piece-cards.js reads it).
fn code_of(p: &Value) -> String {
    ["rank", "code", "symbol"]
        .iter()
        .find_map(|k| p[k].as_str())
        .unwrap()
        .to_uppercase()
}

#[tokio::test]
async fn every_piece_on_every_board_has_its_card() {
    let state = memory();
    let expected = [
        ("cardmate", 14, "Jack", "NQ2"),
        ("cuarenta", 7, "Frog", "D"),
        ("52chess", 6, "Knight", "N"),
        ("dealers", 71, "Gryffon", "FyafsF"),
    ];
    for (key, count, name, betza) in expected {
        let (s, cards) = call(
            &state,
            "GET",
            &format!("/api/rules/{key}/pieces"),
            None,
            None,
        )
        .await;
        assert_eq!(s, StatusCode::OK, "{key}: {cards}");
        let cards = cards.as_array().unwrap();
        assert_eq!(cards.len(), count, "{key}");
        let card = cards.iter().find(|c| c["name"] == name).unwrap();
        assert_eq!(card["betza"], betza, "{key}");
        // Every card is drawn: its SVG names the piece and its XBetza.
        for c in cards {
            let (s, headers, svg) = common::send(&state, get(c["svg"].as_str().unwrap())).await;
            assert_eq!(s, StatusCode::OK, "{key} {c}");
            assert_eq!(headers["content-type"], "image/svg+xml");
            let name = c["name"].as_str().unwrap().replace('\'', "&apos;");
            assert!(svg.starts_with("<svg") && svg.contains(&name), "{key} {c}");
            assert!(svg.contains(c["betza"].as_str().unwrap()), "{key} {c}");
        }
        // Every piece of the start answers to a card.
        let (_, start) = call(
            &state,
            "GET",
            &format!("/api/rules/{key}/start"),
            None,
            None,
        )
        .await;
        let pieces = start["pieces"].as_array().unwrap();
        assert!(!pieces.is_empty(), "{key}");
        for p in pieces {
            let code = code_of(p);
            assert!(
                cards
                    .iter()
                    .any(|c| c["code"].as_str().unwrap().eq_ignore_ascii_case(&code)),
                "{key}: no card for {p}"
            );
        }
    }
}

#[tokio::test]
async fn a_game_without_a_board_has_no_cards_and_bad_names_are_refused() {
    let state = memory();
    let (s, cards) = call(&state, "GET", "/api/rules/chess-cards/pieces", None, None).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(cards, Value::Array(Vec::new()));
    for (path, word) in [
        ("/api/rules/nope/pieces", "nope"),
        ("/pieces/nope/K.svg", "nope"),
        ("/pieces/cuarenta/Q.svg", "'Q'"),
        ("/pieces/chess-cards/K.svg", "no pieces"),
    ] {
        let (s, e) = call(&state, "GET", path, None, None).await;
        assert_eq!(s, StatusCode::NOT_FOUND, "{path}");
        assert!(e["error"].as_str().unwrap().contains(word), "{path}: {e}");
    }
}
