//! `deckmate bench`: the engine's node-count signature and speed.

use crate::variant::Variant;
use clap::Args;
use deckmate_engine::bench;
use std::process::ExitCode;

/// Arguments of `deckmate bench`.
#[derive(Args)]
#[command(
    after_help = "Searches fixed Cardmate positions, then fixed Cuarenta positions (their own\n\
signature line), to fixed depths on one thread. The\n\
total node count only changes when the search changes; nodes per second\n\
measures this machine."
)]
pub struct BenchArgs {
    /// The game whose positions are searched (only Cardmate so far).
    #[arg(value_enum, default_value = "cardmate")]
    game: Variant,
}

/// Runs the bench.
pub fn run(args: BenchArgs) -> Result<ExitCode, String> {
    if args.game != Variant::Cardmate {
        return Err(args.game.unsupported("bench"));
    }
    let (nodes, time) = bench::run(|l| {
        println!(
            "{:<18} depth {:2}  nodes {:>10}  best {:<8} {:6.2}s",
            l.name,
            l.depth,
            l.nodes,
            l.best,
            l.time.as_secs_f64()
        );
    })?;
    println!();
    println!("nodes: {nodes}");
    println!("time:  {:.2} s", time.as_secs_f64());
    println!(
        "nps:   {}",
        (nodes as f64 / time.as_secs_f64().max(1e-6)) as u64
    );
    println!();
    let (cn, ct) = deckmate_engine::cuarenta_tools::bench(u32::MAX, |l| {
        println!(
            "{:<18} depth {:2}  nodes {:>10}  best {:<8} {:6.2}s",
            l.name,
            l.depth,
            l.nodes,
            l.best,
            l.time.as_secs_f64()
        );
    })?;
    println!();
    println!("cuarenta nodes: {cn}");
    println!("cuarenta time:  {:.2} s", ct.as_secs_f64());
    println!(
        "cuarenta nps:   {}",
        (cn as f64 / ct.as_secs_f64().max(1e-6)) as u64
    );
    Ok(ExitCode::SUCCESS)
}
