//! Issue 29 items 3 and 5: the limits a public server keeps whatever its
//! clients do at once: the open-seek cap, chat's rate and storage, the
//! creation limit per client (an IPv6 /64 is one), WebSocket origins, and
//! connections (WebSockets included) in total and per address.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{header, Request, StatusCode};
use common::{call, friend_game, send};
use deckmate_server::{AppState, Config, Db, ServeLimits, CHAT_STORED};
use futures_util::StreamExt;
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;

/// A server whose creation limit is out of the way.
fn unlimited() -> AppState {
    AppState::with_config(
        Db::open(":memory:").unwrap(),
        Config {
            create_burst: 100_000,
            create_per_minute: 100_000,
            ..Config::default()
        },
    )
    .unwrap()
}

async fn open_seek(state: &AppState) -> (StatusCode, Value) {
    call(
        state,
        "POST",
        "/api/seeks",
        None,
        Some(json!({"variant": "cuarenta"})),
    )
    .await
}

async fn listed_seeks(state: &AppState) -> usize {
    let (s, v) = call(state, "GET", "/api/seeks", None, None).await;
    assert_eq!(s, StatusCode::OK);
    v["seeks"].as_array().unwrap().len()
}

/// 40 seeks asked for at once while 190 are open: exactly 10 are made.
/// (On this one-threaded runtime every request reaches its database write
/// before any is answered: the check and the place it reserves must be
/// one step.)
#[tokio::test]
async fn item_5_seek_cap_holds_under_concurrency() {
    let state = unlimited();
    for _ in 0..190 {
        assert_eq!(open_seek(&state).await.0, StatusCode::OK);
    }
    let tasks: Vec<_> = (0..40)
        .map(|_| {
            let state = state.clone();
            tokio::spawn(async move { open_seek(&state).await.0 })
        })
        .collect();
    let mut made = 0;
    for t in tasks {
        match t.await.unwrap() {
            StatusCode::OK => made += 1,
            s => assert_eq!(s, StatusCode::SERVICE_UNAVAILABLE),
        }
    }
    assert_eq!(made, 10);
    assert_eq!(listed_seeks(&state).await, 200);
}

/// An accepted seek waits (a minute) for its maker to learn the game, but
/// it is not open: it leaves its place under the cap at once.
#[tokio::test]
async fn item_5_accepted_seeks_do_not_count_against_the_cap() {
    let state = unlimited();
    let mut first = None;
    for _ in 0..200 {
        let (s, v) = open_seek(&state).await;
        assert_eq!(s, StatusCode::OK, "{v}");
        first.get_or_insert(v);
    }
    assert_eq!(open_seek(&state).await.0, StatusCode::SERVICE_UNAVAILABLE);
    let first = first.unwrap();
    let id = first["id"].as_str().unwrap();
    let (s, v) = call(
        &state,
        "POST",
        &format!("/api/seeks/{id}/accept"),
        None,
        None,
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    // The maker still learns his game...
    let (s, v) = call(
        &state,
        "GET",
        &format!("/api/seeks/{id}?token={}", first["token"].as_str().unwrap()),
        None,
        None,
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["open"], false);
    // ...and another seek takes the place.
    let (s, v) = open_seek(&state).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(listed_seeks(&state).await, 200);
}

/// The database keeps a game's last messages only, pruned as they come.
#[test]
fn item_5_chat_is_pruned() {
    let db = Db::open(":memory:").unwrap();
    let extra = 25;
    for n in 0..(CHAT_STORED + extra) as u64 {
        db.insert_chat("g1", n, (n % 2) as u8, &format!("message {n}"))
            .unwrap();
        db.insert_chat("g2", n, 0, "other game").unwrap();
    }
    let kept = db.chat_of("g1", 10 * CHAT_STORED).unwrap();
    assert_eq!(kept.len(), CHAT_STORED);
    assert_eq!(kept[0].0, extra as u64);
    assert_eq!(kept[0].2, format!("message {extra}"));
    assert_eq!(
        kept.last().unwrap().2,
        format!("message {}", CHAT_STORED + extra - 1)
    );
    assert_eq!(
        db.chat_of("g2", 10 * CHAT_STORED).unwrap().len(),
        CHAT_STORED
    );
}

/// A seat over chat's rate is told when it may write again.
#[tokio::test]
async fn item_5_chat_429_has_retry_after() {
    let state = unlimited();
    let (id, t) = friend_game(&state, "cuarenta").await;
    let say = |n: usize| {
        Request::post(format!("/api/games/{id}/chat"))
            .header(header::CONTENT_TYPE, "application/json")
            .header(header::AUTHORIZATION, format!("Bearer {}", t[0]))
            .body(Body::from(json!({ "text": format!("hi {n}") }).to_string()))
            .unwrap()
    };
    for n in 0..5 {
        let (s, _, body) = send(&state, say(n)).await;
        assert_eq!(s, StatusCode::OK, "{body}");
    }
    let (s, h, body) = send(&state, say(5)).await;
    assert_eq!(s, StatusCode::TOO_MANY_REQUESTS, "{body}");
    let wait: u64 = h
        .get(header::RETRY_AFTER)
        .expect("Retry-After")
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=10).contains(&wait), "{wait}");
    let e: Value = serde_json::from_str(&body).unwrap();
    assert!(e["error"].as_str().unwrap().contains("too many"), "{e}");
}

