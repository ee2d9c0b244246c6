//! Chess Cards' exact solver as the registry's capability
//! ([`ExactSolver`]): a position from the hands as dealt and the plays
//! since, solved with its best line; and many deals solved, with the
//! dealer's average score and who wins single games and whole matches
//! (M11), kept in a values file across runs.

use super::engine::deals::{self, DealStats, Deals, RunOptions};
use super::notation::{parse_turn, turn_text};
use super::values_file::ValuesFile;
use super::EndReason;
use super::{ChessCards, End, Hand, SacrificeCount, Solver, Turn};
use crate::registry::{
    DealSet, DealsReport, DealsRequest, ExactSolver, Options, PositionRequest, Solution,
};
use serde_json::json;
use std::collections::HashMap;
use std::fmt::Write as _;
use std::sync::atomic::{AtomicBool, Ordering};

/// Chess Cards' solver, for its entry.
pub static EXACT: ChessCardsSolver = ChessCardsSolver;

/// Chess Cards' exact solver (the capability).
#[derive(Clone, Copy, Debug)]
pub struct ChessCardsSolver;

/// How sacrifices count (M9), from the options.
fn count_of(options: &Options) -> SacrificeCount {
    match options.given("sacrifices").unwrap_or_default() {
        "gross" => SacrificeCount::Gross,
        _ => SacrificeCount::Net,
    }
}

fn deals_of(set: DealSet) -> Deals {
    match set {
        DealSet::Seeded { seed, n } => Deals::Seeded { seed, n },
        DealSet::All { limit } => Deals::All { limit },
    }
}

/// The position given: the deal and the plays (move numbers skipped).
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

