//! `deckmate match GAME --a LEVEL --b LEVEL --games N`, for every game
//! with engine tools in the registry.

use crate::games::{no_board_hint, GameArg};
use clap::Args;
use deckmate_games::list::GAMES;
use deckmate_games::registry::{GameEntry, GameResult, MatchScore, MatchSettings, PlayerSpec};
use std::process::ExitCode;
use std::time::Duration;

/// A game still going after this many plies is a draw.
const MAX_PLIES: usize = 600;

/// The text after `deckmate match --help`'s options: examples, then how
/// each game's matches start, from the registry.
fn after_help() -> String {
    let mut text = String::from(
        "Examples:\n  deckmate match cardmate --a 8 --b random --games 50 --time 1\n  \
deckmate match cardmate --a 4 --b 3 --games 40 --time 0.2 --out games/\n  \
deckmate match cuarenta --a 8 --b 1 --games 20 --time 0.2\n  \
deckmate match --variant-file variants/chess.toml --a 4 --b 1 --games 10 --time 0.2\n  \
deckmate match --variant-file variants/chess.toml --engine fairy-stockfish --option UCI_LimitStrength=true \\\n    --option UCI_Elo=1500 --level 8 --games 10 --tc 2+0.05\n  \
deckmate match cuarenta --engine \"deckmate uci\" --engine \"deckmate uci\" --option2 \"Skill Level=3\" --sprt 0,50\n\n\
A and B alternate seats; each pair of games starts from the same position.\n\
With --engine and random plies, each pair has a seed (a deal) of its own, the first --seed.\n\
Every game's record is saved in the folder given, as <game>-001.pgn, ...\n",
    );
    for g in GAMES {
        if let Some(t) = g.tools {
            text.push_str(&format!("{}: {}.\n", g.name, t.match_help()));
        }
    }
    text.push_str(
        "A variant file (--variant-file PATH): each pair of games starts from its setup\n\
plus 4 random plies drawn from the seed.\n",
    );
    text
}

/// Arguments of `deckmate match`.
#[derive(Args)]
#[command(
    override_usage = "deckmate match [OPTIONS] <GAME>\n       deckmate match [OPTIONS] --variant-file <PATH>"
)]
#[command(after_help = after_help())]
pub struct MatchArgs {
    /// The game (a board game).
    #[arg(value_parser = GameArg::new("match", |g| g.tools.is_some(), no_board_hint), required_unless_present = "variant_file")]
    game: Option<&'static GameEntry>,
    /// Play the variant of this TOML file instead of a built-in game (docs/variant-files.md).
    #[arg(long, value_name = "PATH", conflicts_with = "game")]
    variant_file: Option<String>,
    /// Player A: a level 1-8 or `random`.
    #[arg(long, required_unless_present = "engine", conflicts_with = "engine")]
    a: Option<PlayerSpec>,
    /// Player B: a level 1-8 or `random`.
    #[arg(long, required_unless_present = "engine", conflicts_with = "engine")]
    b: Option<PlayerSpec>,
    /// An outside UCI engine's command (`fairy-stockfish`, `"./engine
    /// --flag"`): A, against deckmate's own engine as B; a second
    /// --engine is B in its place.
    #[arg(long, value_name = "CMD")]
    engine: Vec<String>,
    #[command(flatten)]
    outside: super::engine_match_args::EngineMatchArgs,
    /// Number of games.
    #[arg(long, default_value = "10", value_parser = clap::value_parser!(u32).range(1..))]
    games: u32,
    /// Seconds per move for engine players (above 0, below 3600).
    #[arg(long, default_value = "1", value_parser = super::options::move_seconds)]
    time: f64,
    /// Seed of the starts and players.
    #[arg(long, default_value = "1")]
    seed: u64,
    /// Folder for the records (created if needed).
    #[arg(long, default_value = "match-games")]
    out: String,
}

