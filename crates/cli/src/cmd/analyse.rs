//! `deckmate analyse GAME [--fen F | --moves M] [--depth D | --time S]
//! [--lines N] [--all-cards]`, for every game with engine tools in the
//! registry.
//!
//! Where chance acts next (52Chess before a draw) the analysis gives the
//! expected score of the side about to draw, and `--all-cards` the best
//! move and score for every card.

use super::perft::study;
use crate::game_options::BoardOptionArgs;
use crate::games::{no_board_hint, GameArg};
use clap::Args;
use deckmate_engine::{score_text, Limits};
use deckmate_games::registry::{mean_outcome_score, AnalysisRequest, GameEntry, Study};
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// Arguments of `deckmate analyse`.
#[derive(Args)]
#[command(
    override_usage = "deckmate analyse [OPTIONS] <GAME>\n       deckmate analyse [OPTIONS] --variant-file <PATH>"
)]
#[command(after_help = "Examples:\n  deckmate analyse cardmate --depth 8\n  \
deckmate analyse cardmate --time 5 --moves \"1. 4Ci3 4Db6\"\n  \
deckmate analyse cuarenta --time 5 --moves \"1. Pdc4\"\n  \
deckmate analyse cuarenta --depth 7 --lines 3           (the three best moves, each with its line)\n  \
deckmate analyse --variant-file variants/chess.toml --depth 6 --moves \"1. e4 e5\"\n  \
deckmate analyse 52chess --moves \"1. [7H] b6 [5C]\"       (the card drawn: the best move for it)\n  \
deckmate analyse 52chess --moves \"1. [7H] b6\" --all-cards --time 0.5\n\n\
Scores are for the side to move, in hundredths of the game's unit (a One,\n\
a pawn); \"win in N\" counts plies. In 52Chess a score is an expected\n\
score: the cards still to be drawn are averaged over.")]
pub struct AnalyseArgs {
    /// The game (a board game).
    #[arg(value_parser = GameArg::new("analyse", |g| g.tools.is_some(), no_board_hint), required_unless_present = "variant_file")]
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
    /// Search for this many seconds (default 5 when no depth is given;
    /// with --all-cards, per card, default 1).
    #[arg(long, short, value_parser = super::options::analysis_seconds)]
    time: Option<f64>,
    /// Before a draw (52Chess): the best move and expected score for each
    /// card that may be drawn, then their mean.
    #[arg(long, conflicts_with = "lines")]
    all_cards: bool,
    /// Give this many of the best moves (1-5), each with its score and
    /// line, as the web app's analysis board does.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(1..=5))]
    lines: Option<u8>,
    /// Seed of a setup drawn at random, for the games that have one
    /// (default 0).
    #[arg(long)]
    seed: Option<u64>,
    #[command(flatten)]
    options: BoardOptionArgs,
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
    if let Some(end) = pos.outcome() {
        outln!("The game is over: {}", end.reason);
        return Ok(ExitCode::SUCCESS);
    }
    if args.all_cards {
        return all_cards(pos.as_ref(), game, args.depth, args.time);
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
        soft: None,
        whole_time: false,
    };
    if let Some(n) = args.lines.filter(|&n| n > 1) {
        return lines(pos.as_ref(), limits, usize::from(n));
    }
    let chance = pos.chance_acts();
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
        None if chance => {
            outln!();
            outln!("before the draw: no move yet (a card is to be drawn)");
            outln!(
                "expected score for the side to draw: {}",
                score_text(a.score)
            );
            outln!("(--all-cards gives the best move for each card)");
        }
        None => outln!("no legal move"),
    }
    Ok(ExitCode::SUCCESS)
}

/// `--lines N`: after each depth, the best moves with their scores and
/// lines.
fn lines(pos: &dyn Study, limits: Limits, n: usize) -> Result<ExitCode, String> {
    let request = AnalysisRequest {
        lines: n,
        limits,
        stop: Arc::new(AtomicBool::new(false)),
    };
    let mut last = None;
    let analysed = pos.analyse_lines(&request, &mut |r| {
        if r.done {
            last = Some(r);
            return;
        }
        outln!(
            "depth {:2}  nodes {:>10}  time {:6.2}s",
            r.depth,
            r.nodes,
            r.elapsed.as_secs_f64()
        );
        for (i, l) in r.lines.iter().enumerate() {
            outln!("  {}. {:>10}  {}", i + 1, l.score_text, l.text);
        }
    });
    match last {
        Some(r) if analysed && r.chance => {
            outln!();
            outln!("before the draw: no move yet (a card is to be drawn)");
            outln!(
                "expected score for the side to draw: {}",
                r.lines[0].score_text
            );
        }
        Some(r) if analysed => {
            outln!();
            outln!("best moves at depth {}:", r.depth);
            for (i, l) in r.lines.iter().enumerate() {
                outln!(
                    "  {}. {:<8} {:>10}  {}",
                    i + 1,
                    l.moves[0],
                    l.score_text,
                    l.text
                );
            }
        }
        _ => outln!("no legal move"),
    }
    Ok(ExitCode::SUCCESS)
}

/// `--all-cards`: every card analysed within the per-card limits, then
/// the mean of their scores.
fn all_cards(
    pos: &dyn Study,
    game: &GameEntry,
    depth: Option<u32>,
    time: Option<f64>,
) -> Result<ExitCode, String> {
    if !pos.chance_acts() {
        return Err(format!(
            "--all-cards: no card is to be drawn in this position of {}: it takes a position \
             before a draw (in 52Chess, leave the last card out of --moves)",
            game.name
        ));
    }
    let limits = Limits {
        depth,
        nodes: None,
        time: match (depth, time) {
            (_, Some(t)) => Some(Duration::from_secs_f64(t)),
            (None, None) => Some(Duration::from_secs(1)),
            (Some(_), None) => None,
        },
        soft: None,
        whole_time: false,
    };
    outln!("card    weight  depth  score       best move  line");
    let mut names: Vec<String> = Vec::new();
    let outcomes = pos.analyse_outcomes(&limits, &mut |o| {
        let a = &o.analysis;
        let best = a.best.as_deref().unwrap_or("-");
        let line = match o.same_as.and_then(|i| names.get(i)) {
            Some(first) => format!("(the same moves as {first})"),
            None => a.line.clone(),
        };
        names.push(o.outcome.clone());
        outln!(
            "{:<7} {:>6}  {:>5}  {:>10}  {:<10} {}",
            o.outcome,
            o.weight,
            a.depth,
            score_text(a.score),
            best,
            line
        );
    });
    let distinct = outcomes.iter().filter(|o| o.same_as.is_none()).count();
    outln!();
    outln!(
        "{} cards ({distinct} searched, the others give the same moves as one of them)",
        outcomes.len()
    );
    outln!(
        "expected score for the side to draw: {} (the mean over the cards)",
        score_text(mean_outcome_score(&outcomes))
    );
    Ok(ExitCode::SUCCESS)
}
