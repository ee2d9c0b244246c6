//! `deckmate solve chess-cards`: exact values of Chess Cards positions,
//! and statistics over many deals.

use super::solve_values::ValuesFile;
use crate::games::GameArg;
use clap::Args;
use deckmate_games::chess_cards::engine::deals::{self, DealStats, Deals, RunOptions};
use deckmate_games::chess_cards::Solver;
use deckmate_games::chess_cards::{
    notation::{parse_turn, turn_text},
    ChessCards, End, Hand, SacrificeCount,
};
use deckmate_games::registry::GameEntry;
use serde_json::json;
use std::collections::HashMap;
use std::io::Write;
use std::process::ExitCode;

/// Arguments of `deckmate solve`.
#[derive(Args)]
#[command(after_help = "Examples:\n  \
deckmate solve chess-cards --dealer \"bQ rQ yQ wQ rR yR wR yB wN bP\" --other \"bR bB rB wB bN rN yN rP yP wP\"\n  \
deckmate solve chess-cards --dealer \"...\" --other \"...\" --moves \"yR (yP)yN wQ wB\" --json\n  \
deckmate solve chess-cards --deals 1000 --seed 1\n  \
deckmate solve chess-cards --all-deals --threads 2 --values all-deals.txt\n\n\
A position is the hands as dealt (10 cards each: suit w y r b, piece P N B R Q,\n\
e.g. bQ rR yB wN wP) and the plays made since, in the record notation: a\n\
sacrificed card in brackets before the card played, '*' after a Queen led\n\
with the privilege: \"yR (yP)yN wQ* wB\".\n\n\
The value is the dealer's score minus the other's under perfect play by both\n\
(positive: the dealer mates). With --json: {\"value\": v, \"line\": [plays]}.\n\n\
--deals and --all-deals solve both games of each match (M11) and report the\n\
dealer's average score and who wins single games and whole matches. Every\n\
deal takes about a second: give --values FILE to keep the values found, and\n\
run the same command again to go on where it stopped.")]
pub struct SolveArgs {
    /// The game (only chess-cards can be solved).
    #[arg(value_parser = GameArg::new("solve", solvable, NOT_SOLVED))]
    game: &'static GameEntry,
    /// The dealer's hand as dealt (he leads move 1).
    #[arg(long, conflicts_with_all = ["deals", "all_deals"])]
    dealer: Option<String>,
    /// The other player's hand as dealt.
    #[arg(long, conflicts_with_all = ["deals", "all_deals"])]
    other: Option<String>,
    /// Plays made since the deal, in the record notation.
    #[arg(long, default_value = "")]
    moves: String,
    /// How sacrifices count in the multiplier (M9): net or gross.
    #[arg(long, default_value = "net", value_parser = parse_count)]
    sacrifices: SacrificeCount,
    /// Solve this many seeded deals (seeds --seed, --seed + 1, ...).
    #[arg(long, conflicts_with = "all_deals", value_parser = clap::value_parser!(u64).range(1..))]
    deals: Option<u64>,
    /// The first seed for --deals.
    #[arg(long, default_value = "1")]
    seed: u64,
    /// Solve every one of the 184,756 possible deals.
    #[arg(long)]
    all_deals: bool,
    /// With --all-deals: stop after this many. The deals are solved in a
    /// fixed shuffled order (blocks of 32 neighbouring deals), so the first
    /// N are a fair sample of all of them.
    #[arg(long, requires = "all_deals")]
    limit: Option<u64>,
    /// Threads for --deals and --all-deals (default: the machine's cores).
    #[arg(long)]
    threads: Option<usize>,
    /// With --deals or --all-deals: keep every deal's values in FILE, one
    /// line each, and skip the deals it holds already; a long run can be
    /// stopped and taken up again, and the summary covers the whole file.
    #[arg(long, value_name = "FILE")]
    values: Option<std::path::PathBuf>,
    /// With --values: report on the deals in FILE (a sample while an
    /// --all-deals run is unfinished) without solving any more.
    #[arg(long, requires = "values")]
    summary: bool,
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

/// Why the board games are not solved.
const NOT_SOLVED: &str = "the board games have 'deckmate analyse'";

/// Reads `net` or `gross` (M9).
pub fn parse_count(s: &str) -> Result<SacrificeCount, String> {
    match s {
        "net" => Ok(SacrificeCount::Net),
        "gross" => Ok(SacrificeCount::Gross),
        _ => Err(format!(
            "'{s}': sacrifices count 'net' (default) or 'gross'"
        )),
    }
}

/// The position given on the command line: the deal and the plays.
pub fn position(
    dealer: &str,
    other: &str,
    moves: &str,
    count: SacrificeCount,
) -> Result<ChessCards, String> {
    let dealer = Hand::parse(dealer).map_err(|e| format!("--dealer: {e}"))?;
    let other = Hand::parse(other).map_err(|e| format!("--other: {e}"))?;
    let mut g = ChessCards::new(dealer, other, count)?;
    for (i, text) in moves.split_whitespace().enumerate() {
        // Move numbers ("3.") may be written; they are skipped.
        if text
            .trim_end_matches('.')
            .chars()
            .all(|c| c.is_ascii_digit())
        {
            continue;
        }
        if g.finish.is_some() {
            return Err(format!(
                "--moves: '{text}' (play {}) comes after the end",
                i + 1
            ));
        }
        let t = parse_turn(text).map_err(|e| format!("--moves: {e}"))?;
        if !g.turns().contains(&t) {
            return Err(format!(
                "--moves: {text} is not a legal play on move {} (play {})",
                g.move_no,
                i + 1
            ));
        }
        g.play(t);
    }
    Ok(g)
}

/// The principal line as numbered text: `9. bQ#!` style marks on a mate.
fn line_text(start: &ChessCards, line: &[deckmate_games::chess_cards::Turn]) -> String {
    let mut g = start.clone();
    let mut words = Vec::new();
    let mut first = true;
    for &t in line {
        if g.lead.is_none() || first {
            words.push(format!(
                "{}.{}",
                g.move_no,
                if g.lead.is_some() { ".." } else { "" }
            ));
        }
        first = false;
        let mut w = turn_text(t);
        g.play(t);
        if let Some(End::Mate { multiplier, .. }) = g.finish {
            w.push('#');
            for _ in 10..multiplier {
                w.push('!');
            }
        }
        words.push(w);
    }
    words.join(" ")
}

fn outcome_text(g: &ChessCards) -> String {
    g.finish.map_or("the game goes on".into(), |f| {
        f.describe(|seat| {
            if seat == deckmate_rules::Seat::First {
                "the dealer".into()
            } else {
                "the other".into()
            }
        })
    })
}

/// The games this command solves: Chess Cards, whose exact solver it runs
/// (this command is that solver's shell).
fn solvable(g: &GameEntry) -> bool {
    std::ptr::eq(g, &deckmate_games::chess_cards::ENTRY)
}

/// Runs the command.
pub fn run(args: SolveArgs) -> Result<ExitCode, String> {
    if !solvable(args.game) {
        return Err(format!(
            "{}: only chess-cards can be solved exactly (the board games have 'deckmate analyse')",
            args.game.key
        ));
    }
    let threads = args.threads.unwrap_or_else(|| {
        std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1)
    });
    if args.all_deals || args.deals.is_some() {
        let deals = if args.all_deals {
            Deals::All { limit: args.limit }
        } else {
            Deals::Seeded {
                seed: args.seed,
                n: args.deals.unwrap_or(0),
            }
        };
        return many(
            deals,
            args.sacrifices,
            threads,
            args.values.as_deref(),
            args.summary,
            args.json,
        );
    }
    if args.values.is_some() {
        return Err("--values goes with --deals or --all-deals".into());
    }
    let (Some(dealer), Some(other)) = (&args.dealer, &args.other) else {
        return Err(
            "give both hands (--dealer \"bQ rQ ...\" --other \"bR bB ...\"), or --deals N, or --all-deals"
                .into(),
        );
    };
    let g = position(dealer, other, &args.moves, args.sacrifices)?;
    let mut solver = Solver::new();
    let t = std::time::Instant::now();
    let (v, line) = solver.solve(&g);
    let secs = t.elapsed().as_secs_f64();
    let turns: Vec<_> = line.iter().map(|&(_, t)| t).collect();
    if args.json {
        let plays: Vec<String> = turns.iter().map(|&t| turn_text(t)).collect();
        outln!("{}", json!({ "value": v, "line": plays }));
    } else {
        let mut end = g.clone();
        for &t in &turns {
            end.play(t);
        }
        outln!("Value: {v:+} (the dealer's score minus the other's, perfect play)");
        if turns.is_empty() {
            outln!("The game is over: {}.", outcome_text(&g));
        } else {
            outln!("Best line: {}", line_text(&g, &turns));
            outln!("Result: {}.", outcome_text(&end));
        }
        errln!("({} positions searched in {secs:.2} s)", solver.nodes);
    }
    Ok(ExitCode::SUCCESS)
}

