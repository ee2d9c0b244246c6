//! What the command-line tests share: running the binary as a user would.

#![allow(clippy::unwrap_used, dead_code)]

use std::io::Write;
use std::process::{Child, Command, Output, Stdio};

/// Starts `deckmate` with `args` (colours off), every stream piped.
pub fn spawn(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_deckmate"))
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// A child process killed and waited for when the guard is dropped: at
/// the end of a test, and also when it fails, so that no server started
/// by a test outlives it. It derefs to the [`Child`].
pub struct KillOnDrop(pub Child);

impl std::ops::Deref for KillOnDrop {
    type Target = Child;
    fn deref(&self) -> &Child {
        &self.0
    }
}

impl std::ops::DerefMut for KillOnDrop {
    fn deref_mut(&mut self) -> &mut Child {
        &mut self.0
    }
}

impl Drop for KillOnDrop {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Runs `deckmate` with `args` (colours off), feeding `stdin` if given.
pub fn deckmate(args: &[&str], stdin: Option<&str>) -> Output {
    let mut child = spawn(args);
    if let Some(input) = stdin {
        // The program may stop reading early (quit): a broken pipe is fine.
        let _ = child.stdin.as_mut().unwrap().write_all(input.as_bytes());
    }
    drop(child.stdin.take());
    child.wait_with_output().unwrap()
}

/// Runs `deckmate` with `args` (colours off), feeding `stdin` as bytes
/// (which need not be UTF-8).
pub fn deckmate_bytes(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = spawn(args);
    // Fed from a thread: a program that answers much to much input fills
    // its output pipe while this one still writes.
    let mut input = child.stdin.take().unwrap();
    let bytes = stdin.to_vec();
    let feeder = std::thread::spawn(move || {
        let _ = input.write_all(&bytes);
    });
    let out = child.wait_with_output().unwrap();
    let _ = feeder.join();
    out
}

/// A fresh folder of a test's own under the system's temporary folder
/// (`deckmate-cli-{tag}-` and a random part in its name), removed with
/// everything in it when the guard is dropped: at the end of the test, and
/// also when it fails. Keep it in a named variable (`_` drops it at once).
pub fn temp_dir(tag: &str) -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix(&format!("deckmate-cli-{tag}-"))
        .tempdir()
        .unwrap()
}
