//! `deckmate perft GAME --depth N [--divide] [--fen F] [--moves M]`, for
//! every game with engine tools in the registry; also the position that
//! `analyse` studies ([`study`]).

use super::options::usage_error;
use crate::game_options::{refusal, BoardOptionArgs, GameOptionArgs};
use crate::games::{no_board_hint, GameArg};
use clap::Args;
use deckmate_games::list::GAMES;
use deckmate_games::registry::{GameEntry, GivenError, PerftCount, Study};
use std::process::ExitCode;
use std::time::Instant;

/// Arguments of `deckmate perft`.
#[derive(Args)]
#[command(
    override_usage = "deckmate perft [OPTIONS] <GAME>\n       deckmate perft [OPTIONS] --variant-file <PATH>"
)]
#[command(after_help = "Examples:\n  deckmate perft cardmate --depth 4\n  \
deckmate perft cardmate --depth 3 --divide --moves \"1. 4Ci3 4Db6\"\n  \
deckmate perft cardmate --depth 2 --fen \"<position string>\"\n  \
deckmate perft cardmate --depth 3 --setup deal --seed 7\n  \
deckmate perft cuarenta --depth 4\n  \
deckmate perft cuarenta --depth 2 --divide --moves \"1. Fa4 Pbc6\"\n  \
deckmate perft --variant-file variants/chess.toml --depth 3\n  \
deckmate perft 52chess --depth 2 --divide\n  \
deckmate perft 52chess --depth 2 --cards \"7H QS\"\n\n\
52Chess (F10) counts the sequences (card, move, ...) over all 52 cards; --cards\n\
gives the card of each ply instead (one per ply). --divide lists, at depth 1,\n\
each card's moves, deeper each (card, move)'s count.\n\n\
A game starts from its setup (its options below, and --seed for a setup\n\
drawn from one) or from --fen, its position string; an option of another\n\
game is refused.\n\n\
The count goes to standard output (with --divide: one line `<move>: <count>`\n\
per first move, sorted, then a blank line and `total: <count>`); time and\n\
speed go to standard error. A finished game has no moves: perft 0 at depth 1\n\
and deeper. A bad --fen or --moves is reported (the move's number, side and\n\
why) with exit status 1.")]
pub struct PerftArgs {
    /// The game (a board game).
    #[arg(value_parser = GameArg::new("perft", |g| g.tools.is_some(), no_board_hint), required_unless_present = "variant_file")]
    game: Option<&'static GameEntry>,
    /// Count the variant of this TOML file instead of a built-in game (docs/variant-files.md).
    #[arg(long, value_name = "PATH", conflicts_with = "game")]
    variant_file: Option<String>,
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
    /// Seed of a setup drawn at random, for the games that have one
    /// (default 0).
    #[arg(long)]
    seed: Option<u64>,
    /// Chance's outcome of each ply, one per ply, in the games where
    /// chance acts (52Chess: the cards, `"7H QS"`).
    #[arg(long)]
    cards: Option<String>,
    #[command(flatten)]
    options: BoardOptionArgs,
}

/// Why a position to study was refused: a usage error (an option of
/// another game or a bad option value, status 2) or bad input (a position
/// string or moves, status 1).
pub enum Refused {
    /// A usage error.
    Usage(String),
    /// Bad input.
    Input(String),
}

impl Refused {
    /// The command's end: the usage error printed (status 2), or the
    /// error for `main` to print (status 1).
    pub fn exit(self) -> Result<ExitCode, String> {
        match self {
            Refused::Usage(m) => Ok(usage_error(&m)),
            Refused::Input(m) => Err(m),
        }
    }
}

