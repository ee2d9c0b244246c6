//! `deckmate play --server URL [--token T]`: a game on a deckmate server,
//! played from the terminal.
//!
//! First the lobby: the open seeks (`GET /api/seeks`), `seek GAME [TC]
//! [SEAT]` makes one (`POST /api/seeks`) and waits for an opponent (asking
//! `GET /api/seeks/{id}?token=` every 2 s), `accept N` takes one
//! (`POST /api/seeks/{id}/accept`). Then the game, drawn as terminal play
//! draws it ([`crate::render`]) from the seat's view (`GET
//! /api/games/{id}`, followed on the game's WebSocket, or asked every
//! second while that cannot be had: the other's moves, the clocks, draw
//! offers and chat show as they come); moves, `draw`, `decline`,
//! `resign` and `chat TEXT` are sent as the seat's requests. A guest plays
//! with the seat token the seek's answers give; with `--token` (a
//! personal API token) the seek is made or taken by the account.

use super::http::{segment, Client, HttpError};
use crate::render::{self, Style};
use serde_json::{json, Map, Value};
use std::io::{BufRead, Read};
use std::process::ExitCode;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::time::{Duration, Instant};

/// How often the view is asked for while a game goes on.
const VIEW_POLL: Duration = Duration::from_secs(1);
/// How often a seek's maker asks after it (the server forgets a seek not
/// asked after for 20 s).
const SEEK_POLL: Duration = Duration::from_secs(2);

/// What `deckmate play --server` was given.
pub struct OnlineArgs {
    /// The server's address.
    pub server: String,
    /// A personal API token (`--token`).
    pub token: Option<String>,
    /// A game to seek at once (the command's GAME).
    pub game: Option<String>,
    /// The seat wanted in that seek (`--as`, when not `first`).
    pub seat: Option<String>,
    /// Draw without colours.
    pub color: bool,
}

/// One thing to answer: a line typed, the end of input, a view.
enum Event {
    Line(String),
    End,
    View(Box<Value>),
    /// The view could not be read (the message, said once).
    Lost(String),
}

/// The longest line typed that is read (64 KiB).
const LINE_MAX: u64 = 64 * 1024;

/// Reads standard input on a thread, one line at a time (a longer line
/// than [`LINE_MAX`] is refused whole), into `tx`.
fn read_input(tx: Sender<Event>) {
    std::thread::spawn(move || {
        let stdin = std::io::stdin();
        let mut input = stdin.lock();
        loop {
            let mut line = Vec::new();
            match (&mut input).take(LINE_MAX).read_until(b'\n', &mut line) {
                Ok(0) | Err(_) => {
                    let _ = tx.send(Event::End);
                    return;
                }
                Ok(n) if n as u64 == LINE_MAX && !line.ends_with(b"\n") => {
                    // Too long: the rest of it is dropped unread, not kept.
                    loop {
                        line.clear();
                        match (&mut input).take(LINE_MAX).read_until(b'\n', &mut line) {
                            Ok(0) | Err(_) => break,
                            Ok(_) if line.ends_with(b"\n") => break,
                            Ok(_) => {}
                        }
                    }
                    outln!("That line is too long (over {LINE_MAX} bytes).");
                }
                Ok(_) => {
                    let text = String::from_utf8_lossy(&line).trim().to_string();
                    if tx.send(Event::Line(text)).is_err() {
                        return;
                    }
                }
            }
        }
    });
}

/// Runs the lobby, then the game.
pub fn run(args: OnlineArgs) -> Result<ExitCode, String> {
    let client = Client::new(&args.server, args.token.clone())?;
    if args.token.is_some() {
        let me = client.get("/api/account").map_err(|e| e.to_string())?;
        match me["username"].as_str() {
            Some(name) => outln!("Logged in as {name} on {}.", client.base()),
            None => return Err("the token was refused (the server sees no account)".into()),
        }
    }
    let (tx, rx) = mpsc::channel();
    read_input(tx.clone());
    let style = Style {
        color: args.color,
        flipped: false,
    };
    let seated = match &args.game {
        Some(game) => {
            let words: Vec<String> = std::iter::once(game.clone())
                .chain(args.seat.clone())
                .collect();
            make_seek(&client, &words, &rx)?
        }
        None => lobby(&client, &rx)?,
    };
    let Some((id, seat_token)) = seated else {
        outln!("Goodbye.");
        return Ok(ExitCode::SUCCESS);
    };
    play(&client, &id, &seat_token, style, tx, &rx)
}

