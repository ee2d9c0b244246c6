//! `deckmate analyse GAME [--fen F | --moves M] [--depth D | --time S]`,
//! for every game with engine tools in the registry.

use super::perft::study;
use crate::game_options::GameOptionArgs;
use crate::games::{GameArg, NO_BOARD_HINT};
use clap::Args;
use deckmate_engine::{score_text, Limits};
use deckmate_games::registry::GameEntry;
use std::process::ExitCode;
use std::time::Duration;

/// Arguments of `deckmate analyse`.
#[derive(Args)]
#[command(after_help = "Examples:\n  deckmate analyse cardmate --depth 8\n  \
deckmate analyse cardmate --time 5 --moves \"1. 4Ci3 4Db6\"\n  \
deckmate analyse cuarenta --time 5 --moves \"1. Pdc4\"\n  \
deckmate analyse --variant-file variants/chess.toml --depth 6 --moves \"1. e4 e5\"\n\n\
Scores are for the side to move, in hundredths of the game's unit (a One,\n\
a pawn); \"win in N\" counts plies.")]
pub struct AnalyseArgs {
    /// The game (a board game).
    #[arg(value_parser = GameArg::new("analyse", |g| g.tools.is_some(), NO_BOARD_HINT), required_unless_present = "variant_file")]
    game: Option<&'static GameEntry>,
    /// Analyse the variant of this TOML file instead of a built-in game (docs/variant-files.md).
    #[arg(long, value_name = "PATH", conflicts_with = "game")]
    variant_file: Option<String>,
    /// Start from this position string.
    #[arg(long)]
    fen: Option<String>,
    /// Play these moves first (the game's notation).
    #[arg(long)]
    moves: Option<String>,
    /// Search to this depth.
    #[arg(long, short)]
    depth: Option<u32>,
    /// Search for this many seconds (default 5 when no depth is given).
    #[arg(long, short)]
    time: Option<f64>,
    /// Seed of a setup drawn at random, for the games that have one
    /// (default 0).
    #[arg(long)]
    seed: Option<u64>,
    #[command(flatten)]
    options: GameOptionArgs,
}

/// Runs the analysis.
pub fn run(args: AnalyseArgs) -> Result<ExitCode, String> {
    let game = crate::variant_arg::game_of(args.game, args.variant_file.as_deref())?;
    let pos = match study(
        "analyse",
        game,
        &args.options,
        args.seed,
        args.fen.as_deref(),
        args.moves.as_deref(),
    ) {
        Ok(pos) => pos,
        Err(r) => return r.exit(),
    };
    if let Some(t) = args.time {
        if !(t > 0.0 && t < 1e6) {
            return Err(format!("--time {t}: give a positive number of seconds"));
        }
    }
    if let Some(end) = pos.outcome() {
        outln!("The game is over: {}", end.reason);
        return Ok(ExitCode::SUCCESS);
    }
    let time = match (args.depth, args.time) {
        (_, Some(t)) => Some(Duration::from_secs_f64(t)),
        (None, None) => Some(Duration::from_secs(5)),
        (Some(_), None) => None,
    };
    let limits = Limits {
        depth: args.depth,
        nodes: None,
        time,
    };
    let a = pos.analyse(&limits, &mut |rep| {
        outln!(
            "depth {:2}  score {:>10}  nodes {:>10}  nps {:>8}  time {:6.2}s  pv {}",
            rep.depth,
            score_text(rep.score),
            rep.nodes,
            rep.nps,
            rep.elapsed.as_secs_f64(),
            rep.line
        );
    });
    match a.best {
        Some(m) => {
            outln!();
            outln!("best move: {m}");
            outln!("best line: {}", a.line);
            outln!("score:     {}", score_text(a.score));
        }
        None => outln!("no legal move"),
    }
    Ok(ExitCode::SUCCESS)
}
