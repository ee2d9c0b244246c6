//! The HTTP client of the online commands (`deckmate bot`, `deckmate play
//! --server`): JSON requests to a deckmate server and its long-lived
//! newline-delimited JSON streams, over [`ureq`] (plain `http://` only: no
//! TLS stack is built in; put a TLS-terminating proxy in front, or use a
//! local address).
//!
//! Errors are sentences for people: a refused token (401) says so, a
//! server that does not answer deckmate's JSON says it is not deckmate.

use percent_encoding::{utf8_percent_encode, AsciiSet, NON_ALPHANUMERIC};
use serde_json::Value;
use std::io::{BufRead, BufReader, Read};
use std::time::Duration;

/// The longest line a stream may send (64 KiB): a longer one is an error,
/// never kept whole in memory.
pub const STREAM_LINE_MAX: usize = 64 * 1024;

/// The largest JSON answer read (4 MiB).
const BODY_MAX: u64 = 4 << 20;

/// How long a stream may stay silent before it is taken for dead: the
/// server sends an empty line every 5 s.
const STREAM_SILENCE: Duration = Duration::from_secs(20);

/// What a request to the server may end in.
#[derive(Debug)]
pub enum HttpError {
    /// The server could not be reached, or the connection broke: worth
    /// trying again later.
    Network(String),
    /// The server answered with an error status: the status, deckmate's
    /// stable `code` (if any) and the sentence to show.
    Status(u16, String, String),
    /// The answer was not what a deckmate server sends.
    NotDeckmate(String),
}

impl HttpError {
    /// Whether trying again later may help (a network failure, a server
    /// busy or restarting).
    pub fn transient(&self) -> bool {
        match self {
            HttpError::Network(_) => true,
            HttpError::Status(s, _, _) => matches!(s, 408 | 429 | 500..=599),
            HttpError::NotDeckmate(_) => false,
        }
    }
}

impl std::fmt::Display for HttpError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            HttpError::Network(m) => write!(f, "cannot reach the server: {m}"),
            HttpError::Status(_, _, m) => f.write_str(m),
            HttpError::NotDeckmate(m) => {
                write!(f, "this does not look like a deckmate server: {m}")
            }
        }
    }
}

/// What may stand in a path segment as it is: the rest is percent-encoded
/// (a move's `+`, `#`, `=`, `/`, `@`, spaces...).
const SEGMENT: &AsciiSet = &NON_ALPHANUMERIC.remove(b'-').remove(b'_').remove(b'.');

/// `text` made safe as one segment of a URL's path.
pub fn segment(text: &str) -> String {
    utf8_percent_encode(text, SEGMENT).to_string()
}

/// A deckmate server and the credential sent with every request.
#[derive(Clone)]
pub struct Client {
    base: String,
    /// `Authorization: Bearer ...` (a personal API token or a seat's token).
    token: Option<String>,
    calls: ureq::Agent,
    streams: ureq::Agent,
}

impl Client {
    /// A client of the server at `base` (`http://host:port`, a trailing
    /// `/` allowed), sending `token` if given.
    pub fn new(base: &str, token: Option<String>) -> Result<Client, String> {
        let base = base.trim().trim_end_matches('/').to_string();
        if base.starts_with("https://") {
            return Err(format!(
                "{base}: https is not supported by this build (plain http only); reach the \
                 server by http, e.g. through a local port or a TLS-terminating proxy"
            ));
        }
        if !base.starts_with("http://") || base.len() <= "http://".len() {
            return Err(format!(
                "'{base}' is not a server's address: give one such as http://127.0.0.1:8080"
            ));
        }
        let agent = |read: Option<Duration>, global: Option<Duration>| -> ureq::Agent {
            ureq::Agent::config_builder()
                .http_status_as_error(false)
                .timeout_connect(Some(Duration::from_secs(10)))
                .timeout_per_read(read)
                .timeout_global(global)
                // The server closes a connection idle for 10 s: never
                // reuse one near that age.
                .max_idle_age(Duration::from_secs(4))
                .user_agent(concat!("deckmate/", env!("CARGO_PKG_VERSION")))
                .build()
                .into()
        };
        Ok(Client {
            base,
            token,
            calls: agent(None, Some(Duration::from_secs(30))),
            streams: agent(Some(STREAM_SILENCE), None),
        })
    }