/// Runs the match.
pub fn run(args: MatchArgs) -> Result<ExitCode, String> {
    let game = crate::variant_arg::game_of(args.game, args.variant_file.as_deref())?;
    let Some(tools) = game.tools else {
        return Err(format!("'match' does not support {}", game.key));
    };
    if !args.engine.is_empty() {
        return super::engine_match_args::run(
            game,
            &args.engine,
            &args.outside,
            args.variant_file.as_deref(),
            args.games,
            args.seed,
            &args.out,
        );
    }
    let (Some(a), Some(b)) = (args.a, args.b) else {
        return Err("give --a and --b (levels), or --engine".to_string());
    };
    std::fs::create_dir_all(&args.out).map_err(|e| format!("cannot create {}: {e}", args.out))?;
    let settings = MatchSettings {
        a,
        b,
        games: args.games,
        time: Duration::from_secs_f64(args.time),
        seed: args.seed,
        max_plies: MAX_PLIES,
    };
    let mut save_err = None;
    let r = tools.play_match(&settings, &mut |i, g| {
        on_game(&args.out, game, &settings.a, i, g, &mut save_err)
    })?;
    finish(save_err, &settings.a, &settings.b, &r, &args.out)
}

/// Saves a finished game's record (`OUT/<game>-001.pgn`) and prints its
/// line.
fn on_game(
    out: &str,
    game: &GameEntry,
    a: &PlayerSpec,
    i: u32,
    g: &GameResult,
    save_err: &mut Option<String>,
) {
    let path = format!("{out}/{}-{:03}.pgn", game.key, i + 1);
    if let Err(e) = std::fs::write(&path, g.record.to_string()) {
        *save_err = Some(format!("cannot write {path}: {e}"));
    }
    let result = g.record.result.clone().unwrap_or_default();
    let reason = g.record.tag("Termination").unwrap_or("");
    let seat = game.seat_names[usize::from(!g.a_first)];
    outln!(
        "game {:3}: A ({a}) as {seat}: {result} {reason} ({} plies)",
        i + 1,
        g.record.moves.len()
    );
}

/// Reports a write error, or prints the match's score and Elo.
fn finish(
    save_err: Option<String>,
    a: &PlayerSpec,
    b: &PlayerSpec,
    r: &MatchScore,
    out: &str,
) -> Result<ExitCode, String> {
    if let Some(e) = save_err {
        return Err(e);
    }
    outln!();
    outln!(
        "A ({a}) vs B ({b}): +{} ={} -{}  score {:.1}%  {}",
        r.wins,
        r.draws,
        r.losses,
        100.0 * r.score(),
        elo_text(r)
    );
    outln!("records in {out}/");
    Ok(ExitCode::SUCCESS)
}

/// Fewer games than this give no error margin: the normal approximation
/// it comes from means little over a handful of games.
pub const MARGIN_MIN_GAMES: u32 = 10;

/// The Elo difference for a score fraction strictly between 0 and 1.
fn elo_of(score: f64) -> f64 {
    // + 0.0 turns -0 into 0.
    -400.0 * (1.0 / score - 1.0).log10() + 0.0
}

