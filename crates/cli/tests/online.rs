//! Issue 34 items 5 and 6: `deckmate bot` and `deckmate play --server`
//! against a real `deckmate serve` (a temporary SQLite file, a free
//! port), the other side played through the API.

#![allow(clippy::unwrap_used)]

use crate::common::KillOnDrop;
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// A `deckmate serve` on `port` with the database `db`.
fn serve(port: u16, db: &std::path::Path) -> Child {
    let child = Command::new(env!("CARGO_BIN_EXE_deckmate"))
        .args([
            "serve",
            "--addr",
            &format!("127.0.0.1:{port}"),
            "--engine-threads",
            "1",
        ])
        .arg("--db")
        .arg(db)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "the server never listened"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    child
}

/// A process whose output is gathered as it comes, and its input.
struct Proc {
    child: Child,
    input: Option<ChildStdin>,
    out: Arc<Mutex<String>>,
}

impl Proc {
    fn start(args: &[&str]) -> Proc {
        let mut child = Command::new(env!("CARGO_BIN_EXE_deckmate"))
            .args(args)
            .env("NO_COLOR", "1")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let out = Arc::new(Mutex::new(String::new()));
        for pipe in [
            Box::new(child.stdout.take().unwrap()) as Box<dyn Read + Send>,
            Box::new(child.stderr.take().unwrap()),
        ] {
            let out = out.clone();
            std::thread::spawn(move || {
                let mut r = BufReader::new(pipe);
                let mut line = String::new();
                while r.read_line(&mut line).unwrap_or(0) > 0 {
                    out.lock().unwrap().push_str(&line);
                    line.clear();
                }
            });
        }
        let input = child.stdin.take();
        Proc { child, input, out }
    }

    fn text(&self) -> String {
        self.out.lock().unwrap().clone()
    }