fn pct(n: u64, of: u64) -> f64 {
    100.0 * n as f64 / of.max(1) as f64
}

fn many(
    deals: Deals,
    count: SacrificeCount,
    threads: usize,
    values: Option<&std::path::Path>,
    summary: bool,
    json_out: bool,
) -> Result<ExitCode, String> {
    let total = deals.count();
    if total == 0 {
        return Err("--deals: give at least 1".into());
    }
    let progress = |done: u64| {
        if !json_out {
            let mut e = std::io::stderr().lock();
            let _ = write!(e, "\r{done}/{total} deals solved");
            let _ = e.flush();
        }
    };
    // A summary only reads the file (a run may be appending to it).
    let read_only = match (summary, values) {
        (true, Some(p)) => ValuesFile::read(p, deals, count)?,
        _ => HashMap::new(),
    };
    let file = values
        .filter(|_| !summary)
        .map(|p| ValuesFile::open(p, deals, count))
        .transpose()?;
    let known = file.as_ref().map_or(&read_only, |f| &f.known);
    let failed = std::sync::atomic::AtomicBool::new(false);
    let on_solved = |i: u64, v1: i32, mv: i32| {
        if let Some(f) = &file {
            if let Err(e) = f.append(i, v1, mv) {
                if !failed.swap(true, std::sync::atomic::Ordering::Relaxed) {
                    errln!("\nwarning: could not write the values file: {e}");
                }
            }
        }
    };
    let opts = RunOptions {
        count,
        threads,
        // Neighbouring deals of --all-deals share most of their positions:
        // a large table per thread keeps them (256 MiB; 512 MiB was no
        // faster, memory being shared by the threads).
        table_bits: if matches!(deals, Deals::All { .. }) {
            24
        } else {
            22
        },
        known,
        on_solved: &on_solved,
        progress: &progress,
    };
    let s: DealStats = if summary {
        DealStats::from_known(known)
    } else {
        let s = deals::solve_deals(deals, &opts);
        if !json_out {
            errln!();
        }
        s
    };
    let which = match deals {
        _ if summary => format!(
            "those in {}",
            values.map_or(String::new(), |p| p.display().to_string())
        ),
        Deals::Seeded { seed, n } => format!("seeded deals {seed}..{}", seed.saturating_add(n - 1)),
        Deals::All { limit: None } => "every possible deal".into(),
        Deals::All { limit: Some(l) } => {
            format!(
                "a fair sample of {l} of all deals: the first in the fixed order of --all-deals"
            )
        }
    };
    // A sample of the deals (not all of them): how far its figures may be
    // from those of every deal.
    let margins = s
        .margins(deals)
        .filter(|m| m[0] > 0.0 || !matches!(deals, Deals::All { .. }));
    if json_out {
        outln!(
            "{}",
            json!({
                "deals": s.deals,
                "which": which,
                "sacrifices": match count { SacrificeCount::Net => "net", SacrificeCount::Gross => "gross" },
                "game": {
                    "dealer_average": s.dealer_average(),
                    "dealer_wins": s.games[0], "other_wins": s.games[1], "draws": s.games[2],
                    "max_abs_value": s.max_abs,
                    "margins_95": margins.map(|m| json!({
                        "dealer_average": m[0],
                        "dealer_wins_share": m[1], "other_wins_share": m[2], "draws_share": m[3],
                    })),
                },
                "match": {
                    "first_dealer_average": s.match_total as f64 / s.deals.max(1) as f64,
                    "first_dealer_wins": s.matches[0], "other_wins": s.matches[1], "draws": s.matches[2],
                },
                "threads": threads,
                "solved_now": s.times.len(),
                "wall_seconds": s.wall,
                "median_seconds_per_deal": s.median_time(),
            })
        );
        return Ok(exit(&failed));
    }
    let from_file = s.deals - s.times.len() as u64;
    let earlier = match values {
        Some(p) if from_file > 0 => format!(" ({from_file} of them from {})", p.display()),
        _ => String::new(),
    };
    let now = if s.times.is_empty() {
        "none solved now".to_string()
    } else {
        format!(
            "{} solved now on {threads} {} in {:.1} s (median {:.3} s a deal)",
            s.times.len(),
            if threads == 1 { "thread" } else { "threads" },
            s.wall,
            s.median_time()
        )
    };
    if summary {
        outln!(
            "{} deals in {}, solved exactly (both games of each match) by earlier runs.",
            s.deals,
            values.map_or(String::new(), |p| p.display().to_string())
        );
    } else {
        outln!(
            "Solved {} deals ({which}) exactly{earlier}, both games of each match; {now}.",
            s.deals
        );
    }
    let pm =
        |k: usize, scale: f64| margins.map_or(String::new(), |m| format!(" +-{:.1}", m[k] * scale));
    outln!(
        "Single games: the dealer's average score {:+.2}{}; the dealer mates in {:.1}%{}, the other in {:.1}%{}, {:.1}%{} drawn; largest value {}.",
        s.dealer_average(),
        pm(0, 1.0),
        pct(s.games[0], s.deals),
        pm(1, 100.0),
        pct(s.games[1], s.deals),
        pm(2, 100.0),
        pct(s.games[2], s.deals),
        pm(3, 100.0),
        s.max_abs
    );
    if margins.is_some() {
        outln!("(A sample: +- is the 95% margin for all deals.)");
    }
    outln!(
        "Matches: the first dealer's average total margin {:+.2}; he wins {:.1}%, the other {:.1}%, {:.1}% drawn.",
        s.match_total as f64 / s.deals.max(1) as f64,
        pct(s.matches[0], s.deals),
        pct(s.matches[1], s.deals),
        pct(s.matches[2], s.deals)
    );
    Ok(exit(&failed))
}

/// Failure when some values could not be written to the values file.
fn exit(failed: &std::sync::atomic::AtomicBool) -> ExitCode {
    if failed.load(std::sync::atomic::Ordering::Relaxed) {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