/// The position `perft` and `analyse` start from: `game`'s start from its
/// options and the seed (options and a seed it does not take refused by
/// name), or a position string, then moves.
pub fn study(
    command: &str,
    game: &'static GameEntry,
    options: &GameOptionArgs,
    seed: Option<u64>,
    fen: Option<&str>,
    moves: Option<&str>,
) -> Result<Box<dyn Study>, Refused> {
    let Some(tools) = game.tools else {
        return Err(Refused::Input(format!(
            "'{command}' does not support {}",
            game.key
        )));
    };
    if seed.is_some() && !tools.seeded_start() {
        let owners: Vec<&str> = GAMES
            .iter()
            .filter(|g| g.tools.is_some_and(|t| t.seeded_start()))
            .map(|g| g.name)
            .collect();
        let owners = match owners.as_slice() {
            [first @ .., last] if !first.is_empty() => format!("{} and {last}", first.join(", ")),
            _ => owners.concat(),
        };
        return Err(Refused::Usage(refusal(
            &["--seed".to_string()],
            &owners,
            game.name,
        )));
    }
    let options = options.for_game(game).map_err(Refused::Usage)?;
    tools
        .study(&options, seed.unwrap_or(0), fen, moves)
        .map_err(|e| match e {
            deckmate_games::registry::StudyError::Option(_) => Refused::Usage(e.to_string()),
            _ => Refused::Input(e.to_string()),
        })
}

/// Runs perft.
pub fn run(args: PerftArgs) -> Result<ExitCode, String> {
    let game = crate::variant_arg::game_of(args.game, args.variant_file.as_deref())?;
    let chance = game.tools.and_then(|t| t.chance_outcomes());
    if args.cards.is_some() && chance.is_none() {
        let owners: Vec<String> = GAMES
            .iter()
            .filter_map(|g| Some(format!("{}'s {}s", g.name, g.tools?.chance_outcomes()?)))
            .collect();
        return Ok(usage_error(&format!(
            "--cards gives chance's outcome at each ply ({}); {}'s perft has no chance",
            owners.join(", "),
            game.name
        )));
    }
    let pos = match study(
        "perft",
        game,
        &args.options,
        args.seed,
        args.fen.as_deref(),
        args.moves.as_deref(),
    ) {
        Ok(pos) => pos,
        Err(r) => return r.exit(),
    };
    match (&args.cards, chance) {
        (Some(text), Some(noun)) => {
            let given: Vec<&str> = text.split_whitespace().collect();
            if given.len() != args.depth as usize {
                return Ok(usage_error(&format!(
                    "--cards gives {} {noun}(s) for --depth {}: one {noun} per ply",
                    given.len(),
                    args.depth
                )));
            }
            let t = Instant::now();
            match pos.perft_given(&given, args.divide) {
                Ok(count) => print_count(count, args.depth, t),
                Err(GivenError::Usage(m)) => return Ok(usage_error(&m)),
                Err(GivenError::Input(m)) => return Err(m),
                Err(GivenError::NoChance) => {
                    return Err(format!("{}'s perft has no chance to fix", game.name))
                }
            }
        }
        _ => count(pos.as_ref(), args.depth, args.divide),
    }
    Ok(ExitCode::SUCCESS)
}

/// Counts and prints: the total, or each first move's count then the total.
fn count(pos: &dyn Study, depth: u32, divide: bool) {
    let t = Instant::now();
    let count = if divide {
        PerftCount::Divided(pos.perft_divide(depth))
    } else {
        PerftCount::Total(pos.perft(depth))
    };
    print_count(count, depth, t);
}

/// Prints a count begun at `t` (with a divide: one line a first move, a
/// blank line and the total), and the time and speed to standard error.
fn print_count(count: PerftCount, depth: u32, t: Instant) {
    let total = match count {
        PerftCount::Divided(lines) => {
            let mut total = 0;
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
        }
        PerftCount::Total(n) => {
            outln!("{n}");
            n
        }
    };
    let secs = t.elapsed().as_secs_f64();
    errln!(
        "depth {depth} : {total} leaves in {secs:.3} s ({:.1} M leaves/s)",
        total as f64 / secs.max(1e-9) / 1e6
    );
}
