//! The values file of Chess Cards' exact solver (`deckmate solve
//! chess-cards --values FILE`): every
//! deal solved so far, one line each, so that a long run (all 184,756
//! deals take hours) can be stopped and taken up again, and its summary
//! printed from the file at any time.
//!
//! ```text
//! # deckmate chess-cards deal values: all net
//! 0 -24 0
//! 1 20 0
//! ```
//!
//! The header names the deals (`all`, or `seeded S` for seeds from S) and
//! how sacrifices count; each line is the deal's index in that order, the
//! first game's value (the dealer's score minus the other's) and the
//! match's value for the first dealer.
//!
//! A run appends its deals as they are solved (threads finish them in no
//! fixed order) and, when it ends, writes the file again in the deals'
//! order ([`ValuesFile::finish`]): two runs over the same deals leave the
//! same file, byte for byte.

use super::engine::deals::Deals;
use super::SacrificeCount;
use std::collections::HashMap;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::Path;
use std::sync::Mutex;

const MAGIC: &str = "# deckmate chess-cards deal values:";

/// Deals' values by index: the first game's and the match's.
pub type Known = HashMap<u64, (i32, i32)>;

/// The header line for a run.
pub fn header(deals: Deals, count: SacrificeCount) -> String {
    let which = match deals {
        Deals::All { .. } => "all".to_string(),
        Deals::Seeded { seed, .. } => format!("seeded {seed}"),
    };
    let count = match count {
        SacrificeCount::Net => "net",
        SacrificeCount::Gross => "gross",
    };
    format!("{MAGIC} {which} {count}")
}

/// An open values file: the values it held, and the file to append to.
pub struct ValuesFile {
    /// The values read, by deal index.
    pub known: Known,
    out: Mutex<File>,
    path: std::path::PathBuf,
    header: String,
}

impl ValuesFile {
    /// Reads the values in `path` for a report, changing nothing (a last
    /// line still being written is left out).
    pub fn read(path: &Path, deals: Deals, count: SacrificeCount) -> Result<Known, String> {
        if !path.exists() {
            return Err(format!("{}: no such file", path.display()));
        }
        read_known(path, deals, count).map(|(known, _, _)| known)
    }

    /// Opens (or creates) `path` for a run over `deals`. A file made for
    /// other deals or another sacrifice count is refused, and so is a line
    /// that does not parse: nothing in it is changed.
    pub fn open(path: &Path, deals: Deals, count: SacrificeCount) -> Result<ValuesFile, String> {
        let shown = path.display();
        let want = header(deals, count);
        let (known, keep, cut) = read_known(path, deals, count)?;
        let mut out = OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(|e| format!("{shown}: {e}"))?;
        if cut {
            out.set_len(keep as u64)
                .map_err(|e| format!("{shown}: {e}"))?;
        }
        if keep == 0 {
            out.write_all(format!("{want}\n").as_bytes())
                .map_err(|e| format!("{shown}: {e}"))?;
        }
        Ok(ValuesFile {
            known,
            out: Mutex::new(out),
            path: path.to_path_buf(),
            header: want,
        })
    }

    /// Ends a run: the file is written again with its deals in index
    /// order (to a file beside it, then renamed over it, so that a failure
    /// leaves the appended file as it was).
    pub fn finish(self) -> Result<(), String> {
        let shown = self.path.display().to_string();
        drop(self.out);
        let (known, _, _) = read_known_text(&self.path, &self.header)?;
        let mut lines: Vec<(u64, (i32, i32))> = known.into_iter().collect();
        lines.sort_unstable_by_key(|l| l.0);
        let mut text = String::with_capacity(16 * lines.len() + 64);
        text.push_str(&self.header);
        text.push('\n');
        for (i, (v1, mv)) in lines {
            text.push_str(&line(i, v1, mv));
        }
        let mut tmp = self.path.clone().into_os_string();
        tmp.push(".sorting");
        let tmp = std::path::PathBuf::from(tmp);
        std::fs::write(&tmp, text)
            .and_then(|()| std::fs::rename(&tmp, &self.path))
            .map_err(|e| {
                let _ = std::fs::remove_file(&tmp);
                format!("{shown}: {e}")
            })
    }

    /// Appends one solved deal (written at once, so that an interrupted run
    /// keeps it).
    pub fn append(&self, index: u64, game1: i32, match_value: i32) -> std::io::Result<()> {
        let mut f = self
            .out
            .lock()
            .map_err(|_| std::io::Error::other("values file lock poisoned"))?;
        // One write of the whole line.
        f.write_all(line(index, game1, match_value).as_bytes())
    }
}

/// The values in `path` (none if it does not exist), how many bytes of
/// it hold whole lines, and whether a cut-off last line follows them.
fn read_known(
    path: &Path,
    deals: Deals,
    count: SacrificeCount,
) -> Result<(Known, usize, bool), String> {
    read_known_text(path, &header(deals, count))
}

/// [`read_known`] for a file whose header must be `want`.
fn read_known_text(path: &Path, want: &str) -> Result<(Known, usize, bool), String> {
    let shown = path.display();
    let mut known = HashMap::new();
    let mut text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(e) => return Err(format!("{shown}: {e}")),
    };
    // A last line without its newline is a write that was cut off (the
    // run was killed): it is dropped, and solved again.
    let keep = if text.ends_with('\n') {
        text.len()
    } else {
        text.rfind('\n').map_or(0, |k| k + 1)
    };
    let cut = keep < text.len();
    if keep == 0 && cut && !want.starts_with(text.as_str()) {
        // Not even a whole first line, and not the start of ours.
        return Err(format!(
            "{shown}: not a deckmate values file (it must start with '{MAGIC}')"
        ));
    }
    text.truncate(keep);
    let mut lines = text.lines();
    match lines.next() {
        None => {}
        Some(h) if h.trim_end() == want => {}
        Some(h) if h.starts_with(MAGIC) => {
            return Err(format!(
                "{shown}: holds other deals ('{}'); this run is '{}'",
                h.trim_start_matches(MAGIC).trim(),
                want.trim_start_matches(MAGIC).trim()
            ))
        }
        Some(_) => {
            return Err(format!(
                "{shown}: not a deckmate values file (it must start with '{MAGIC}')"
            ))
        }
    }
    for (n, line) in lines.enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let (i, v) = parse_line(line).ok_or_else(|| {
            format!(
                "{shown}:{}: expected 'index value match', found '{line}'",
                n + 2
            )
        })?;
        known.insert(i, v);
    }
    Ok((known, keep, cut))
}

/// A deal's line: its index, the first game's value, the match's.
fn line(index: u64, game1: i32, match_value: i32) -> String {
    format!("{index} {game1} {match_value}\n")
}

fn parse_line(line: &str) -> Option<(u64, (i32, i32))> {
    let mut it = line.split_whitespace();
    let i = it.next()?.parse().ok()?;
    let v1 = it.next()?.parse().ok()?;
    let mv = it.next()?.parse().ok()?;
    if it.next().is_some() {
        return None;
    }
    Some((i, (v1, mv)))
}
