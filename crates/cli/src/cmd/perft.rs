//! `deckmate perft GAME --depth N [--divide] [--fen F] [--moves M]`.

use super::options::{usage_error, CardmateOptions};
use crate::variant::{GameParser, Variant, BOARD_GAMES, NO_BOARD};
use clap::Args;
use deckmate_games::cardmate::{notation, record, Position};
use deckmate_games::cuarenta;
use deckmate_rules::{perft, perft_divide, Game, Record};
use std::process::ExitCode;
use std::time::Instant;

/// Arguments of `deckmate perft`.
#[derive(Args)]
#[command(after_help = "Examples:\n  deckmate perft cardmate --depth 4\n  \
deckmate perft cardmate --depth 3 --divide --moves \"1. 4Ci3 4Db6\"\n  \
deckmate perft cardmate --depth 2 --fen \"<position string>\"\n  \
deckmate perft cardmate --depth 3 --setup deal --seed 7\n  \
deckmate perft cuarenta --depth 4\n  \
deckmate perft cuarenta --depth 2 --divide --moves \"1. Fa4 Pbc6\"\n\n\
--setup, --seed, --palace, --repetition and --quiet-limit are Cardmate's;\n\
Cuarenta starts from its setup or --fen (its position string, holes as *).\n\n\
The count goes to standard output (with --divide: one line `<move>: <count>`\n\
per first move, sorted, then a blank line and `total: <count>`); time and\n\
speed go to standard error. A finished game has no moves: perft 0 at depth 1\n\
and deeper. A bad --fen or --moves is reported (the move's number, side and\n\
why) with exit status 1.")]
pub struct PerftArgs {
    /// The game (a board game).
    #[arg(value_parser = GameParser::new("perft", BOARD_GAMES, NO_BOARD))]
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

/// The Cuarenta position perft starts from: the setup or a position string,
/// then moves.
pub fn cuarenta_start(
    fen: Option<&str>,
    moves: Option<&str>,
) -> Result<cuarenta::Position, String> {
    let mut pos = match fen {
        Some(f) => cuarenta::fen::parse(f).map_err(|e| format!("--fen: {e}"))?,
        None => cuarenta::start_position(),
    };
    if let Some(m) = moves {
        let rec = Record::parse(m).map_err(|e| format!("--moves: {e}"))?;
        cuarenta::record::play_moves(&mut pos, &rec.moves).map_err(|e| format!("--moves: {e}"))?;
    }
    Ok(pos)
}

/// Runs perft.
pub fn run(args: PerftArgs) -> Result<ExitCode, String> {
    match args.game {
        Variant::Cardmate => {
            let pos = start_position(&args.options, args.fen.as_deref(), args.moves.as_deref())?;
            count(&pos, args.depth, args.divide);
        }
        Variant::ChessCards => {
            return Err(Variant::ChessCards.unsupported("perft"));
        }
        Variant::Cuarenta => {
            if let Err(m) = args.options.refuse_for(Variant::Cuarenta, false) {
                return Ok(usage_error(&m));
            }
            let pos = cuarenta_start(args.fen.as_deref(), args.moves.as_deref())?;
            count(&pos, args.depth, args.divide);
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Counts and prints: the total, or each first move's count then the total.
fn count<G: Game>(pos: &G, depth: u32, divide: bool) {
    let t = Instant::now();
    let total = if divide {
        let mut total = 0;
        let mut lines: Vec<(String, u64)> = perft_divide(pos, depth)
            .into_iter()
            .map(|(m, n)| (pos.move_text(m), n))
            .collect();
        lines.sort();
        for (m, n) in lines {
            outln!("{m}: {n}");
            total += n;
        }
        if depth == 0 {
            // No first moves; the position itself is the one leaf.
            total = 1;
        }
        outln!();
        outln!("total: {total}");
        total
    } else {
        let n = perft(pos, depth);
        outln!("{n}");
        n
    };
    let secs = t.elapsed().as_secs_f64();
    errln!(
        "depth {depth} : {total} leaves in {secs:.3} s ({:.1} M leaves/s)",
        total as f64 / secs.max(1e-9) / 1e6
    );
}