    /// Waits until the output holds `what` `times` times.
    fn wait_for(&self, what: &str, times: usize) {
        let start = Instant::now();
        while self.text().matches(what).count() < times {
            assert!(
                start.elapsed() < Duration::from_secs(90),
                "never saw {what:?} x{times} in:\n{}",
                self.text()
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    fn type_line(&mut self, line: &str) {
        let i = self.input.as_mut().unwrap();
        writeln!(i, "{line}").unwrap();
        i.flush().unwrap();
    }
}

impl Drop for Proc {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn agent() -> ureq::Agent {
    ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(Duration::from_secs(30)))
        .build()
        .into()
}

/// A request's status and JSON answer.
fn call(
    port: u16,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<Value>,
) -> (u16, Value) {
    call_with(
        port,
        method,
        path,
        &[("Authorization", token.map(|t| format!("Bearer {t}")))],
        body,
    )
}

fn call_with(
    port: u16,
    method: &str,
    path: &str,
    headers: &[(&str, Option<String>)],
    body: Option<Value>,
) -> (u16, Value) {
    let url = format!("http://127.0.0.1:{port}{path}");
    let a = agent();
    let mut req = ureq::http::Request::builder().method(method).uri(url);
    for (k, v) in headers {
        if let Some(v) = v {
            req = req.header(*k, v);
        }
    }
    let resp = match body {
        Some(b) => a.run(
            req.header("content-type", "application/json")
                .body(b.to_string())
                .unwrap(),
        ),
        None => a.run(req.body(()).unwrap()),
    }
    .unwrap();
    let status = resp.status().as_u16();
    let cookie = resp
        .headers()
        .get("set-cookie")
        .map(|c| c.to_str().unwrap().split(';').next().unwrap().to_string());
    let mut v: Value = resp.into_body().read_json().unwrap_or(Value::Null);
    if let (Some(c), Some(o)) = (cookie, v.as_object_mut()) {
        o.insert("_cookie".into(), json!(c));
    }
    (status, v)
}

/// Registers `name` and gives a personal token of every scope; a bot's
/// account is upgraded.
fn account(port: u16, name: &str, bot: bool) -> String {
    let creds = json!({"username": name, "password": "correct horse battery"});
    let (s, v) = call(
        port,
        "POST",
        "/api/account/register",
        None,
        Some(creds.clone()),
    );
    assert_eq!(s, 200, "{v}");
    let (s, v) = call(port, "POST", "/api/account/login", None, Some(creds));
    assert_eq!(s, 200, "{v}");
    let cookie = v["_cookie"].as_str().unwrap().to_string();
    let (s, v) = call_with(
        port,
        "POST",
        "/api/account/tokens",
        &[
            ("Cookie", Some(cookie)),
            ("Origin", Some(format!("http://127.0.0.1:{port}"))),
        ],
        Some(json!({"scopes": "bot:play board:play challenge:read challenge:write account:read"})),
    );
    assert_eq!(s, 200, "{v}");
    let token = v["token"].as_str().unwrap().to_string();
    if bot {
        let (s, v) = call(port, "POST", "/api/bot/account/upgrade", Some(&token), None);
        assert_eq!(s, 200, "{v}");
    }
    token
}

/// A stream's JSON lines (keep-alives skipped).
struct Stream(BufReader<Box<dyn Read + Send>>);

impl Stream {
    fn open(port: u16, path: &str, token: &str) -> Stream {
        let a: ureq::Agent = ureq::Agent::config_builder()
            .timeout_per_read(Some(Duration::from_secs(30)))
            .build()
            .into();
        let resp = a
            .get(format!("http://127.0.0.1:{port}{path}"))
            .header("Authorization", format!("Bearer {token}"))
            .call()
            .unwrap();
        Stream(BufReader::new(Box::new(resp.into_body().into_reader())))
    }

    fn next(&mut self) -> Option<Value> {
        loop {
            let mut line = String::new();
            if self.0.read_line(&mut line).ok()? == 0 {
                return None;
            }
            if !line.trim().is_empty() {
                return serde_json::from_str(&line).ok();
            }
        }
    }
}

/// A database path in a fresh folder, and the folder's guard, which
/// removes it (the database and its journal files) when dropped. Bind the
/// guard before the server that uses the database, so that the server is
/// dropped (killed and waited for) first.
fn temp_db(name: &str) -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = crate::common::temp_dir(&format!("online-{name}"));
    let p = dir.path().join(format!("{name}.db"));
    (dir, p)
}

/// Challenges the bot to `variant` as White and waits for the game; its id.
fn challenge(port: u16, token: &str, bot: &str, variant: &str) -> (u16, Value) {
    call(
        port,
        "POST",
        &format!("/api/challenge/{bot}"),
        Some(token),
        Some(json!({"variant": variant, "color": "white"})),
    )
}

/// The game a challenge started (asked until it is accepted).
fn game_of(port: u16, token: &str, challenge: &str) -> String {
    let start = Instant::now();
    loop {
        let (_, v) = call(port, "GET", "/api/challenge", Some(token), None);
        let found = v["out"]
            .as_array()
            .into_iter()
            .flatten()
            .chain(v["in"].as_array().into_iter().flatten())
            .find(|c| c["id"] == challenge)
            .and_then(|c| c["gameId"].as_str().map(str::to_string));
        if let Some(g) = found {
            return g;
        }
        // An accepted challenge may have left the list: the account's
        // games tell.
        let (_, g) = call(port, "GET", "/api/account/games", Some(token), None);
        if let Some(id) = g["games"][0]["id"].as_str() {
            return id.to_string();
        }
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "never accepted: {v}"
        );
        std::thread::sleep(Duration::from_millis(300));
    }
}

/// How a side played by [`play_side`] ended.
#[derive(Debug, PartialEq)]
enum SideEnd {
    /// It resigned after its moves, at this many plies.
    Resigned(usize),
    /// The game ended on its own first (a mate with the cards drawn),
    /// with this status.
    Over(String),
}

/// Plays the human's side of `game` through the board API: a move of its
/// `legalMoves` (the first) at each turn, `moves` times; then resigns.
/// A game that ends on its own before that ends the side too.
fn play_side(port: u16, token: &str, game: &str, moves: usize) -> SideEnd {
    let mut stream = Stream::open(port, &format!("/api/board/game/stream/{game}"), token);
    let mut played = 0;
    while let Some(v) = stream.next() {
        let state = if v["type"] == "gameFull" {
            v["state"].clone()
        } else {
            v
        };
        if state["type"] != "gameState" {
            continue;
        }
        if state["status"] != "started" {
            return SideEnd::Over(state["status"].as_str().unwrap_or("").to_string());
        }
        let Some(legal) = state["legalMoves"].as_str().filter(|l| !l.is_empty()) else {
            continue;
        };
        if played == moves {
            let (s, v) = call(
                port,
                "POST",
                &format!("/api/board/game/{game}/resign"),
                Some(token),
                None,
            );
            assert_eq!(s, 200, "{v}");
            return SideEnd::Resigned(
                state["moves"]
                    .as_str()
                    .unwrap_or("")
                    .split_whitespace()
                    .count(),
            );
        }
        let mv = legal.split_whitespace().next().unwrap();
        let enc: String = mv
            .bytes()
            .map(|b| {
                if b.is_ascii_alphanumeric() {
                    (b as char).to_string()
                } else {
                    format!("%{b:02X}")
                }
            })
            .collect();
        let (s, v) = call(
            port,
            "POST",
            &format!("/api/board/game/{game}/move/{enc}"),
            Some(token),
            None,
        );
        assert_eq!(s, 200, "{mv}: {v}");
        played += 1;
    }
    panic!("the game's stream ended before {moves} moves");
}

#[test]
fn item_5_the_bot_accepts_plays_legal_moves_to_the_end_and_declines_others() {
    let port = free_port();
    let (_db_dir, db) = temp_db("bot");
    let _server = KillOnDrop(serve(port, &db));
    let bot_token = account(port, "robo", true);
    let ann = account(port, "ann", false);
    let url = format!("http://127.0.0.1:{port}");
    let bot = Proc::start(&[
        "bot",
        "--server",
        &url,
        "--token",
        &bot_token,
        "--games",
        "cuarenta,52chess",
        "--level",
        "1",
    ]);
    bot.wait_for("event stream: connected", 1);
    // A game it was not told: declined with lichess's reason.
    let (s, c) = challenge(port, &ann, "robo", "cardmate");
    assert_eq!(s, 200, "{c}");
    bot.wait_for("declined (variant)", 1);
    // Cuarenta: the engine plays on the rebuilt game.
    let (s, c) = challenge(port, &ann, "robo", "cuarenta");
    assert_eq!(s, 200, "{c}");
    let game = game_of(port, &ann, c["id"].as_str().unwrap());
    // A draw offered is declined.
    let (s, v) = call(
        port,
        "POST",
        &format!("/api/board/game/{game}/draw/yes"),
        Some(&ann),
        None,
    );
    assert_eq!(s, 200, "{v}");
    bot.wait_for(&format!("game {game}: a draw offer declined"), 1);
    // Cuarenta has no chance: the first legal moves never end it this soon.
    assert_eq!(
        play_side(port, &ann, &game, 5),
        SideEnd::Resigned(10),
        "five moves each"
    );
    bot.wait_for(&format!("game {game}: over (resign, black won)"), 1);
    assert_eq!(bot.text().matches("(engine)").count(), 5, "{}", bot.text());
    let (_, view) = call(port, "GET", &format!("/api/games/{game}"), None, None);
    assert_eq!(view["result"]["result"], "0-1", "{view}");
    // 52Chess: its seed is secret, so the bot plays from legalMoves.
    let (s, c) = challenge(port, &ann, "robo", "52chess");
    assert_eq!(s, 200, "{c}");
    let game = game_of_new(port, &ann, c["id"].as_str().unwrap(), &game);
    // The cards drawn may let the bot mate before the third move (seen in
    // CI: a promotion mate on its third move); either end is one the bot saw.
    match play_side(port, &ann, &game, 3) {
        // Three moves each, a card drawn before each: at least six plies.
        SideEnd::Resigned(plies) => assert!(plies >= 6, "{plies}"),
        // Ended by the rules, not by a clock, an abort or a disconnection.
        SideEnd::Over(status) => assert!(status == "mate" || status == "draw", "{status}"),
    }
    bot.wait_for(&format!("game {game}: over"), 1);
    let text = bot.text();
    assert!(
        text.contains("from legalMoves: the game is not rebuilt here"),
        "{text}"
    );
    assert!(
        !text.contains("refused") && !text.contains("panicked"),
        "{text}"
    );
    drop(bot);
}

/// The game of a challenge other than `old`.
fn game_of_new(port: u16, token: &str, challenge: &str, old: &str) -> String {
    let start = Instant::now();
    loop {
        let (_, v) = call(port, "GET", "/api/challenge", Some(token), None);
        let found = v["out"]
            .as_array()
            .into_iter()
            .flatten()
            .find(|c| c["id"] == challenge)
            .and_then(|c| c["gameId"].as_str().map(str::to_string));
        if let Some(g) = found {
            return g;
        }
        let (_, g) = call(port, "GET", "/api/account/games", Some(token), None);
        if let Some(id) = g["games"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|x| x["id"].as_str())
            .find(|id| *id != old)
        {
            return id.to_string();
        }
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "never accepted: {v}"
        );
        std::thread::sleep(Duration::from_millis(300));
    }
}

