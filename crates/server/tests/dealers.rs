//! Dealer's Chess through the HTTP API and the WebSocket: the deal open to
//! both seats, each arrangement hidden from the other seat and from
//! spectators until both are made (hunted for in every view, list, refusal,
//! record answer and socket message), the seed (which makes the `random`
//! arrangements) never taken from a player and never shown before the
//! reveal; then play, and the record once revealed.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use axum::http::StatusCode;
use common::{call, memory, play_move as play, record, view};
use deckmate_server::AppState;
use serde_json::{json, Value};
use std::time::Duration;

/// Every answer Black or a spectator may get about the game now.
async fn seen_by_others(state: &AppState, id: &str, black: &str) -> String {
    let mut all = String::new();
    for t in [Some(black), None] {
        all.push_str(&view(state, id, t).await.to_string());
        let past = call(state, "GET", &format!("/api/games/{id}?ply=1"), t, None).await;
        all.push_str(&past.1.to_string());
        // A refusal quotes nothing of White's either.
        all.push_str(&play(state, id, black, "[zz]/p").await.1.to_string());
    }
    for path in ["/api/games", "/api/variants", "/api/rules/dealers"] {
        all.push_str(&call(state, "GET", path, None, None).await.1.to_string());
    }
    all.push_str(&record(state, id).await.1.to_string());
    all
}

#[tokio::test]
async fn d11_the_arrangement_is_hidden_until_both_are_made() {
    let state = memory();
    // The seed makes the random arrangements: never a player's.
    let (s, v) = call(
        &state,
        "POST",
        "/api/games",
        None,
        Some(json!({ "variant": "dealers", "opponent": "friend", "seed": 5 })),
    )
    .await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{v}");
    let (id, tokens) = common::friend_game(&state, "dealers").await;
    // The deal is open: both see both players' cards.
    let w = view(&state, &id, Some(&tokens[0])).await;
    let b = view(&state, &id, Some(&tokens[1])).await;
    assert_eq!(w["deal"]["seats"], b["deal"]["seats"]);
    assert_eq!(w["acting"], json!([0, 1]));
    // White arranges at random; the server writes it out.
    let (s, e) = play(&state, &id, &tokens[0], "random").await;
    assert_eq!(s, StatusCode::OK, "{e}");
    let w = view(&state, &id, Some(&tokens[0])).await;
    let white = w["history"][0].as_str().unwrap().to_string();
    let back = white.split('/').next().unwrap().to_string();
    assert!(back.len() > 7, "{white}");
    let others = seen_by_others(&state, &id, &tokens[1]).await;
    assert!(!others.contains(&back), "White's back row leaked: {others}");
    assert!(
        others.contains("(arranged)"),
        "Black is not told White is ready"
    );
    // White's own view shows it; the record is not given yet.
    assert_eq!(w["deal"]["mine"]["text"].as_str(), Some(white.as_str()));
    let (s, _) = record(&state, &id).await;
    assert_eq!(s, StatusCode::CONFLICT);
    // White may not arrange twice nor for Black.
    let (s, _) = play(&state, &id, &tokens[0], "random").await;
    assert_ne!(s, StatusCode::OK);
    // Black arranges: both are revealed together and play starts.
    let (s, e) = play(&state, &id, &tokens[1], "random").await;
    assert_eq!(s, StatusCode::OK, "{e}");
    let b = view(&state, &id, Some(&tokens[1])).await;
    assert_eq!(b["history"][0].as_str(), Some(white.as_str()));
    assert_eq!(b["arranging"], false);
    assert_eq!(b["to_move"], 0);
    let (s, rec) = record(&state, &id).await;
    assert_eq!(s, StatusCode::OK);
    assert!(rec.as_str().unwrap().contains(&white), "{rec}");
    // A move of play.
    let w = view(&state, &id, Some(&tokens[0])).await;
    let mv = w["moves"][0]["text"].as_str().unwrap().to_string();
    let (s, e) = play(&state, &id, &tokens[0], &mv).await;
    assert_eq!(s, StatusCode::OK, "{e}");
}