const LOBBY_HELP: &str = "Commands: list (the open seeks), accept N (take seek N of the list), \
seek GAME [MINUTES+INCREMENT|Nd|none] [SEAT] (make one and wait: seek cuarenta 5+3 white), quit.";

/// The lobby until a game starts: its id and the seat's token (`None`:
/// the player left).
fn lobby(client: &Client, rx: &Receiver<Event>) -> Result<Option<(String, String)>, String> {
    let mut seeks = list_seeks(client)?;
    outln!("{LOBBY_HELP}");
    loop {
        let line = match rx.recv() {
            Ok(Event::Line(l)) => l,
            Ok(Event::End) | Err(_) => return Ok(None),
            Ok(_) => continue,
        };
        let words: Vec<String> = line.split_whitespace().map(str::to_string).collect();
        match words.first().map(String::as_str) {
            None => {}
            Some("list") => seeks = list_seeks(client)?,
            Some("quit") => return Ok(None),
            Some("help") => outln!("{LOBBY_HELP}"),
            Some("accept") => {
                let Some(id) = words.get(1).and_then(|w| {
                    w.parse::<usize>()
                        .ok()
                        .and_then(|n| seeks.get(n.wrapping_sub(1)).cloned())
                        .or_else(|| Some(w.clone()))
                }) else {
                    outln!("accept N: the number of a seek of the list");
                    continue;
                };
                let path = format!("/api/seeks/{}/accept", segment(&id));
                match client.post(&path, None) {
                    Ok(v) => match seated(&v) {
                        Some(s) => return Ok(Some(s)),
                        None => outln!("The server's answer named no game: {v}"),
                    },
                    Err(e) => outln!("Could not accept: {e}"),
                }
            }
            Some("seek") => {
                if let Some(s) = make_seek(client, &words[1..], rx)? {
                    return Ok(Some(s));
                }
            }
            Some(other) => outln!(
                "Unknown command {}. {LOBBY_HELP}",
                crate::cmd::terminal::quote(other)
            ),
        }
    }
}

/// A game's id and seat token from an answer that starts one.
fn seated(v: &Value) -> Option<(String, String)> {
    let id = v["id"].as_str().or_else(|| v["game"].as_str())?;
    Some((id.to_string(), v["token"].as_str()?.to_string()))
}

/// Prints the open seeks, numbered; their ids in that order.
fn list_seeks(client: &Client) -> Result<Vec<String>, String> {
    let v = client.get("/api/seeks").map_err(|e| e.to_string())?;
    let Some(list) = v["seeks"].as_array() else {
        return Err(HttpError::NotDeckmate("GET /api/seeks gave no list".into()).to_string());
    };
    if list.is_empty() {
        outln!("No open seeks. Make one: seek GAME (e.g. seek cuarenta 5+3).");
    } else {
        outln!("Open seeks:");
    }
    let mut ids = Vec::new();
    for (i, s) in list.iter().enumerate() {
        let tc = match &s["time_control"] {
            Value::Null => "no clock".to_string(),
            t => clock_words(t),
        };
        outln!(
            "  {}. {} ({}), {}{} by {}{}",
            i + 1,
            s["title"].as_str().unwrap_or("?"),
            s["variant"].as_str().unwrap_or("?"),
            tc,
            if s["rated"] == true { ", rated" } else { "" },
            s["account"]
                .as_str()
                .or_else(|| s["name"].as_str())
                .unwrap_or("?"),
            s["seat"]
                .as_str()
                .map_or(String::new(), |seat| format!(", who plays {seat}")),
        );
        ids.push(s["id"].as_str().unwrap_or_default().to_string());
    }
    Ok(ids)
}

/// A seek's time control in words (`5+3`, `3 days a move`).
fn clock_words(t: &Value) -> String {
    if let Some(d) = t["days"].as_u64() {
        return format!("{d} days a move");
    }
    let initial = t["initial_s"]
        .as_u64()
        .or_else(|| t["initial_ms"].as_u64().map(|ms| ms / 1000))
        .unwrap_or(0);
    let inc = t["increment_s"]
        .as_u64()
        .or_else(|| t["increment_ms"].as_u64().map(|ms| ms / 1000))
        .unwrap_or(0);
    if initial.checked_rem(60) == Some(0) {
        format!("{}+{inc}", initial / 60)
    } else {
        format!("{initial}s+{inc}")
    }
}