/// Kills its server when the test ends, even on a failure.
#[test]
fn item_5_the_bot_comes_back_after_the_server_restarts_and_goes_on() {
    let port = free_port();
    let (_db_dir, db) = temp_db("restart");
    let mut server = KillOnDrop(serve(port, &db));
    let bot_token = account(port, "robo", true);
    let ann = account(port, "ann", false);
    let url = format!("http://127.0.0.1:{port}");
    let bot = Proc::start(&[
        "bot", "--server", &url, "--token", &bot_token, "--level", "1",
    ]);
    bot.wait_for("event stream: connected", 1);
    let (s, c) = challenge(port, &ann, "robo", "cuarenta");
    assert_eq!(s, 200, "{c}");
    let game = game_of(port, &ann, c["id"].as_str().unwrap());
    // Two moves each, then the server goes away while it is Ann's turn.
    let mut stream = Stream::open(port, &format!("/api/board/game/stream/{game}"), &ann);
    let mut played = 0;
    while played < 2 {
        let v = stream.next().expect("a state");
        let state = if v["type"] == "gameFull" {
            v["state"].clone()
        } else {
            v
        };
        if let Some(mv) = state["legalMoves"]
            .as_str()
            .and_then(|l| l.split_whitespace().next())
        {
            let (s, v) = call(
                port,
                "POST",
                &format!("/api/board/game/{game}/move/{mv}"),
                Some(&ann),
                None,
            );
            assert_eq!(s, 200, "{v}");
            played += 1;
        }
    }
    bot.wait_for("(engine)", 2);
    drop(stream);
    let _ = server.kill();
    let _ = server.wait();
    bot.wait_for("reconnecting", 1);
    std::thread::sleep(Duration::from_secs(2));
    server = KillOnDrop(serve(port, &db));
    // The bot comes back and answers the moves made after the restart.
    assert_eq!(play_side(port, &ann, &game, 3), SideEnd::Resigned(10));
    bot.wait_for("(engine)", 5);
    bot.wait_for(&format!("game {game}: over (resign, black won)"), 1);
    // Its event stream comes back too (after its own backoff).
    bot.wait_for("event stream: connected", 2);
    drop(bot);
    drop(server);
}

