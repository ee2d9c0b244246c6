//! The bot API (issue 34 item 4), shaped like lichess's: a bot account's
//! event stream tells its games and challenges; a game's stream gives
//! `gameFull` then `gameState`s; moves, resignation and chat through the
//! bot's token; challenges between accounts accepted or declined; a game
//! against the engine by `POST /api/challenge/ai`. Over a real socket,
//! reading the streams line by line as a bot does.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use deckmate_server::AppState;
use serde_json::{json, Value};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

/// One request over the socket: the status and the JSON answer.
async fn http(
    addr: std::net::SocketAddr,
    method: &str,
    path: &str,
    token: &str,
    body: Option<Value>,
) -> (u16, Value) {
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let mut s = TcpStream::connect(addr).await.unwrap();
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nAuthorization: Bearer {token}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).await.unwrap();
    let mut text = String::new();
    tokio::io::AsyncReadExt::read_to_string(&mut s, &mut text)
        .await
        .unwrap();
    let status = text.split(' ').nth(1).unwrap().parse().unwrap();
    let body = text.split_once("\r\n\r\n").map_or("", |b| b.1);
    (status, serde_json::from_str(body).unwrap_or(Value::Null))
}

/// A stream's lines (JSON ones; the keep-alive empty lines skipped).
struct Lines(BufReader<TcpStream>);

impl Lines {
    async fn open(addr: std::net::SocketAddr, path: &str, token: &str) -> Lines {
        let mut s = TcpStream::connect(addr).await.unwrap();
        let req =
            format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nAuthorization: Bearer {token}\r\n\r\n");
        s.write_all(req.as_bytes()).await.unwrap();
        let mut r = BufReader::new(s);
        // The head, up to its empty line.
        loop {
            let mut l = String::new();
            r.read_line(&mut l).await.unwrap();
            assert!(!l.starts_with("HTTP/1.1 4"), "{l}");
            if l == "\r\n" {
                break;
            }
        }
        Lines(r)
    }

    /// The next JSON line (chunk sizes and empty lines skipped).
    async fn next(&mut self) -> Value {
        let wait = async {
            loop {
                let mut l = String::new();
                if self.0.read_line(&mut l).await.unwrap() == 0 {
                    return Value::Null;
                }
                if let Ok(v @ Value::Object(_)) = serde_json::from_str::<Value>(l.trim()) {
                    return v;
                }
            }
        };
        tokio::time::timeout(common::PATIENCE, wait)
            .await
            .expect("a line within the patience")
    }
}

/// A registered account's personal token with every scope.
async fn bot_token(state: &AppState, name: &str, bot: bool) -> String {
    let (s, v) = common::call(
        state,
        "POST",
        "/api/account/register",
        None,
        Some(json!({"username": name, "password": "correct horse battery"})),
    )
    .await;
    assert_eq!(s, 200, "{v}");
    // A token is made from a session: log in through the router with the
    // cookie and the site's Origin.
    let req = axum::http::Request::builder()
        .method("POST")
        .uri("/api/account/login")
        .header("content-type", "application/json")
        .body(axum::body::Body::from(
            json!({"username": name, "password": "correct horse battery"}).to_string(),
        ))
        .unwrap();
    let (_, h, _) = common::send(state, req).await;
    let cookie = h["set-cookie"]
        .to_str()
        .unwrap()
        .split(';')
        .next()
        .unwrap()
        .to_string();
    let req = axum::http::Request::builder()
        .method("POST")
        .uri("/api/account/tokens")
        .header("content-type", "application/json")
        .header("cookie", cookie)
        .header("host", "t.test")
        .header("origin", "http://t.test")
        .body(axum::body::Body::from(
            json!({"scopes": "bot:play board:play challenge:read challenge:write account:read"})
                .to_string(),
        ))
        .unwrap();
    let (_, _, body) = common::send(state, req).await;
    let token = serde_json::from_str::<Value>(&body).unwrap()["token"]
        .as_str()
        .unwrap()
        .to_string();
    if bot {
        let (s, v) = common::call(
            state,
            "POST",
            "/api/bot/account/upgrade",
            Some(&token),
            None,
        )
        .await;
        assert_eq!(s, 200, "{v}");
    }
    token
}

