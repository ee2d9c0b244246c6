//! `deckmate replay FILE [--json]`.

use crate::render;
use clap::Args;
use deckmate_games::cardmate::{fen, record};
use deckmate_rules::Record;
use serde_json::json;
use std::io::Read;
use std::process::ExitCode;

/// Arguments of `deckmate replay`.
#[derive(Args)]
#[command(
    after_help = "The record is PGN-like: optional [Tag \"value\"] lines, then the moves\n\
(1. 4Ci3 4Db6 2. 8Dj2 ...). A file of bare moves is Cardmate from the\n\
predefined setup. Exit status 1 if a move is illegal or the file unreadable."
)]
pub struct ReplayArgs {
    /// The record file (`-` for standard input).
    file: String,
    /// Print one JSON object: {"result", "reason", "plies", "position"}, or
    /// {"error", "ply"} for a bad record.
    #[arg(long)]
    json: bool,
}

fn read(file: &str) -> Result<String, String> {
    let mut text = String::new();
    if file == "-" {
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|e| format!("cannot read standard input: {e}"))?;
    } else {
        let bytes = std::fs::read(file).map_err(|e| format!("cannot read {file}: {e}"))?;
        text = String::from_utf8(bytes).map_err(|_| format!("{file} is not UTF-8 text"))?;
    }
    Ok(text)
}

fn fail(json_out: bool, message: String, ply: usize) -> Result<ExitCode, String> {
    if json_out {
        println!("{}", json!({ "error": message, "ply": ply }));
    } else {
        eprintln!("deckmate: {message}");
    }
    Ok(ExitCode::from(1))
}

/// Replays the record.
pub fn run(args: ReplayArgs) -> Result<ExitCode, String> {
    let text = match read(&args.file) {
        Ok(t) => t,
        Err(e) => return fail(args.json, e, 0),
    };
    let rec = match Record::parse(&text) {
        Ok(r) => r,
        Err(e) => return fail(args.json, e.to_string(), 0),
    };
    let replay = match record::replay(&rec) {
        Ok(r) => r,
        Err(e) => return fail(args.json, e.to_string(), e.ply),
    };
    let position = fen::write(&replay.position);
    if args.json {
        println!(
            "{}",
            json!({
                "result": replay.result,
                "reason": replay.reason,
                "plies": replay.moves.len(),
                "position": position,
            })
        );
    } else {
        let last = replay.moves.last().map(|m| (m.from, m.to));
        print!(
            "{}",
            render::board(&replay.position, &render::Style::plain(), last)
        );
        println!("Position: {position}");
        println!("Plies: {}", replay.moves.len());
        match &replay.reason {
            Some(r) => println!("Result: {} ({r})", replay.result),
            None => println!("Result: * (the game goes on)"),
        }
    }
    Ok(ExitCode::SUCCESS)
}