#[test]
fn item_5_a_refused_token_and_a_server_that_is_not_deckmate_are_said_so() {
    let port = free_port();
    let (_db_dir, db) = temp_db("refused");
    let _server = KillOnDrop(serve(port, &db));
    let url = format!("http://127.0.0.1:{port}");
    let out = Command::new(env!("CARGO_BIN_EXE_deckmate"))
        .args(["bot", "--server", &url, "--token", "dmp_nonsense"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("the token was refused"), "{err}");
    let out = Command::new(env!("CARGO_BIN_EXE_deckmate"))
        .args(["bot", "--server", "https://example.invalid", "--token", "x"])
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&out.stderr).contains("plain http only"));
    // A web server that is not deckmate's: told apart.
    let other = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let other_port = other.local_addr().unwrap().port();
    std::thread::spawn(move || {
        for s in other.incoming().take(4) {
            let mut s = s.unwrap();
            let mut buf = [0u8; 4096];
            let _ = s.read(&mut buf);
            let _ = s.write_all(
                b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhello",
            );
        }
    });
    let out = Command::new(env!("CARGO_BIN_EXE_deckmate"))
        .args([
            "bot",
            "--server",
            &format!("http://127.0.0.1:{other_port}"),
            "--token",
            "x",
        ])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("this does not look like a deckmate server"),
        "{err}"
    );
}

