//! The analysis board over HTTP and its WebSocket: boards opened from a
//! game (refused while two players play it, or while a secret is pending),
//! from a start or a position string; moves tried without touching the
//! game; lines streamed for a position of each game.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use axum::http::StatusCode;
use common::{call, engine_game, friend_game, listen, memory, play_first, play_move, resign, view};
use deckmate_games::list;
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

async fn open(
    state: &deckmate_server::AppState,
    body: Value,
    token: Option<&str>,
) -> (StatusCode, Value) {
    call(state, "POST", "/api/analysis", token, Some(body)).await
}

async fn board_view(state: &deckmate_server::AppState, board: &Value) -> (StatusCode, Value) {
    call(
        state,
        "POST",
        "/api/analysis/view",
        None,
        Some(board.clone()),
    )
    .await
}

#[tokio::test]
async fn a_game_between_two_players_opens_its_board_when_it_ends() {
    let state = memory();
    let (id, [w, b]) = friend_game(&state, "cuarenta").await;
    play_first(&state, &id, &w).await;
    play_first(&state, &id, &b).await;
    for token in [Some(w.as_str()), None] {
        let (s, e) = open(&state, json!({ "from": id }), token).await;
        assert_eq!(s, StatusCode::FORBIDDEN, "{e}");
        assert!(e["error"].as_str().unwrap().contains("when it ends"), "{e}");
    }
    let (s, _) = resign(&state, &id, &w).await;
    assert_eq!(s, StatusCode::OK);
    let (s, board) = open(&state, json!({ "from": id, "ply": 1 }), None).await;
    assert_eq!(s, StatusCode::OK, "{board}");
    assert_eq!(board["game"], "cuarenta");
    // The whole line, opened at ply 1 (item 19).
    assert_eq!(
        board["moves"].as_array().unwrap().len(),
        2,
        "the whole line"
    );
    assert_eq!(board["at"], 1, "the board is at ply 1");
    let mut board = board;
    board["moves"].as_array_mut().unwrap().truncate(1);
    // A move tried on the board: the board has it, the game does not.
    let (s, v) = board_view(&state, &board).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["plies"], 1);
    let mut tried = board.clone();
    let mv = v["moves"][0]["text"].as_str().unwrap().to_string();
    tried["moves"].as_array_mut().unwrap().push(json!(mv));
    let (s, v2) = board_view(&state, &tried).await;
    assert_eq!(s, StatusCode::OK, "{v2}");
    assert_eq!(v2["plies"], 2);
    assert_eq!(view(&state, &id, None).await["plies"], 2);
    // An illegal move is refused with its number.
    tried["moves"].as_array_mut().unwrap().push(json!("Kz9"));
    let (s, e) = board_view(&state, &tried).await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert!(
        e["error"].as_str().unwrap().starts_with("move 3 'Kz9'"),
        "{e}"
    );
}

