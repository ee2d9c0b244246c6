//! `deckmate replay FILE [--json]`.
//!
//! [`report`] turns a record's text into what to print and the exit code,
//! with no I/O, so tests feed it any bytes; `run` reads the file and prints.
//! The game is the one the record's `[Variant]` tag names in the registry
//! ([`list::from_tag`]); the game replays it
//! ([`GameEntry::replay`](deckmate_games::registry::GameEntry)) and its
//! final board is drawn by the one renderer.

use super::terminal::quote;
use crate::render::{self, Style};
use clap::Args;
use deckmate_games::list;
use deckmate_games::registry::GameEntry;
use deckmate_rules::Record;
use serde_json::json;
use std::io::Read;
use std::process::ExitCode;

/// Arguments of `deckmate replay`.
#[derive(Args)]
#[command(after_help = "Examples:\n  deckmate replay game.pgn\n  \
deckmate replay --json game.pgn\n  \
echo \"1. 4Ci3 4Db6 2. 8Dj2\" | deckmate replay -\n\n\
The record is PGN-like: optional [Tag \"value\"] lines (Variant, Setup, Seed,\n\
Palace, Repetition, QuietLimit, FEN, ...), then the moves (1. 4Ci3 4Db6 ...),\n\
{comments} allowed. The Variant tag names the game (any game of deckmate\n\
rules, as deckmate writes its records: [Variant \"Cuarenta\"], [Variant\n\
\"52Chess\"], [Variant \"Dealer's Chess\"], ...; a Chess Cards record may hold\n\
a whole match); a file of bare moves is Cardmate from the predefined setup;\n\
an unknown Variant, or an empty file, is an error. A record of a variant file's\n\
game ([Variant \"Chess\"] [VariantFile \"chess.toml\"] ...) is replayed with the\n\
file: deckmate replay game.pgn --variant-file variants/chess.toml (a record of\n\
another version of the file, by its VariantDigest tag, is refused).\n\n\
Exit status 0 when every move is legal; 1 when a move is illegal or the file\n\
cannot be read (the message names the move: number, side and why).\n\
With --json: {\"result\": \"1-0\"|\"0-1\"|\"1/2-1/2\"|\"*\", \"reason\": text or null,\n\
\"plies\": n, \"position\": \"...\"}, or {\"error\": \"...\", \"ply\": n} (ply 0: the\n\
file or its tags).")]
pub struct ReplayArgs {
    /// The record file (`-` for standard input).
    file: String,
    /// Print one JSON object: {"result", "reason", "plies", "position"}, or
    /// {"error", "ply"} for a bad record.
    #[arg(long)]
    json: bool,
    /// Draw the board without colours (also: the NO_COLOR variable).
    #[arg(long)]
    no_color: bool,
    /// The variant file the record's game was played with (a record with
    /// a VariantFile tag needs it; docs/variant-files.md).
    #[arg(long, value_name = "PATH")]
    variant_file: Option<String>,
}

/// What the command prints, and its exit code.
#[derive(Debug, PartialEq)]
pub struct Report {
    /// Standard output.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
    /// 0 when the record replays, 1 otherwise.
    pub code: u8,
}

fn fail(json_out: bool, message: String, ply: usize) -> Report {
    fail_json(json_out, json!({ "error": message, "ply": ply }), message)
}

/// A failed replay: `json` on standard output with `--json`, else the
/// message on standard error; exit code 1.
fn fail_json(json_out: bool, json: serde_json::Value, message: String) -> Report {
    if json_out {
        Report {
            stdout: format!("{json}\n"),
            stderr: String::new(),
            code: 1,
        }
    } else {
        Report {
            stdout: String::new(),
            stderr: format!("deckmate: {message}\n"),
            code: 1,
        }
    }
}

/// Replays a record's bytes: the report for `--json` or for people.
#[cfg(test)]
pub fn report(bytes: &[u8], json_out: bool, style: &Style) -> Report {
    report_with(bytes, json_out, style, None)
}

