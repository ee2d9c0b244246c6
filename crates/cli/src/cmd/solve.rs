//! `deckmate solve GAME`: exact values of positions, and statistics over
//! many deals, for the games whose entry offers an exact solver (the
//! capability [`ExactSolver`]; Chess Cards). This is the solver's shell:
//! it reads the command line, and prints what the game's solver reports.

use super::options::usage_error;
use crate::game_options::{check_choices, SolverOptionArgs};
use crate::games::GameArg;
use clap::Args;
use deckmate_games::registry::{DealSet, DealsRequest, ExactSolver, GameEntry, PositionRequest};
use serde_json::json;
use std::collections::VecDeque;
use std::io::Write;
use std::process::ExitCode;
use std::time::{Duration, Instant};

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
dealer's average score and who wins single games and whole matches. A deal\n\
takes about a tenth of a second, every deal about two hours on two cores:\n\
give --values FILE to keep the values found, and run the same command again\n\
to go on where it stopped. A run that ends leaves FILE in the deals' order.")]
pub struct SolveArgs {
    /// The game (one with an exact solver).
    #[arg(value_parser = GameArg::new("solve", solvable, not_solved))]
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
    /// Solve this many seeded deals (seeds --seed, --seed + 1, ...).
    #[arg(long, conflicts_with = "all_deals", value_parser = clap::value_parser!(u64).range(1..))]
    deals: Option<u64>,
    /// The first seed for --deals.
    #[arg(long, default_value = "1")]
    seed: u64,
    /// Solve every possible deal (184,756 in Chess Cards).
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
    #[command(flatten)]
    options: SolverOptionArgs,
}

/// Why the board games are not solved.
const NOT_SOLVED: &str = "the board games have 'deckmate analyse'";

/// The hint of a game without a solver.
fn not_solved(_: &GameEntry) -> String {
    NOT_SOLVED.into()
}

/// The games this command solves: those whose entry offers an exact
/// solver.
fn solvable(g: &GameEntry) -> bool {
    g.capabilities.solver.is_some()
}

/// Runs the command.
pub fn run(args: SolveArgs) -> Result<ExitCode, String> {
    let Some(solver) = args.game.capabilities.solver else {
        return Err(format!("{}: {NOT_SOLVED}", args.game.key));
    };
    let options = match args.options.for_game(args.game) {
        Ok(o) => o,
        Err(m) => return Ok(usage_error(&m)),
    };
    if let Err(m) = check_choices(args.game, &options) {
        return Ok(usage_error(&m));
    }
    let threads = args.threads.unwrap_or_else(|| {
        std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1)
    });
    if args.all_deals || args.deals.is_some() {
        let deals = if args.all_deals {
            DealSet::All { limit: args.limit }
        } else {
            DealSet::Seeded {
                seed: args.seed,
                n: args.deals.unwrap_or(0),
            }
        };
        let request = DealsRequest {
            deals,
            options: &options,
            threads,
            values: args.values.as_deref(),
            summary: args.summary,
        };
        return many(solver, &request, args.json);
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
    let t = std::time::Instant::now();
    let solved = solver.solve(&PositionRequest {
        hands: [dealer, other],
        moves: &args.moves,
        options: &options,
    })?;
    let secs = t.elapsed().as_secs_f64();
    if args.json {
        outln!("{}", json!({ "value": solved.value, "line": solved.line }));
    } else {
        out!("{}", solved.report);
        errln!("({} positions searched in {secs:.2} s)", solved.nodes);
    }
    Ok(ExitCode::SUCCESS)
}

/// Solves many deals, the progress on standard error.
fn many(
    solver: &dyn ExactSolver,
    request: &DealsRequest,
    json_out: bool,
) -> Result<ExitCode, String> {
    let total = solver.deal_count(request.deals);
    let rate = std::sync::Mutex::new(Rate::default());
    let progress = |done: u64| {
        if !json_out {
            let pace = rate
                .lock()
                .ok()
                .and_then(|mut r| r.pace(Instant::now(), done, total))
                .unwrap_or_default();
            let mut e = std::io::stderr().lock();
            // Spaces clear what a longer line before left.
            let _ = write!(e, "\r{done}/{total} deals solved{pace}   ");
            let _ = e.flush();
        }
    };
    let report = solver.solve_deals(request, &progress)?;
    if json_out {
        outln!("{}", report.json);
    } else {
        if !request.summary {
            errln!();
        }
        out!("{}", report.report);
    }
    Ok(if report.write_failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

/// The pace of a long run, from the deals done over the last minute (a run
/// taken up again counts its known deals at once, which the window soon
/// forgets).
#[derive(Default)]
struct Rate {
    /// (when, deals done), oldest first, the last [`Rate::WINDOW`].
    seen: VecDeque<(Instant, u64)>,
}

impl Rate {
    const WINDOW: Duration = Duration::from_secs(60);

    /// Notes `done` at `now`; once two seconds have been seen, says how
    /// many deals a second and how long the rest will take:
    /// ", 24.5 a second, about 2 h 05 min left".
    fn pace(&mut self, now: Instant, done: u64, total: u64) -> Option<String> {
        self.seen.push_back((now, done));
        while self.seen.len() > 2
            && self
                .seen
                .front()
                .is_some_and(|&(t, _)| now.duration_since(t) > Self::WINDOW)
        {
            self.seen.pop_front();
        }
        let &(t0, d0) = self.seen.front()?;
        let secs = now.duration_since(t0).as_secs_f64();
        if secs < 2.0 || done <= d0 {
            return None;
        }
        let per_second = (done - d0) as f64 / secs;
        let left = total.saturating_sub(done) as f64 / per_second;
        Some(format!(
            ", {per_second:.1} a second, about {} left",
            duration_text(left)
        ))
    }
}

/// A time to wait, as a person says it: "40 s", "14 min", "2 h 05 min".
fn duration_text(secs: f64) -> String {
    let s = secs.round().max(0.0) as u64;
    match s {
        0..=119 => format!("{s} s"),
        120..=5999 => format!("{} min", (s + 30) / 60),
        _ => {
            let m = (s + 30) / 60;
            format!("{} h {:02} min", m / 60, m % 60)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_wait_is_said_in_seconds_minutes_or_hours() {
        assert_eq!(duration_text(40.2), "40 s");
        assert_eq!(duration_text(840.0), "14 min");
        assert_eq!(duration_text(7500.0), "2 h 05 min");
        assert_eq!(duration_text(-3.0), "0 s");
    }

    #[test]
    fn the_pace_is_that_of_the_last_minute() {
        let mut r = Rate::default();
        let t = Instant::now();
        assert_eq!(r.pace(t, 0, 1000), None);
        // Known deals counted at once, then 10 a second.
        assert_eq!(r.pace(t + Duration::from_secs(1), 500, 1000), None);
        for k in 2..=100u64 {
            r.pace(t + Duration::from_secs(k), 500 + 10 * (k - 1), 1000);
        }
        // After the minute has passed, the burst is forgotten.
        let p = r.pace(t + Duration::from_secs(101), 500 + 1000, 2500);
        assert_eq!(p.as_deref(), Some(", 10.0 a second, about 100 s left"));
        // The window stays bounded.
        assert!(r.seen.len() <= 62, "{}", r.seen.len());
    }
}