/// The request of `seek GAME [TC] [SEAT]`.
fn seek_request(words: &[String]) -> Result<Value, String> {
    let game = words
        .first()
        .ok_or("seek GAME [MINUTES+INCREMENT|Nd|none] [SEAT]")?;
    let mut req = json!({"variant": game, "seat": "random"});
    for w in &words[1..] {
        let w = w.to_ascii_lowercase();
        if w == "none" {
            continue;
        }
        if let Some((m, i)) = w.split_once('+') {
            let (Ok(m), Ok(i)) = (m.parse::<f64>(), i.parse::<u64>()) else {
                return Err(format!("{w}: MINUTES+INCREMENT, e.g. 5+3"));
            };
            req["time_control"] = json!({"initial_s": (m * 60.0).round() as u64, "increment_s": i});
        } else if let Some(d) = w.strip_suffix('d').and_then(|d| d.parse::<u64>().ok()) {
            req["time_control"] = json!({ "days": d });
        } else {
            req["seat"] = json!(w);
        }
    }
    Ok(req)
}

/// Makes a seek and waits for it to be taken ('cancel' withdraws it).
fn make_seek(
    client: &Client,
    words: &[String],
    rx: &Receiver<Event>,
) -> Result<Option<(String, String)>, String> {
    let req = match seek_request(words) {
        Ok(r) => r,
        Err(m) => {
            outln!("{m}");
            return Ok(None);
        }
    };
    let made = match client.post("/api/seeks", Some(&req)) {
        Ok(v) => v,
        Err(e) => {
            outln!("Could not make the seek: {e}");
            return Ok(None);
        }
    };
    let (Some(id), Some(token)) = (made["id"].as_str(), made["token"].as_str()) else {
        return Err(HttpError::NotDeckmate(format!("a seek's answer: {made}")).to_string());
    };
    outln!("Seek {id} made; waiting for an opponent ('cancel' withdraws it).");
    let status = format!("/api/seeks/{}?token={}", segment(id), segment(token));
    let mut next = Instant::now();
    loop {
        match rx.recv_timeout(next.saturating_duration_since(Instant::now())) {
            Ok(Event::Line(l)) if l == "cancel" || l == "quit" => {
                let _ = client.delete(&status);
                outln!("Seek withdrawn.");
                return Ok(None);
            }
            Ok(Event::End) => {
                let _ = client.delete(&status);
                return Ok(None);
            }
            Ok(Event::Line(l)) if !l.is_empty() => {
                outln!("Waiting for an opponent ('cancel' withdraws the seek).")
            }
            Ok(_) => {}
            Err(RecvTimeoutError::Timeout) => {
                next = Instant::now() + SEEK_POLL;
                match client.get(&status) {
                    Ok(v) if v["open"] == false => match seated(&v) {
                        Some(s) => return Ok(Some(s)),
                        None => return Err(format!("the seek's answer named no game: {v}")),
                    },
                    Ok(_) => {}
                    Err(e) if e.transient() => outln!("{e}; asking again"),
                    Err(e) => {
                        outln!("The seek is gone: {e}");
                        return Ok(None);
                    }
                }
            }
            Err(RecvTimeoutError::Disconnected) => return Ok(None),
        }
    }
}

/// Follows the view on a thread, sending each new one: the game's
/// WebSocket (`GET /api/games/{id}/ws`, the seat's token offered as the
/// subprotocol `token.<token>` beside `deckmate`, so the player counts as
/// present), and while it cannot be had, the view asked every second.
fn watch(client: Client, id: String, token: String, tx: Sender<Event>) {
    std::thread::spawn(move || {
        let path = format!("/api/games/{}", segment(&id));
        let mut last = Value::Null;
        let mut lost = false;
        loop {
            if let Ok(done) = socket_views(&client, &path, &token, &tx, &mut last) {
                if done {
                    return;
                }
            }
            match client.get(&path) {
                Ok(v) => {
                    lost = false;
                    if send_view(&tx, v, &mut last) {
                        return;
                    }
                }
                Err(e) => {
                    if !lost && tx.send(Event::Lost(e.to_string())).is_err() {
                        return;
                    }
                    lost = true;
                }
            }
            std::thread::sleep(VIEW_POLL);
        }
    });
}

/// Sends `v` if it is new; whether to stop watching (the game is over or
/// nobody listens).
fn send_view(tx: &Sender<Event>, v: Value, last: &mut Value) -> bool {
    let over = !v["result"].is_null();
    if v != *last {
        *last = v.clone();
        if tx.send(Event::View(Box::new(v))).is_err() {
            return true;
        }
    }
    over
}

