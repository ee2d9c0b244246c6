//! The server against a hostile or unlucky client (issue 15): tokens it
//! must not hand out, headers, a WebSocket flood, a locked or failing
//! database, restarts, floods of creations, malformed requests, retried
//! moves.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use common::{call, listen, memory, play_move, send, temp_db};
use deckmate_server::{AppState, Config, Db};
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::time::Duration;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;

fn state_with(path: &str, config: Config) -> AppState {
    AppState::with_config(Db::open(path).unwrap(), config).unwrap()
}

async fn create(state: &AppState, body: Value) -> Value {
    let (s, v) = call(state, "POST", "/api/games", None, Some(body)).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    v
}

async fn view(state: &AppState, id: &str, token: Option<&str>) -> Value {
    let (s, v) = call(state, "GET", &format!("/api/games/{id}"), token, None).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    v
}

fn id_of(v: &Value) -> String {
    v["id"].as_str().unwrap().to_string()
}

/// Polls the view until `done` holds (at most `secs` seconds).
async fn wait_for(state: &AppState, id: &str, secs: u64, done: impl Fn(&Value) -> bool) -> Value {
    for _ in 0..secs * 20 {
        let v = view(state, id, None).await;
        if done(&v) {
            return v;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("not reached in {secs} s: {}", view(state, id, None).await);
}

#[tokio::test(flavor = "multi_thread")]
async fn an_engine_seats_token_is_never_given_out() {
    let (_dir, path) = temp_db("engine-token");
    let state = state_with(&path, Config::default());
    for (variant, human) in [
        ("cardmate", "forehand"),
        ("chess-cards", "other"),
        ("cuarenta", "black"),
    ] {
        let v = create(
            &state,
            json!({"variant": variant, "seed": 5, "opponent": {"engine": 1, "seat": human}}),
        )
        .await;
        let tokens = v["tokens"].as_object().unwrap();
        assert_eq!(tokens.len(), 1, "{variant}: {v}");
        assert_eq!(tokens[human], v["token"], "{variant}");
        assert!(v["invite"].is_null());
        let id = id_of(&v);
        // The token given resigns for the human, never for the engine.
        let (s, after) = call(
            &state,
            "POST",
            &format!("/api/games/{id}/resign"),
            v["token"].as_str(),
            None,
        )
        .await;
        assert_eq!(s, StatusCode::OK);
        let winner = after["result"]["winner"].as_u64().unwrap();
        assert_ne!(winner, v["you"].as_u64().unwrap(), "{variant}");
        // The engine's token, read from the database, is nowhere in the
        // answer, nor in a rematch's (made at once against the engine,
        // once the game is over).
        let (s, r) = call(
            &state,
            "POST",
            &format!("/api/games/{id}/rematch"),
            v["token"].as_str(),
            None,
        )
        .await;
        assert_eq!(s, StatusCode::OK, "{r}");
        assert!(r["rematch"]["token"].is_string(), "{r}");
        let new_id = r["rematch"]["id"].as_str().unwrap().to_string();
        let rows = Db::open(&path).unwrap().load_all().unwrap();
        for (row, _) in rows.iter().filter(|(g, _)| g.id == id || g.id == new_id) {
            let (engine_seat, _) = row.engine.unwrap();
            let secret = &row.tokens[usize::from(engine_seat)];
            assert!(!v.to_string().contains(secret.as_str()), "{variant}");
            assert!(!r.to_string().contains(secret.as_str()), "{variant}");
        }
    }
    drop(state);
}

#[tokio::test]
async fn every_response_carries_the_security_headers() {
    let state = memory();
    for path in [
        "/",
        "/js/main.js",
        "/api/variants",
        "/api/games/nope",
        "/nowhere",
    ] {
        let req = Request::get(path).body(Body::empty()).unwrap();
        let (_, h, _) = send(&state, req).await;
        let csp = h[header::CONTENT_SECURITY_POLICY].to_str().unwrap();
        assert!(csp.contains("script-src 'self'"), "{path}: {csp}");
        assert!(csp.contains("connect-src 'self'"), "{path}");
        assert!(csp.contains("frame-ancestors 'none'"), "{path}");
        assert!(!csp.contains("unsafe-inline"), "{path}");
        assert_eq!(h[header::X_CONTENT_TYPE_OPTIONS], "nosniff", "{path}");
        assert_eq!(h[header::X_FRAME_OPTIONS], "DENY", "{path}");
        assert_eq!(h[header::REFERRER_POLICY], "no-referrer", "{path}");
    }
    // The page has no inline script for the policy to forbid.
    let (_, _, page) = send(&state, Request::get("/").body(Body::empty()).unwrap()).await;
    for tag in page.split("<script").skip(1) {
        assert!(tag.trim_start().starts_with("src="), "inline script: {tag}");
    }
}

async fn ws_connect(
    addr: std::net::SocketAddr,
    id: &str,
    protocols: &str,
) -> (
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>,
    Option<String>,
) {
    let mut req = format!("ws://{addr}/api/games/{id}/ws")
        .into_client_request()
        .unwrap();
    req.headers_mut()
        .insert("Sec-WebSocket-Protocol", protocols.parse().unwrap());
    let (ws, resp) = tokio_tungstenite::connect_async(req).await.unwrap();
    let chosen = resp
        .headers()
        .get("Sec-WebSocket-Protocol")
        .map(|v| v.to_str().unwrap().to_string());
    (ws, chosen)
}

async fn next_text<S>(ws: &mut S) -> Value
where
    S: futures_util::Stream<Item = Result<Message, tokio_tungstenite::tungstenite::Error>> + Unpin,
{
    loop {
        let m = tokio::time::timeout(common::PATIENCE, ws.next())
            .await
            .expect("a message in time")
            .expect("open")
            .expect("no error");
        if let Message::Text(t) = m {
            return serde_json::from_str(&t).unwrap();
        }
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn the_websocket_takes_the_token_as_a_subprotocol() {
    let state = memory();
    let v = create(&state, json!({"opponent": "friend"})).await;
    let id = id_of(&v);
    let rearhand = v["tokens"]["rearhand"].as_str().unwrap();
    let addr = listen(&state).await;
    let (mut ws, chosen) = ws_connect(addr, &id, &format!("deckmate, token.{rearhand}")).await;
    assert_eq!(chosen.as_deref(), Some("deckmate"));
    assert_eq!(next_text(&mut ws).await["you"], 1);
    // Without a token: a spectator.
    let (mut ws, _) = ws_connect(addr, &id, "deckmate").await;
    assert!(next_text(&mut ws).await["you"].is_null());
    // A wrong token is a spectator too.
    let (mut ws, _) = ws_connect(addr, &id, "deckmate, token.00ff").await;
    assert!(next_text(&mut ws).await["you"].is_null());
}

#[tokio::test(flavor = "multi_thread")]
async fn a_websocket_flood_gets_no_views_back_and_is_closed() {
    let state = memory();
    let v = create(&state, json!({"opponent": "friend"})).await;
    let id = id_of(&v);
    let addr = listen(&state).await;
    let (ws, _) = ws_connect(addr, &id, "deckmate").await;
    let (mut tx, mut rx) = ws.split();
    let first = next_text(&mut rx).await;
    let view_len = first.to_string().len();
    // Pings are answered with pongs, never with a view.
    for _ in 0..50 {
        tx.send(Message::Ping(vec![1].into())).await.unwrap();
    }
    // Then 2,000 one-byte frames: the server closes at the first.
    for _ in 0..2000 {
        if tx.send(Message::Text("x".into())).await.is_err() {
            break;
        }
    }
    // The socket ends (a close frame, or a reset when the server closed
    // while frames were still coming) with no view sent.
    let mut received = 0usize;
    let mut ended = false;
    while let Ok(m) = tokio::time::timeout(common::PATIENCE, rx.next()).await {
        match m {
            Some(Ok(Message::Text(t))) => received += t.len(),
            Some(Ok(Message::Close(_)) | Err(_)) | None => {
                ended = true;
                break;
            }
            Some(Ok(_)) => {}
        }
    }
    assert_eq!(
        received, 0,
        "views sent back: {received} bytes (a view is {view_len})"
    );
    assert!(ended, "the flooding socket stayed open");
    // One stray frame is enough: the close says why (1008, policy).
    let (mut ws, _) = ws_connect(addr, &id, "deckmate").await;
    next_text(&mut ws).await;
    ws.send(Message::Text("hello".into())).await.unwrap();
    let close = loop {
        match tokio::time::timeout(common::PATIENCE, ws.next()).await {
            Ok(Some(Ok(Message::Close(c)))) => break c,
            Ok(Some(Ok(Message::Text(t)))) => panic!("a view after a stray frame: {t}"),
            Ok(Some(Ok(_))) => {}
            other => panic!("no close frame: {other:?}"),
        }
    };
    assert_eq!(close.map(|c| u16::from(c.code)), Some(1008));
}

#[tokio::test(flavor = "multi_thread")]
async fn a_locked_database_delays_only_the_writes_and_loses_nothing() {
    let (_dir, path) = temp_db("locked");
    let state = state_with(
        &path,
        Config {
            store_wait: Duration::from_secs(2),
            ..Config::default()
        },
    );
    let v = create(&state, json!({"opponent": "friend"})).await;
    let id = id_of(&v);
    let forehand = v["tokens"]["forehand"].as_str().unwrap().to_string();
    // Another process takes the write lock.
    let other = rusqlite::Connection::open(&path).unwrap();
    other.execute_batch("BEGIN IMMEDIATE").unwrap();
    let mover = state.clone();
    let (mid, mtok) = (id.clone(), forehand.clone());
    let pending = tokio::spawn(async move {
        call(
            &mover,
            "POST",
            &format!("/api/games/{mid}/moves"),
            Some(&mtok),
            Some(json!({"move": "4Ci3", "ply": 1})),
        )
        .await
    });
    tokio::time::sleep(Duration::from_millis(100)).await;
    // Requests that need no storage are answered while the write waits.
    for path in [
        "/api/variants".to_string(),
        format!("/api/games/{id}"),
        "/api/games".to_string(),
    ] {
        let (s, _) = call(&state, "GET", &path, None, None).await;
        assert_eq!(s, StatusCode::OK, "{path}");
    }
    assert!(
        !pending.is_finished(),
        "the move should still wait for the lock"
    );
    // The move is refused as busy, with Retry-After, and not played.
    let (s, e) = pending.await.unwrap();
    assert_eq!(s, StatusCode::SERVICE_UNAVAILABLE, "{e}");
    assert!(e["error"].as_str().unwrap().contains("busy"), "{e}");
    assert_eq!(view(&state, &id, None).await["plies"], 0);
    // A creation is refused the same way.
    let (s, _) = call(&state, "POST", "/api/games", None, Some(json!({}))).await;
    assert_eq!(s, StatusCode::SERVICE_UNAVAILABLE);
    other.execute_batch("COMMIT").unwrap();
    // Once the lock is gone the retried move plays, once.
    let (s, after) = call(
        &state,
        "POST",
        &format!("/api/games/{id}/moves"),
        Some(&forehand),
        Some(json!({"move": "4Ci3", "ply": 1})),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{after}");
    let rows = Db::open(&path).unwrap().load_all().unwrap();
    let (_, moves) = rows.iter().find(|(g, _)| g.id == id).unwrap();
    assert_eq!(moves, &vec!["4Ci3".to_string()]);
    assert_eq!(rows.len(), 1, "the refused creation left no game");
    drop(state);
}

#[tokio::test(flavor = "multi_thread")]
async fn an_engine_move_the_database_refused_is_retried_and_the_players_told() {
    let (_dir, path) = temp_db("engine-retry");
    let state = state_with(&path, Config::default());
    let v = create(
        &state,
        json!({"seed": 3, "opponent": {"engine": 1, "seat": "forehand"}}),
    )
    .await;
    let id = id_of(&v);
    let token = v["token"].as_str().unwrap().to_string();
    // The disk "fills up" for the engine's reply (ply 2).
    let other = rusqlite::Connection::open(&path).unwrap();
    other
        .execute_batch(
            "CREATE TRIGGER full BEFORE INSERT ON moves WHEN NEW.ply = 2
             BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END;",
        )
        .unwrap();
    let (s, _) = call(
        &state,
        "POST",
        &format!("/api/games/{id}/moves"),
        Some(&token),
        Some(json!({"move": "4Ci3", "ply": 1})),
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    let told = wait_for(&state, &id, 20, |v| v["notice"].is_string()).await;
    assert!(
        told["notice"].as_str().unwrap().contains("disk is full"),
        "{told}"
    );
    assert_eq!(told["plies"], 1);
    // Space is freed: the engine's move is stored and played, the notice
    // goes.
    other.execute_batch("DROP TRIGGER full").unwrap();
    let done = wait_for(&state, &id, 30, |v| v["plies"] == 2).await;
    assert!(done["notice"].is_null(), "{done}");
    let rows = Db::open(&path).unwrap().load_all().unwrap();
    assert_eq!(rows[0].1.len(), 2);
    drop(state);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_pending_draw_offer_survives_a_restart_and_lapses_with_a_move() {
    let (_dir, path) = temp_db("draw-offer");
    let state = state_with(&path, Config::default());
    let v = create(&state, json!({"opponent": "friend"})).await;
    let (id, f, r) = (
        id_of(&v),
        v["tokens"]["forehand"].as_str().unwrap().to_string(),
        v["tokens"]["rearhand"].as_str().unwrap().to_string(),
    );
    let draw = format!("/api/games/{id}/draw");
    assert_eq!(
        call(&state, "POST", &draw, Some(&f), None).await.0,
        StatusCode::OK
    );
    drop(state);
    let state = state_with(&path, Config::default());
    assert_eq!(view(&state, &id, None).await["draw_offer"], 0);
    // A move lapses it, after a restart too.
    let (s, _) = play_move(&state, &id, &f, "4Ci3").await;
    assert_eq!(s, StatusCode::OK);
    drop(state);
    let state = state_with(&path, Config::default());
    assert!(view(&state, &id, None).await["draw_offer"].is_null());
    // An offer made and accepted across a restart ends the game drawn.
    assert_eq!(
        call(&state, "POST", &draw, Some(&r), None).await.0,
        StatusCode::OK
    );
    drop(state);
    let state = state_with(&path, Config::default());
    let (s, after) = call(&state, "POST", &format!("{draw}/accept"), Some(&f), None).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(after["result"]["result"], "1/2-1/2");
    drop(state);
}

#[tokio::test]
async fn creations_are_rate_limited_per_client() {
    let state = AppState::with_config(
        Db::open(":memory:").unwrap(),
        Config {
            create_burst: 3,
            create_per_minute: 1,
            ..Config::default()
        },
    )
    .unwrap();
    let mut first = None;
    for _ in 0..3 {
        first.get_or_insert(create(&state, json!({"opponent": "friend"})).await);
    }
    let req = Request::post("/api/games")
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(r#"{"opponent": "friend"}"#))
        .unwrap();
    let (s, h, body) = send(&state, req).await;
    assert_eq!(s, StatusCode::TOO_MANY_REQUESTS);
    let wait: u64 = h[header::RETRY_AFTER].to_str().unwrap().parse().unwrap();
    assert!((1..=60).contains(&wait), "{wait}");
    let e: Value = serde_json::from_str(&body).unwrap();
    assert!(e["error"].as_str().unwrap().contains("too many"), "{e}");
    // A rematch is a creation too.
    let first = first.unwrap();
    let (s, _) = call(
        &state,
        "POST",
        &format!("/api/games/{}/rematch", id_of(&first)),
        first["token"].as_str(),
        None,
    )
    .await;
    assert_eq!(s, StatusCode::TOO_MANY_REQUESTS);
    // Reading is not limited.
    assert_eq!(
        call(&state, "GET", "/api/games", None, None).await.0,
        StatusCode::OK
    );
}

#[tokio::test]
async fn the_game_list_comes_in_pages_and_filters() {
    let state = AppState::with_config(
        Db::open(":memory:").unwrap(),
        Config {
            engines: false,
            create_burst: 100,
            ..Config::default()
        },
    )
    .unwrap();
    let mut ids = Vec::new();
    for i in 0..25 {
        let variant = if i % 5 == 0 { "cuarenta" } else { "cardmate" };
        let v = create(&state, json!({"variant": variant, "opponent": "friend"})).await;
        if i % 3 == 0 {
            let (s, _) = call(
                &state,
                "POST",
                &format!("/api/games/{}/resign", id_of(&v)),
                v["token"].as_str(),
                None,
            )
            .await;
            assert_eq!(s, StatusCode::OK);
        }
        ids.push(id_of(&v));
    }
    // Pages of 10, newest first, each game once.
    let mut seen = Vec::new();
    let mut cursor: Option<String> = None;
    loop {
        let path = match &cursor {
            Some(c) => format!("/api/games?limit=10&before={c}"),
            None => "/api/games?limit=10".to_string(),
        };
        let (s, page) = call(&state, "GET", &path, None, None).await;
        assert_eq!(s, StatusCode::OK);
        assert_eq!(page["total"], 25);
        let games = page["games"].as_array().unwrap();
        assert!(games.len() <= 10);
        seen.extend(games.iter().map(id_of));
        match page["next"].as_str() {
            Some(c) => cursor = Some(c.to_string()),
            None => break,
        }
    }
    let newest_first: Vec<String> = ids.iter().rev().cloned().collect();
    assert_eq!(seen, newest_first);
    // Filters.
    let count = |q: &'static str| {
        let state = state.clone();
        async move {
            let (s, page) = call(&state, "GET", q, None, None).await;
            assert_eq!(s, StatusCode::OK, "{q}: {page}");
            page["games"].as_array().unwrap().len()
        }
    };
    assert_eq!(count("/api/games?status=finished&limit=100").await, 9);
    assert_eq!(count("/api/games?status=ongoing&limit=100").await, 16);
    assert_eq!(count("/api/games?variant=cuarenta&limit=100").await, 5);
    assert_eq!(
        count("/api/games?variant=cuarenta&status=finished&limit=100").await,
        2
    );
    for bad in [
        "/api/games?limit=0",
        "/api/games?limit=101",
        "/api/games?limit=x",
        "/api/games?status=won",
        "/api/games?variant=chess",
        "/api/games?before=-1",
        "/api/games?page=2",
    ] {
        let (s, e) = call(&state, "GET", bad, None, None).await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{bad}");
        assert!(e["error"].is_string(), "{bad}");
    }
}

#[tokio::test]
async fn every_error_is_json() {
    let state = memory();
    let v = create(&state, json!({"opponent": "friend"})).await;
    let id = id_of(&v);
    let token = v["token"].as_str().unwrap();
    let moves = format!("/api/games/{id}/moves");
    let cases: Vec<(Request<Body>, StatusCode)> = vec![
        (
            Request::post(&moves)
                .header(header::AUTHORIZATION, format!("Bearer {token}"))
                .header(header::CONTENT_TYPE, "application/json")
                .body(Body::from("{\"move\": "))
                .unwrap(),
            StatusCode::BAD_REQUEST,
        ),
        (
            Request::post("/api/games")
                .header(header::CONTENT_TYPE, "application/json")
                .body(Body::from("not json"))
                .unwrap(),
            StatusCode::BAD_REQUEST,
        ),
        (
            Request::post(&moves)
                .header(header::AUTHORIZATION, format!("Bearer {token}"))
                .header(header::CONTENT_TYPE, "application/json")
                .body(Body::from(format!(
                    "{{\"move\": \"{}\"}}",
                    "x".repeat(20_000)
                )))
                .unwrap(),
            StatusCode::PAYLOAD_TOO_LARGE,
        ),
        (
            Request::post(&moves)
                .header(header::AUTHORIZATION, format!("Bearer {token}"))
                .header(header::CONTENT_TYPE, "text/plain")
                .body(Body::from("{\"move\": \"4Ci3\"}"))
                .unwrap(),
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
        ),
        (
            Request::get(format!("/api/games/{id}/ws"))
                .body(Body::empty())
                .unwrap(),
            StatusCode::BAD_REQUEST,
        ),
        (
            Request::get("/api/nothing").body(Body::empty()).unwrap(),
            StatusCode::NOT_FOUND,
        ),
        (
            Request::delete("/api/games").body(Body::empty()).unwrap(),
            StatusCode::METHOD_NOT_ALLOWED,
        ),
    ];
    for (req, want) in cases {
        let what = format!("{} {}", req.method(), req.uri());
        let (s, h, body) = send(&state, req).await;
        assert_eq!(s, want, "{what}: {body}");
        assert!(
            h[header::CONTENT_TYPE]
                .to_str()
                .unwrap()
                .starts_with("application/json"),
            "{what}"
        );
        let e: Value = serde_json::from_str(&body).unwrap_or_else(|_| panic!("{what}: {body}"));
        assert!(
            e["error"].as_str().is_some_and(|m| !m.is_empty()),
            "{what}: {e}"
        );
    }
    // Nothing of that played a move.
    assert_eq!(view(&state, &id, None).await["plies"], 0);
}

#[tokio::test]
async fn a_retried_move_is_not_played_twice() {
    let state = memory();
    let v = create(
        &state,
        json!({"variant": "chess-cards", "seed": 11, "opponent": "friend"}),
    )
    .await;
    let id = id_of(&v);
    let tokens = [
        v["tokens"]["dealer"].as_str().unwrap().to_string(),
        v["tokens"]["other"].as_str().unwrap().to_string(),
    ];
    let path = format!("/api/games/{id}/moves");
    // Play the first legal move until a seat is to move twice in a row
    // (Chess Cards: the winner of a trick leads), then send that seat's
    // last request again.
    let mut retried = 0;
    for _ in 0..40 {
        let v = view(&state, &id, None).await;
        let Some(seat) = v["to_move"].as_u64() else {
            break;
        };
        let token = &tokens[seat as usize];
        let mine = view(&state, &id, Some(token)).await;
        let plies = mine["plies"].as_u64().unwrap();
        let text = mine["moves"][0]["text"].as_str().unwrap().to_string();
        let body = json!({"move": text, "ply": plies + 1});
        let (s, after) = call(&state, "POST", &path, Some(token), Some(body.clone())).await;
        assert_eq!(s, StatusCode::OK, "{after}");
        // Sent again, it is refused as played, whoever is to move now.
        let (s, e) = call(&state, "POST", &path, Some(token), Some(body)).await;
        assert_eq!(s, StatusCode::CONFLICT, "{e}");
        assert!(e["error"].as_str().unwrap().contains("ply"), "{e}");
        assert_eq!(view(&state, &id, None).await["plies"], plies + 1);
        if after["to_move"].as_u64() == Some(seat) {
            retried += 1;
        }
    }
    assert!(retried > 0, "no seat moved twice in a row");
    // A ply that is not a move's number is refused.
    let (s, _) = call(
        &state,
        "POST",
        &path,
        Some(&tokens[0]),
        Some(json!({"move": "bQ", "ply": 0})),
    )
    .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
}
