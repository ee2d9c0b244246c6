//! Positions from self-play: the engine at a small fixed depth playing
//! both sides, each game from the setup and a few random plies; the quiet
//! positions of each game kept with its result.

use super::sample::Sample;
use crate::any::AnyPosition;
use crate::eval::{EvalWeights, FairyEval};
use deckmate_engine::search::{Limits, Searcher};
use deckmate_engine::Evaluator;
use deckmate_rules::{Game, Seat, SeededRng};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::mpsc;

/// How the games are played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SelfPlaySettings {
    /// Games to play.
    pub games: u32,
    /// The seed: game `i`'s random plies come from it and `i` alone.
    pub seed: u64,
    /// The engine's depth, each move (fixed: no clock, so the games are
    /// the same on every machine).
    pub depth: u32,
    /// Random legal moves from the setup before the engine plays; the
    /// positions they reach are not kept.
    pub random_plies: u32,
    /// A game still on after this many plies (random ones included) is
    /// counted a draw.
    pub max_plies: u32,
    /// Threads playing games (each game is the same whatever the number).
    pub threads: usize,
}

impl Default for SelfPlaySettings {
    fn default() -> SelfPlaySettings {
        SelfPlaySettings {
            games: 1000,
            seed: 0,
            depth: 3,
            random_plies: 8,
            max_plies: 300,
            threads: 1,
        }
    }
}

/// The transposition table of each game's searcher, in megabytes.
const TT_MB: usize = 2;

/// Plays `settings.games` games of the variant of `start` with the
/// engine at `weights` on both sides and returns the quiet positions (see
/// [`crate::tune`]) with their game's result, game by game in order.
/// `on_game(done, positions)` is called after each game, in order.
pub fn generate(
    start: &AnyPosition,
    weights: &EvalWeights,
    settings: &SelfPlaySettings,
    on_game: &mut dyn FnMut(u32, usize),
) -> Vec<Sample> {
    let eval = FairyEval::with_weights(start.rules(), weights.clone());
    let play = |i: u32| play_game(start, &eval, settings, i);
    let threads = settings.threads.clamp(1, 64);
    let mut out = Vec::new();
    if threads == 1 {
        for i in 0..settings.games {
            out.extend(play(i));
            on_game(i + 1, out.len());
        }
        return out;
    }
    let next = AtomicU32::new(0);
    let (tx, rx) = mpsc::channel();
    let mut done: Vec<Option<Vec<Sample>>> = (0..settings.games).map(|_| None).collect();
    let mut first_missing = 0usize;
    std::thread::scope(|s| {
        for _ in 0..threads {
            let tx = tx.clone();
            let next = &next;
            let play = &play;
            s.spawn(move || loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= settings.games || tx.send((i, play(i))).is_err() {
                    break;
                }
            });
        }
        drop(tx);
        for (i, samples) in rx {
            if let Some(slot) = done.get_mut(i as usize) {
                *slot = Some(samples);
            }
            while let Some(Some(samples)) = done.get_mut(first_missing).map(Option::take) {
                out.extend(samples);
                first_missing += 1;
                on_game(first_missing as u32, out.len());
            }
        }
    });
    out
}

/// The stream of game `i` of a run seeded `seed`.
fn game_rng(seed: u64, i: u32) -> SeededRng {
    SeededRng::new(
        seed.wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .wrapping_add(u64::from(i))
            .rotate_left(17),
    )
}

/// Game `i`: its quiet positions with its result.
fn play_game(
    start: &AnyPosition,
    eval: &FairyEval,
    settings: &SelfPlaySettings,
    i: u32,
) -> Vec<Sample> {
    let mut rng = game_rng(settings.seed, i);
    let mut pos = start.clone();
    let mut moves = Vec::new();
    let mut plies = 0;
    while plies < settings.random_plies {
        moves.clear();
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.below(moves.len() as u64) as usize];
        pos.play_unchecked(m);
        plies += 1;
        if pos.outcome().is_some() {
            // Over before the engine played: nothing to keep.
            return Vec::new();
        }
    }
    let mut searcher = Searcher::new(eval.clone(), TT_MB);
    let limits = Limits {
        depth: Some(settings.depth.max(1)),
        ..Limits::default()
    };
    let mut kept = Vec::new();
    let mut result = 0.5;
    loop {
        if let Some(o) = pos.outcome() {
            result = match o.winner {
                Some(Seat::First) => 1.0,
                Some(Seat::Second) => 0.0,
                None => 0.5,
            };
            break;
        }
        if plies >= settings.max_plies {
            break;
        }
        let found = searcher.search(&pos, &limits, &mut |_| {});
        let Some(best) = found.best else { break };
        if !pos.in_check() && !eval.is_tactical(&pos, best) {
            kept.push(pos.clone());
        }
        pos.play_unchecked(best);
        plies += 1;
    }
    kept.into_iter()
        .map(|position| Sample { position, result })
        .collect()
}