#[tokio::test]
async fn item_4_a_bot_plays_the_engine_through_the_lichess_shaped_api() {
    let state = common::memory();
    let addr = common::listen(&state).await;
    let token = bot_token(&state, "robo", true).await;
    let (s, me) = http(addr, "GET", "/api/account", &token, None).await;
    assert_eq!((s, me["title"].clone()), (200, json!("BOT")), "{me}");
    let mut events = Lines::open(addr, "/api/stream/event", &token).await;
    let (s, game) = http(
        addr,
        "POST",
        "/api/challenge/ai",
        &token,
        Some(json!({"level": 1, "variant": "cuarenta", "color": "white", "clock.limit": null, "days": null})),
    )
    .await;
    assert_eq!(s, 200, "{game}");
    let id = game["id"].as_str().unwrap().to_string();
    let start = events.next().await;
    assert_eq!(start["type"], "gameStart", "{start}");
    assert_eq!(start["game"]["gameId"], id.as_str());
    assert_eq!(start["game"]["color"], "white");
    let mut stream = Lines::open(addr, &format!("/api/bot/game/stream/{id}"), &token).await;
    let full = stream.next().await;
    assert_eq!(full["type"], "gameFull", "{full}");
    assert_eq!(full["variant"]["key"], "cuarenta");
    assert_eq!(full["white"]["title"], "BOT");
    // An extension: a game without secrets tells its spec, from which the
    // moves rebuild it.
    assert!(full["spec"].is_object(), "{full}");
    // Our move: the first legal one the state offers.
    let legal = full["state"]["legalMoves"].as_str().unwrap().to_string();
    let mv = legal.split(' ').next().unwrap().to_string();
    // An illegal one is refused with its reason.
    let (s, v) = http(
        addr,
        "POST",
        &format!("/api/bot/game/{id}/move/Kz9"),
        &token,
        None,
    )
    .await;
    assert_eq!(s, 400, "{v}");
    let (s, v) = http(
        addr,
        "POST",
        &format!("/api/bot/game/{id}/move/{mv}"),
        &token,
        None,
    )
    .await;
    assert_eq!(s, 200, "{v}");
    // The engine answers: a state with two moves, ours to play again.
    let mut state_now = Value::Null;
    for _ in 0..10 {
        state_now = stream.next().await;
        if state_now["moves"]
            .as_str()
            .is_some_and(|m| m.split(' ').count() == 2)
        {
            break;
        }
    }
    assert!(state_now["legalMoves"].is_string(), "{state_now}");
    let (s, _) = http(
        addr,
        "POST",
        &format!("/api/bot/game/{id}/resign"),
        &token,
        None,
    )
    .await;
    assert_eq!(s, 200);
    let mut last = Value::Null;
    for _ in 0..10 {
        last = stream.next().await;
        if last.is_null() || last["status"] != "started" {
            break;
        }
    }
    assert_eq!(last["status"], "resign", "{last}");
    assert_eq!(last["winner"], "black", "{last}");
    let finish = events.next().await;
    assert_eq!(finish["type"], "gameFinish", "{finish}");
    // Not the bot's game: 404.
    let (gid, _) = common::friend_game(&state, "cuarenta").await;
    let (s, _) = http(
        addr,
        "POST",
        &format!("/api/bot/game/{gid}/resign"),
        &token,
        None,
    )
    .await;
    assert_eq!(s, 404);
}

#[tokio::test]
async fn item_4_a_challenge_is_seen_accepted_or_declined_and_starts_the_game_for_both() {
    let state = common::memory();
    let addr = common::listen(&state).await;
    let ann = bot_token(&state, "ann_c", false).await;
    let bot = bot_token(&state, "bot_c", true).await;
    let mut bot_events = Lines::open(addr, "/api/stream/event", &bot).await;
    let mut ann_events = Lines::open(addr, "/api/stream/event", &ann).await;
    let (s, c) = http(
        addr,
        "POST",
        "/api/challenge/bot_c",
        &ann,
        Some(json!({"rated": false, "clock.limit": 300, "clock.increment": 3, "color": "black", "variant": "52chess"})),
    )
    .await;
    assert_eq!(s, 200, "{c}");
    assert_eq!(c["timeControl"]["limit"], 300, "{c}");
    let seen = bot_events.next().await;
    assert_eq!(seen["type"], "challenge", "{seen}");
    assert_eq!(seen["challenge"]["id"], c["id"]);
    assert_eq!(seen["challenge"]["challenger"]["name"], "ann_c");
    // Declined: Ann is told.
    let cid = c["id"].as_str().unwrap();
    let (s, _) = http(
        addr,
        "POST",
        &format!("/api/challenge/{cid}/decline"),
        &bot,
        Some(json!({"reason": "later"})),
    )
    .await;
    assert_eq!(s, 200);
    let told = ann_events.next().await;
    assert_eq!(told["type"], "challengeDeclined", "{told}");
    assert_eq!(told["challenge"]["declineReason"], "later");
    // Only the challenged may answer; a settled one is answered no more.
    let (s, _) = http(
        addr,
        "POST",
        &format!("/api/challenge/{cid}/accept"),
        &bot,
        None,
    )
    .await;
    assert_eq!(s, 409);
    let (_, c2) = http(
        addr,
        "POST",
        "/api/challenge/bot_c",
        &ann,
        Some(json!({"variant": "52chess", "color": "black"})),
    )
    .await;
    let cid2 = c2["id"].as_str().unwrap();
    let (s, _) = http(
        addr,
        "POST",
        &format!("/api/challenge/{cid2}/accept"),
        &ann,
        None,
    )
    .await;
    assert_eq!(s, 403);
    let (s, v) = http(
        addr,
        "POST",
        &format!("/api/challenge/{cid2}/accept"),
        &bot,
        None,
    )
    .await;
    assert_eq!(s, 200, "{v}");
    let game = v["gameId"].as_str().unwrap();
    // Both streams start the game; the bot is White (Ann chose black).
    let mut start = bot_events.next().await;
    if start["type"] == "challenge" {
        start = bot_events.next().await;
    }
    assert_eq!(
        (start["type"].clone(), start["game"]["gameId"].clone()),
        (json!("gameStart"), json!(game)),
        "{start}"
    );
    assert_eq!(start["game"]["color"], "white");
    let start = ann_events.next().await;
    assert_eq!(start["type"], "gameStart", "{start}");
    assert_eq!(start["game"]["color"], "black");
    // 52Chess's seed decides the cards still to come: its spec is told
    // to nobody.
    let mut stream = Lines::open(addr, &format!("/api/bot/game/stream/{game}"), &bot).await;
    let full = stream.next().await;
    assert_eq!(full["type"], "gameFull", "{full}");
    assert!(full.get("spec").is_none(), "{full}");
    assert!(!full.to_string().contains("seed"), "{full}");
    // The challenges list is empty now.
    let (_, list) = http(addr, "GET", "/api/challenge", &ann, None).await;
    assert_eq!(list, json!({"in": [], "out": []}));
    // A challenge that names no game is for the server's first (its
    // lobby's default), not for any game in particular.
    let (s, c3) = http(addr, "POST", "/api/challenge/bot_c", &ann, Some(json!({}))).await;
    assert_eq!(s, 200, "{c3}");
    assert_eq!(
        c3["variant"]["key"],
        deckmate_games::list::Catalog::builtin().first().key,
        "{c3}"
    );
    let (s, _) = http(
        addr,
        "POST",
        &format!("/api/challenge/{}/cancel", c3["id"].as_str().unwrap()),
        &ann,
        None,
    )
    .await;
    assert_eq!(s, 200);
    // Bad requests: unknown player, oneself, a position.
    let (s, _) = http(
        addr,
        "POST",
        "/api/challenge/nobody_x",
        &ann,
        Some(json!({})),
    )
    .await;
    assert_eq!(s, 404);
    let (s, _) = http(addr, "POST", "/api/challenge/ann_c", &ann, Some(json!({}))).await;
    assert_eq!(s, 400);
    let (s, _) = http(
        addr,
        "POST",
        "/api/challenge/bot_c",
        &ann,
        Some(json!({"fen": "8/8/8 w"})),
    )
    .await;
    assert_eq!(s, 400);
}

