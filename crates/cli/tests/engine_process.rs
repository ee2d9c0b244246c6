//! A protocol engine run as a process by the tests (`deckmate uci`,
//! `deckmate xboard`): lines written to its input, its output read on a
//! thread, waited for with a generous guard (never a tight timeout).

#![allow(clippy::unwrap_used, clippy::expect_used, dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin};
use std::sync::mpsc::{channel, Receiver};
use std::time::Duration;

/// How long a test waits for a line that must come.
pub const PATIENCE: Duration = Duration::from_secs(120);

/// An engine process.
pub struct EngineProcess {
    child: Child,
    input: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Every line read so far.
    pub seen: Vec<String>,
}

impl EngineProcess {
    /// Starts `deckmate` with `args`.
    pub fn start(args: &[&str]) -> Self {
        let mut child = crate::common::spawn(args);
        let input = child.stdin.take().unwrap();
        let out = child.stdout.take().unwrap();
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(out).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        EngineProcess {
            child,
            input: Some(input),
            lines: rx,
            seen: Vec::new(),
        }
    }

    /// Writes a line.
    pub fn send(&mut self, line: &str) {
        let input = self.input.as_mut().unwrap();
        writeln!(input, "{line}").unwrap();
        input.flush().unwrap();
    }

    /// Reads lines up to one that `until` accepts; the lines read, it last.
    pub fn read_until(&mut self, until: impl Fn(&str) -> bool) -> Vec<String> {
        let mut got = Vec::new();
        loop {
            let line = self
                .lines
                .recv_timeout(PATIENCE)
                .unwrap_or_else(|_| panic!("no answer; read so far: {:?}", self.seen));
            self.seen.push(line.clone());
            got.push(line.clone());
            if until(&line) {
                return got;
            }
        }
    }

    /// Reads lines up to one that starts with `prefix`: that line.
    pub fn expect(&mut self, prefix: &str) -> String {
        self.read_until(|l| l.starts_with(prefix)).pop().unwrap()
    }

    /// Closes the input and waits for the end: its status.
    pub fn finish(mut self) -> std::process::ExitStatus {
        drop(self.input.take());
        let status = self.child.wait().unwrap();
        while let Ok(l) = self.lines.recv_timeout(Duration::from_secs(5)) {
            self.seen.push(l);
        }
        status
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Whether an outside program a test needs is there; without it the test
/// prints why and passes, unless `CI=true`, where it must be there.
pub fn needed(what: &str, present: bool) -> bool {
    if present {
        return true;
    }
    if std::env::var("CI").is_ok_and(|v| v == "true") {
        panic!("{what} is missing, and CI=true needs it (.ci/run installs it)");
    }
    println!("skipped: {what} is missing (CI=true makes this a failure)");
    false
}
