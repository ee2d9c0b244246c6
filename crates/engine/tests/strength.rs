//! Long self-play checks of the strength targets. They take many
//! minutes: run with `cargo test --release -p deckmate-engine --test
//! strength -- --ignored --nocapture`.

#![allow(clippy::unwrap_used)]

use deckmate_engine::matches::{run, MatchConfig, PlayerSpec};
use std::time::Duration;

fn play(a: PlayerSpec, b: PlayerSpec, games: u32, ms: u64) -> (u32, u32, u32) {
    let cfg = MatchConfig {
        a,
        b,
        games,
        time: Duration::from_millis(ms),
        seed: 7,
        max_plies: 600,
    };
    let r = run(&cfg, |i, g| {
        eprintln!("{a} vs {b} game {}: {:.1}", i + 1, g.score_a)
    })
    .unwrap();
    eprintln!("{a} vs {b}: +{} ={} -{}", r.wins, r.draws, r.losses);
    (r.wins, r.draws, r.losses)
}

#[test]
#[ignore = "long: 50 games at 1 s a move"]
fn level_8_beats_random_49_of_50() {
    let (w, _, _) = play(PlayerSpec::Level(8), PlayerSpec::Random, 50, 1000);
    assert!(w >= 49, "{w}");
}

#[test]
#[ignore = "long: 40 games"]
fn level_8_beats_level_1_80_percent() {
    let (w, d, _) = play(PlayerSpec::Level(8), PlayerSpec::Level(1), 40, 1000);
    assert!(f64::from(w) + f64::from(d) / 2.0 >= 32.0);
}

#[test]
#[ignore = "long: 7 matches of 40 games"]
fn the_ladder_is_monotonic() {
    for lv in 2..=8u8 {
        let (w, d, l) = play(PlayerSpec::Level(lv), PlayerSpec::Level(lv - 1), 40, 300);
        assert!(w > l, "level {lv}: +{w} ={d} -{l}");
    }
}
