//! `deckmate match GAME --a LEVEL --b LEVEL --games N`.

use crate::variant::Variant;
use clap::Args;
use deckmate_engine::matches::{self, GameResult, MatchConfig, MatchResult, PlayerSpec};
use std::process::ExitCode;
use std::time::Duration;

/// Arguments of `deckmate match`.
#[derive(Args)]
#[command(
    after_help = "Examples:\n  deckmate match cardmate --a 8 --b random --games 50 --time 1\n  \
deckmate match cardmate --a 4 --b 3 --games 40 --time 0.2 --out games/\n  \
deckmate match cuarenta --a 8 --b 1 --games 20 --time 0.2\n\n\
Cuarenta: each pair of games starts from the start position plus 4 random\n\
plies drawn from the seed.\n\
Sides alternate; each pair of games shares a setup (predefined, suits, ranks,\n\
deal in turn) drawn from the seed. Every game's record is saved."
)]
pub struct MatchArgs {
    /// The game.
    #[arg(value_enum)]
    game: Variant,
    /// Player A: a level 1-8 or `random`.
    #[arg(long)]
    a: PlayerSpec,
    /// Player B: a level 1-8 or `random`.
    #[arg(long)]
    b: PlayerSpec,
    /// Number of games.
    #[arg(long, default_value = "10")]
    games: u32,
    /// Seconds per move for engine players.
    #[arg(long, default_value = "1")]
    time: f64,
    /// Seed of the setups and players.
    #[arg(long, default_value = "1")]
    seed: u64,
    /// Folder for the records (created if needed).
    #[arg(long, default_value = "match-games")]
    out: String,
}

/// Runs the match.
pub fn run(args: MatchArgs) -> Result<ExitCode, String> {
    args.game
        .require(&[Variant::Cardmate, Variant::Cuarenta], "match")?;
    if !(args.time > 0.0 && args.time < 3600.0) {
        return Err(format!(
            "--time {}: give seconds per move, above 0",
            args.time
        ));
    }
    if args.game == Variant::Cuarenta {
        return run_cuarenta(&args);
    }
    std::fs::create_dir_all(&args.out).map_err(|e| format!("cannot create {}: {e}", args.out))?;
    let cfg = MatchConfig {
        a: args.a,
        b: args.b,
        games: args.games,
        time: Duration::from_secs_f64(args.time),
        seed: args.seed,
        max_plies: 600,
    };
    let mut save_err = None;
    let r = matches::run(&cfg, |i, g| {
        on_game(
            &args.out,
            "game",
            ["Forehand", "Rearhand"],
            &cfg.a,
            i,
            g,
            &mut save_err,
        )
    })?;
    finish(save_err, &cfg.a, &cfg.b, &r, &args.out)
}

/// Saves a finished game's record and prints its line.
fn on_game(
    out: &str,
    file: &str,
    seats: [&str; 2],
    a: &PlayerSpec,
    i: u32,
    g: &GameResult,
    save_err: &mut Option<String>,
) {
    let path = format!("{out}/{file}-{:03}.pgn", i + 1);
    if let Err(e) = std::fs::write(&path, g.record.to_string()) {
        *save_err = Some(format!("cannot write {path}: {e}"));
    }
    let result = g.record.result.clone().unwrap_or_default();
    let reason = g.record.tag("Termination").unwrap_or("");
    outln!(
        "game {:3}: A ({a}) as {}: {result} {reason} ({} plies)",
        i + 1,
        if g.a_forehand { seats[0] } else { seats[1] },
        g.record.moves.len()
    );
}

/// Reports a write error, or prints the match's score and Elo.
fn finish(
    save_err: Option<String>,
    a: &PlayerSpec,
    b: &PlayerSpec,
    r: &MatchResult,
    out: &str,
) -> Result<ExitCode, String> {
    if let Some(e) = save_err {
        return Err(e);
    }
    let (elo, margin) = r.elo();
    outln!();
    outln!(
        "A ({a}) vs B ({b}): +{} ={} -{}  score {:.1}%  Elo {elo:+.0} +- {margin:.0}",
        r.wins,
        r.draws,
        r.losses,
        100.0 * r.score(),
    );
    outln!("records in {out}/");
    Ok(ExitCode::SUCCESS)
}

/// `deckmate match cuarenta`.
fn run_cuarenta(args: &MatchArgs) -> Result<ExitCode, String> {
    use deckmate_engine::cuarenta_tools::{run_match, CuarentaMatch};
    std::fs::create_dir_all(&args.out).map_err(|e| format!("cannot create {}: {e}", args.out))?;
    let cfg = CuarentaMatch {
        a: args.a,
        b: args.b,
        games: args.games,
        time: Duration::from_secs_f64(args.time),
        seed: args.seed,
        random_plies: 4,
        max_plies: 600,
    };
    let mut save_err = None;
    let r = run_match(&cfg, |i, g| {
        on_game(
            &args.out,
            "cuarenta",
            ["White", "Black"],
            &cfg.a,
            i,
            g,
            &mut save_err,
        )
    })?;
    finish(save_err, &cfg.a, &cfg.b, &r, &args.out)
}