/// [`report`], with the game of a variant file (`--variant-file`): a
/// record without a `Variant` tag, or whose tag names the file's variant,
/// is that game's; another tag is refused.
pub fn report_with(
    bytes: &[u8],
    json_out: bool,
    style: &Style,
    variant: Option<&'static GameEntry>,
) -> Report {
    let Ok(text) = std::str::from_utf8(bytes) else {
        return fail(json_out, "the record is not UTF-8 text".to_string(), 0);
    };
    let game = match (variant_tag(text), variant) {
        (None, Some(v)) => v,
        (Some(tag), Some(v)) if v.answers_to(&tag) || tag.trim() == v.name.trim() => v,
        (Some(tag), Some(v)) => {
            let message = format!(
                "the record is for '{}', not {} (the variant file given)",
                quote(&tag),
                v.name
            );
            return fail(json_out, message, 0);
        }
        (None, None) => list::untagged(),
        (Some(v), None) => match list::from_tag(&v) {
            Some(game) => game,
            None => {
                let hint = if text.contains("[VariantFile ") {
                    "; a variant file's record is replayed with --variant-file PATH"
                } else {
                    ""
                };
                let message = format!(
                    "unknown variant '{}' (known: {}){hint}",
                    quote(&v),
                    list::keys()
                );
                return fail(json_out, message, 0);
            }
        },
    };
    let empty = |r: &Record| r.tags.is_empty() && r.moves.is_empty() && r.result.is_none();
    if Record::parse_all(text).is_ok_and(|rs| rs.iter().all(empty)) {
        return fail(
            json_out,
            "the file is empty (no tags and no moves)".to_string(),
            0,
        );
    }
    let replayed = match game.replay_text(text) {
        Ok(r) => r,
        Err(f) => return fail_json(json_out, f.json, f.message),
    };
    let stdout = if json_out {
        format!("{}\n", replayed.json)
    } else {
        let board = replayed
            .view
            .as_ref()
            .and_then(|v| render::board(v, game.seat_names, style));
        format!("{}{}", board.unwrap_or_default(), replayed.text)
    };
    Report {
        stdout,
        stderr: String::new(),
        code: 0,
    }
}

/// The value of the first `Variant` tag among the tags the record opens
/// with, if there is one.
fn variant_tag(text: &str) -> Option<String> {
    text.lines()
        .map(str::trim)
        .take_while(|l| l.is_empty() || l.starts_with('['))
        .find_map(|l| {
            let inner = l.strip_prefix('[')?.strip_suffix(']')?.trim();
            let (name, value) = inner.split_once(char::is_whitespace)?;
            if !name.eq_ignore_ascii_case("Variant") {
                return None;
            }
            let value = value.trim();
            let unquoted = value.strip_prefix('"').and_then(|v| v.strip_suffix('"'));
            Some(unquoted.unwrap_or(value).to_string())
        })
}

/// Replays the record.
pub fn run(args: ReplayArgs) -> Result<ExitCode, String> {
    let variant = match &args.variant_file {
        Some(path) => Some(crate::variant_arg::load(path)?),
        None => None,
    };
    let mut bytes = Vec::new();
    let read = if args.file == "-" {
        std::io::stdin()
            .read_to_end(&mut bytes)
            .map(|_| ())
            .map_err(|e| format!("cannot read standard input: {e}"))
    } else {
        std::fs::read(&args.file)
            .map(|b| bytes = b)
            .map_err(|e| format!("cannot read {}: {e}", args.file))
    };
    let style = Style {
        color: render::color_wanted(args.no_color),
        flipped: false,
    };
    let r = match read {
        Ok(()) => report_with(&bytes, args.json, &style, variant),
        Err(e) => fail(args.json, e, 0),
    };
    out!("{}", r.stdout);
    crate::output::stderr(format_args!("{}", r.stderr));
    Ok(ExitCode::from(r.code))
}

#[cfg(test)]
mod tests {
    use super::*;
    use deckmate_rules::SeededRng;

    const GAME_1: &str = include_str!("../../tests/data/sample-game-1.pgn");

    fn json(r: &Report) -> serde_json::Value {
        serde_json::from_str(&r.stdout).expect("one JSON object")
    }

    #[test]
    fn sample_game_1_as_json_and_as_text() {
        let r = report(GAME_1.as_bytes(), true, &Style::plain());
        assert_eq!(r.code, 0);
        assert_eq!(r.stdout.lines().count(), 1);
        let v = json(&r);
        assert_eq!(v["result"], "0-1");
        assert_eq!(v["plies"], 40);
        let r = report(GAME_1.as_bytes(), false, &Style::plain());
        assert_eq!(r.code, 0);
        // The last move, the Queen of Spades onto e0 in Forehand's palace.
        assert!(r.stdout.contains("*Qs]"), "{}", r.stdout);
        assert!(r
            .stdout
            .contains("Result: 0-1 (Rearhand captured Forehand's second King)"));
        assert!(r.stdout.contains("Position: "));
    }

