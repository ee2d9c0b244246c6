//! What the server's measuring programs share: starting the release server
//! on a free loopback port with a fresh database, raw HTTP/1.1 requests,
//! the server's memory and threads from `/proc`, percentiles, the log;
//! and a request to the router in the same process ([`call`]).
//!
//! Every server program uses some of these; not every one uses them all.

#![allow(dead_code)]

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// The longest one request may take before it counts as failed (status 0).
pub const REQUEST_LIMIT: Duration = Duration::from_secs(30);

/// An answer: status (0 when there was none: refused, cut, timed out),
/// the head (status line and headers), the body as JSON (`Null` when it
/// is not JSON) and how long it took from connecting to the last byte.
#[derive(Debug, Clone)]
pub struct Resp {
    /// The status code (0: no answer).
    pub status: u16,
    /// The status line and headers.
    pub head: String,
    /// The body as JSON (`Null` when it is not JSON).
    pub body: Value,
    /// From connecting to the last byte.
    pub elapsed: Duration,
}

impl Resp {
    /// A header's value (case-insensitive name).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.head.lines().skip(1).find_map(|l| {
            let (k, v) = l.split_once(':')?;
            k.trim().eq_ignore_ascii_case(name).then_some(v.trim())
        })
    }
}

/// One request on a fresh connection (`Connection: close`), JSON body.
pub async fn http(
    addr: &str,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<&Value>,
) -> Resp {
    let t = Instant::now();
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let auth = token
        .map(|t| format!("Authorization: Bearer {t}\r\n"))
        .unwrap_or_default();
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n{auth}Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    let exchange = async {
        let mut s = TcpStream::connect(addr).await?;
        s.write_all(req.as_bytes()).await?;
        let mut buf = Vec::new();
        s.read_to_end(&mut buf).await?;
        Ok::<_, std::io::Error>(buf)
    };
    let buf = match tokio::time::timeout(REQUEST_LIMIT, exchange).await {
        Ok(Ok(b)) => b,
        _ => Vec::new(),
    };
    let text = String::from_utf8_lossy(&buf);
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    Resp {
        status,
        head: head.to_string(),
        body: serde_json::from_str(body).unwrap_or(Value::Null),
        elapsed: t.elapsed(),
    }
}

/// A process's memory and threads, from `/proc/PID/status` (zeros once it
/// is gone).
#[derive(Debug, Clone, Copy, Default)]
pub struct ProcStatus {
    /// Resident set now (KB).
    pub rss_kb: u64,
    /// The largest resident set so far (KB).
    pub hwm_kb: u64,
    /// Threads now.
    pub threads: u64,
}

/// A process's memory and threads now, from `/proc/PID/status` (zeros
/// when it cannot be read).
pub fn proc_status(pid: u32) -> ProcStatus {
    let text = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let field = |name: &str| {
        text.lines()
            .find(|l| l.starts_with(name))
            .and_then(|l| l.split_whitespace().nth(1).and_then(|n| n.parse().ok()))
            .unwrap_or(0)
    };
    ProcStatus {
        rss_kb: field("VmRSS:"),
        hwm_kb: field("VmHWM:"),
        threads: field("Threads:"),
    }
}

/// The CPU time a process has used so far (user and system), in
/// seconds, from `/proc/PID/stat` (0 when it cannot be read).
pub fn cpu_s(pid: u32) -> f64 {
    let text = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // Fields after the command (which may hold spaces) in its parentheses.
    let Some(rest) = text.rsplit_once(')').map(|(_, r)| r) else {
        return 0.0;
    };
    let f: Vec<&str> = rest.split_whitespace().collect();
    // utime and stime are fields 14 and 15 of the line, 12 and 13 here.
    let ticks = |i: usize| f.get(i).and_then(|t| t.parse::<u64>().ok()).unwrap_or(0);
    (ticks(11) + ticks(12)) as f64 / CLOCK_TICKS
}

/// The kernel's clock ticks a second for `/proc` times (`getconf CLK_TCK`;
/// 100 on Linux everywhere in practice).
const CLOCK_TICKS: f64 = 100.0;