/// The Python that runs the lichess client library: `DECKMATE_PYTHON`
/// (`.ci/run` makes a virtual environment with berserk and sets it), or
/// `python3`; `None` (the test skipped, with a line saying so) when it
/// lacks berserk, except under `CI=true`, where that fails.
fn python_with_berserk() -> Option<String> {
    let python = std::env::var("DECKMATE_PYTHON").unwrap_or_else(|_| "python3".into());
    let ok = std::process::Command::new(&python)
        .args(["-c", "import berserk"])
        .output()
        .is_ok_and(|o| o.status.success());
    if ok {
        return Some(python);
    }
    assert!(
        std::env::var("CI").as_deref() != Ok("true"),
        "{python} has no berserk under CI=true: .ci/run installs it and sets DECKMATE_PYTHON"
    );
    eprintln!("the berserk test skipped: {python} has no berserk (pip install berserk)");
    None
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn item_4_a_bot_written_for_lichess_plays_cuarenta_and_a_variant_file_with_berserk() {
    let Some(python) = python_with_berserk() else {
        return;
    };
    let variants = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../variants");
    let loaded = deckmate_server::load_variants(&variants).unwrap();
    let target = match std::env::var("DECKMATE_TEST_STORE").as_deref() {
        Ok("postgres") => common::fresh_postgres("berserk").unwrap(),
        _ => ":memory:".to_string(),
    };
    let state = AppState::with_config(
        deckmate_server::Db::open(&target).unwrap(),
        deckmate_server::Config {
            catalog: loaded.catalog,
            ..deckmate_server::Config::default()
        },
    )
    .unwrap();
    let addr = common::listen(&state).await;
    let token = bot_token(&state, "lichess_bot", true).await;
    let script =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/python/berserk_bot.py");
    for variant in ["cuarenta", "chess"] {
        let (python, script, token) = (python.clone(), script.clone(), token.clone());
        let out = tokio::task::spawn_blocking(move || {
            std::process::Command::new(python)
                .arg(script)
                .args([format!("http://{addr}"), token, variant.to_string()])
                .output()
                .unwrap()
        })
        .await
        .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{variant}: {stderr}");
        let result: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_ne!(result["status"], "started", "{variant}: {result}");
        assert!(
            result["moves"].as_u64().unwrap() >= 2,
            "{variant}: {result}"
        );
        // The game the bot played is over on the server too, with the
        // same moves.
        let v = common::view(&state, result["id"].as_str().unwrap(), None).await;
        assert!(!v["result"].is_null(), "{variant}: {v}");
        assert_eq!(
            v["history"].as_array().unwrap().len() as u64,
            result["moves"].as_u64().unwrap(),
            "{variant}"
        );
        eprintln!("berserk played {variant}: {result}");
    }
}