    #[test]
    fn an_unfinished_game_has_no_reason() {
        let r = report(b"1. 4Ci3 4Db6", true, &Style::plain());
        let v = json(&r);
        assert_eq!(v["result"], "*");
        assert!(v["reason"].is_null());
        assert_eq!(v["plies"], 2);
    }

    #[test]
    fn errors_name_the_ply_and_go_to_stderr_without_json() {
        let r = report(b"1. 4Ci3 4Ci4", true, &Style::plain());
        assert_eq!(r.code, 1);
        assert_eq!(json(&r)["ply"], 2);
        assert!(json(&r)["error"].as_str().unwrap().contains("move 1..."));
        let r = report(b"1. 4Ci3 4Ci4", false, &Style::plain());
        assert_eq!(r.code, 1);
        assert!(r.stdout.is_empty());
        assert!(r.stderr.contains("Rearhand"), "{}", r.stderr);
        let r = report(&[0xff, 0xfe], true, &Style::plain());
        assert_eq!((r.code, json(&r)["ply"].as_u64()), (1, Some(0)));
    }

    #[test]
    fn the_variant_tag_picks_the_game_and_an_unknown_one_is_refused_by_name() {
        let r = report(b"[Variant \"Shogi\"]\n1. P7f\n", true, &Style::plain());
        assert_eq!(r.code, 1);
        assert_eq!(
            json(&r)["error"],
            "unknown variant 'Shogi' (known: cardmate, chess-cards, cuarenta, 52chess, dealers)"
        );
        assert_eq!(json(&r)["ply"], 0);
        let r = report(b"[Variant \"Shogi\"]\n", false, &Style::plain());
        assert_eq!(
            r.stderr,
            "deckmate: unknown variant 'Shogi' (known: cardmate, chess-cards, cuarenta, 52chess, dealers)\n"
        );
        // Cuarenta's board: its letters, its holes blank, the last move in
        // brackets.
        let r = report(
            b"[Variant \"Cuarenta\"]\n1. Fa4 Pbc6\n",
            false,
            &Style::plain(),
        );
        assert_eq!(r.code, 0, "{}", r.stderr);
        assert!(
            r.stdout.contains("[p]") && r.stdout.contains(" 1 "),
            "{}",
            r.stdout
        );
        assert!(
            r.stdout
                .contains("Moves: 2 plies, all legal (Cuarenta, from the setup)"),
            "{}",
            r.stdout
        );
        let r = report(b"[Variant \"MATE\"]\n", true, &Style::plain());
        assert_eq!(r.code, 1);
        assert_eq!(json(&r)["game"], 1, "{}", r.stdout);
    }

    /// Never panics: the sample game cut, spliced and with bytes changed.
    #[test]
    fn mangled_records_never_panic() {
        let base = GAME_1.as_bytes();
        let mut rng = SeededRng::new(11);
        let noise = b"[]{}();:x#+=.\"\\ \n0123456789AJQKXCDHSacdefghij\x00\xc3\xa9";
        for i in 0..3000 {
            let mut b = base.to_vec();
            match i % 3 {
                0 => b.truncate(rng.below(b.len() as u64 + 1) as usize),
                1 => {
                    for _ in 0..1 + rng.below(4) {
                        let at = rng.below(b.len() as u64) as usize;
                        b[at] = noise[rng.below(noise.len() as u64) as usize];
                    }
                }
                _ => {
                    let from = rng.below(b.len() as u64) as usize;
                    let to = rng.below(b.len() as u64) as usize;
                    let (from, to) = (from.min(to), from.max(to));
                    let piece = b[from..to].to_vec();
                    let at = rng.below(b.len() as u64) as usize;
                    b.splice(at..at, piece);
                }
            }
            for json_out in [true, false] {
                let r = report(&b, json_out, &Style::plain());
                if json_out {
                    let v = json(&r);
                    assert!(v["error"].is_string() || v["result"].is_string());
                }
            }
        }
    }
}
