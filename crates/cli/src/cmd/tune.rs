//! `deckmate tune --variant-file PATH`: Texel tuning of the generic
//! evaluation's weights for a variant file (`deckmate_games::fairy::tune`):
//! positions from self-play (or a file of them), the fit, and the
//! `[weights]` table found, on standard output.

use super::options::usage_error;
use clap::Args;
use deckmate_games::fairy::eval::EvalWeights;
use deckmate_games::fairy::tune::{self, FitSettings, Progress, Sample, SelfPlaySettings};
use deckmate_games::variant_game;
use std::process::ExitCode;
use std::time::Instant;

/// Arguments of `deckmate tune`.
#[derive(Args)]
#[command(after_help = "Examples:\n  \
deckmate tune --variant-file variants/chess.toml --games 2000 --seed 7 --depth 3\n  \
deckmate tune --variant-file variants/chess.toml --games 500 --save-positions chess.epd\n  \
deckmate tune --variant-file variants/chess.toml --positions chess.epd --params mobility,tempo\n  \
deckmate tune --variant-file variants/chess.toml --positions chess.epd \\\n    \
--label-engine fairy-stockfish --label-depth 10 --threads 2 --save-positions labelled.epd\n\n\
Texel's method. The engine plays --games games against itself at --depth,\n\
each from the setup and --random-plies random moves drawn from --seed and the\n\
game's number (the same seed gives the same games). Kept are the quiet\n\
positions after the random moves: the side to move not in check, and the\n\
move played from there neither a capture nor a promotion; each labelled\n\
with its game's result (1, 0.5, 0 for White; a game still on after\n\
--max-plies is a draw), or with --label-engine by that engine's score.\n\n\
The error of weights w is the mean of (result - sigmoid(K * eval_w / 400))^2,\n\
eval_w the static evaluation for White. K is fitted on the starting weights\n\
(the file's [weights] table, else the defaults) and held; each weight of\n\
--params is then moved by --step while the error falls, the step halved when\n\
none moves, down to 1.\n\n\
Progress goes to standard error; standard output gets the [weights] table\n\
found, with K and the error before and after as comments, to paste into\n\
the variant file (docs/variant-files.md).")]
pub struct TuneArgs {
    /// The variant file whose weights are tuned (docs/variant-files.md).
    #[arg(long, value_name = "PATH")]
    variant_file: String,
    /// Self-play games to take positions from.
    #[arg(long, default_value_t = 1000)]
    games: u32,
    /// The seed of the games' random moves.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// The engine's depth each move in self-play (1 to 12).
    #[arg(long, default_value_t = 3)]
    depth: u32,
    /// Random moves from the setup before the engine plays (their
    /// positions are not kept).
    #[arg(long, default_value_t = 8)]
    random_plies: u32,
    /// Plies after which a game still on counts as a draw.
    #[arg(long, default_value_t = 300)]
    max_plies: u32,
    /// Threads playing the games, and engines labelling the positions
    /// with --label-engine, 1 to 64 (neither the positions nor their
    /// labels depend on it).
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Read the positions from this file (one a line: the position
    /// string, then the result for White in brackets: [1.0], [0.5],
    /// [0.0]) instead of playing games.
    #[arg(long, value_name = "FILE")]
    positions: Option<String>,
    /// Write the positions to this file (in --positions' form), once
    /// played and labelled.
    #[arg(long, value_name = "FILE")]
    save_positions: Option<String>,
    /// Label each position with this outside UCI engine's score
    /// (`fairy-stockfish`) instead of its game's result: White's expected
    /// result 1 / (1 + 10^(-cp/400)), a mate 1 or 0. --threads engines run
    /// at once.
    #[arg(long, value_name = "CMD")]
    label_engine: Option<String>,
    /// With --label-engine: the depth of its search (`go depth N`), 1 to
    /// 40.
    #[arg(long, default_value_t = 10, value_name = "N")]
    label_depth: u32,
    /// The weights to tune, separated by commas (default: all of them).
    #[arg(long, value_delimiter = ',', value_name = "NAMES")]
    params: Option<Vec<String>>,
    /// The first step of each weight.
    #[arg(long, default_value_t = 16)]
    step: i32,
    /// At most this many passes over the weights.
    #[arg(long, default_value_t = 100)]
    passes: u32,
}

/// The weights named, or the usage error.
fn params(names: Option<&[String]>) -> Result<Vec<&'static str>, String> {
    let Some(names) = names else {
        return Ok(EvalWeights::NAMES.to_vec());
    };
    let mut out = Vec::new();
    for n in names {
        let n = n.trim();
        match EvalWeights::NAMES.iter().find(|&&k| k == n) {
            Some(&k) if !out.contains(&k) => out.push(k),
            Some(_) => {}
            None => {
                return Err(format!(
                    "--params: unknown weight '{n}'; the weights are {}",
                    EvalWeights::NAMES.join(", ")
                ))
            }
        }
    }
    if out.is_empty() {
        return Err("--params: name at least one weight".to_string());
    }
    Ok(out)
}

/// The most threads `--threads` takes.
const MAX_THREADS: usize = 64;

/// Runs the tuning.
pub fn run(args: TuneArgs) -> Result<ExitCode, String> {
    let params = match params(args.params.as_deref()) {
        Ok(p) => p,
        Err(e) => return Ok(usage_error(&e)),
    };
    if args.label_engine.is_some() && !(1..=40).contains(&args.label_depth) {
        return Ok(usage_error("--label-depth: from 1 to 40"));
    }
    if (args.positions.is_none() || args.label_engine.is_some())
        && !(1..=MAX_THREADS).contains(&args.threads)
    {
        return Ok(usage_error(&format!("--threads: from 1 to {MAX_THREADS}")));
    }
    if args.positions.is_none() {
        if args.games == 0 {
            return Ok(usage_error("--games: play at least one game"));
        }
        if !(1..=12).contains(&args.depth) {
            return Ok(usage_error("--depth: from 1 to 12"));
        }
    }
    if !(1..=1000).contains(&args.step) {
        return Ok(usage_error("--step: from 1 to 1000"));
    }
    let path = &args.variant_file;
    let entry = crate::variant_arg::load(path)?;
    let entry_key = entry.key;
    let game = variant_game::of_entry(entry)
        .ok_or_else(|| format!("{path}: not a variant file's game"))?;
    let start = game.start();
    let began = Instant::now();
    let (mut samples, mut source) = match &args.positions {
        Some(file) => {
            let text =
                std::fs::read_to_string(file).map_err(|e| format!("{file}: cannot read: {e}"))?;
            let samples = tune::read_samples(&start, &text).map_err(|e| format!("{file}: {e}"))?;
            (samples, format!("positions from {file}"))
        }
        None => {
            let settings = SelfPlaySettings {
                games: args.games,
                seed: args.seed,
                depth: args.depth,
                random_plies: args.random_plies,
                max_plies: args.max_plies,
                threads: args.threads,
            };
            let every = (args.games / 20).max(1);
            let samples = tune::generate(&start, &game.weights, &settings, &mut |done, n| {
                if done % every == 0 || done == args.games {
                    errln!(
                        "games {done}/{}  positions {n}  {:.0} s",
                        args.games,
                        began.elapsed().as_secs_f64()
                    );
                }
            });
            (
                samples,
                format!(
                    "{} games from seed {} at depth {} ({} random plies)",
                    args.games, args.seed, args.depth, args.random_plies
                ),
            )
        }
    };
    if samples.is_empty() {
        return Err("no positions to fit: play more games".to_string());
    }
    if let Some(engine) = &args.label_engine {
        let n = samples.len();
        errln!(
            "labelling {n} positions by '{engine}' at depth {}",
            args.label_depth
        );
        let progress = |done: usize| {
            errln!(
                "labelled {done}/{n}  {:.0} s",
                began.elapsed().as_secs_f64()
            )
        };
        super::tune_label::label(
            &mut samples,
            engine,
            entry_key,
            args.label_depth,
            args.threads,
            &progress,
        )?;
        source.push_str(&format!(
            ", labelled by '{engine}' at depth {}",
            args.label_depth
        ));
    }
    if let Some(file) = &args.save_positions {
        std::fs::write(file, tune::write_samples(&samples))
            .map_err(|e| format!("{file}: cannot write: {e}"))?;
        errln!("positions written to {file}");
    }
    if args.label_engine.is_some() {
        let mean = samples.iter().map(|s| s.result).sum::<f64>() / samples.len() as f64;
        errln!(
            "{} positions (White's mean expected result {mean:.3}); fitting {}",
            samples.len(),
            params.join(", ")
        );
    } else {
        let (wins, draws) = tally(&samples);
        errln!(
            "{} positions (White won {wins}, drawn {draws}, lost {}); fitting {}",
            samples.len(),
            samples.len() - wins - draws,
            params.join(", ")
        );
    }
    let settings = FitSettings {
        params,
        step: args.step,
        max_passes: args.passes,
    };
    let fit_began = Instant::now();
    let report = tune::tune(
        &game.rules,
        &samples,
        &game.weights,
        &settings,
        &mut |p: &Progress<'_>| {
            errln!(
                "pass {:3}  error {:.6}  next step {:3}  {:.0} s  {}",
                p.pass,
                p.error,
                p.step,
                fit_began.elapsed().as_secs_f64(),
                line(p.weights)
            );
        },
    );
    outln!("# deckmate tune: {path}, {source}");
    outln!(
        "# {} positions, K = {:.4}, error {:.6} -> {:.6} ({} passes, {} evaluations, {:.0} s)",
        samples.len(),
        report.k,
        report.error_before,
        report.error_after,
        report.passes,
        report.evaluations,
        began.elapsed().as_secs_f64()
    );
    outln!("# from: {}", line(&game.weights));
    out!("{}", report.weights.to_toml());
    Ok(ExitCode::SUCCESS)
}

/// The weights on one line, `name=value` each.
fn line(w: &EvalWeights) -> String {
    EvalWeights::NAMES
        .iter()
        .map(|n| format!("{n}={}", w.get(n).unwrap_or(0)))
        .collect::<Vec<_>>()
        .join(" ")
}

/// White's wins and the draws among the samples' results.
fn tally(samples: &[Sample]) -> (usize, usize) {
    let wins = samples.iter().filter(|s| s.result > 0.75).count();
    let draws = samples
        .iter()
        .filter(|s| (0.25..=0.75).contains(&s.result))
        .count();
    (wins, draws)
}
