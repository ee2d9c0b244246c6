//! The values file of `deckmate solve chess-cards --values FILE`: every
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

use deckmate_games::chess_cards::engine::deals::Deals;
use deckmate_games::chess_cards::SacrificeCount;
use std::collections::HashMap;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::Path;
use std::sync::Mutex;

const MAGIC: &str = "# deckmate chess-cards deal values:";

/// Deals' values by index: the first game's and the match's.
pub type Known = HashMap<u64, (i32, i32)>;

/// The header line for a run.
fn header(deals: Deals, count: SacrificeCount) -> String {
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
        f.write_all(format!("{index} {game1} {match_value}\n").as_bytes())
    }
}

/// The values in `path` (none if it does not exist), how many bytes of
/// it hold whole lines, and whether a cut-off last line follows them.
fn read_known(
    path: &Path,
    deals: Deals,
    count: SacrificeCount,
) -> Result<(Known, usize, bool), String> {
    let shown = path.display();
    let want = header(deals, count);
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

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    fn temp(name: &str) -> std::path::PathBuf {
        let p = std::env::temp_dir().join(format!("deckmate-values-{}-{name}", std::process::id()));
        let _ = std::fs::remove_file(&p);
        p
    }

    #[test]
    fn values_round_trip_through_the_file() {
        let p = temp("rt");
        let all = Deals::All { limit: None };
        let f = ValuesFile::open(&p, all, SacrificeCount::Net).unwrap();
        assert!(f.known.is_empty());
        f.append(3, -24, 0).unwrap();
        f.append(7, 66, 0).unwrap();
        drop(f);
        let f = ValuesFile::open(&p, all, SacrificeCount::Net).unwrap();
        assert_eq!(f.known.len(), 2);
        assert_eq!(f.known[&3], (-24, 0));
        assert_eq!(f.known[&7], (66, 0));
        let _ = std::fs::remove_file(&p);
    }

    #[test]
    fn a_line_cut_off_by_a_killed_run_is_dropped_and_solved_again() {
        let p = temp("cut");
        let all = Deals::All { limit: None };
        let f = ValuesFile::open(&p, all, SacrificeCount::Net).unwrap();
        f.append(3, -24, 0).unwrap();
        drop(f);
        let mut text = std::fs::read_to_string(&p).unwrap();
        text.push_str("7 6");
        std::fs::write(&p, &text).unwrap();
        let f = ValuesFile::open(&p, all, SacrificeCount::Net).unwrap();
        assert_eq!(f.known.len(), 1);
        f.append(7, 66, 0).unwrap();
        drop(f);
        let f = ValuesFile::open(&p, all, SacrificeCount::Net).unwrap();
        assert_eq!(f.known[&7], (66, 0));
        assert_eq!(std::fs::read_to_string(&p).unwrap().lines().count(), 3);
        let _ = std::fs::remove_file(&p);
    }

    #[test]
    fn a_file_for_other_deals_or_a_bad_line_is_refused_and_kept() {
        let p = temp("other");
        let seeded = Deals::Seeded { seed: 1, n: 5 };
        ValuesFile::open(&p, seeded, SacrificeCount::Net)
            .unwrap()
            .append(0, 1, 0)
            .unwrap();
        let before = std::fs::read_to_string(&p).unwrap();
        let e = ValuesFile::open(&p, Deals::All { limit: None }, SacrificeCount::Net)
            .err()
            .unwrap();
        assert!(e.contains("holds other deals"), "{e}");
        let e = ValuesFile::open(&p, seeded, SacrificeCount::Gross)
            .err()
            .unwrap();
        assert!(e.contains("holds other deals"), "{e}");
        assert_eq!(std::fs::read_to_string(&p).unwrap(), before);
        std::fs::write(
            &p,
            format!("{}\n0 1\n", header(seeded, SacrificeCount::Net)),
        )
        .unwrap();
        let e = ValuesFile::open(&p, seeded, SacrificeCount::Net)
            .err()
            .unwrap();
        assert!(e.contains(":2: expected"), "{e}");
        std::fs::write(&p, "hello\n").unwrap();
        let e = ValuesFile::open(&p, seeded, SacrificeCount::Net)
            .err()
            .unwrap();
        assert!(e.contains("not a deckmate values file"), "{e}");
        let _ = std::fs::remove_file(&p);
    }
}