/// Reads the game's WebSocket until it closes; whether to stop watching.
fn socket_views(
    client: &Client,
    path: &str,
    token: &str,
    tx: &Sender<Event>,
    last: &mut Value,
) -> Result<bool, String> {
    use tungstenite::client::IntoClientRequest;
    let rest = client.base().trim_start_matches("http://");
    let authority = rest.split('/').next().unwrap_or(rest);
    let address = if authority.contains(':') {
        authority.to_string()
    } else {
        format!("{authority}:80")
    };
    let mut req = format!("ws://{rest}{path}/ws")
        .into_client_request()
        .map_err(|e| e.to_string())?;
    let protocols = tungstenite::http::HeaderValue::from_str(&format!("deckmate, token.{token}"))
        .map_err(|e| e.to_string())?;
    req.headers_mut()
        .insert("Sec-WebSocket-Protocol", protocols);
    let stream = std::net::TcpStream::connect(&address).map_err(|e| e.to_string())?;
    // The server pings every 30 s: a socket silent for 75 s is dead.
    stream
        .set_read_timeout(Some(Duration::from_secs(75)))
        .map_err(|e| e.to_string())?;
    let mut config = tungstenite::protocol::WebSocketConfig::default();
    config.max_message_size = Some(4 << 20);
    config.max_frame_size = Some(4 << 20);
    let (mut ws, _) = tungstenite::client::client_with_config(req, stream, Some(config))
        .map_err(|e| e.to_string())?;
    loop {
        match ws.read() {
            Ok(tungstenite::Message::Text(text)) => {
                let Ok(v) = serde_json::from_str::<Value>(text.as_str()) else {
                    continue;
                };
                if send_view(tx, v, last) {
                    let _ = ws.close(None);
                    return Ok(true);
                }
            }
            Ok(tungstenite::Message::Close(_)) => return Ok(false),
            Ok(_) => {}
            Err(e) => return Err(e.to_string()),
        }
    }
}

const GAME_HELP: &str = "Type a move in the game's notation, or: moves (the legal moves), board, \
draw (offer one, or accept the other's), decline (a draw offered), resign, chat TEXT, help, quit \
(leave: the game and its clock go on on the server).";

/// What the player saw last, to tell only what changed.
#[derive(Default)]
struct Seen {
    plies: Option<u64>,
    draw_offer: Value,
    chat: usize,
    over: bool,
    lost: bool,
}

/// The game, until it ends or the player quits.
fn play(
    client: &Client,
    id: &str,
    seat_token: &str,
    style: Style,
    tx: Sender<Event>,
    rx: &Receiver<Event>,
) -> Result<ExitCode, String> {
    let seat = client.with_token(Some(seat_token.to_string()));
    let base = format!("/api/games/{}", segment(id));
    outln!("Game {id}: {}/game/{id}. {GAME_HELP}", client.base());
    watch(seat.clone(), id.to_string(), seat_token.to_string(), tx);
    let mut view = Value::Null;
    let mut seen = Seen::default();
    loop {
        match rx.recv() {
            Ok(Event::View(v)) => {
                view = *v;
                seen.lost = false;
                news(&view, &mut seen, &style);
                if seen.over {
                    outln!("Goodbye.");
                    return Ok(ExitCode::SUCCESS);
                }
            }
            Ok(Event::Lost(m)) => {
                if !seen.lost {
                    outln!("The server does not answer ({m}); trying again every second.");
                }
                seen.lost = true;
            }
            Ok(Event::Line(line)) => {
                if line == "quit" {
                    outln!("Left the game {id} (it goes on on the server). Goodbye.");
                    return Ok(ExitCode::SUCCESS);
                }
                command(&seat, &base, &line, &view, &style);
            }
            Ok(Event::End) | Err(_) => {
                outln!("End of input: left the game {id} (it goes on on the server).");
                return Ok(ExitCode::SUCCESS);
            }
        }
    }
}

/// The view's seat names (`White`, `Forehand`).
fn seat_names(view: &Value) -> [String; 2] {
    let name = |i: usize| {
        view["seats"][i]["name"]
            .as_str()
            .unwrap_or(if i == 0 { "White" } else { "Black" })
            .to_string()
    };
    [name(0), name(1)]
}

