//! The options of `deckmate match --engine ...` (matches against other
//! engines, [`super::engine_match`]) and their reading.

use super::engine_match::duel::{Adjudication, TimeControl};
use super::engine_match::elo::Sprt;
use super::engine_match::{openings, own_engine, EngineMatch};
use clap::Args;
use deckmate_games::registry::GameEntry;
use std::process::ExitCode;

/// The options of a match against outside engines (with `--engine`).
#[derive(Args)]
pub struct EngineMatchArgs {
    /// With --engine: the time control, seconds plus an increment a move,
    /// or a fixed time for every move (`0.5/move`: UCI's `go movetime`;
    /// a move may overrun it by a tenth and 100 ms before its flag falls).
    #[arg(
        long,
        default_value = "10+0.1",
        value_name = "SECONDS[+INC]|SECONDS/move"
    )]
    tc: TimeControl,
    /// With --engine: the openings, one a row (moves from the start, or
    /// `fen POSITION [moves ...]`); each played twice, seats swapped.
    #[arg(long, value_name = "FILE")]
    openings: Option<String>,
    /// With --engine and no --openings: random plies from the start.
    #[arg(long, default_value = "4", value_parser = clap::value_parser!(u32).range(0..=40))]
    random_plies: u32,
    /// With --engine and no --openings: play only starts that deckmate's
    /// engine scores within this many hundredths of even (a search of
    /// 20,000 nodes); a pair draws up to 50 starts, each with a seed of
    /// its own from the match's seed.
    #[arg(long, value_name = "CP", value_parser = clap::value_parser!(u32).range(1..=100_000))]
    balance: Option<u32>,
    /// With --engine: a game still going after this many plies is a draw.
    #[arg(long, default_value = "400", value_parser = clap::value_parser!(u64).range(10..=10_000))]
    max_plies: u64,
    /// With --engine: a side whose engine scores itself lost by this many
    /// hundredths (or mated) ...
    #[arg(long, default_value = "1000", value_parser = clap::value_parser!(u32).range(100..=100_000))]
    resign_score: u32,
    /// ... on this many of its moves in a row resigns (0: never).
    #[arg(long, default_value = "4", value_parser = clap::value_parser!(u32).range(0..=1000))]
    resign_moves: u32,
    /// With --engine: stop once the SPRT decides: elo0,elo1[,alpha,beta]
    /// (weighed by pairs of games, each start twice with the seats swapped).
    #[arg(long, value_name = "ELO0,ELO1[,ALPHA,BETA]")]
    sprt: Option<Sprt>,
    /// With --engine: the records, one PGN file (default OUT/match.pgn).
    #[arg(long, value_name = "FILE")]
    pgn: Option<String>,
    /// With --engine: an option of engine A, NAME=VALUE (repeatable).
    #[arg(long, value_name = "NAME=VALUE")]
    option: Vec<String>,
    /// With --engine: an option of engine B, NAME=VALUE (repeatable).
    #[arg(long, value_name = "NAME=VALUE")]
    option2: Vec<String>,
    /// With one --engine: deckmate's level (1-8, UCI's Skill Level).
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=8))]
    level: Option<u8>,
}

fn options(list: &[String]) -> Result<Vec<(String, String)>, String> {
    list.iter()
        .map(|o| {
            o.split_once('=')
                .map(|(n, v)| (n.trim().to_string(), v.trim().to_string()))
                .filter(|(n, _)| !n.is_empty())
                .ok_or_else(|| format!("'{o}': an option is NAME=VALUE"))
        })
        .collect()
}

/// Runs a match against outside engines.
pub fn run(
    game: &'static GameEntry,
    engines: &[String],
    args: &EngineMatchArgs,
    variant_file: Option<&str>,
    games: u32,
    seed: u64,
    out: &str,
) -> Result<ExitCode, String> {
    let folder = variant_file.map(|f| {
        let p = std::path::Path::new(f)
            .parent()
            .and_then(|p| p.to_str())
            .unwrap_or("");
        if p.is_empty() {
            ".".to_string()
        } else {
            p.to_string()
        }
    });
    let (commands, opts) = match engines {
        [a] => {
            let (own, own_opts) = own_engine(folder.as_deref(), args.level)?;
            ([a.clone(), own], [options(&args.option)?, own_opts])
        }
        [a, b] => {
            if args.level.is_some() {
                return Err("--level sets deckmate's engine: with two --engine, use --option2 \"Skill Level=N\"".into());
            }
            (
                [a.clone(), b.clone()],
                [options(&args.option)?, options(&args.option2)?],
            )
        }
        _ => return Err("give one --engine (against deckmate) or two".to_string()),
    };
    let opts = if engines.len() == 1 {
        let [a, own] = opts;
        let mut own = own;
        own.extend(options(&args.option2)?);
        [a, own]
    } else {
        opts
    };
    let openings = match &args.openings {
        Some(_) if args.balance.is_some() => {
            return Err("--balance judges the starts made up: not with --openings".to_string())
        }
        Some(path) => openings::read_file(path, game, seed)?,
        None => Vec::new(),
    };
    std::fs::create_dir_all(out).map_err(|e| format!("cannot create {out}: {e}"))?;
    let m = EngineMatch {
        game,
        commands,
        options: opts,
        games,
        tc: args.tc,
        openings,
        random_plies: args.random_plies,
        balance: args.balance.and_then(|b| i32::try_from(b).ok()),
        seed,
        adjudication: Adjudication {
            max_plies: usize::try_from(args.max_plies).unwrap_or(usize::MAX),
            resign_cp: i32::try_from(args.resign_score).unwrap_or(i32::MAX),
            resign_moves: args.resign_moves,
        },
        sprt: args.sprt,
        pgn: args
            .pgn
            .clone()
            .unwrap_or_else(|| format!("{out}/match.pgn")),
    };
    super::engine_match::run(&m)?;
    Ok(ExitCode::SUCCESS)
}
