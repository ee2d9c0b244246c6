//! Dealer's Chess's evaluation weights fitted to game results (Texel's
//! method): self-play games at a fixed node budget per move, each from its
//! own deal (a seed a game, both armies arranged `random`), give positions
//! and results; the weights that best predict each result from its
//! position's evaluation (a logistic curve, least squares) are printed.
//!
//! ```sh
//! cargo run --release -p deckmate-measure --bin dealers_texel -- gen GAMES NODES SEED > samples.txt
//! cargo run --release -p deckmate-measure --bin dealers_texel -- fit samples.txt [ITERATIONS [MASK]]
//! ```
//!
//! A sample is a position (D14's string, which reads back as the same
//! position under the default options) after the first plies whose side
//! to move is not in check and whose engine move is quiet (no capture, no
//! promotion): a position the static evaluation should judge alone.
//!
//! The armies are dealt at random from the catalogue's cards, so no kind
//! has a weight of its own: the columns are the evaluation's terms
//! ([`deckmate_games::dealers::eval::columns`]), each weight a scale.

use deckmate_engine::{Evaluator, Player};
use deckmate_games::dealers::bench::dealt_start;
use deckmate_games::dealers::eval::{columns, DealersWeights, NAMES};
use deckmate_games::dealers::record::GameSpec;
use deckmate_games::dealers::tools::DealersTools;
use deckmate_games::dealers::{Catalogue, DealersEval, PlayOptions, Position};
use deckmate_games::registry::EngineHook;
use deckmate_measure::texel;
use deckmate_rules::{Game, Seat, SeededRng};

/// Random plies before the engines play (the deal varies the games too).
const OPENING_PLIES: u32 = 4;

/// Game `i`'s samples (position strings) and its result for White: the
/// deal of seed `seed * 1_000_003 + i`, a few random plies, then the
/// engine at `nodes` a move for both sides.
fn game(seed: u64, i: u64, nodes: u64) -> Result<(Vec<String>, f64), String> {
    let spec = GameSpec {
        seed: seed.wrapping_mul(1_000_003).wrapping_add(i),
        ..GameSpec::default()
    };
    let (g, _) = dealt_start(&spec)?;
    let mut pos: Position = g
        .position()
        .cloned()
        .ok_or_else(|| "the arrangements made no start".to_string())?;
    let mut rng = SeededRng::new(spec.seed ^ 0x5EED);
    let mut moves = Vec::new();
    for _ in 0..OPENING_PLIES {
        moves.clear();
        Game::legal_moves(&pos, &mut moves);
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.below(moves.len() as u64) as usize];
        pos.play_unchecked(m);
    }
    let mut white = DealersTools.fixed_player(0, Some(nodes));
    let mut black = DealersTools.fixed_player(0, Some(nodes));
    let mut samples = Vec::new();
    let mut plies = 0;
    while pos.end_state().is_none() && plies < 400 {
        let m = match pos.side_to_move() {
            Seat::First => white.choose(&pos),
            Seat::Second => black.choose(&pos),
        };
        let Some(m) = m else { break };
        let quiet = !DealersEval.is_tactical(&pos, m);
        if quiet && !pos.in_check(pos.side_to_move()) && plies >= 4 {
            samples.push(pos.text());
        }
        pos.play_unchecked(m);
        plies += 1;
    }
    let result = texel::result_for_first(pos.end_state().and_then(|e| e.winner));
    Ok((samples, result))
}

/// Fits the weights whose `free` entry is true (the others keep their
/// defaults).
fn fit(path: &str, iterations: usize, free: &[bool]) -> Result<(), String> {
    let catalogue = Catalogue::builtin();
    let data = texel::read_samples(path, |p| {
        let pos =
            Position::from_text(p, catalogue, PlayOptions::default()).map_err(|e| e.to_string())?;
        if pos.text() != p {
            return Err(format!("reads back as {}", pos.text()));
        }
        Ok(columns(&pos))
    })?;
    let w0 = DealersWeights::default().to_vec();
    texel::fit_and_report(&NAMES, &w0, &data, &texel::Fit::new(free, iterations));
    Ok(())
}

/// The usage line.
const USAGE: &str =
    "usage: dealers_texel gen [GAMES [NODES [SEED]]] | fit FILE [ITERATIONS [MASK]]";

fn run(args: &[String]) -> Result<(), String> {
    match texel::command(args, USAGE, NAMES.len(), 5000)? {
        texel::Command::Gen { games, nodes, seed } => {
            texel::generate(games, |i| game(seed, i, nodes))
        }
        texel::Command::Fit {
            path,
            iterations,
            free,
            ..
        } => fit(path, iterations, &free),
    }
}

fn main() {
    texel::main(run);
}