/// The Elo difference A - B in words, with its 95% margin when the games
/// give one: `Elo +35 +- 60`; otherwise what they do say (too few games,
/// a one-sided bound when one side won every game, no spread when every
/// game was drawn), never a margin of 0 for an estimate that is not one.
pub fn elo_text(r: &MatchScore) -> String {
    let n = r.wins + r.draws + r.losses;
    if n == 0 {
        return "Elo: no games".to_string();
    }
    let every = if r.wins == n {
        Some("A won every game")
    } else if r.losses == n {
        Some("B won every game")
    } else if r.draws == n {
        Some("every game drawn")
    } else {
        None
    };
    if n < MARGIN_MIN_GAMES {
        return match every {
            Some(what) if r.draws != n => format!("Elo: too few games for an estimate ({what})"),
            _ => format!("Elo {:+.0}, too few games for a margin", elo_of(r.score())),
        };
    }
    match every {
        // All n games won: the score is above 0.05^(1/n) with 95%
        // confidence (the one-sided exact bound for n successes in n).
        Some(what) if r.wins == n => format!(
            "Elo above {:+.0} (95%; {what}, so no estimate)",
            elo_of(0.05f64.powf(1.0 / f64::from(n)))
        ),
        Some(what) if r.losses == n => format!(
            "Elo below {:+.0} (95%; {what}, so no estimate)",
            -elo_of(0.05f64.powf(1.0 / f64::from(n)))
        ),
        Some(what) => format!("Elo +0, no margin ({what})"),
        None => {
            let p = r.score();
            let games = f64::from(n);
            let var = (f64::from(r.wins) * (1.0 - p).powi(2)
                + f64::from(r.draws) * (0.5 - p).powi(2)
                + f64::from(r.losses) * p.powi(2))
                / games;
            let half = 1.96 * (var / games).sqrt();
            let (lo, hi) = (p - half, p + half);
            let elo = elo_of(p);
            match (lo > 0.0, hi < 1.0) {
                (true, true) => {
                    let margin = (elo_of(hi) - elo_of(lo)) / 2.0;
                    if margin < 0.5 {
                        format!("Elo {elo:+.0} +- <1")
                    } else {
                        format!("Elo {elo:+.0} +- {margin:.0}")
                    }
                }
                (true, false) => format!("Elo {elo:+.0} (95%: above {:+.0})", elo_of(lo)),
                (false, true) => format!("Elo {elo:+.0} (95%: below {:+.0})", elo_of(hi)),
                (false, false) => format!("Elo {elo:+.0}, too few games for a margin"),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn result(wins: u32, draws: u32, losses: u32) -> MatchScore {
        MatchScore {
            wins,
            draws,
            losses,
            games: Vec::new(),
        }
    }

    #[test]
    fn a_perfect_or_null_score_gives_a_bound_not_plus_minus_0() {
        // Before: "Elo +1200 +- 0".
        assert_eq!(
            elo_text(&result(2, 0, 0)),
            "Elo: too few games for an estimate (A won every game)"
        );
        assert_eq!(
            elo_text(&result(0, 0, 3)),
            "Elo: too few games for an estimate (B won every game)"
        );
        // 0.05^(1/50) = 0.9418: above +484.
        assert_eq!(
            elo_text(&result(50, 0, 0)),
            "Elo above +484 (95%; A won every game, so no estimate)"
        );
        assert_eq!(
            elo_text(&result(0, 0, 50)),
            "Elo below -484 (95%; B won every game, so no estimate)"
        );
    }

    #[test]
    fn draws_only_or_few_games_give_no_margin() {
        // Before: "Elo -0 +- 0".
        assert_eq!(
            elo_text(&result(0, 2, 0)),
            "Elo +0, too few games for a margin"
        );
        assert_eq!(
            elo_text(&result(0, 20, 0)),
            "Elo +0, no margin (every game drawn)"
        );
        assert_eq!(
            elo_text(&result(1, 1, 0)),
            "Elo +191, too few games for a margin"
        );
        assert_eq!(elo_text(&result(0, 0, 0)), "Elo: no games");
    }

    #[test]
    fn enough_mixed_games_give_a_margin_or_a_one_sided_bound() {
        // 50%: +- 1.96 * 0.5 / sqrt(20) = 0.219, from 28.1% to 71.9%.
        assert_eq!(elo_text(&result(10, 0, 10)), "Elo +0 +- 163");
        // The engine's figure, where it has one.
        let (_, margin) = result(10, 0, 10).elo();
        assert_eq!(format!("{margin:.0}"), "163");
        // 92.5%: the interval reaches past 100%, only its low end counts.
        assert_eq!(elo_text(&result(18, 1, 1)), "Elo +436 (95%: above +264)");
        assert_eq!(elo_text(&result(1, 1, 18)), "Elo -436 (95%: below -264)");
        for (w, d, l) in [(3, 4, 5), (30, 40, 50), (1, 999, 0), (9, 0, 1)] {
            let text = elo_text(&result(w, d, l));
            assert!(!text.contains("+- 0"), "{text}");
        }
    }
}
