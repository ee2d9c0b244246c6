//! Nothing of an account reaches the server's output (issue 33: "a token
//! never in a log line"): a real `deckmate serve` registers, logs in,
//! fails log-ins, makes a personal token and uses it; its stdout and
//! stderr hold no session, no token and no password. And a database
//! address is printed without its password.

#![allow(clippy::unwrap_used)]

use crate::common::{deckmate, spawn, KillOnDrop};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

/// One request: the whole answer as text.
fn http(port: u16, method: &str, path: &str, headers: &str, body: &str) -> String {
    let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n{headers}Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).unwrap();
    out
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

#[test]
fn issue_33_no_session_token_or_password_is_ever_in_the_servers_output() {
    let tmp = crate::common::temp_dir("secrets");
    let db = tmp.path().join("d.db");
    let port = free_port();
    // Killed also if an assertion below fails (the guard's drop).
    let mut server = KillOnDrop(spawn(&[
        "serve",
        "--addr",
        &format!("127.0.0.1:{port}"),
        "--db",
        db.to_str().unwrap(),
        "--no-engines",
    ]));
    let t = Instant::now();
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            t.elapsed() < Duration::from_secs(60),
            "the server never listened"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    let password = "my very secret passphrase";
    let creds = format!(r#"{{"username": "quinn", "password": "{password}"}}"#);
    let reg = http(port, "POST", "/api/account/register", "", &creds);
    assert!(reg.starts_with("HTTP/1.1 200"), "{reg}");
    let cookie = reg
        .lines()
        .find_map(|l| l.strip_prefix("set-cookie: "))
        .unwrap()
        .split(';')
        .next()
        .unwrap()
        .to_string();
    let session = cookie.split_once('=').unwrap().1.to_string();
    for _ in 0..3 {
        http(
            port,
            "POST",
            "/api/account/login",
            "",
            r#"{"username": "quinn", "password": "wrong password!"}"#,
        );
    }
    let site = format!("Cookie: {cookie}\r\nOrigin: http://127.0.0.1:{port}\r\n");
    let made = http(
        port,
        "POST",
        "/api/account/tokens",
        &site,
        r#"{"scopes": "account:read"}"#,
    );
    assert!(made.contains("dmp_"), "{made}");
    let token = made
        .split("\"token\":\"")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap()
        .to_string();
    let me = http(
        port,
        "GET",
        "/api/account",
        &format!("Authorization: Bearer {token}\r\n"),
        "",
    );
    assert!(me.contains("quinn"), "{me}");
    // A request with a token that is no one's, and a malformed one.
    http(
        port,
        "GET",
        "/api/account",
        "Authorization: Bearer dmp_0000\r\n",
        "",
    );
    http(
        port,
        "GET",
        "/api/account",
        &format!("Cookie: deckmate_session={session}x\r\n"),
        "",
    );
    server.kill().unwrap();
    let mut out = String::new();
    let mut err = String::new();
    server
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut out)
        .unwrap();
    server
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    let _ = server.wait();
    let logs = format!("{out}{err}");
    for secret in [
        session.as_str(),
        token.as_str(),
        password,
        "dmp_",
        "dms_",
        "argon2",
    ] {
        assert!(
            !logs.contains(secret),
            "'{secret}' in the server's output:\n{logs}"
        );
    }
}

#[test]
fn issue_32_a_database_address_is_printed_without_its_password() {
    // Nothing listens on port 1: the server stops with the error.
    let o = deckmate(
        &[
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--db",
            "postgres://ann:hunter2secret@127.0.0.1:1/site",
        ],
        None,
    );
    assert!(!o.status.success());
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(text.contains("postgres://ann@127.0.0.1:1/site"), "{text}");
    assert!(!text.contains("hunter2secret"), "{text}");
}