/// The line as numbered text, a mate marked `#` and each multiplier
/// above 10 by a `!` (`9. bQ#!`).
fn line_text(start: &ChessCards, line: &[Turn]) -> String {
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
        if let Some(End {
            reason: EndReason::Mate { multiplier, .. },
            ..
        }) = g.finish
        {
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
    g.finish.map_or("the game goes on".into(), |f| f.describe())
}

fn pct(n: u64, of: u64) -> f64 {
    100.0 * n as f64 / of.max(1) as f64
}

impl ExactSolver for ChessCardsSolver {
    fn solve(&self, r: &PositionRequest) -> Result<Solution, String> {
        let g = position(r.hands[0], r.hands[1], r.moves, count_of(r.options))?;
        let mut solver = Solver::new();
        let (value, line) = solver.solve(&g);
        let turns: Vec<Turn> = line.iter().map(|&(_, t)| t).collect();
        let mut report =
            format!("Value: {value:+} (the dealer's score minus the other's, perfect play)\n");
        if turns.is_empty() {
            let _ = writeln!(report, "The game is over: {}.", outcome_text(&g));
        } else {
            let mut end = g.clone();
            for &t in &turns {
                end.play(t);
            }
            let _ = writeln!(report, "Best line: {}", line_text(&g, &turns));
            let _ = writeln!(report, "Result: {}.", outcome_text(&end));
        }
        Ok(Solution {
            value,
            line: turns.iter().map(|&t| turn_text(t)).collect(),
            report,
            nodes: solver.nodes,
        })
    }

    fn deal_count(&self, deals: DealSet) -> u64 {
        deals_of(deals).count()
    }

    fn solve_deals(
        &self,
        r: &DealsRequest,
        progress: &(dyn Fn(u64) + Sync),
    ) -> Result<DealsReport, String> {
        let deals = deals_of(r.deals);
        let count = count_of(r.options);
        if deals.count() == 0 {
            return Err("--deals: give at least 1".into());
        }
        // A summary only reads the file (a run may be appending to it).
        let read_only = match (r.summary, r.values) {
            (true, Some(p)) => ValuesFile::read(p, deals, count)?,
            _ => HashMap::new(),
        };
        let file = r
            .values
            .filter(|_| !r.summary)
            .map(|p| ValuesFile::open(p, deals, count))
            .transpose()?;
        let known = file.as_ref().map_or(&read_only, |f| &f.known);
        let failed = AtomicBool::new(false);
        let first_failure = std::sync::Mutex::new(None::<String>);
        let on_solved = |i: u64, v1: i32, mv: i32| {
            if let Some(f) = &file {
                if let Err(e) = f.append(i, v1, mv) {
                    if !failed.swap(true, Ordering::Relaxed) {
                        if let Ok(mut slot) = first_failure.lock() {
                            *slot = Some(e.to_string());
                        }
                    }
                }
            }
        };
        let opts = RunOptions {
            count,
            threads: r.threads,
            // Neighbouring deals of every deal share most of their
            // positions: a large table per thread keeps them (256 MiB;
            // 512 MiB was no faster, memory being shared by the threads).
            table_bits: if matches!(deals, Deals::All { .. }) {
                24
            } else {
                22
            },
            known,
            on_solved: &on_solved,
            progress,
        };
        let s: DealStats = if r.summary {
            DealStats::from_known(known)
        } else {
            deals::solve_deals(deals, &opts)
        };
        let values = r.values.map_or(String::new(), |p| p.display().to_string());
        let which = match deals {
            _ if r.summary => format!("those in {values}"),
            Deals::Seeded { seed, n } => {
                format!("seeded deals {seed}..{}", seed.saturating_add(n - 1))
            }
            Deals::All { limit: None } => "every possible deal".into(),
            Deals::All { limit: Some(l) } => format!(
                "a fair sample of {l} of all deals: the first in the fixed order of --all-deals"
            ),
        };
        // A sample of the deals (not all of them): how far its figures may
        // be from those of every deal.
        let margins = s
            .margins(deals)
            .filter(|m| m[0] > 0.0 || !matches!(deals, Deals::All { .. }));
        let json = json!({
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
            "threads": r.threads,
            "solved_now": s.times.len(),
            "wall_seconds": s.wall,
            "median_seconds_per_deal": s.median_time(),
        });
        let mut report = String::new();
        if let Ok(Some(e)) = first_failure.lock().map(|f| f.clone()) {
            let _ = writeln!(report, "warning: could not write the values file: {e}");
        }
        let from_file = s.deals - s.times.len() as u64;
        let earlier = match r.values {
            Some(p) if from_file > 0 => format!(" ({from_file} of them from {})", p.display()),
            _ => String::new(),
        };
        let threads = r.threads;
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
        if r.summary {
            let _ = writeln!(
                report,
                "{} deals in {values}, solved exactly (both games of each match) by earlier runs.",
                s.deals
            );
        } else {
            let _ = writeln!(
                report,
                "Solved {} deals ({which}) exactly{earlier}, both games of each match; {now}.",
                s.deals
            );
        }
        let pm = |k: usize, scale: f64| {
            margins.map_or(String::new(), |m| format!(" +-{:.1}", m[k] * scale))
        };
        let _ = writeln!(
            report,
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
            let _ = writeln!(report, "(A sample: +- is the 95% margin for all deals.)");
        }
        let _ = writeln!(
            report,
            "Matches: the first dealer's average total margin {:+.2}; he wins {:.1}%, the other {:.1}%, {:.1}% drawn.",
            s.match_total as f64 / s.deals.max(1) as f64,
            pct(s.matches[0], s.deals),
            pct(s.matches[1], s.deals),
            pct(s.matches[2], s.deals)
        );
        // The file in the deals' order, once nothing is appended to it
        // any more (not after a failed write: the file is left as it is).
        let mut write_failed = failed.load(Ordering::Relaxed);
        if let Some(f) = file.filter(|_| !write_failed) {
            if let Err(e) = f.finish() {
                let _ = writeln!(report, "The values file was not put in order: {e}");
                write_failed = true;
            }
        }
        Ok(DealsReport {
            json,
            report,
            write_failed,
        })
    }
}
