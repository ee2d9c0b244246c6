//! Playing strength on Cuarenta (slow: `cargo test --release -p
//! deckmate-games --test games cuarenta_strength -- --ignored`).

use deckmate_engine::{random_player, Player};
use deckmate_games::cuarenta::tools::CuarentaTools;
use deckmate_games::cuarenta::{self, Position};
use deckmate_games::registry::EngineHook;
use deckmate_rules::{Game, Seat};
use std::time::Duration;

/// Plays one game; returns the winner (None: a draw).
fn play(white: &mut dyn Player<Position>, black: &mut dyn Player<Position>) -> Option<Seat> {
    let mut p = cuarenta::start_position();
    loop {
        if let Some(end) = p.end_state() {
            return end.winner;
        }
        let m = match p.side_to_move() {
            Seat::First => white.choose(&p),
            Seat::Second => black.choose(&p),
        };
        match m {
            Some(m) => p.play_unchecked(m),
            None => return p.end_state().and_then(|e| e.winner),
        }
    }
}

/// Points (win 1, draw 1/2) of the first player over `games`, alternating
/// colours.
fn score(
    games: u64,
    mut a: impl FnMut(u64) -> Box<dyn Player<Position>>,
    mut b: impl FnMut(u64) -> Box<dyn Player<Position>>,
) -> f64 {
    let mut points = 0.0;
    for g in 0..games {
        let (mut pa, mut pb) = (a(g), b(g));
        let a_seat = if g % 2 == 0 {
            Seat::First
        } else {
            Seat::Second
        };
        let winner = if a_seat == Seat::First {
            play(pa.as_mut(), pb.as_mut())
        } else {
            play(pb.as_mut(), pa.as_mut())
        };
        points += match winner {
            Some(w) if w == a_seat => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        };
    }
    points
}

#[test]
#[ignore]
fn level_8_beats_random() {
    let t = Duration::from_millis(100);
    let points = score(
        50,
        |g| CuarentaTools.level_player(8, g, Some(t)),
        |g| random_player(1000 + g),
    );
    assert!(points >= 49.0, "{points}/50");
}

#[test]
#[ignore]
fn level_8_beats_level_1() {
    let t = Duration::from_millis(200);
    let points = score(
        40,
        |g| CuarentaTools.level_player(8, g, Some(t)),
        |g| CuarentaTools.level_player(1, 500 + g, Some(t)),
    );
    assert!(points >= 32.0, "{points}/40");
}