#[test]
fn item_6_play_server_seeks_plays_chats_and_agrees_a_draw() {
    let port = free_port();
    let (_db_dir, db) = temp_db("play");
    let _server = KillOnDrop(serve(port, &db));
    let url = format!("http://127.0.0.1:{port}");
    // A guest seeks Cuarenta as White from the terminal.
    let mut p = Proc::start(&["play", "cuarenta", "--server", &url, "--as", "white"]);
    p.wait_for("waiting for an opponent", 1);
    let (_, seeks) = call(port, "GET", "/api/seeks", None, None);
    let id = seeks["seeks"][0]["id"].as_str().unwrap().to_string();
    let (s, joined) = call(
        port,
        "POST",
        &format!("/api/seeks/{id}/accept"),
        None,
        Some(json!({"name": "Bob"})),
    );
    assert_eq!(s, 200, "{joined}");
    let (game, black) = (
        joined["id"].as_str().unwrap(),
        joined["token"].as_str().unwrap(),
    );
    p.wait_for("Your move.", 1);
    assert!(
        p.text().contains("a  b  c  d  e  f  g  h  i"),
        "{}",
        p.text()
    );
    // It follows the game on its WebSocket with White's seat token: White
    // counts as present.
    let start = Instant::now();
    loop {
        let (_, v) = call(
            port,
            "GET",
            &format!("/api/games/{game}"),
            Some(black),
            None,
        );
        if v["seats"][0]["present"] == true {
            break;
        }
        assert!(start.elapsed() < Duration::from_secs(20), "{v}");
        std::thread::sleep(Duration::from_millis(200));
    }
    p.type_line("Ke9");
    p.wait_for("Illegal move Ke9", 1);
    p.type_line("Fa4");
    p.wait_for("Last move: Fa4", 1);
    // Black answers through the API: the terminal shows it.
    let (_, view) = call(
        port,
        "GET",
        &format!("/api/games/{game}"),
        Some(black),
        None,
    );
    let reply = view["moves"][0]["text"].as_str().unwrap().to_string();
    let (s, v) = call(
        port,
        "POST",
        &format!("/api/games/{game}/moves"),
        Some(black),
        Some(json!({"move": reply})),
    );
    assert_eq!(s, 200, "{v}");
    p.wait_for(&format!("Last move: {reply}"), 1);
    p.wait_for("Your move.", 2);
    // Chat both ways.
    p.type_line("chat good luck");
    let start = Instant::now();
    loop {
        let (_, v) = call(
            port,
            "GET",
            &format!("/api/games/{game}"),
            Some(black),
            None,
        );
        if v["chat"]
            .as_array()
            .is_some_and(|c| c.iter().any(|l| l["text"] == "good luck"))
        {
            break;
        }
        assert!(start.elapsed() < Duration::from_secs(20), "{v}");
        std::thread::sleep(Duration::from_millis(200));
    }
    call(
        port,
        "POST",
        &format!("/api/games/{game}/chat"),
        Some(black),
        Some(json!({"text": "thanks"})),
    );
    p.wait_for("Bob (Black): thanks", 1);
    // Black offers a draw; the terminal accepts it.
    let (s, v) = call(
        port,
        "POST",
        &format!("/api/games/{game}/draw"),
        Some(black),
        None,
    );
    assert_eq!(s, 200, "{v}");
    p.wait_for("Black offers a draw", 1);
    p.type_line("draw");
    p.wait_for("Game over: 1/2-1/2", 1);
    p.wait_for("Goodbye.", 1);
    let status = p.child.wait().unwrap();
    assert!(status.success());
}