/// The CPU time (seconds) used so far by every live process whose command
/// is `name` (for example the PostgreSQL backends: "postgres").
pub fn cpu_of_all(name: &str) -> f64 {
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return 0.0;
    };
    dir.filter_map(Result::ok)
        .filter_map(|e| e.file_name().to_str()?.parse::<u32>().ok())
        .filter(|pid| {
            std::fs::read_to_string(format!("/proc/{pid}/comm")).is_ok_and(|c| c.trim() == name)
        })
        .map(cpu_s)
        .sum()
}

/// The resident set of a process now (KB).
pub fn rss_kb(pid: u32) -> u64 {
    proc_status(pid).rss_kb
}

/// The server under test: `deckmate serve` on a free loopback port with a
/// fresh database in a directory of its own, its log (stderr) in a file
/// there. Killed, and the directory removed, when dropped.
pub struct Server {
    child: Child,
    /// `127.0.0.1:PORT`.
    pub addr: String,
    /// The server's process id.
    pub pid: u32,
    /// The database file.
    pub db: PathBuf,
    /// The server's stderr.
    pub log: PathBuf,
    dir: PathBuf,
}

/// The server binary: `$DECKMATE_BIN`, or the workspace's
/// `target/release/deckmate`.
pub fn server_bin() -> PathBuf {
    match std::env::var_os("DECKMATE_BIN") {
        Some(b) => PathBuf::from(b),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/release/deckmate"),
    }
}

/// Whether `deckmate serve` of the binary knows a flag (older builds lack
/// some).
pub fn serve_has_flag(flag: &str) -> bool {
    Command::new(server_bin())
        .args(["serve", "--help"])
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).contains(flag))
        .unwrap_or(false)
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free loopback port")
}

impl Server {
    /// Starts `deckmate serve --addr ... --db ... ARGS` and waits (up to
    /// 20 s) until it accepts connections.
    pub async fn start(name: &str, args: &[&str]) -> Server {
        Server::start_on(name, None, args).await
    }