    /// The same server with another credential.
    pub fn with_token(&self, token: Option<String>) -> Client {
        Client {
            token,
            ..self.clone()
        }
    }

    /// The server's address as given.
    pub fn base(&self) -> &str {
        &self.base
    }

    fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    fn bearer(&self) -> Option<String> {
        self.token.as_ref().map(|t| format!("Bearer {t}"))
    }

    /// `GET path`, its JSON answer.
    pub fn get(&self, path: &str) -> Result<Value, HttpError> {
        let mut req = self.calls.get(self.url(path));
        if let Some(b) = self.bearer() {
            req = req.header("Authorization", b);
        }
        answer(req.call())
    }

    /// `POST path` with `body` as JSON (none: an empty body), its JSON
    /// answer.
    pub fn post(&self, path: &str, body: Option<&Value>) -> Result<Value, HttpError> {
        let mut req = self.calls.post(self.url(path));
        if let Some(b) = self.bearer() {
            req = req.header("Authorization", b);
        }
        let sent = match body {
            Some(v) => req
                .header("Content-Type", "application/json")
                .send(v.to_string()),
            None => req.send_empty(),
        };
        answer(sent)
    }

    /// `DELETE path`, its JSON answer.
    pub fn delete(&self, path: &str) -> Result<Value, HttpError> {
        let mut req = self.calls.delete(self.url(path));
        if let Some(b) = self.bearer() {
            req = req.header("Authorization", b);
        }
        answer(req.call())
    }

    /// `GET path` as a newline-delimited JSON stream.
    pub fn stream(&self, path: &str) -> Result<Lines, HttpError> {
        let mut req = self.streams.get(self.url(path));
        if let Some(b) = self.bearer() {
            req = req.header("Authorization", b);
        }
        let resp = req.call().map_err(network)?;
        let status = resp.status().as_u16();
        if status != 200 {
            return Err(status_error(status, resp));
        }
        let kind = content_type(&resp);
        if !kind.starts_with("application/x-ndjson") {
            return Err(HttpError::NotDeckmate(format!(
                "{path} answered {kind}, not a stream of JSON lines"
            )));
        }
        let reader = resp.into_body().into_reader();
        Ok(Lines {
            reader: BufReader::new(Box::new(reader)),
        })
    }
}

fn content_type(resp: &ureq::http::Response<ureq::Body>) -> String {
    resp.headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_ascii_lowercase()
}

fn network(e: ureq::Error) -> HttpError {
    HttpError::Network(e.to_string())
}

/// The error of an answer with status `status`, from deckmate's
/// `{"error", "code"}` when it is one.
fn status_error(status: u16, resp: ureq::http::Response<ureq::Body>) -> HttpError {
    let json = content_type(&resp).starts_with("application/json");
    let body: Option<Value> = if json {
        resp.into_body()
            .with_config()
            .limit(BODY_MAX)
            .read_json()
            .ok()
    } else {
        None
    };
    let said = body
        .as_ref()
        .and_then(|v| v.get("error"))
        .and_then(Value::as_str)
        .map(str::to_string);
    let code = body
        .as_ref()
        .and_then(|v| v.get("code"))
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_string();
    let message = match (status, said) {
        (401, Some(m)) => format!("the token was refused (401: {m})"),
        (401, None) => "the token was refused (401)".to_string(),
        (404, None) => {
            return HttpError::NotDeckmate(
                "404 without deckmate's JSON error: is the address a deckmate server's?"
                    .to_string(),
            )
        }
        (s, Some(m)) => format!("the server said {s}: {m}"),
        (s, None) => format!("the server answered {s}"),
    };
    HttpError::Status(status, code, message)
}

fn answer(sent: Result<ureq::http::Response<ureq::Body>, ureq::Error>) -> Result<Value, HttpError> {
    let resp = sent.map_err(network)?;
    let status = resp.status().as_u16();
    if !(200..300).contains(&status) {
        return Err(status_error(status, resp));
    }
    if !content_type(&resp).starts_with("application/json") {
        return Err(HttpError::NotDeckmate(format!(
            "the answer is {}, not JSON",
            content_type(&resp)
        )));
    }
    resp.into_body()
        .with_config()
        .limit(BODY_MAX)
        .read_json()
        .map_err(|e| HttpError::NotDeckmate(format!("its JSON could not be read: {e}")))
}