#[test]
fn item_6_play_server_lists_and_accepts_a_seek_and_resigns() {
    let port = free_port();
    let (_db_dir, db) = temp_db("accept");
    let _server = KillOnDrop(serve(port, &db));
    let url = format!("http://127.0.0.1:{port}");
    let (s, seek) = call(
        port,
        "POST",
        "/api/seeks",
        None,
        Some(
            json!({"variant": "cuarenta", "seat": "white", "time_control": {"initial_s": 300, "increment_s": 3}, "name": "Ann"}),
        ),
    );
    assert_eq!(s, 200, "{seek}");
    // The seek stays open while its maker asks after it.
    let (id, token) = (
        seek["id"].as_str().unwrap().to_string(),
        seek["token"].as_str().unwrap().to_string(),
    );
    let keep = std::thread::spawn(move || {
        for _ in 0..30 {
            let (_, v) = call(
                port,
                "GET",
                &format!("/api/seeks/{id}?token={token}"),
                None,
                None,
            );
            if v["open"] == false {
                return v;
            }
            std::thread::sleep(Duration::from_millis(500));
        }
        Value::Null
    });
    // Bob plays as his account (a personal token).
    let bob = account(port, "bob", false);
    let mut p = Proc::start(&["play", "--server", &url, "--token", &bob]);
    p.wait_for("Logged in as bob", 1);
    p.wait_for("1. Cuarenta (cuarenta), 5+3 by Ann, who plays white", 1);
    p.type_line("accept 1");
    let seated = keep.join().unwrap();
    let (game, white) = (
        seated["game"].as_str().unwrap(),
        seated["token"].as_str().unwrap(),
    );
    p.wait_for("Waiting for White.", 1);
    assert!(p.text().contains("Clocks: White Ann 5:00"), "{}", p.text());
    let (s, v) = call(
        port,
        "POST",
        &format!("/api/games/{game}/moves"),
        Some(white),
        Some(json!({"move": "Fa4"})),
    );
    assert_eq!(s, 200, "{v}");
    p.wait_for("Your move.", 1);
    p.type_line("moves");
    p.wait_for("Legal moves (", 1);
    p.type_line("resign");
    p.wait_for("Game over: 1-0", 1);
    let (_, view) = call(port, "GET", &format!("/api/games/{game}"), None, None);
    assert_eq!(view["seats"][1]["account"], "bob", "{view}");
    assert!(p.child.wait().unwrap().success());
}

#[test]
fn item_5_ctrl_c_stops_the_bot_cleanly() {
    let port = free_port();
    let (_db_dir, db) = temp_db("ctrlc");
    let _server = KillOnDrop(serve(port, &db));
    let bot_token = account(port, "robo", true);
    let url = format!("http://127.0.0.1:{port}");
    let mut bot = Proc::start(&["bot", "--server", &url, "--token", &bot_token]);
    bot.wait_for("event stream: connected", 1);
    let sent = Command::new("kill")
        .args(["-INT", &bot.child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    bot.wait_for("deckmate bot: stopped", 1);
    assert!(bot.child.wait().unwrap().success(), "{}", bot.text());
}