/// A creation as if from `addr`.
async fn create_from(state: &AppState, addr: &str) -> StatusCode {
    let peer: SocketAddr = addr.parse().unwrap();
    let mut req = Request::post("/api/games")
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(
            r#"{"variant": "cuarenta", "opponent": "friend"}"#,
        ))
        .unwrap();
    req.extensions_mut().insert(ConnectInfo(peer));
    send(state, req).await.0
}

/// The hosts of one IPv6 /64 share one creation quota; another /64 has its
/// own; IPv4 addresses are apart, as before.
#[tokio::test]
async fn item_5_ipv6_slash64_is_one_client() {
    let state = AppState::with_config(
        Db::open(":memory:").unwrap(),
        Config {
            create_burst: 2,
            create_per_minute: 1,
            ..Config::default()
        },
    )
    .unwrap();
    assert_eq!(
        create_from(&state, "[2001:db8:1:2::1]:4000").await,
        StatusCode::OK
    );
    assert_eq!(
        create_from(&state, "[2001:db8:1:2:aaaa::7]:4001").await,
        StatusCode::OK
    );
    // A third host of the same /64 is over the quota.
    assert_eq!(
        create_from(&state, "[2001:db8:1:2:ffff:1:2:3]:4002").await,
        StatusCode::TOO_MANY_REQUESTS
    );
    // Another /64 is another client.
    assert_eq!(
        create_from(&state, "[2001:db8:1:3::1]:4000").await,
        StatusCode::OK
    );
    assert_eq!(create_from(&state, "192.0.2.1:4000").await, StatusCode::OK);
    assert_eq!(create_from(&state, "192.0.2.2:4000").await, StatusCode::OK);
}

/// Serves the app on a loopback port with these limits.
async fn listen_with(state: &AppState, limits: ServeLimits) -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(deckmate_server::serve(
        listener,
        deckmate_server::app(state.clone()),
        limits,
        std::future::pending(),
    ));
    addr
}

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// A game's WebSocket, open once its first view came.
async fn watch(addr: SocketAddr, id: &str) -> Socket {
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/api/games/{id}/ws"))
        .await
        .unwrap();
    let first = tokio::time::timeout(Duration::from_secs(20), ws.next())
        .await
        .expect("a view")
        .expect("open")
        .expect("no error");
    assert!(matches!(first, Message::Text(_)), "{first:?}");
    ws
}