#[tokio::test]
async fn a_game_against_the_engine_opens_its_board_at_once() {
    let state = memory();
    let (id, token) = engine_game(&state, "cardmate", "rearhand", 1).await;
    let (id, token) = (id.as_str(), token.as_str());
    // Wait (bounded) for the engine's first move.
    for _ in 0..200 {
        if view(&state, id, Some(token)).await["plies"] == 1 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let (s, board) = open(&state, json!({ "from": id }), Some(token)).await;
    assert_eq!(s, StatusCode::OK, "{board}");
    // The game's own moves: the board can go back along them.
    assert_eq!(
        board["moves"],
        view(&state, id, Some(token)).await["history"]
    );
}

#[tokio::test]
async fn a_52chess_board_never_carries_the_seed() {
    let state = memory();
    let (id, [w, b]) = friend_game(&state, "52chess").await;
    play_first(&state, &id, &w).await;
    play_first(&state, &id, &b).await;
    resign(&state, &id, &w).await;
    let (s, board) = open(&state, json!({ "from": id }), None).await;
    assert_eq!(s, StatusCode::OK, "{board}");
    assert!(board["spec"].get("seed").is_none(), "{board}");
    let (s, v) = board_view(&state, &board).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    // The position is the game's.
    assert_eq!(v["position"], view(&state, &id, None).await["position"]);
}

#[tokio::test]
async fn a_dealers_board_waits_for_the_reveal() {
    let state = memory();
    let (id, token) = engine_game(&state, "dealers", "white", 1).await;
    // Arranging: the engine's arrangement is secret.
    let (s, e) = open(&state, json!({ "from": id }), Some(&token)).await;
    assert_eq!(s, StatusCode::CONFLICT, "{e}");
    let (s, e) = play_move(&state, &id, &token, "random").await;
    assert_eq!(s, StatusCode::OK, "{e}");
    // Wait (bounded) for the engine's arrangement.
    for _ in 0..200 {
        if view(&state, &id, Some(&token)).await["plies"] == 2 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let (s, board) = open(&state, json!({ "from": id }), Some(&token)).await;
    assert_eq!(s, StatusCode::OK, "{board}");
    assert!(board["spec"].get("seed").is_none());
    assert!(board["spec"]["fen"].is_string());
}

#[tokio::test]
async fn boards_from_a_start_a_deal_or_a_position_string_and_clear_refusals() {
    let state = memory();
    let (s, b) = open(&state, json!({ "game": "chess-cards", "seed": 42 }), None).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert_eq!(b["spec"]["seed"], 42);
    let (s, e) = open(&state, json!({ "game": "chess-cards", "fen": "x" }), None).await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert!(
        e["error"].as_str().unwrap().contains("no position string"),
        "{e}"
    );
    let fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
    let (s, e) = open(&state, json!({ "game": "cuarenta", "fen": fen }), None).await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{e}");
    assert!(e["error"].as_str().unwrap().starts_with("position:"), "{e}");
    // Cuarenta's own start, written out, reads back.
    let (_, start) = open(&state, json!({ "game": "cuarenta" }), None).await;
    let (_, v) = board_view(&state, &start).await;
    let fen = v["position"].as_str().unwrap().to_string();
    let (s, b) = open(&state, json!({ "game": "cuarenta", "fen": fen }), None).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let (_, v2) = board_view(&state, &b).await;
    assert_eq!(v2["position"], v["position"]);
    for (body, status) in [
        (json!({ "game": "nope" }), StatusCode::NOT_FOUND),
        (
            json!({ "game": "cardmate", "options": { "palace": "sideways" } }),
            StatusCode::BAD_REQUEST,
        ),
        (
            json!({ "game": "cardmate", "seed": "x" }),
            StatusCode::BAD_REQUEST,
        ),
        (json!({ "from": "nosuch" }), StatusCode::NOT_FOUND),
        (json!({}), StatusCode::BAD_REQUEST),
    ] {
        let (s, e) = open(&state, body.clone(), None).await;
        assert_eq!(s, status, "{body}: {e}");
        assert!(e["error"].is_string());
    }
    for board in [
        json!({ "game": "cardmate" }),
        json!({ "game": "cardmate", "spec": {}, "moves": "e4" }),
        json!({ "game": "cardmate", "spec": { "setup": "nonsense" } }),
        json!({ "game": "cardmate", "spec": {}, "moves": vec!["x"; 3000] }),
    ] {
        let (s, e) = board_view(&state, &board).await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{board}: {e}");
    }
}

/// Sends a board to the analysis socket and reads reports until the last.
async fn lines_of(
    ws: &mut tokio_tungstenite::WebSocketStream<
        tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>,
    >,
    request: Value,
) -> Vec<Value> {
    ws.send(Message::Text(request.to_string().into()))
        .await
        .unwrap();
    let mut got = Vec::new();
    loop {
        let m = tokio::time::timeout(common::PATIENCE, ws.next())
            .await
            .expect("a report in time")
            .unwrap()
            .unwrap();
        let Ok(t) = m.to_text() else { continue };
        let v: Value = serde_json::from_str(t).unwrap();
        if v["id"] != request["id"] {
            continue;
        }
        let done = v["done"] == true;
        got.push(v);
        if done {
            return got;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lines_for_a_position_of_each_game_over_the_socket() {
    let state = memory();
    let addr = listen(&state).await;
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/api/analysis/ws"))
        .await
        .unwrap();
    // Every game of the list: a new one is covered without a change here.
    for (i, game) in list::GAMES.iter().map(|g| g.key).enumerate() {
        let (s, mut board) = open(&state, json!({ "game": game, "seed": 3 }), None).await;
        assert_eq!(s, StatusCode::OK, "{board}");
        if game == "dealers" {
            board["moves"] = json!(["random white", "random black"]);
        }
        let (s, v) = board_view(&state, &board).await;
        assert_eq!(s, StatusCode::OK, "{game}: {v}");
        let mut req = board.clone();
        req["id"] = json!(i);
        req["lines"] = json!(2);
        req["seconds"] = json!(0.5);
        let reports = lines_of(&mut ws, req).await;
        let last = reports.last().unwrap();
        assert!(last.get("error").is_none(), "{game}: {last}");
        let lines = last["lines"].as_array().unwrap();
        assert!(!lines.is_empty() && lines.len() <= 2, "{game}: {last}");
        let bar = last["bar"].as_f64().unwrap();
        assert!((0.0..=1.0).contains(&bar));
        if last["chance"] == true {
            continue;
        }
        let legal: Vec<&str> = v["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["text"].as_str().unwrap())
            .collect();
        for l in lines {
            let first = l["moves"][0].as_str().unwrap();
            assert!(legal.contains(&first), "{game}: {first} not in {legal:?}");
            assert!(l["score_text"].is_string());
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_board_stops_the_analysis_before_and_bad_requests_get_errors() {
    let state = memory();
    let addr = listen(&state).await;
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/api/analysis/ws"))
        .await
        .unwrap();
    let (_, board) = open(&state, json!({ "game": "cuarenta" }), None).await;
    let mut long = board.clone();
    long["id"] = json!("long");
    long["seconds"] = json!(30);
    ws.send(Message::Text(long.to_string().into()))
        .await
        .unwrap();
    // A second board at once: its reports come, and it ends.
    // Any number of seconds is bounded, never a panic.
    for secs in [json!(1e300), json!(-1), json!("x"), json!(f64::MAX)] {
        let mut odd = board.clone();
        odd["id"] = json!("odd");
        odd["seconds"] = secs;
        ws.send(Message::Text(odd.to_string().into()))
            .await
            .unwrap();
    }
    let mut short = board.clone();
    short["id"] = json!("short");
    short["seconds"] = json!(0.3);
    let reports = lines_of(&mut ws, short).await;
    assert!(reports.last().unwrap()["done"] == true);
    for (bad, words) in [
        (json!("not json at all"), "send a board"),
        (json!({ "id": 1, "game": "nope", "spec": {} }), "no game"),
        (
            json!({ "id": 2, "game": "cardmate", "spec": {}, "moves": ["zz"] }),
            "move 1",
        ),
    ] {
        let text = match &bad {
            Value::String(s) => s.clone(),
            v => v.to_string(),
        };
        ws.send(Message::Text(text.into())).await.unwrap();
        let m = tokio::time::timeout(common::PATIENCE, ws.next())
            .await
            .unwrap()
            .unwrap()
            .unwrap();
        let v: Value = serde_json::from_str(m.to_text().unwrap()).unwrap();
        assert!(v["error"].as_str().unwrap().contains(words), "{v}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_engines_the_board_works_and_the_socket_says_why_there_are_no_lines() {
    let state =
        deckmate_server::AppState::new(deckmate_server::Db::open(":memory:").unwrap(), false)
            .unwrap();
    let addr = listen(&state).await;
    let (s, board) = open(&state, json!({ "game": "cuarenta" }), None).await;
    assert_eq!(s, StatusCode::OK, "{board}");
    let (s, _) = board_view(&state, &board).await;
    assert_eq!(s, StatusCode::OK);
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/api/analysis/ws"))
        .await
        .unwrap();
    let mut req = board.clone();
    req["id"] = json!(9);
    let reports = lines_of(&mut ws, req).await;
    assert_eq!(reports.len(), 1);
    assert!(
        reports[0]["error"]
            .as_str()
            .unwrap()
            .contains("engine is off"),
        "{}",
        reports[0]
    );
}