/// Prints what changed in the view: the board after a move, a draw
/// offer, new chat lines, the end.
fn news(view: &Value, seen: &mut Seen, style: &Style) {
    let names = seat_names(view);
    let you = view["you"].as_u64().map(|y| y as usize);
    if let Some(chat) = view["chat"].as_array() {
        for c in chat.iter().skip(seen.chat) {
            let by = c["seat"].as_u64().unwrap_or(0) as usize;
            if Some(by) != you {
                let player = view["seats"][by]["player"].as_str().unwrap_or("?");
                outln!(
                    "{player} ({}): {}",
                    names[by.min(1)],
                    c["text"].as_str().unwrap_or("")
                );
            }
        }
        seen.chat = chat.len();
    }
    let plies = view["plies"].as_u64();
    let over = !view["result"].is_null();
    if plies != seen.plies || over != seen.over {
        outln!("{}", screen(view, style));
        seen.plies = plies;
        seen.over = over;
    }
    if view["draw_offer"] != seen.draw_offer {
        if let Some(by) = view["draw_offer"].as_u64() {
            if Some(by as usize) == you {
                outln!("You offered a draw.");
            } else {
                outln!(
                    "{} offers a draw: type 'draw' to accept, 'decline' to decline.",
                    names[(by as usize).min(1)]
                );
            }
        }
        seen.draw_offer = view["draw_offer"].clone();
    }
}

/// Milliseconds as a clock shows them (`4:59`, `0:07.3`, `2d 3h`).
fn clock_text(ms: u64, days: bool) -> String {
    let s = ms / 1000;
    if days && s >= 86_400 {
        return format!("{}d {}h", s / 86_400, s % 86_400 / 3600);
    }
    if s >= 3600 {
        return format!("{}:{:02}:{:02}", s / 3600, s % 3600 / 60, s % 60);
    }
    if s < 10 {
        return format!("0:{:02}.{}", s, ms % 1000 / 100);
    }
    format!("{}:{:02}", s / 60, s % 60)
}

/// The screen of a view: the board as terminal play draws it, the
/// clocks, the last move and whose turn it is.
fn screen(view: &Value, style: &Style) -> String {
    let empty = Map::new();
    let map = view.as_object().unwrap_or(&empty);
    let names = seat_names(view);
    let you = view["you"].as_u64().map(|y| y as usize);
    let style = Style {
        color: style.color,
        flipped: you == Some(1),
    };
    let mut s = render::board(map, [&names[0], &names[1]], &style).unwrap_or_default();
    s.push_str(&render::table(map));
    let player = |i: usize| {
        let p = view["seats"][i]["player"].as_str().unwrap_or("?");
        let mark = if Some(i) == you { " (you)" } else { "" };
        format!("{} {p}{mark}", names[i])
    };
    if let Some(c) = view["clock"].as_object() {
        let days = c.get("correspondence_days").is_some_and(|d| !d.is_null());
        let left = |i: usize| c["remaining_ms"][i].as_u64().unwrap_or(0);
        let run = c.get("running").and_then(Value::as_u64);
        let mark = |i: usize| if run == Some(i as u64) { " *" } else { "" };
        s.push_str(&format!(
            "Clocks: {} {}{}  |  {} {}{}\n",
            player(0),
            clock_text(left(0), days),
            mark(0),
            player(1),
            clock_text(left(1), days),
            mark(1)
        ));
    } else {
        s.push_str(&format!("{} against {}\n", player(0), player(1)));
    }
    if let Some(last) = view["history"].as_array().and_then(|h| h.last()) {
        s.push_str(&format!("Last move: {}\n", last.as_str().unwrap_or("?")));
    }
    if !view["result"].is_null() {
        let r = &view["result"];
        s.push_str(&format!(
            "Game over: {} ({}).",
            r["result"].as_str().unwrap_or("*"),
            r["reason"].as_str().unwrap_or("")
        ));
        return s;
    }
    let acting: Vec<usize> = view["acting"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|a| a.as_u64().map(|a| a as usize))
        .collect();
    let prompt = view["prompt"]
        .as_str()
        .map_or(String::new(), |p| format!(" {p}"));
    if you.is_some_and(|y| acting.contains(&y)) {
        s.push_str(&format!("Your move.{prompt}"));
    } else {
        let who: Vec<&str> = acting.iter().map(|&a| names[a.min(1)].as_str()).collect();
        s.push_str(&format!("Waiting for {}.", who.join(" and ")));
    }
    s
}

