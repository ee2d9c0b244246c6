//! Every error answer carries a stable, machine-readable `code` beside its
//! message for people: a client tells "not your turn" from "not a move"
//! from "sent for another ply" by the code, never by parsing the prose.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use common::{call, friend_game, memory, play_move, send, view};
use deckmate_rules::MoveError;
use serde_json::{json, Value};

/// The answer's code (it must have one).
fn code(v: &Value) -> &str {
    v["code"]
        .as_str()
        .unwrap_or_else(|| panic!("no code in {v}"))
}

#[tokio::test]
async fn a_refused_move_says_why_by_code() {
    let state = memory();
    let (id, [white, black]) = friend_game(&state, "cuarenta").await;

    let (s, v) = play_move(&state, &id, &white, "zz9").await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{v}");
    assert_eq!(code(&v), "not_a_move");
    assert!(v["error"].as_str().unwrap().contains("zz9"), "{v}");

    let first = view(&state, &id, Some(&white)).await["moves"][0]["text"]
        .as_str()
        .unwrap()
        .to_string();
    let (s, v) = play_move(&state, &id, &black, &first).await;
    assert_eq!(s, StatusCode::CONFLICT, "{v}");
    assert_eq!(code(&v), "not_your_turn");

    let (s, v) = call(
        &state,
        "POST",
        &format!("/api/games/{id}/moves"),
        Some(&white),
        Some(json!({ "move": first, "ply": 2 })),
    )
    .await;
    assert_eq!(s, StatusCode::CONFLICT, "{v}");
    assert_eq!(code(&v), "wrong_ply");

    let (s, v) = play_move(&state, &id, &white, &first).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    // White's move again, now by Black: read, but not Black's to make.
    let (s, v) = play_move(&state, &id, &black, &first).await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{v}");
    assert!(MoveError::CODES.contains(&code(&v)), "{v}");
    assert_ne!(code(&v), "not_a_move", "{v}");

    let (s, v) = common::resign(&state, &id, &black).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let (s, v) = play_move(&state, &id, &white, &first).await;
    assert_eq!(s, StatusCode::CONFLICT, "{v}");
    assert_eq!(code(&v), "game_over");
}