/// A stream's lines, each read with at most [`STREAM_LINE_MAX`] bytes kept.
pub struct Lines {
    reader: BufReader<Box<dyn Read + Send>>,
}

/// One item of a stream.
#[derive(Debug)]
pub enum Item {
    /// A JSON value.
    Json(Value),
    /// An empty line (the server's keep-alive).
    KeepAlive,
    /// A line that is not JSON, or too long: skipped.
    Bad(String),
}

impl Lines {
    /// The next item, or `None` at the stream's end; an error when the
    /// connection broke or fell silent.
    pub fn next_item(&mut self) -> Result<Option<Item>, HttpError> {
        let mut bytes = Vec::new();
        let mut too_long = false;
        loop {
            let buf = match self.reader.fill_buf() {
                Ok(b) => b,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(HttpError::Network(e.to_string())),
            };
            if buf.is_empty() {
                if bytes.is_empty() && !too_long {
                    return Ok(None);
                }
                break;
            }
            let end = buf.iter().position(|&b| b == b'\n');
            let chunk = &buf[..end.map_or(buf.len(), |i| i + 1)];
            if bytes.len() + chunk.len() > STREAM_LINE_MAX {
                too_long = true;
                bytes = Vec::new();
            } else if !too_long {
                bytes.extend_from_slice(chunk);
            }
            let used = chunk.len();
            self.reader.consume(used);
            if end.is_some() {
                break;
            }
        }
        if too_long {
            return Ok(Some(Item::Bad(format!(
                "a line over {STREAM_LINE_MAX} bytes"
            ))));
        }
        let text = String::from_utf8_lossy(&bytes);
        let text = text.trim();
        if text.is_empty() {
            return Ok(Some(Item::KeepAlive));
        }
        Ok(Some(match serde_json::from_str::<Value>(text) {
            Ok(v) => Item::Json(v),
            Err(e) => Item::Bad(format!("not JSON: {e}")),
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_is_one_path_segment() {
        assert_eq!(segment("Fa4"), "Fa4");
        assert_eq!(segment("Pd7=C"), "Pd7%3DC");
        assert_eq!(segment("(wR)yB"), "%28wR%29yB");
        assert_eq!(segment("Nd3@c7+"), "Nd3%40c7%2B");
        assert_eq!(segment("a/b c#"), "a%2Fb%20c%23");
    }

    #[test]
    fn addresses_are_checked() {
        assert!(Client::new("https://x", None).is_err());
        assert!(Client::new("x:80", None).is_err());
        assert!(Client::new("http://", None).is_err());
        let c = Client::new("http://127.0.0.1:1/", None).expect("an address");
        assert_eq!(c.base(), "http://127.0.0.1:1");
    }

    fn lines_of(text: &[u8]) -> Lines {
        Lines {
            reader: BufReader::new(Box::new(std::io::Cursor::new(text.to_vec()))),
        }
    }

    #[test]
    fn stream_lines_keep_alives_bad_lines_and_the_cap() {
        let mut long = vec![b'x'; STREAM_LINE_MAX + 10];
        long.push(b'\n');
        let mut text = b"{\"type\":\"a\"}\n\n{oops\n".to_vec();
        text.extend_from_slice(&long);
        text.extend_from_slice(b"{\"type\":\"b\"}");
        let mut l = lines_of(&text);
        assert!(matches!(l.next_item(), Ok(Some(Item::Json(v))) if v["type"] == "a"));
        assert!(matches!(l.next_item(), Ok(Some(Item::KeepAlive))));
        assert!(matches!(l.next_item(), Ok(Some(Item::Bad(_)))));
        assert!(matches!(l.next_item(), Ok(Some(Item::Bad(m))) if m.contains("over")));
        assert!(matches!(l.next_item(), Ok(Some(Item::Json(v))) if v["type"] == "b"));
        assert!(matches!(l.next_item(), Ok(None)));
    }
}