    /// [`Server::start`] on the database `db` (an SQLite file or a
    /// PostgreSQL URL, shared by several servers), or a fresh SQLite file
    /// when `None`.
    pub async fn start_on(name: &str, db_url: Option<&str>, args: &[&str]) -> Server {
        let dir = std::env::temp_dir().join(format!("deckmate-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("temp dir");
        let db = dir.join("deckmate.db");
        let log = dir.join("server.log");
        let addr = format!("127.0.0.1:{}", free_port());
        let bin = server_bin();
        let child = Command::new(&bin)
            .args(["serve", "--addr", &addr, "--db"])
            .arg(db_url.map_or(db.as_os_str(), std::ffi::OsStr::new))
            .args(args)
            .stdout(Stdio::null())
            .stderr(std::fs::File::create(&log).expect("log file"))
            .spawn()
            .unwrap_or_else(|e| {
                panic!(
                    "cannot start {} ({e}): cargo build --release -p deckmate first",
                    bin.display()
                )
            });
        let pid = child.id();
        let mut server = Server {
            child,
            addr,
            pid,
            db,
            log,
            dir,
        };
        let t = Instant::now();
        loop {
            if let Ok(Some(st)) = server.child.try_wait() {
                panic!(
                    "the server exited at start ({st}):\n{}",
                    server.log_lines().join("\n")
                );
            }
            if TcpStream::connect(&server.addr).await.is_ok() {
                break;
            }
            assert!(
                t.elapsed() < Duration::from_secs(20),
                "the server did not listen within 20 s"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        server
    }

    /// Whether it is still running.
    pub fn alive(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// Kills it (SIGKILL: no graceful shutdown) and waits for it.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// The lines it logged so far.
    pub fn log_lines(&self) -> Vec<String> {
        std::fs::read_to_string(&self.log)
            .unwrap_or_default()
            .lines()
            .map(str::to_string)
            .collect()
    }

    /// Prints a summary of its log: each kind of line once (ids and
    /// numbers aside), how often, its first and its last.
    pub fn print_log_summary(&self) {
        let lines = self.log_lines();
        println!("server log: {} lines", lines.len());
        let mut kinds: Vec<(String, usize, String, String)> = Vec::new();
        for l in &lines {
            let k = shape(l);
            match kinds.iter_mut().find(|e| e.0 == k) {
                Some(e) => {
                    e.1 += 1;
                    e.3.clone_from(l);
                }
                None => kinds.push((k, 1, l.clone(), l.clone())),
            }
        }
        for (_, n, first, last) in kinds.iter().take(15) {
            println!("  {n:>5} x {first}");
            if n > &1 {
                println!("          last: {last}");
            }
        }
        if kinds.len() > 15 {
            println!("  ... and {} more kinds of line", kinds.len() - 15);
        }
    }
}

/// A log line with its hex ids and numbers made `#`, to group lines.
fn shape(line: &str) -> String {
    line.split_inclusive(|c: char| !c.is_ascii_alphanumeric() && c != '.')
        .map(|w| {
            let core = w.trim_end_matches(|c: char| !c.is_ascii_alphanumeric() && c != '.');
            let is_id = core.len() >= 8 && core.chars().all(|c| c.is_ascii_hexdigit());
            let is_num = !core.is_empty() && core.chars().all(|c| c.is_ascii_digit() || c == '.');
            if is_id || is_num {
                format!("#{}", &w[core.len()..])
            } else {
                w.to_string()
            }
        })
        .collect()
}

impl Drop for Server {
    fn drop(&mut self) {
        self.kill();
        if std::env::var_os("DECKMATE_KEEP").is_none() {
            let _ = std::fs::remove_dir_all(&self.dir);
        } else {
            println!("kept {}", self.dir.display());
        }
    }
}

/// The value at fraction `p` of sorted durations (zero when none).
pub fn pct(sorted: &[Duration], p: f64) -> Duration {
    sorted
        .get(((sorted.len() as f64 * p) as usize).min(sorted.len().saturating_sub(1)))
        .copied()
        .unwrap_or_default()
}

/// Milliseconds.
pub fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// "n N, p50 X ms, p99 Y ms, max Z ms" of some durations (sorts them).
pub fn spread(v: &mut [Duration]) -> String {
    v.sort();
    format!(
        "n {}, p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        v.len(),
        ms(pct(v, 0.5)),
        ms(pct(v, 0.99)),
        ms(v.last().copied().unwrap_or_default())
    )
}

/// MiB of a figure in KiB (what /proc calls kB).
pub fn mb(kb: u64) -> f64 {
    kb as f64 / 1024.0
}

/// Calls the router in this process as a client would (no socket): the
/// status and the body as JSON (`Null` when it is not JSON).
pub async fn call(
    state: &deckmate_server::AppState,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<Value>,
) -> (axum::http::StatusCode, Value) {
    use http_body_util::BodyExt;
    use tower::ServiceExt;
    let mut req = axum::http::Request::builder().method(method).uri(path);
    if let Some(t) = token {
        req = req.header("Authorization", format!("Bearer {t}"));
    }
    let body = match body {
        Some(b) => {
            req = req.header("Content-Type", "application/json");
            axum::body::Body::from(b.to_string())
        }
        None => axum::body::Body::empty(),
    };
    let resp = deckmate_server::app(state.clone())
        .oneshot(req.body(body).expect("a request"))
        .await
        .expect("the router answers");
    let status = resp.status();
    let bytes = resp
        .into_body()
        .collect()
        .await
        .map(|b| b.to_bytes())
        .unwrap_or_default();
    (
        status,
        serde_json::from_slice(&bytes).unwrap_or(Value::Null),
    )
}

/// A player of random legal moves through the router, its choices drawn
/// from a seed (the measuring programs' opponent for the engine).
pub struct RandomMover(u64);

impl RandomMover {
    /// A mover whose choices come from `seed`.
    pub fn new(seed: u64) -> RandomMover {
        RandomMover(
            seed.wrapping_mul(2_862_933_555_777_941_757)
                .wrapping_add(3_037_000_493),
        )
    }

    /// Plays one of the legal moves of view `v` (the view of game `id`
    /// for the seat of `token`), with its ply: the router's status and
    /// answer, or `None` when the view offers no move.
    pub async fn play(
        &mut self,
        state: &deckmate_server::AppState,
        id: &str,
        token: &str,
        v: &Value,
    ) -> Option<(axum::http::StatusCode, Value)> {
        let legal = v["moves"].as_array().filter(|m| !m.is_empty())?;
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let mv = legal[(self.0 >> 33) as usize % legal.len()]["text"]
            .as_str()
            .unwrap_or("")
            .to_string();
        let ply = v["plies"].as_u64().unwrap_or(0) + 1;
        let body = serde_json::json!({"move": mv, "ply": ply});
        let path = format!("/api/games/{id}/moves");
        Some(call(state, "POST", &path, Some(token), Some(body)).await)
    }
}
