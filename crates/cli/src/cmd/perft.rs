//! `deckmate perft GAME --depth N [--divide] [--fen F] [--moves M]`.

use super::options::CardmateOptions;
use crate::variant::Variant;
use clap::Args;
use deckmate_games::cardmate::{notation, record, Position};
use deckmate_rules::{perft, perft_divide, Record};
use std::process::ExitCode;
use std::time::Instant;

/// Arguments of `deckmate perft`.
#[derive(Args)]
#[command(after_help = "Examples:\n  deckmate perft cardmate --depth 4\n  \
deckmate perft cardmate --depth 3 --divide --moves \"1. 4Ci3 4Db6\"\n  \
deckmate perft cardmate --depth 2 --fen \"<position string>\"\n  \
deckmate perft cardmate --depth 3 --setup deal --seed 7\n\n\
The count goes to standard output (with --divide: one line `<move>: <count>`\n\
per first move, sorted, then a blank line and `total: <count>`); time and\n\
speed go to standard error. A finished game has no moves: perft 0 at depth 1\n\
and deeper. A bad --fen or --moves is reported (the move's number, side and\n\
why) with exit status 1.")]
pub struct PerftArgs {
    /// The game.
    #[arg(value_enum)]
    game: Variant,
    /// Plies to count.
    #[arg(long, short)]
    depth: u32,
    /// Print the count below each first move.
    #[arg(long)]
    divide: bool,
    /// Start from this position string instead of the setup.
    #[arg(long)]
    fen: Option<String>,
    /// Play these moves first (the game's notation, move numbers allowed).
    #[arg(long)]
    moves: Option<String>,
    #[command(flatten)]
    options: CardmateOptions,
}

/// The position the perft and analysis commands start from: a setup or a
/// position string, then moves.
pub fn start_position(
    options: &CardmateOptions,
    fen: Option<&str>,
    moves: Option<&str>,
) -> Result<Position, String> {
    let mut spec = options.spec(0);
    spec.fen = fen.map(str::to_string);
    let mut pos = spec.start().map_err(|e| format!("--fen: {e}"))?;
    if let Some(m) = moves {
        let rec = Record::parse(m).map_err(|e| format!("--moves: {e}"))?;
        for (i, text) in rec.moves.iter().enumerate() {
            let mv = notation::parse(&pos, text).map_err(|e| {
                let err = record::ReplayError {
                    ply: i + 1,
                    number: pos.fullmove(),
                    seat: pos.side_to_move(),
                    text: text.clone(),
                    reason: e.to_string(),
                };
                format!("--moves: {err}")
            })?;
            pos.play_move(mv);
        }
    }
    Ok(pos)
}

/// Runs perft.
pub fn run(args: PerftArgs) -> Result<ExitCode, String> {
    args.game.require(&[Variant::Cardmate], "perft")?;
    let pos = start_position(&args.options, args.fen.as_deref(), args.moves.as_deref())?;
    let t = Instant::now();
    let total = if args.divide {
        let mut total = 0;
        let mut lines: Vec<(String, u64)> = perft_divide(&pos, args.depth)
            .into_iter()
            .map(|(m, n)| (notation::write(&pos, m), n))
            .collect();
        lines.sort();
        for (m, n) in lines {
            println!("{m}: {n}");
            total += n;
        }
        if args.depth == 0 {
            // No first moves; the position itself is the one leaf.
            total = 1;
        }
        println!();
        println!("total: {total}");
        total
    } else {
        let n = perft(&pos, args.depth);
        println!("{n}");
        n
    };
    let secs = t.elapsed().as_secs_f64();
    eprintln!(
        "depth {} : {total} leaves in {secs:.3} s ({:.1} M leaves/s)",
        args.depth,
        total as f64 / secs.max(1e-9) / 1e6
    );
    Ok(ExitCode::SUCCESS)
}