#[tokio::test(flavor = "multi_thread")]
async fn d11_no_socket_carries_an_arrangement_before_the_reveal() {
    use futures_util::StreamExt;
    let state = memory();
    let (id, tokens) = common::friend_game(&state, "dealers").await;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let server = state.clone();
    tokio::spawn(async move { axum::serve(listener, deckmate_server::app(server)).await });
    // Black's and a spectator's sockets.
    let mut sockets = Vec::new();
    for token in [Some(&tokens[1]), None] {
        let url = match token {
            Some(t) => format!("ws://{addr}/api/games/{id}/ws?token={t}"),
            None => format!("ws://{addr}/api/games/{id}/ws"),
        };
        sockets.push(tokio_tungstenite::connect_async(url).await.unwrap().0);
    }
    let (s, e) = play(&state, &id, &tokens[0], "random").await;
    assert_eq!(s, StatusCode::OK, "{e}");
    let mut heard = String::new();
    for ws in sockets.iter_mut() {
        loop {
            let msg = tokio::time::timeout(common::PATIENCE, ws.next())
                .await
                .expect("a view in time")
                .expect("the socket open")
                .expect("a message");
            let text = msg.to_text().unwrap_or_default().to_string();
            heard.push_str(&text);
            let v: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
            if v["plies"].as_u64() == Some(1) {
                break;
            }
        }
    }
    let w = view(&state, &id, Some(&tokens[0])).await;
    let white = w["history"][0].as_str().unwrap().to_string();
    let back = white.split('/').next().unwrap();
    assert!(heard.contains("(arranged)"), "{heard}");
    assert!(!heard.contains(back), "White's back row on a socket");
}

/// The codes of an arrangement's back row as its text writes them (D14:
/// one letter bare, longer codes in brackets), in upper case.
fn back_codes(text: &str) -> Vec<String> {
    let back = text.split('/').next().unwrap_or_default();
    let mut codes = Vec::new();
    let mut chars = back.chars();
    while let Some(c) = chars.next() {
        if c == '[' {
            codes.push(chars.by_ref().take_while(|&c| c != ']').collect());
        } else {
            codes.push(c.to_string());
        }
    }
    codes
        .iter()
        .map(|c: &String| c.to_ascii_uppercase())
        .collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn item_10_the_engine_arranges_by_its_chooser_in_every_alternate() {
    use deckmate_games::dealers::record::catalogue_of;
    use deckmate_games::dealers::{PlayOptions, Rules};
    let deck = include_str!("../../../variants/dealers-example-deck.txt");
    let state = memory();
    for options in [
        json!({}),
        json!({ "board": "10x10" }),
        json!({ "board": "12x12", "deck_file": deck }),
        json!({ "alternate": "simplified" }),
        json!({ "alternate": "big-deck" }),
    ] {
        let (s, v) = call(
            &state,
            "POST",
            "/api/games",
            None,
            Some(json!({
                "variant": "dealers",
                "options": options,
                "opponent": { "engine": 1, "seat": "white" },
            })),
        )
        .await;
        assert_eq!(s, StatusCode::OK, "{options}: {v}");
        let id = v["id"].as_str().unwrap().to_string();
        let token = v["token"].as_str().unwrap().to_string();
        // The deal, open to both (the view shows it while arranging).
        let deal = view(&state, &id, Some(&token)).await["deal"].clone();
        let (s, e) = play(&state, &id, &token, "random").await;
        assert_eq!(s, StatusCode::OK, "{options}: {e}");
        // The engine arranges (a guard against a hang, not a timing).
        let mut waited = 0;
        let w = loop {
            let w = view(&state, &id, Some(&token)).await;
            if w["arranging"] == false {
                break w;
            }
            waited += 1;
            assert!(waited < 1200, "{options}: the engine never arranged");
            tokio::time::sleep(Duration::from_millis(50)).await;
        };
        // Its back row holds its most valuable Piece cards, as the chooser
        // keeps them; the fallback (the first legal arrangement, Black's
        // `random` one) takes any.
        let black = w["history"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(Value::as_str)
            .find(|t| t.chars().any(|c| c.is_ascii_lowercase()))
            .unwrap_or_else(|| panic!("{options}: Black's arrangement in {}", w["history"]))
            .to_string();
        let dealt: Vec<String> = deal["seats"][1]["pieces"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["code"].as_str().unwrap().to_string())
            .collect();
        let files = deal["files"].as_u64().unwrap() as u8;
        let catalogue = catalogue_of(options["deck_file"].as_str()).unwrap();
        let rules = Rules::new(&catalogue, files, &dealt, PlayOptions::default()).unwrap();
        let worth = |c: &String| {
            let k = rules.kind_of(c).unwrap_or_else(|| panic!("{c} is dealt"));
            rules.kinds[usize::from(k)].value
        };
        let back = back_codes(&black);
        assert_eq!(
            back.len(),
            deal["back"].as_u64().unwrap() as usize,
            "{black}"
        );
        let kept = back.iter().map(worth).min().unwrap();
        let set_aside = dealt
            .iter()
            .filter(|c| !back.contains(&c.to_ascii_uppercase()))
            .map(worth)
            .max()
            .unwrap();
        assert!(
            kept >= set_aside,
            "{options}: the engine's {black} keeps a card worth {kept}, sets aside one worth {set_aside}"
        );
    }
}
