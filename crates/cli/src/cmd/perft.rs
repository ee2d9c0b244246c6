//! `deckmate perft GAME --depth N [--divide] [--fen F] [--moves M]`, for
//! every game with engine tools in the registry; also the position that
//! `analyse` studies ([`study`]).

use super::options::usage_error;
use crate::game_options::{refusal, BoardOptionArgs, GameOptionArgs};
use crate::games::{GameArg, NO_BOARD_HINT};
use clap::Args;
use deckmate_games::chess52::{self, Card, Chess52};
use deckmate_games::list::GAMES;
use deckmate_games::registry::{GameEntry, Study};
use deckmate_rules::Game;
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
    #[arg(value_parser = GameArg::new("perft", |g| g.tools.is_some() || g.key == chess52::KEY, NO_BOARD_HINT), required_unless_present = "variant_file")]
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
    /// 52Chess: the cards of each ply, one per ply (`"7H QS"`).
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
    if game.key == chess52::KEY {
        return run_chess52(&args, game);
    }
    if args.cards.is_some() {
        return Ok(usage_error(&format!(
            "--cards is 52Chess's (the cards of each ply), not {}'s",
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
    count(pos.as_ref(), args.depth, args.divide);
    Ok(ExitCode::SUCCESS)
}

/// Counts and prints: the total, or each first move's count then the total.
fn count(pos: &dyn Study, depth: u32, divide: bool) {
    let t = Instant::now();
    let total = if divide {
        let mut total = 0;
        let mut lines = pos.perft_divide(depth);
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
        let n = pos.perft(depth);
        outln!("{n}");
        n
    };
    let secs = t.elapsed().as_secs_f64();
    errln!(
        "depth {depth} : {total} leaves in {secs:.3} s ({:.1} M leaves/s)",
        total as f64 / secs.max(1e-9) / 1e6
    );
}

/// 52Chess's perft (F10): from F2's start or `--fen`, after `--moves`
/// (cards and moves, `[7H] Nd3@c7 [QS] d10`), over all 52 cards or the
/// `--cards` given.
fn run_chess52(args: &PerftArgs, game: &'static GameEntry) -> Result<ExitCode, String> {
    if let Err(m) = args.options.for_game(game) {
        return Ok(usage_error(&m));
    }
    if args.seed.is_some() {
        return Ok(usage_error(
            "52Chess's perft counts every card: --seed decides nothing here (--cards fixes the draws)",
        ));
    }
    let mut pos = match &args.fen {
        Some(f) => chess52::fen::parse(f).map_err(|e| format!("--fen: {e}"))?,
        None => Chess52::start(),
    };
    if let Some(moves) = &args.moves {
        for (i, word) in moves
            .split_whitespace()
            .filter(|w| !w.trim_end_matches('.').chars().all(|c| c.is_ascii_digit()))
            .enumerate()
        {
            let mv = pos
                .parse_move(word)
                .map_err(|e| format!("--moves: ply {} '{word}': {e}", i + 1))?;
            pos.play_move(mv);
        }
    }
    let cards = match &args.cards {
        None => None,
        Some(text) => {
            let mut cards = Vec::new();
            for w in text.split_whitespace() {
                let name = w.trim_start_matches('[').trim_end_matches(']');
                match Card::parse(name) {
                    Some(c) => cards.push(c),
                    None => {
                        return Ok(usage_error(&format!(
                            "--cards: '{}' is not a card (rank A, 2-10, J, Q, K and suit C, D, H, S: 7H, 10S)",
                            super::terminal::quote(w)
                        )))
                    }
                }
            }
            if cards.len() != args.depth as usize {
                return Ok(usage_error(&format!(
                    "--cards gives {} card(s) for --depth {}: one card per ply",
                    cards.len(),
                    args.depth
                )));
            }
            if let Some(d) = pos.drawn() {
                return Err(format!(
                    "--moves ends with the card {d} drawn: --cards gives the cards of the plies to come"
                ));
            }
            Some(cards)
        }
    };
    let t = Instant::now();
    let total = if args.divide {
        let lines = divide52(&pos, args.depth, cards.as_deref());
        let mut total = 0;
        for (m, n) in &lines {
            outln!("{m}: {n}");
            total += n;
        }
        if args.depth == 0 {
            total = 1;
        }
        outln!();
        outln!("total: {total}");
        total
    } else {
        let n = match &cards {
            Some(c) => pos.perft_cards(c),
            None => pos.perft(args.depth),
        };
        outln!("{n}");
        n
    };
    let secs = t.elapsed().as_secs_f64();
    let depth = args.depth;
    errln!(
        "depth {depth} : {total} leaves in {secs:.3} s ({:.1} M leaves/s)",
        total as f64 / secs.max(1e-9) / 1e6
    );
    Ok(ExitCode::SUCCESS)
}

/// 52Chess's divide: with a card to draw, at depth 1 each card and its
/// moves' count (`7H: 20`), deeper each card and move (`[7H] Nd3@c7: 412`),
/// in the cards' order (F9); with the card drawn (or `cards` given), each
/// move of that card.
fn divide52(pos: &Chess52, depth: u32, cards: Option<&[Card]>) -> Vec<(String, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let drawn: Vec<Card> = match (pos.drawn(), cards) {
        (Some(c), _) => vec![c],
        (None, Some(cs)) => cs.first().copied().into_iter().collect(),
        (None, None) => Card::all().collect(),
    };
    let rest = cards.map_or(&[][..], |cs| cs.get(1..).unwrap_or(&[]));
    let mut out = Vec::new();
    for card in drawn {
        let mut at = pos.clone();
        let with_card = at.drawn().is_none();
        if with_card {
            at.play_move(chess52::Move::Draw(card));
        }
        if depth == 1 && with_card && cards.is_none() {
            out.push((card.to_string(), at.count_with(card)));
            continue;
        }
        let mut moves = Vec::new();
        at.legal_moves(&mut moves);
        for m in moves {
            let mut next = at.clone();
            next.play_move(m);
            let n = if cards.is_some() {
                next.perft_cards(rest)
            } else {
                next.perft(depth - 1)
            };
            let label = if with_card {
                format!("[{card}] {}", at.move_text(m))
            } else {
                at.move_text(m)
            };
            out.push((label, n));
        }
    }
    out
}
