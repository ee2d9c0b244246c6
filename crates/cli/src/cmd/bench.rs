//! `deckmate bench [GAME]`: the engine's node-count signatures and speed,
//! for every game with engine tools in the registry.

use crate::games::{no_board_hint, GameArg};
use clap::Args;
use deckmate_games::list::GAMES;
use deckmate_games::registry::{BenchLine, GameEntry};
use std::process::ExitCode;
use std::time::Duration;

/// Arguments of `deckmate bench`.
#[derive(Args)]
#[command(
    after_help = "Examples:\n  deckmate bench\n  deckmate bench cuarenta\n\n\
Searches fixed positions to fixed depths on one thread: each board game's\n\
in turn (every GAME listed above), each with its own signature line (or\n\
only the game named). A node count only changes when the search or\n\
evaluation changes; nodes per second measures this machine."
)]
pub struct BenchArgs {
    /// Only this game's positions (default: every board game).
    #[arg(value_parser = GameArg::new("bench", |g| g.tools.is_some(), no_board_hint))]
    game: Option<&'static GameEntry>,
    /// Only the start of the variant of this TOML file, searched to depth
    /// 5 (docs/variant-files.md).
    #[arg(long, value_name = "PATH", conflicts_with = "game")]
    variant_file: Option<String>,
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
    let game = match &args.variant_file {
        Some(path) => Some(crate::variant_arg::load(path)?),
        None => args.game,
    };
    let tools: Vec<_> = match game {
        None => GAMES.iter().filter_map(|g| g.tools).collect(),
        Some(g) => match g.tools {
            Some(t) => vec![t],
            None => return Err(format!("'bench' does not support {}", g.key)),
        },
    };
    for (i, t) in tools.into_iter().enumerate() {
        if i > 0 {
            outln!();
        }
        let (n, time) = t.bench(u32::MAX, &mut line)?;
        totals(t.bench_prefix(), n, time);
    }
    Ok(ExitCode::SUCCESS)
}