/// Answers a line typed during the game.
fn command(seat: &Client, base: &str, line: &str, view: &Value, style: &Style) {
    let said = |r: Result<Value, HttpError>, done: &str| match r {
        Ok(_) => {
            if !done.is_empty() {
                outln!("{done}");
            }
        }
        Err(e) => outln!("{e}"),
    };
    let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
    match word {
        "" => {}
        "help" => outln!("{GAME_HELP}"),
        "board" => outln!("{}", screen(view, style)),
        "moves" => {
            let mut texts: Vec<&str> = view["moves"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|m| m["text"].as_str())
                .collect();
            texts.sort_unstable();
            texts.dedup();
            if texts.is_empty() {
                outln!("You have no move now.");
            } else {
                outln!("Legal moves ({}): {}", texts.len(), texts.join(" "));
            }
        }
        "draw" => {
            let theirs = view["draw_offer"]
                .as_u64()
                .is_some_and(|by| Some(by) != view["you"].as_u64());
            if theirs {
                said(
                    seat.post(&format!("{base}/draw/accept"), None),
                    "Draw accepted.",
                );
            } else {
                said(seat.post(&format!("{base}/draw"), None), "Draw offered.");
            }
        }
        "decline" => said(
            seat.post(&format!("{base}/draw/decline"), None),
            "Draw declined.",
        ),
        "resign" => said(seat.post(&format!("{base}/resign"), None), ""),
        "chat" if !rest.trim().is_empty() => said(
            seat.post(
                &format!("{base}/chat"),
                Some(&json!({ "text": rest.trim() })),
            ),
            "",
        ),
        "chat" => outln!("chat TEXT: a message to the other player"),
        _ => {
            let ply = view["plies"].as_u64().map_or(0, |p| p + 1);
            let mut body = json!({ "move": line.trim() });
            if ply > 0 {
                body["ply"] = json!(ply);
            }
            match seat.post(&format!("{base}/moves"), Some(&body)) {
                Ok(_) => {}
                Err(HttpError::Status(400, _, m)) => outln!(
                    "Illegal move {}: {}",
                    line.trim(),
                    m.trim_start_matches("the server said 400: ")
                ),
                Err(HttpError::Status(409, code, _)) if code == "not_your_turn" => {
                    outln!("It is not your turn.")
                }
                Err(e) => outln!("{e}"),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seek_is_read_from_words() {
        let w = |s: &str| s.split_whitespace().map(str::to_string).collect::<Vec<_>>();
        assert_eq!(
            seek_request(&w("cuarenta 5+3 white")),
            Ok(
                json!({"variant": "cuarenta", "seat": "white", "time_control": {"initial_s": 300, "increment_s": 3}})
            )
        );
        assert_eq!(
            seek_request(&w("cardmate 3d")),
            Ok(json!({"variant": "cardmate", "seat": "random", "time_control": {"days": 3}}))
        );
        assert!(seek_request(&[]).is_err());
        assert!(seek_request(&w("cuarenta x+3")).is_err());
    }

    #[test]
    fn clocks_read_as_clocks() {
        assert_eq!(clock_text(299_000, false), "4:59");
        assert_eq!(clock_text(7_300, false), "0:07.3");
        assert_eq!(clock_text(3_723_000, false), "1:02:03");
        assert_eq!(clock_text(2 * 86_400_000 + 3 * 3_600_000, true), "2d 3h");
        assert_eq!(
            clock_words(&json!({"initial_s": 300, "increment_s": 3})),
            "5+3"
        );
        assert_eq!(clock_words(&json!({"days": 2})), "2 days a move");
    }

    #[test]
    fn a_view_draws_clocks_turn_and_end() {
        let v = json!({
            "seats": [{"name": "White", "player": "Ann"}, {"name": "Black", "player": "Bob"}],
            "you": 1, "acting": [0], "plies": 0, "history": [],
            "clock": {"remaining_ms": [60_000, 59_000], "running": 0, "correspondence_days": null},
        });
        let s = screen(&v, &Style::plain());
        assert!(
            s.contains("Clocks: White Ann 1:00 *  |  Black Bob (you) 0:59"),
            "{s}"
        );
        assert!(s.ends_with("Waiting for White."), "{s}");
        let mut over = v.clone();
        over["result"] = json!({"result": "1-0", "reason": "Black resigned"});
        assert!(screen(&over, &Style::plain()).ends_with("Game over: 1-0 (Black resigned)."));
    }
}