#[tokio::test]
async fn an_analysis_boards_refused_move_keeps_its_code() {
    let state = memory();
    let (s, mut board) = call(
        &state,
        "POST",
        "/api/analysis",
        None,
        Some(json!({ "game": "cuarenta" })),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{board}");
    board["moves"] = json!(["zz9"]);
    let (s, v) = call(&state, "POST", "/api/analysis/view", None, Some(board)).await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{v}");
    assert_eq!(code(&v), "not_a_move");
}

#[tokio::test]
async fn every_other_error_has_the_code_of_its_status() {
    let state = memory();
    let (id, _) = friend_game(&state, "cardmate").await;
    let cases: Vec<(&str, String, Option<Value>, StatusCode, &str)> = vec![
        (
            "GET",
            "/api/nothing".into(),
            None,
            StatusCode::NOT_FOUND,
            "not_found",
        ),
        (
            "GET",
            "/api/games/000000000000".into(),
            None,
            StatusCode::NOT_FOUND,
            "not_found",
        ),
        (
            "POST",
            format!("/api/games/{id}/moves"),
            Some(json!({ "move": "4Ci3" })),
            StatusCode::FORBIDDEN,
            "forbidden",
        ),
        (
            "POST",
            "/api/games".into(),
            Some(json!({ "variant": "no-such-game" })),
            StatusCode::BAD_REQUEST,
            "bad_request",
        ),
    ];
    for (method, path, body, status, want) in cases {
        let (s, v) = call(&state, method, &path, None, body).await;
        assert_eq!(s, status, "{method} {path}: {v}");
        assert_eq!(code(&v), want, "{method} {path}: {v}");
        assert!(v["error"].as_str().is_some_and(|e| !e.is_empty()), "{v}");
    }
    // axum's own refusals (a body that is no JSON, one too large), made
    // JSON on the way out, have codes too.
    let req = Request::builder()
        .method("POST")
        .uri("/api/games")
        .header("Content-Type", "application/json")
        .body(Body::from("{not json"))
        .unwrap();
    let (s, _, body) = send(&state, req).await;
    let v: Value = serde_json::from_str(&body).unwrap();
    assert!(s.is_client_error(), "{s} {v}");
    assert!(!code(&v).is_empty(), "{v}");
    let req = Request::builder()
        .method("POST")
        .uri("/api/games")
        .header("Content-Type", "application/json")
        .body(Body::from(vec![b' '; 64 * 1024]))
        .unwrap();
    let (s, _, body) = send(&state, req).await;
    let v: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(s, StatusCode::PAYLOAD_TOO_LARGE, "{v}");
    assert_eq!(code(&v), "too_large");
}

/// The move and chat bodies are read as their types: a field of the wrong
/// kind, a missing one or an unknown one is a 400 that says what to send
/// and what was wrong, and nothing is played or said.
#[tokio::test]
async fn a_body_that_is_not_its_type_is_refused_with_what_to_send() {
    let state = memory();
    let (id, [white, _]) = friend_game(&state, "cuarenta").await;
    let moves = format!("/api/games/{id}/moves");
    let chat = format!("/api/games/{id}/chat");
    for (path, body, wrong) in [
        (&moves, json!({ "move": 5 }), "invalid type"),
        (&moves, json!({ "ply": 1 }), "missing field"),
        (&moves, json!({ "move": "e4", "plies": 1 }), "unknown field"),
        (&chat, json!({ "text": ["hi"] }), "invalid type"),
        (&chat, json!({}), "missing field"),
    ] {
        let (s, v) = call(&state, "POST", path, Some(&white), Some(body.clone())).await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{body}: {v}");
        assert_eq!(code(&v), "bad_request", "{body}: {v}");
        let e = v["error"].as_str().unwrap();
        assert!(e.starts_with("send {"), "{body}: {e}");
        assert!(e.contains(wrong), "{body}: {e}");
    }
    let v = view(&state, &id, Some(&white)).await;
    assert_eq!(v["plies"], 0, "{v}");
    assert_eq!(v["chat"].as_array().map(Vec::len), Some(0), "{v}");
}

/// Every handler reads its body as a type (issue 30 part 3): a field the
/// request does not take, or one of the wrong kind, is a 400 naming it,
/// and nothing is made.
#[tokio::test]
async fn every_request_body_is_read_as_its_type() {
    let state = memory();
    let (id, [white, _]) = friend_game(&state, "cuarenta").await;
    let cases = [
        (
            "/api/games",
            None,
            json!({ "variant": "cuarenta", "colour": "white" }),
            "colour",
        ),
        (
            "/api/games",
            None,
            json!({ "variant": "cuarenta", "seed": "seven" }),
            "seed",
        ),
        ("/api/games", None, json!({ "variant": 7 }), "invalid type"),
        (
            "/api/seeks",
            None,
            json!({ "variant": "cuarenta", "ranked": true }),
            "ranked",
        ),
        (
            "/api/seeks",
            None,
            json!({ "variant": "cuarenta", "seat": 1 }),
            "invalid type",
        ),
        (
            "/api/analysis",
            None,
            json!({ "game": "cuarenta", "depth": 9 }),
            "depth",
        ),
        (
            "/api/analysis",
            None,
            json!({ "from": id, "ply": -1 }),
            "ply",
        ),
        ("/api/analysis/view", None, json!({ "spec": {} }), "game"),
    ];
    for (path, token, body, field) in cases {
        let (s, v) = call(&state, "POST", path, token, Some(body.clone())).await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{path} {body}: {v}");
        assert_eq!(code(&v), "bad_request", "{v}");
        assert!(
            v["error"].as_str().unwrap().contains(field),
            "{path} {body}: {v}"
        );
    }
    let (s, v) = call(
        &state,
        "POST",
        &format!("/api/games/{id}/name"),
        Some(&white),
        Some(json!({ "nickname": "Ann" })),
    )
    .await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{v}");
    assert!(v["error"].as_str().unwrap().contains("nickname"), "{v}");
    // Nothing was made: only the one game, and no seek.
    let (_, list) = call(&state, "GET", "/api/games", None, None).await;
    assert_eq!(list["games"].as_array().map(Vec::len), Some(1), "{list}");
    let (_, seeks) = call(&state, "GET", "/api/seeks", None, None).await;
    assert_eq!(seeks["seeks"], json!([]));
}

/// A game the request's options or spec do not make says so by code
/// (`bad_option`, `bad_spec`), beside the game's own words.
#[tokio::test]
async fn a_game_not_made_says_why_by_code() {
    let state = memory();
    let (s, v) = call(
        &state,
        "POST",
        "/api/games",
        None,
        Some(json!({ "variant": "cardmate", "options": { "palace": "moat" } })),
    )
    .await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{v}");
    assert_eq!(code(&v), "bad_option", "{v}");
    let (s, v) = call(
        &state,
        "POST",
        "/api/analysis/view",
        None,
        Some(json!({ "game": "dealers", "spec": { "board": "3x3" }, "moves": [] })),
    )
    .await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{v}");
    assert_eq!(code(&v), "bad_spec", "{v}");
}
