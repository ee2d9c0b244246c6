//! An outside UCI engine run as a process (`sh -c CMD`): started and
//! asked for its options, positions and searches sent, its best move read
//! with a deadline (a silent or dead engine never hangs the match).

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// How long an engine may take to start (`uciok`) or to be ready.
pub const START_TIME: Duration = Duration::from_secs(20);

/// An engine's score, for the side it moved for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineScore {
    /// Hundredths of a pawn.
    Cp(i32),
    /// Mate in so many moves (negative: mated).
    Mate(i32),
}

impl EngineScore {
    /// Whether the score says the side is lost by at least `cp`.
    pub fn lost_by(&self, cp: i32) -> bool {
        match *self {
            EngineScore::Cp(c) => c <= -cp,
            EngineScore::Mate(m) => m < 0,
        }
    }
}

/// Why a search gave no move.
#[derive(Debug)]
pub enum SearchFailure {
    /// No `bestmove` before the deadline.
    Timeout,
    /// The engine's process ended or closed its output.
    Died,
}

/// An engine being run.
pub struct UciClient {
    /// The engine's name (`id name`), or its command.
    pub name: String,
    /// The variants its `UCI_Variant` offers (none: chess only).
    pub variants: Vec<String>,
    /// Its options' names.
    pub options: Vec<String>,
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
}

impl UciClient {
    /// Starts `command` through `sh -c` and waits for `uciok`.
    pub fn start(command: &str) -> Result<UciClient, String> {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(format!("exec {command}"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start '{command}': {e}"))?;
        let input = child.stdin.take().ok_or("no input pipe")?;
        let out = child.stdout.take().ok_or("no output pipe")?;
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(out).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut c = UciClient {
            name: command.to_string(),
            variants: Vec::new(),
            options: Vec::new(),
            child,
            input,
            lines: rx,
        };
        c.send("uci")?;
        let deadline = Instant::now() + START_TIME;
        loop {
            let line = c
                .next_line(deadline)
                .map_err(|_| format!("'{command}' did not answer 'uci' with 'uciok'"))?;
            if let Some(n) = line.strip_prefix("id name ") {
                c.name = n.trim().to_string();
            } else if let Some(o) = line.strip_prefix("option name ") {
                let name = o.split(" type ").next().unwrap_or("").trim().to_string();
                if name == "UCI_Variant" {
                    c.variants = o
                        .split(" var ")
                        .skip(1)
                        .map(|v| v.trim().to_string())
                        .collect();
                }
                c.options.push(name);
            } else if line.trim() == "uciok" {
                break;
            }
        }
        Ok(c)
    }

    /// Whether it plays the variant `key` (an engine without
    /// `UCI_Variant` plays chess).
    pub fn plays(&self, key: &str) -> bool {
        if self.variants.is_empty() {
            key == "chess"
        } else {
            self.variants.iter().any(|v| v == key)
        }
    }

    /// Writes a line.
    pub fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.input, "{line}")
            .and_then(|()| self.input.flush())
            .map_err(|e| format!("{}: cannot write to it: {e}", self.name))
    }

    fn next_line(&mut self, deadline: Instant) -> Result<String, SearchFailure> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(l) => Ok(l),
            Err(RecvTimeoutError::Timeout) => Err(SearchFailure::Timeout),
            Err(RecvTimeoutError::Disconnected) => Err(SearchFailure::Died),
        }
    }

    /// Sets an option.
    pub fn set_option(&mut self, name: &str, value: &str) -> Result<(), String> {
        self.send(&format!("setoption name {name} value {value}"))
    }

    /// Sends `isready` and waits for `readyok`.
    pub fn ready(&mut self) -> Result<(), String> {
        self.send("isready")?;
        let deadline = Instant::now() + START_TIME;
        loop {
            match self.next_line(deadline) {
                Ok(l) if l.trim() == "readyok" => return Ok(()),
                Ok(_) => {}
                Err(_) => return Err(format!("{}: no 'readyok'", self.name)),
            }
        }
    }

    /// Sends `position ...` and `go ...`, and reads up to `bestmove`
    /// within `deadline`: the move and the last score the engine gave.
    pub fn search(
        &mut self,
        position: &str,
        go: &str,
        deadline: Duration,
    ) -> Result<(String, Option<EngineScore>), SearchFailure> {
        self.send(position).map_err(|_| SearchFailure::Died)?;
        self.send(go).map_err(|_| SearchFailure::Died)?;
        let until = Instant::now() + deadline;
        let mut score = None;
        loop {
            let line = self.next_line(until)?;
            let words: Vec<&str> = line.split_whitespace().collect();
            match words.first() {
                Some(&"bestmove") => {
                    let m = words.get(1).copied().unwrap_or("(none)").to_string();
                    return Ok((m, score));
                }
                Some(&"info") => {
                    if let Some(i) = words.iter().position(|&w| w == "score") {
                        let v = words.get(i + 2).and_then(|v| v.parse::<i32>().ok());
                        score = match (words.get(i + 1), v) {
                            (Some(&"cp"), Some(v)) => Some(EngineScore::Cp(v)),
                            (Some(&"mate"), Some(v)) => Some(EngineScore::Mate(v)),
                            _ => score,
                        };
                    }
                }
                _ => {}
            }
        }
    }

    /// A late search's `bestmove` is read and dropped after `stop`, so the
    /// next search starts clean (at most a second waited).
    pub fn settle(&mut self) {
        let _ = self.send("stop");
        let deadline = Instant::now() + Duration::from_secs(1);
        while let Ok(l) = self.next_line(deadline) {
            if l.starts_with("bestmove") {
                break;
            }
        }
    }
}

impl Drop for UciClient {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let deadline = Instant::now() + Duration::from_secs(2);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
