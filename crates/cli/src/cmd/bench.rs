//! `deckmate bench [GAME]`: the engine's node-count signatures and speed.

use crate::variant::{GameParser, Variant, BOARD_GAMES, NO_BOARD};
use clap::Args;
use deckmate_engine::bench::BenchLine;
use std::process::ExitCode;
use std::time::Duration;

/// Arguments of `deckmate bench`.
#[derive(Args)]
#[command(
    after_help = "Examples:\n  deckmate bench\n  deckmate bench cuarenta\n\n\
Searches fixed positions to fixed depths on one thread: Cardmate's, then\n\
Cuarenta's, each with its own signature line (or only the game named).\n\
A node count only changes when the search or evaluation changes; nodes\n\
per second measures this machine."
)]
pub struct BenchArgs {
    /// Only this game's positions (default: both board games).
    #[arg(value_parser = GameParser::new("bench", BOARD_GAMES, NO_BOARD))]
    game: Option<Variant>,
}

fn line(l: &BenchLine) {
    outln!(
        "{:<18} depth {:2}  nodes {:>10}  best {:<8} {:6.2}s",
        l.name,
        l.depth,
        l.nodes,
        l.best,
        l.time.as_secs_f64()
    );
}

fn totals(prefix: &str, nodes: u64, time: Duration) {
    outln!();
    outln!("{prefix}nodes: {nodes}");
    outln!("{prefix}time:  {:.2} s", time.as_secs_f64());
    outln!(
        "{prefix}nps:   {}",
        (nodes as f64 / time.as_secs_f64().max(1e-6)) as u64
    );
}

/// Runs the bench.
pub fn run(args: BenchArgs) -> Result<ExitCode, String> {
    let games = match args.game {
        None => vec![Variant::Cardmate, Variant::Cuarenta],
        Some(Variant::ChessCards) => return Err(Variant::ChessCards.unsupported("bench")),
        Some(g) => vec![g],
    };
    for (i, g) in games.into_iter().enumerate() {
        if i > 0 {
            outln!();
        }
        if g == Variant::Cardmate {
            let (n, t) = deckmate_games::cardmate::bench::run(line)?;
            totals("", n, t);
        } else {
            let (n, t) = deckmate_games::cuarenta::tools::bench(u32::MAX, line)?;
            totals("cuarenta ", n, t);
        }
    }
    Ok(ExitCode::SUCCESS)
}