/// A plain request on a new connection from `from` (a loopback address):
/// the connection, its request sent.
async fn ask_from(from: [u8; 4], addr: SocketAddr) -> TcpStream {
    let socket = TcpSocket::new_v4().unwrap();
    socket
        .bind(SocketAddr::from((from, 0)))
        .expect("a loopback source address");
    let mut s = socket.connect(addr).await.unwrap();
    s.write_all(b"GET /api/variants HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        .await
        .unwrap();
    s
}

/// The answer's status line, read to the end (within `wait`).
async fn status_line(s: &mut TcpStream, wait: Duration) -> Option<String> {
    let mut buf = Vec::new();
    tokio::time::timeout(wait, s.read_to_end(&mut buf))
        .await
        .ok()?
        .ok()?;
    let text = String::from_utf8_lossy(&buf).to_string();
    text.lines().next().map(str::to_string)
}

/// With room for three connections, three open WebSockets fill it: a
/// fourth connection is not served until one of them closes.
#[tokio::test(flavor = "multi_thread")]
async fn item_3_websockets_count_against_max_connections() {
    let state = AppState::new(Db::open(":memory:").unwrap(), false).unwrap();
    let (id, _) = friend_game(&state, "cuarenta").await;
    let addr = listen_with(
        &state,
        ServeLimits {
            max_connections: 3,
            max_per_address: 100,
            ..ServeLimits::default()
        },
    )
    .await;
    let mut sockets = Vec::new();
    for _ in 0..3 {
        sockets.push(watch(addr, &id).await);
    }
    let mut fourth = ask_from([127, 0, 0, 1], addr).await;
    // Not answered while the sockets stay open (the connection waits in
    // the listener's backlog: nothing of it is read)...
    assert_eq!(
        status_line(&mut fourth, Duration::from_secs(1)).await,
        None,
        "a connection beyond the cap was served while 3 WebSockets were open"
    );
    // ...and served once one closes.
    let mut closed = sockets.pop().unwrap();
    closed.close(None).await.unwrap();
    drop(closed);
    assert_eq!(
        status_line(&mut fourth, Duration::from_secs(30))
            .await
            .as_deref(),
        Some("HTTP/1.1 200 OK")
    );
}

/// One address has two places: its WebSockets hold them, a third
/// connection of its own is refused at once (503), another address is
/// served; when a socket closes, the address gets in again.
#[tokio::test(flavor = "multi_thread")]
async fn item_3_per_address_cap_refuses_the_extra_connection_only() {
    let state = AppState::new(Db::open(":memory:").unwrap(), false).unwrap();
    let (id, _) = friend_game(&state, "cuarenta").await;
    let addr = listen_with(
        &state,
        ServeLimits {
            max_connections: 100,
            max_per_address: 2,
            ..ServeLimits::default()
        },
    )
    .await;
    let mut a = watch(addr, &id).await;
    let _b = watch(addr, &id).await;
    let mut third = ask_from([127, 0, 0, 1], addr).await;
    let refused = status_line(&mut third, Duration::from_secs(30)).await;
    assert_eq!(refused.as_deref(), Some("HTTP/1.1 503 Service Unavailable"));
    let mut other = ask_from([127, 0, 0, 2], addr).await;
    assert_eq!(
        status_line(&mut other, Duration::from_secs(30))
            .await
            .as_deref(),
        Some("HTTP/1.1 200 OK")
    );
    a.close(None).await.unwrap();
    // The server sees the close in its own time: ask until it has.
    let mut answer = None;
    for _ in 0..100 {
        let mut again = ask_from([127, 0, 0, 1], addr).await;
        answer = status_line(&mut again, Duration::from_secs(30)).await;
        if answer.as_deref() == Some("HTTP/1.1 200 OK") {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(answer.as_deref(), Some("HTTP/1.1 200 OK"));
}

/// A WebSocket handshake to `path` with these extra headers: the status.
async fn handshake(addr: SocketAddr, path: &str, headers: &[(&str, &str)]) -> u16 {
    let mut req = format!("ws://{addr}{path}").into_client_request().unwrap();
    for (k, v) in headers {
        req.headers_mut().insert(
            axum::http::HeaderName::from_bytes(k.as_bytes()).unwrap(),
            axum::http::HeaderValue::from_str(v).unwrap(),
        );
    }
    match tokio_tungstenite::connect_async(req).await {
        Ok((_, resp)) => resp.status().as_u16(),
        Err(tokio_tungstenite::tungstenite::Error::Http(resp)) => resp.status().as_u16(),
        Err(e) => panic!("{e}"),
    }
}

/// Both WebSockets take the server's own pages (the Origin's host is the
/// Host), clients without an Origin, and the sites `--allow-origin`
/// names; another site's page is refused.
#[tokio::test(flavor = "multi_thread")]
async fn item_5_foreign_origin_is_refused() {
    let state = AppState::with_config(
        Db::open(":memory:").unwrap(),
        Config {
            engines: false,
            allowed_origins: vec!["https://front.example".into()],
            ..Config::default()
        },
    )
    .unwrap();
    let (id, _) = friend_game(&state, "cuarenta").await;
    let addr = listen_with(&state, ServeLimits::default()).await;
    let own = format!("http://{addr}");
    for path in [
        format!("/api/games/{id}/ws"),
        "/api/analysis/ws".to_string(),
    ] {
        assert_eq!(handshake(addr, &path, &[]).await, 101, "{path}: no Origin");
        assert_eq!(
            handshake(addr, &path, &[("Origin", &own)]).await,
            101,
            "{path}: own page"
        );
        assert_eq!(
            handshake(addr, &path, &[("Origin", "https://FRONT.example/")]).await,
            101,
            "{path}: an allowed site"
        );
        for foreign in [
            "https://evil.example",
            "null",
            "http://127.0.0.1.evil.example",
            &format!("http://{addr}.evil.example"),
        ] {
            assert_eq!(
                handshake(addr, &path, &[("Origin", foreign)]).await,
                403,
                "{path}: {foreign}"
            );
        }
    }
}
