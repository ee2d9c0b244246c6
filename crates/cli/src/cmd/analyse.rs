//! `deckmate analyse GAME [--fen F | --moves M] [--depth D | --time S]`.

use super::options::{usage_error, CardmateOptions};
use super::perft::start_position;
use crate::variant::{GameParser, Variant, BOARD_GAMES, NO_BOARD};
use clap::Args;
use deckmate_engine::{Limits, Searcher, WIN};
use deckmate_games::cardmate::{notation, CardmateEval, Position};
use deckmate_rules::Game;
use std::process::ExitCode;
use std::time::Duration;

/// Arguments of `deckmate analyse`.
#[derive(Args)]
#[command(after_help = "Examples:\n  deckmate analyse cardmate --depth 8\n  \
deckmate analyse cardmate --time 5 --moves \"1. 4Ci3 4Db6\"\n\n\
Scores are for the side to move, in hundredths of a One; \"win in N\" counts plies.")]
pub struct AnalyseArgs {
    /// The game (a board game).
    #[arg(value_parser = GameParser::new("analyse", BOARD_GAMES, NO_BOARD))]
    game: Variant,
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
    #[command(flatten)]
    options: CardmateOptions,
}

/// A line of moves in notation, played from `pos`.
pub fn line(pos: &Position, moves: &[deckmate_games::cardmate::Move]) -> String {
    let mut p = pos.clone();
    let mut out = Vec::new();
    for &m in moves {
        let dots = if p.side_to_move() == deckmate_rules::Seat::First {
            "."
        } else {
            "..."
        };
        if p.side_to_move() == deckmate_rules::Seat::First || out.is_empty() {
            out.push(format!("{}{dots}", p.fullmove()));
        }
        out.push(notation::write(&p, m));
        p.play_move(m);
    }
    out.join(" ")
}

/// A score in words.
pub fn score_text(score: i32) -> String {
    if score > WIN - 1000 {
        format!("win in {}", WIN - score)
    } else if score < -WIN + 1000 {
        format!("loss in {}", WIN + score)
    } else {
        format!("{score:+}")
    }
}

/// Runs the analysis.
pub fn run(args: AnalyseArgs) -> Result<ExitCode, String> {
    match args.game {
        Variant::Cardmate => {}
        Variant::Cuarenta => return run_cuarenta(&args),
        Variant::ChessCards => return Err(args.game.unsupported("analyse")),
    }
    let pos = start_position(&args.options, args.fen.as_deref(), args.moves.as_deref())?;
    if let Some(t) = args.time {
        if !(t > 0.0 && t < 1e6) {
            return Err(format!("--time {t}: give a positive number of seconds"));
        }
    }
    if pos.end_state().is_some() {
        outln!(
            "The game is over: {}",
            pos.end_state().map(|e| e.describe()).unwrap_or_default()
        );
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
    let mut searcher = Searcher::new(CardmateEval::default(), 64);
    let r = searcher.search(&pos, &limits, &mut |rep| {
        outln!(
            "depth {:2}  score {:>10}  nodes {:>10}  nps {:>8}  time {:6.2}s  pv {}",
            rep.depth,
            score_text(rep.score),
            rep.nodes,
            rep.nps,
            rep.elapsed.as_secs_f64(),
            line(&pos, &rep.pv)
        );
    });
    match r.best {
        Some(m) => {
            outln!();
            outln!("best move: {}", notation::write(&pos, m));
            if !r.pv.is_empty() {
                outln!("best line: {}", line(&pos, &r.pv));
            }
            outln!("score:     {}", score_text(r.score));
        }
        None => outln!("no legal move"),
    }
    Ok(ExitCode::SUCCESS)
}

/// `deckmate analyse cuarenta`: the same report in Cuarenta's notation.
fn run_cuarenta(args: &AnalyseArgs) -> Result<ExitCode, String> {
    use deckmate_games::cuarenta::engine as cuarenta_engine;
    if let Err(m) = args.options.refuse_for(Variant::Cuarenta, false) {
        return Ok(usage_error(&m));
    }
    let pos = super::perft::cuarenta_start(args.fen.as_deref(), args.moves.as_deref())?;
    if let Some(t) = args.time {
        if !(t > 0.0 && t < 1e6) {
            return Err(format!("--time {t}: give a positive number of seconds"));
        }
    }
    if let Some(end) = pos.end_state() {
        outln!("The game is over: {}", end.describe());
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
    let a = cuarenta_engine::analyse(&pos, &limits, |rep, line| {
        outln!(
            "depth {:2}  score {:>10}  nodes {:>10}  nps {:>8}  time {:6.2}s  pv {}",
            rep.depth,
            score_text(rep.score),
            rep.nodes,
            rep.nps,
            rep.elapsed.as_secs_f64(),
            cuarenta_engine::numbered(&pos, line)
        );
    });
    match a.best {
        Some(m) => {
            outln!();
            outln!("best move: {}", pos.move_text(m));
            outln!("best line: {}", cuarenta_engine::numbered(&pos, &a.line));
            outln!("score:     {}", score_text(a.score));
        }
        None => outln!("no legal move"),
    }
    Ok(ExitCode::SUCCESS)
}
