//! Long self-play checks of the strength targets. They take many
//! minutes: run with `cargo test --release -p deckmate-games --test
//! games cardmate_strength -- --ignored --nocapture --test-threads 1`.
//!
//! Environment: `DECKMATE_TIME_SCALE` (default 1) scales every time per
//! move (the ladder uses each level's own time times 0.25 times this), and
//! `DECKMATE_MATCH_THREADS` (default 1) plays that many games at once.

#![allow(clippy::unwrap_used)]

use deckmate_engine::matches::PlayerSpec;
use deckmate_games::cardmate::matches::{run_match_with, MatchOptions};
use std::time::Duration;

fn env_f64(name: &str, default: f64) -> f64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn play(a: PlayerSpec, b: PlayerSpec, games: u32, time: Option<f64>) -> (u32, u32, u32) {
    let scale = env_f64("DECKMATE_TIME_SCALE", 1.0);
    let opts = MatchOptions {
        games,
        time: time.map(|t| Duration::from_secs_f64(t * scale)),
        time_scale: 0.25 * scale,
        seed: 7,
        threads: env_f64("DECKMATE_MATCH_THREADS", 1.0) as usize,
        ..MatchOptions::default()
    };
    let r = run_match_with(&a, &b, &opts, |i, g| {
        eprintln!(
            "{a} vs {b} game {}: {:.1} ({} plies, {})",
            i + 1,
            g.score_a,
            g.record.moves.len(),
            g.record.tag("Termination").unwrap_or("")
        )
    })
    .unwrap();
    let (elo, margin) = r.elo();
    eprintln!(
        "{a} vs {b}: +{} ={} -{}  {:.1}%  Elo {elo:+.0} +- {margin:.0}",
        r.wins,
        r.draws,
        r.losses,
        100.0 * r.score()
    );
    (r.wins, r.draws, r.losses)
}

#[test]
#[ignore = "long: 50 games at 1 s a move"]
fn level_8_beats_random_49_of_50() {
    let (w, _, _) = play(PlayerSpec::Level(8), PlayerSpec::Random, 50, Some(1.0));
    assert!(w >= 49, "{w}");
}

#[test]
#[ignore = "long: 40 games at 1 s a move"]
fn level_8_beats_level_1_80_percent() {
    let (w, d, _) = play(PlayerSpec::Level(8), PlayerSpec::Level(1), 40, Some(1.0));
    assert!(f64::from(w) + f64::from(d) / 2.0 >= 32.0);
}

/// One rung of the ladder: `lv` against `lv - 1`, 40 games at a quarter
/// of each level's own time, must score more than 50%.
fn rung(lv: u8) {
    let (w, d, l) = play(PlayerSpec::Level(lv), PlayerSpec::Level(lv - 1), 40, None);
    assert!(w > l, "level {lv} vs {}: +{w} ={d} -{l}", lv - 1);
}

macro_rules! ladder {
    ($($name:ident => $lv:expr),* $(,)?) => {$(
        #[test]
        #[ignore = "long: 40 games at a quarter of each level's time"]
        fn $name() {
            rung($lv);
        }
    )*};
}

// The ladder is monotonic: each level scores more than 50% against the one
// below. Run one rung with e.g. `... --ignored ladder_7_over_6`.
ladder! {
    ladder_2_over_1 => 2,
    ladder_3_over_2 => 3,
    ladder_4_over_3 => 4,
    ladder_5_over_4 => 5,
    ladder_6_over_5 => 6,
    ladder_7_over_6 => 7,
    ladder_8_over_7 => 8,
}
